/* Construct: type punning through a union (float bits as an integer, bytes of an int). */
union pun { float f; unsigned int u; unsigned char b[4]; };

int f(float x)
{
    union pun p;
    p.f = x;
    if ((p.u >> 31) == 1)
        return -1;
    if (p.b[3] == 0x40)
        return 1;
    return 0;
}
