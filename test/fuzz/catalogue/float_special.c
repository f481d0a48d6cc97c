/* Construct: floating point specials (NaN, infinities, signed zero, fabs, sqrt, float division by zero, long double). */
#include <math.h>

int f(double x, float y, long double z)
{
    double q = x / 0.0;
    if (isnan(x))
        return 1;
    if (isinf(q) && q < 0 && fabs(x) < 1e-300)
        return 2;
    if (sqrt(x) == 3.0)
        return 3;
    if (1.0 / x == -INFINITY)
        return 4;
    if ((float)x == y && z > 1e4000L)
        return 5;
    return 0;
}
