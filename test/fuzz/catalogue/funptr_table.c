/* Construct: a table of function pointers indexed by an input (a dispatch table), and a struct of callbacks. */
typedef int (*binop)(int, int);
static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static const binop table[3] = { add, sub, mul };

struct ops { binop first; binop second; };

int f(unsigned op, int a, int b)
{
    struct ops o = { table[0], table[2] };
    if (op >= 3)
        return -1;
    if (table[op](a, b) == 12 && o.second(a, 2) == 8)
        return 1;
    return 0;
}
