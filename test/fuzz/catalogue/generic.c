/* Construct: _Generic selections (on the type of an expression, with default). */
#define kind(x) _Generic((x), int: 1, unsigned: 2, double: 3, char *: 4, default: 0)

int f(int x, double d)
{
    int k = kind(x) + kind(d) * 10 + kind("s") * 100 + kind(1L) * 1000;
    if (x > 0 && k == 431)
        return 1;
    return _Generic(d, float: 2, default: 0);
}
