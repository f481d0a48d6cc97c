/* Construct: pointer casts (char view of an int, int from a pointer and back, void *, a misaligned access, a pointer to a struct's first member). */
#include <stdint.h>

struct hdr { int kind; int size; };

int f(int x, struct hdr *h)
{
    unsigned char *bytes = (unsigned char *)&x;
    uintptr_t addr = (uintptr_t)&x;
    int *back = (int *)addr;
    void *v = h;
    int *first = (int *)v;
    if (bytes[0] == 0x78 && *back == 0x12345678)
        return 1;
    if (*first == 3 && ((struct hdr *)first)->size == 4)
        return 2;
    if (*(int *)((char *)&x + 1) == 0)
        return 3;
    return 0;
}
