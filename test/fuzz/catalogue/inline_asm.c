/* Construct: inline assembly (basic asm, extended asm with outputs and clobbers, asm goto). */
int f(int x)
{
    int y = x;
    __asm__ volatile ("" ::: "memory");
    asm("nop");
#if defined(__x86_64__)
    __asm__ ("movl %1, %0" : "=r"(y) : "r"(x + 1));
#endif
    if (y == 5)
        return 1;
    return 0;
}
