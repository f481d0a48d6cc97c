/* Construct: malloc, calloc, realloc and free (leaks, use after free, double free, NULL checks). */
#include <stdlib.h>

int f(int n, int k)
{
    int *p = malloc(sizeof(int) * 4);
    int *q;
    if (!p)
        return -1;
    p[0] = n;
    q = calloc(2, sizeof *q);
    if (q && n == 3) {
        free(q);
        q = 0;
    }
    if (k == 1)
        free(p);
    if (k == 2)
        return p[0];
    p = realloc(p, 8 * sizeof(int));
    if (k == 3 && q)
        free(q);
    free(p);
    return q ? q[1] : 0;
}
