/* Construct: volatile, register and const qualifiers, casts away const, a pointer to volatile. */
int f(int x)
{
    register int r = x;
    volatile int v = r * 2;
    const int c = 4;
    int *p = (int *)&c;
    volatile int *pv = &v;
    if (*pv == 10 && c + *p == 8)
        return 1;
    return r;
}
