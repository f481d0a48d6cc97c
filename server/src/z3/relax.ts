// The integer relaxation of a bit-vector formula: every bit-vector term of
// width w becomes an integer term for its signed value, in [-2^(w-1), 2^(w-1)).
// The translation over-approximates: from any model of the formula, reading
// each bit-vector constant as its signed value gives a model of the
// relaxation. So an unsatisfiable relaxation is an unsatisfiable formula, and
// nothing else is concluded from it (a model of the relaxation is no datum).
//
// Why: a product of two variables that must not overflow (C's signed `x * y`
// under the no-undefined-behaviour rule) is exact in the relaxation, and Z3's
// nonlinear integer arithmetic (nlsat) settles at once what bit-blasting a
// 32-bit multiplier takes seconds over: `x * (x - 100) <= -3000` has no
// integer solution.
//
// Exact where it is cheap: constants, +, - and negation with their one
// wrap-around, comparisons (unsigned ones through the unsigned value), the
// overflow predicates of multiplication, sign and zero extension, concatenation,
// shifts by constants, selects and stores. A product is itself where it
// fits and any in-range value where it does not; every other operation (bitwise
// operations, divisions, floating point, quantifiers) is a fresh in-range
// value or a fresh truth value, which any model can take.

import type { Bool, Expr, Solver } from 'z3-solver';
import type { Z3Handle } from './z3';

type E = Expr<'main'>;
type B = Bool<'main'>;

// Z3_decl_kind values (z3-solver's enum is a TypeScript declaration, not a runtime object).
const OP = {
  TRUE: 256,
  FALSE: 257,
  EQ: 258,
  DISTINCT: 259,
  ITE: 260,
  AND: 261,
  OR: 262,
  IFF: 263,
  XOR: 264,
  NOT: 265,
  IMPLIES: 266,
  STORE: 768,
  SELECT: 769,
  CONST_ARRAY: 770,
  BNUM: 1024,
  BNEG: 1027,
  BADD: 1028,
  BSUB: 1029,
  BMUL: 1030,
  ULEQ: 1041,
  SLEQ: 1042,
  UGEQ: 1043,
  SGEQ: 1044,
  ULT: 1045,
  SLT: 1046,
  UGT: 1047,
  SGT: 1048,
  BNOT: 1051,
  CONCAT: 1056,
  SIGN_EXT: 1057,
  ZERO_EXT: 1058,
  EXTRACT: 1059,
  BSHL: 1064,
  BLSHR: 1065,
  BASHR: 1066,
  BSMUL_NO_OVFL: 1077,
  BUMUL_NO_OVFL: 1078,
  BSMUL_NO_UDFL: 1079,
  UNINTERPRETED: 49167,
} as const;

const SORT_BOOL = 1;
const SORT_BV = 4;
const SORT_ARRAY = 5;
const SORT_FLOAT = 9;
const SORT_ROUNDING = 10;
const AST_APP = 1;
const AST_NUMERAL = 0;

/** Formulas nested deeper than this are not relaxed (the translation recurses). */
const MAX_DEPTH = 1500;
/** Formulas of more terms than this are not relaxed (their translation would cost more than it may save). */
const MAX_TERMS = 200_000;

/** A formula too large or too deep to relax. */
export class TooLarge extends Error {}

/** The relaxation of one solver's assertions, kept in step with them, in a solver of its own. */
export class IntRelaxation {
  readonly solver: Solver<'main'>;
  /** Some product of two non-constant terms is asserted: the relaxation may settle what bit-blasting cannot. */
  nonlinear = false;
  /** Some floating-point term is asserted (the relaxation makes it any value: rarely a proof then). */
  floating = false;
  /** The formula could not be relaxed (too large or too deep): never checked. */
  failed = false;
  // Keyed by ast id, each entry holding its term: a term Z3 freed could hand its id to another.
  private readonly memo = new Map<number, { of: E; r: E }>();
  private readonly side: B[] = [];
  /** The original assertions in the relaxation's solver, in order (held: their ids stay theirs). */
  private relaxed: B[] = [];
  /** Original assertions not yet relaxed (none is, until the relaxation is `worth` a check). */
  private pending: B[] = [];
  /** Terms the search for a nonlinear product has been through. */
  private readonly scanned = new Map<number, E>();
  private fresh = 0;
  /** The bit-vector constants relaxed, with their integer counterparts. */
  private readonly constants: { bv: E; int: E; w: number }[] = [];

  constructor(private readonly z: Z3Handle) {
    this.solver = new z.ctx.Solver();
  }

  /** Brings the relaxation in step with `original`'s assertions (after a pop on the original it starts afresh). */
  sync(original: Solver<'main'>): void {
    if (this.failed) return;
    const all = original.assertions();
    const n = all.length();
    const seen = this.relaxed.length + this.pending.length;
    let same = seen <= n;
    for (let i = 0; same && i < this.relaxed.length; i++) same = all.get(i).id() === this.relaxed[i].id();
    for (let i = 0; same && i < this.pending.length; i++) same = all.get(this.relaxed.length + i).id() === this.pending[i].id();
    if (!same) {
      // The reset drops the side conditions (ranges) of every term translated so far: translate anew.
      this.solver.reset();
      this.relaxed = [];
      this.pending = [];
      this.memo.clear();
      this.scanned.clear();
      this.constants.length = 0;
      this.nonlinear = false;
      this.floating = false;
    }
    try {
      for (let i = this.relaxed.length + this.pending.length; i < n; i++) {
        const a = all.get(i) as B;
        if (!this.nonlinear) this.scan(a);
        this.pending.push(a);
      }
      if (!this.worth) return;
      for (const a of this.pending) {
        this.side.length = 0;
        const r = this.bool(a, 0);
        this.solver.add(r, ...this.side);
        this.relaxed.push(a);
      }
      this.pending = [];
    } catch (e) {
      if (!(e instanceof TooLarge || e instanceof RangeError)) throw e;
      this.failed = true;
    }
  }

  /**
   * Whether a check of the relaxation may pay: always with products of variables; for a linear
   * formula, when it has no floating-point terms (Z3's linear integer arithmetic then decides what
   * bit-blasting adders and comparators can take seconds over, e.g. tritype's triangle inequalities).
   */
  get worth(): boolean {
    return this.nonlinear || !this.floating;
  }

  /** Looks for a product of two non-constant terms under `root`, noting floating-point terms on the way. */
  private scan(root: E): void {
    const { api, ctx } = this.z;
    const stack = [root];
    while (stack.length && !this.nonlinear) {
      const e = stack.pop()!;
      const id = e.id();
      if (this.scanned.has(id)) continue;
      this.scanned.set(id, e);
      if (this.scanned.size > MAX_TERMS) throw new TooLarge();
      const sort = this.sortKind(e);
      if (sort === SORT_FLOAT || sort === SORT_ROUNDING) this.floating = true;
      if (api.get_ast_kind(ctx.ptr, e.ast) !== AST_APP) continue;
      const app = e as unknown as { numArgs(): number; arg(i: number): E };
      const op = this.declKind(e);
      const n = app.numArgs();
      if (op === OP.BMUL) {
        let variables = 0;
        for (let i = 0; i < n; i++) if (this.declKind(app.arg(i)) !== OP.BNUM) variables++;
        if (variables >= 2) this.nonlinear = true;
      }
      for (let i = 0; i < n; i++) stack.push(app.arg(i));
    }
  }

  /**
   * The relaxation of a term of the formula's context (a truth value: assumption literals, which are
   * Boolean constants, are themselves; a bit-vector: its signed value), its side conditions asserted.
   */
  relax<T extends E>(e: T): T {
    this.side.length = 0;
    const r = this.term(e, 0);
    if (this.side.length) this.solver.add(...this.side);
    return r as T;
  }

  /**
   * A model of the relaxation read back as values of the bit-vector constants (`c == v` each):
   * often the values of a model of the formula too, which a check under them confirms at once.
   */
  hints(model: { eval(e: E, completion?: boolean): E }): B[] {
    const { ctx } = this;
    const out: B[] = [];
    for (const { bv, int, w } of this.constants) {
      const v = model.eval(int, false);
      if (!ctx.isIntVal(v)) continue;
      const m = 1n << BigInt(w);
      out.push(ctx.Eq(bv, ctx.BitVec.val((((v.value() as bigint) % m) + m) % m, w)) as B);
    }
    return out;
  }

  private get ctx() {
    return this.z.ctx;
  }

  private declKind(e: E): number {
    const { api, ctx } = this.z;
    const kind = api.get_ast_kind(ctx.ptr, e.ast);
    if (kind !== AST_APP && kind !== AST_NUMERAL) return -1;
    return api.get_decl_kind(ctx.ptr, api.get_app_decl(ctx.ptr, e.ast as never)) as number;
  }

  private sortKind(e: E): number {
    return e.sort.kind() as number;
  }

  private width(e: E): number {
    return (e.sort as unknown as { size(): number }).size();
  }

  private indexWidth(e: E): number {
    return (e.sort as unknown as { domain(): { size(): number } }).domain().size();
  }

  private freshBool(): B {
    return this.ctx.Bool.const(`relax!b${++this.fresh}`) as B;
  }

  private freshInt(w: number): E {
    const k = this.ctx.Int.const(`relax!k${++this.fresh}`);
    this.side.push(this.inRange(k, w));
    return k as E;
  }

  private inRange(k: E, w: number): B {
    const { ctx } = this;
    const i = k as ReturnType<typeof ctx.Int.const>;
    return ctx.And(i.ge(ctx.Int.val(-(1n << BigInt(w - 1)))), i.le(ctx.Int.val((1n << BigInt(w - 1)) - 1n))) as B;
  }

  /** The signed value of a w-bit result computed exactly as `s`, which is at most one wrap-around away. */
  private wrapOnce(s: E, w: number): E {
    const { ctx } = this;
    const i = s as ReturnType<typeof ctx.Int.const>;
    const m = 1n << BigInt(w);
    const hi = ctx.Int.val((1n << BigInt(w - 1)) - 1n);
    const lo = ctx.Int.val(-(1n << BigInt(w - 1)));
    return ctx.If(i.gt(hi), i.sub(ctx.Int.val(m)), ctx.If(i.lt(lo), i.add(ctx.Int.val(m)), i)) as E;
  }

  /** `s` where it fits in w bits, else any w-bit value. */
  private fitOrAny(s: E, w: number): E {
    return this.ctx.If(this.inRange(s, w), s, this.freshInt(w)) as E;
  }

  /** The unsigned value of a relaxed w-bit term. */
  private unsigned(i: E, w: number): E {
    const { ctx } = this;
    const v = i as ReturnType<typeof ctx.Int.const>;
    return ctx.If(v.lt(0), v.add(ctx.Int.val(1n << BigInt(w))), v) as E;
  }

  private int(e: E, depth: number): E {
    return this.term(e, depth) as E;
  }

  private bool(e: E, depth: number): B {
    return this.term(e, depth) as B;
  }

  /** The relaxation of a Boolean, bit-vector or array term (null: a sort the relaxation does not carry). */
  private term(e: E, depth: number): E {
    const id = e.id();
    const done = this.memo.get(id);
    if (done) return done.r;
    if (depth > MAX_DEPTH || this.memo.size > MAX_TERMS) throw new TooLarge();
    const r = this.translate(e, depth + 1);
    this.memo.set(id, { of: e, r });
    return r;
  }

  /** The relaxed sort of `e`'s sort, if it has one: Bool, Int for bit-vectors, arrays of those over those. */
  private carried(e: E): boolean {
    const k = this.sortKind(e);
    if (k === SORT_BOOL || k === SORT_BV) return true;
    if (k !== SORT_ARRAY) return false;
    const s = e.sort as unknown as { domain(): { kind(): number }; range(): { kind(): number } };
    const d = s.domain().kind();
    const r = s.range().kind();
    return d === SORT_BV && (r === SORT_BV || r === SORT_BOOL);
  }

  /** A fresh term of `e`'s relaxed sort: any value (an over-approximation of any operation). */
  private any(e: E): E {
    const k = this.sortKind(e);
    if (k === SORT_BOOL) return this.freshBool();
    if (k === SORT_BV) return this.freshInt(this.width(e));
    const { ctx } = this;
    const range = (e.sort as unknown as { range(): { kind(): number } }).range().kind() === SORT_BOOL ? ctx.Bool.sort() : ctx.Int.sort();
    // Array elements read later get their range at the select.
    return ctx.Array.const(`relax!a${++this.fresh}`, ctx.Int.sort(), range) as unknown as E;
  }

  /** A bit-vector numeral's signed value. */
  private numeral(e: E, w: number): E {
    const v = (e as unknown as { value(): bigint }).value();
    return this.ctx.Int.val(v >= 1n << BigInt(w - 1) ? v - (1n << BigInt(w)) : v) as E;
  }

  private translate(e: E, depth: number): E {
    const { ctx } = this;
    const sk = this.sortKind(e);
    const op = this.declKind(e);
    const app = e as unknown as { numArgs(): number; arg(i: number): E; decl(): { params(): unknown[]; name(): string | number } };
    const n = op < 0 ? 0 : app.numArgs();
    const args = (): E[] => Array.from({ length: n }, (_, i) => app.arg(i));
    const allCarried = () => args().every((a) => this.carried(a));
    const I = (a: E) => this.int(a, depth) as ReturnType<typeof ctx.Int.const>;
    const Bo = (a: E) => this.bool(a, depth);
    const w = sk === SORT_BV ? this.width(e) : 0;
    // A product or shift of numerals is a numeral (1 << 31 is INT_MIN, not any value).
    if (sk === SORT_BV && n > 0 && (op === OP.BMUL || op === OP.BSHL) && args().every((a) => this.declKind(a) === OP.BNUM)) {
      const [a, ...rest] = args().map((x) => (x as unknown as { value(): bigint }).value());
      const m = (1n << BigInt(w)) - 1n;
      const v = rest.reduce((acc, b) => (op === OP.BMUL ? acc * b : b >= BigInt(w) ? 0n : acc << b) & m, a);
      return ctx.Int.val(v >= 1n << BigInt(w - 1) ? v - (1n << BigInt(w)) : v) as E;
    }
    switch (op) {
      case OP.TRUE:
      case OP.FALSE:
        return e;
      case OP.AND:
        return ctx.And(...args().map(Bo)) as E;
      case OP.OR:
        return ctx.Or(...args().map(Bo)) as E;
      case OP.NOT:
        return ctx.Not(Bo(app.arg(0))) as E;
      case OP.IMPLIES:
        return ctx.Implies(Bo(app.arg(0)), Bo(app.arg(1))) as E;
      case OP.IFF:
        return ctx.Eq(Bo(app.arg(0)), Bo(app.arg(1))) as E;
      case OP.XOR:
        return ctx.Xor(Bo(app.arg(0)), Bo(app.arg(1))) as E;
      case OP.EQ:
      case OP.DISTINCT: {
        if (!allCarried()) return this.freshBool();
        // Arrays are relaxed to Int-indexed ones, whose cells outside the index range follow the innermost
        // base of a store chain (a constant array's value, or free). Two arrays equal on every in-range
        // index then differ outside only if stores cover all 2^w indices, more than MAX_TERMS allows
        // from 18 bits on (the engine's are 32 and 64); narrower ones are not compared.
        if (this.sortKind(app.arg(0)) === SORT_ARRAY && this.indexWidth(app.arg(0)) < 18) return this.freshBool();
        const xs = args().map((a) => this.term(a, depth));
        const eq = op === OP.EQ ? ctx.And(...xs.slice(1).map((x) => ctx.Eq(xs[0], x))) : ctx.Distinct(...xs);
        return eq as E;
      }
      case OP.ITE:
        if (!this.carried(e)) break;
        return ctx.If(Bo(app.arg(0)), this.term(app.arg(1), depth), this.term(app.arg(2), depth)) as E;
      case OP.BNUM:
        return this.numeral(e, w);
      case OP.BNEG: {
        const a = I(app.arg(0));
        return this.wrapOnce(a.neg() as E, w);
      }
      case OP.BADD:
      case OP.BSUB: {
        const xs = args().map(I);
        let acc = xs[0] as E;
        for (const x of xs.slice(1)) acc = this.wrapOnce((op === OP.BADD ? (acc as typeof x).add(x) : (acc as typeof x).sub(x)) as E, w);
        return acc;
      }
      case OP.BMUL: {
        const xs = args().map(I);
        let acc = xs[0] as E;
        for (const x of xs.slice(1)) acc = this.fitOrAny((acc as typeof x).mul(x) as E, w);
        return acc;
      }
      case OP.BSMUL_NO_OVFL:
      case OP.BSMUL_NO_UDFL:
      case OP.BUMUL_NO_OVFL: {
        const a = app.arg(0);
        const b = app.arg(1);
        const aw = this.width(a);
        if (op === OP.BUMUL_NO_OVFL) {
          const p = (this.unsigned(I(a), aw) as ReturnType<typeof ctx.Int.const>).mul(this.unsigned(I(b), aw) as never);
          return p.le(ctx.Int.val((1n << BigInt(aw)) - 1n)) as E;
        }
        const p = I(a).mul(I(b));
        return (op === OP.BSMUL_NO_OVFL ? p.le(ctx.Int.val((1n << BigInt(aw - 1)) - 1n)) : p.ge(ctx.Int.val(-(1n << BigInt(aw - 1))))) as E;
      }
      case OP.SLT:
      case OP.SLEQ:
      case OP.SGT:
      case OP.SGEQ:
      case OP.ULT:
      case OP.ULEQ:
      case OP.UGT:
      case OP.UGEQ: {
        const a = app.arg(0);
        const b = app.arg(1);
        const unsigned = op === OP.ULT || op === OP.ULEQ || op === OP.UGT || op === OP.UGEQ;
        const aw = this.width(a);
        const x = (unsigned ? this.unsigned(I(a), aw) : I(a)) as ReturnType<typeof ctx.Int.const>;
        const y = (unsigned ? this.unsigned(I(b), aw) : I(b)) as ReturnType<typeof ctx.Int.const>;
        if (op === OP.SLT || op === OP.ULT) return x.lt(y) as E;
        if (op === OP.SLEQ || op === OP.ULEQ) return x.le(y) as E;
        if (op === OP.SGT || op === OP.UGT) return x.gt(y) as E;
        return x.ge(y) as E;
      }
      case OP.BNOT:
        return I(app.arg(0)).neg().sub(1) as E;
      case OP.SIGN_EXT:
        return I(app.arg(0)) as E;
      case OP.ZERO_EXT: {
        const a = app.arg(0);
        return w === this.width(a) ? (I(a) as E) : this.unsigned(I(a), this.width(a));
      }
      case OP.CONCAT: {
        // Bits hi..lo: the first argument's signed value times 2^(the rest's width), plus the rest unsigned.
        const as = args();
        let acc = I(as[0]) as E;
        for (const a of as.slice(1)) {
          const aw = this.width(a);
          acc = (acc as ReturnType<typeof ctx.Int.const>).mul(ctx.Int.val(1n << BigInt(aw))).add(this.unsigned(I(a), aw) as never) as E;
        }
        return acc;
      }
      case OP.EXTRACT: {
        // The low bits keep a value that fits in them.
        const lo = app.decl().params()[1];
        if (lo === 0) return this.fitOrAny(I(app.arg(0)) as E, w);
        break;
      }
      case OP.BSHL:
      case OP.BLSHR:
      case OP.BASHR: {
        const by = app.arg(1);
        if (this.declKind(by) !== OP.BNUM) break;
        const c = (by as unknown as { value(): bigint }).value();
        if (c >= BigInt(w)) break;
        const f = ctx.Int.val(1n << c);
        const a = I(app.arg(0));
        if (op === OP.BSHL) return this.fitOrAny(a.mul(f) as E, w);
        // Integer division by a positive number rounds down (SMT-LIB's div), as an arithmetic shift does.
        if (op === OP.BASHR) return a.div(f) as E;
        if (c === 0n) return a as E;
        return (this.unsigned(a as E, w) as ReturnType<typeof ctx.Int.const>).div(f) as E;
      }
      case OP.SELECT: {
        if (n !== 2 || !this.carried(app.arg(0)) || !this.carried(app.arg(1))) break;
        const arr = this.term(app.arg(0), depth) as unknown as { select(i: E): E };
        const v = arr.select(this.term(app.arg(1), depth));
        if (sk === SORT_BV) this.side.push(this.inRange(v, w));
        return v;
      }
      case OP.STORE: {
        if (n !== 3 || !this.carried(e) || !allCarried()) break;
        const arr = this.term(app.arg(0), depth) as unknown as { store(i: E, v: E): E };
        return arr.store(this.term(app.arg(1), depth), this.term(app.arg(2), depth));
      }
      case OP.CONST_ARRAY: {
        if (!this.carried(e) || !this.carried(app.arg(0))) break;
        return ctx.Array.K(ctx.Int.sort(), this.term(app.arg(0), depth) as never) as unknown as E;
      }
      case OP.UNINTERPRETED:
        // A constant: Boolean ones (the engine's literals) are themselves, the others a constant of the relaxed sort.
        if (n === 0 && sk === SORT_BOOL) return e;
        if (n === 0 && sk === SORT_BV) {
          const k = ctx.Int.const(`relax!${app.decl().name()}!${++this.fresh}`);
          this.side.push(this.inRange(k as E, w));
          this.constants.push({ bv: e, int: k as E, w });
          return k as E;
        }
        break;
    }
    if (!this.carried(e)) throw new Error(`relax: a term of an uncarried sort reached (${e.sexpr().slice(0, 80)})`);
    return this.any(e);
  }
}
