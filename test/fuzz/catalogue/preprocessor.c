/* Construct: the preprocessor (stringizing, token pasting, variadic macros, conditional sections, #line, _Pragma, #pragma, an include guard). */
#ifndef GUARD
#define GUARD
#define STR(x) #x
#define CAT(a, b) a##b
#define FIRST(x, ...) (x)
#define COUNT(...) (sizeof((int[]){__VA_ARGS__}) / sizeof(int))
#pragma GCC diagnostic ignored "-Wunused"
_Pragma("once")

int CAT(fun, ction)(int x)
{
    const char *s = STR(x + 1);
#if defined(__GNUC__) && !defined(NOTHING)
    x += FIRST(2, 3, 4);
#else
    x -= 100;
#endif
#line 500 "elsewhere.c"
    if (x == 7 && s[0] == 'x' && COUNT(1, 2, 3) == 3)
        return 1;
    return 0;
}
#endif
