/* Construct: bit manipulation (masks, rotations, parity by xor folding, sign extension by shifts, a lookup table). */
static const unsigned char popcount4[16] = { 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4 };

unsigned rotl(unsigned x, unsigned k)
{
    return (x << (k & 31)) | (x >> ((32 - k) & 31));
}

int f(unsigned x, int y)
{
    unsigned p = x ^ (x >> 16);
    p ^= p >> 8;
    p ^= p >> 4;
    int ext = (int)((unsigned)y << 24) >> 24;
    if (rotl(x, 8) == 0x12 && (p & 1))
        return 1;
    if (popcount4[x & 15] == 4 && ext == -1)
        return 2;
    return 0;
}
