/* Construct: variadic functions (va_list, va_arg of int and double, va_copy). */
#include <stdarg.h>

static int sum(int n, ...)
{
    va_list ap, aq;
    int s = 0;
    va_start(ap, n);
    va_copy(aq, ap);
    for (int i = 0; i < n; i++)
        s += va_arg(ap, int);
    va_end(aq);
    va_end(ap);
    return s;
}

static double avg(int n, ...)
{
    va_list ap;
    double s = 0;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        s += va_arg(ap, double);
    va_end(ap);
    return n ? s / n : 0;
}

int f(int a, int b)
{
    if (sum(3, a, b, 1) == 10)
        return 1;
    if (avg(2, (double)a, 4.0) > 3.0)
        return 2;
    return 0;
}
