/* Construct: direct recursion (factorial, Ackermann-like double recursion). */
int fact(int n)
{
    if (n <= 1)
        return 1;
    return n * fact(n - 1);
}

int ack(int m, int n)
{
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

int f(int x)
{
    int r = fact(x);
    if (r == 120)
        return 1;
    if (ack(2, x) == 7)
        return 2;
    return 0;
}
