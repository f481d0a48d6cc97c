/* Construct: loops that may not terminate (while(1) without exit on some path, an unsigned counter that never goes negative, an empty for(;;)). */
int f(int x, unsigned n)
{
    int s = 0;
    for (unsigned i = n; i >= 0; i--) {
        s++;
        if (s > 3)
            break;
    }
    while (1) {
        if (x > 10)
            break;
        if (x < 0)
            continue;
        x += 2;
    }
    if (x == 12)
        return 1;
    for (;;)
        ;
}
