// Random small C functions for the differential soundness test, and their
// instrumented twins.
//
// A program is one function `f` of 1-3 scalar parameters: integer arithmetic
// over every integer type (promotions, usual conversions, mixed signedness,
// shifts, casts, literals of each type), floats and doubles, nested if/else,
// `&&`/`||`, `?:`, switch, small bounded loops, local arrays and pointers to
// locals; about 30% of them a struct variable and/or an array of structs,
// member accesses, and pointers into members (`&st.x`, `&sa[1].a[2]`,
// `st.a`, `&st.x + 1`), read and written with indices that may leave the
// member. Each statement starts its own line and each decision its own
// column, so that CReach's goals (`f:12:if:true`, `f:9:stmt`, ...) map to
// one probe each.
//
// The generator emits two texts from the same tree, line for line: the
// original (given to CReach) and the instrumented one (compiled by gcc),
// where probes record each statement start and each decision outcome, and
// explicit checks report out-of-bounds and null accesses at their site
// (UBSan cannot see those through pointers; each pointer's object, its
// provenance, is kept beside it in the twin). The instrumented text only adds
// characters on the same lines, and a column map per line turns a column of
// the instrumented text (a UBSan report) back into a column of the original.

import { Rng } from './rng';
import { T, type CType, type IntType, convertInt, inRange, isInt, maxOf, minOf, promote, usual } from './ctypes';

// ---------------------------------------------------------------- the tree

export interface Scalar {
  name: string;
  type: CType;
  role: 'param' | 'local' | 'counter';
  addressTaken: boolean;
}

export interface ArrayVar {
  name: string;
  elem: CType;
  length: number;
  init: string[];
}

export interface PointerVar {
  name: string;
  to: CType;
  /** Index expressions `p[i]` are made for an object of this many elements (default 2). */
  span?: number;
}

/** A member of the struct type: a scalar, or an array of `length` elements. */
export interface Field {
  name: string;
  t: CType;
  length: number | null;
}

/** The one struct type of a program (`struct S`), defined at file scope or in its first declaration. */
export interface StructDef {
  fields: Field[];
  /** Defined in the declaration of the first struct variable (`struct S { ... } st = ...;`). */
  inline: boolean;
}

/** A local struct variable (`length` null) or a local array of structs. */
export interface StructVar {
  name: string;
  def: StructDef;
  length: number | null;
  init: string;
}

export type BinOp = '+' | '-' | '*' | '/' | '%' | '<<' | '>>' | '&' | '|' | '^' | '<' | '<=' | '>' | '>=' | '==' | '!=';

export type Expr =
  | { k: 'var'; v: Scalar; t: CType }
  | { k: 'lit'; text: string; t: CType; value: bigint | null }
  | { k: 'index'; a: ArrayVar; i: Expr; t: CType }
  | { k: 'deref'; p: PointerVar; i: Expr | null; t: CType }
  /** `st.f`, `st.a[i]`, `sa[e].f`, `sa[e].a[i]`. */
  | { k: 'member'; s: StructVar; e: Expr | null; f: Field; i: Expr | null; t: CType }
  | { k: 'un'; op: '-' | '~' | '!'; a: Expr; t: CType }
  | { k: 'bin'; op: BinOp; a: Expr; b: Expr; t: CType }
  | { k: 'logic'; op: '&&' | '||'; a: Expr; b: Expr; t: CType; split: boolean }
  | { k: 'cast'; a: Expr; t: CType }
  | { k: 'tern'; c: Expr; a: Expr; b: Expr; t: CType };

export type LValue = Extract<Expr, { k: 'var' | 'index' | 'deref' | 'member' }>;

/** The text of an lvalue that is a plain name (`v`, `st.x`): no index, nothing to check when it is accessed. */
export function plainLvalue(l: LValue): string | null {
  if (l.k === 'var') return l.v.name;
  if (l.k === 'member' && !l.e && !l.i) return `${l.s.name}.${l.f.name}`;
  return null;
}

/**
 * A member as a pointer target: `&st.x`, `&sa[1].c`, `&st.a[2]`, `st.a` (decay), plus a constant offset
 * that keeps the pointer within the member or one past it (`&sa[1].x + 1`, `st.a + 3`), never outside.
 */
export type MemberTarget = { k: 'member'; s: StructVar; elem: number | null; f: Field; index: number | null; decay: boolean; off: number };

export type PtrTarget = { k: 'elem'; a: ArrayVar; index: number } | { k: 'scalar'; v: Scalar } | MemberTarget | { k: 'copy'; p: PointerVar };
export type PtrInit = PtrTarget | { k: 'choose'; c: Expr; a: PtrTarget; b: PtrTarget | null };

export interface Case {
  /** Label values (already distinct after conversion to the promoted type), or 'default'. */
  labels: (string | 'default')[];
  body: Stmt[];
  brk: boolean;
}

export interface Loop {
  counter: Scalar;
  bound: number;
  /** An extra condition joined to `counter < bound` by &&. */
  extra: Expr | null;
  extraFirst: boolean;
  body: Stmt[];
}

export type Stmt =
  | { k: 'declScalar'; v: Scalar; init: Expr }
  | { k: 'declArray'; a: ArrayVar }
  | { k: 'declStruct'; s: StructVar; define: boolean }
  | { k: 'declPtr'; p: PointerVar; init: PtrInit }
  | { k: 'assign'; lhs: LValue; op: string; rhs: Expr }
  | { k: 'incdec'; lhs: LValue; op: '++' | '--'; prefix: boolean }
  | { k: 'ptrAssign'; p: PointerVar; init: PtrInit }
  | { k: 'if'; c: Expr; then: Stmt[]; else: Stmt[] | null; elseIf: boolean }
  | { k: 'switch'; e: Expr; cases: Case[] }
  | ({ k: 'for' | 'while' | 'do' } & Loop)
  | { k: 'break' }
  | { k: 'return'; e: Expr }
  | { k: 'assert'; c: Expr };

// ---------------------------------------------------------------- sites

/** A probe of the instrumented program, at a position of the original one. */
export type Site =
  | { kind: 'stmt'; line: number; col: number; slot: number }
  /** slot: the true outcome; slot + 1: the false one. col: where the condition starts. */
  | { kind: 'branch'; tag: 'if' | 'while' | 'for' | 'do' | 'ternary' | 'cond'; line: number; col: number; slot: number; text: string }
  /** outcomes: 'case 3' | 'default' | 'default (none)' -> slot. */
  | { kind: 'switch'; line: number; col: number; outcomes: Record<string, number>; text: string };

/**
 * An explicit check of the instrumented program: it prints `@fail id kind` and
 * exits. Besides array and pointer accesses (UBSan cannot see the objects
 * behind pointers) and assertions, signed +, -, * and negation ('arith') and
 * conversions from floating to integer types ('convert') are checked
 * explicitly: gcc drops UBSan's checks of these when it folds constants or
 * narrows the arithmetic to a smaller type (`char c; c *= y;` is computed
 * in 8 bits and never reported), which would hide undefined behaviour.
 */
export interface CheckSite {
  id: number;
  what: 'index' | 'deref' | 'assert' | 'arith' | 'convert';
  line: number;
  col: number;
  text: string;
}

export interface Generated {
  seed: number;
  fn: string;
  /** The original C text (given to CReach). */
  source: string;
  /** The instrumented function, line for line with `source`. */
  instrumented: string[];
  /** Per line: for each character of the instrumented line, the 1-based column of the original it stands at. */
  colMaps: number[][];
  params: { name: string; type: CType }[];
  ret: CType;
  sites: Site[];
  checks: CheckSite[];
  nslots: number;
  nswitches: number;
  /** Values tried for each parameter (integers as bigint, floats as number). */
  domain: (bigint | number)[][];
  /** No loop of the program runs its body more than this many times. */
  maxTrip: number;
  /** The program declares a struct (about 30% of them): member accesses and pointers into members. */
  members: boolean;
}

// ---------------------------------------------------------------- generation

interface Lit {
  text: string;
  t: CType;
  value: bigint | null;
}

const L = (text: string, t: CType, value: bigint | null): Lit => ({ text, t, value });

/** Literals of each kind, typed as C types them (a hex literal may be unsigned where the decimal one is long). */
const smallLits: Lit[] = [0, 1, 2, 3, 4, 5, 7, 8, 10, 16, 31, 100].map((v) => L(String(v), T.int, BigInt(v)));
const boundaryLits: Lit[] = [
  L('127', T.int, 127n),
  L('128', T.int, 128n),
  L('255', T.int, 255n),
  L('256', T.int, 256n),
  L('32767', T.int, 32767n),
  L('32768', T.int, 32768n),
  L('65535', T.int, 65535n),
  L('65536', T.int, 65536n),
  L('1000000', T.int, 1000000n),
  L('2147483647', T.int, 2147483647n),
  L('0x7fffffff', T.int, 2147483647n),
  L('0x80000000', T.uint, 2147483648n),
  L('0xffffffff', T.uint, 4294967295n),
  L('2147483648', T.long, 2147483648n),
  L('4294967295', T.long, 4294967295n),
  L('4294967296', T.long, 4294967296n),
  L('9223372036854775807', T.long, 9223372036854775807n),
  L('0x8000000000000000', T.ulong, 9223372036854775808n),
  L('0xff', T.int, 255n),
  L('0x100', T.int, 256n),
];
const suffixLits: Lit[] = [
  L('3u', T.uint, 3n),
  L('7U', T.uint, 7n),
  L('1u', T.uint, 1n),
  L('5L', T.long, 5n),
  L('2LL', T.llong, 2n),
  L('1ULL', T.ullong, 1n),
  L('255UL', T.ulong, 255n),
  L('100000L', T.long, 100000n),
  L('4000000000u', T.uint, 4000000000n),
  L('1000000000000LL', T.llong, 1000000000000n),
  L("'a'", T.int, 97n),
  L("'0'", T.int, 48n),
];
const floatLits: Lit[] = [
  L('2.0', T.double, null),
  L('0.5', T.double, null),
  L('3.0', T.double, null),
  L('100.0', T.double, null),
  L('1e10', T.double, null),
  L('1.5', T.double, null),
  L('4294967296.0', T.double, null),
  L('2147483648.0', T.double, null),
  L('1e20', T.double, null),
  L('2.0f', T.float, null),
  L('0.5f', T.float, null),
  L('16777217.0f', T.float, null),
  L('3.0f', T.float, null),
];

const paramTypes: [number, CType][] = [
  [30, T.int],
  [10, T.uint],
  [8, T.char],
  [7, T.uchar],
  [6, T.short],
  [6, T.ushort],
  [5, T.long],
  [6, T.llong],
  [4, T.ullong],
  [3, T.ulong],
  [2, T.schar],
  [6, T.double],
  [3, T.float],
];
const localTypes: [number, CType][] = [
  [40, T.int],
  [10, T.uint],
  [6, T.char],
  [6, T.uchar],
  [6, T.short],
  [4, T.ushort],
  [6, T.long],
  [8, T.llong],
  [4, T.ullong],
  [7, T.double],
  [3, T.float],
];
const elemTypes: [number, CType][] = [
  [6, T.int],
  [2, T.char],
  [2, T.uchar],
  [2, T.short],
  [2, T.llong],
  [1, T.uint],
  [1, T.double],
];

type Want = 'int' | 'num';

/** Whether the expression reads a variable (expressions of literals only are rarely interesting). */
function readsVariable(e: Expr): boolean {
  switch (e.k) {
    case 'var':
    case 'index':
    case 'deref':
    case 'member':
      return true;
    case 'lit':
      return false;
    case 'un':
    case 'cast':
      return readsVariable(e.a);
    case 'bin':
    case 'logic':
      return readsVariable(e.a) || readsVariable(e.b);
    case 'tern':
      return readsVariable(e.c) || readsVariable(e.a) || readsVariable(e.b);
  }
}

class Gen {
  readonly rng: Rng;
  readonly params: Scalar[] = [];
  readonly scalars: Scalar[] = []; // params and locals (not counters), in declaration order
  readonly arrays: ArrayVar[] = [];
  readonly ptrs: PointerVar[] = [];
  /** The struct variables (`st`, `sa`), empty in most programs. */
  readonly structs: StructVar[] = [];
  readonly counters: Scalar[] = [];
  readonly active: Scalar[] = []; // counters of the enclosing loops
  readonly literals: bigint[] = [];
  budget = 0;
  asserts = 0;
  maxTrip = 0;
  loopDepth = 0;
  returns = 0;
  /** Whether the program uses float and double (about a third of them do). */
  readonly floats: boolean;
  /**
   * A second stream for the struct of a program (whether there is one, its members and their values): a
   * program without one draws exactly what it drew before structs existed (its text is unchanged).
   */
  readonly srng: Rng;

  constructor(seed: number) {
    this.rng = new Rng(seed);
    this.srng = new Rng((seed ^ 0x3c6ef372) >>> 0);
    this.floats = this.rng.chance(0.35);
  }

  /** The weighted types, without floating ones in an integer-only program. */
  typed(list: [number, CType][]): [number, CType][] {
    return this.floats ? list : list.filter(([, t]) => t.kind === 'int');
  }

  lit(want: Want): Expr {
    const r = this.rng;
    const pool = r.weighted<Lit[]>([
      [6, smallLits],
      [2, boundaryLits],
      [2, suffixLits],
      [want === 'num' && this.floats ? 2 : 0, floatLits],
    ]);
    const l = r.pick(pool);
    if (l.value !== null) this.literals.push(l.value);
    const e: Expr = { k: 'lit', text: l.text, t: l.t, value: l.value };
    // A negative value is a negation of a literal (C has no negative literals).
    if (l.value !== null && l.value !== 0n && l.t === T.int && r.chance(0.25)) return { k: 'un', op: '-', a: e, t: T.int };
    if (l.value === null && r.chance(0.2)) return { k: 'un', op: '-', a: e, t: l.t };
    return e;
  }

  smallLit(v: number): Expr {
    this.literals.push(BigInt(v));
    const e: Expr = { k: 'lit', text: String(Math.abs(v)), t: T.int, value: BigInt(Math.abs(v)) };
    return v < 0 ? { k: 'un', op: '-', a: e, t: T.int } : e;
  }

  readable(want: Want): Scalar[] {
    const all = [...this.scalars, ...this.counters];
    return want === 'int' ? all.filter((v) => isInt(v.type)) : all;
  }

  leaf(want: Want): Expr {
    const r = this.rng;
    const vars = this.readable(want);
    const arrays = this.arrays.filter((a) => want === 'num' || isInt(a.elem));
    const ptrs = this.ptrs.filter((p) => want === 'num' || isInt(p.to));
    const members = this.fieldsOf((t) => want === 'num' || isInt(t));
    const kind = r.weighted<string>([
      [vars.length ? 8 : 0, 'var'],
      [2.5, 'lit'],
      [arrays.length ? 2 : 0, 'index'],
      [ptrs.length ? 1.5 : 0, 'deref'],
      [members.length ? 3 : 0, 'member'],
    ]);
    if (kind === 'member') return this.member(r.pick(members));
    if (kind === 'var') {
      const v = r.pick(vars);
      return { k: 'var', v, t: v.type };
    }
    if (kind === 'index') {
      const a = r.pick(arrays);
      return { k: 'index', a, i: this.indexExpr(a.length), t: a.elem };
    }
    if (kind === 'deref') {
      const p = r.pick(ptrs);
      return { k: 'deref', p, i: r.chance(0.5) ? null : this.indexExpr(p.span ?? 2), t: p.to };
    }
    return this.lit(want);
  }

  /** The members of every struct variable whose type passes `ok`. */
  fieldsOf(ok: (t: CType) => boolean): [StructVar, Field][] {
    return this.structs.flatMap((s) => s.def.fields.filter((f) => ok(f.t)).map((f): [StructVar, Field] => [s, f]));
  }

  /** An access to a member (an element of it when it is an array): `st.x`, `sa[e].a[i]`, ... */
  member([s, f]: [StructVar, Field]): Extract<Expr, { k: 'member' }> {
    const e = s.length === null ? null : this.indexExpr(s.length);
    const i = f.length === null ? null : this.indexExpr(f.length);
    return { k: 'member', s, e, f, i, t: f.t };
  }

  /**
   * The lvalue of `lhs op= e` or `lhs++`: in `sa[e].a[i]`, gcc computes the element index e and the member
   * index i before the access; the twin checks e as it computes it, so e is a literal in bounds there (the
   * plain stores and the reads check both after computing both).
   */
  inPlace(lhs: LValue): LValue {
    if (lhs.k !== 'member' || !lhs.e || !lhs.i || lhs.e.k === 'lit') return lhs;
    return { ...lhs, e: this.smallLit(this.rng.int(0, lhs.s.length! - 1)) };
  }

  /** A variable (a literal only when there is none). */
  varLeaf(want: Want): Expr {
    const vars = this.readable(want);
    if (!vars.length) return this.leaf(want);
    const v = this.rng.pick(vars);
    return { k: 'var', v, t: v.type };
  }

  /** An index for an array of `length` elements: mostly in bounds, sometimes not. */
  indexExpr(length: number): Expr {
    const r = this.rng;
    const kind = r.weighted<string>([
      [this.active.length ? 4 : 0, 'counter'],
      [3, 'mask'],
      [1.5, 'mod'],
      [2, 'const'],
      [1, 'raw'],
    ]);
    if (kind === 'counter') {
      const c = r.pick(this.active);
      const v: Expr = { k: 'var', v: c, t: c.type };
      return r.chance(0.3) ? { k: 'bin', op: '+', a: v, b: this.smallLit(1), t: usual(c.type, T.int) } : v;
    }
    if (kind === 'const') return this.smallLit(r.chance(0.9) ? r.int(0, length - 1) : length);
    const e = this.expr(1, 'int');
    if (kind === 'mask') {
      const mask = length >= 4 ? 3 : 1;
      return { k: 'bin', op: '&', a: e, b: this.smallLit(mask), t: usual(e.t, T.int) };
    }
    if (kind === 'mod') return { k: 'bin', op: '%', a: e, b: this.smallLit(length), t: usual(e.t, T.int) };
    return e;
  }

  expr(depth: number, want: Want): Expr {
    const e = this.anyExpr(depth, want);
    if (readsVariable(e) || depth <= 0 || this.rng.chance(0.15)) return e;
    return this.anyExpr(depth, want);
  }

  anyExpr(depth: number, want: Want): Expr {
    const r = this.rng;
    if (depth <= 0) return this.leaf(want);
    const kind = r.weighted<string>([
      [3, 'leaf'],
      [4, 'arith'],
      [1.2, 'div'],
      [1, 'shift'],
      [1.5, 'bits'],
      [0.8, 'unary'],
      [1.2, 'cast'],
      [1, 'cmp'],
      [0.4, 'tern'],
      [0.25, 'logic'],
    ]);
    switch (kind) {
      case 'leaf':
        return this.leaf(want);
      case 'arith': {
        const op = r.pick(['+', '-', '*'] as const);
        const a = this.expr(depth - 1, want);
        const b = op === '*' && r.chance(0.5) ? this.lit(want) : this.expr(depth - 1, want);
        return { k: 'bin', op, a, b, t: usual(a.t, b.t) };
      }
      case 'div': {
        const op = want === 'num' && this.floats && r.chance(0.3) ? '/' : r.pick(['/', '%'] as const);
        const a = this.expr(depth - 1, op === '%' ? 'int' : want);
        let b: Expr;
        const how = r.weighted<string>([
          [5, 'lit'],
          [3, 'or1'],
          [2, 'raw'],
        ]);
        if (how === 'lit') {
          b = this.lit(op === '%' ? 'int' : want);
          if (b.k === 'lit' && b.value === 0n) b = this.smallLit(3);
        } else if (how === 'or1') {
          const x = this.expr(depth - 1, 'int');
          b = { k: 'bin', op: '|', a: x, b: this.smallLit(1), t: usual(x.t, T.int) };
        } else {
          b = this.expr(depth - 1, op === '%' ? 'int' : want);
        }
        return { k: 'bin', op, a, b, t: usual(a.t, b.t) };
      }
      case 'shift': {
        const op = r.pick(['<<', '>>'] as const);
        const a = this.expr(depth - 1, 'int');
        const width = (promote(a.t) as IntType).bits;
        const how = r.weighted<string>([
          [5, 'lit'],
          [3, 'mask'],
          [2, 'raw'],
        ]);
        let b: Expr;
        if (how === 'lit') b = this.smallLit(r.chance(0.97) ? r.int(0, width - 1) : width);
        else if (how === 'mask') {
          const x = this.expr(depth - 1, 'int');
          b = { k: 'bin', op: '&', a: x, b: this.smallLit(r.pick([7, 15, 31])), t: usual(x.t, T.int) };
        } else b = this.expr(depth - 1, 'int');
        return { k: 'bin', op, a, b, t: promote(a.t) };
      }
      case 'bits': {
        const op = r.pick(['&', '|', '^'] as const);
        const a = this.expr(depth - 1, 'int');
        const b = this.expr(depth - 1, 'int');
        return { k: 'bin', op, a, b, t: usual(a.t, b.t) };
      }
      case 'unary': {
        const op = want === 'int' || r.chance(0.4) ? r.pick(['-', '~'] as const) : '-';
        const a = this.expr(depth - 1, op === '~' ? 'int' : want);
        return { k: 'un', op, a, t: promote(a.t) };
      }
      case 'cast': {
        const to = r.weighted<CType>([
          [3, T.char],
          [3, T.uchar],
          [2, T.short],
          [2, T.ushort],
          [3, T.int],
          [3, T.uint],
          [2, T.llong],
          [2, T.ullong],
          [1, T.long],
          [want === 'num' && this.floats ? 2 : 0, T.double],
          [want === 'num' && this.floats ? 1 : 0, T.float],
        ]);
        const a = this.expr(depth - 1, 'num');
        return { k: 'cast', a, t: to };
      }
      case 'cmp': {
        const op = r.pick(['<', '<=', '>', '>=', '==', '!='] as const);
        const a = this.expr(depth - 1, 'num');
        const b = this.expr(depth - 1, 'num');
        return { k: 'bin', op, a, b, t: T.int };
      }
      case 'tern': {
        const c = this.cond(depth - 1, false);
        const a = this.expr(depth - 1, want);
        const b = this.expr(depth - 1, want);
        return { k: 'tern', c, a, b, t: usual(a.t, b.t) };
      }
      default: {
        const a = this.cond(depth - 1, false);
        const b = this.cond(depth - 1, false);
        return { k: 'logic', op: r.pick(['&&', '||'] as const), a, b, t: T.int, split: false };
      }
    }
  }

  /** A controlling expression. `top`: the whole condition of a statement (its && / || may be split over lines). */
  cond(depth: number, top: boolean): Expr {
    const r = this.rng;
    const kind = r.weighted<string>([
      [5, 'cmp'],
      [depth > 0 ? 2 : 0, 'logic'],
      [0.5, 'not'],
      [1, 'value'],
    ]);
    if (kind === 'cmp') {
      const op = r.pick(['<', '<=', '>', '>=', '==', '!='] as const);
      let a = this.expr(Math.max(0, depth - 1), 'num');
      if (!readsVariable(a)) a = this.varLeaf('num');
      const b = r.chance(0.5) ? this.lit('num') : this.expr(Math.max(0, depth - 1), 'num');
      return { k: 'bin', op, a, b, t: T.int };
    }
    if (kind === 'logic') {
      const a = this.cond(depth - 1, top);
      const b = this.cond(depth - 1, top);
      return { k: 'logic', op: r.pick(['&&', '||'] as const), a, b, t: T.int, split: top && r.chance(0.35) };
    }
    if (kind === 'not') {
      const a = this.cond(Math.max(0, depth - 1), false);
      return { k: 'un', op: '!', a, t: T.int };
    }
    return this.expr(Math.max(0, depth - 1), 'num');
  }

  lvalue(): LValue | null {
    const r = this.rng;
    const locals = this.scalars;
    const kind = r.weighted<string>([
      [locals.length ? 8 : 0, 'var'],
      [this.arrays.length ? 2 : 0, 'index'],
      [this.ptrs.length ? 1.5 : 0, 'deref'],
      [this.structs.length ? 3 : 0, 'member'],
    ]);
    if (kind === 'member') return this.member(r.pick(this.fieldsOf(() => true)));
    if (kind === 'var') {
      // Locals mostly; parameters too (they are modifiable objects).
      const v = r.pick(locals);
      return { k: 'var', v, t: v.type };
    }
    if (kind === 'index') {
      const a = r.pick(this.arrays);
      return { k: 'index', a, i: this.indexExpr(a.length), t: a.elem };
    }
    const p = r.pick(this.ptrs);
    return { k: 'deref', p, i: r.chance(0.6) ? null : this.indexExpr(p.span ?? 2), t: p.to };
  }

  ptrTarget(to: CType, self?: PointerVar): PtrTarget | null {
    const r = this.rng;
    const arrays = this.arrays.filter((a) => a.elem === to);
    const scalars = this.scalars.filter((v) => v.type === to);
    const members = this.fieldsOf((t) => t === to);
    // Another pointer of the type (a pointer into a member handed over), in programs with a struct.
    const copies = this.structs.length ? this.ptrs.filter((p) => p.to === to && p !== self) : [];
    if (!arrays.length && !scalars.length && !members.length) return null;
    const kind = r.weighted<string>([
      [arrays.length ? 3 : 0, 'elem'],
      [scalars.length ? 2 : 0, 'scalar'],
      [members.length ? 6 : 0, 'member'],
      [copies.length ? 1 : 0, 'copy'],
    ]);
    if (kind === 'member') return this.memberTarget(r.pick(members));
    if (kind === 'copy') return { k: 'copy', p: r.pick(copies) };
    if (kind === 'elem') {
      const a = r.pick(arrays);
      return { k: 'elem', a, index: r.int(0, a.length - 1) };
    }
    const v = r.pick(scalars);
    v.addressTaken = true;
    return { k: 'scalar', v };
  }

  /** `&st.x`, `&sa[1].a[2]`, `st.a`, with an offset sometimes (within the member or one past it). */
  memberTarget([s, f]: [StructVar, Field]): MemberTarget {
    const r = this.rng;
    const elem = s.length === null ? null : r.int(0, s.length - 1);
    let index: number | null = null;
    let decay = false;
    if (f.length !== null) {
      decay = r.chance(0.3);
      index = decay ? null : r.int(0, f.length - 1);
    }
    const pos = index ?? 0;
    const off = r.chance(0.3) ? r.int(-pos, (f.length ?? 1) - pos) : 0;
    return { k: 'member', s, elem, f, index, decay, off };
  }

  ptrInit(to: CType, self?: PointerVar): PtrInit | null {
    const r = this.rng;
    const a = this.ptrTarget(to, self);
    if (!a) return null;
    if (r.chance(0.6)) return a;
    const c = this.cond(1, false);
    const b = r.chance(0.4) ? null : this.ptrTarget(to, self);
    return { k: 'choose', c, a, b };
  }

  /** The struct type, `st` and/or `sa`, and their declarations (drawn from `srng`). */
  structDecls(decls: Stmt[]): void {
    const r = this.srng;
    const scalarTypes = this.typed([
      [5, T.int],
      [2, T.uchar],
      [2, T.char],
      [2, T.short],
      [1, T.ushort],
      [2, T.uint],
      [2, T.llong],
      [1, T.long],
      [1, T.double],
      [1, T.float],
    ]);
    const n = r.int(2, 4);
    const arrays = Math.min(
      n - 1,
      r.weighted<number>([
        [2, 0],
        [5, 1],
        [2, 2],
      ]),
    );
    const fields: Field[] = [];
    let ns = 0;
    let na = 0;
    for (let k = 0; k < n; k++) {
      // At least one scalar and (mostly) one array member, in any order.
      const asArray = na < arrays && (n - k <= arrays - na || (ns > 0 && r.chance(0.5)));
      if (asArray) {
        const length = r.int(2, 4);
        fields.push({ name: ['a', 'b'][na++], t: r.weighted(this.typed(elemTypes)), length });
        this.literals.push(BigInt(length));
      } else fields.push({ name: ['x', 'y', 'c', 'd'][ns++], t: ns === 1 && r.chance(0.4) ? T.int : r.weighted(scalarTypes), length: null });
    }
    const def: StructDef = { fields, inline: r.chance(0.4) };
    const value = (): string => {
      if (r.chance(0.25)) return '{0}';
      return `{${fields.map((f) => (f.length === null ? String(r.int(-3, 9)) : `{${Array.from({ length: f.length }, () => String(r.int(-3, 9))).join(', ')}}`)).join(', ')}}`;
    };
    const which = r.weighted<string>([
      [4, 'one'],
      [3, 'array'],
      [3, 'both'],
    ]);
    if (which !== 'array') this.structs.push({ name: 'st', def, length: null, init: value() });
    if (which !== 'one') {
      const length = r.int(2, 3);
      this.literals.push(BigInt(length));
      const init = r.chance(0.3) ? '{0}' : `{${Array.from({ length }, () => value()).join(', ')}}`;
      this.structs.push({ name: 'sa', def, length, init });
    }
    this.structs.forEach((s, k) => decls.push({ k: 'declStruct', s, define: def.inline && k === 0 }));
  }

  stmt(depth: number, ctx: { canBreak: boolean }): Stmt {
    const r = this.rng;
    this.budget--;
    const kind = r.weighted<string>([
      [5, 'assign'],
      [0.7, 'incdec'],
      [depth < 3 ? 2.5 : 0, 'if'],
      [depth < 3 && this.loopDepth < 2 ? 1.2 : 0, 'loop'],
      [depth < 3 ? 0.7 : 0, 'switch'],
      [this.asserts < 2 ? 0.4 : 0, 'assert'],
      [this.ptrs.length ? 0.3 : 0, 'ptr'],
    ]);
    switch (kind) {
      case 'incdec': {
        const lhs = this.lvalue();
        if (lhs) return { k: 'incdec', lhs: this.inPlace(lhs), op: r.pick(['++', '--'] as const), prefix: r.chance(0.3) };
        break;
      }
      case 'if':
        return this.ifStmt(depth, ctx);
      case 'loop':
        return this.loop(depth);
      case 'switch':
        return this.switchStmt(depth);
      case 'assert':
        this.asserts++;
        return { k: 'assert', c: this.cond(2, true) };
      case 'ptr': {
        const p = r.pick(this.ptrs);
        const init = this.ptrInit(p.to, p);
        if (init) return { k: 'ptrAssign', p, init };
        break;
      }
    }
    return this.assign();
  }

  assign(): Stmt {
    const r = this.rng;
    const lhs = this.lvalue();
    if (!lhs) return { k: 'assert', c: this.cond(1, true) };
    const ops = isInt(lhs.t) ? ['=', '=', '=', '+=', '-=', '*=', '/=', '%=', '<<=', '>>=', '&=', '|=', '^='] : ['=', '=', '+=', '-=', '*=', '/='];
    let op = r.pick(ops);
    let rhs = this.expr(r.int(1, 3), op === '%=' || op.length === 3 || op === '&=' || op === '|=' || op === '^=' ? 'int' : 'num');
    // The oracle checks `v op= E` of a variable explicitly; through an index or a pointer it relies on UBSan,
    // which misses signed overflow when gcc narrows the arithmetic to the element type, and float-to-integer
    // conversions when gcc folds them: those assignments are plain ones.
    const arith = usual(lhs.t, rhs.t);
    if (!plainLvalue(lhs) && ['+=', '-=', '*='].includes(op) && ((isInt(arith) && arith.signed && arith !== lhs.t) || (!isInt(arith) && isInt(lhs.t))))
      op = '=';
    if ((op === '/=' || op === '%=') && rhs.k === 'lit' && rhs.value === 0n) rhs = this.smallLit(2);
    if (op === '<<=' || op === '>>=') rhs = r.chance(0.7) ? this.smallLit(r.int(0, 8)) : rhs;
    return { k: 'assign', lhs: op === '=' ? lhs : this.inPlace(lhs), op, rhs };
  }

  body(depth: number, ctx: { canBreak: boolean }, tail: boolean): Stmt[] {
    const r = this.rng;
    const n = Math.max(1, Math.min(this.budget, r.int(1, 3)));
    const out: Stmt[] = [];
    for (let i = 0; i < n && (i === 0 || this.budget > 0); i++) out.push(this.stmt(depth + 1, ctx));
    if (tail) {
      if (ctx.canBreak && r.chance(0.2)) out.push({ k: 'break' });
      else if (this.returns < 2 && r.chance(0.12)) {
        this.returns++;
        out.push({ k: 'return', e: this.expr(r.int(0, 2), 'num') });
      }
    }
    return out;
  }

  ifStmt(depth: number, ctx: { canBreak: boolean }): Stmt {
    const r = this.rng;
    const c = this.cond(r.int(1, 3), true);
    const then = this.body(depth, ctx, true);
    if (!r.chance(0.55) || this.budget <= 0) return { k: 'if', c, then, else: null, elseIf: false };
    if (depth < 2 && r.chance(0.3)) return { k: 'if', c, then, else: [this.ifStmt(depth + 1, ctx)], elseIf: true };
    return { k: 'if', c, then, else: this.body(depth, ctx, true), elseIf: false };
  }

  counter(): Scalar {
    const free = this.counters.find((c) => !this.active.includes(c));
    if (free) return free;
    const names = ['i', 'j', 'k'];
    const type = this.rng.weighted<CType>([
      [7, T.int],
      [1, T.uchar],
      [1, T.uint],
      [1, T.llong],
    ]);
    const c: Scalar = { name: names[this.counters.length], type, role: 'counter', addressTaken: false };
    this.counters.push(c);
    return c;
  }

  loop(depth: number): Stmt {
    const r = this.rng;
    const k = r.weighted<'for' | 'while' | 'do'>([
      [5, 'for'],
      [3, 'while'],
      [2, 'do'],
    ]);
    const counter = this.counter();
    const bound = r.chance(0.05) ? 0 : r.int(1, 5);
    this.maxTrip = Math.max(this.maxTrip, bound);
    this.literals.push(BigInt(bound));
    this.active.push(counter);
    this.loopDepth++;
    let extra: Expr | null = null;
    if (r.chance(0.5)) {
      if (r.chance(0.4)) {
        const e = this.expr(1, 'num');
        extra = { k: 'bin', op: r.pick(['<', '<=', '!=']), a: { k: 'var', v: counter, t: counter.type }, b: e, t: T.int };
      } else extra = this.cond(1, false);
    }
    const extraFirst = r.chance(0.3);
    const body = this.body(depth, { canBreak: true }, false);
    this.loopDepth--;
    this.active.pop();
    return { k, counter, bound, extra, extraFirst, body };
  }

  switchStmt(depth: number): Stmt {
    const r = this.rng;
    const how = r.weighted<string>([
      [3, 'mod'],
      [2, 'mask'],
      [3, 'raw'],
      [1, 'cast'],
    ]);
    let e = this.expr(how === 'raw' ? 1 : r.int(0, 1), 'int');
    if (!readsVariable(e)) e = this.varLeaf('int');
    if (how === 'mod') e = { k: 'bin', op: '%', a: e, b: this.smallLit(r.int(3, 5)), t: usual(e.t, T.int) };
    else if (how === 'mask') e = { k: 'bin', op: '&', a: e, b: this.smallLit(7), t: usual(e.t, T.int) };
    else if (how === 'cast') e = { k: 'cast', a: e, t: r.pick([T.uchar, T.char, T.ushort]) };
    const promoted = promote(e.t) as IntType;
    const pool = [0, 1, 2, 3, 4, 5, 7, -1, -2, 255, 256, 65535, -128];
    const seen = new Set<bigint>();
    const labels: string[] = [];
    const n = r.int(2, 4);
    for (let i = 0; i < 20 && labels.length < n; i++) {
      const v = r.pick(pool);
      const c = convertInt(promoted, BigInt(v));
      if (seen.has(c)) continue;
      seen.add(c);
      labels.push(String(v));
      this.literals.push(BigInt(v));
    }
    const cases: Case[] = [];
    const withDefault = r.chance(0.5);
    const defaultAt = r.int(0, labels.length);
    const all: (string | 'default')[] = [...labels];
    if (withDefault) all.splice(defaultAt, 0, 'default');
    const inner = { canBreak: true };
    for (let i = 0; i < all.length; i++) {
      const last = i === all.length - 1;
      if (!last && r.chance(0.2)) {
        cases.push({ labels: [all[i]], body: [], brk: false });
        continue;
      }
      const body = this.budget > 0 ? this.body(depth, inner, false) : [];
      const brk = last || r.chance(0.75);
      cases.push({ labels: [all[i]], body, brk: brk || body.length === 0 });
    }
    return { k: 'switch', e, cases };
  }

  generate(): { params: Scalar[]; ret: CType; decls: Stmt[]; body: Stmt[]; ret_: Expr } {
    const r = this.rng;
    const nparams = r.weighted<number>([
      [3, 1],
      [5, 2],
      [4, 3],
    ]);
    const pnames = ['x', 'y', 'z'];
    for (let i = 0; i < nparams; i++) {
      const v: Scalar = { name: pnames[i], type: r.weighted(this.typed(paramTypes)), role: 'param', addressTaken: false };
      this.params.push(v);
      this.scalars.push(v);
    }
    const decls: Stmt[] = [];
    const nlocals = r.int(1, 2);
    const lnames = ['r', 's', 't'];
    for (let i = 0; i < nlocals; i++) {
      const init = r.chance(0.15) ? this.lit('num') : this.expr(r.int(1, 2), 'num');
      const v: Scalar = { name: lnames[i], type: i === 0 && r.chance(0.5) ? T.int : r.weighted(this.typed(localTypes)), role: 'local', addressTaken: false };
      decls.push({ k: 'declScalar', v, init });
      this.scalars.push(v);
    }
    const narrays = r.weighted<number>([
      [4, 0],
      [4, 1],
      [1, 2],
    ]);
    for (let i = 0; i < narrays; i++) {
      const elem = r.weighted(this.typed(elemTypes));
      const length = r.int(2, 5);
      const init = r.chance(0.3) ? ['0'] : Array.from({ length }, () => String(r.int(-3, 9)));
      const a: ArrayVar = { name: ['a', 'b'][i], elem, length, init };
      this.arrays.push(a);
      this.literals.push(BigInt(length));
      decls.push({ k: 'declArray', a });
    }
    if (this.srng.chance(0.3)) this.structDecls(decls);
    const nptrs = r.weighted<number>([
      [5, 0],
      [3, 1],
      [1, 2],
    ]);
    for (let i = 0; i < nptrs; i++) {
      const candidates = [...this.arrays.map((a) => a.elem), ...this.scalars.map((v) => v.type), ...this.fieldsOf(() => true).map(([, f]) => f.t)];
      const to = r.pick(candidates);
      const init = this.ptrInit(to);
      if (!init) continue;
      const p: PointerVar = { name: ['p', 'q'][this.ptrs.length], to };
      decls.push({ k: 'declPtr', p, init });
      this.ptrs.push(p);
    }
    // Pointers into members: one or two in each program with a struct.
    const nmember = this.structs.length
      ? r.weighted<number>([
          [3, 1],
          [2, 2],
        ])
      : 0;
    for (let i = 0; i < nmember; i++) {
      const [, f] = r.pick(this.fieldsOf(() => true));
      const p: PointerVar = { name: ['p', 'q', 'u', 'v'][this.ptrs.length], to: f.t, span: r.pick([2, 2, 3, 4]) };
      const init = this.ptrInit(f.t, p)!;
      decls.push({ k: 'declPtr', p, init });
      this.ptrs.push(p);
    }
    this.budget = r.int(3, 10);
    const body: Stmt[] = [];
    while (this.budget > 0) body.push(this.stmt(0, { canBreak: false }));
    // Loop counters (created by the loops above) are locals too, declared last.
    for (const c of this.counters) decls.push({ k: 'declScalar', v: c, init: { k: 'lit', text: '0', t: T.int, value: 0n } });
    const ret = r.weighted<CType>(
      this.typed([
        [8, T.int],
        [2, T.uint],
        [2, T.llong],
        [1, T.char],
        [1, T.ushort],
        [1, T.double],
      ]),
    );
    const retExpr = r.chance(0.5) ? { k: 'var' as const, v: this.scalars[nparams], t: this.scalars[nparams].type } : this.expr(r.int(1, 2), 'num');
    return { params: this.params, ret, decls, body, ret_: retExpr };
  }
}

// ---------------------------------------------------------------- emission

/** An operand with nothing to probe or check: a name, a constant, a plain member. */
const isLeaf = (e: Expr): boolean => e.k === 'var' || e.k === 'lit' || (e.k === 'member' && !e.e && !e.i);

const precOf = (e: Expr): number => {
  switch (e.k) {
    case 'var':
    case 'lit':
    case 'index':
    case 'member':
      return 16;
    case 'deref':
      return e.i ? 16 : 15;
    case 'un':
    case 'cast':
      return 15;
    case 'logic':
      return e.op === '&&' ? 5 : 4;
    case 'tern':
      return 3;
    case 'bin':
      return binPrec[e.op];
  }
};

const binPrec: Record<BinOp, number> = {
  '*': 13,
  '/': 13,
  '%': 13,
  '+': 12,
  '-': 12,
  '<<': 11,
  '>>': 11,
  '<': 10,
  '<=': 10,
  '>': 10,
  '>=': 10,
  '==': 9,
  '!=': 9,
  '&': 8,
  '^': 7,
  '|': 6,
};

interface Line {
  orig: string;
  inst: string;
  map: number[];
}

class Emitter {
  readonly lines: Line[] = [];
  private cur: Line = { orig: '', inst: '', map: [] };
  readonly sites: Site[] = [];
  readonly checks: CheckSite[] = [];
  nslots = 0;
  nswitches = 0;
  /** Temporaries of rewrites (unique names). */
  temps = 0;
  /** The function's return type (returned values are converted to it). */
  ret: CType = T.int;

  /** plain: only the text matters (no site descriptions, which would recurse). */
  constructor(private readonly plain = false) {}

  describe(e: Expr): string {
    return this.plain ? '' : exprText(e);
  }

  /** Whether `e` is signed integer arithmetic that gets an explicit overflow check. */
  checkedArith(e: Expr): boolean {
    if (this.plain || !isInt(e.t) || !e.t.signed) return false;
    return (e.k === 'bin' && (e.op === '+' || e.op === '-' || e.op === '*')) || (e.k === 'un' && e.op === '-');
  }

  /**
   * Emits `e` converted to the integer type `to`, with an explicit check that
   * the value of a floating `e` is in range (C11 6.3.1.4); `e` is emitted by `body`.
   */
  converted(e: Expr, to: IntType, body: () => void): void {
    const id = this.check('convert', `${this.describe(e)} converted to ${to.name}`);
    const v = `__v${id}`;
    const [lo, hi] = floatBounds(to);
    this.probe(`({ __typeof__(${exprText(e)}) ${v} = (`);
    body();
    this.probe(`); if ((__typeof__(${v}))0.5 != 0 && !(${v} ${lo} && ${v} ${hi})) __fail(${id}, 5); (${to.name})${v}; })`);
  }

  /** Emits `A op B` as `({ a = A; b = B; a op b; })`: A, then B, then the operation, whatever gcc would pick. */
  inOrder(e: Extract<Expr, { k: 'bin' }>, p: number, ind: number): void {
    const n = this.temps++;
    const [a, b] = [`__x${n}`, `__y${n}`];
    this.probe(`({ __typeof__(${exprText(e.a)}) ${a} = (`);
    this.expr(e.a, p, ind);
    this.origOnly(' ');
    const opCol = this.col;
    this.origOnly(`${e.op} `);
    this.probe(`); __typeof__(${exprText(e.b)}) ${b} = (`);
    this.expr(e.b, p + 1, ind);
    this.probe(`); ${a} `);
    this.probeAt(e.op, opCol);
    this.probe(` ${b}; })`);
  }

  /** Emits a value of type `to` from `e` (assignment, initialisation, return): float to integer conversions are checked. */
  valueFor(e: Expr, to: CType, min: number, ind: number): void {
    if (!this.plain && to.kind === 'int' && e.t.kind === 'float') this.converted(e, to, () => this.expr(e, min, ind));
    else this.expr(e, min, ind);
  }

  open(indent: number): void {
    this.cur = { orig: '', inst: '', map: [] };
    this.lines.push(this.cur);
    this.code(' '.repeat(indent));
  }

  /** Text of both versions. */
  code(s: string): void {
    for (const ch of s) {
      this.cur.orig += ch;
      this.cur.inst += ch;
      this.cur.map.push(this.cur.orig.length);
    }
  }

  /** Text of the instrumented version only. */
  probe(s: string): void {
    for (const ch of s) {
      this.cur.inst += ch;
      this.cur.map.push(this.cur.orig.length + 1);
    }
  }

  /** Text of the instrumented version only, standing at column `col` of the original (an operator moved by a rewrite). */
  probeAt(s: string, col: number): void {
    for (const ch of s) {
      this.cur.inst += ch;
      this.cur.map.push(col);
    }
  }

  /** Where the twin's text is now (for `cutTwin`). */
  twinMark(): { line: number; at: number } {
    return { line: this.lines.length, at: this.cur.inst.length };
  }

  /**
   * The twin's text since `mark`, taken out of the line to be put back later with `pasteTwin` (the twin
   * computes it later than the original writes it); null when the text ran over to another line.
   */
  cutTwin(mark: { line: number; at: number }): { inst: string; map: number[] } | null {
    if (mark.line !== this.lines.length) return null;
    const cut = { inst: this.cur.inst.slice(mark.at), map: this.cur.map.slice(mark.at) };
    this.cur.inst = this.cur.inst.slice(0, mark.at);
    this.cur.map = this.cur.map.slice(0, mark.at);
    return cut;
  }

  pasteTwin(cut: { inst: string; map: number[] }): void {
    this.cur.inst += cut.inst;
    this.cur.map.push(...cut.map);
  }

  /** Text of the original only. */
  origOnly(s: string): void {
    this.cur.orig += s;
  }

  get line(): number {
    return this.lines.length;
  }

  get col(): number {
    return this.cur.orig.length + 1;
  }

  slots(n: number): number {
    const s = this.nslots;
    this.nslots += n;
    return s;
  }

  check(what: CheckSite['what'], text: string): number {
    const id = this.checks.length;
    this.checks.push({ id, what, line: this.line, col: this.col, text });
    return id;
  }

  stmtProbe(): void {
    const slot = this.slots(1);
    this.sites.push({ kind: 'stmt', line: this.line, col: this.col, slot });
    this.probe(`__ST(${slot}); `);
  }

  // -- expressions

  /** `e` in a context needing precedence `min`, parenthesised when needed; `around` wraps the text inside the parentheses. */
  expr(e: Expr, min: number, ind: number, around?: { before: () => void; after: () => void }): void {
    const paren = precOf(e) < min;
    if (paren) this.code('(');
    around?.before();
    this.inner(e, ind);
    around?.after();
    if (paren) this.code(')');
  }

  /** A decision's condition: a branch probe around it (its && / || leaves get their own). */
  decision(tag: 'if' | 'while' | 'for' | 'do' | 'ternary', c: Expr, min: number, ind: number): void {
    this.expr(c, min, ind, {
      before: () => {
        const slot = this.slots(2);
        this.sites.push({ kind: 'branch', tag, line: this.line, col: this.col, slot, text: this.describe(c) });
        this.probe(`__br(${slot}, !!(`);
      },
      after: () => this.probe('))'),
    });
  }

  /** An operand of && / ||: a condition leaf, unless it is itself && / || (possibly under !). */
  logicOperand(e: Expr, min: number, ind: number): void {
    let x = e;
    while (x.k === 'un' && x.op === '!') x = x.a;
    if (x.k === 'logic') {
      this.expr(e, min, ind);
      return;
    }
    this.expr(e, min, ind, {
      before: () => {
        const slot = this.slots(2);
        this.sites.push({ kind: 'branch', tag: 'cond', line: this.line, col: this.col, slot, text: this.describe(e) });
        this.probe(`__br(${slot}, !!(`);
      },
      after: () => this.probe('))'),
    });
  }

  inner(e: Expr, ind: number): void {
    switch (e.k) {
      case 'var':
        this.code(e.v.name);
        return;
      case 'lit':
        this.code(e.text);
        return;
      case 'index': {
        const id = this.check('index', this.describe(e));
        this.code(`${e.a.name}[`);
        this.probe(`__ix(${id}, (__int128)(`);
        this.expr(e.i, 0, ind);
        this.probe(`), ${e.a.length})`);
        this.code(']');
        return;
      }
      case 'deref': {
        const id = this.check('deref', this.describe(e));
        if (e.i) {
          this.code(`${e.p.name}[`);
          this.probe(`__pi(${id}, ${e.p.name}, (__int128)(`);
          this.expr(e.i, 0, ind);
          this.probe(`), sizeof *${e.p.name}, ${prov(e.p)})`);
          this.code(']');
        } else {
          this.code('*');
          this.probe(`__PD(${id}, `);
          this.code(e.p.name);
          this.probe(`, ${prov(e.p)})`);
        }
        return;
      }
      case 'member': {
        // The base's index check stands where the access starts, the member's at its `[` (where gcc reports it): CReach checks the
        // base `sa[e].a` on its own (a goal of its own) when evaluating i may branch, call or fail.
        const ide = e.e ? this.check('index', this.describe(e)) : -1;
        const { s, f } = e;
        if (e.e && e.i && e.e.k !== 'lit') {
          // gcc checks the base's index before it evaluates the member's: ({ e; check(e); i; sa[e].a[check(i)]; }).
          const n = this.temps++;
          const [i, j] = [`__i${n}`, `__j${n}`];
          this.probe(`({ __int128 ${i} = __ix(${ide}, (__int128)(`);
          this.origOnly(`${s.name}[`);
          this.expr(e.e, 0, ind);
          this.origOnly(`].${f.name}`);
          const idi = this.check('index', this.describe(e));
          this.origOnly('[');
          this.probe(`), ${s.length}); __int128 ${j} = (`);
          this.expr(e.i, 0, ind);
          this.origOnly(']');
          this.probe(`); ${s.name}[${i}].${f.name}[__ix(${idi}, ${j}, ${f.length})]; })`);
          return;
        }
        this.code(s.name);
        if (e.e) {
          this.code('[');
          this.probe(`__ix(${ide}, (__int128)(`);
          this.expr(e.e, 0, ind);
          this.probe(`), ${s.length})`);
          this.code(']');
        }
        this.code(`.${f.name}`);
        if (e.i) {
          const idi = this.check('index', this.describe(e));
          this.code('[');
          this.probe(`__ix(${idi}, (__int128)(`);
          this.expr(e.i, 0, ind);
          this.probe(`), ${f.length})`);
          this.code(']');
        }
        return;
      }
      case 'un': {
        const nested = e.a.k === 'un' || (e.a.k === 'lit' && e.a.text.startsWith('-'));
        if (this.checkedArith(e)) {
          const id = this.check('arith', this.describe(e));
          const [r, a] = [`__r${id}`, `__a${id}`];
          this.origOnly('-');
          this.probe(`({ __typeof__(-(${exprText(e.a)})) ${r}; __typeof__(${r}) ${a} = (`);
          this.expr(e.a, nested ? 17 : 15, ind);
          this.probe(`); if (__builtin_sub_overflow((__typeof__(${r}))0, ${a}, &${r}) && (__typeof__(${r}))-1 < 0) __fail(${id}, 4); ${r}; })`);
          return;
        }
        this.code(e.op);
        this.expr(e.a, nested ? 17 : 15, ind);
        return;
      }
      case 'cast':
        if (!this.plain && isInt(e.t) && e.a.t.kind === 'float') {
          const to = e.t;
          this.origOnly(`(${to.name})`);
          this.converted(e.a, to, () => this.expr(e.a, 15, ind));
          return;
        }
        this.code(`(${e.t.name})`);
        this.expr(e.a, 15, ind);
        return;
      case 'bin': {
        const p = binPrec[e.op];
        if (this.checkedArith(e)) {
          // ({ T r; T a = (A), b = (B); overflow check; r; }): A then B, as gcc evaluates A op B.
          const id = this.check('arith', this.describe(e));
          const [r, a, b] = [`__r${id}`, `__a${id}`, `__b${id}`];
          const fn = e.op === '+' ? 'add' : e.op === '-' ? 'sub' : 'mul';
          this.probe(`({ __typeof__((${exprText(e.a)}) ${e.op} (${exprText(e.b)})) ${r}; __typeof__(${r}) ${a} = (`);
          this.expr(e.a, p, ind);
          this.origOnly(' ');
          this.checks[id].col = this.col;
          this.origOnly(`${e.op} `);
          this.probe(`), ${b} = (`);
          this.expr(e.b, p + 1, ind);
          this.probe(`); if (__builtin_${fn}_overflow(${a}, ${b}, &${r}) && (__typeof__(${r}))-1 < 0) __fail(${id}, 4); ${r}; })`);
          return;
        }
        if (!this.plain && isInt(e.t) && ['<<', '>>', '/', '%'].includes(e.op)) {
          // UBSan's checks of shifts and divisions evaluate the right operand first; gcc without
          // sanitizers (and CReach) evaluates A op B left to right: A, then B, then the checked operation.
          this.inOrder(e, p, ind);
          return;
        }
        if (!this.plain && !isLeaf(e.a) && !isLeaf(e.b)) {
          // Both operands may carry probes, and the probes may lead gcc to evaluate B first (a statement
          // expression in A and a probe call in B: F17), where it loads A first without them. C leaves
          // the order unspecified; CReach evaluates left to right, and the instrumented version does too.
          this.inOrder(e, p, ind);
          return;
        }
        this.expr(e.a, p, ind);
        this.code(` ${e.op} `);
        this.expr(e.b, p + 1, ind);
        return;
      }
      case 'logic': {
        const p = e.op === '&&' ? 5 : 4;
        this.logicOperand(e.a, p, ind);
        if (e.split) {
          this.open(ind + 4);
          this.code(`${e.op} `);
        } else this.code(` ${e.op} `);
        this.logicOperand(e.b, p + 1, ind);
        return;
      }
      case 'tern':
        this.decision('ternary', e.c, 4, ind);
        this.code(' ? ');
        this.expr(e.a, 4, ind);
        this.code(' : ');
        this.expr(e.b, 3, ind);
        return;
    }
  }

  /**
   * A pointer value assigned to `p`; the twin also sets p's provenance (`__pb_p`, `__pn_p`: the object it
   * points into, which its accesses must stay within): `(__pb_p = &OBJ, __pn_p = sizeof OBJ, TARGET)`.
   */
  ptrTarget(t: PtrTarget, p: PointerVar): void {
    if (t.k === 'copy') {
      this.probe(`(__pb_${p.name} = __pb_${t.p.name}, __pn_${p.name} = __pn_${t.p.name}, `);
      this.code(t.p.name);
      this.probe(')');
      return;
    }
    const obj = t.k === 'elem' ? t.a.name : t.k === 'scalar' ? t.v.name : `${t.s.name}${t.elem === null ? '' : `[${t.elem}]`}.${t.f.name}`;
    this.probe(`(__pb_${p.name} = (char *)&${obj}, __pn_${p.name} = sizeof ${obj}, `);
    if (t.k === 'elem') this.code(`&${t.a.name}[${t.index}]`);
    else if (t.k === 'scalar') this.code(`&${t.v.name}`);
    else {
      this.code(t.decay ? obj : `&${obj}${t.index === null ? '' : `[${t.index}]`}`);
      if (t.off) this.code(` ${t.off < 0 ? '-' : '+'} ${Math.abs(t.off)}`);
    }
    this.probe(')');
  }

  ptrInit(init: PtrInit, p: PointerVar, ind: number): void {
    if (init.k !== 'choose') {
      this.ptrTarget(init, p);
      return;
    }
    this.decision('ternary', init.c, 4, ind);
    this.code(' ? ');
    this.ptrTarget(init.a, p);
    this.code(' : ');
    if (init.b) this.ptrTarget(init.b, p);
    else {
      this.probe(`(__pb_${p.name} = 0, __pn_${p.name} = 0, (${p.to.name} *)`);
      this.code('0');
      this.probe(')');
    }
  }

  lvalue(l: LValue, ind: number): void {
    this.inner(l, ind);
  }

  /**
   * `LV = E` through an index or a pointer: gcc computes E, then the index,
   * then stores (`a[x + 1] = 10 / y` reports the division first; FINDINGS
   * F11); the access, and its undefined behaviour, comes last, so the
   * explicit check of the access comes last too:
   * ({ T e = (E); __int128 i = (I); a[check(i)] = e; }) (the index first when
   * it runs over two lines).
   */
  store(lhs: Extract<LValue, { k: 'index' | 'deref' | 'member' }>, rhs: Expr, ind: number): void {
    if (lhs.k === 'member') {
      this.memberStore(lhs, rhs, ind);
      return;
    }
    const id = this.check(lhs.k === 'index' ? 'index' : 'deref', this.describe(lhs));
    const n = this.temps++;
    const [i, v] = [`__i${n}`, `__e${n}`];
    const index = lhs.k === 'index' ? lhs.i : lhs.i;
    const name = lhs.k === 'index' ? lhs.a.name : lhs.p.name;
    let indexCode: { inst: string; map: number[] } | null = null;
    if (index) {
      this.probe('({ ');
      const mark = this.twinMark();
      this.probe(`__int128 ${i} = (`);
      this.origOnly(`${name}[`);
      this.expr(index, 0, ind);
      this.origOnly(']');
      this.probe(`); `);
      indexCode = this.cutTwin(mark);
    } else {
      this.probe('({ ');
      this.origOnly(`*${name}`);
    }
    this.origOnly(' = ');
    this.probe(`__typeof__(${exprText(lhs)}) ${v} = (`);
    this.valueFor(rhs, lhs.t, 3, ind);
    this.probe('); ');
    if (indexCode) this.pasteTwin(indexCode);
    const target =
      lhs.k === 'index'
        ? `${name}[__ix(${id}, ${i}, ${lhs.a.length})]`
        : index
          ? `${name}[__pi(${id}, ${name}, ${i}, sizeof *${name}, ${prov(lhs.p)})]`
          : `*__PD(${id}, ${name}, ${prov(lhs.p)})`;
    this.probe(`${target} = ${v}; })`);
  }

  /**
   * `sa[E].a[I] = V` (either index may be absent, not both): V, E and its check, I (gcc's order, as in `store`),
   * then the checked store. I's check stands at its `[` (as in `member`).
   */
  memberStore(lhs: Extract<LValue, { k: 'member' }>, rhs: Expr, ind: number): void {
    const ide = lhs.e ? this.check('index', this.describe(lhs)) : -1;
    const n = this.temps++;
    const [i, j, v] = [`__i${n}`, `__j${n}`, `__e${n}`];
    const { s, f } = lhs;
    this.probe('({ ');
    const mark = this.twinMark();
    this.origOnly(s.name);
    if (lhs.e) {
      this.probe(`__int128 ${i} = __ix(${ide}, (__int128)(`);
      this.origOnly('[');
      this.expr(lhs.e, 0, ind);
      this.origOnly(']');
      this.probe(`), ${s.length}); `);
    }
    this.origOnly(`.${f.name}`);
    let idi = -1;
    if (lhs.i) {
      this.probe(`__int128 ${j} = (`);
      idi = this.check('index', this.describe(lhs));
      this.origOnly('[');
      this.expr(lhs.i, 0, ind);
      this.origOnly(']');
      this.probe('); ');
    }
    const indexCode = this.cutTwin(mark);
    this.origOnly(' = ');
    this.probe(`${lhs.t.name} ${v} = (`);
    this.valueFor(rhs, lhs.t, 3, ind);
    this.probe('); ');
    if (indexCode) this.pasteTwin(indexCode);
    const target = `${s.name}${lhs.e ? `[${i}]` : ''}.${f.name}${lhs.i ? `[__ix(${idi}, ${j}, ${f.length})]` : ''}`;
    this.probe(`${target} = ${v}; })`);
  }

  // -- statements

  block(stmts: Stmt[], ind: number): void {
    this.open(ind);
    this.code('{');
    for (const s of stmts) this.stmt(s, ind + 2);
    this.open(ind);
    this.code('}');
  }

  loopCond(l: Loop): Expr {
    const c = l.counter;
    const head: Expr = {
      k: 'bin',
      op: '<',
      a: { k: 'var', v: c, t: c.type },
      b: { k: 'lit', text: String(l.bound), t: T.int, value: BigInt(l.bound) },
      t: T.int,
    };
    if (!l.extra) return head;
    return l.extraFirst
      ? { k: 'logic', op: '&&', a: l.extra, b: head, t: T.int, split: false }
      : { k: 'logic', op: '&&', a: head, b: l.extra, t: T.int, split: false };
  }

  stmt(s: Stmt, ind: number, sameLine = false): void {
    if (!sameLine) this.open(ind);
    switch (s.k) {
      case 'declScalar':
        this.stmtProbe();
        this.code(`${s.v.type.name} ${s.v.name} = `);
        this.valueFor(s.init, s.v.type, 3, ind);
        this.code(';');
        return;
      case 'declArray':
        this.stmtProbe();
        this.code(`${s.a.elem.name} ${s.a.name}[${s.a.length}] = {${s.a.init.join(', ')}};`);
        return;
      case 'declStruct':
        this.stmtProbe();
        this.code(`struct S ${s.define ? `${structBody(s.s.def)} ` : ''}${s.s.name}${s.s.length === null ? '' : `[${s.s.length}]`} = ${s.s.init};`);
        return;
      case 'declPtr':
        this.stmtProbe();
        this.probe(`char *__pb_${s.p.name} = 0; unsigned long __pn_${s.p.name} = 0; `);
        this.code(`${s.p.to.name} *${s.p.name} = `);
        this.ptrInit(s.init, s.p, ind);
        this.code(';');
        return;
      case 'ptrAssign':
        this.stmtProbe();
        this.code(`${s.p.name} = `);
        this.ptrInit(s.init, s.p, ind);
        this.code(';');
        return;
      case 'assign': {
        this.stmtProbe();
        if (s.op === '=' && !plainLvalue(s.lhs) && !this.plain) {
          this.store(s.lhs as Extract<LValue, { k: 'index' | 'deref' | 'member' }>, s.rhs, ind);
          this.code(';');
          return;
        }
        this.lvalue(s.lhs, ind);
        const op = s.op.slice(0, -1);
        const arith = usual(s.lhs.t, s.rhs.t);
        if (s.op === '=') {
          this.code(' = ');
          this.valueFor(s.rhs, s.lhs.t, 3, ind);
        } else if (!this.plain && plainLvalue(s.lhs) && ['+', '-', '*', '/'].includes(op) && (isInt(arith) ? arith.signed && op !== '/' : isInt(s.lhs.t))) {
          // `v op= E` becomes `v = CHECKED(v op E)` (loading v cannot fail, so the order of the checks is gcc's).
          const lhs = s.lhs.t;
          const v = plainLvalue(s.lhs)!;
          this.origOnly(' ');
          const col = this.col;
          this.origOnly(`${s.op} `);
          this.probe(' = ');
          if (isInt(arith)) {
            const id = this.check('arith', `${v} ${s.op} ${this.describe(s.rhs)}`);
            this.checks[id].col = col;
            const [r, a, b] = [`__r${id}`, `__a${id}`, `__b${id}`];
            const fn = op === '+' ? 'add' : op === '-' ? 'sub' : 'mul';
            this.probe(`({ __typeof__((${v}) ${op} (${exprText(s.rhs)})) ${r}; __typeof__(${r}) ${a} = (${v}), ${b} = (`);
            this.expr(s.rhs, 3, ind);
            this.probe(`); if (__builtin_${fn}_overflow(${a}, ${b}, &${r}) && (__typeof__(${r}))-1 < 0) __fail(${id}, 4); ${r}; })`);
          } else {
            const whole: Expr = { k: 'bin', op: op as BinOp, a: s.lhs, b: s.rhs, t: arith };
            this.converted(whole, lhs as IntType, () => {
              this.probe(`(${v}) ${op} (`);
              this.expr(s.rhs, 3, ind);
              this.probe(')');
            });
            this.checks[this.checks.length - 1].col = col;
          }
        } else {
          this.code(` ${s.op} `);
          this.expr(s.rhs, 3, ind);
        }
        this.code(';');
        return;
      }
      case 'incdec':
        this.stmtProbe();
        if (s.prefix) this.code(s.op);
        // `*p++` would increment p: the postfix form of a dereference needs parentheses.
        if (!s.prefix && s.lhs.k === 'deref' && !s.lhs.i) {
          this.code('(');
          this.lvalue(s.lhs, ind);
          this.code(')');
        } else this.lvalue(s.lhs, ind);
        if (!s.prefix) this.code(s.op);
        this.code(';');
        return;
      case 'break':
        this.stmtProbe();
        this.code('break;');
        return;
      case 'return':
        this.stmtProbe();
        this.code('return ');
        this.valueFor(s.e, this.ret, 0, ind);
        this.code(';');
        return;
      case 'assert': {
        this.stmtProbe();
        const id = this.check('assert', this.describe(s.c));
        this.origOnly('assert(');
        this.probe(`__as(${id}, !!(`);
        this.expr(s.c, 0, ind);
        this.probe(')');
        this.code(');');
        return;
      }
      case 'if': {
        this.stmtProbe();
        this.code('if (');
        this.decision('if', s.c, 0, ind);
        this.code(')');
        this.block(s.then, ind);
        if (s.else) {
          this.open(ind);
          this.code('else');
          if (s.elseIf) {
            this.code(' ');
            this.probe('{ ');
            this.stmt(s.else[0], ind, true);
            this.probe(' }');
          } else this.block(s.else, ind);
        }
        return;
      }
      case 'switch': {
        this.stmtProbe();
        this.code('switch (');
        const w = this.nswitches++;
        const outcomes: Record<string, number> = {};
        this.sites.push({ kind: 'switch', line: this.line, col: this.col, outcomes, text: this.describe(s.e) });
        this.probe(`(__sw(${w}), `);
        this.expr(s.e, 0, ind);
        this.probe(')');
        this.code(')');
        this.open(ind);
        this.code('{');
        let hasDefault = false;
        for (const c of s.cases) {
          for (const label of c.labels) {
            this.open(ind + 2);
            const slot = this.slots(1);
            if (label === 'default') {
              hasDefault = true;
              outcomes.default = slot;
              this.code('default:');
            } else {
              outcomes[`case ${label}`] = slot;
              this.code(`case ${label}:`);
            }
            this.probe(` __CS(${w}, ${slot});`);
          }
          for (const b of c.body) this.stmt(b, ind + 4);
          if (c.brk) this.stmt({ k: 'break' }, ind + 4);
        }
        this.open(ind);
        this.code('}');
        if (!hasDefault) {
          const slot = this.slots(1);
          outcomes['default (none)'] = slot;
          this.probe(` __CS(${w}, ${slot});`);
        }
        return;
      }
      case 'for': {
        this.stmtProbe();
        this.code(`for (${s.counter.name} = 0; `);
        this.decision('for', this.loopCond(s), 0, ind);
        this.code(`; ${s.counter.name}++)`);
        this.block(s.body, ind);
        return;
      }
      case 'while': {
        this.stmtProbe();
        this.code(`${s.counter.name} = 0;`);
        this.open(ind);
        this.stmtProbe();
        this.code('while (');
        this.decision('while', this.loopCond(s), 0, ind);
        this.code(')');
        this.block([...s.body, { k: 'incdec', lhs: { k: 'var', v: s.counter, t: s.counter.type }, op: '++', prefix: false }], ind);
        return;
      }
      case 'do': {
        this.stmtProbe();
        this.code(`${s.counter.name} = 0;`);
        this.open(ind);
        this.stmtProbe();
        this.code('do');
        this.block([...s.body, { k: 'incdec', lhs: { k: 'var', v: s.counter, t: s.counter.type }, op: '++', prefix: false }], ind);
        this.open(ind);
        this.code('while (');
        this.decision('do', this.loopCond(s), 0, ind);
        this.code(');');
        return;
      }
    }
  }
}

/** The provenance of pointer `p` in the twin: the object it points into and its size in bytes. */
function prov(p: PointerVar): string {
  return `__pb_${p.name}, __pn_${p.name}`;
}

/** `{ int x; short a[3]; }` */
function structBody(d: StructDef): string {
  return `{ ${d.fields.map((f) => `${f.t.name} ${f.name}${f.length === null ? '' : `[${f.length}]`};`).join(' ')} }`;
}

/** Range test of a floating value v converted to `t` (the integral part must fit), as the two comparisons `v LO && v HI`. */
function floatBounds(t: IntType): [string, string] {
  const lo = minOf(t);
  const hi = maxOf(t) + 1n;
  // Below -2^63 the next double is -2^63 - 2048: `v >= -2^63` is `v > -2^63 - 1` there.
  const low = t.bits === 64 && t.signed ? `>= ${lo}.0` : `> ${lo - 1n}.0`;
  return [low, `< ${hi}.0`];
}

/** The original text of an expression (for messages). */
export function exprText(e: Expr): string {
  const em = new Emitter(true);
  em.open(0);
  em.inner(e, 0);
  return em.lines.map((l) => l.orig.trim()).join(' ');
}

// ---------------------------------------------------------------- domains

function baseDomain(t: CType): (bigint | number)[] {
  if (t.kind === 'float') {
    const xs = [0, 1, -1, 3e9, -3e9, 2, 3, -3, 7, 100, 2147483647, 2147483648, -2147483649, 4294967296, 1e19, -1e19, 1e30];
    return t.bits === 32 ? [...new Set(xs.map((x) => Math.fround(x)))] : xs;
  }
  const lo = minOf(t);
  const hi = maxOf(t);
  const xs: bigint[] = [
    0n,
    1n,
    -1n,
    lo,
    hi,
    2n,
    3n,
    7n,
    -2n,
    lo + 1n,
    hi - 1n,
    100n,
    127n,
    128n,
    255n,
    256n,
    65535n,
    65536n,
    1n << 31n,
    (1n << 31n) - 1n,
    -(1n << 31n),
    1n << 32n,
  ];
  for (let v = -16n; v <= 40n; v++) xs.push(v);
  return xs.filter((v) => inRange(t, v));
}

function domainFor(t: CType, literals: bigint[], cap: number, rng: Rng): (bigint | number)[] {
  if (t.kind === 'int' && t.bits === 8 && cap >= 256) {
    const out: bigint[] = [];
    for (let v = minOf(t); v <= maxOf(t); v++) out.push(v);
    return out;
  }
  const base = baseDomain(t);
  const extra: (bigint | number)[] = [];
  for (const v of literals) {
    for (const w of [v - 1n, v, v + 1n, -v]) {
      if (t.kind === 'int') {
        if (inRange(t, w)) extra.push(w);
      } else extra.push(t.bits === 32 ? Math.fround(Number(w)) : Number(w));
    }
  }
  const seen = new Set<string>();
  const out: (bigint | number)[] = [];
  const add = (v: bigint | number) => {
    const key = String(v);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(v);
    }
  };
  const baseFirst = base.slice(0, Math.min(base.length, Math.ceil(cap * 0.6)));
  baseFirst.forEach(add);
  for (const v of rng.shuffle([...extra])) if (out.length < cap) add(v);
  for (const v of base) if (out.length < cap) add(v);
  return out;
}

// ---------------------------------------------------------------- entry point

export function generate(seed: number): Generated {
  const g = new Gen(seed);
  const p = g.generate();
  const em = new Emitter();
  em.ret = p.ret;
  const hasAssert = g.asserts > 0;
  em.open(0);
  em.code(hasAssert ? '#include <assert.h>' : `/* soundness seed ${seed} */`);
  const def = g.structs[0]?.def;
  if (def && !def.inline) {
    em.open(0);
    em.code(`struct S ${structBody(def)};`);
  }
  em.open(0);
  em.code(`${p.ret.name} f(${p.params.map((v) => `${v.type.name} ${v.name}`).join(', ')})`);
  em.open(0);
  em.code('{');
  for (const s of [...p.decls, ...p.body]) em.stmt(s, 2);
  em.stmt({ k: 'return', e: p.ret_ }, 2);
  em.open(0);
  em.code('}');
  const cap = p.params.length === 1 ? 256 : p.params.length === 2 ? 24 : 8;
  const domain = p.params.map((v) => domainFor(v.type, g.literals, cap, g.rng));
  return {
    seed,
    fn: 'f',
    source: `${em.lines.map((l) => l.orig).join('\n')}\n`,
    instrumented: em.lines.map((l) => l.inst),
    colMaps: em.lines.map((l) => l.map),
    params: p.params.map((v) => ({ name: v.name, type: v.type })),
    ret: p.ret,
    sites: em.sites,
    checks: em.checks,
    nslots: em.nslots,
    nswitches: em.nswitches,
    domain,
    maxTrip: g.maxTrip,
    members: g.structs.length > 0,
  };
}
