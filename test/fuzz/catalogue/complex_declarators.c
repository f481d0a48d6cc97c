/* Construct: complex declarators (a function returning a pointer to a function, an array of pointers to functions returning pointers, pointers to arrays). */
static int value = 5;
static int *get(void) { return &value; }
static int *(*getters[2])(void) = { get, get };
static int *(*pick(int i))(void) { return getters[i & 1]; }

int f(int i)
{
    int (*arr)[3];
    int m[2][3] = { { 1, 2, 3 }, { 4, 5, 6 } };
    arr = m;
    if (*pick(i)() == 5 && arr[1][2] == 6 && i == 1)
        return 1;
    return 0;
}
