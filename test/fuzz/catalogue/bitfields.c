/* Construct: bit-fields (signed, unsigned, unnamed, zero width, assignment truncation). */
struct flags {
    unsigned int ready : 1;
    signed int level : 3;
    unsigned int : 2;
    unsigned int mode : 4;
    unsigned int : 0;
    unsigned int last : 7;
};

int f(int x)
{
    struct flags s = { 0 };
    s.level = x;
    s.mode = x + 20;
    s.ready = 1;
    if (s.level == -3)
        return 1;
    if (s.mode == 4)
        return 2;
    return 0;
}
