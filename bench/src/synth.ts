// Synthetic C programs of a chosen size, for the scale and language-server
// benchmarks. Every program is valid C (gcc -Wall -Wextra silent) without
// undefined behaviour for inputs within its `requires`, and each family has a
// goal whose reaching datum is known (test/bench/synth.test.ts runs the
// compiled programs to confirm it).

export type Family = 'functions' | 'decisions' | 'nesting' | 'loop';

export interface Synthetic {
  family: Family;
  size: number;
  source: string;
  /** The goal whose time is measured: 1-based line of a statement and its function. */
  goal: { function: string; line: number };
  /** Arguments reaching the goal (C literals, in parameter order). */
  datum: number[];
}

/** A short function with three decisions and two conditions: parameters in [-1000, 1000]. */
function smallFunction(name: string, k: number): string[] {
  return [
    '/*@ requires -1000 <= a && a <= 1000 && -1000 <= b && b <= 1000; */',
    `int ${name}(int a, int b)`,
    '{',
    '    int r = 0;',
    `    if (a > ${k % 97} && b < a)`,
    '        r = a - b;',
    '    else',
    `        r = b + ${k % 13};`,
    `    if (r == ${((k * 7) % 50) + 3})`,
    '        r = r * 2;',
    `    if (a + b == ${k % 200})`,
    '        return r + 1;',
    '    return r;',
    '}',
    '',
  ];
}

/** N small functions; the goal is `return r + 1;` of the last one. */
export function manyFunctions(n: number): Synthetic {
  const lines: string[] = [];
  for (let k = 0; k < n; k++) lines.push(...smallFunction(`f${k}`, k));
  const last = n - 1;
  const goalLine = lines.length - 3; // `return r + 1;` of the last function
  return { family: 'functions', size: n, source: lines.join('\n'), goal: { function: `f${last}`, line: goalLine }, datum: [last % 200, 0] };
}

/** One function of D decisions in sequence on four inputs; the goal is the last statement guarded by all-true choices. */
export function longFunction(d: number): Synthetic {
  const lines = [
    '/*@ requires 0 <= x0 && x0 <= 100 && 0 <= x1 && x1 <= 100 && 0 <= x2 && x2 <= 100 && 0 <= x3 && x3 <= 100; */',
    'int longf(int x0, int x1, int x2, int x3)',
    '{',
    '    int s = 0;',
  ];
  for (let k = 0; k < d; k++) {
    lines.push(`    if (x${k % 4} > ${k % 50})`, `        s = s + ${(k % 5) + 1};`, '    else', `        s = s - ${(k % 3) + 1};`);
  }
  // With every x = 100, every decision is true: s is the sum of (k % 5) + 1.
  let all = 0;
  for (let k = 0; k < d; k++) all += (k % 5) + 1;
  lines.push(`    if (s == ${all})`);
  const goalLine = lines.length + 1;
  lines.push('        return 1;', '    return 0;', '}', '');
  return { family: 'decisions', size: d, source: lines.join('\n'), goal: { function: 'longf', line: goalLine }, datum: [100, 100, 100, 100] };
}

/** Decisions nested D deep; the goal is the innermost statement (a = D, b = D + 1 reaches it). */
export function deepNesting(d: number): Synthetic {
  const lines = ['/*@ requires -10000 <= a && a <= 10000 && -10000 <= b && b <= 10000; */', 'int nest(int a, int b)', '{', '    int r = 0;'];
  const pad = (i: number) => '    '.repeat(i + 1);
  for (let k = 0; k < d; k++) {
    lines.push(`${pad(k)}if (${k % 2 === 0 ? `a >= ${k}` : `b > a - ${k}`}) {`, `${pad(k + 1)}r = r + ${k % 7};`);
  }
  const goalLine = lines.length + 1;
  lines.push(`${pad(d)}return ${d} + r;`);
  for (let k = d - 1; k >= 0; k--) lines.push(`${pad(k)}}`);
  lines.push('    return r;', '}', '');
  return { family: 'nesting', size: d, source: lines.join('\n'), goal: { function: 'nest', line: goalLine }, datum: [d, d + 1] };
}

/** A loop run up to B times (n <= B); the goal needs exactly B iterations: n = B, x = 3. */
export function boundedLoop(b: number): Synthetic {
  const target = b * 3 + (b * (b - 1)) / 2;
  const lines = [
    `/*@ requires 0 <= n && n <= ${b} && -100 <= x && x <= 100; */`,
    'int loop(int n, int x)',
    '{',
    '    int s = 0;',
    '    for (int i = 0; i < n; i++)',
    '        s = s + x + i;',
    `    if (n == ${b} && s == ${target})`,
  ];
  const goalLine = lines.length + 1;
  lines.push('        return 1;', '    return 0;', '}', '');
  return { family: 'loop', size: b, source: lines.join('\n'), goal: { function: 'loop', line: goalLine }, datum: [b, 3] };
}

export function synthesize(family: Family, size: number): Synthetic {
  switch (family) {
    case 'functions':
      return manyFunctions(size);
    case 'decisions':
      return longFunction(size);
    case 'nesting':
      return deepNesting(size);
    case 'loop':
      return boundedLoop(size);
  }
}

/**
 * A file of `lines` lines with `functions` functions, as an editor user might
 * have: decisions, a small bounded loop, a switch, an assertion-free body.
 */
export function editorFile(functions: number, lines: number): string {
  const per = Math.floor(lines / functions);
  const out: string[] = ['/* Synthetic editor file for the language-server benchmark. */', ''];
  for (let k = 0; k < functions; k++) {
    const body = [
      `/*@ requires 0 <= n && n <= 8 && -1000 <= a && a <= 1000 && -1000 <= b && b <= 1000; */`,
      `int g${k}(int n, int a, int b)`,
      '{',
      '    int s = 0;',
      '    for (int i = 0; i < n; i++)',
      `        s = s + (a > i ? 1 : ${k % 3});`,
      `    if (a > ${k} && b > ${k})`,
      '        s = s + 10;',
      `    else if (a < -${k} || b < -${k})`,
      '        s = s - 10;',
      '    switch (n) {',
      '    case 0:',
      '        s = s + 1;',
      '        break;',
      '    case 3:',
      `        s = s + ${k};`,
      '        break;',
      '    default:',
      '        break;',
      '    }',
      `    if (s == ${k % 20})`,
      '        return -1;',
      '    return s;',
      '}',
      '',
    ];
    // Comment lines make each function take its share of the file, like real code's comments.
    const comments = Math.max(0, per - body.length);
    if (comments === 1) out.push(`/* g${k} */`);
    else if (comments > 1) out.push(`/* g${k}:`, ...Array.from({ length: comments - 2 }, (_, i) => ` * line ${i + 1} of the description of g${k}.`), ' */');
    out.push(...body);
  }
  while (out.length < lines) out.push('');
  return out.join('\n');
}
