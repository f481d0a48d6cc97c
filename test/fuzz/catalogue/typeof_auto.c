/* Construct: typeof in declarations, __auto_type, a cast to typeof, a typeof of a function. */
int base(int x) { return x + 1; }

int f(int x)
{
    __typeof__(x) y = x * 2;
    __auto_type z = y + 1L;
    typeof(base) *fp = base;
    if ((typeof(z))fp(y) == 9 && sizeof z == sizeof(long))
        return 1;
    return 0;
}
