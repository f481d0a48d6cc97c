/* Construct: a GNU nested function (a function defined inside another, using the enclosing function's local). */
int f(int x)
{
    int base = 10;
    int add(int y) { return base + y; }
    if (add(x) == 15)
        return 1;
    return 0;
}
