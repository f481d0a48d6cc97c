/* Construct: short-circuit operators with side effects and division guarded by the left operand. */
static int calls;
static int bump(int v) { calls++; return v; }

int f(int a, int b)
{
    calls = 0;
    if (b != 0 && a / b == 3 && bump(a) > 5)
        return 1;
    if (a == 0 || bump(b) || (calls == 1 && !a))
        return 2;
    return calls;
}
