/* Construct: floats mixed with ints (int to double, float compared with a double constant, casts back). */
int g(int b)
{
    double d = b;
    if (d < 2.0)
        return 1;
    return 0;
}

int h(float x)
{
    if (x < 2.0)
        return 1;
    if ((int)x == 7)
        return 2;
    return 0;
}

int f(int a, float x, double y)
{
    float z = a / 3.0f;
    long long q = (long long)(y * 2);
    if (z > 1.5f && x != x)
        return 1;
    if (q == 5 && (unsigned char)a == 200)
        return 2;
    return g(a) + h(x);
}
