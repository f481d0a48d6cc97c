// Functions of the C library. A call to one without a body in the program is
// not an input of the datum (the compiled test links the real one): the model
// either has a model of it (model/encode.ts `libraryCall`) or treats its
// result as unknown; the harness never replaces it with a stub.

export const LIBC = new Set(
  (
    'abort exit _Exit atexit quick_exit malloc calloc realloc free aligned_alloc memcpy memmove memset memcmp memchr ' +
    'strlen strcpy strncpy strcat strncat strcmp strncmp strchr strrchr strstr strdup strndup strtok strtol strtoul strtoll strtoull strtod strtof ' +
    'atoi atol atoll atof abs labs llabs div ldiv qsort bsearch rand srand printf fprintf sprintf snprintf vprintf vfprintf vsnprintf ' +
    'puts fputs putchar fputc putc getchar fgetc getc fgets scanf fscanf sscanf fopen fclose fread fwrite fflush perror ' +
    'isalpha isdigit isalnum isspace isupper islower isprint ispunct isxdigit toupper tolower ' +
    'sqrt sqrtf fabs fabsf floor floorf ceil ceilf round roundf trunc truncf fmod fmodf pow powf exp expf log logf sin sinf cos cosf tan tanf ' +
    'atan atan2 fmin fmax fminf fmaxf isnan isinf isfinite __assert_fail __assert_perror_fail __assert assert setjmp longjmp signal raise time clock getenv'
  ).split(/\s+/),
);

/** Library functions whose only effect is output: a call whose result is not used changes nothing the model tracks. */
export const OUTPUT_ONLY = new Set('printf fprintf puts fputs putchar fputc putc perror fflush'.split(' '));

export function isLibraryFunction(name: string): boolean {
  return LIBC.has(name) || LIBC.has(name.replace(/^__builtin_/, ''));
}
