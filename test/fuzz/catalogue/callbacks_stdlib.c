/* Construct: library calls taking callbacks and I/O (qsort with a comparator, bsearch, printf, sprintf, puts, getchar). */
#include <stdio.h>
#include <stdlib.h>

static int cmp(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

int f(int a, int b)
{
    int v[3] = { a, b, 1 };
    char out[32];
    qsort(v, 3, sizeof v[0], cmp);
    sprintf(out, "%d", v[0]);
    printf("%s\n", out);
    if (v[0] == 1 && v[2] == 9)
        return 1;
    if (getchar() == 'x')
        return 2;
    return bsearch(&a, v, 3, sizeof v[0], cmp) != NULL;
}
