# 1 "glibc_style.c"
# 1 "<built-in>"
# 1 "<command-line>"
# 1 "/usr/include/stdc-predef.h" 1 3 4
# 1 "<command-line>" 2
# 1 "glibc_style.c"
/* Written for CReach's tests in the style of an SV-COMP task preprocessed
   with an older glibc: GNU keyword spellings, asm labels, attributes after
   declarators, __extension__, mode attributes. */
# 1 "/usr/include/sys/types.h" 1 3 4
typedef unsigned char __u_char;
__extension__ typedef signed long long int __int64_t;
__extension__ typedef unsigned long long int __uint64_t;
typedef int int8_t __attribute__ ((__mode__ (__QI__)));
typedef int int16_t __attribute__ ((__mode__ (__HI__)));
typedef unsigned int u_int8_t __attribute__ ((__mode__ (__QI__)));
typedef int register_t __attribute__ ((__mode__ (__word__)));
typedef __signed__ char __s8;
# 5 "glibc_style.c" 2
# 1 "/usr/include/stdio.h" 1 3 4
typedef struct _IO_FILE FILE;
extern FILE *stdin;
extern int fscanf (FILE *__restrict __stream,
     __const char *__restrict __format, ...) __asm__ ("" "__isoc99_fscanf") ;
extern char *strerror_r (int __errnum, char *__buf, unsigned long __buflen) __asm__ ("" "__xpg_strerror_r") __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__nonnull__ (2)));
extern int sys_nerr __attribute__ ((__deprecated__));
# 6 "glibc_style.c" 2
# 1 "/usr/include/stdlib.h" 1 3 4
extern int atoi (__const char *__nptr)
     __attribute__ ((__nothrow__)) __attribute__ ((__pure__)) __attribute__ ((__nonnull__ (1))) ;
extern __inline __attribute__ ((__gnu_inline__)) int
__attribute__ ((__nothrow__ , __leaf__)) abs_like (int __x)
{
  return __x < 0 ? -__x : __x;
}
extern void *memcpy (void *__restrict __dest,
       __const void *__restrict __src, unsigned long __n)
     __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__nonnull__ (1, 2)));
# 7 "glibc_style.c" 2
# 1 "/usr/include/assert.h" 1 3 4
extern void __assert_fail (__const char *__assertion, __const char *__file,
      unsigned int __line, __const char *__function)
     __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
# 8 "glibc_style.c" 2

extern int __VERIFIER_nondet_int(void);
void reach_error() { ((void) sizeof ((0) ? 1 : 0), __extension__ ({ if (0) ; else __assert_fail ("0", "glibc_style.c", 11, __extension__ __PRETTY_FUNCTION__); })); }

static __inline__ int clamp8(int v) __attribute__ ((__always_inline__));
static __inline__ int clamp8(int v) { int8_t c = v; return c; }

int counter __attribute__ ((__aligned__ (8))) = 0;
static __const int limit = 100;

int narrow(__signed__ int x, unsigned int y)
{
  int8_t a = x;
  u_int8_t b = y;
  int16_t h = x * 300;
  register_t w = 1;
  __typeof__ (x) t = x;
  __volatile__ int v = 2;
  return a + b + h + (int) sizeof w + t + v;
}

int main()
{
  int x = __VERIFIER_nondet_int();
  int __attribute__ ((__unused__)) unused = 0;
  if (clamp8(x) == -56 && x < limit + 200 && abs_like(x) > 10) {
    reach_error();
  }
  ((x != 7) ? (void) (0) : __assert_fail ("x != 7", "glibc_style.c", 36, __extension__ __PRETTY_FUNCTION__));
  return 0;
}
