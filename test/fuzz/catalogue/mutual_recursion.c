/* Construct: mutual recursion (is_even / is_odd), a prototype before the definitions. */
int is_odd(unsigned n);

int is_even(unsigned n)
{
    if (n == 0)
        return 1;
    return is_odd(n - 1);
}

int is_odd(unsigned n)
{
    if (n == 0)
        return 0;
    return is_even(n - 1);
}

int f(unsigned x)
{
    if (is_even(x) && x > 3)
        return 1;
    return 0;
}
