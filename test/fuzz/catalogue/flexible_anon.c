/* Construct: flexible array members, anonymous structs and unions, and a struct with a pointer to its own kind of flexible struct. */
#include <stdlib.h>

struct msg { int len; struct { short tag; union { int i; float f; }; }; char body[]; };

int f(int n, int tag)
{
    struct msg *m;
    if (n < 1 || n > 8)
        return -1;
    m = malloc(sizeof *m + n);
    if (!m)
        return -2;
    m->len = n;
    m->tag = tag;
    m->i = 0;
    m->body[n - 1] = 'z';
    if (m->tag == 7 && m->body[n - 1] == 'z' && n == 3) {
        free(m);
        return 1;
    }
    free(m);
    return 0;
}
