/* Construct: modelled C library calls (strlen, strcmp, strncmp, strcpy, memset, memcmp, memmove) and unmodelled ones (strchr, atoi). */
#include <string.h>
#include <stdlib.h>

int f(char *s, char *t)
{
    char buf[8];
    if (strlen(s) >= sizeof buf)
        return -1;
    strcpy(buf, s);
    memset(buf + 1, 'x', 1);
    if (strcmp(buf, "ax") == 0)
        return 1;
    if (strncmp(s, t, 2) == 0 && memcmp(s, t, 1) == 0)
        return 2;
    memmove(buf, buf + 1, 2);
    if (strchr(s, 'q') != NULL || atoi(t) == 42)
        return 3;
    return 0;
}
