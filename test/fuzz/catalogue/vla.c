/* Construct: variable-length arrays (a local VLA, a VLA parameter, sizeof of a VLA). */
int sum(int n, int a[n])
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

int f(int n)
{
    if (n <= 0 || n > 8)
        return -1;
    int v[n];
    for (int i = 0; i < n; i++)
        v[i] = i;
    if (sizeof v == 3 * sizeof(int) && sum(n, v) == 3)
        return 1;
    return 0;
}
