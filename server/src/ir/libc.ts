// Functions of the C library. A call to one without a body in the program is
// not an input of the datum (the compiled test links the real one): the model
// either has a model of it (model/library.ts) or treats its result as
// unknown; the harness never replaces it with a stub. glibc's headers turn
// some calls into calls of their own (`isdigit(c)` becomes a read of
// `(*__ctype_b_loc())[c]`, `errno` a read of `*__errno_location()`): those
// are library functions too.

import type { Instr, Place } from './ir';
import type { CType } from './types';

export const LIBC = new Set(
  (
    'abort exit _Exit atexit quick_exit malloc calloc realloc free aligned_alloc memcpy memmove memset memcmp memchr ' +
    'strlen strcpy strncpy strcat strncat strcmp strncmp strchr strrchr strstr strdup strndup strtok strspn strcspn strpbrk ' +
    'strtol strtoul strtoll strtoull strtod strtof atoi atol atoll atof abs labs llabs div ldiv qsort bsearch rand srand ' +
    'printf fprintf sprintf snprintf vprintf vfprintf vsprintf vsnprintf puts fputs putchar fputc putc getchar fgetc getc fgets ' +
    'scanf fscanf sscanf fopen fclose fread fwrite fflush perror ' +
    'isalpha isdigit isalnum isspace isupper islower isprint ispunct isxdigit isblank iscntrl isgraph toupper tolower ' +
    'sqrt sqrtf fabs fabsf floor floorf ceil ceilf round roundf trunc truncf fmod fmodf pow powf exp expf log logf sin sinf cos cosf tan tanf ' +
    'atan atan2 fmin fmax fminf fmaxf isnan isinf isfinite __assert_fail __assert_perror_fail __assert assert setjmp longjmp signal raise time clock getenv ' +
    '__ctype_b_loc __ctype_tolower_loc __ctype_toupper_loc __errno_location __isoc99_scanf __isoc99_fscanf __isoc99_sscanf __ctype_get_mb_cur_max'
  ).split(/\s+/),
);

/** Library functions whose only effect is output: a call whose result is not used changes nothing the model tracks (see model/library.ts for `%s` and `%n`). */
export const OUTPUT_ONLY = new Set('printf fprintf vprintf vfprintf puts fputs putchar fputc putc perror fflush'.split(' '));

/**
 * SV-COMP's error functions: a call is an error call even when the file defines them (the front end
 * makes it one; `check` gives them no unit view; property files name them).
 */
/**
 * The callee of the allocation of a variable-length array `T a[n]` (frontend/functions.ts): its argument is
 * n as written, its result a `T *` to a new automatic object of n elements (model/library.ts).
 */
export const VLA_ALLOC = '__creach_vla';

export const ERROR_FUNCTIONS: ReadonlySet<string> = new Set(['reach_error', '__VERIFIER_error']);

export function isLibraryFunction(name: string): boolean {
  return LIBC.has(name) || LIBC.has(name.replace(/^__builtin_/, ''));
}

/**
 * The arguments (by position) a library function reads as NUL-terminated
 * strings: a `char *` parameter passed there is used as a string (the input
 * model then makes it one, model/inputs.ts). `printf`-family formats count,
 * and so does every `char *` argument after the format (`%s`).
 */
export const STRING_ARGS: Record<string, number[]> = {
  strlen: [0],
  strcmp: [0, 1],
  strncmp: [0, 1],
  strcpy: [1],
  strncpy: [1],
  strcat: [0, 1],
  strncat: [0],
  strchr: [0],
  strrchr: [0],
  strstr: [0, 1],
  strdup: [0],
  strspn: [0, 1],
  strcspn: [0, 1],
  strpbrk: [0, 1],
  strtok: [1],
  atoi: [0],
  atol: [0],
  atoll: [0],
  atof: [0],
  strtol: [0],
  strtoul: [0],
  strtoll: [0],
  strtoull: [0],
  strtod: [0],
  strtof: [0],
  puts: [0],
  fputs: [0],
  perror: [0],
  getenv: [0],
  fopen: [0, 1],
};

/** Position of the format argument of the printf and scanf families. */
export const FORMAT_ARG: Record<string, number> = {
  printf: 0,
  vprintf: 0,
  fprintf: 1,
  vfprintf: 1,
  sprintf: 1,
  vsprintf: 1,
  snprintf: 2,
  vsnprintf: 2,
  scanf: 0,
  __isoc99_scanf: 0,
  fscanf: 1,
  __isoc99_fscanf: 1,
  sscanf: 1,
  __isoc99_sscanf: 1,
};

/**
 * Library functions the model reads or writes memory for through pointer
 * arguments: each call is a place where a null pointer or an access outside
 * an object can occur (runtime-error goals `null` and `bounds`), and `what`
 * says what it accesses.
 */
export const MEMORY_ACCESSES: Record<string, string> = {
  strlen: 'reads a string',
  strcmp: 'reads two strings',
  strncmp: 'reads two strings up to n characters',
  strcpy: 'copies a string',
  strncpy: 'copies n characters',
  strcat: 'appends a string',
  strncat: 'appends up to n characters',
  strchr: 'reads a string',
  strrchr: 'reads a string',
  strstr: 'reads two strings',
  memchr: 'reads n bytes',
  memcmp: 'reads n bytes of two objects',
  memcpy: 'copies n bytes',
  memmove: 'copies n bytes',
  memset: 'writes n bytes',
  atoi: 'reads a string',
  atol: 'reads a string',
  atoll: 'reads a string',
  strtol: 'reads a string',
  strtoul: 'reads a string',
  strtoll: 'reads a string',
  strtoull: 'reads a string',
};

// ---- <ctype.h> in glibc's "C" locale ----
//
// glibc's classifiers read a table of `unsigned short` flags indexed from
// -128 to 255 (`(*__ctype_b_loc())[c] & _ISdigit`); toupper/tolower read
// tables of `int` over the same range. The flag values are glibc's `_IS*`
// bits on a little-endian machine (test/model/library.test.ts compares the
// whole tables with the ones glibc has).

export const CTYPE_FLAGS = {
  upper: 0x100,
  lower: 0x200,
  alpha: 0x400,
  digit: 0x800,
  xdigit: 0x1000,
  space: 0x2000,
  print: 0x4000,
  graph: 0x8000,
  blank: 0x1,
  cntrl: 0x2,
  punct: 0x4,
  alnum: 0x8,
} as const;

/** The flags of `c` (-128..255) in the "C" locale. */
export function ctypeFlags(c: number): number {
  if (c < 0 || c > 127) return 0;
  const f = CTYPE_FLAGS;
  let r = 0;
  const upper = c >= 65 && c <= 90;
  const lower = c >= 97 && c <= 122;
  const digit = c >= 48 && c <= 57;
  if (upper) r |= f.upper;
  if (lower) r |= f.lower;
  if (upper || lower) r |= f.alpha;
  if (digit) r |= f.digit;
  if (digit || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)) r |= f.xdigit;
  if (c === 32 || (c >= 9 && c <= 13)) r |= f.space;
  if (c >= 32 && c <= 126) r |= f.print;
  if (c >= 33 && c <= 126) r |= f.graph;
  if (c === 32 || c === 9) r |= f.blank;
  if (c < 32 || c === 127) r |= f.cntrl;
  if (c >= 33 && c <= 126 && !upper && !lower && !digit) r |= f.punct;
  if (upper || lower || digit) r |= f.alnum;
  return r;
}

/** tolower (`lower`) or toupper of `c` (-128..255) in the "C" locale, as glibc's tables give it. */
export function ctypeConvert(c: number, lower: boolean): number {
  if (c === -1) return -1;
  if (c < 0) return c + 256;
  if (lower && c >= 65 && c <= 90) return c + 32;
  if (!lower && c >= 97 && c <= 122) return c - 32;
  return c;
}

/** The classifier functions and the flag each tests. */
export const CTYPE_CLASSIFIERS: Record<string, number> = {
  isupper: CTYPE_FLAGS.upper,
  islower: CTYPE_FLAGS.lower,
  isalpha: CTYPE_FLAGS.alpha,
  isdigit: CTYPE_FLAGS.digit,
  isxdigit: CTYPE_FLAGS.xdigit,
  isspace: CTYPE_FLAGS.space,
  isprint: CTYPE_FLAGS.print,
  isgraph: CTYPE_FLAGS.graph,
  isblank: CTYPE_FLAGS.blank,
  iscntrl: CTYPE_FLAGS.cntrl,
  ispunct: CTYPE_FLAGS.punct,
  isalnum: CTYPE_FLAGS.alnum,
};

/**
 * The conversions of a printf format, in order: `s` (with its precision),
 * or another one that takes an argument; `stars` arguments taken by `*`
 * widths first. Null when it has `%n` or a `%.*s` precision.
 */
export function formatConversions(bytes: number[]): { kind: 's' | 'other'; stars: number; precision?: number }[] | null {
  const text = String.fromCharCode(...bytes.filter((b) => b !== 0));
  const out: { kind: 's' | 'other'; stars: number; precision?: number }[] = [];
  const re = /%([-+ #0']*)(\*|\d+)?(?:\.(\*|\d*))?(hh|h|ll|l|j|z|t|L|q)?([%a-zA-Z])/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const conv = m[5];
    if (conv === '%') continue;
    if (conv === 'n') return null;
    const stars = (m[2] === '*' ? 1 : 0) + (m[3] === '*' ? 1 : 0);
    if (conv === 's') {
      if (m[3] === '*') return null;
      out.push({ kind: 's', stars, precision: m[3] === undefined ? undefined : Number(m[3] || '0') });
    } else out.push({ kind: 'other', stars });
  }
  return out;
}

/**
 * The output functions' arguments read as strings, by position, when a
 * caller can pass something else (a string literal cannot be NULL or
 * unterminated): `%s` arguments of a printf-family call with a literal
 * format, the string of puts and fputs, perror's (which may be NULL).
 * Their calls get `null` and `bounds` goals (ir/runtimeErrors.ts).
 */
export function outputStringArgs(name: string, args: { kind: string; bytes?: number[] }[]): { at: number; mayBeNull: boolean }[] {
  const out: { at: number; mayBeNull: boolean }[] = [];
  const fmtAt = FORMAT_ARG[name];
  if (fmtAt !== undefined && OUTPUT_ONLY.has(name) && !name.startsWith('v')) {
    const fmt = args[fmtAt];
    const conv = fmt?.kind === 'string' && fmt.bytes ? formatConversions(fmt.bytes) : null;
    let k = fmtAt + 1;
    for (const x of conv ?? []) {
      k += x.stars;
      if (x.kind === 's') out.push({ at: k, mayBeNull: false });
      k++;
    }
  } else if (name === 'puts' || name === 'fputs') out.push({ at: 0, mayBeNull: false });
  else if (name === 'perror') out.push({ at: 0, mayBeNull: true });
  return out.filter((x) => args[x.at] !== undefined && args[x.at].kind !== 'string');
}

/** The element type of a malloc'd object (the call is `instrs[i]`, its result `dst`): from the pointer type its result is converted to. */
export function allocatedTypeIn(instrs: readonly Instr[], i: number, dst: Place | null): CType | null {
  if (dst && dst.type.kind === 'pointer' && dst.type.to.kind !== 'void') return dst.type.to;
  if (!dst || dst.root.kind !== 'var' || dst.path.length) return null;
  const tmp = dst.root.id;
  for (let j = i + 1; j < instrs.length; j++) {
    const ins = instrs[j];
    if (
      ins.kind === 'assign' &&
      ins.value.op === 'cast' &&
      ins.value.a.kind === 'var' &&
      ins.value.a.id === tmp &&
      ins.value.to.kind === 'pointer' &&
      ins.value.to.to.kind !== 'void'
    )
      return ins.value.to.to;
    if (
      ins.kind === 'assign' &&
      ins.dst &&
      ins.dst.type.kind === 'pointer' &&
      ins.dst.type.to.kind !== 'void' &&
      ins.value.op === 'use' &&
      ins.value.a.kind === 'var' &&
      ins.value.a.id === tmp
    )
      return ins.dst.type.to;
  }
  return null;
}
