/* Construct: unsigned and long long arithmetic, mixed signedness comparisons, __int128, _Bool. */
#include <stdbool.h>

int f(unsigned long long x, long y, short s)
{
    bool neg = y < 0;
    unsigned __int128 w = (unsigned __int128)x * x;
    if (-1 < 0u)
        return -1;
    if (neg && (unsigned long)y > 100u && s == -1)
        return 1;
    if ((w >> 64) == 1)
        return 2;
    return x == 18446744073709551615ULL;
}
