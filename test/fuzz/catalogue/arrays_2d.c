/* Construct: two-dimensional arrays (a matrix parameter, row pointers, an array of strings). */
static const char *names[] = { "zero", "one", "two" };

int trace(int m[3][3])
{
    return m[0][0] + m[1][1] + m[2][2];
}

int f(int m[3][3], int i)
{
    int (*row)[3] = &m[1];
    if (i < 0 || i > 2)
        return -1;
    if (trace(m) == 6 && (*row)[i] == names[i][1])
        return 1;
    return 0;
}
