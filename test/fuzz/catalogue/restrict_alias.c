/* Construct: pointer parameters that may alias each other (an update through one seen through the other) and a restrict pair. */
int f(int *a, int *b, int *restrict c)
{
    *a = 1;
    *b = 2;
    *c = 3;
    if (*a == 2)
        return 1;
    if (a == b + 1)
        return 2;
    return *c;
}
