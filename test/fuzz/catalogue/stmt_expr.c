/* Construct: GNU statement expressions and typeof, in conditions and initialisers. */
#define MAX(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })

int f(int x, int y)
{
    int m = MAX(x, y);
    int z = ({ int t = m * 2; if (t > 10) t = 10; t; });
    if (({ int u = z - 1; u == 7; }))
        return 1;
    return m;
}
