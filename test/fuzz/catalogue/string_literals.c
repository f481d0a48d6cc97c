/* Construct: string literals (indexing, escapes, concatenation, a pointer walk, sizeof). */
int f(int i)
{
    const char *s = "ab\tc\x41" "\101\0z";
    char t[] = "hello";
    int n = 0;
    while (s[n])
        n++;
    if (i >= 0 && i < (int)sizeof t && t[i] == 'l' && n == 6)
        return 1;
    if (sizeof "abc" == 4 && "xyz"[i & 1] == 'y')
        return 2;
    return 0;
}
