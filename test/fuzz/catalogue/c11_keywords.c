/* Construct: C11 keywords (_Static_assert, _Alignas, _Alignof, _Noreturn, _Atomic, _Thread_local, _Complex). */
#include <stdlib.h>

_Static_assert(sizeof(int) >= 2, "int too small");
static _Thread_local int tls = 3;
static _Atomic int counter;

_Noreturn static void die(void) { exit(1); }

int f(int x, double _Complex z)
{
    _Alignas(16) char buf[4] = { 0 };
    counter += x;
    if (_Alignof(double) == 8 && tls + x == 5)
        return 1;
    if (__real__ z > 2.0)
        return 2;
    if (x < -100)
        die();
    return buf[0];
}
