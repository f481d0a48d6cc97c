// The loop abstraction, an IR-to-IR transformation (the seeds' `w∞` made a
// program): for each natural loop of the analysed function, with header H and
// a set of candidate invariants (C expressions lowered at H),
//   - every edge entering H from outside the loop goes to a block that checks
//     the candidates (asserts of origin `invariant-init`), then to a block
//     that gives every variable the loop may modify a fresh value (the IR's
//     `fresh` rvalue), assumes the candidates, and jumps to H;
//   - every back edge goes to a block that checks the candidates again
//     (`invariant-step`) and stops.
// The result has no back edge: with every loop abstracted the function is
// acyclic, one encoding covers every number of iterations, and a goal
// unreachable there (while every check holds) is unreachable in the program.
// `peel` first copies the body of each outermost loop once before it (its
// first iteration runs as code): the candidates then need to hold only from
// the second visit of the head on. With `cutting`, a loop that frees, or
// allocates otherwise than below, is cut off: the edges into it go to a block
// that stops, and the prover makes no claim on what its head reaches.
//
// An outermost loop whose own body calls malloc or calloc of a constant size
// (not in an inner loop) is abstracted with a recency abstraction: where it
// is entered, each such site gets its newest object (`newestObject`: live,
// any contents), and the objects the site made in the iterations before are
// its summary objects (`Program.summarySites`, model/memory.ts). Where the
// loop goes back, the candidates' `newest` counts the newest objects as older
// ones: from the next iteration on they are.
//
// A candidate is checked as C means it: its code runs with `unchecked`
// values and its truth is "defined and nonzero" (`defined`), so an invariant
// whose evaluation would be undefined does not hold, and evaluating it is
// never itself an error of the program.
//
// Invariant: the blocks and instructions of the function keep their ids and
// indices (new blocks are appended), so goals keep their targets; only the
// edges into loop heads move, and `goalsIn` says where each goal is now.

import type { BasicBlock, Instr, IRFunction, Operand, Place, Program, Rvalue, SourceRange, SummarySite, Terminator, Variable } from '../ir/ir';
import { INT, VOID, type CType } from '../ir/types';
import { findLoops, isReducible, type Loop } from '../ir/loops';
import { reachableFrom, successors } from '../ir/cfg';
import { allocatedTypeIn, isLibraryFunction } from '../ir/libc';
import { sizeOf } from '../ir/layout';
import type { Goal, GoalTarget } from '../goals/goal';
import { contextKey } from '../goals/catalogue';

/** A candidate invariant lowered at a loop head by the front end (frontend/condition.ts). */
export interface LoweredCandidate {
  /** The C expression, as the report shows it. */
  text: string;
  instrs: Instr[];
  cond: Operand;
  /** Variables the instructions write (ids not in `program.vars`). */
  temps: Variable[];
  /**
   * Run where the loop is entered, before the checks: they save values at entry in temps of their own
   * (ghosts, read by `instrs` only), so that the candidate can say `E == \at(E, LoopEntry)`.
   */
  entry?: Instr[];
}

/** What a loop may change: variables (by id), objects behind pointers, the heap's shape. */
export interface LoopEffects {
  vars: Set<number>;
  /** Something is written through a pointer (an assignment, a library function, a callee). */
  memory: boolean;
  /** Its own calls of malloc or calloc of a constant size (the objects of a summary site each). */
  allocs: AllocSite[];
  /** Why the loop cannot be abstracted (it frees, allocates otherwise, or calls a function that does), if so. */
  refuse?: string;
}

/** A call of malloc or calloc in a loop body, of a constant number of elements of a known type. */
export interface AllocSite extends SummarySite {
  block: number;
  index: number;
}

export type CheckRole = 'init' | 'step';

/** One check of the transformed function: an assert the abstraction made. */
export interface InvariantCheck {
  /** Header of the loop in the original function. */
  header: number;
  /** Index of the candidate in its loop's list; -1: the conjunction of all of them. */
  candidate: number;
  role: CheckRole;
  block: number;
  index: number;
}

export interface AbstractionRequest {
  program: Program;
  fn: IRFunction;
  /** The candidates of each loop, by header (the original function's block ids). */
  candidates: Map<number, LoweredCandidate[]>;
  /** Iterations of each outermost loop run as code before the abstraction (0 or more). */
  peel: number;
  /** `separate`: one assert and one assume per candidate (Houdini's checks); `conjunction`: one of each per loop. */
  mode: 'separate' | 'conjunction';
  /** Ids of the variables the abstraction makes start at least here (above the temps of other functions' candidates). */
  firstId?: number;
  /** Cut off the loops that allocate or free instead of refusing them (the analysed function only: `abstractable`). */
  cutting?: boolean;
}

export interface Abstraction {
  program: Program;
  fn: IRFunction;
  checks: InvariantCheck[];
  /** The `assume` and `assert` instructions made for each candidate: `${block}:${index}` -> (header, candidate). */
  marks: Map<string, { header: number; candidate: number }>;
  /** The loops abstracted: original header, the headers standing for it in the new function (peeled copies of inner loops too). */
  loops: { header: number; copies: number[] }[];
  /** The loops cut off (original headers): a goal one of them leads to gets no claim. */
  cut: CutLoop[];
  /** Where a goal of the original function is in the new one (several goals when its code was copied by peeling). */
  goalsIn(goal: Goal): Goal[];
  /** The edges of the new function standing for an edge of the original one. */
  edgesIn(edge: { from: number; to: number }): { from: number; to: number }[];
}

/**
 * A loop the abstraction cannot model (it allocates or frees), cut off in the analysed function: the ways into
 * it end there, so no goal it leads to may get a claim (`after`: the original blocks reachable from its head).
 */
export interface CutLoop {
  header: number;
  why: string;
  after: Set<number>;
}

/**
 * The loops of `fn` and whether all of them can be abstracted (a reason when not). With `cutting` (the analysed
 * function itself), a loop that allocates or frees is cut off instead (`cut`: the outermost such loops); only
 * several entries or a loop at the entry then refuse. A callee's loops are never cut: what comes after its call
 * in the caller would be cut off unseen.
 */
export function abstractable(program: Program, fn: IRFunction, cutting = false): { loops: Loop[]; refuse?: string; cut: CutLoop[] } {
  if (!isReducible(fn)) return { loops: [], refuse: 'a loop with several entries (goto into a loop)', cut: [] };
  const loops = findLoops(fn);
  const refused: { loop: Loop; why: string }[] = [];
  for (const l of loops) {
    // The entry block has no edge in: the abstraction could not check or assume anything before the first iteration.
    if (l.header === 0) return { loops, refuse: 'a loop at the function entry', cut: [] };
    const e = loopEffects(program, fn, l.body);
    const why = e.refuse ?? unsummarised(l, loops, e.allocs, cutting);
    if (why && !cutting) return { loops, refuse: why, cut: [] };
    if (why) refused.push({ loop: l, why });
  }
  // An enclosing loop contains what its inner loop calls: the outermost ones are cut, with their inner loops.
  const cut = refused
    .filter(({ loop }) => !refused.some((o) => o.loop !== loop && o.loop.body.has(loop.header)))
    .map(({ loop, why }) => ({ header: loop.header, why, after: reachableFrom(fn, loop.header) }));
  return { loops, cut };
}

/**
 * Why the allocations of loop `l` cannot be summarised, if so: only those of the analysed function (`cutting`),
 * in an outermost loop (peeled: the relation of its objects to the summary holds from the second iteration on)
 * and not in an inner loop (each entry of which would need a newest object of its own).
 */
function unsummarised(l: Loop, loops: Loop[], allocs: AllocSite[], cutting: boolean): string | undefined {
  if (!allocs.length) return undefined;
  const at = (a: AllocSite) => `malloc called in the loop (line ${a.line})`;
  if (!cutting) return `${at(allocs[0])} of a called function`;
  if (l.depth !== 1) return `${at(allocs[0])} nested in another loop`;
  const inner = allocs.find((a) => loops.some((o) => o !== l && l.body.has(o.header) && o.body.has(a.block)));
  return inner ? `${at(inner)} in an inner loop` : undefined;
}

/** Heap functions: a loop that calls one changes which objects exist, which the abstraction does not model. */
const HEAP_FUNCTIONS = new Set(['malloc', 'calloc', 'realloc', 'free', 'alloca', '__builtin_alloca', 'strdup', 'strndup']);

/**
 * What the blocks `body` of `fn` may change, conservatively: every variable
 * assigned there (whole or in part); globals written by the functions they
 * call, transitively; whether anything is written through a pointer there or
 * in a callee (then every object pointers may designate is changed).
 */
export function loopEffects(program: Program, fn: IRFunction, body: Iterable<number>): LoopEffects {
  const out: LoopEffects = { vars: new Set(), memory: false, allocs: [] };
  const byName = new Map(program.functions.map((f) => [f.name, f]));
  const seen = new Set<string>();
  const visit = (f: IRFunction, blocks: Iterable<number>, top: boolean) => {
    for (const b of blocks)
      for (const [index, ins] of f.blocks[b].instrs.entries()) {
        if (ins.kind !== 'assign') continue;
        if (ins.dst) {
          if (ins.dst.root.kind === 'deref') out.memory = true;
          else {
            const id = ins.dst.root.id;
            // A callee's own locals live in its frame: only globals (and statics) outlive the call.
            if (top || program.vars.get(id)?.kind === 'global') out.vars.add(id);
          }
        }
        const rv = ins.value;
        if (rv.op === 'call' && !rv.external && byName.has(rv.callee)) {
          if (!seen.has(rv.callee)) {
            seen.add(rv.callee);
            const callee = byName.get(rv.callee)!;
            visit(
              callee,
              callee.blocks.map((x) => x.id),
              false,
            );
          }
        } else if (rv.op === 'call') {
          const site = top ? allocSite(program, f.blocks[b].instrs, index, b) : null;
          if (site) out.allocs.push(site);
          else if (HEAP_FUNCTIONS.has(rv.callee)) out.refuse ??= `${rv.callee} called in the loop (line ${ins.range.line})`;
          // A library function may write through its pointer arguments (memset, strcpy, ...).
          if (rv.args.some((a) => a.type.kind === 'pointer' || a.kind === 'addr') && (isLibraryFunction(rv.callee) || !byName.has(rv.callee)))
            out.memory = true;
        } else if (rv.op === 'icall') out.memory = true;
      }
  };
  visit(fn, body, true);
  return out;
}

/** `instrs[index]` of block `block` as an allocation site: malloc or calloc of a constant size, a whole number of elements of the type its result is converted to. */
function allocSite(program: Program, instrs: readonly Instr[], index: number, block: number): AllocSite | null {
  const ins = instrs[index];
  if (ins.kind !== 'assign' || ins.value.op !== 'call') return null;
  const rv = ins.value;
  const name = rv.callee.replace(/^__builtin_/, '');
  if ((name !== 'malloc' && name !== 'calloc') || !rv.args.every((a) => a.kind === 'const')) return null;
  const elem = allocatedTypeIn(instrs, index, ins.dst);
  const size = elem && sizeOf(elem, program.dataModel);
  if (!elem || !size) return null;
  const bytes = rv.args.map((a) => (a as Extract<Operand, { kind: 'const' }>).value).reduce((x, y) => x * y, 1n);
  if (bytes <= 0n || bytes % BigInt(size) !== 0n || bytes / BigInt(size) > 1n << 20n) return null;
  return { block, index, elem, length: Number(bytes / BigInt(size)), line: ins.range.line };
}

/** Builds the abstraction of every loop of `req.fn` (see the file's header). Throws when a loop cannot be abstracted. */
export function abstractLoops(req: AbstractionRequest): Abstraction {
  const { program, fn } = req;
  const check = abstractable(program, fn, req.cutting);
  if (check.refuse) throw new Error(`cannot abstract the loops of ${fn.name}: ${check.refuse}`);
  const cutHeaders = new Set(check.cut.map((c) => c.header));
  /** Original blocks inside a cut loop: their loops are neither peeled nor abstracted. */
  const inCut = new Set(check.loops.filter((l) => cutHeaders.has(l.header)).flatMap((l) => [...l.body]));
  const blocks: BasicBlock[] = fn.blocks.map((b) => ({ ...b, instrs: [...b.instrs], edgeLabels: { ...b.edgeLabels }, terminator: { ...b.terminator } }));
  const vars = new Map(program.vars);
  const locals = [...fn.locals];
  const summarySites = [...(program.summarySites ?? [])];
  let nextId = Math.max(0, req.firstId ?? 0, ...vars.keys()) + 1;
  for (const cands of req.candidates.values()) for (const c of cands) for (const t of c.temps) nextId = Math.max(nextId, t.id + 1);
  for (const cands of req.candidates.values())
    for (const c of cands)
      for (const t of c.temps)
        if (!vars.has(t.id)) {
          vars.set(t.id, t);
          locals.push(t.id);
        }
  const newVar = (name: string, type: CType): number => {
    const id = nextId++;
    vars.set(id, { id, name, type, kind: 'temp', addressTaken: false, isConst: false, isStatic: false });
    locals.push(id);
    return id;
  };

  // Peeling: each outermost loop's body is copied before it; the copy's back edges become the loop's entry.
  /** New block -> the original block it is a copy of. */
  const copyOf = new Map<number, number>();
  /** Original block -> its copies. */
  const copies = new Map<number, number[]>();
  const original = (b: number) => copyOf.get(b) ?? b;
  const cur = (): IRFunction => ({ ...fn, blocks });
  /** Each edge of the new function (`from>to`) -> the edge of the original function it stands for. */
  const origin = new Map<string, string>();
  for (const b of fn.blocks) for (const t of successors(b)) origin.set(`${b.id}>${t}`, `${b.id}>${t}`);
  const move = (b: BasicBlock, from: number, to: number) => {
    const o = origin.get(`${b.id}>${from}`);
    retargetEdges(b, from, to);
    origin.delete(`${b.id}>${from}`);
    if (o) origin.set(`${b.id}>${to}`, o);
  };
  for (let round = 0; round < req.peel; round++) {
    for (const loop of findLoops(cur()).filter((l) => l.depth === 1 && !inCut.has(original(l.header)))) {
      const map = new Map<number, number>();
      for (const b of [...loop.body].sort((x, y) => x - y)) map.set(b, blocks.length + map.size);
      for (const [b, nb] of map) {
        const src = blocks[b];
        const retarget = (t: number) => (t !== loop.header && map.has(t) ? map.get(t)! : t);
        blocks.push({
          ...src,
          id: nb,
          instrs: [...src.instrs],
          terminator: mapTargets(src.terminator, retarget),
          edgeLabels: Object.fromEntries(Object.entries(src.edgeLabels).map(([k, v]) => [retarget(Number(k)), v])),
        });
        copyOf.set(nb, original(b));
        copies.set(original(b), [...(copies.get(original(b)) ?? []), nb]);
        for (const t of successors(src)) {
          const o = origin.get(`${b}>${t}`);
          if (o) origin.set(`${nb}>${retarget(t)}`, o);
        }
      }
      // Entry edges go to the copy of the head (the copy's own edges back to the head stay: they enter the loop).
      const made = new Set(map.values());
      for (const b of blocks) if (!loop.body.has(b.id) && !made.has(b.id) && successors(b).includes(loop.header)) move(b, loop.header, map.get(loop.header)!);
    }
  }

  const now = cur();
  const loops = findLoops(now);
  const checks: InvariantCheck[] = [];
  const marks = new Map<string, { header: number; candidate: number }>();
  const loopCopies = new Map<number, number[]>();
  for (const loop of loops) {
    const header = original(loop.header);
    if (inCut.has(header)) {
      // The ways into a cut loop end before it (its inner loops are only reached through it).
      if (!cutHeaders.has(header)) continue;
      const stopId = blocks.length;
      const range = blocks[loop.header].terminator.range ?? blocks[loop.header].range ?? fn.range;
      blocks.push({ statements: [], hasCode: false, edgeLabels: {}, id: stopId, instrs: [], terminator: { kind: 'stop', why: 'assume', range } });
      for (const b of blocks.slice(0, stopId)) if (!loop.body.has(b.id) && successors(b).includes(loop.header)) move(b, loop.header, stopId);
      continue;
    }
    loopCopies.set(header, [...(loopCopies.get(header) ?? []), loop.header]);
    const cands = req.candidates.get(header) ?? [];
    const effects = loopEffects({ ...program, vars }, now, loop.body);
    const at = blocks[loop.header].terminator.range ?? blocks[loop.header].range ?? fn.range;
    const code = cands.map((c) => candidateCode(c, newVar));
    // The loop's allocation sites: where it goes back, the newest object of each (made below) is an older one.
    const newest: Operand[] = [];
    const makeNewest: Instr[] = [];
    for (const a of effects.allocs) {
      const site = summarySites.push({ elem: a.elem, length: a.length, line: a.line }) - 1;
      const type: CType = { kind: 'pointer', to: a.elem };
      const id = newVar(`newest@${a.line}`, type);
      makeNewest.push({ kind: 'assign', dst: { root: { kind: 'var', id }, path: [], type }, value: { op: 'newestObject', site, type }, range: at });
      newest.push({ kind: 'var', id, type });
    }
    const initId = blocks.length;
    const havocId = initId + 1;
    const stepId = initId + 2;
    const asserts = (block: number, role: CheckRole, first: Instr[] = []): Instr[] => {
      const out: Instr[] = [...first];
      const origin = role === 'init' ? 'invariant-init' : 'invariant-step';
      const aging = (ins: Instr) => (role === 'step' && newest.length ? withAged(ins, newest) : ins);
      if (req.mode === 'separate') {
        code.forEach((c, k) => {
          out.push(...c.instrs.map(aging));
          marks.set(`${block}:${out.length}`, { header, candidate: k });
          checks.push({ header, candidate: k, role, block, index: out.length });
          out.push({ kind: 'assert', cond: c.ok, origin, text: cands[k].text, range: at });
        });
      } else {
        const all = conjunction(code, newVar, at);
        out.push(...all.instrs.map(aging));
        checks.push({ header, candidate: -1, role, block, index: out.length });
        out.push({ kind: 'assert', cond: all.ok, origin, text: cands.map((c) => c.text).join(' && ') || '1', range: at });
      }
      return out;
    };
    const havoc: Instr[] = [...makeNewest];
    for (const id of [...effects.vars].sort((a, b) => a - b)) {
      const v = vars.get(id);
      if (!v || v.type.kind === 'function' || v.type.kind === 'void') continue;
      const dst: Place = { root: { kind: 'var', id }, path: [], type: v.type };
      havoc.push({ kind: 'assign', dst, value: { op: 'fresh', type: v.type }, range: at });
    }
    if (effects.memory) havoc.push({ kind: 'assign', dst: null, value: { op: 'fresh', type: VOID, memory: true }, range: at });
    const assumes: Instr[] = [];
    if (req.mode === 'separate')
      code.forEach((c, k) => {
        assumes.push(...c.instrs.map(onlyAssumed));
        marks.set(`${havocId}:${havoc.length + assumes.length}`, { header, candidate: k });
        assumes.push({ kind: 'assume', cond: c.ok, origin: 'invariant', range: at });
      });
    else if (code.length) {
      const all = conjunction(code, newVar, at);
      assumes.push(...all.instrs.map(onlyAssumed), { kind: 'assume', cond: all.ok, origin: 'invariant', range: at });
    }
    const base = { statements: [], hasCode: false, edgeLabels: {} };
    // Values at entry first (each ghost is assigned on every way into the loop, and nowhere in it).
    const entry = cands.flatMap((c) => (c.entry ?? []).map(unchecked));
    blocks.push({ ...base, id: initId, instrs: asserts(initId, 'init', entry), terminator: { kind: 'goto', target: havocId } });
    blocks.push({ ...base, id: havocId, instrs: [...havoc, ...assumes], terminator: { kind: 'goto', target: loop.header } });
    blocks.push({ ...base, id: stepId, instrs: asserts(stepId, 'step'), terminator: { kind: 'stop', why: 'assume', range: at } });
    for (const b of blocks.slice(0, initId)) {
      if (!successors(b).includes(loop.header)) continue;
      move(b, loop.header, loop.body.has(b.id) ? stepId : initId);
    }
  }

  const newFn: IRFunction = { ...fn, blocks, locals };
  const newProgram: Program = {
    ...program,
    vars,
    functions: program.functions.map((f) => (f.name === fn.name ? newFn : f)),
    ...(summarySites.length ? { summarySites } : {}),
  };

  /** The edges of the new function standing for an edge of the original one. */
  const byOrigin = new Map<string, { from: number; to: number }[]>();
  for (const [edge, o] of origin) {
    const [from, to] = edge.split('>').map(Number);
    byOrigin.set(o, [...(byOrigin.get(o) ?? []), { from, to }]);
  }
  const edgesOf = (e: { from: number; to: number }) => byOrigin.get(`${e.from}>${e.to}`) ?? [];

  const goalsIn = (goal: Goal): Goal[] => {
    if (goal.function !== fn.name && !goal.context) return [goal];
    if (goal.context) {
      // A callee's goal: its context starts with a call in this function, which may have been copied.
      const [first, ...rest] = goal.context.sites;
      return [first.block, ...(copies.get(first.block) ?? [])].map((block) => {
        if (block === first.block) return goal;
        const sites = [{ ...first, block }, ...rest];
        return { ...goal, context: { ...goal.context!, sites, key: contextKey(sites) } };
      });
    }
    const t = goal.target;
    if (t.kind === 'edges') {
      const edges = t.edges.flatMap(edgesOf);
      return [{ ...goal, target: { ...t, edges } }];
    }
    const retarget = (block: number): GoalTarget => ({ ...t, block }) as GoalTarget;
    return [t.block, ...(copies.get(t.block) ?? [])].map((block) => ({ ...goal, target: retarget(block) }));
  };

  return {
    program: newProgram,
    fn: newFn,
    checks,
    marks,
    loops: [...loopCopies].map(([header, c]) => ({ header, copies: c })),
    cut: check.cut,
    goalsIn,
    edgesIn: edgesOf,
  };
}

/** A candidate's code at one place: its instructions made unchecked, and `ok`, nonzero when it is defined and true. */
function candidateCode(c: LoweredCandidate, newVar: (name: string, type: CType) => number): { instrs: Instr[]; ok: Operand } {
  const instrs: Instr[] = [];
  const range = c.instrs[0]?.range ?? { line: 0, column: 0, endLine: 0, endColumn: 0 };
  const defined = newVar('inv.defined', INT);
  const v = (id: number): Operand => ({ kind: 'var', id, type: INT });
  const to = (id: number): Place => ({ root: { kind: 'var', id }, path: [], type: INT });
  instrs.push({ kind: 'assign', dst: to(defined), value: { op: 'use', a: { kind: 'const', value: 1n, type: INT } }, range });
  for (const ins of c.instrs) {
    if (ins.kind !== 'assign' || !ins.dst) {
      instrs.push(ins);
      continue;
    }
    const rv: Rvalue = ins.value;
    const d = newVar('inv.d', INT);
    instrs.push({ kind: 'assign', dst: to(d), value: { op: 'defined', value: rv, type: INT }, range: ins.range });
    instrs.push({ kind: 'assign', dst: to(defined), value: { op: 'binary', bop: '&', a: v(defined), b: v(d), type: INT }, range: ins.range });
    instrs.push({ kind: 'assign', dst: ins.dst, value: { op: 'unchecked', value: rv, type: ins.dst.type }, range: ins.range });
  }
  // The truth of the condition (nonzero), as an int, and both.
  const truth = newVar('inv.true', INT);
  const ct = c.cond.type;
  const zero: Operand = { kind: 'const', value: 0n, type: ct };
  instrs.push({ kind: 'assign', dst: to(truth), value: { op: 'binary', bop: '!=', a: c.cond, b: zero, type: INT }, range });
  const ok = newVar('inv.ok', INT);
  instrs.push({ kind: 'assign', dst: to(ok), value: { op: 'binary', bop: '&', a: v(defined), b: v(truth), type: INT }, range });
  return { instrs, ok: v(ok) };
}

/** A candidate's instruction where its loop goes back: `newest` counts the loop's newest objects as older ones. */
function withAged(ins: Instr, aged: Operand[]): Instr {
  if (ins.kind !== 'assign') return ins;
  const age = (rv: Rvalue): Rvalue =>
    rv.op === 'newest' ? { ...rv, aged: [...rv.aged, ...aged] } : rv.op === 'defined' || rv.op === 'unchecked' ? { ...rv, value: age(rv.value) } : rv;
  return { ...ins, value: age(ins.value) };
}

/** An instruction of a candidate that is only assumed: its array-content facts may be assumed in part (ir.ts `forallElements`). */
function onlyAssumed(ins: Instr): Instr {
  if (ins.kind !== 'assign') return ins;
  const rv = ins.value.op === 'unchecked' ? ins.value.value : ins.value;
  if (rv.op !== 'forallElements') return ins;
  const value = { ...rv, assumed: true };
  return { ...ins, value: ins.value.op === 'unchecked' ? { ...ins.value, value } : value };
}

/** An assignment whose undefined behaviour is no obligation (a ghost's value at entry is not the program's). */
function unchecked(ins: Instr): Instr {
  if (ins.kind !== 'assign' || !ins.dst) return ins;
  return { ...ins, value: { op: 'unchecked', value: ins.value, type: ins.dst.type } };
}

function conjunction(
  code: { instrs: Instr[]; ok: Operand }[],
  newVar: (name: string, type: CType) => number,
  range: SourceRange,
): { instrs: Instr[]; ok: Operand } {
  const all = newVar('inv.all', INT);
  const to: Place = { root: { kind: 'var', id: all }, path: [], type: INT };
  const v: Operand = { kind: 'var', id: all, type: INT };
  const instrs: Instr[] = [{ kind: 'assign', dst: to, value: { op: 'use', a: { kind: 'const', value: 1n, type: INT } }, range }];
  for (const c of code) instrs.push(...c.instrs, { kind: 'assign', dst: to, value: { op: 'binary', bop: '&', a: v, b: c.ok, type: INT }, range });
  return { instrs, ok: v };
}

function mapTargets(t: Terminator, f: (b: number) => number): Terminator {
  switch (t.kind) {
    case 'goto':
      return { ...t, target: f(t.target) };
    case 'branch':
      return { ...t, then: f(t.then), else: f(t.else) };
    case 'switch':
      return { ...t, cases: t.cases.map((c) => ({ ...c, target: f(c.target) })), default: f(t.default) };
    default:
      return t;
  }
}

/** Makes `b`'s edges to `from` go to `to` (its labels follow). */
export function retargetEdges(b: BasicBlock, from: number, to: number): void {
  b.terminator = mapTargets(b.terminator, (t) => (t === from ? to : t));
  if (b.edgeLabels[from]) {
    b.edgeLabels = { ...b.edgeLabels, [to]: b.edgeLabels[from] };
    delete b.edgeLabels[from];
  }
}
