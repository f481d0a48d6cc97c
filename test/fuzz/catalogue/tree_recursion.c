/* Construct: recursion over a pointer structure (a binary tree sum, depth), recursion with a pointer out-parameter. */
#include <stddef.h>

struct tree { int v; struct tree *l, *r; };

int sum(struct tree *t)
{
    if (t == NULL)
        return 0;
    return t->v + sum(t->l) + sum(t->r);
}

void depth(struct tree *t, int d, int *max)
{
    if (!t)
        return;
    if (d > *max)
        *max = d;
    depth(t->l, d + 1, max);
    depth(t->r, d + 1, max);
}

int f(struct tree *t)
{
    int m = 0;
    depth(t, 1, &m);
    if (sum(t) == 10 && m == 2)
        return 1;
    return 0;
}
