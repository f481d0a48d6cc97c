/* Construct: sizeof and alignment (of types, expressions without evaluation, arrays, structs with padding, a VLA evaluated by sizeof). */
struct pad { char c; double d; char e; };

int f(int n)
{
    int i = 0;
    int a[10];
    unsigned long s = sizeof(i++) + sizeof a / sizeof a[0] + sizeof(struct pad);
    if (n > 0 && n < 5 && sizeof(int[n]) == 8)
        return 1;
    if (i == 0 && s == 38)
        return 2;
    return 0;
}
