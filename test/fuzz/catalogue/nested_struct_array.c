/* Construct: nested structs and arrays (arrays of structs of arrays, a struct pointer parameter). */
struct cell { int v[2]; };
struct row { struct cell c[3]; int n; };
struct grid { struct row r[2]; };

int f(struct grid *g, int i, int j)
{
    if (i < 0 || i > 1 || j < 0 || j > 2)
        return -1;
    g->r[i].c[j].v[1] = g->r[i].n + 1;
    if (g->r[1].c[2].v[1] == 4 && g->r[0].c[0].v[0] == -1)
        return 1;
    return 0;
}
