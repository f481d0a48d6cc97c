/* Construct: GNU spellings (__const, __volatile__, __inline__, __restrict, __signed__, __attribute__, __extension__, __typeof__, __asm__ labels). */
__extension__ typedef long long ll_t;
typedef int myint __attribute__((aligned(8)));
extern int renamed(int) __asm__("renamed_impl");

static __inline__ int clamp(__const int *__restrict p, __signed__ int lo) __attribute__((always_inline, unused));
static __inline__ int clamp(__const int *__restrict p, __signed__ int lo)
{
    return *p < lo ? lo : *p;
}

__attribute__((noinline)) int f(int x)
{
    __volatile__ int v = x;
    myint m = __extension__ (ll_t)v;
    __typeof__(m) t = clamp(&m, 3);
    if (t == 3 && x < 0)
        return 1;
    return __builtin_expect(t == 9, 0);
}
