/* Construct: exit and abort on some paths, atexit registration. */
#include <stdlib.h>

static void bye(void) { }

int f(int x)
{
    atexit(bye);
    if (x == 1)
        abort();
    if (x == 2)
        exit(3);
    if (x > 2)
        return 1;
    return 0;
}
