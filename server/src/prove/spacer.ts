// Candidate loop invariants from Z3's Spacer (issue 13), for a goal the
// cheap candidates (candidates.ts) could not exclude. The function's integer
// locals whose address is never taken are encoded as constrained Horn
// clauses over mathematical integers, one relation per block: C's wrap-around
// is `mod`, a signed overflow or a division by zero ends the execution (as
// an obligation does), anything else (memory, calls, inputs, bitwise
// operations) is any value of its type. Spacer is asked whether the goal can
// be reached; when it proves it cannot, its invariant at each loop head is
// turned into C conditions (in `long long`, so that they mean the same in C).
//
// Invariant: these are only candidates. Houdini (prover.ts) checks each in
// the encoder's exact bit-vector C semantics and keeps only inductive ones;
// nothing here is ever a proof.

import type { BasicBlock, IRFunction, Instr, Operand, Program, Rvalue } from '../ir/ir';
import type { CType, IntType } from '../ir/types';
import type { Loop } from '../ir/loops';
import type { Goal } from '../goals/goal';
import { intMaxOf, intMinOf, wrapInt } from '../ir/interp';
import { isComparison, ownIntType } from '../ir/ranges';
import { interruptibleBy, queueCheck, type Z3Handle } from '../z3/z3';
import { forEachVar, terminatorOperands } from '../ir/walk';
import { findLoops } from '../ir/loops';
import { successors } from '../ir/cfg';

/** Conjuncts longer than this are not candidates (Spacer can answer with large formulas). */
const MAX_TEXT = 160;
/** Paths of a called function to its goal that are encoded (one rule each); more, and the goal is not encoded. */
const MAX_PATHS = 32;

/** For each loop header of `fn`, C texts of Spacer's invariant there; empty when it does not prove the goal unreachable. */
export async function spacerCandidates(
  z: Z3Handle,
  program: Program,
  fn: IRFunction,
  loops: Loop[],
  goal: Goal,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!loops.length) return out;
  const chc = new HornClauses(program, fn);
  const query = chc.goalRule(goal);
  if (!query) return out;
  const text = chc.text(query);
  const answer = await queueCheck(async () => {
    if (signal?.aborted) return null;
    const fp = new z.ctx.Fixedpoint();
    try {
      fp.set('engine', 'spacer');
      fp.set('timeout', Math.max(1, Math.round(timeoutMs)));
      const queries = fp.fromString(text);
      if (queries.length() !== 1) return null;
      const r = await interruptibleBy(z, signal, () => fp.query(queries.get(0)));
      if (r !== 'unsat') return null;
      // The lemmas Spacer learnt for each loop head (its cover at the infinite level), as text.
      const sorts = chc.args.map(() => z.ctx.Int.sort());
      const covers = new Map<number, string>();
      for (const loop of loops) {
        const rel = z.ctx.Function.declare(chc.relation(loop.header), ...sorts, z.ctx.Bool.sort());
        const cover = fp.getCoverDelta(-1, rel);
        if (cover) covers.set(loop.header, cover.toString());
      }
      return covers;
    } catch {
      return null; // Spacer gave up or failed: no candidates
    } finally {
      fp.release();
    }
  });
  if (!answer) return out;
  // A cover's variables are the relation's arguments, `(:var i)` being argument i.
  const names = new Map(chc.args.map((id, i) => [`var!${i}`, chc.cName(id)]));
  for (const [header, cover] of answer) {
    const texts: string[] = [];
    const add = (c: string | null) => {
      if (c && c.length <= MAX_TEXT && !texts.includes(c)) texts.push(c);
    };
    const linear: { sum: string; op: string; k: bigint }[] = [];
    for (const atom of atoms(expand(parse(cover.replace(/\(:var (\d+)\)/g, 'var!$1'))))) {
      const l = linearAtom(atom, names);
      if (l) linear.push(l);
      add(l ? `${l.sum} ${l.op} ${l.k}` : toC(atom, names));
    }
    // Two bounds that meet are an equality: one candidate more, tried first.
    for (const a of linear) if (a.op === '>=' && linear.some((b) => b.op === '<=' && b.sum === a.sum && b.k === a.k)) texts.unshift(`${a.sum} == ${a.k}`);
    if (texts.length) out.set(header, texts);
  }
  return out;
}

/** The function as Horn clauses over integers (SMT-LIB2 text for Spacer). */
class HornClauses {
  /** The variables every relation takes, in order: integer locals, parameters and temps whose address is never taken. */
  readonly args: number[];
  private readonly decls: string[] = [];
  private readonly rules: string[] = [];
  private fresh = 0;

  constructor(
    private readonly program: Program,
    private readonly fn: IRFunction,
  ) {
    const ids = new Set<number>();
    const see = (id: number) => {
      if (ownIntType(program, id)) ids.add(id);
    };
    for (const b of fn.blocks)
      for (const ins of b.instrs) if (ins.kind === 'assign' && ins.dst?.root.kind === 'var' && !ins.dst.path.length) see(ins.dst.root.id);
    for (const id of fn.params) see(id);
    // A temp used in one block only holds nothing from one block to the next: not an argument.
    const blocksOf = new Map<number, Set<number>>();
    for (const b of fn.blocks) {
      const mention = (id: number) => (blocksOf.get(id) ?? blocksOf.set(id, new Set()).get(id)!).add(b.id);
      for (const ins of b.instrs) forEachVar(ins, mention);
      for (const op of terminatorOperands(b.terminator)) if (op.kind === 'var') mention(op.id);
    }
    const local = (id: number) => program.vars.get(id)!.kind === 'temp' && (blocksOf.get(id)?.size ?? 0) <= 1;
    this.args = [...ids].filter((id) => !local(id)).sort((a, b) => a - b);
    const sorts = this.args.map(() => 'Int').join(' ');
    for (const b of fn.blocks) this.decls.push(`(declare-rel ${this.relation(b.id)} (${sorts}))`);
    this.decls.push('(declare-rel goal ())');
    for (const id of this.args) this.decls.push(`(declare-var ${this.var(id)} Int)`);
    // Entry: every variable any value of its type (parameters are inputs, locals indeterminate).
    this.rules.push(
      `(rule (=> ${and(this.args.map((id) => this.inType(this.var(id), ownIntType(this.program, id)!)))} ${this.apply(
        0,
        this.args.map((id) => this.var(id)),
      )}))`,
    );
    for (const b of fn.blocks) this.blockRules(b);
  }

  relation(block: number): string {
    return `b${block}`;
  }

  /** A C name for an argument (temps have none a candidate could use). */
  cName(id: number): string {
    const v = this.program.vars.get(id)!;
    return v.kind === 'temp' || !/^[A-Za-z_]\w*$/.test(v.name) ? `\u0000${id}` : v.name;
  }

  private var(id: number): string {
    return `v${id}`;
  }

  private apply(block: number, terms: string[]): string {
    return terms.length ? `(${this.relation(block)} ${terms.join(' ')})` : this.relation(block);
  }

  private newVar(): string {
    const name = `x${this.fresh++}`;
    this.decls.push(`(declare-var ${name} Int)`);
    return name;
  }

  private inType(term: string, t: IntType): string {
    return `(and (<= ${num(intMinOf(t))} ${term}) (<= ${term} ${num(intMaxOf(t))}))`;
  }

  /** A block's rules: to each successor, under the branch condition. */
  private blockRules(b: BasicBlock): void {
    const run = this.run(b, b.instrs.length);
    if (!run) return;
    const t = b.terminator;
    const to = (succ: number, cond: string) =>
      this.rules.push(
        `(rule (=> ${and([run.from, ...run.constraints, cond])} ${this.apply(
          succ,
          this.args.map((id) => run.cur.get(id)!),
        )}))`,
      );
    if (t.kind === 'goto') to(t.target, 'true');
    else if (t.kind === 'branch') {
      const c = this.operand(t.cond, run.cur, run.constraints);
      to(t.then, `(not (= ${c} 0))`);
      to(t.else, `(= ${c} 0)`);
    } else if (t.kind === 'switch') {
      const v = this.operand(t.value, run.cur, run.constraints);
      const all: bigint[] = [];
      for (const c of t.cases) {
        const values = c.values.map((x) => asInt(x, t.value.type));
        all.push(...values);
        to(c.target, or(values.map((x) => `(= ${v} ${num(x)})`)));
      }
      to(t.default, and(all.map((x) => `(not (= ${v} ${num(x)}))`)));
    }
  }

  /**
   * The block's first `upTo` instructions from its relation: the variables' terms after them and the
   * constraints met on the way; null when an error call ends the execution before.
   */
  private run(b: BasicBlock, upTo: number): { from: string; cur: Map<number, string>; constraints: string[] } | null {
    const cur = new Map(this.args.map((id) => [id, this.var(id)]));
    const constraints: string[] = [];
    const from = this.apply(
      b.id,
      this.args.map((id) => this.var(id)),
    );
    return this.exec(b, upTo, cur, constraints) ? { from, cur, constraints } : null;
  }

  /** Runs the block's first `upTo` instructions on `cur`, adding their constraints; false when an error call ends the execution. */
  private exec(b: BasicBlock, upTo: number, cur: Map<number, string>, constraints: string[]): boolean {
    for (let i = 0; i < upTo; i++) {
      const ins = b.instrs[i];
      if (ins.kind === 'error') return false;
      if (ins.kind === 'assume' || ins.kind === 'assert') constraints.push(`(not (= ${this.operand(ins.cond, cur, constraints)} 0))`);
      if (ins.kind !== 'assign' || !ins.dst || ins.dst.root.kind !== 'var' || ins.dst.path.length) continue;
      const t = ownIntType(this.program, ins.dst.root.id);
      if (!t) continue;
      const x = this.newVar();
      constraints.push(`(= ${x} ${this.rvalue(ins.value, t, cur, constraints)})`);
      cur.set(ins.dst.root.id, x);
    }
    return true;
  }

  private operand(op: Operand, cur: Map<number, string>, constraints: string[]): string {
    if (op.kind === 'const' && op.type.kind === 'int') return num(asInt(op.value, op.type));
    if (op.kind === 'var' && cur.has(op.id)) return cur.get(op.id)!;
    return this.any(op.type.kind === 'int' ? op.type : null, constraints);
  }

  /** A fresh value: any value of the integer type (any integer for another type). */
  private any(t: IntType | null, constraints: string[]): string {
    const x = this.newVar();
    if (t) constraints.push(this.inType(x, t));
    return x;
  }

  /** The term of an rvalue assigned to a variable of type t; the conditions for it to be defined go to `constraints`. */
  private rvalue(rv: Rvalue, t: IntType, cur: Map<number, string>, constraints: string[]): string {
    const o = (op: Operand) => this.operand(op, cur, constraints);
    const wrap = (raw: string, type: IntType): string => {
      if (type.signed) {
        constraints.push(this.inType(raw, type)); // a signed overflow ends the execution
        return raw;
      }
      return `(mod ${raw} ${num(1n << BigInt(type.bits))})`;
    };
    switch (rv.op) {
      case 'use':
        return rv.a.type.kind === 'int' ? o(rv.a) : this.any(t, constraints);
      case 'cast': {
        if (rv.a.type.kind !== 'int') return this.any(t, constraints);
        const a = o(rv.a);
        const from = rv.a.type;
        if (intMinOf(from) >= intMinOf(t) && intMaxOf(from) <= intMaxOf(t)) return a;
        const m = num(1n << BigInt(t.bits));
        if (!t.signed || t.bits === 1) return t.bits === 1 ? `(ite (= ${a} 0) 0 1)` : `(mod ${a} ${m})`;
        const lo = num(intMinOf(t));
        return `(+ (mod (- ${a} ${lo}) ${m}) ${lo})`;
      }
      case 'unary': {
        if (rv.type.kind !== 'int') return this.any(t, constraints);
        const a = o(rv.a);
        if (rv.uop === '!') return `(ite (= ${a} 0) 1 0)`;
        if (rv.uop === '-') return wrap(`(- ${a})`, rv.type);
        return rv.type.signed ? `(- (- ${a}) 1)` : `(- ${num(intMaxOf(rv.type))} ${a})`;
      }
      case 'binary': {
        if (rv.type.kind !== 'int' && !isComparison(rv.bop)) return this.any(t, constraints);
        if (rv.a.type.kind !== 'int' || rv.b.type.kind !== 'int') return this.any(t, constraints);
        const a = o(rv.a);
        const b = o(rv.b);
        const ty = rv.type as IntType;
        const c = rv.b.kind === 'const' ? asInt(rv.b.value, rv.b.type) : null;
        switch (rv.bop) {
          case '<':
          case '<=':
          case '>':
          case '>=':
            return `(ite (${rv.bop} ${a} ${b}) 1 0)`;
          case '==':
            return `(ite (= ${a} ${b}) 1 0)`;
          case '!=':
            return `(ite (= ${a} ${b}) 0 1)`;
          case '+':
          case '-':
          case '*':
            return wrap(`(${rv.bop} ${a} ${b})`, ty);
          case '/':
          case '%': {
            if (c === null || c === 0n) {
              constraints.push(`(not (= ${b} 0))`);
              return this.any(t, constraints);
            }
            // C truncates toward zero; SMT's div floors for a positive divisor.
            const k = c < 0n ? -c : c;
            const q0 = `(ite (>= ${a} 0) (div ${a} ${num(k)}) (- (div (- ${a}) ${num(k)})))`;
            const q = c < 0n ? `(- ${q0})` : q0;
            if (rv.bop === '/') return ty.signed ? wrap(q, ty) : q;
            return `(- ${a} (* ${num(c)} ${q}))`;
          }
          case '&':
            // x & (2^k - 1) is x mod 2^k in two's complement, whatever x's sign.
            if (c !== null && c > 0n && (c & (c + 1n)) === 0n) return `(mod ${a} ${num(c + 1n)})`;
            return this.any(t, constraints);
          case '>>':
            if (c !== null && c >= 0n && c < BigInt(ty.bits)) return `(div ${a} ${num(1n << c)})`;
            return this.any(t, constraints);
          case '<<':
            if (c !== null && c >= 0n && c < BigInt(ty.bits)) {
              if (ty.signed) constraints.push(`(>= ${a} 0)`);
              return wrap(`(* ${a} ${num(1n << c)})`, ty);
            }
            return this.any(t, constraints);
          default:
            return this.any(t, constraints);
        }
      }
      default:
        return this.any(t, constraints);
    }
  }

  /**
   * The rules that derive `goal` when the goal's target is reached: in the analysed function, or in a
   * loop-free function it calls directly (`__VERIFIER_assert(cond)`'s error call), its parameters the
   * call's arguments. Null for a target it does not encode.
   */
  goalRule(goal: Goal): string | null {
    const rule = (body: string[]) => `(rule (=> ${and(body)} goal))`;
    const target = goal.target;
    if (!goal.context) {
      if (goal.function !== this.fn.name) return null;
      if (target.kind === 'block')
        return rule([
          this.apply(
            target.block,
            this.args.map((id) => this.var(id)),
          ),
        ]);
      const rules: string[] = [];
      for (const block of targetBlocks(target)) {
        const cur = new Map(this.args.map((id) => [id, this.var(id)]));
        const alternatives = this.atTarget(this.fn, target, block, cur, []);
        if (alternatives === null) return null;
        const from = this.apply(
          block,
          this.args.map((id) => this.var(id)),
        );
        for (const alt of alternatives) rules.push(rule([from, ...alt]));
      }
      return rules.length ? rules.join('\n') : null;
    }
    const sites = goal.context.sites;
    if (goal.context.entry !== this.fn.name || sites.length !== 1 || sites[0].function !== this.fn.name) return null;
    const callee = this.program.functions.find((f) => f.name === sites[0].callee);
    const call = this.fn.blocks[sites[0].block]?.instrs[sites[0].index];
    if (!callee || findLoops(callee).length || call?.kind !== 'assign' || call.value.op !== 'call') return null;
    const r = this.run(this.fn.blocks[sites[0].block], sites[0].index);
    if (!r) return null;
    const entry = new Map<number, string>();
    const args = call.value.args;
    callee.params.forEach((p, i) => {
      if (ownIntType(this.program, p) && args[i]) entry.set(p, this.operand(args[i], r.cur, r.constraints));
    });
    const rules: string[] = [];
    for (const block of targetBlocks(target)) {
      const paths = this.pathsTo(callee, block, entry);
      if (paths === null) return null;
      for (const path of paths) {
        const alternatives = this.atTarget(callee, target, block, path.cur, path.constraints);
        if (alternatives === null) return null;
        for (const alt of alternatives) rules.push(rule([r.from, ...r.constraints, ...alt]));
      }
    }
    return rules.length ? rules.join('\n') : null;
  }

  /**
   * The executions of a loop-free function from its entry to the start of `block`: the terms and
   * constraints of each path (at most MAX_PATHS; null past that).
   */
  private pathsTo(func: IRFunction, block: number, entry: Map<number, string>): { cur: Map<number, string>; constraints: string[] }[] | null {
    const out: { cur: Map<number, string>; constraints: string[] }[] = [];
    const visit = (id: number, cur: Map<number, string>, constraints: string[]): boolean => {
      if (id === block) {
        out.push({ cur, constraints });
        return out.length <= MAX_PATHS;
      }
      const b = func.blocks[id];
      const c = new Map(cur);
      const cs = [...constraints];
      if (!this.exec(b, b.instrs.length, c, cs)) return true;
      for (const s of successors(b)) {
        const cs2 = [...cs];
        const cond = this.edgeCondition(b, s, c, cs2);
        if (cond === null) return false;
        if (!visit(s, new Map(c), [...cs2, cond])) return false;
      }
      return true;
    };
    return visit(0, new Map(entry), []) ? out : null;
  }

  /**
   * At the start of `block` (one of the target's), the constraint lists under which the target is
   * reached from there: its instructions before the target run, then its own condition. Null for a
   * target this does not encode.
   */
  private atTarget(func: IRFunction, target: Goal['target'], block: number, cur: Map<number, string>, constraints: string[]): string[][] | null {
    const b = func.blocks[block];
    const cs = [...constraints];
    switch (target.kind) {
      case 'block':
        return [cs];
      case 'point':
      case 'error':
        return this.exec(b, target.index, cur, cs) ? [cs] : [];
      case 'assert': {
        const ins = b.instrs[target.index];
        if (ins?.kind !== 'assert') return null;
        if (!this.exec(b, target.index, cur, cs)) return [];
        return [[...cs, `(= ${this.operand(ins.cond, cur, cs)} 0)`]];
      }
      case 'edges': {
        if (!this.exec(b, b.instrs.length, cur, cs)) return [];
        const out: string[][] = [];
        for (const e of target.edges.filter((x) => x.from === block)) {
          const c2 = [...cs];
          const cond = this.edgeCondition(b, e.to, cur, c2);
          if (cond === null) return null;
          out.push([...c2, cond]);
        }
        return out;
      }
      case 'runtime-error': {
        const ins: Instr | undefined = b.instrs[target.index];
        if (ins?.kind !== 'assign') return null;
        if (!this.exec(b, target.index, cur, cs)) return [];
        const rv = ins.value;
        if (target.error === 'overflow' && rv.op === 'binary' && (rv.bop === '+' || rv.bop === '-' || rv.bop === '*') && rv.type.kind === 'int') {
          const raw = `(${rv.bop} ${this.operand(rv.a, cur, cs)} ${this.operand(rv.b, cur, cs)})`;
          return [[...cs, `(not ${this.inType(raw, rv.type)})`]];
        }
        if (target.error === 'div-by-zero' && rv.op === 'binary' && (rv.bop === '/' || rv.bop === '%'))
          return [[...cs, `(= ${this.operand(rv.b, cur, cs)} 0)`]];
        return null;
      }
    }
  }

  private edgeCondition(b: BasicBlock, to: number, cur: Map<number, string>, constraints: string[]): string | null {
    const t = b.terminator;
    if (t.kind === 'goto') return 'true';
    if (t.kind === 'branch') {
      const c = this.operand(t.cond, cur, constraints);
      if (t.then === t.else) return 'true';
      return to === t.then ? `(not (= ${c} 0))` : `(= ${c} 0)`;
    }
    if (t.kind === 'switch') {
      const v = this.operand(t.value, cur, constraints);
      const values = t.cases.filter((c) => c.target === to).flatMap((c) => c.values.map((x) => asInt(x, t.value.type)));
      const all = t.cases.flatMap((c) => c.values.map((x) => asInt(x, t.value.type)));
      const parts = values.map((x) => `(= ${v} ${num(x)})`);
      if (to === t.default) parts.push(and(all.map((x) => `(not (= ${v} ${num(x)}))`)));
      return or(parts);
    }
    return null;
  }

  /** The whole SMT-LIB2 text: declarations, rules, the goal's rule and the query. */
  text(goalRule: string): string {
    return [...this.decls, ...this.rules, goalRule, '(query goal)'].join('\n');
  }
}

const and = (xs: string[]) => (xs.length === 0 ? 'true' : xs.length === 1 ? xs[0] : `(and ${xs.join(' ')})`);
const or = (xs: string[]) => (xs.length === 0 ? 'false' : xs.length === 1 ? xs[0] : `(or ${xs.join(' ')})`);
const num = (x: bigint) => (x < 0n ? `(- ${-x})` : `${x}`);

/** A constant of the IR in its integer type (a switch's values, in its operand's). */
const asInt = (v: bigint, t: CType): bigint => (t.kind === 'int' ? wrapInt(v, t) : v);

// ---------------------------------------------------------------- Spacer's answer

type Sexp = string | Sexp[];

/** An s-expression tree of SMT-LIB2 text. */
function parse(text: string): Sexp {
  const tokens = text.match(/\(|\)|\|[^|]*\||[^\s()]+/g) ?? [];
  let i = 0;
  const read = (): Sexp => {
    const t = tokens[i++];
    if (t !== '(') return t;
    const list: Sexp[] = [];
    while (i < tokens.length && tokens[i] !== ')') list.push(read());
    i++;
    return list;
  };
  return read();
}

/** `let` bindings substituted away. */
function expand(e: Sexp, env: Map<string, Sexp> = new Map()): Sexp {
  if (typeof e === 'string') return env.get(e) ?? e;
  if (e[0] === 'let' && Array.isArray(e[1])) {
    const inner = new Map(env);
    for (const b of e[1] as Sexp[]) if (Array.isArray(b) && typeof b[0] === 'string') inner.set(b[0], expand(b[1], env));
    return expand(e[2], inner);
  }
  if (e[0] === '!') return expand(e[1], env);
  return e.map((x) => expand(x, env));
}

/**
 * The comparisons of a cover, each one candidate: those of every conjunct and disjunct (a disjunction
 * of the entry state and the lemmas is common; Houdini keeps what is inductive), negations pushed in,
 * none under a quantifier.
 */
function atoms(e: Sexp, negated = false): Sexp[] {
  if (typeof e === 'string') return [];
  const [op, ...args] = e;
  if (op === 'and' || op === 'or') return args.flatMap((a) => atoms(a, negated));
  if (op === 'not') return atoms(args[0], !negated);
  if (op === '<=' || op === '<' || op === '>=' || op === '>' || op === '=') {
    if (!negated) return [e];
    if (op === '=') return [];
    return [[{ '<=': '>', '<': '>=', '>=': '<', '>': '<=' }[op]!, ...args]];
  }
  return [];
}

type Linear = { terms: Map<string, bigint>; k: bigint };

/** A linear term of the cover (integer coefficients of its variables, plus a constant), or null. */
function linearOf(e: Sexp): Linear | null {
  if (typeof e === 'string') return /^\d+$/.test(e) ? { terms: new Map(), k: BigInt(e) } : { terms: new Map([[e, 1n]]), k: 0n };
  const [op, ...args] = e;
  const parts = args.map(linearOf);
  if (parts.some((p) => p === null)) return null;
  const ls = parts as Linear[];
  const scale = (l: Linear, c: bigint): Linear => ({ terms: new Map([...l.terms].map(([v, x]) => [v, x * c])), k: l.k * c });
  const plus = (a: Linear, b: Linear): Linear => {
    const terms = new Map(a.terms);
    for (const [v, x] of b.terms) terms.set(v, (terms.get(v) ?? 0n) + x);
    return { terms, k: a.k + b.k };
  };
  switch (op) {
    case '+':
      return ls.reduce(plus);
    case '-':
      return ls.length === 1 ? scale(ls[0], -1n) : ls.slice(1).reduce((acc, l) => plus(acc, scale(l, -1n)), ls[0]);
    case '*': {
      if (ls.length !== 2) return null;
      const [a, b] = ls;
      if (!a.terms.size) return scale(b, a.k);
      if (!b.terms.size) return scale(a, b.k);
      return null;
    }
    default:
      return null;
  }
}

/**
 * A linear comparison of the cover as C: `(long long)x - y + 3LL * n >= 2`, the sum in `long long` (its
 * first term cast) so that it means what it says in C; null when it is not linear or names a temp.
 */
function linearAtom(e: Sexp, names: Map<string, string>): { sum: string; op: string; k: bigint } | null {
  if (typeof e === 'string' || e.length !== 3) return null;
  const [op, a, b] = e;
  const la = linearOf(a);
  const lb = linearOf(b);
  if (!la || !lb || typeof op !== 'string') return null;
  // a op b  as  sum(terms) op k
  const terms = new Map(la.terms);
  for (const [v, x] of lb.terms) terms.set(v, (terms.get(v) ?? 0n) - x);
  let k = lb.k - la.k;
  let entries = [...terms].filter(([, x]) => x !== 0n);
  if (!entries.length) return null;
  let rel = op === '=' ? '==' : op;
  // Integers: x > k is x >= k + 1, x < k is x <= k - 1; the first coefficient positive.
  if (rel === '>') [rel, k] = ['>=', k + 1n];
  if (rel === '<') [rel, k] = ['<=', k - 1n];
  const named = entries.map(([v, x]) => [names.get(v), x] as const);
  if (named.some(([n]) => n === undefined || n.startsWith('\u0000'))) return null;
  named.sort((p, q) => (p[0]! < q[0]! ? -1 : 1));
  entries = named.map(([n, x]) => [n!, x]);
  if (entries[0][1] < 0n) {
    entries = entries.map(([n, x]) => [n, -x]);
    k = -k;
    rel = { '>=': '<=', '<=': '>=', '==': '==' }[rel] ?? rel;
  }
  const term = (n: string, x: bigint, first: boolean) => {
    const mag = x < 0n ? -x : x;
    const body = mag === 1n ? (first ? `(long long)${n}` : n) : `${mag}LL * ${n}`;
    return first ? (x < 0n ? `-${body}` : body) : `${x < 0n ? '-' : '+'} ${body}`;
  };
  const sum = entries.map(([n, x], i) => term(n, x, i === 0)).join(' ');
  return { sum, op: rel, k };
}

/** A condition of Spacer's answer as a C expression in `long long` arithmetic, or null (something C cannot say the same way, or a temp). */
function toC(e: Sexp, names: Map<string, string>): string | null {
  const ll = (x: Sexp): string | null => {
    if (typeof x === 'string') {
      if (/^\d+$/.test(x)) return `${x}LL`;
      const n = names.get(x);
      return n === undefined || n.startsWith('\u0000') ? null : `(long long)${n}`;
    }
    const [op, ...args] = x;
    const parts = args.map(ll);
    if (parts.some((p) => p === null)) return null;
    const p = parts as string[];
    switch (op) {
      case '+':
        return `(${p.join(' + ')})`;
      case '-':
        return p.length === 1 ? `(-${p[0]})` : `(${p.join(' - ')})`;
      case '*':
        return `(${p.join(' * ')})`;
      case 'mod':
        // SMT's mod and div (by a positive constant) floor; C's % and / truncate.
        return p.length === 2 && /^\d+LL$/.test(p[1]) ? `((${p[0]} % ${p[1]} + ${p[1]}) % ${p[1]})` : null;
      case 'div':
        return p.length === 2 && /^\d+LL$/.test(p[1]) ? `((${p[0]} - (${p[0]} % ${p[1]} + ${p[1]}) % ${p[1]}) / ${p[1]})` : null;
      case 'ite': {
        const c = cond(args[0]);
        return c && p.length === 3 ? `(${c} ? ${p[1]} : ${p[2]})` : null;
      }
      default:
        return null;
    }
  };
  const cond = (x: Sexp): string | null => {
    if (typeof x === 'string') return x === 'true' ? '1' : x === 'false' ? '0' : null;
    const [op, ...args] = x;
    switch (op) {
      case 'and':
      case 'or': {
        const cs = args.map(cond);
        return cs.some((c) => c === null) ? null : `(${cs.join(op === 'and' ? ' && ' : ' || ')})`;
      }
      case 'not': {
        const c = cond(args[0]);
        return c === null ? null : `!${c}`;
      }
      case '<':
      case '<=':
      case '>':
      case '>=':
      case '=': {
        if (args.length !== 2) return null;
        const [a, b] = args.map(ll);
        return a === null || b === null ? null : `(${a} ${op === '=' ? '==' : op} ${b})`;
      }
      default:
        return null;
    }
  };
  const c = cond(e);
  return c === '1' || c === '0' ? null : c;
}

/** The blocks a target starts in (an edge target: each edge's source). */
function targetBlocks(target: Goal['target']): number[] {
  if (target.kind === 'edges') return [...new Set(target.edges.map((e) => e.from))];
  return [target.block];
}
