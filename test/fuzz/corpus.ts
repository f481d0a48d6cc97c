// The fuzz corpus: a deterministic list of cases (input files + a creach
// command line) from a seed. Parts: (a) mutations of test/fixtures/*.c and
// of the catalogue, (b) garbage, (c) the catalogue of C constructs
// (test/fuzz/catalogue/*.c, each run with cfg and with a solver command),
// (d) command-line variation, including malformed command lines and
// malformed --where conditions. Every case runs in its own directory; the
// input file is given by a relative name.

import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Rng } from './rng';
import { garbage, mutate } from './mutate';

export interface FuzzCase {
  /** Position in the corpus and part: `0042-mutation`. */
  id: string;
  /** What the input is: `mutation`, `garbage`, `catalogue`, `where`, `cmdline`. */
  kind: string;
  /** Where the input comes from: `mutation of josephus.c (swapLines, literal)`. */
  origin: string;
  /** Files to create in the case's directory (relative names), and directories. */
  files: Record<string, string | Uint8Array>;
  dirs?: string[];
  /** The creach command line (after `creach`). */
  argv: string[];
  /** An exit code the command line demands (a malformed command line is an input error: 2). */
  expectExit?: number;
  /** Content hash of files + argv: what KNOWN_FINDINGS refers to. */
  hash: string;
}

export interface Seeds {
  fixtures: { name: string; text: string }[];
  catalogue: { name: string; text: string }[];
}

const here = __dirname;

export function loadSeeds(root = join(here, '..', '..')): Seeds {
  const read = (dir: string, ext: RegExp) =>
    readdirSync(dir)
      .filter((f) => ext.test(f))
      .sort()
      .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
  return { fixtures: read(join(root, 'test', 'fixtures'), /\.[ci]$/), catalogue: read(join(here, 'catalogue'), /\.c$/) };
}

export function caseHash(files: Record<string, string | Uint8Array>, dirs: string[] | undefined, argv: string[]): string {
  const h = createHash('sha256');
  for (const name of Object.keys(files).sort()) h.update(name).update('\0').update(files[name]).update('\0');
  for (const d of dirs ?? []) h.update(`dir:${d}\0`);
  h.update(JSON.stringify(argv));
  return h.digest('hex').slice(0, 16);
}

// ---------------------------------------------------------------------------
// Command lines.

const WHERE_OPS = ['==', '!=', '<', '<=', '>', '>=', '&&', '||', '+', '-', '*', '/', '%', '&', '|', '^', '<<', '>>'];
const C_WORDS = new Set([
  'if',
  'else',
  'while',
  'for',
  'do',
  'return',
  'int',
  'char',
  'void',
  'unsigned',
  'signed',
  'long',
  'short',
  'float',
  'double',
  'struct',
  'union',
  'enum',
  'const',
  'static',
  'sizeof',
  'switch',
  'case',
  'default',
  'break',
  'continue',
  'goto',
  'typedef',
  'extern',
  'include',
  'define',
]);

/** Malformed --where conditions: each must be refused as a usage or input error (exit 2). */
export const MALFORMED_WHERE = [
  'x == 5) && (x == 6',
  'x == 5)',
  '(x == 5',
  'x ==',
  '== 5',
  'x = = 5',
  'x == 5;',
  'x == 5; y == 6',
  'x == 5)); } int g(void) { ((1',
  '}',
  '{ x == 5 }',
  'x == 5 /*',
  '/* */',
  'x == "unterminated',
  "x == 'a",
  'x ==== 5',
  'x => 5',
  'x === 5',
  'x <> 5',
  'x == 5 and y == 6',
  '#define X 1',
  'x == 5 \\',
  'int x',
  'return x',
  ')(',
  ',',
  'x ? 1',
  'x[',
  'x == 0x',
  'x == 1e',
  '\u00e9 == 1',
  'x == 5\0',
];

/** The names a --where may use: identifiers of the file (parameters and locals), and some that are not. */
function whereNames(text: string): string[] {
  const ids = [...new Set(text.match(/\b[A-Za-z_]\w*\b/g) ?? [])].filter((w) => !C_WORDS.has(w) && w.length < 30);
  return ids.length ? ids : ['x'];
}

function randomWhere(rng: Rng, text: string): string {
  const names = whereNames(text);
  const atom = (): string =>
    rng.weighted<() => string>([
      [() => rng.pick(names), 5],
      [() => String(rng.int(-20, 20)), 3],
      [
        () =>
          rng.pick([
            '0',
            '2147483647',
            '-2147483648',
            '4294967295',
            '99999999999999999999',
            '0x10',
            '010',
            '08',
            '1.5',
            '1e3',
            '0x1p3',
            "'a'",
            '"s"',
            '1u',
            '5L',
          ]),
        1,
      ],
      [() => `${rng.pick(names)}[${rng.int(-1, 4)}]`, 1],
      [() => `${rng.pick(['-', '!', '~', '*', '&', '(int)', 'sizeof '])}${rng.pick(names)}`, 1],
      [() => `${rng.pick(names)}${rng.pick(['->next', '.a', '(1)', '++', '--'])}`, 0.5],
    ])();
  const expr = (depth: number): string => {
    if (depth === 0 || rng.chance(0.4)) return atom();
    const e = `${expr(depth - 1)} ${rng.pick(WHERE_OPS)} ${expr(depth - 1)}`;
    return rng.chance(0.3) ? `(${e})` : e;
  };
  return expr(rng.int(1, 3));
}

/** Lines worth aiming a reach at: statements and decisions (or anything, sometimes). */
function goalLines(text: string): number[] {
  const ls = text.split('\n');
  const good = ls
    .map((l, i) => (/[;{}]|\b(if|while|for|case|default|return|goto|do|switch)\b/.test(l) && !/^\s*(\/\/|\/\*|\*|#)/.test(l) ? i + 1 : 0))
    .filter((n) => n > 0);
  return good.length ? good : [1];
}

function functionNames(text: string): string[] {
  return [...text.matchAll(/^[A-Za-z_][\w\s*]*?\b([A-Za-z_]\w*)\s*\([^;{]*\)\s*\{?\s*$/gm)].map((m) => m[1]).filter((n) => !C_WORDS.has(n));
}

const SMALL_TIMEOUTS = ['100', '250', '500', '500', '1000', '2000'];
const SMALL_BOUNDS = ['1', '1', '2', '2', '3', '4'];

/** Valid front-end options (every command takes them). */
function frontOptions(rng: Rng): string[] {
  const a: string[] = [];
  const dataModel = rng.int(0, 19); // one in twenty --ilp32, one in twenty --data-model
  if (dataModel === 0) a.push('--ilp32');
  else if (dataModel === 1) a.push('--data-model', rng.pick(['ILP32', 'LP64']));
  if (rng.chance(0.05)) a.push('-D', rng.pick(['N=3', 'DEBUG', 'X=(1+2)', 'assert(x)=0', 'int=long']));
  if (rng.chance(0.03)) a.push('-I', rng.pick(['.', 'no_such_dir']));
  return a;
}

/** Valid solver options of reach, check and cover, small enough for a fuzz run. */
function solverOptions(rng: Rng): string[] {
  const a: string[] = ['--timeout', rng.pick(SMALL_TIMEOUTS), '--loop-bound', rng.pick(SMALL_BOUNDS), ...frontOptions(rng)];
  if (rng.chance(0.15)) a.push('--no-runtime-errors');
  if (rng.chance(0.1)) a.push('--malloc-may-fail');
  if (rng.chance(0.08)) a.push('--inline-depth', rng.pick(['0', '1', '2', '3']));
  if (rng.chance(0.08)) a.push('--pointer-array-length', rng.pick(['0', '1', '2', '8']));
  if (rng.chance(0.3)) a.push('--json');
  return a;
}

const VALUE_OPTIONS = new Set([
  '--timeout',
  '--loop-bound',
  '--data-model',
  '-D',
  '-I',
  '--inline-depth',
  '--pointer-array-length',
  '--function',
  '--criterion',
  '--format',
  '--emit-tests',
]);

/** `opts` without the options (and their values) that `args` gives already; --ilp32 counts as --data-model. */
function withoutOptionsOf(args: string[], opts: string[]): string[] {
  const given = new Set(args.filter((a) => a.startsWith('-')).map((a) => a.split('=')[0]));
  if (given.has('--data-model')) given.add('--ilp32');
  const out: string[] = [];
  for (let i = 0; i < opts.length; i++) {
    const takesValue = VALUE_OPTIONS.has(opts[i]);
    if (!given.has(opts[i])) out.push(opts[i], ...(takesValue ? [opts[i + 1]] : []));
    if (takesValue) i++;
  }
  return out;
}

/** Options that fit `cmd`. */
const optionsFor = (rng: Rng, cmd: string) => (cmd === 'cfg' ? frontOptions(rng) : solverOptions(rng).filter((x) => x !== '--json'));

/** A random, well-formed creach command on `file` (whose text is `text`). */
export function randomCommand(rng: Rng, file: string, text: string, weights = { cfg: 3, reach: 4, check: 1.5, cover: 1.5 }): string[] {
  const cmd = rng.weighted(Object.entries(weights) as [string, number][]);
  const fns = functionNames(text);
  const withFunction = (a: string[]) => (fns.length && rng.chance(0.25) ? [...a, '--function', rng.pick(fns)] : a);
  switch (cmd) {
    case 'cfg':
      return withFunction(['cfg', file, ...(rng.chance(0.3) ? ['--json'] : rng.chance(0.3) ? ['--dot'] : []), ...frontOptions(rng)]);
    case 'reach': {
      const a = ['reach', file];
      if (rng.chance(0.1) && fns.length)
        a.push('--goal', `${rng.pick(fns)}:${rng.pick(goalLines(text))}:${rng.pick(['stmt', 'if:true', 'if:false', 'while:true', 'overflow', 'for:false'])}`);
      else {
        a.push('--line', String(rng.chance(0.9) ? rng.pick(goalLines(text)) : rng.int(1, text.split('\n').length + 3)));
        if (rng.chance(0.15)) a.push('--column', String(rng.int(1, 40)));
        if (rng.chance(0.4)) a.push('--outcome', rng.pick(['true', 'false', 'true', 'false', 'default', 'case 0', 'case 1', 'case 3', "case 'a'"]));
      }
      if (rng.chance(0.25)) a.push('--where', randomWhere(rng, text));
      if (rng.chance(0.15)) a.push('--all', ...(rng.chance(0.7) ? ['--limit', String(rng.int(1, 20))] : []));
      return [...withFunction(a), ...solverOptions(rng)];
    }
    case 'check':
      return [...withFunction(['check', file]), ...solverOptions(rng)];
    default: {
      const a = [...withFunction(['cover', file]), ...solverOptions(rng)];
      if (rng.chance(0.3)) a.push('--criterion', rng.pick(['statement', 'decision']));
      if (rng.chance(0.15)) a.push('--emit-tests', 'out', '--format', rng.pick(['c', 'testcomp', 'json']));
      if (rng.chance(0.03)) a.push('--validate');
      return a;
    }
  }
}

/**
 * Malformed or unusual command lines (part d). Each gives the argv, extra files
 * or directories it needs, and the exit code it demands when it is an error of
 * the command line itself.
 */
function oddCommand(rng: Rng, file: string, text: string): { argv: string[]; files?: Record<string, string>; dirs?: string[]; expectExit?: number } {
  const line = String(rng.pick(goalLines(text)));
  // The command, its arguments, then options that fit the command.
  // (An option the arguments already give is not given again: the last value would win.)
  const withOpts = (cmd: string, args: string[]) => [cmd, ...args, ...withoutOptionsOf(args, optionsFor(rng, cmd))];
  const kinds: (() => ReturnType<typeof oddCommand>)[] = [
    () => ({ argv: ['cfg', 'no_such_file.c'], expectExit: 2 }),
    () => ({ argv: withOpts(rng.pick(['check', 'cover']), ['missing/dir/x.c']), expectExit: 2 }),
    () => ({ argv: ['reach', 'no_such_file.c', '--line', '3'], expectExit: 2 }),
    () => ({ argv: withOpts(rng.pick(['cfg', 'check', 'cover']), ['adir']), dirs: ['adir'], expectExit: 2 }),
    () => ({ argv: ['reach', 'adir.c', '--line', '1'], dirs: ['adir.c'], expectExit: 2 }),
    () => ({ argv: withOpts(rng.pick(['cfg', 'check']), ['/dev/null']) }),
    () => ({ argv: [rng.pick(['cfg', 'check']), '.'], expectExit: 2 }),
    () => ({ argv: [], expectExit: 2 }),
    () => ({ argv: [rng.pick(['frobnicate', 'CFG', 'reach2', '-x', '--line', ''])], expectExit: 2 }),
    () => ({ argv: [rng.pick(['cfg', 'reach', 'check', 'cover', 'replay'])], expectExit: 2 }),
    () => ({ argv: [rng.pick(['cfg', 'reach', 'check', 'cover', 'replay']), '--help'], expectExit: 0 }),
    () => ({ argv: withOpts('reach', [file]), expectExit: 2 }), // --line missing
    () => ({ argv: withOpts('reach', [file, '--line', rng.pick(['abc', '-1', '1.5', '', ' 3', '0x10', '3abc', '1e3', '+3', '٣'])]), expectExit: 2 }),
    () => ({ argv: ['reach', file, '--line', rng.pick(['0', '99999', '99999999999999999999', '9007199254740993'])] }),
    () => ({ argv: withOpts('reach', [file, '--line', line, '--column', rng.pick(['x', '-2', '1.0'])]), expectExit: 2 }),
    () => ({ argv: withOpts('reach', [file, '--line', line, '--column', rng.pick(['0', '9999', '99999999999999999999'])]) }),
    () => ({
      argv: withOpts('reach', [
        file,
        '--line',
        line,
        '--outcome',
        rng.pick(['maybe', 'TRUE', '1', '', 'case', 'case x', 'case 99999999999999999999', 'default:', 'true false']),
      ]),
    }),
    () => ({ argv: withOpts('reach', [file, '--line', line, '--all', '--limit', rng.pick(['x', '-1', '1.5'])]), expectExit: 2 }),
    () => ({ argv: withOpts('reach', [file, '--line', line, '--all', '--limit', rng.pick(['0', '1', '100000000000'])]) }),
    () => ({ argv: withOpts('reach', [file, '--goal', rng.pick(['', 'nope', 'f:1:stmt', 'f:-1:if:true', ':::', 'f:99999999999999999999:stmt', '%s%n'])]) }),
    () => ({ argv: withOpts('reach', [file, '--goal', 'f:1:stmt', '--line', line]) }),
    () => ({ argv: [rng.pick(['check', 'cover']), file, '--loop-bound', rng.pick(['x', '-1', '1.5', '', '2k']), '--timeout', '500'], expectExit: 2 }),
    () => ({ argv: [rng.pick(['check', 'cover']), file, '--timeout', rng.pick(['x', '-1', '1.5', '', '5s']), '--loop-bound', '2'], expectExit: 2 }),
    () => ({ argv: [rng.pick(['check', 'cover']), file, '--timeout', rng.pick(['0', '1', '99']), '--loop-bound', '2'] }),
    () => ({
      argv: [
        rng.pick(['check', 'cover']),
        file,
        '--loop-bound',
        rng.pick(['0', '9007199254740993', '99999999999999999999']),
        '--timeout',
        '200',
        '--no-runtime-errors',
      ],
    }),
    () => ({ argv: withOpts(rng.pick(['check', 'cover']), [file, '--inline-depth', rng.pick(['x', '-1'])]), expectExit: 2 }),
    () => ({ argv: withOpts(rng.pick(['check', 'cover']), [file, '--pointer-array-length', rng.pick(['x', '-1', '1.5'])]), expectExit: 2 }),
    () => ({ argv: withOpts(rng.pick(['check', 'cover']), [file, '--pointer-array-length', rng.pick(['0', '100000', '99999999999'])]) }),
    () => ({ argv: withOpts(rng.pick(['cfg', 'check']), [file, '--data-model', rng.pick(['LP32', '', 'x', 'ILP64'])]), expectExit: 2 }),
    () => ({ argv: ['cfg', file, '--json', '--dot'], expectExit: 2 }),
    () => ({ argv: ['cfg', file, '--function', rng.pick(['', 'no_such_function', 'f g', '*', 'main'])] }),
    () => ({ argv: withOpts(rng.pick(['check', 'cover']), [file, '--function', rng.pick(['', 'no_such_function', 'f g'])]) }),
    () => ({ argv: withOpts(rng.pick(['cfg', 'check', 'cover']), [file, rng.pick(['--frobnicate', '-z', '--line=', '--', '---', '-'])]) }),
    () => ({ argv: withOpts(rng.pick(['cfg', 'check']), [file, 'extra.c']), files: { 'extra.c': 'int g(int x) { return x; }\n' } }),
    () => ({ argv: withOpts('cover', [file, '--criterion', rng.pick(['branch', 'MCDC', '', 'STATEMENT'])]), expectExit: 2 }),
    () => ({ argv: withOpts('cover', [file, '--criterion', 'mcdc']) }),
    () => ({ argv: withOpts('cover', [file, '--emit-tests', 'out', '--format', rng.pick(['xml', '', 'C'])]), expectExit: 2 }),
    () => ({ argv: withOpts('cover', [file, '--emit-tests', rng.pick(['afile', 'afile/sub', '', '/proc/nope'])]), files: { afile: 'x' } }),
    () => ({ argv: withOpts('cover', [file, '--emit-tests', 'out', '--format', rng.pick(['c', 'testcomp', 'json'])]) }),
    () => ({ argv: withOpts(rng.pick(['cfg', 'check']), [file, '--compiler', rng.pick(['no-such-compiler-xyz', 'false', 'true', 'cat', '/', 'gcc', ''])]) }),
    () => ({
      argv: withOpts(rng.pick(['cfg', 'check']), [file, '-I', rng.pick(['no_such_dir', '', '/']), '-D', rng.pick(['=', '1abc', 'X=(', 'f(x)=x', '-', 'A B'])]),
    }),
    () => ({
      argv: withOpts(rng.pick(['cfg', 'check']), [file, '--compile-commands', 'cc.json']),
      files: {
        'cc.json': rng.pick([
          '',
          '{',
          '[]',
          '{"a":1}',
          '[{"file":"x.c"}]',
          `[{"directory":".","file":"${file}","command":"cc -DX=1 -c ${file}"}]`,
          `[{"directory":"/nonexistent","file":"${file}","arguments":["cc","-I","/nope","-D"]}]`,
          '[{"directory":".","file":"input.c","arguments":42}]',
          'null',
        ]),
      },
    }),
    () => ({ argv: withOpts(rng.pick(['cfg', 'check']), [file, '--compile-commands', rng.pick(['no_such.json', 'adir'])]), dirs: ['adir'] }),
    () => ({ argv: ['replay', rng.pick(['nosuite', 'suite', 'afile']), file], dirs: ['suite'], files: { afile: 'x' } }),
    () => ({
      argv: ['replay', 'suite', file, '--timeout', rng.pick(['x', '0', '-1', '100'])],
      dirs: ['suite'],
      files: {
        'suite/metadata.xml': rng.pick(['', '<test-metadata>', '<?xml version="1.0"?><test-metadata><entryfunction>main</entryfunction></test-metadata>']),
        'suite/test1.xml': rng.pick([
          '',
          '<testcase><input>1</input></testcase>',
          '<testcase><input>abc</input><input>99999999999999999999</input></testcase>',
          '\u0000',
        ]),
      },
    }),
    () => ({ argv: ['replay', 'suite'], dirs: ['suite'], expectExit: 2 }),
    () => ({ argv: ['replay', 'suite', file, 'extra', '--frob'], dirs: ['suite'], expectExit: 2 }),
    () => ({ argv: withOpts('reach', [file, '--line', line, '--line', String(Number(line) + 1)]) }),
    () => ({ argv: withOpts('reach', [file, `--line=${line}`, `--outcome=${rng.pick(['true', 'false'])}`]) }),
    () => ({ argv: ['cfg', '-weird name.c'], files: { '-weird name.c': text } }),
    () => {
      const name = rng.pick(['sp ace.c', 'ünï.c', 'noext', 'x.h', 'x.i', 'x.cpp', `${'n'.repeat(200)}.c`]);
      return { argv: withOpts(rng.pick(['cfg', 'check']), [name]), files: { [name]: text } };
    },
  ];
  return rng.pick(kinds)();
}

// ---------------------------------------------------------------------------
// The corpus.

export interface CorpusOptions {
  seed: number;
  count: number;
  seeds?: Seeds;
}

/**
 * The corpus for a seed: `count` cases. The catalogue comes first (each
 * program with cfg and with a random solver command), then the malformed
 * --where list, then a random mix of mutations (about 2/3), garbage and odd
 * command lines. With a smaller count the list is cut (the catalogue first).
 */
export function buildCorpus({ seed, count, seeds = loadSeeds() }: CorpusOptions): FuzzCase[] {
  const rng = new Rng(seed);
  const cases: FuzzCase[] = [];
  const add = (
    kind: string,
    origin: string,
    files: Record<string, string | Uint8Array>,
    argv: string[],
    extra: { dirs?: string[]; expectExit?: number } = {},
  ) => {
    if (cases.length >= count) return;
    const id = `${String(cases.length).padStart(4, '0')}-${kind}`;
    cases.push({ id, kind, origin, files, argv, ...extra, hash: caseHash(files, extra.dirs, argv) });
  };
  const FILE = 'input.c';

  // (c) every construct of the catalogue: its CFG, then a solver command on it.
  for (const p of seeds.catalogue) {
    const r = rng.fork(`catalogue:${p.name}`);
    add('catalogue', p.name, { [FILE]: p.text }, ['cfg', FILE, '--json']);
    add('catalogue', p.name, { [FILE]: p.text }, randomCommand(r, FILE, p.text, { cfg: 0, reach: 3, check: 2, cover: 2 }));
  }

  // (d) every malformed --where, on a goal of some program.
  const programs = [...seeds.fixtures, ...seeds.catalogue];
  MALFORMED_WHERE.forEach((w, i) => {
    const r = rng.fork(`where:${i}`);
    const p = r.pick(programs);
    const argv = ['reach', FILE, '--line', String(r.pick(goalLines(p.text))), '--where', w, '--timeout', '500', '--loop-bound', '2'];
    if (r.chance(0.5)) argv.push('--outcome', r.pick(['true', 'false']));
    add('where', `malformed --where on ${p.name}`, { [FILE]: p.text }, argv, { expectExit: 2 });
  });

  // The rest: mutations, garbage and odd command lines.
  const garbageKinds = Object.keys(garbage);
  for (let i = 0; cases.length < count; i++) {
    const r = rng.fork(`mix:${i}`);
    const part = r.weighted([
      ['mutation', 68],
      ['garbage', 14],
      ['cmdline', 18],
    ] as const);
    if (part === 'mutation') {
      const p = r.chance(0.65) ? r.pick(seeds.fixtures) : r.pick(seeds.catalogue);
      const m = mutate(p.text, r, r.pick(programs).text);
      add('mutation', `mutation of ${p.name} (${m.ops.join(', ')})`, { [FILE]: m.text }, randomCommand(r, FILE, m.text));
    } else if (part === 'garbage') {
      // The command first: big inputs for the front end alone, moderate ones for the solver.
      const g = r.pick(garbageKinds);
      const frontEndOnly = r.chance(0.4);
      const content = garbage[g](r, frontEndOnly);
      const text = typeof content === 'string' ? content : Buffer.from(content).toString('latin1');
      const argv = randomCommand(
        r,
        FILE,
        text.slice(0, 100_000),
        frontEndOnly ? { cfg: 1, reach: 0, check: 0, cover: 0 } : { cfg: 0, reach: 4, check: 1.5, cover: 1.5 },
      );
      add('garbage', `garbage: ${g}${frontEndOnly ? ' (big)' : ''}`, { [FILE]: content }, argv);
    } else {
      const p = r.pick(programs);
      const odd = oddCommand(r, FILE, p.text);
      add('cmdline', `command line on ${p.name}`, { [FILE]: p.text, ...(odd.files ?? {}) }, odd.argv, { dirs: odd.dirs, expectExit: odd.expectExit });
    }
  }
  return cases;
}

/** The shell command that reproduces a case from its directory. */
export function shellCommand(c: FuzzCase, cli = 'node dist/cli.js'): string {
  const q = (s: string) => (/^[\w./=:@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  return `${cli} ${c.argv.map(q).join(' ')}`;
}
