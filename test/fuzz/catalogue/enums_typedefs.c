/* Construct: enums (explicit values, negative, used as switch labels and array sizes) and layered typedefs. */
enum color { RED = -1, GREEN, BLUE = 5, LAST };
typedef enum color color_t;
typedef color_t palette[LAST];
typedef int (*handler)(color_t);
typedef struct { color_t c; palette p; } shade;

static int weight(color_t c)
{
    switch (c) {
    case RED: return 1;
    case GREEN: return 2;
    case BLUE: return 3;
    default: return 0;
    }
}

int f(color_t c)
{
    handler h = weight;
    shade s = { c, { RED } };
    if (h(s.c) == 3 && sizeof(palette) == 6 * sizeof(color_t))
        return 1;
    return 0;
}
