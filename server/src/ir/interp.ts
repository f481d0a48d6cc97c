// A concrete interpreter of the IR with exact C semantics: integers are
// bigints wrapped to their C width, floats are IEEE binary32/binary64
// (Math.fround), and every undefined behaviour the model forbids (signed
// overflow, division by zero, INT_MIN / -1, bad shifts, out-of-bounds or
// invalid accesses) throws `UndefinedBehaviour`. Tests use it to check the
// front end's lowering against gcc-compiled code; the front end uses the
// scalar operations below to fold constant expressions.

import type { CType, IntType, FloatType } from './types';
import type { Program, IRFunction, Operand, Place, Rvalue, BinaryOp, RangeBound } from './ir';

export class UndefinedBehaviour extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UndefinedBehaviour';
  }
}

// ---------------------------------------------------------------------------
// Scalar semantics (shared with the front end's constant folding)

export function intMinOf(t: IntType): bigint {
  return t.signed ? -(1n << BigInt(t.bits - 1)) : 0n;
}
export function intMaxOf(t: IntType): bigint {
  if (t.bits === 1) return 1n;
  return t.signed ? (1n << BigInt(t.bits - 1)) - 1n : (1n << BigInt(t.bits)) - 1n;
}

/** Reduces `v` modulo 2^bits into the range of `t` (C conversion to an unsigned type; gcc's conversion to a signed one). */
export function wrapInt(v: bigint, t: IntType): bigint {
  if (t.bits === 1) return v !== 0n ? 1n : 0n;
  return t.signed ? BigInt.asIntN(t.bits, v) : BigInt.asUintN(t.bits, v);
}

export function fitsIn(v: bigint, t: IntType): boolean {
  return v >= intMinOf(t) && v <= intMaxOf(t);
}

/** Rounds a JS number to the float type. */
export function roundFloat(v: number, t: FloatType): number {
  return t.bits === 32 ? Math.fround(v) : v;
}

export type Scalar = bigint | number;

/**
 * Integer binary operation done in `opType` (operands already converted to it; for shifts
 * `b` has its own promoted type). Returns the result (comparisons: 0n/1n) or throws
 * UndefinedBehaviour.
 */
export function intBinary(op: BinaryOp, a: bigint, b: bigint, opType: IntType): bigint {
  const checked = (v: bigint, what: string): bigint => {
    if (opType.signed && !fitsIn(v, opType)) throw new UndefinedBehaviour(`signed overflow in ${what}`);
    return wrapInt(v, opType);
  };
  switch (op) {
    case '+':
      return checked(a + b, 'addition');
    case '-':
      return checked(a - b, 'subtraction');
    case '*':
      return checked(a * b, 'multiplication');
    case '/':
    case '%': {
      if (b === 0n) throw new UndefinedBehaviour('division by zero');
      const q = a / b; // bigint division truncates toward zero, as C does
      if (opType.signed && !fitsIn(q, opType)) throw new UndefinedBehaviour('division overflow (INT_MIN / -1)');
      return op === '/' ? q : wrapInt(a - q * b, opType);
    }
    case '<<': {
      if (b < 0n || b >= BigInt(opType.bits)) throw new UndefinedBehaviour(`shift count ${b} out of range`);
      if (opType.signed) {
        if (a < 0n) throw new UndefinedBehaviour('left shift of a negative value');
        const v = a << b;
        if (v > intMaxOf(opType)) throw new UndefinedBehaviour('left shift overflow');
        return v;
      }
      return wrapInt(a << b, opType);
    }
    case '>>':
      if (b < 0n || b >= BigInt(opType.bits)) throw new UndefinedBehaviour(`shift count ${b} out of range`);
      return a >> b; // arithmetic for negative signed values, as gcc does
    case '&':
      return wrapInt(a & b, opType);
    case '|':
      return wrapInt(a | b, opType);
    case '^':
      return wrapInt(a ^ b, opType);
    default:
      return compare(op, a, b);
  }
}

/** A comparison operator on two numbers of the same kind: 1n or 0n (NaN compares unequal to everything). */
function compare(op: BinaryOp, a: bigint | number, b: bigint | number): bigint {
  switch (op) {
    case '==':
      return a === b ? 1n : 0n;
    case '!=':
      return a !== b ? 1n : 0n;
    case '<':
      return a < b ? 1n : 0n;
    case '<=':
      return a <= b ? 1n : 0n;
    case '>':
      return a > b ? 1n : 0n;
    case '>=':
      return a >= b ? 1n : 0n;
    default:
      throw new Error(`${op} is not a comparison`);
  }
}

export function floatBinary(op: BinaryOp, a: number, b: number, t: FloatType): Scalar {
  switch (op) {
    case '+':
      return roundFloat(a + b, t);
    case '-':
      return roundFloat(a - b, t);
    case '*':
      return roundFloat(a * b, t);
    case '/':
      return roundFloat(a / b, t);
    case '==':
    case '!=':
    case '<':
    case '<=':
    case '>':
    case '>=':
      return compare(op, a, b);
    default:
      throw new Error(`operator ${op} on floating operands`);
  }
}

export function intUnary(op: '-' | '~' | '!', a: bigint, t: IntType): bigint {
  switch (op) {
    case '-':
      if (t.signed && a === intMinOf(t)) throw new UndefinedBehaviour('signed overflow in negation');
      return wrapInt(-a, t);
    case '~':
      return wrapInt(~a, t);
    case '!':
      return a === 0n ? 1n : 0n;
  }
}

/** Conversion of an arithmetic value between arithmetic types (C11 6.3.1). */
export function convertScalar(v: Scalar, _from: CType, to: CType): Scalar {
  if (to.kind === 'int') {
    if (typeof v === 'number') {
      if (to.bits === 1) return v !== 0 ? 1n : 0n;
      if (!Number.isFinite(v)) throw new UndefinedBehaviour('conversion of a non-finite float to an integer');
      const n = BigInt(Math.trunc(v));
      if (!fitsIn(n, to)) throw new UndefinedBehaviour('float to integer conversion out of range');
      return n;
    }
    return wrapInt(v, to);
  }
  if (to.kind === 'float') {
    if (typeof v === 'bigint') return to.bits === 32 ? bigintToFloat32(v) : Number(v); // Number(bigint) rounds to nearest even
    return roundFloat(v, to);
  }
  return v;
}

/** An integer rounded once to binary32 (going through a double first could round twice). */
function bigintToFloat32(v: bigint): number {
  const mag = v < 0n ? -v : v;
  const bits = mag.toString(2).length;
  if (bits <= 24) return Number(v);
  const shift = BigInt(bits - 24);
  let mant = mag >> shift;
  const rem = mag & ((1n << shift) - 1n);
  const half = 1n << (shift - 1n);
  if (rem > half || (rem === half && (mant & 1n) === 1n)) mant += 1n;
  const r = Math.fround(Number(mant) * 2 ** Number(shift));
  return v < 0n ? -r : r;
}

// ---------------------------------------------------------------------------
// The interpreter

/** A pointer to (a subobject of) an object; `delta` is 1 for one-past-the-end of a non-array object. */
export interface Pointer {
  kind: 'ptr';
  obj: MemObject;
  path: number[];
  delta: number;
}
export interface FuncPointer {
  kind: 'func';
  name: string;
}
export interface StructValue {
  kind: 'struct';
  fields: Value[];
}
/** bigint: integers (and null / integer-valued pointers); number: float and double. */
export type Value = bigint | number | Pointer | FuncPointer | StructValue | Value[] | undefined;

export interface MemObject {
  name: string;
  type: CType;
  value: Value;
}

export interface InterpOptions {
  /** Values returned by successive `nondet` rvalues (`__VERIFIER_nondet_*()`). */
  nondet?: (bigint | number)[];
  /** Implementations of external functions (called with the evaluated arguments). */
  externals?: Record<string, (args: Value[]) => Value>;
  /** Instruction budget (default one million). */
  maxSteps?: number;
}

export interface InterpResult {
  /** Return value of the function (undefined for void or when the path stopped). */
  result: Value;
  /** How the execution ended when it did not return. */
  stopped?: 'abort' | 'exit' | 'error' | 'assume';
  /** The argument of exit() when the path stopped there. */
  exitStatus?: Value;
  /** A failed `assert`/`ensures`, or a reached `error` instruction. */
  violation?: { kind: 'assert' | 'ensures' | 'error'; text: string; line: number };
  steps: number;
}

class Stop {
  constructor(
    readonly why: 'abort' | 'exit' | 'error' | 'assume',
    readonly violation?: InterpResult['violation'],
    readonly exitStatus?: Value,
  ) {}
}

export function interpret(program: Program, fnName: string, args: (Value | bigint[] | number[])[], opts: InterpOptions = {}): InterpResult {
  return new Interpreter(program, opts).run(fnName, args);
}

const isPtr = (v: Value): v is Pointer => typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'ptr';

function zeroValue(t: CType): Value {
  switch (t.kind) {
    case 'int':
      return 0n;
    case 'float':
      return 0;
    case 'pointer':
      return 0n;
    case 'array':
      return Array.from({ length: t.length ?? 0 }, () => zeroValue(t.of));
    case 'struct':
      return { kind: 'struct', fields: t.fields.map((f) => zeroValue(f.type)) };
    default:
      return undefined;
  }
}

function undefinedValue(t: CType): Value {
  if (t.kind === 'array') return Array.from({ length: t.length ?? 0 }, () => undefinedValue(t.of));
  if (t.kind === 'struct') return { kind: 'struct', fields: t.fields.map((f) => undefinedValue(f.type)) };
  return undefined;
}

function copyValue(v: Value): Value {
  if (Array.isArray(v)) return v.map(copyValue);
  if (typeof v === 'object' && v !== null && v.kind === 'struct') return { kind: 'struct', fields: v.fields.map(copyValue) };
  return v;
}

class Interpreter {
  private globals = new Map<number, MemObject>();
  private steps = 0;
  private nondetIndex = 0;
  private strings = new WeakMap<object, MemObject>();
  private readonly maxSteps: number;
  private depth = 0;

  constructor(
    private readonly program: Program,
    private readonly opts: InterpOptions,
  ) {
    this.maxSteps = opts.maxSteps ?? 1_000_000;
    for (const [id, v] of program.vars) {
      if (v.kind !== 'global') continue;
      this.globals.set(id, { name: v.name, type: v.type, value: zeroValue(v.type) });
    }
    for (const [id, v] of program.vars) {
      if (v.kind === 'global' && v.init) this.globals.get(id)!.value = this.initValue(v.type, v.init);
    }
  }

  run(fnName: string, args: (Value | bigint[] | number[])[]): InterpResult {
    const fn = this.program.functions.find((f) => f.name === fnName);
    if (!fn) throw new Error(`no function ${fnName} in the program`);
    const actual = args.map((a, i) => {
      const pv = this.program.vars.get(fn.params[i]);
      if (Array.isArray(a) && pv?.type.kind === 'pointer') {
        // An array argument for a pointer parameter: a fresh array object, pointer to its first element.
        const obj: MemObject = { name: `${pv.name}[]`, type: { kind: 'array', of: pv.type.to, length: a.length }, value: a.map((x) => x as Value) };
        return { kind: 'ptr', obj, path: [0], delta: 0 } as Pointer;
      }
      const t = pv?.type;
      if (t?.kind === 'int' && typeof a === 'bigint' && !fitsIn(a, t)) throw new Error(`argument ${a} does not fit ${t.name} ${pv!.name}`);
      if (t?.kind === 'float' && typeof a === 'number') return roundFloat(a, t);
      return a as Value;
    });
    try {
      const result = this.call(fn, actual);
      return { result, steps: this.steps };
    } catch (e) {
      if (e instanceof Stop) return { result: undefined, stopped: e.why, violation: e.violation, exitStatus: e.exitStatus, steps: this.steps };
      throw e;
    }
  }

  private initValue(t: CType, init: import('./ir').Initializer): Value {
    switch (init.kind) {
      case 'scalar':
        return this.operand(init.value, new Map());
      case 'string': {
        const len = t.kind === 'array' ? (t.length ?? init.bytes.length) : init.bytes.length;
        const elem = t.kind === 'array' ? t.of : t;
        return Array.from({ length: len }, (_, i) => wrapInt(BigInt(init.bytes[i] ?? 0), elem as IntType));
      }
      case 'aggregate': {
        const z = zeroValue(t);
        if (Array.isArray(z) && t.kind === 'array')
          init.elems.forEach((e, i) => {
            if (e && i < z.length) z[i] = this.initValue(t.of, e);
          });
        else if (t.kind === 'struct' && typeof z === 'object' && z && !Array.isArray(z) && z.kind === 'struct') {
          init.elems.forEach((e, i) => {
            if (e && i < t.fields.length) z.fields[i] = this.initValue(t.fields[i].type, e);
          });
        }
        return z;
      }
    }
  }

  private call(fn: IRFunction, args: Value[]): Value {
    if (++this.depth > 2000) throw new Error('call depth limit reached');
    const frame = new Map<number, MemObject>();
    for (const id of fn.locals) {
      const v = this.program.vars.get(id)!;
      frame.set(id, { name: v.name, type: v.type, value: undefinedValue(v.type) });
    }
    fn.params.forEach((id, i) => {
      const obj = frame.get(id)!;
      obj.value = copyValue(args[i]);
    });
    let block = fn.blocks[0];
    try {
      for (;;) {
        for (const ins of block.instrs) {
          if (++this.steps > this.maxSteps) throw new Error('step limit reached');
          this.instr(ins, frame);
        }
        const t = block.terminator;
        switch (t.kind) {
          case 'goto':
            block = fn.blocks[t.target];
            break;
          case 'branch': {
            const c = this.operand(t.cond, frame);
            block = fn.blocks[truthy(c) ? t.then : t.else];
            break;
          }
          case 'switch': {
            const v = this.operand(t.value, frame);
            const hit = t.cases.find((c) => c.values.some((x) => x === v));
            block = fn.blocks[hit ? hit.target : t.default];
            break;
          }
          case 'return':
            return t.value ? this.operand(t.value, frame) : undefined;
          case 'stop':
            throw new Stop(t.why, undefined, t.status ? this.operand(t.status, frame) : undefined);
        }
        if (++this.steps > this.maxSteps) throw new Error('step limit reached');
      }
    } finally {
      this.depth--;
    }
  }

  private instr(ins: import('./ir').Instr, frame: Map<number, MemObject>): void {
    switch (ins.kind) {
      case 'assign': {
        const v = this.rvalue(ins.value, frame);
        if (ins.dst) {
          const loc = this.place(ins.dst, frame, false);
          if (ins.dst.type.kind === 'int' && typeof v === 'bigint' && !fitsIn(v, ins.dst.type)) {
            throw new Error(`internal: ${v} stored into ${ins.dst.type.name} without conversion (line ${ins.range.line})`);
          }
          this.write(loc, copyValue(v));
        }
        return;
      }
      case 'assume':
        if (!truthy(this.operand(ins.cond, frame))) throw new Stop('assume');
        return;
      case 'assert':
        if (!truthy(this.operand(ins.cond, frame)))
          throw new Stop('error', { kind: ins.origin === 'ensures' ? 'ensures' : 'assert', text: ins.text, line: ins.range.line });
        return;
      case 'error':
        throw new Stop('error', { kind: 'error', text: ins.text, line: ins.range.line });
      case 'unsupported':
        throw new Error(`unsupported construct: ${ins.what}`);
    }
  }

  // ------------------------------------------------------------ places and memory

  private place(p: Place, frame: Map<number, MemObject>, forAddress: boolean): { obj: MemObject; path: number[]; type: CType } {
    let obj: MemObject;
    let path: number[];
    let type: CType;
    if (p.root.kind === 'var') {
      const o = frame.get(p.root.id) ?? this.globals.get(p.root.id);
      if (!o) throw new Error(`unknown variable ${p.root.id}`);
      obj = o;
      path = [];
      type = o.type;
    } else {
      const ptr = this.operand(p.root.ptr, frame);
      if (!isPtr(ptr)) throw new UndefinedBehaviour(ptr === 0n ? 'null pointer dereference' : 'dereference of an invalid pointer');
      if (ptr.delta !== 0) throw new UndefinedBehaviour('dereference of a past-the-end pointer');
      obj = ptr.obj;
      path = [...ptr.path];
      type = typeAt(obj.type, path);
      if (type.kind === 'array' && p.type.kind !== 'array' && p.path.length === 0) {
        // The pointee is an array used through a pointer to its element type.
      }
    }
    p.path.forEach((e, i) => {
      if (e.kind === 'field') {
        if (type.kind !== 'struct') throw new Error('field of a non-struct');
        path.push(e.index);
        type = type.fields[e.index].type;
      } else {
        if (type.kind !== 'array') throw new Error('index into a non-array');
        const idx = this.operand(e.index, frame) as bigint;
        const len = BigInt(type.length ?? 0);
        const last = i === p.path.length - 1;
        if (idx < 0n || idx > len || (idx === len && !(forAddress && last))) throw new UndefinedBehaviour(`index ${idx} out of bounds [0, ${len})`);
        path.push(Number(idx));
        type = type.of;
      }
    });
    return { obj, path, type };
  }

  private read(loc: { obj: MemObject; path: number[] }): Value {
    let v: Value = loc.obj.value;
    for (const i of loc.path) {
      if (Array.isArray(v)) v = v[i];
      else if (typeof v === 'object' && v !== null && v.kind === 'struct') v = v.fields[i];
      else throw new UndefinedBehaviour(`read of uninitialised ${loc.obj.name}`);
    }
    return v;
  }

  private write(loc: { obj: MemObject; path: number[] }, value: Value): void {
    if (loc.path.length === 0) {
      loc.obj.value = value;
      return;
    }
    // Objects handed out by external functions (malloc) may start without any value.
    if (loc.obj.value === undefined) loc.obj.value = undefinedValue(loc.obj.type);
    let v: Value = loc.obj.value;
    for (let k = 0; k < loc.path.length - 1; k++) {
      const i = loc.path[k];
      v = Array.isArray(v) ? v[i] : (v as StructValue).fields[i];
    }
    const i = loc.path[loc.path.length - 1];
    if (Array.isArray(v)) v[i] = value;
    else (v as StructValue).fields[i] = value;
  }

  private readDefined(loc: { obj: MemObject; path: number[] }, what: string): Value {
    const v = this.read(loc);
    if (v === undefined || containsUndefined(v)) throw new UndefinedBehaviour(`read of uninitialised ${what}`);
    return copyValue(v);
  }

  // ------------------------------------------------------------ operands and rvalues

  operand(o: Operand, frame: Map<number, MemObject>): Value {
    switch (o.kind) {
      case 'var': {
        const obj = frame.get(o.id) ?? this.globals.get(o.id);
        if (!obj) throw new Error(`unknown variable ${o.id}`);
        return this.readDefined({ obj, path: [] }, obj.name);
      }
      case 'const':
        return o.value;
      case 'fconst':
        return o.value;
      case 'addr': {
        const loc = this.place(o.place, frame, true);
        return { kind: 'ptr', obj: loc.obj, path: loc.path, delta: 0 };
      }
      case 'string': {
        let obj = this.strings.get(o);
        if (!obj) {
          obj = {
            name: 'string literal',
            type: { kind: 'array', of: { kind: 'int', bits: 8, signed: true, rank: 'char', name: 'char' }, length: o.bytes.length },
            value: o.bytes.map((b) => BigInt.asIntN(8, BigInt(b))),
          };
          this.strings.set(o, obj);
        }
        return { kind: 'ptr', obj, path: [0], delta: 0 };
      }
      case 'func':
        return { kind: 'func', name: o.name };
    }
  }

  private rvalue(r: Rvalue, frame: Map<number, MemObject>): Value {
    switch (r.op) {
      case 'use':
        return copyValue(this.operand(r.a, frame));
      case 'load': {
        const loc = this.place(r.place, frame, false);
        return this.readDefined(loc, loc.obj.name);
      }
      case 'designate':
        this.place(r.place, frame, false);
        return 0n;
      case 'binary':
        return this.binary(r.bop, this.operand(r.a, frame), this.operand(r.b, frame), r.a.type);
      case 'unary': {
        const a = this.operand(r.a, frame);
        if (typeof a === 'number') {
          if (r.uop === '-') return -a;
          if (r.uop === '!') return a === 0 ? 1n : 0n;
          throw new Error(`~ on a float`);
        }
        if (isPtr(a) && r.uop === '!') return 0n;
        return intUnary(r.uop, a as bigint, r.a.type as IntType);
      }
      case 'cast': {
        const v = this.operand(r.a, frame);
        if (r.index && typeof v === 'bigint' && r.to.kind === 'int' && v > intMaxOf(r.to)) throw new UndefinedBehaviour('index past PTRDIFF_MAX');
        return this.cast(v, r.a.type, r.to);
      }
      case 'ptradd':
        return this.ptrAdd(this.operand(r.ptr, frame), this.operand(r.offset, frame) as bigint);
      case 'ptrdiff': {
        const a = this.operand(r.a, frame);
        const b = this.operand(r.b, frame);
        if (!isPtr(a) || !isPtr(b) || a.obj !== b.obj) throw new UndefinedBehaviour('difference of pointers into different objects');
        return BigInt(pointerIndex(a) - pointerIndex(b));
      }
      case 'call': {
        const args = r.args.map((a) => this.operand(a, frame));
        return this.callByName(r.callee, args);
      }
      case 'icall': {
        const f = this.operand(r.fn, frame);
        if (typeof f !== 'object' || f === null || Array.isArray(f) || f.kind !== 'func') throw new UndefinedBehaviour('call through a non-function pointer');
        return this.callByName(
          f.name,
          r.args.map((a) => this.operand(a, frame)),
        );
      }
      case 'nondet': {
        const list = this.opts.nondet ?? [];
        if (this.nondetIndex >= list.length) throw new Error(`no value left for ${r.name}()`);
        const v = list[this.nondetIndex++];
        return this.cast(
          v,
          typeof v === 'number' ? { kind: 'float', bits: 64, name: 'double' } : { kind: 'int', bits: 64, signed: true, rank: 'longlong', name: 'long long' },
          r.type,
        );
      }
      case 'havoc':
        throw new Error(`not modelled: ${r.what}`);
      case 'indeterminate':
        // A read before the next assignment is undefined behaviour (readDefined).
        return undefinedValue(r.type);
      case 'valid':
        // A caller's guarantee about objects' sizes, which this test interpreter does not track.
        throw new Error(`\\valid is not executable here`);
      case 'separated':
        return this.separated(r, frame) ? 1n : 0n;
      case 'fresh':
      case 'defined':
      case 'unchecked':
      case 'assigned':
      case 'forallElements':
      case 'newest':
      case 'newestObject':
        // Made only by the loop abstraction of prove/, for the solver: no concrete meaning.
        throw new Error(`the IR rvalue '${r.op}' is not executable`);
    }
  }

  /**
   * ACSL `\separated`, as model/operands.ts has it: two locations are separated when they are in different
   * objects (NULL apart from every object, two NULLs not) or their element ranges do not meet; an empty
   * range meets nothing. Pointers into different sub-objects of one object are not compared here.
   */
  private separated(r: Extract<Rvalue, { op: 'separated' }>, frame: Map<number, MemObject>): boolean {
    const bound = (b: RangeBound): bigint => (b.value ? (this.operand(b.value, frame) as bigint) : 0n) + b.add;
    const locs = r.locs.map((l) => {
      const p = this.operand(l.ptr, frame);
      const [lo, hi] = [bound(l.lo), bound(l.hi)];
      if (p === 0n) return { obj: null, parent: '', lo, hi };
      if (!isPtr(p)) throw new Error(`${r.text}: a pointer this interpreter cannot place`);
      const at = BigInt(pointerIndex(p));
      return { obj: p.obj, parent: p.path.length ? p.path.slice(0, -1).join('.') : '-', lo: at + lo, hi: at + hi };
    });
    for (let i = 0; i < locs.length; i++)
      for (let j = i + 1; j < locs.length; j++) {
        const [a, b] = [locs[i], locs[j]];
        if (a.hi < a.lo || b.hi < b.lo || a.obj !== b.obj) continue;
        if (a.parent !== b.parent) throw new Error(`${r.text}: pointers into different parts of one object`);
        if (!(a.hi < b.lo || b.hi < a.lo)) return false;
      }
    return true;
  }

  private callByName(name: string, args: Value[]): Value {
    const fn = this.program.functions.find((f) => f.name === name);
    if (fn) return this.call(fn, args);
    const ext = this.opts.externals?.[name];
    if (!ext) throw new Error(`external function ${name} has no implementation`);
    return ext(args);
  }

  private binary(op: BinaryOp, a: Value, b: Value, ta: CType): Value {
    if (typeof a === 'number' && typeof b === 'number') return floatBinary(op, a, b, ta as FloatType);
    if (typeof a === 'bigint' && typeof b === 'bigint' && ta.kind === 'int') {
      return intBinary(op, a, b, ta);
    }
    // Pointers (or a pointer and null).
    const cmpPtr = (x: Value, y: Value): number | null => {
      if (isPtr(x) && isPtr(y)) {
        if (x.obj !== y.obj) return null;
        return pointerIndex(x) - pointerIndex(y) || comparePaths(x.path, y.path);
      }
      return null;
    };
    const same = (x: Value, y: Value): boolean => {
      if (typeof x === 'bigint' && typeof y === 'bigint') return x === y;
      if (isPtr(x) && isPtr(y)) return x.obj === y.obj && x.delta === y.delta && x.path.length === y.path.length && x.path.every((k, i) => k === y.path[i]);
      if (typeof x === 'object' && typeof y === 'object' && x && y && !Array.isArray(x) && !Array.isArray(y) && x.kind === 'func' && y.kind === 'func')
        return x.name === y.name;
      return false;
    };
    if (op === '==') return same(a, b) ? 1n : 0n;
    if (op === '!=') return same(a, b) ? 0n : 1n;
    const c = cmpPtr(a, b);
    if (c === null) throw new UndefinedBehaviour(`relational comparison of unrelated pointers`);
    switch (op) {
      case '<':
        return c < 0 ? 1n : 0n;
      case '<=':
        return c <= 0 ? 1n : 0n;
      case '>':
        return c > 0 ? 1n : 0n;
      case '>=':
        return c >= 0 ? 1n : 0n;
      default:
        throw new Error(`operator ${op} on pointers`);
    }
  }

  private cast(v: Value, from: CType, to: CType): Value {
    if (to.kind === 'pointer') {
      if (typeof v === 'bigint') return v; // null or an integer-valued pointer
      return v; // pointer to pointer: same object
    }
    if (from.kind === 'pointer' && to.kind === 'int') {
      if (v === 0n) return 0n;
      if (to.bits === 1) return 1n;
      throw new Error('conversion of a pointer to an integer is not modelled');
    }
    if (typeof v === 'bigint' || typeof v === 'number') return convertScalar(v, from, to);
    if (to.kind === 'int' && to.bits === 1 && v !== undefined) return 1n;
    return v;
  }

  private ptrAdd(p: Value, off: bigint): Value {
    if (off === 0n) return p;
    if (!isPtr(p)) throw new UndefinedBehaviour(p === 0n ? 'arithmetic on a null pointer' : 'arithmetic on an invalid pointer');
    const parentType = p.path.length > 0 ? typeAt(p.obj.type, p.path.slice(0, -1)) : null;
    if (parentType && parentType.kind === 'array') {
      const i = BigInt(p.path[p.path.length - 1]) + BigInt(p.delta) + off;
      const len = BigInt(parentType.length ?? 0);
      if (i < 0n || i > len) throw new UndefinedBehaviour(`pointer arithmetic out of bounds (index ${i}, length ${len})`);
      return { kind: 'ptr', obj: p.obj, path: [...p.path.slice(0, -1), Number(i)], delta: 0 };
    }
    const d = BigInt(p.delta) + off;
    if (d < 0n || d > 1n) throw new UndefinedBehaviour('pointer arithmetic out of bounds');
    return { ...p, delta: Number(d) };
  }
}

function truthy(v: Value): boolean {
  if (typeof v === 'bigint') return v !== 0n;
  if (typeof v === 'number') return v !== 0;
  return v !== undefined;
}

function containsUndefined(v: Value): boolean {
  if (v === undefined) return true;
  if (Array.isArray(v)) return v.some(containsUndefined);
  if (typeof v === 'object' && v !== null && v.kind === 'struct') return v.fields.some(containsUndefined);
  return false;
}

function typeAt(t: CType, path: number[]): CType {
  let cur = t;
  for (const i of path) {
    if (cur.kind === 'array') cur = cur.of;
    else if (cur.kind === 'struct') cur = cur.fields[i].type;
    else throw new Error('bad path');
  }
  return cur;
}

function pointerIndex(p: Pointer): number {
  return (p.path.length > 0 ? p.path[p.path.length - 1] : 0) + p.delta;
}

function comparePaths(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}
