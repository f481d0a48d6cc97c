/* Construct: assert, ACSL requires / ensures / assigns clauses, and an //@ assertion. */
#include <assert.h>

/*@ requires 0 <= n <= 100;
    ensures \result >= n;
    assigns \nothing;
*/
int grow(int n)
{
    int r = n * 2;
    //@ assert r >= 0;
    return r;
}

int f(int x)
{
    int y = grow(x);
    assert(y != 84);
    assert(x < 1000 || y < 0);
    return y;
}
