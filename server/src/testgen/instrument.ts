// An instrumented copy of the source for validation: probes inserted at the
// IR's ranges record which blocks ran, which outcome each decision took,
// which switch values were seen, which assertions and error calls were
// reached, and whether each `ensures` clause held on return (its C text
// evaluated after each `return`, with `\result` and the entry values of
// `\old(e)` and of the parameters). Probes only record: every insertion keeps
// the value, type and evaluation order of the code it wraps, and no newline
// is inserted, so line numbers (sanitizer messages, gcov) stay those of the
// original.

import type { IRFunction, Program, SourceRange } from '../ir/ir';
import { LineIndex } from '../ir/source';
import { parseC, type SyntaxNode } from '../frontend/parser';
import { pointStatements } from '../goals/catalogue';
import { conditionsOf } from '../goals/mcdc';
import { declare } from './cvalues';
import { indeterminateInsertions } from './indeterminate';

export type Probe =
  | { kind: 'block'; fn: string; block: number; line: number }
  /** A statement inside a block (goals.pointStatements): `statement` indexes `block.statements`. */
  | { kind: 'point'; fn: string; block: number; statement: number; line: number }
  | { kind: 'decision'; fn: string; decision: string; line: number }
  | { kind: 'switch'; fn: string; decision: string; line: number }
  | { kind: 'assert'; fn: string; block: number; index: number; line: number }
  | { kind: 'error'; fn: string; block: number; index: number; line: number };

export interface Instrumented {
  text: string;
  probes: Probe[];
  /** Ranges that could not be probed (their goals cannot be observed). */
  skipped: string[];
}

interface Wrap {
  start: number;
  end: number;
  pre: string;
  post: string;
  seq: number;
}

const STATEMENTS = new Set([
  'expression_statement',
  'return_statement',
  'if_statement',
  'while_statement',
  'do_statement',
  'for_statement',
  'switch_statement',
  'break_statement',
  'continue_statement',
  'goto_statement',
  'compound_statement',
  'labeled_statement',
  'case_statement',
  'declaration',
]);

/**
 * `vectors`: each evaluation of a decision with `&&`/`||` conditions also records which conditions it
 * evaluated and their values (MC/DC validation): line `V <decision probe> <vector>:<outcome 0|1>`.
 */
export async function instrumentSource(
  program: Program,
  functions?: string[],
  options: { vectors?: boolean; indeterminate?: boolean } = {},
): Promise<Instrumented> {
  const text = program.source;
  const tree = await parseC(text);
  const lines = new LineIndex(text);
  const probes: Probe[] = [];
  const wraps: Wrap[] = [];
  const skipped: string[] = [];
  const add = (start: number, end: number, pre: string, post: string) => wraps.push({ start, end, pre, post, seq: wraps.length });
  const rangeOf = (r: SourceRange): [number, number] => [lines.offset(r.line, r.column), lines.offset(r.endLine, r.endColumn)];

  /** The node the IR range stands for: a statement when the range is one (a trailing `;` may be outside the range). */
  const nodeAt = (r: SourceRange): SyntaxNode | null => {
    const [s, e] = rangeOf(r);
    if (e <= s) return null;
    let n: SyntaxNode | null = tree.rootNode.descendantForIndex(s, e - 1);
    while (n && n.startIndex > s) n = n.parent;
    if (!n || n.startIndex !== s) return null;
    // Climb to the widest node that starts here and ends within the range (plus a `;`).
    for (let p = n.parent; p && p.startIndex === s && p.type !== 'translation_unit' && p.type !== 'function_definition'; p = p.parent) {
      const extra = text.slice(e, p.endIndex);
      if (p.endIndex > e && !/^\s*;?$/.test(extra)) break;
      n = p;
    }
    return n;
  };

  /** Makes `id` recorded when the code at `r` runs: a statement gets `{ hit; S }`, an expression `(hit, (E))`. */
  const hitAt = (r: SourceRange, id: number): boolean => {
    let n = nodeAt(r);
    if (!n) return false;
    // `int j = 1;` may come as the range of `j = 1`: probe the declaration, or, for a later declarator, its value.
    if (n.type === 'init_declarator' && n.parent?.type === 'declaration') {
      const first = n.parent.childForFieldName('declarator');
      const value = n.childForFieldName('value');
      if (first && first.startIndex === n.startIndex) n = n.parent;
      else if (value) n = value;
      else return false;
    }
    if (n.type === 'declaration' && n.parent?.type === 'for_statement') n = n.parent;
    const call = `creach_probe_hit(${id})`;
    if (n.type === 'case_statement' || n.type === 'labeled_statement') {
      const colon = n.children.find((c) => c?.type === ':');
      if (!colon) return false;
      add(colon.endIndex, colon.endIndex, ` ${call};`, '');
    } else if (n.type === 'declaration') {
      add(n.startIndex, n.startIndex, `${call}; `, '');
    } else if (STATEMENTS.has(n.type)) {
      add(n.startIndex, n.endIndex, `{ ${call}; `, ' }');
    } else {
      add(n.startIndex, n.endIndex, `(${call}, (`, '))');
    }
    return true;
  };

  // Declarations of uninitialised locals that read the datum's values (testgen/indeterminate.ts).
  if (options.indeterminate) for (const i of indeterminateInsertions(program)) add(i.at, i.at, i.text, '');
  for (const fn of program.functions) {
    if (functions && !functions.includes(fn.name)) continue;
    for (const b of fn.blocks) {
      if (b.hasCode && b.range) {
        const id = probes.length;
        if (hitAt(b.range, id)) probes.push({ kind: 'block', fn: fn.name, block: b.id, line: b.range.line });
        else skipped.push(`${fn.name}: block ${b.id} at line ${b.range.line}`);
      }
      for (const { statement, start } of pointStatements(b)) {
        const id = probes.length;
        if (hitAt(start.range, id)) probes.push({ kind: 'point', fn: fn.name, block: b.id, statement, line: start.range.line });
        else skipped.push(`${fn.name}: statement at line ${start.range.line}`);
      }
      b.instrs.forEach((instr, index) => {
        if (instr.kind === 'error') {
          const id = probes.length;
          if (hitAt(instr.range, id)) probes.push({ kind: 'error', fn: fn.name, block: b.id, index, line: instr.range.line });
          else skipped.push(`${fn.name}: error call at line ${instr.range.line}`);
        } else if (instr.kind === 'assert' && instr.origin === 'assert') {
          const id = probes.length;
          if (assertProbe(instr.range, id)) probes.push({ kind: 'assert', fn: fn.name, block: b.id, index, line: instr.range.line });
          else skipped.push(`${fn.name}: assertion at line ${instr.range.line}`);
        }
      });
    }
    // Before the decision probes: a return value's wrap encloses theirs.
    ensuresProbes(fn);
    decisionProbes(fn);
  }

  /**
   * Each `ensures` clause checked on return: at the body's start, entry copies of the parameters and of each
   * `\old(e)` (ACSL: parameters in a postcondition are their entry values) and the result variable;
   * `return E;` becomes `return (creach_result = (E), <checks>, creach_result);` (the assignment converts
   * as `return` does), and `return;` or the end of a void body runs the checks first. A clause with other ACSL
   * constructs (`==>`, `\valid`, ranges) is not observed.
   */
  function ensuresProbes(fn: IRFunction): void {
    const clauses: { block: number; index: number; text: string; line: number }[] = [];
    for (const b of fn.blocks)
      b.instrs.forEach((instr, index) => {
        if (instr.kind === 'assert' && instr.origin === 'ensures') clauses.push({ block: b.id, index, text: instr.text, line: instr.range.line });
      });
    if (!clauses.length) return;
    const skipAll = () => clauses.forEach((c) => skipped.push(`${fn.name}: ensures at line ${c.line}`));
    const [defStart] = rangeOf(fn.range);
    let def: SyntaxNode | null = tree.rootNode.descendantForIndex(defStart, defStart);
    while (def && def.type !== 'function_definition') def = def.parent;
    const body = def?.childForFieldName('body');
    const ret = fn.type.kind === 'function' ? fn.type.ret : undefined;
    if (!def || !body || !ret || ret.kind === 'array' || ret.kind === 'function') return skipAll();
    const params = fn.params.map((id) => program.vars.get(id)?.name).filter((n): n is string => !!n);
    const entry: string[] = [];
    const checks: string[] = [];
    let olds = 0;
    for (const c of clauses) {
      const cText = ensuresAsC(c.text, params, (e) => {
        const name = `creach_old_${olds++}`;
        entry.push(`__auto_type ${name} __attribute__((unused)) = (${e});`);
        return name;
      });
      if (cText === null) {
        skipped.push(`${fn.name}: ensures at line ${c.line}`);
        continue;
      }
      const id = probes.length;
      probes.push({ kind: 'assert', fn: fn.name, block: c.block, index: c.index, line: c.line });
      checks.push(`((${cText}) ? creach_probe_true(${id}) : creach_probe_false(${id}))`);
    }
    if (!checks.length) return;
    const copies = params.map((p) => `__auto_type creach_param_${p} __attribute__((unused)) = ${p};`);
    const result = ret.kind === 'void' ? [] : [`${declare(ret, 'creach_result')} __attribute__((unused));`];
    add(body.startIndex + 1, body.startIndex + 1, ` ${[...copies, ...entry, ...result].join(' ')}`, '');
    const returns: SyntaxNode[] = [];
    const visit = (n: SyntaxNode) => {
      if (n.type === 'return_statement') returns.push(n);
      for (const ch of n.namedChildren) if (ch) visit(ch);
    };
    visit(body);
    for (const r of returns) {
      const value = r.namedChildren[0];
      if (value && ret.kind !== 'void') add(value.startIndex, value.endIndex, '(creach_result = (', `), ${checks.join(', ')}, creach_result)`);
      else if (!value) add(r.startIndex, r.endIndex, `{ ${checks.join('; ')}; `, ' }');
    }
    // Falling off the end of a void function returns too.
    if (ret.kind === 'void') add(body.endIndex - 1, body.endIndex - 1, ` ${checks.join('; ')}; `, '');
  }

  function assertProbe(r: SourceRange, id: number): boolean {
    const [s, e] = rangeOf(r);
    let n: SyntaxNode | null = tree.rootNode.descendantForIndex(s, Math.max(s, e - 1));
    while (n && !(n.type === 'call_expression' && ['assert', '__VERIFIER_assert'].includes(n.childForFieldName('function')?.text ?? ''))) n = n.parent;
    const args = n?.childForFieldName('arguments');
    const arg = args?.namedChildren[0];
    if (!arg || args!.namedChildren.length !== 1) return false;
    add(arg.startIndex, arg.endIndex, '((', `) ? creach_probe_true(${id}) : creach_probe_false(${id}))`);
    return true;
  }

  function decisionProbes(fn: IRFunction): void {
    const branching = new Set<string>();
    const switches = new Set<string>();
    for (const b of fn.blocks) {
      if (b.terminator.kind === 'branch') branching.add(b.terminator.decision);
      if (b.terminator.kind === 'switch') switches.add(b.terminator.decision);
    }
    /** The probe of each decision with conditions, and its conditions in evaluation order (as goals/mcdc.ts numbers them). */
    const vectorOf = new Map<string, { probe: number; conditions: string[] }>();
    for (const d of fn.decisions) {
      if (d.synthetic) continue;
      // The condition alone: a `?:` decision's range is the whole conditional, whose value the probe must not replace.
      const [s, e] = rangeOf(d.condition ?? d.range);
      if (e <= s) {
        skipped.push(`${fn.name}: decision ${d.id}`);
        continue;
      }
      const id = probes.length;
      if (switches.has(d.id)) {
        add(s, e, '({ __auto_type creach_sv = (', `); creach_probe_switch(${id}, (long long)creach_sv); creach_sv; })`);
        probes.push({ kind: 'switch', fn: fn.name, decision: d.id, line: d.range.line });
      } else if (branching.has(d.id) || d.kind !== 'condition') {
        const whole = options.vectors ? vectorOf.get(d.parent ?? '') : undefined;
        const conditions = options.vectors ? conditionsOf(fn, d.id).map((c) => c.id) : [];
        if (whole && whole.conditions.includes(d.id)) {
          const k = `${whole.probe}, ${whole.conditions.indexOf(d.id)}, ${whole.conditions.length}`;
          add(s, e, '((', `) ? creach_probe_vtrue(${id}, ${k}) : creach_probe_vfalse(${id}, ${k}))`);
        } else if (conditions.length > 0) {
          vectorOf.set(d.id, { probe: id, conditions });
          add(s, e, '((', `) ? creach_probe_dtrue(${id}) : creach_probe_dfalse(${id}))`);
        } else add(s, e, '((', `) ? creach_probe_true(${id}) : creach_probe_false(${id}))`);
        probes.push({ kind: 'decision', fn: fn.name, decision: d.id, line: d.range.line });
      }
    }
  }

  return { text: applyWraps(text, wraps), probes, skipped };
}

/**
 * An `ensures` clause as C for the instrumented function: `\result` is `creach_result`, each `\old(e)` the
 * name `old(e)` gives its entry copy, and each parameter its entry copy `creach_param_<name>`. Null when the
 * clause has ACSL beyond C's expressions, or a literal that a plain identifier scan could misread.
 */
export function ensuresAsC(text: string, params: string[], old: (e: string) => string): string | null {
  if (/\\(?!result\b|old\b)|==>|<==>|\.\.|["']/.test(text)) return null;
  let out = '';
  let i = 0;
  for (;;) {
    const k = text.indexOf('\\old', i);
    if (k < 0) break;
    const open = text.indexOf('(', k);
    if (open < 0 || text.slice(k + 4, open).trim() !== '') return null;
    let depth = 0;
    let close = open;
    for (; close < text.length; close++) {
      if (text[close] === '(') depth++;
      else if (text[close] === ')' && --depth === 0) break;
    }
    if (close >= text.length) return null;
    out += `${text.slice(i, k)}\u0000${old(text.slice(open + 1, close))}\u0000`;
    i = close + 1;
  }
  out += text.slice(i);
  const names = new Set(params);
  // Parameters (not members: `.x`, `->x`) are their entry copies; \old's names are left as they are.
  return out
    .split('\u0000')
    .map((part, n) =>
      n % 2 === 1
        ? part
        : part.replace(/\\result\b/g, 'creach_result').replace(/(?<!\.\s*)(?<!->\s*)\b[A-Za-z_]\w*\b/g, (id) => (names.has(id) ? `creach_param_${id}` : id)),
    )
    .join('');
}

/** Inserts every wrap; nested wraps open outer-first and close inner-first. */
function applyWraps(text: string, wraps: Wrap[]): string {
  type Ins = { pos: number; text: string; open: boolean; other: number; seq: number };
  const ins: Ins[] = [];
  for (const w of wraps) {
    if (w.pre) ins.push({ pos: w.start, text: w.pre, open: true, other: w.end, seq: w.seq });
    if (w.post) ins.push({ pos: w.end, text: w.post, open: false, other: w.start, seq: w.seq });
  }
  ins.sort((a, b) => {
    if (a.pos !== b.pos) return a.pos - b.pos;
    if (a.open !== b.open) return a.open ? 1 : -1; // close what ends here before opening what starts here
    if (a.open) return b.other - a.other || a.seq - b.seq; // outer (ends later) opens first
    return b.other - a.other || b.seq - a.seq; // inner (starts later) closes first
  });
  let out = '';
  let last = 0;
  for (const i of ins) {
    out += text.slice(last, i.pos) + i.text;
    last = i.pos;
  }
  return out + text.slice(last);
}

/** Declarations the harness puts before the instrumented source, and the probe runtime after it. */
export function probeRuntime(count: number): { before: string; after: string } {
  const before = [
    '/* Probes of the instrumented source (validation build only). */',
    'static void creach_probe_hit(int id);',
    'static int creach_probe_true(int id);',
    'static int creach_probe_false(int id);',
    'static void creach_probe_switch(int id, long long value);',
    'static int creach_probe_vtrue(int id, int d, int k, int n);',
    'static int creach_probe_vfalse(int id, int d, int k, int n);',
    'static int creach_probe_dtrue(int id);',
    'static int creach_probe_dfalse(int id);',
  ].join('\n');
  const after = String.raw`
/* Each distinct event is written once, at once (a crash or a sanitizer abort keeps what was seen). */
static unsigned char creach_probe_seen[${Math.max(count, 1)}][2];
static FILE *creach_probe_out;
static int creach_probe_open(void)
{
    if (!creach_probe_out) {
        const char *path = getenv("CREACH_PROBE_FILE");
        creach_probe_out = fopen(path ? path : "/dev/null", "a");
    }
    return creach_probe_out != 0;
}
static void creach_probe_emit(const char *kind, int id, long long value)
{
    if (!creach_probe_open()) return;
    fprintf(creach_probe_out, "%s %d %lld\n", kind, id, value);
    fflush(creach_probe_out);
}
static void creach_probe_hit(int id)
{
    if (!creach_probe_seen[id][0]) { creach_probe_seen[id][0] = 1; creach_probe_emit("H", id, 0); }
}
static int creach_probe_true(int id)
{
    if (!creach_probe_seen[id][1]) { creach_probe_seen[id][1] = 1; creach_probe_emit("T", id, 0); }
    return 1;
}
static int creach_probe_false(int id)
{
    if (!creach_probe_seen[id][0]) { creach_probe_seen[id][0] = 1; creach_probe_emit("F", id, 0); }
    return 0;
}
static void creach_probe_switch(int id, long long value)
{
    creach_probe_emit("S", id, value);
}
/* MC/DC: the conditions an evaluation of a decision took (T, F, - per condition), written with its outcome. */
static char creach_probe_vec[${Math.max(count, 1)}][40];
static char creach_probe_vlast[${Math.max(count, 1)}][40];
static int creach_probe_vcount[${Math.max(count, 1)}];
static void creach_probe_vmark(int d, int k, int n, char c)
{
    if (!creach_probe_vec[d][0]) { for (int i = 0; i < n && i < 37; i++) creach_probe_vec[d][i] = '-'; creach_probe_vec[d][n < 37 ? n : 37] = 0; }
    if (k < 37) creach_probe_vec[d][k] = c;
}
static int creach_probe_vtrue(int id, int d, int k, int n) { creach_probe_vmark(d, k, n, 'T'); return creach_probe_true(id); }
static int creach_probe_vfalse(int id, int d, int k, int n) { creach_probe_vmark(d, k, n, 'F'); return creach_probe_false(id); }
static void creach_probe_vector(int d, int outcome)
{
    char v[40];
    int n = 0;
    for (; creach_probe_vec[d][n] && n < 37; n++) v[n] = creach_probe_vec[d][n];
    v[n++] = ':';
    v[n++] = outcome ? '1' : '0';
    v[n] = 0;
    creach_probe_vec[d][0] = 0;
    /* The same evaluation again (a loop) is written once; at most 1000 lines per decision. */
    int same = 1;
    for (int i = 0; i <= n; i++) if (creach_probe_vlast[d][i] != v[i]) { same = 0; break; }
    if (same || creach_probe_vcount[d] >= 1000) return;
    creach_probe_vcount[d]++;
    for (int i = 0; i <= n; i++) creach_probe_vlast[d][i] = v[i];
    if (creach_probe_open()) { fprintf(creach_probe_out, "V %d %s\n", d, v); fflush(creach_probe_out); }
}
static int creach_probe_dtrue(int id) { creach_probe_vector(id, 1); return creach_probe_true(id); }
static int creach_probe_dfalse(int id) { creach_probe_vector(id, 0); return creach_probe_false(id); }
`;
  return { before, after };
}

/** What one run recorded. */
export interface ProbeRecord {
  hits: Set<number>;
  truths: Set<number>;
  falses: Set<number>;
  switchValues: Map<number, Set<bigint>>;
  /** MC/DC: per decision probe, the evaluations seen (`TF-:1`: conditions, then the outcome). */
  vectors: Map<number, Set<string>>;
}

export function parseProbeRecord(text: string): ProbeRecord {
  const rec: ProbeRecord = { hits: new Set(), truths: new Set(), falses: new Set(), switchValues: new Map(), vectors: new Map() };
  for (const line of text.split('\n')) {
    const v = /^V (\d+) ([TF-]+:[01])$/.exec(line.trim());
    if (v) {
      const id = Number(v[1]);
      if (!rec.vectors.has(id)) rec.vectors.set(id, new Set());
      rec.vectors.get(id)!.add(v[2]);
      continue;
    }
    const m = /^([HTFS]) (\d+) (-?\d+)$/.exec(line.trim());
    if (!m) continue;
    const id = Number(m[2]);
    if (m[1] === 'H') rec.hits.add(id);
    else if (m[1] === 'T') rec.truths.add(id);
    else if (m[1] === 'F') rec.falses.add(id);
    else {
      if (!rec.switchValues.has(id)) rec.switchValues.set(id, new Set());
      rec.switchValues.get(id)!.add(BigInt(m[3]));
    }
  }
  return rec;
}
