/* Construct: nested loops with break, continue, do-while, for without parts, and a goto out of two loops. */
int f(int n, int m)
{
    int c = 0;
    for (int i = 0; i < n; i++) {
        int j = 0;
        do {
            if (j == 2)
                continue;
            if (i * j == 6)
                goto out;
            c++;
        } while (++j < m);
        for (;;) {
            if (c > 4)
                break;
            c += 2;
        }
    }
out:
    if (c == 7)
        return 1;
    return 0;
}
