/* Differential tests of the front end: each function is run compiled by gcc
   (with UBSan, so none of them relies on undefined behaviour) and by the IR
   interpreter on the lowered program; the results must be equal.
   The calls are listed in differential.test.ts. */
#include <limits.h>
#include <string.h>

/* ---- conversions ---- */
long long neg_lt_unsigned(void) { return -1 < 0u; }
long long uchar_of_300(void) { return (unsigned char)300 == 44; }
long long char_ff_negative(void) { return '\xff' < 0; }
long long schar_value(void) { signed char c = (signed char)200; return c; }
long long uchar_value(void) { unsigned char c = (unsigned char)-1; return c; }
long long short_wrap(void) { short s = (short)40000; return s; }
long long ushort_promotes(unsigned short a, unsigned short b) { return a * b; }
long long uchar_arith(unsigned char a, unsigned char b) { return a - b; }
long long schar_cmp_uchar(signed char a, unsigned char b) { return a < b; }
long long int_cmp_uint(int a, unsigned int b) { return a < b; }
long long long_cmp_uint(long a, unsigned int b) { return a < b; }
long long int_cmp_ulong(int a, unsigned long b) { return a < b; }
long long llong_cmp_ulong(long long a, unsigned long b) { return a < b; }
unsigned long long int_plus_uint(int a, unsigned int b) { return a + b; }
unsigned long long int_plus_ulong(int a, unsigned long b) { return a + b; }
long long long_plus_uint(long a, unsigned int b) { return a + b; }
unsigned long long ull_minus(unsigned long long a, unsigned long long b) { return a - b; }
long long uint_div(unsigned int a, int b) { return a / b; }
long long bool_conv(int x) { _Bool b = x; return b; }
long long bool_of_fraction(void) { double d = 0.5; _Bool b = d; return b; }
long long int_of_double(double d) { return (int)d; }
long long uint_of_double(void) { double d = 4000000000.0; unsigned int u = (unsigned int)d; return u; }
long long float_rounding(void) { float f = 16777217; return (long long)f; }
long long double_to_float_to_int(void) { double d = 0.1; float f = (float)d; return f == 0.1; }
long long float_compare(void) { float f = 0.1f; return f == 0.1; }
long long int_to_float_exact(int x) { float f = x; return (long long)f; }
long long mixed_float_int(int a) { return (long long)(a / 2.0 * 3); }
long long char_arith_store(void) { char c = 100; c = c + 100; return c; }
long long enum_values(void) { enum e { A, B = 5, C, D = -2, E }; return A + B * 10 + C * 100 + D * 1000 + E * 10000; }
long long sizeof_types(void) { return sizeof(char) + 10 * sizeof(short) + 100 * sizeof(int) + 1000 * sizeof(long) + 10000 * sizeof(long long) + 100000 * sizeof(void *) + 1000000 * sizeof(double); }
long long char_literals(void) { return '\n' + 1000 * '\0' + 100 * '\101' + 10000 * '\x7f' + 'a' * 1000000LL; }
long long literal_types(void) { return (sizeof 2147483648 == 8) + 10 * (sizeof 0x80000000 == 4) + 100 * (sizeof 1u == 4) + 1000 * (sizeof 1ul == 8) + 10000 * (-2147483648 < 0); }
long long unsigned_wrap_negate(unsigned int x) { return -x; }

/* ---- shifts, division, remainder ---- */
long long shl(int x, int n) { return x << n; }
long long shr_negative(int x, int n) { return x >> n; }
unsigned long long shr_unsigned(unsigned int x, int n) { return x >> n; }
long long shift_char(signed char c) { return c << 4; }
long long shift_long(long x) { return x << 40; }
long long shift_type_is_left(unsigned char c, unsigned long long n) { return sizeof(c << n); }
long long divs(int a, int b) { return a / b; }
long long rems(int a, int b) { return a % b; }
long long div_long_mixed(long a, int b) { return a / b + a % b * 1000; }

/* ---- compound assignment, ++/--, comma, ternary ---- */
long long compound_char(void) { char c = 100; c += 200; return c; }
long long compound_uchar(void) { unsigned char c = 250; c += 10; return c; }
long long compound_short_mul(void) { short s = 300; s *= 300; return s; }
long long compound_uint_sub(void) { unsigned int u = 3; u -= 5; return u; }
long long compound_shift_div_mod(int x) { x <<= 2; x /= 3; x %= 7; x |= 8; x &= 13; x ^= 5; x >>= 1; return x; }
long long compound_float(void) { int i = 10; i *= 2.5; return i; }
long long incdec_in_expr(int x) { int y = x++ + 10; int z = ++x * 2; int w = x--; w -= --x; return y * 1000000 + z * 1000 + w + x * 7; }
long long postinc_char(void) { unsigned char c = 255; c++; return c; }
long long comma(int x) { int y = (x = x + 3, x * 2); return y + x; }
long long ternary_type(int c) { return c ? 1u : -1; }
long long ternary_nested(int a, int b) { return a > b ? a - b : a < b ? b - a : 0; }
long long short_circuit(int x) { int y = 0, z = 0; if ((x > 0 && (y = 5)) || (z = 7)) y = y + 1; return y * 10 + z; }
long long logical_values(int a, int b) { int r = (a && b) + 10 * (a || b) + 100 * !a + 1000 * !!b; return r; }
long long assign_value(int x) { int a, b; a = b = x + 1; return a + b; }

/* ---- control flow ---- */
long long switch_fall(int x) {
  int r = 0;
  switch (x) {
  case 1:
  case 2: r += 1;
  case 3: r += 10; break;
  case 4: r += 100;
  default: r += 1000;
  case 5: r += 10000;
  }
  return r;
}
long long switch_char(char c) { switch (c) { case 'a': return 1; case -1: return 2; default: return 3; } }
long long switch_no_default(unsigned x) { int r = 7; switch (x) { case 0: r = 1; break; case 4000000000u: r = 2; } return r; }
long long loops(int n) {
  int s = 0, i;
  for (i = 0; i < n; i++) { if (i == 3) continue; if (i == 9) break; s += i; }
  while (i > 0) { i -= 2; s += 100; }
  do { s += 1000; } while (s < 0);
  return s;
}
long long gotos(int x) {
  int r = 0;
again:
  r++;
  if (x-- > 0) goto again;
  if (r > 3) goto done;
  r += 100;
done:
  return r;
}
long long nested_loops(int n) { int c = 0; for (int i = 0; i < n; i++) for (int j = i; j < n; j++) if ((i + j) % 3 == 0) c++; return c; }

/* ---- arrays, structs, pointers ---- */
struct point { char tag; int x; double d; short s; };
struct pair { char a, b; };
union u { char c; long l; int i[3]; };
struct nested { struct pair p[3]; long n; };
long long sizeof_structs(void) { return sizeof(struct point) + 100 * sizeof(struct pair) + 10000 * sizeof(union u) + 1000000 * sizeof(struct nested); }
long long sizeof_arrays(void) { int a[7]; char s[] = "hello"; struct point ps[3]; return sizeof a + 100 * sizeof s + 10000 * sizeof ps + 1000000 * (sizeof a / sizeof a[0]); }
long long local_array_init(void) { int a[5] = {1, 2}; int b[] = {[3] = 7, 8}; return a[0] + a[1] * 10 + a[4] * 100 + sizeof b / sizeof b[0] * 1000 + b[4] * 10000 + b[0]; }
long long string_init(void) { char s[8] = "ab\x01"; return s[0] + s[1] * 1000 + s[2] * 1000000 + s[7]; }
long long struct_init(void) { struct point p = {'x', 5, 1.5, -3}; struct point q = {.x = 9}; return p.tag + p.x * 1000 + (long long)(p.d * 2) * 100000 + p.s + q.x * 10000000 + q.tag + q.s; }
long long nested_init(void) { struct nested n = {{{1, 2}, {3}}, 9}; return n.p[0].a + n.p[0].b * 10 + n.p[1].a * 100 + n.p[1].b * 1000 + n.p[2].a + n.n * 10000; }
long long matrix(void) { int m[3][4] = {{1, 2, 3, 4}, {5, 6}, {9}}; int s = 0; for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) s = s * 3 + m[i][j]; return s; }
static void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
long long pointers_swap(int x, int y) { swap(&x, &y); return x * 1000 + y; }
long long pointer_walk(void) { int a[6] = {3, 1, 4, 1, 5, 9}; int *p = a, *end = a + 6; long long s = 0; while (p < end) s = s * 10 + *p++; return s + (end - a) * 10000000; }
long long struct_pointer(void) { struct point p; struct point *q = &p; q->x = 4; q->tag = 'z'; (*q).s = 7; return p.x + p.tag * 10 + p.s * 10000; }
long long struct_copy(void) { struct pair a = {1, 2}, b; b = a; a.a = 5; return a.a * 100 + b.a * 10 + b.b; }
long long array_of_struct(int i) { struct pair ps[4] = {{1, 2}, {3, 4}, {5, 6}, {7, 8}}; struct pair *p = &ps[i]; return p->a * 10 + p[1].b; }
long long pointer_to_pointer(void) { int x = 1, y = 2; int *p = &x; int **pp = &p; **pp = 10; *pp = &y; **pp += 5; return x * 100 + y; }
long long index_commuted(void) { int a[3] = {4, 5, 6}; return 1[a] + 2[a] * 10; }
long long char_array_index(int i) { char s[] = "xyz"; return s[i] + (s[3] == 0) * 1000; }

/* ---- functions, statics, globals ---- */
static int counter(void) { static int n = 10; return n++; }
long long statics(void) { counter(); counter(); return counter(); }
int g_arr[4] = {1, 2, 3};
struct pair g_pair = {'a', 'b'};
const char g_str[] = "hi";
int g_scalar = -5;
long long globals(void) { g_arr[3] += g_scalar; return g_arr[0] + g_arr[2] * 10 + g_arr[3] * 100 + g_pair.b * 1000 + g_str[1] * 1000000; }
static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
long long recursion(int n) { return fact(n); }
static long long add3(char a, short b, long long c) { return a + b + c; }
long long call_conversions(int x) { return add3(x, x * 1000, x * 1000000LL); }
static int apply(int (*f)(int), int v) { return f(v); }
static int twice(int v) { return 2 * v; }
long long function_pointer(int x) { return apply(twice, x) + apply(&twice, 1); }
static unsigned char ret_conv(int x) { return x; }
long long return_conversion(int x) { return ret_conv(x); }

/* ---- integer to float rounding (once, to nearest even) ---- */
unsigned long long ull_to_float(unsigned long long x) { float f = x; return (unsigned long long)f; }
long long ll_to_float(long long x) { float f = x; return (long long)f; }

/* ---- typedef names that tree-sitter cannot tell from variables ---- */
typedef int T_int;
typedef struct { int a; } S_anon;
long long typedef_casts(int y) {
  T_int * x;
  T_int z = 3;
  x = &z;
  S_anon s = { 4 };
  int n = sizeof(T_int) + sizeof(S_anon) + sizeof (T_int) * 2;
  T_int w = (T_int)-1 + (T_int)(y) + (T_int)+2;
  T_int *p = (T_int*)x;
  return *x + s.a + n * 100 + w * 10000 + *p + (T_int)*p * 1000000;
}
/* The decimal lies just above the midpoint of 1 and the next float, but rounds to that midpoint in double. */
long long float_literal_rounding(void) { float f = 1.0000000596046448f; float g = 1.0000000596046447f; return (f > 1.0f) * 10 + (g > 1.0f); }
struct bits1 { int a : 3; int b : 5; char c; int d : 20; unsigned : 0; short e; };
struct bits2 { char a; int b : 31; int c : 2; };
struct bits3 { char a : 4; char b : 6; long long c : 40; };
union ubits { int a : 12; char b[3]; };
long long sizeof_bitfields(void) { return sizeof(struct bits1) + 100 * sizeof(struct bits2) + 10000 * sizeof(struct bits3) + 1000000 * sizeof(union ubits) + 100000000LL * __alignof__(struct bits3); }

/* ---- structs by value ---- */
static struct pair make_pair(int a) { struct pair p = {a, a + 1}; return p; }
static int sum_pair(struct pair p) { p.a += 100; return p.a + p.b; }
long long struct_by_value(int a) { struct pair q = make_pair(a); int s = sum_pair(q); return q.a * 10000 + q.b * 1000 + s + make_pair(a + 1).b * 100000; }
static int (*const ops[2])(int) = { twice, fact };
long long function_pointer_table(int i) { return ops[i & 1](5); }

/* ---- layout attributes, C11 keywords ---- */
struct __attribute__((packed)) packed1 { char c; int i; short s; };
struct packed2 { char c; int i __attribute__((aligned(8))); } __attribute__((packed));
struct aligned1 { char c; } __attribute__((aligned(16)));
struct withpacked { char c; struct packed1 p; };
_Static_assert(sizeof(int) == 4, "int is 32 bits");
static _Thread_local int tls_counter = 5;
long long layout_attributes(void) {
  _Static_assert(sizeof(struct packed1) == 7, "packed");
  tls_counter++;
  return sizeof(struct packed1) + 100 * sizeof(struct packed2) + 10000 * sizeof(struct aligned1) + 1000000 * sizeof(struct withpacked)
    + 100000000LL * _Alignof(struct aligned1) + 10000000000LL * tls_counter;
}
#include <stddef.h>
long long offsets(void) { return offsetof(struct point, d) * 100 + offsetof(struct nested, n); }

/* ---- initialisers: brace elision, designators, strings in aggregates, address constants ---- */
struct named { char name[4]; int v; };
struct named g_named[2] = { "ab", 3, { "xyz", 4 } };
int *g_ptr = &g_arr[2];
const char *g_msg = "hey";
int g_desig[5] = { [1] = 10, [3] = 30, 40 };
long long init_elision(void) {
  int m[2][2] = { 1, 2, 3 };
  struct pair ps[2] = { 1, 2, 3 };
  struct nested n = { .p[1].b = 7, .n = 9 };
  static int st[3] = { 5, 6 };
  st[2]++;
  return m[0][0] + m[0][1] * 10 + m[1][0] * 100 + m[1][1] * 1000 + ps[1].a * 10000 + ps[1].b * 100000 + n.p[1].b * 1000000
    + n.n * 10000000 + n.p[0].a + st[2] * 100000000LL + st[1] * 1000000000LL;
}
long long global_inits(void) {
  return g_named[0].name[1] + g_named[0].v * 1000 + g_named[1].name[2] * 10000 + g_named[1].v * 10000000 + *g_ptr * 100000000LL
    + g_msg[2] * 10000000000LL + g_desig[4] * 1000000000000LL + g_desig[1];
}

/* ---- IEEE-754 ---- */
long long float_specials(double z) {
  double inf = 1.0 / z, nan = z / z, nz = -z;
  float big = (float)1e300;
  return (nan != nan) + 10 * (nan < 1.0) + 100 * (inf > 1e308) + 1000 * (1.0 / nz < 0) + 10000 * (big > 3e38f) + 100000 * (nz == 0.0);
}
long long float_ops(float a, double b) {
  float f = a / 3.0f;
  double d = b * 1e-3;
  f += 0.1f;
  d -= f;
  return (long long)(f * 1e6f) * 1000000000LL + (long long)(d * 1e6);
}
long long float_to_unsigned(double d) { unsigned char c = (unsigned char)d; unsigned u = (unsigned)d; return c * 100000LL + u; }
long long bool_incdec(void) { _Bool a = 0, b = 1, c = 0; a++; b--; c--; _Bool d = c--; return a + 10 * b + 100 * c + 1000 * d; }
