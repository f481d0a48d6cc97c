/* Construct: many parameters of mixed types (ints, floats, pointers, a struct) and a long condition chain. */
struct small { char c; short s; };

int f(int a, unsigned b, long c, short d, char e, float g, double h, int *p, struct small s, unsigned char i, long long j, _Bool k)
{
    if (a == 1 && b == 2 && c == 3 && d == 4 && e == 5 && g == 6.0f && h == 7.0 && p && *p == 8 && s.c == 9 && s.s == 10 && i == 11 && j == 12 && k)
        return 1;
    return 0;
}
