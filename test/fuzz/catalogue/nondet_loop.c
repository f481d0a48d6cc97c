/* Construct: __VERIFIER_nondet_* values in loops, __VERIFIER_assume and reach_error (SV-COMP style). */
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_assume(int);
extern void abort(void);
void reach_error(void) { abort(); }

int main(void)
{
    int sum = 0;
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n < 5);
    for (int i = 0; i < n; i++) {
        unsigned char c = __VERIFIER_nondet_uchar();
        if (__VERIFIER_nondet_bool())
            sum += c;
    }
    if (sum == 300)
        reach_error();
    return 0;
}
