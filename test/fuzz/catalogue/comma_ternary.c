/* Construct: comma operator, nested conditional expressions, conditional as lvalue through pointers, side effects in conditions. */
int f(int a, int b)
{
    int x = 0, y = 0, *p;
    int t = (x = a, y = b, x + y);
    p = a > b ? &x : &y;
    *p = a > 0 ? b > 0 ? 1 : 2 : b > 0 ? 3 : 4;
    if ((t++, t == 5) && (y += 1, y > 2))
        return 1;
    return *(a ? &x : &y);
}
