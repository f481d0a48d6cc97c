/* Construct: memcpy between objects of different types (double to integer, struct to bytes, int array to struct). */
#include <string.h>

struct pair { int a; int b; };

int f(double d, int x)
{
    unsigned long long bits;
    unsigned char bytes[sizeof(struct pair)];
    int arr[2] = { x, x + 1 };
    struct pair p;
    memcpy(&bits, &d, sizeof bits);
    memcpy(&p, arr, sizeof p);
    memcpy(bytes, &p, sizeof bytes);
    if (bits == 0x3ff0000000000000ULL)
        return 1;
    if (bytes[0] == 7 && p.b == 8)
        return 2;
    return 0;
}
