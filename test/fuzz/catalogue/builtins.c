/* Construct: GNU builtins (__builtin_alloca, __builtin_expect, __builtin_unreachable, __builtin_popcount, __builtin_clz, __builtin_offsetof, __builtin_types_compatible_p). */
struct s { char c; int i; double d; };

int f(unsigned x)
{
    char *buf = __builtin_alloca(16);
    buf[0] = (char)x;
    if (__builtin_expect(x == 0, 0))
        return -1;
    if (__builtin_popcount(x) == 3 && __builtin_clz(x) == 28)
        return 1;
    if (__builtin_offsetof(struct s, d) == 8 && __builtin_types_compatible_p(int, signed))
        return buf[0];
    if (x == 77)
        __builtin_unreachable();
    return 0;
}
