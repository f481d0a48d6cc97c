/* Construct: assignments in conditions, a while loop over a char * parameter, a do-while with a comma expression. */
int f(const char *s, int n)
{
    int c, count = 0, i = 0;
    while ((c = *s++) != '\0') {
        if (c == 'a')
            count++;
    }
    do
        n--, i++;
    while (n > 0 && i < 3);
    if ((c = count * 2) == 4 && i == 3)
        return 1;
    return c;
}
