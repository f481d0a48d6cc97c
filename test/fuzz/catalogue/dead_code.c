/* Construct: unreachable code (after return, contradictory conditions, a constant false loop, code after a noreturn call). */
#include <stdlib.h>

int f(int x)
{
    if (x > 5 && x < 3)
        return 1;
    while (0)
        x++;
    if (x * x < 0 && x > -46340 && x < 46340)
        return 2;
    if (x == 9) {
        exit(0);
        return 3;
    }
    return 0;
    x = 4;
}
