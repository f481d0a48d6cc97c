/* Construct: switch forms (fall-through, nested switch, default in the middle, GNU case ranges, a switch without braces). */
int f(int x, int y)
{
    int r = 0;
    switch (x) {
    case 1:
        r = 1;
    case 2:
        r += 2;
        break;
    default:
        r = -1;
    case 10 ... 20:
        switch (y) {
        case 'a': r = 5; break;
        case 'b': return 6;
        }
        break;
    case -2147483647 - 1:
        return 7;
    }
    switch (y) case 3: r = 30;
    if (r == 30)
        return 1;
    return r;
}
