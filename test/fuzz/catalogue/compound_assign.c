/* Construct: every compound assignment operator, increments in expressions, unsequenced modifications. */
int f(int a, unsigned b)
{
    int i = 1;
    a += 3; a -= 1; a *= 2; a /= 1; a %= 1000;
    b <<= 1; b >>= 2; b &= 0xff; b |= 1; b ^= 3;
    int j = i++ + ++i;
    int k = (i = 2) + i++;
    if (a == 10 && b == 2)
        return 1;
    return j + k;
}
