// SSA form (Cytron, Ferrante, Rosen, Wegman and Zadeck 1991), pruned by
// liveness: a φ for v is placed at the iterated dominance frontier of v's
// definitions, and only where v is live. Works on any IRFunction (with loops,
// or the acyclic unrolled copies the model builds).
//
// Tracked variables: every variable the function mentions (globals included)
// whose address is never taken. Their value at function entry is version 0;
// each assignment to one (whole, or a[i] = v / s.f = v on an aggregate) makes
// a new version. Variables whose address is taken stay in memory, untouched.
//
// Calls are not definitions here: a call to a function of the program that
// writes a tracked global must be inlined (or made unknown) by the model.

import type { BasicBlock, Instr, IRFunction, Operand, Program } from './ir';
import { predecessors, reachableFromEntry, successors } from './cfg';
import { dominanceFrontiersOf, dominatorTreeOf, type Graph } from './dominators';
import { forEachPlace, renameOperand, renamePlace, renameRvalue, renameTerminator, rvalueOperands, type Renamer } from './walk';

export interface Phi {
  dst: number;
  orig: number;
  /**
   * Value coming along the edge from block `from` (-1: the function's entry,
   * for a φ in an entry block that has predecessors); null if undefined there.
   */
  args: { from: number; value: number | null }[];
}

export interface SsaFunction {
  /** A renamed copy: same block ids; every read of a tracked variable and every Place root of one carries its SSA id. */
  fn: IRFunction;
  /** By block id, evaluated at block entry, ordered by original variable id. */
  phis: Map<number, Phi[]>;
  /** Every SSA id -> original variable id and version number. */
  versions: Map<number, { orig: number; version: number }>;
  /** Original variable id -> SSA id of its version 0 (the value at function entry). */
  entry: Map<number, number>;
  /** For an assignment to part of a tracked aggregate (a[i] = v, s.f = v): the SSA id of the version it updates. Keys are instructions of `fn`. */
  prev: Map<Instr, number>;
  /**
   * Original variable id -> SSA id at the end of the exit block's
   * instructions, for the variables observable after the call: tracked
   * globals and the return variable.
   */
  exitVersions: Map<number, number>;
  /** Original variable ids put in SSA. */
  tracked: Set<number>;
}

/** The variable an assignment (re)defines, when it is a variable root. */
function definedVar(instr: Instr): number | null {
  return instr.kind === 'assign' && instr.dst && instr.dst.root.kind === 'var' ? instr.dst.root.id : null;
}

/** Variable ids an instruction reads (a partial write `a[i] = v` reads `a`). */
function readVars(instr: Instr): number[] {
  const ids: number[] = [];
  const fromOperand = (op: Operand) => {
    if (op.kind === 'var') ids.push(op.id);
  };
  forEachPlace(instr, (place, role) => {
    if (place.root.kind === 'deref') fromOperand(place.root.ptr);
    else if (role !== 'dst' || place.path.length > 0) ids.push(place.root.id);
    for (const e of place.path) if (e.kind === 'index') fromOperand(e.index);
  });
  if (instr.kind === 'assign') rvalueOperands(instr.value).forEach(fromOperand);
  else if (instr.kind === 'assume' || instr.kind === 'assert') fromOperand(instr.cond);
  return ids;
}

function terminatorReads(block: BasicBlock): number[] {
  const t = block.terminator;
  const op = t.kind === 'branch' ? t.cond : t.kind === 'switch' ? t.value : t.kind === 'return' ? t.value : null;
  return op && op.kind === 'var' ? [op.id] : op && op.kind === 'addr' && op.place.root.kind === 'var' ? [op.place.root.id] : [];
}

/** Every variable id the function mentions, plus its parameters and return variable. */
function mentionedVars(fn: IRFunction): Set<number> {
  const ids = new Set<number>([...fn.params, ...(fn.returnVar === null ? [] : [fn.returnVar])]);
  for (const b of fn.blocks) {
    for (const instr of b.instrs) {
      readVars(instr).forEach((v) => ids.add(v));
      const d = definedVar(instr);
      if (d !== null) ids.add(d);
    }
    terminatorReads(b).forEach((v) => ids.add(v));
  }
  return ids;
}

export function toSsa(program: Program, fn: IRFunction): SsaFunction {
  const tracked = new Set([...mentionedVars(fn)].filter((id) => program.vars.get(id)?.addressTaken === false));
  const isObservable = (id: number) => id === fn.returnVar || program.vars.get(id)?.kind === 'global';
  const n = fn.blocks.length;

  // Per block: upward-exposed reads and definitions of tracked variables.
  const ue: Set<number>[] = [];
  const defs: Set<number>[] = [];
  for (const b of fn.blocks) {
    const u = new Set<number>();
    const d = new Set<number>();
    for (const instr of b.instrs) {
      for (const v of readVars(instr)) if (tracked.has(v) && !d.has(v)) u.add(v);
      const dv = definedVar(instr);
      if (dv !== null && tracked.has(dv)) d.add(dv);
    }
    for (const v of terminatorReads(b)) if (tracked.has(v) && !d.has(v)) u.add(v);
    ue.push(u);
    defs.push(d);
  }
  const live = liveIn(fn, ue, defs, new Set([...tracked].filter(isObservable)));

  // Dominators over the CFG plus a virtual root that enters the entry block
  // and every block the entry does not reach, so that dead code is renamed too.
  const reachable = reachableFromEntry(fn);
  const root = n;
  const succ = fn.blocks.map(successors);
  succ.push([0, ...fn.blocks.filter((b) => !reachable.has(b.id) && b.id !== 0).map((b) => b.id)]);
  const pred: number[][] = [...predecessors(fn).map((p) => [...p]), []];
  for (const s of succ[root]) pred[s].push(root);
  const g: Graph = { size: n + 1, root, succ: (m) => succ[m], pred: (m) => pred[m] };
  const tree = dominatorTreeOf(g);
  const df = dominanceFrontiersOf(g, tree);

  // φ placement: iterated dominance frontier of each variable's definition blocks (the root defines version 0).
  const phiVars: Set<number>[] = Array.from({ length: n }, () => new Set<number>());
  for (const v of tracked) {
    const work = [root, ...fn.blocks.filter((b) => defs[b.id].has(v)).map((b) => b.id)];
    const queued = new Set(work);
    while (work.length > 0) {
      const b = work.pop()!;
      for (const f of df[b]) {
        if (f === root || phiVars[f].has(v) || !live[f].has(v)) continue;
        phiVars[f].add(v);
        if (!queued.has(f)) {
          queued.add(f);
          work.push(f);
        }
      }
    }
  }

  // Renaming along the dominator tree.
  let nextId = 1;
  for (const id of [...program.vars.keys(), ...mentionedVars(fn)]) nextId = Math.max(nextId, id + 1);
  const versions = new Map<number, { orig: number; version: number }>();
  const versionCount = new Map<number, number>();
  const fresh = (orig: number): number => {
    const version = versionCount.get(orig) ?? 0;
    versionCount.set(orig, version + 1);
    const id = nextId++;
    versions.set(id, { orig, version });
    return id;
  };
  const entry = new Map<number, number>();
  const stacks = new Map<number, number[]>();
  for (const v of [...tracked].sort((a, b) => a - b)) {
    const id = fresh(v);
    entry.set(v, id);
    stacks.set(v, [id]);
  }
  const top = (v: number) => stacks.get(v)!.at(-1)!;
  const renamer: Renamer = { use: (id) => (tracked.has(id) ? top(id) : id) };

  const phis = new Map<number, Phi[]>();
  const realPreds = predecessors(fn);
  for (let b = 0; b < n; b++) {
    const vars = [...phiVars[b]].sort((x, y) => x - y);
    if (vars.length === 0) continue;
    // An entry block with predecessors also receives the entry values.
    const entryArg = b === 0 ? [{ from: -1, value: null as number | null }] : [];
    phis.set(
      b,
      vars.map((orig) => ({ dst: -1, orig, args: [...entryArg, ...realPreds[b].map((from) => ({ from, value: null }))] })),
    );
  }
  for (const phi of phis.get(0) ?? []) phi.args[0].value = entry.get(phi.orig)!;

  const blocks: BasicBlock[] = fn.blocks.map((b) => ({ ...b }));
  const prev = new Map<Instr, number>();
  const exitVersions = new Map<number, number>();
  const renameBlock = (b: number): number[] => {
    const pushed: number[] = [];
    const define = (v: number): number => {
      const id = fresh(v);
      stacks.get(v)!.push(id);
      pushed.push(v);
      return id;
    };
    for (const phi of phis.get(b) ?? []) phi.dst = define(phi.orig);
    const block = fn.blocks[b];
    blocks[b].instrs = block.instrs.map((instr) => renameInstr(instr, tracked, renamer, define, prev));
    blocks[b].terminator = renameTerminator(block.terminator, renamer);
    if (b === fn.exitBlock) for (const v of tracked) if (isObservable(v)) exitVersions.set(v, top(v));
    for (const s of succ[b]) {
      for (const phi of phis.get(s) ?? []) for (const arg of phi.args) if (arg.from === b) arg.value = top(phi.orig);
    }
    return pushed;
  };
  // Iterative walk of the dominator tree: deep trees (long functions) must not overflow the JS stack.
  const walk: { node: number; pushed: number[] | null; next: number }[] = [{ node: root, pushed: null, next: 0 }];
  while (walk.length > 0) {
    const frame = walk[walk.length - 1];
    if (frame.pushed === null) frame.pushed = frame.node === root ? [] : renameBlock(frame.node);
    const kids = tree.children[frame.node];
    if (frame.next < kids.length) {
      walk.push({ node: kids[frame.next++], pushed: null, next: 0 });
    } else {
      for (const v of frame.pushed) stacks.get(v)!.pop();
      walk.pop();
    }
  }

  return { fn: { ...fn, blocks }, phis, versions, entry, prev, exitVersions, tracked };
}

/** Copy of `instr` with tracked reads renamed; a tracked destination root gets a new version. */
function renameInstr(instr: Instr, tracked: Set<number>, r: Renamer, define: (v: number) => number, prev: Map<Instr, number>): Instr {
  switch (instr.kind) {
    case 'assign': {
      const value = renameRvalue(instr.value, r);
      const dst = instr.dst;
      if (!dst) return { ...instr, value };
      if (dst.root.kind === 'deref' || !tracked.has(dst.root.id)) return { ...instr, dst: renamePlace(dst, r), value };
      const before = r.use(dst.root.id);
      const placeReads = renamePlace(dst, r, before); // path operands read before the new version exists
      const copy: Instr = { ...instr, dst: { ...placeReads, root: { kind: 'var', id: define(dst.root.id) } }, value };
      if (dst.path.length > 0) prev.set(copy, before);
      return copy;
    }
    case 'assume':
    case 'assert':
      return { ...instr, cond: renameOperand(instr.cond, r) };
    case 'error':
    case 'unsupported':
      return instr;
  }
}

/** Live-in sets of tracked variables by block; `observable` are live at the end of the exit block. */
function liveIn(fn: IRFunction, ue: Set<number>[], defs: Set<number>[], observable: Set<number>): Set<number>[] {
  const live: Set<number>[] = fn.blocks.map((b) => new Set(ue[b.id]));
  const succ = fn.blocks.map(successors);
  for (let changed = true; changed;) {
    changed = false;
    for (let b = fn.blocks.length - 1; b >= 0; b--) {
      const out = new Set<number>(b === fn.exitBlock ? observable : []);
      for (const s of succ[b]) for (const v of live[s]) out.add(v);
      for (const v of out) {
        if (!defs[b].has(v) && !live[b].has(v)) {
          live[b].add(v);
          changed = true;
        }
      }
    }
  }
  return live;
}
