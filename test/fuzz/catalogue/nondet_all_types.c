/* Construct: every __VERIFIER_nondet_* type (char, short, long, unsigned, float, double, pointer, _Bool) in branches and a while loop over nondet values. */
extern char __VERIFIER_nondet_char(void);
extern short __VERIFIER_nondet_short(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern void *__VERIFIER_nondet_pointer(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void reach_error(void);

int main(void)
{
    unsigned k = 0;
    while (__VERIFIER_nondet_bool()) {
        k += __VERIFIER_nondet_uint() % 3;
        if (k > 6)
            break;
    }
    if (__VERIFIER_nondet_char() == 'c' && __VERIFIER_nondet_short() < -5 && __VERIFIER_nondet_long() > 1L << 40)
        reach_error();
    if (__VERIFIER_nondet_float() > 0.5f && __VERIFIER_nondet_double() < -2.0 && __VERIFIER_nondet_pointer() == 0 && k == 6)
        reach_error();
    return 0;
}
