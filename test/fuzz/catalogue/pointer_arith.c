/* Construct: pointer arithmetic (walks, differences, comparisons, one past the end, pointer to pointer). */
int f(int *a, int n)
{
    int *end = a + 4, *p = a, **pp = &p;
    long d;
    if (n < 0 || n > 4)
        return -1;
    while (*pp < a + n && **pp != 0)
        (*pp)++;
    d = end - p;
    if (p < end && d == 2 && p[-1] == 9)
        return 1;
    return (int)d;
}
