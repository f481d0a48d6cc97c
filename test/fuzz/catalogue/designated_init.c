/* Construct: designated initializers (array indices, nested members, ranges, out-of-order). */
struct in { int a, b; };
struct out { struct in i; int arr[4]; char name[8]; };

int f(int x)
{
    struct out o = { .arr[2] = 5, .i.b = 7, .name = "ab", .i = { .a = 1 } };
    int a[10] = { [9] = 1, [2 ... 4] = 3, [0] = x };
    if (o.i.a + o.i.b == 1 && a[3] == 3)
        return 1;
    if (a[0] == o.arr[2] && o.name[1] == 'b')
        return 2;
    return 0;
}
