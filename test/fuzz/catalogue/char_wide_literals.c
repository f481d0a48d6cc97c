/* Construct: character and wide literals (multi-character constants, octal and hex escapes, L"", u8"", u"", U"" strings, wchar_t). */
#include <wchar.h>

int f(int c)
{
    const wchar_t *w = L"w\u00e9";
    const char *u = u8"\u00e9";
    int multi = 'ab';
    if (c == '\x41' || c == '\101')
        return 1;
    if (c == '\0' && w[1] == 0xe9 && (unsigned char)u[0] == 0xc3)
        return 2;
    if (c == multi)
        return 3;
    return sizeof(u"ab") + sizeof(U"ab");
}
