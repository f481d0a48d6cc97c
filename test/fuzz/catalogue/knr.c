/* Construct: K&R (old-style) definitions, implicit int in parameter declarations, a call without prototype. */
int add(a, b)
    int a;
    int b;
{
    return a + b;
}

long scale(x, k)
    short x;
    char k;
{
    return (long)x * k;
}

int f(x)
    int x;
{
    if (add(x, 3) == 10)
        return 1;
    if (scale(x, 2) == 8)
        return 2;
    return 0;
}
