/* Construct: main(argc, argv) (argument count and strings as inputs). */
#include <string.h>

int main(int argc, char **argv)
{
    if (argc < 2)
        return 1;
    if (strcmp(argv[1], "go") == 0)
        return 2;
    if (argv[1][0] == '-' && argc > 3)
        return 3;
    return 0;
}
