/* Construct: calls to external functions without bodies (results as inputs), writes through pointers passed to them, and a call through an external function pointer. */
extern int sensor(int channel);
extern void update(int *state);
extern int (*hook)(int);

int f(int c)
{
    int state = c;
    int v = sensor(c);
    update(&state);
    if (v == 42 && state == c)
        return 1;
    if (hook && hook(v) == 1)
        return 2;
    return 0;
}
