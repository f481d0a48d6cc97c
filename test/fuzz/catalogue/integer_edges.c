/* Construct: integer edge cases (signed overflow, INT_MIN / -1, shifts by the width or negative amounts, char and unsigned wrap, conversions). */
#include <limits.h>

int f(int a, int b, unsigned u, signed char c)
{
    unsigned char uc = c;
    long long big = (long long)a * b;
    if (a == INT_MIN && b == -1)
        return a / b;
    if (b >= 0 && b < 40 && (a << b) == 4)
        return 1;
    if (u - 1 > u)
        return 2;
    if ((int)uc == 200 && c < 0)
        return 3;
    if (big > INT_MAX)
        return (int)big;
    return a % b + (u >> b);
}
