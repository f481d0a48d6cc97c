/* Construct: loops made of gotos (a backward goto loop, two gotos entering a cycle at different points, a label on an empty statement). */
int f(int n, int m)
{
    int i = 0, s = 0;
top:
    if (i >= n)
        goto done;
    s += i;
    i++;
    goto top;
done:
    if (m > 0)
        goto b;
a:
    s += 1;
b:
    s += 2;
    if (s < 20 && m-- > 0)
        goto a;
    if (s == 13)
        return 1;
end:;
    return 0;
}
