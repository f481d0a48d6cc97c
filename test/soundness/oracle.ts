// Ground truth from gcc: the instrumented program, compiled with UBSan
// (-fsanitize=undefined,float-cast-overflow -fno-sanitize-recover=all), run
// once per input in a forked child. Its probes write into shared memory which
// statements started and which decision outcomes were taken; the first
// undefined behaviour (a UBSan report, or one of the explicit index, pointer
// and assertion checks of the instrumented text) ends the child, so every
// probe it recorded fired before any undefined behaviour.
//
// Output protocol of the driver (stdout and stderr are one stream, the parent
// waits for each child):
//   @in N                       before input N runs
//   prog.c:L:C: runtime error: M    UBSan's report (from the child)
//   @fail ID KIND               an explicit check failed (KIND 1 bounds, 2 null, 3 assertion, 4 signed overflow, 5 float-to-int)
//   @ret V                      the function returned V (decimal, or h + the 16 hex digits of a double)
//   @end N EXIT SIGNAL S1 S2 .. the child's exit status and the probe slots it set

import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { type CType, inRange, isInt } from './ctypes';
import type { Generated } from './generator';

export type ErrorKind = 'overflow' | 'div-by-zero' | 'div-overflow' | 'shift' | 'float-to-int' | 'bounds' | 'null' | 'assert' | 'other';

/** The first undefined behaviour (or failed assertion) of a run, at a position of the original program. */
export interface ErrorEvent {
  kind: ErrorKind;
  line: number;
  col: number;
  message: string;
  /** The explicit check that reported it, if any. */
  check?: number;
  /** Goal kinds that may name it, when more than `kind` (all of them count as one group). */
  kinds?: ErrorKind[];
}

export interface Observation {
  /** Probe slots set before the run ended. */
  hits: Set<number>;
  status: 'returned' | 'error' | 'timeout' | 'crash';
  error?: ErrorEvent;
  /** Printed return value (see the protocol above). */
  ret?: string;
  /** What the run printed (for messages). */
  text: string;
}

const prelude = String.raw`#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
static volatile unsigned char *__h;
static unsigned char __sp[1024];
static void __fail(int id, int kind) {
  char m[64];
  int n = snprintf(m, sizeof m, "@fail %d %d\n", id, kind);
  if (write(1, m, n) < 0) _exit(78);
  _exit(77);
}
/* p + i (elements of size sz) must designate an element of p's object: the n bytes at b, which the twin
   records with each assignment of p (its provenance: a local, a local array, a struct member; p may point
   one past it, as &s.x + 1 does, and then designates nothing). */
static void __pchk(int id, const void *p, __int128 i, unsigned long sz, const void *b, unsigned long n) {
  if (!p) __fail(id, 2);
  __int128 lo = (__int128)((const char *)p - (const char *)b) + i * (__int128)sz;
  if (lo < 0 || lo + (__int128)sz > (__int128)n) __fail(id, 1);
}
/* Probes with a user expression are functions, not macros: gcc locates undefined
   behaviour inside a macro argument at the macro's name, not at the operator. */
#define __ST(s) (__h[s] = 1)
static int __br(int s, int v) { __h[v ? s : s + 1] = 1; return v; }
static void __sw(int w) { __sp[w] = 1; }
#define __CS(w, s) (__sp[w] ? (__sp[w] = 0, __h[s] = 1) : 0)
static __int128 __ix(int c, __int128 i, long n) { if (i < 0 || i >= n) __fail(c, 1); return i; }
static __int128 __pi(int c, const void *p, __int128 i, unsigned long sz, const void *b, unsigned long n) { __pchk(c, p, i, sz, b, n); return i; }
#define __PD(c, p, b, n) ({ __typeof__(p) __pp##c = (p); __pchk(c, __pp##c, 0, sizeof *__pp##c, b, n); __pp##c; })
static void __as(int c, int v) { if (!v) __fail(c, 3); }
`;

function parseParam(t: CType, v: string, i: number): string {
  if (t.kind === 'float')
    return `    unsigned long long __b${i} = strtoull(tok[${i}] + 1, 0, 16); double __d${i}; memcpy(&__d${i}, &__b${i}, 8); ${t.name} ${v} = (${t.name})__d${i};`;
  return `    ${t.name} ${v} = (${t.name})${t.signed ? 'strtoll' : 'strtoull'}(tok[${i}], 0, 10);`;
}

function printResult(t: CType): string {
  if (t.kind === 'float') return 'double __d = __r; unsigned long long __b; memcpy(&__b, &__d, 8); snprintf(m, sizeof m, "@ret h%016llx\\n", __b);';
  return t.signed ? 'snprintf(m, sizeof m, "@ret %lld\\n", (long long)__r);' : 'snprintf(m, sizeof m, "@ret %llu\\n", (unsigned long long)__r);';
}

/**
 * The C file gcc compiles: prelude, the instrumented function (its own line
 * numbers), and a driver that reads all input lines, then runs them in a
 * forked child one after the other; when undefined behaviour ends the child,
 * the parent reports that input from the shared probe memory and forks the
 * next child from the following input (a fork per input is slow).
 */
export function harness(g: Generated): string {
  const n = g.params.length;
  const slots = g.nslots + 1;
  const driver = [
    `#line 1 "driver.c"`,
    'static char **lines;',
    'static void put(const char *s, int n) { if (write(1, s, n) < 0) _exit(78); }',
    'static void report(int idx, int exitcode, int sig) {',
    '  static char out[1 << 16];',
    '  int o = snprintf(out, sizeof out, "@end %d %d %d", idx, exitcode, sig);',
    `  for (int s = 0; s < ${g.nslots}; s++) if (__h[s] && o < (int)sizeof out - 16) o += snprintf(out + o, sizeof out - o, " %d", s);`,
    "  out[o++] = '\\n';",
    '  put(out, o);',
    '}',
    'static void child(int from, int count, volatile int *cur) {',
    '  for (int idx = from; idx < count; idx++) {',
    `    char buf[4096]; strncpy(buf, lines[idx], sizeof buf - 1); buf[sizeof buf - 1] = 0;`,
    `    char *tok[${Math.max(1, n)}]; char *save = 0; int nt = 0;`,
    `    for (char *s = strtok_r(buf, " \\n", &save); s && nt < ${Math.max(1, n)}; s = strtok_r(0, " \\n", &save)) tok[nt++] = s;`,
    `    if (nt < ${n}) _exit(79);`,
    ...g.params.map((p, i) => parseParam(p.type, `__a${i}`, i)),
    `    memset((void *)__h, 0, ${slots});`,
    '    memset(__sp, 0, sizeof __sp);',
    '    *cur = idx;',
    '    char m[128];',
    '    put(m, snprintf(m, sizeof m, "@in %d\\n", idx));',
    '    alarm(3);',
    `    ${g.ret.name} __r = f(${g.params.map((_, i) => `__a${i}`).join(', ')});`,
    '    alarm(0);',
    `    ${printResult(g.ret)}`,
    '    put(m, strlen(m));',
    '    report(idx, 0, 0);',
    '  }',
    '  _exit(0);',
    '}',
    'int main(void) {',
    '  dup2(1, 2);',
    `  __h = mmap(0, ${slots}, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);`,
    '  volatile int *cur = mmap(0, sizeof(int), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);',
    '  int count = 0, cap = 1024;',
    '  lines = malloc(cap * sizeof *lines);',
    '  char line[4096];',
    '  while (fgets(line, sizeof line, stdin)) {',
    '    if (count == cap) lines = realloc(lines, (cap *= 2) * sizeof *lines);',
    '    lines[count++] = strdup(line);',
    '  }',
    '  int from = 0;',
    '  while (from < count) {',
    '    *cur = -1;',
    '    pid_t pid = fork();',
    '    if (pid == 0) child(from, count, cur);',
    '    int st = 0;',
    '    waitpid(pid, &st, 0);',
    '    if (WIFEXITED(st) && WEXITSTATUS(st) == 0) break;',
    '    int idx = *cur;',
    '    if (idx < from) { fprintf(stderr, "child failed before input %d\\n", from); return 2; }',
    '    report(idx, WIFEXITED(st) ? WEXITSTATUS(st) : -1, WIFSIGNALED(st) ? WTERMSIG(st) : 0);',
    '    from = idx + 1;',
    '  }',
    '  return 0;',
    '}',
  ];
  return [prelude, '#line 1 "prog.c"', ...g.instrumented, ...driver, ''].join('\n');
}

function run(
  cmd: string,
  args: string[],
  opts: { input?: string; timeoutMs: number; cwd?: string },
): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, opts.timeoutMs);
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), timedOut });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(opts.input ?? '');
  });
}

export { run as runProcess };

/** Compiles the harness of `g` in `dir`; returns the executable's path. Throws with gcc's messages on failure. */
export async function compile(g: Generated, dir: string, compiler = process.env.CC ?? 'gcc'): Promise<string> {
  // The original must be valid C too (CReach reads it), line for line with the instrumented text.
  const orig = path.join(dir, 'prog.c');
  writeFileSync(orig, g.source);
  if (g.source.split('\n').length !== g.instrumented.length + 1) throw new Error('instrumented text is not line for line with the original');
  const syntax = await run(compiler, ['-std=gnu11', '-fsyntax-only', '-w', orig], { timeoutMs: 60_000 });
  if (syntax.code !== 0) throw new Error(`gcc rejects the generated program ${orig}:\n${syntax.stderr}`);
  const src = path.join(dir, 'oracle.c');
  const exe = path.join(dir, 'oracle');
  writeFileSync(src, harness(g));
  const r = await run(compiler, ['-std=gnu11', '-O0', '-w', '-fsanitize=undefined,float-cast-overflow', '-fno-sanitize-recover=all', '-o', exe, src], {
    timeoutMs: 120_000,
  });
  if (r.code !== 0) throw new Error(`gcc failed on ${src}:\n${r.stderr}`);
  return exe;
}

/** The input line of one tuple of parameter values. */
export function inputLine(g: Generated, values: (bigint | number)[]): string {
  return values.map((v, i) => encode(g.params[i].type, v)).join(' ');
}

function encode(t: CType, v: bigint | number): string {
  if (t.kind === 'int') return String(v);
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, Number(v));
  return `h${buf.getBigUint64(0).toString(16).padStart(16, '0')}`;
}

/** A JSON datum value of CReach as a value of type t, or an error message. */
export function fromJson(t: CType, v: unknown): bigint | number | string {
  if (isInt(t)) {
    if (typeof v !== 'number' && typeof v !== 'string') return `not an integer: ${JSON.stringify(v)}`;
    if (typeof v === 'number' && !Number.isInteger(v)) return `not an integer: ${v}`;
    let b: bigint;
    try {
      b = BigInt(v);
    } catch {
      return `not an integer: ${JSON.stringify(v)}`;
    }
    return inRange(t, b) ? b : `${b} is outside the range of ${t.name}`;
  }
  let x: number;
  if (typeof v === 'number') x = v;
  else if (v === 'nan') x = NaN;
  else if (v === 'inf') x = Infinity;
  else if (v === '-inf') x = -Infinity;
  else if (v === '-0') x = -0;
  else return `not a floating value: ${JSON.stringify(v)}`;
  if (t.bits === 32 && !Number.isNaN(x) && Math.fround(x) !== x) return `${x} is not a float value`;
  return x;
}

/** The double printed as `h` + hex bits. */
export function doubleOf(hex: string): number {
  const buf = new DataView(new ArrayBuffer(8));
  buf.setBigUint64(0, BigInt(`0x${hex.slice(1)}`));
  return buf.getFloat64(0);
}

/** `@fail id KIND`: the kinds of the explicit checks. */
const failKinds: Record<number, [ErrorKind, string]> = {
  1: ['bounds', 'out-of-bounds'],
  2: ['null', 'null pointer'],
  3: ['assert', 'assertion'],
  4: ['overflow', 'signed overflow'],
  5: ['float-to-int', 'float-to-integer conversion'],
};

const ubsanLine = /^(.*?):(\d+):(\d+): runtime error: (.*)$/;

export function ubsanKind(message: string): ErrorKind {
  if (/^signed integer overflow/.test(message) || /^negation of .* cannot be represented/.test(message)) return 'overflow';
  if (/^division by zero/.test(message)) return 'div-by-zero';
  if (/^division of .* by -1 cannot be represented/.test(message)) return 'div-overflow';
  // A signed left shift whose result is not representable (`16 << 31`): CReach's goal catalogue names it
  // `overflow`, its model reports it under `shift` (see `errorKinds`).
  if (/^left shift of .* places cannot be represented/.test(message)) return 'overflow';
  if (/^shift exponent/.test(message) || /^left shift of/.test(message)) return 'shift';
  if (/is outside the range of representable values/.test(message)) return 'float-to-int';
  if (/^index .* out of bounds/.test(message)) return 'bounds';
  if (/null pointer/.test(message)) return 'null';
  return 'other';
}

/** The goal kinds that may name a UBSan report: a left shift that overflows is either goal's. */
export function errorKinds(message: string): ErrorKind[] | undefined {
  return /^left shift of .* places cannot be represented/.test(message) ? ['overflow', 'shift'] : undefined;
}

/** Runs the executable on the input lines; one observation per line. */
export async function observe(g: Generated, exe: string, lines: string[], timeoutMs = 300_000): Promise<Observation[]> {
  const r = await run(exe, [], { input: lines.map((l) => `${l}\n`).join(''), timeoutMs });
  if (r.timedOut) throw new Error(`oracle run timed out after ${timeoutMs} ms`);
  if (r.code !== 0) throw new Error(`oracle driver failed (exit ${r.code}, signal ${r.signal}): ${r.stderr.slice(0, 2000)}`);
  const obs: Observation[] = [];
  let cur: { idx: number; text: string[]; error?: ErrorEvent; ret?: string } | null = null;
  for (const line of r.stdout.split('\n')) {
    if (line.startsWith('@in ')) {
      cur = { idx: Number(line.slice(4)), text: [] };
      continue;
    }
    if (!cur) continue;
    if (line.startsWith('@end ')) {
      const [idx, exit, signal, ...slots] = line.slice(5).split(' ').map(Number);
      if (idx !== cur.idx) throw new Error(`oracle output out of order at input ${idx}`);
      const hits = new Set(slots);
      let status: Observation['status'];
      if (cur.error) status = 'error';
      else if (signal === 14) status = 'timeout';
      else if (exit === 0 && cur.ret !== undefined) status = 'returned';
      else status = 'crash';
      obs[idx] = { hits, status, error: cur.error, ret: cur.ret, text: cur.text.join('\n') };
      cur = null;
      continue;
    }
    cur.text.push(line);
    if (line.startsWith('@ret ')) cur.ret = line.slice(5);
    else if (line.startsWith('@fail ') && !cur.error) {
      const [id, kind] = line.slice(6).split(' ').map(Number);
      const c = g.checks[id];
      const what = failKinds[kind] ?? failKinds[1];
      cur.error = { kind: what[0], line: c.line, col: c.col, message: `${what[1]} check of \`${c.text}\``, check: id };
    } else {
      const m = ubsanLine.exec(line);
      if (m && !cur.error) {
        const l = Number(m[2]);
        const c = Number(m[3]);
        const inProg = m[1].endsWith('prog.c');
        const col = inProg ? (g.colMaps[l - 1]?.[c - 1] ?? c) : c;
        cur.error = { kind: inProg ? ubsanKind(m[4]) : 'other', line: inProg ? l : -l, col, message: m[4], kinds: inProg ? errorKinds(m[4]) : undefined };
      }
    }
  }
  if (obs.length !== lines.length || obs.some((o) => !o)) throw new Error(`oracle gave ${obs.filter(Boolean).length} observations for ${lines.length} inputs`);
  return obs;
}

/** Every combination of the domain's values (the first parameter varies slowest). */
export function domainInputs(g: Generated): (bigint | number)[][] {
  let out: (bigint | number)[][] = [[]];
  for (const values of g.domain) out = out.flatMap((prefix) => values.map((v) => [...prefix, v]));
  return out;
}
