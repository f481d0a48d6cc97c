/* Construct: static locals, globals with initialisers (pointers to globals, arrays), extern declarations, tentative definitions. */
int counter;
int counter;
static int table[4] = { 1, 2, 4, 8 };
int *ptr = &table[2];
extern int later;
int later = 3;

int next_id(void)
{
    static int id = 10;
    return id++;
}

int f(int x)
{
    counter += x;
    if (next_id() == 10 && *ptr + later == 7 && counter == 2)
        return 1;
    return 0;
}
