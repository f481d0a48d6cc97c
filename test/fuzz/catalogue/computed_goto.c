/* Construct: GNU computed goto (labels as values, a jump table of label addresses). */
int f(int op)
{
    static void *targets[] = { &&l_add, &&l_sub, &&l_end };
    int acc = 0, steps = 0;
    if (op < 0 || op > 2)
        return -1;
    goto *targets[op];
l_add:
    acc += 3;
    if (++steps < 3)
        goto *targets[0];
l_sub:
    acc -= 1;
l_end:
    if (acc == 8)
        return 1;
    return acc;
}
