/* Construct: function pointers (a parameter, a local, a call through a pointer to pointer). */
static int twice(int x) { return 2 * x; }
static int square(int x) { return x * x; }

int apply(int (*op)(int), int x)
{
    return op(x);
}

int f(int x, int which)
{
    int (*op)(int) = which ? twice : square;
    int (**pp)(int) = &op;
    int r = apply(op, x) + (*pp)(1);
    if (r == 17)
        return 1;
    return 0;
}
