/* Construct: goto into the body of a loop (irreducible control flow: the loop has two entries). */
int f(int n, int skip)
{
    int i = 0, s = 0;
    if (skip)
        goto inside;
    while (i < n) {
        s += 2;
inside:
        s += 1;
        i++;
    }
    if (s == 7)
        return 1;
    return 0;
}
