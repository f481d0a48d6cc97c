/* Construct: C89 implicit int (a function without a return type, an implicit function declaration, `static x;`). */
static counter;

twice(x)
{
    return x * 2;
}

int f(int x)
{
    counter++;
    if (twice(x) == 8)
        return 1;
    return undeclared_function(x);
}
