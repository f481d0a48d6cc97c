/* Construct: compound literals (an array, a struct, a pointer to one, at file scope). */
struct point { int x, y; };
static int *global_cl = (int[]){ 1, 2, 3 };

int norm1(struct point p) { return (p.x < 0 ? -p.x : p.x) + (p.y < 0 ? -p.y : p.y); }

int f(int a)
{
    int *p = (int[]){ a, a + 1, a + 2 };
    struct point *q = &(struct point){ .x = a, .y = 2 };
    if (norm1((struct point){ a, -a }) == 6 && p[2] == 5 && q->y == global_cl[1])
        return 1;
    return 0;
}
