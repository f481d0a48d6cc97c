/* Construct: struct copies (assignment, parameter and return by value, copy of a struct holding an array). */
struct buf { int len; int data[4]; };

static struct buf fill(int v)
{
    struct buf b = { 4, { v, v + 1, v + 2, v + 3 } };
    return b;
}

int f(int v)
{
    struct buf a = fill(v), c;
    c = a;
    c.data[0] = 9;
    struct buf d = c;
    if (a.data[0] == 2 && d.data[0] == 9 && d.data[3] == 5)
        return 1;
    return 0;
}
