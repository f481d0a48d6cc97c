/* Construct: struct parameters and results by value, array parameters with static and qualifiers, pointers to arrays, restrict. */
struct v3 { double x, y, z; };

static struct v3 add(struct v3 a, struct v3 b)
{
    return (struct v3){ a.x + b.x, a.y + b.y, a.z + b.z };
}

int sum4(const int a[static 4])
{
    return a[0] + a[1] + a[2] + a[3];
}

void swap(int *restrict p, int *restrict q)
{
    int t = *p;
    *p = *q;
    *q = t;
}

int f(int a[4], int (*m)[2], struct v3 v)
{
    struct v3 w = add(v, v);
    swap(&a[0], &a[1]);
    if (sum4(a) == 10 && m[1][1] == a[0] && w.y > 3.0)
        return 1;
    return 0;
}
