// Mutations of C text (corpus part a) and garbage inputs (corpus part b).
// Every function is a pure function of its Rng: the same seed gives the same inputs.

import type { Rng } from './rng';

/** C tokens, with the whitespace and comments between them kept as tokens so that text can be reassembled. */
const TOKEN =
  /\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|[A-Za-z_]\w*|0[xX][0-9a-fA-F.]*(?:[pP][+-]?\d+)?\w*|\.?\d[\w.]*(?:[eEpP][+-]?\d+\w*)?|\.\.\.|<<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^]=|##|[^]/gu;

export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

const isSpace = (t: string) => /^\s+$/.test(t) || t.startsWith('//') || t.startsWith('/*');

const KEYWORDS = [
  'auto',
  'break',
  'case',
  'char',
  'const',
  'continue',
  'default',
  'do',
  'double',
  'else',
  'enum',
  'extern',
  'float',
  'for',
  'goto',
  'if',
  'inline',
  'int',
  'long',
  'register',
  'restrict',
  'return',
  'short',
  'signed',
  'sizeof',
  'static',
  'struct',
  'switch',
  'typedef',
  'union',
  'unsigned',
  'void',
  'volatile',
  'while',
  '_Bool',
  '_Complex',
  '_Generic',
  '_Static_assert',
  '_Alignof',
  '_Atomic',
  '_Noreturn',
  '_Thread_local',
  '__attribute__((unused))',
  '__extension__',
  '__typeof__',
  'asm',
  '__const',
  '__restrict',
  '__inline__',
  '__builtin_expect',
  '__VERIFIER_nondet_int()',
  'malloc',
  'free',
  'memcpy',
];
const OPERATORS = [
  '+',
  '-',
  '*',
  '/',
  '%',
  '<<',
  '>>',
  '<',
  '>',
  '<=',
  '>=',
  '==',
  '!=',
  '&',
  '|',
  '^',
  '&&',
  '||',
  '!',
  '~',
  '=',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '<<=',
  '>>=',
  '&=',
  '|=',
  '^=',
  '++',
  '--',
  '->',
  '.',
  '?',
  ':',
  ',',
  ';',
  '...',
];
const PUNCT = ['(', ')', '{', '}', '[', ']', ';', ',', '#', '\\', '@', '$', '`', '"', "'", '/*', '*/', '//', '::', '[[', ']]'];
const LITERALS = [
  '0',
  '1',
  '-1',
  '7',
  '255',
  '256',
  '65535',
  '2147483647',
  '2147483648',
  '-2147483648',
  '4294967295',
  '4294967296',
  '9223372036854775807',
  '9223372036854775808',
  '18446744073709551615',
  '18446744073709551616',
  '0x7fffffff',
  '0x80000000',
  '0xffffffffffffffff',
  '0x',
  '0b101',
  '08',
  '1e',
  '1e308',
  '1e309',
  '-0.0',
  '0.1f',
  '1.5L',
  '0x1p-1074',
  '0x1.fffffffffffffp1023',
  '3.4028235e38f',
  '1e-46f',
  "'a'",
  "'\\0'",
  "'\\x100'",
  "'ab'",
  '"str"',
  '""',
  'L"w"',
  'u8"x"',
  'NULL',
  '(void *)0',
  '1u',
  '1ull',
  '1LL',
];
const TYPES = [
  'int',
  'unsigned',
  'char',
  'signed char',
  'unsigned char',
  'short',
  'long',
  'long long',
  'unsigned long long',
  'float',
  'double',
  'long double',
  '_Bool',
  'void',
  'int *',
  'char *',
  'void *',
  'struct s',
  'union u',
  'enum e',
  'int[2]',
  '__int128',
  'double _Complex',
  'const int',
  'volatile int',
];

export function randomToken(rng: Rng): string {
  return rng.weighted<() => string>([
    [() => rng.pick(KEYWORDS), 3],
    [() => rng.pick(OPERATORS), 3],
    [() => rng.pick(PUNCT), 2],
    [() => rng.pick(LITERALS), 2],
    [() => rng.pick(['x', 'y', 'i', 'n', 'p', 'a', 'main', 'f', 'tmp', '_', '__x', 'L1']), 2],
  ])();
}

type Mutator = (text: string, rng: Rng) => string;

const lines = (t: string) => t.split('\n');

const lineMutators: Record<string, Mutator> = {
  deleteLine: (t, rng) => {
    const ls = lines(t);
    ls.splice(rng.int(0, ls.length - 1), 1);
    return ls.join('\n');
  },
  duplicateLine: (t, rng) => {
    const ls = lines(t);
    const i = rng.int(0, ls.length - 1);
    ls.splice(i, 0, ls[i]);
    return ls.join('\n');
  },
  swapLines: (t, rng) => {
    const ls = lines(t);
    const i = rng.int(0, ls.length - 1);
    const j = rng.chance(0.5) ? Math.min(ls.length - 1, i + 1) : rng.int(0, ls.length - 1);
    [ls[i], ls[j]] = [ls[j], ls[i]];
    return ls.join('\n');
  },
  moveLine: (t, rng) => {
    const ls = lines(t);
    const [l] = ls.splice(rng.int(0, ls.length - 1), 1);
    ls.splice(rng.int(0, ls.length), 0, l);
    return ls.join('\n');
  },
  truncate: (t, rng) => t.slice(0, rng.int(0, t.length)),
  // Wrap a range of lines in a loop, an if, or a block with a label and a goto into it.
  wrapLines: (t, rng) => {
    const ls = lines(t);
    const i = rng.int(0, ls.length - 1);
    const j = Math.min(ls.length - 1, i + rng.int(0, 4));
    const [open, close] = rng.pick([
      ['while (__VERIFIER_nondet_int()) {', '}'],
      ['for (int _k = 0; _k < 3; _k++) {', '}'],
      ['do {', '} while (0);'],
      ['if (0) {', '}'],
      ['{ goto _fz_in; {', '_fz_in: ; } }'],
      ['switch (1) { case 1: {', '} }'],
      ['#if 1', '#endif'],
      ['/*', '*/'],
    ] as const);
    ls.splice(j + 1, 0, close);
    ls.splice(i, 0, open);
    return ls.join('\n');
  },
  // A goto to a label placed on another line (often into or out of a loop).
  insertGoto: (t, rng) => {
    const ls = lines(t);
    const a = rng.int(0, ls.length - 1);
    const b = rng.int(0, ls.length - 1);
    const label = `_fz_L${rng.int(0, 99)}`;
    ls[b] = `${label}: ;${ls[b]}`;
    ls[a] = `goto ${label};${ls[a]}`;
    return ls.join('\n');
  },
};

function mapTokens(t: string, rng: Rng, f: (toks: string[], idx: number[]) => void): string {
  const toks = tokenize(t);
  const idx = toks.map((x, i) => (isSpace(x) ? -1 : i)).filter((i) => i >= 0);
  if (idx.length === 0) return t + randomToken(rng);
  f(toks, idx);
  return toks.join('');
}

const tokenMutators: Record<string, Mutator> = {
  deleteToken: (t, rng) =>
    mapTokens(t, rng, (toks, idx) => {
      toks[rng.pick(idx)] = '';
    }),
  duplicateToken: (t, rng) =>
    mapTokens(t, rng, (toks, idx) => {
      const i = rng.pick(idx);
      toks[i] = `${toks[i]} ${toks[i]}`;
    }),
  swapTokens: (t, rng) =>
    mapTokens(t, rng, (toks, idx) => {
      const k = rng.int(0, idx.length - 1);
      const i = idx[k];
      const j = rng.chance(0.7) ? idx[Math.min(idx.length - 1, k + 1)] : rng.pick(idx);
      [toks[i], toks[j]] = [toks[j], toks[i]];
    }),
  replaceToken: (t, rng) =>
    mapTokens(t, rng, (toks, idx) => {
      toks[rng.pick(idx)] = randomToken(rng);
    }),
  insertTokens: (t, rng) =>
    mapTokens(t, rng, (toks, idx) => {
      const i = rng.pick(idx);
      const n = rng.int(1, 4);
      toks[i] = `${Array.from({ length: n }, () => randomToken(rng)).join(' ')} ${toks[i]}`;
    }),
  // Unbalanced braces, brackets and parentheses: drop or add one.
  unbalance: (t, rng) =>
    mapTokens(t, rng, (toks, idx) => {
      const brackets = idx.filter((i) => /^[{}()[\]]$/.test(toks[i]));
      if (brackets.length > 0 && rng.chance(0.6)) toks[rng.pick(brackets)] = '';
      else toks[rng.pick(idx)] += ` ${rng.pick(['{', '}', '(', ')', '[', ']'])}`;
    }),
  // A number becomes an extreme or malformed literal.
  literal: (t, rng) =>
    mapTokens(t, rng, (toks, idx) => {
      const nums = idx.filter((i) => /^[.\d'"]/.test(toks[i]));
      toks[rng.pick(nums.length ? nums : idx)] = rng.pick(LITERALS);
    }),
  // An operator becomes another one.
  operator: (t, rng) =>
    mapTokens(t, rng, (toks, idx) => {
      const ops = idx.filter((i) => OPERATORS.includes(toks[i]));
      toks[rng.pick(ops.length ? ops : idx)] = rng.pick(OPERATORS);
    }),
  // An identifier becomes another identifier of the same file (or a keyword).
  identifier: (t, rng) =>
    mapTokens(t, rng, (toks, idx) => {
      const ids = idx.filter((i) => /^[A-Za-z_]/.test(toks[i]));
      if (ids.length === 0) return;
      toks[rng.pick(ids)] = rng.chance(0.8) ? toks[rng.pick(ids)] : rng.pick(KEYWORDS);
    }),
  // A type name becomes another type (int <-> float, pointers, structs...).
  retype: (t, rng) =>
    mapTokens(t, rng, (toks, idx) => {
      const types = idx.filter((i) => /^(int|char|short|long|unsigned|signed|float|double|_Bool|void)$/.test(toks[i]));
      toks[rng.pick(types.length ? types : idx)] = rng.pick(TYPES);
    }),
};

const allMutators: Record<string, Mutator> = { ...lineMutators, ...tokenMutators };

/** Mutations that often leave a program the front end accepts, so that the solver runs on it. */
const GENTLE = ['literal', 'operator', 'retype', 'wrapLines', 'insertGoto', 'duplicateLine', 'identifier'];

/**
 * One to four mutations of `text` (half of the time one or two gentle ones);
 * returns the text and the names of the mutations applied.
 */
export function mutate(text: string, rng: Rng, donor?: string): { text: string; ops: string[] } {
  const ops: string[] = [];
  const gentle = rng.chance(0.5);
  const n = gentle
    ? rng.int(1, 2)
    : rng.weighted([
        [1, 5],
        [2, 3],
        [3, 1],
        [4, 1],
      ] as const);
  for (let k = 0; k < n; k++) {
    if (gentle) {
      const name = rng.pick(GENTLE);
      text = allMutators[name](text, rng);
      ops.push(name);
      continue;
    }
    if (donor && rng.chance(0.1)) {
      // Cross-over: a few lines of another program inserted somewhere.
      const d = lines(donor);
      const at = rng.int(0, d.length - 1);
      const piece = d.slice(at, at + rng.int(1, 6));
      const ls = lines(text);
      ls.splice(rng.int(0, ls.length), 0, ...piece);
      text = ls.join('\n');
      ops.push('crossover');
      continue;
    }
    const name = rng.pick(Object.keys(allMutators));
    text = allMutators[name](text, rng);
    ops.push(name);
  }
  return { text, ops };
}

// ---------------------------------------------------------------------------
// Garbage (corpus part b): inputs no C programmer wrote.

const repeat = (s: string, n: number) => s.repeat(Math.max(0, n));

function randomBytes(rng: Rng, n: number, printable = false): Uint8Array {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = printable ? rng.int(32, 126) : rng.int(0, 255);
  return b;
}

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);

/**
 * Each generator gives the file content for one garbage input. `big`: sizes
 * for the front end alone (creach cfg); otherwise sizes a solver run on them
 * should finish well within the wall-clock limit (whole-function encodings
 * grow with the paths: 5,000 nested ifs are a front-end test, not a solver one).
 */
export const garbage: Record<string, (rng: Rng, big: boolean) => string | Uint8Array> = {
  empty: () => '',
  whitespace: (rng) => repeat(rng.pick([' ', '\n', '\t', '\r\n', '\f', '\v']), rng.int(1, 1000)),
  randomBytes: (rng) => randomBytes(rng, rng.int(1, 4096)),
  randomPrintable: (rng) => randomBytes(rng, rng.int(1, 4096), true),
  nulInProgram: (rng) => `int f(int x) {${rng.chance(0.5) ? '\0' : ''}\n  if (x > 1) return 1;\0\n  return 0;\n}\n`,
  tokenSoup: (rng) => Array.from({ length: rng.int(5, 2000) }, () => randomToken(rng)).join(rng.chance(0.5) ? ' ' : '\n'),
  tokenSoupInFunction: (rng) => `int f(int x, int y) {\n${Array.from({ length: rng.int(5, 300) }, () => randomToken(rng)).join(' ')}\n}\n`,
  onlyComment: (rng) => (rng.chance(0.5) ? '/* nothing here */\n' : '// nothing\n'),
  unterminatedComment: () => 'int f(int x) {\n  /* no end\n  return x;\n}\n',
  unterminatedString: () => 'int f(int x) {\n  const char *s = "no end;\n  return x;\n}\n',
  unterminatedChar: () => "int f(int x) {\n  return x == 'a;\n}\n",
  lonelyBraces: (rng) => rng.pick(['{', '}', '{{{', '}}}', '(', ')', '{)', 'int f() {', 'int f(', 'int f(int x) { if (x) {', '}}}int f(void){return 0;}']),
  longLine: (rng, big) =>
    `int f(int x) { int y = 0; ${repeat('y = y + 1; ', big ? rng.int(1000, 20000) : rng.int(100, 1000))}if (y == x) return 1; return 0; }\n`,
  longComment: (rng) => `// ${repeat('x', rng.int(10_000, 1_000_000))}\nint f(int x) { return x; }\n`,
  longIdentifier: (rng) => {
    const id = `v${repeat('x', rng.int(1000, 100_000))}`;
    return `int f(int ${id}) { if (${id} > 3) return 1; return 0; }\n`;
  },
  longString: (rng, big) =>
    `int f(int i) { const char *s = "${repeat('ab', big ? rng.int(1000, 100_000) : rng.int(100, 5000))}"; if (i >= 0 && i < 10 && s[i] == 'b') return 1; return 0; }\n`,
  longSum: (rng, big) => `int f(int x) { return ${Array.from({ length: big ? rng.int(100, 20_000) : rng.int(10, 1000) }, () => 'x').join(' + ')}; }\n`,
  longCondition: (rng, big) =>
    `int f(int x, int y) { if (${Array.from({ length: big ? rng.int(50, 3000) : rng.int(10, 200) }, (_, i) => `x != ${i}`).join(' && ')}) return 1; return 0; }\n`,
  deepParens: (rng, big) => {
    const d = rng.pick(big ? [50, 200, 1000, 5000, 20_000] : [10, 50, 200]);
    return `int f(int x) { return ${repeat('(', d)}x${repeat(')', d)}; }\n`;
  },
  deepUnary: (rng, big) => {
    const d = rng.pick(big ? [50, 500, 5000] : [10, 50, 200]);
    return `int f(int x) { return ${repeat(rng.pick(['-', '!', '~', '- ']), d)}x; }\n`;
  },
  deepBlocks: (rng, big) => {
    const d = rng.pick(big ? [50, 200, 1000, 5000] : [10, 50, 200]);
    return `int f(int x) { ${repeat('{ ', d)}x++;${repeat(' }', d)} return x; }\n`;
  },
  deepIfs: (rng, big) => {
    const d = rng.pick(big ? [20, 100, 500, 2000] : [10, 30, 60]);
    return `int f(int x) {\n${Array.from({ length: d }, (_, i) => `if (x > ${i})`).join('\n')}\n return 1;\n return 0;\n}\n`;
  },
  deepElseIfs: (rng, big) => {
    const d = rng.pick(big ? [20, 100, 500, 2000] : [10, 50, 150]);
    return `int f(int x) {\n${Array.from({ length: d }, (_, i) => `${i ? 'else ' : ''}if (x == ${i}) return ${i};`).join('\n')}\n return -1;\n}\n`;
  },
  deepLoops: (rng, big) => {
    const d = rng.pick(big ? [5, 10, 30, 100] : [2, 3, 4]);
    return `int f(int n) { int s = 0;\n${Array.from({ length: d }, (_, i) => `for (int i${i} = 0; i${i} < n; i${i}++)`).join('\n')}\n s++;\n if (s == 3) return 1;\n return 0; }\n`;
  },
  deepTernary: (rng, big) => {
    const d = rng.pick(big ? [20, 200, 2000] : [10, 50, 150]);
    return `int f(int x) { return ${Array.from({ length: d }, (_, i) => `x == ${i} ? ${i} :`).join(' ')} -1; }\n`;
  },
  deepCalls: (rng, big) => {
    const d = rng.pick(big ? [10, 50, 200] : [5, 10, 20]);
    return `${Array.from({ length: d }, (_, i) => `int g${i}(int x) { return ${i ? `g${i - 1}(x + 1)` : 'x'}; }`).join('\n')}\nint f(int x) { if (g${d - 1}(x) == ${d + 2}) return 1; return 0; }\n`;
  },
  deepInitializer: (rng, big) => {
    const d = rng.pick(big ? [20, 200, 2000] : [5, 20, 100]);
    return `int f(int x) { int a = ${repeat('{', d)}x${repeat('}', d)}; return a; }\n`;
  },
  deepPointers: (rng) => {
    const d = rng.pick([10, 100, 1000]);
    return `int f(int x) { int ${repeat('*', d)}p = 0; return x; }\n`;
  },
  hugeInteger: (rng) => `int f(int x) { if (x == ${'9'.repeat(rng.int(20, 5000))}) return 1; return 0; }\n`,
  hugeFloat: (rng) =>
    `int f(double x) { if (x < ${rng.pick(['1e999999', '1e-999999', '0x1p99999', '0x1p-99999', '1' + '0'.repeat(400) + '.0', '.' + '0'.repeat(400) + '1', '1e+', '0x.p1'])}) return 1; return 0; }\n`,
  hugeArray: (rng) =>
    `int f(int i) { ${rng.pick(['int', 'char', 'long'])} a[${rng.pick(['1000000', '2147483647', '4294967296', '9223372036854775807', '0', '-1'])}]; if (i >= 0 && i < 4) { a[i] = 1; return a[0]; } return 0; }\n`,
  hugeShift: (rng) => `int f(int x) { return x << ${rng.pick(['31', '32', '64', '-1', '1000000', '9223372036854775807'])}; }\n`,
  manyFunctions: (rng, big) =>
    Array.from({ length: big ? rng.int(100, 1000) : rng.int(10, 60) }, (_, i) => `int f${i}(int x) { if (x == ${i}) return 1; return 0; }`).join('\n') + '\n',
  manyLocals: (rng, big) =>
    `int f(int x) {\n${Array.from({ length: big ? rng.int(100, 3000) : rng.int(20, 300) }, (_, i) => `int v${i} = x + ${i};`).join('\n')}\nreturn v0;\n}\n`,
  manyParams: (rng, big) => {
    const n = big ? rng.int(50, 1000) : rng.int(10, 60);
    return `int f(${Array.from({ length: n }, (_, i) => `int p${i}`).join(', ')}) { if (p0 == p${n - 1}) return 1; return 0; }\n`;
  },
  hugeSwitch: (rng, big) =>
    `int f(int x) { switch (x) {\n${Array.from({ length: big ? rng.int(100, 3000) : rng.int(10, 200) }, (_, i) => `case ${i * 7}: return ${i};`).join('\n')}\n} return -1; }\n`,
  manyStructFields: (rng, big) => {
    const n = big ? rng.int(100, 2000) : rng.int(10, 200);
    return `struct s { ${Array.from({ length: n }, (_, i) => `int m${i};`).join(' ')} };\nint f(struct s *p) { if (p->m${n - 1} == 3) return 1; return 0; }\n`;
  },
  latin1Comment: () => latin1('/* caf\xe9 na\xefve \xff\xfe */\nint f(int x) { if (x > 1) return 1; return 0; }\n'),
  latin1String: () => latin1('int f(int i) { const char *s = "\xe9t\xe9"; if (i == 0 && s[i] == (char)0xe9) return 1; return 0; }\n'),
  latin1Identifier: () => latin1('int f(int caf\xe9) { if (caf\xe9 > 1) return 1; return 0; }\n'),
  invalidUtf8: (rng) =>
    Uint8Array.from([...Buffer.from('int f(int x) { /* '), ...randomBytes(rng, 64).map((b) => b | 0x80), ...Buffer.from(' */ return x; }\n')]),
  utf8Bom: () => '\ufeffint f(int x) { if (x > 1) return 1; return 0; }\n',
  utf16: () => Uint8Array.from([0xff, 0xfe, ...Buffer.from('int f(int x) { return x; }\n', 'utf16le')]),
  binaryHeader: (rng) =>
    Uint8Array.from([
      ...rng.pick([
        [0x7f, 0x45, 0x4c, 0x46, 2, 1, 1],
        [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
        [0x1f, 0x8b, 8],
      ]),
      ...randomBytes(rng, 256),
    ]),
  controlCharacters: (rng) => `int f(int x) {${String.fromCharCode(rng.pick([1, 7, 8, 27, 127]))}\n  return x;\n}\n`,
  onlyCR: () => 'int f(int x)\r{\r  if (x > 1)\r    return 1;\r  return 0;\r}\r',
  backslashNewlines: (rng, big) =>
    `int f(int x) { ${Array.from({ length: big ? rng.int(10, 2000) : rng.int(5, 100) }, () => 'x\\\n').join('+ ')}; return x; }\n`,
  missingInclude: () => '#include "no_such_header_xyz.h"\nint f(int x) { return x; }\n',
  errorDirective: () => '#error stop here\nint f(int x) { return x; }\n',
  selfInclude: () => '#include __FILE__\nint f(int x) { return x; }\n',
  unbalancedIf: () => '#if 1\nint f(int x) { return x; }\n',
  macroBlowup: (rng, big) => {
    const d = big ? rng.int(4, 14) : rng.int(2, 7);
    return `#define A0 x\n${Array.from({ length: d }, (_, i) => `#define A${i + 1} (A${i} + A${i})`).join('\n')}\nint f(int x) { if (A${d} == 64) return 1; return 0; }\n`;
  },
  lineDirectives: (rng) =>
    `#line ${rng.pick(['0', '1', '2147483647', '4294967295', '99999999999'])} "${rng.pick(['other.c', '', '/dev/null', 'a\\"b.c'])}"\nint f(int x) {\n  if (x > 1) return 1;\n  return 0;\n}\n`,
  pragmaSoup: () =>
    '#pragma once\n#pragma pack(1)\n#pragma GCC optimize("O3")\n_Pragma("unknown")\nstruct s { char c; int i; };\nint f(struct s *p) { if (p->i == 3) return 1; return 0; }\n',
  onlyDeclarations: () => 'int g(int);\nextern int x;\ntypedef int t;\nstruct s { int a; };\n',
  onlyMain: (rng) =>
    rng.pick([
      'int main(void) { return 0; }\n',
      'int main() { for (;;); }\n',
      'void main() {}\n',
      'main() {}\n',
      'int main(int argc, char **argv, char **envp) { return argc; }\n',
    ]),
  redefinitions: () => 'int f(int x) { return x; }\nint f(int x) { return x + 1; }\nint f;\n',
  keywordAsName: (rng) => `int ${rng.pick(['int', 'if', 'while', 'return', 'sizeof', '_Bool', 'asm', 'typeof'])}(int x) { return x; }\n`,
};
