// The runtime errors C defines as undefined behaviour that CReach checks, and
// which of them one IR instruction can raise. The catalogue makes a goal of
// each; the model adds an obligation for each (no undefined behaviour on the
// path to a goal).

import type { Instr, Operand, Place, Program, Variable } from './ir';
import type { CType } from './types';
import { forEachPlace } from './walk';
import { MEMORY_ACCESSES, VLA_ALLOC, outputStringArgs } from './libc';

export type RuntimeErrorKind =
  /** Signed `+ - *`, unary `-`, `++`/`--`, signed `<<` whose result does not fit. */
  | 'overflow'
  /** `/` or `%` by zero. */
  | 'div-by-zero'
  /** `INT_MIN / -1`, `INT_MIN % -1`. */
  | 'div-overflow'
  /** Shift count negative or >= width; left shift of a negative value. */
  | 'shift'
  /** Array index outside a known-length array; access through a pointer outside a live object (out of bounds, freed). */
  | 'bounds'
  /** Dereference of a null or invalid pointer. */
  | 'null'
  /** Float to integer conversion of a value out of range (or NaN). */
  | 'float-to-int'
  /** `free` of a pointer that is not the start of a live heap object (double free, free of a non-heap pointer). */
  | 'free'
  /** A variable-length array `T a[n]` declared with n not greater than 0 (C11 6.7.6.2p5). */
  | 'vla-size'
  /** A local whose address is never taken, read before any assignment since its declaration (C11 6.3.2.1p2; ir/uninitialised.ts). */
  | 'uninit';

export const runtimeErrorWording: Record<RuntimeErrorKind, string> = {
  overflow: 'may overflow',
  'div-by-zero': 'may divide by zero',
  'div-overflow': 'may overflow (INT_MIN / -1)',
  shift: 'may shift by a negative or too large amount, or shift a negative value',
  bounds: 'may index out of bounds',
  null: 'may dereference a null pointer',
  'float-to-int': 'may convert a floating value out of the integer range',
  free: 'may free a pointer that is not a live heap object',
  uninit: 'may read an uninitialised variable',
  'vla-size': 'may declare a variable-length array of a size not greater than 0',
};

/**
 * The run-time errors one instruction can raise, each kind once (a goal per
 * instruction and kind: an instruction with two array accesses has one
 * `bounds` goal, violated when either is out of bounds). The detail names the
 * accesses or the operation for people.
 */
export function runtimeErrors(program: Pick<Program, 'vars'>, instr: Instr, uninitialised: number[] = []): [RuntimeErrorKind, string][] {
  const found = new Map<RuntimeErrorKind, string[]>();
  const add = (k: RuntimeErrorKind, what: string) => found.set(k, [...(found.get(k) ?? []), what]);
  for (const id of uninitialised) add('uninit', uninitialisedDetail(program.vars, id));
  if (instr.kind === 'assign') {
    const rv = instr.value;
    if (rv.op === 'binary' && rv.type.kind === 'int') {
      const signed = rv.type.signed;
      if (signed && (rv.bop === '+' || rv.bop === '-' || rv.bop === '*')) add('overflow', `signed ${rv.bop} in ${rv.type.name}`);
      // A constant right operand settles some errors without a solver: an error that cannot happen is no goal
      // (`s % 2` neither divides by zero nor is INT_MIN % -1; `x >> 28` on 32 bits shifts by a valid count).
      const right = constantValue(rv.b);
      if (rv.bop === '/' || rv.bop === '%') {
        if (right === undefined || right === 0n) add('div-by-zero', `${rv.bop} by zero`);
        if (signed && (right === undefined || right === -1n)) add('div-overflow', `${rv.bop} of the minimum ${rv.type.name} by -1`);
      }
      if (rv.bop === '<<' || rv.bop === '>>') {
        // A signed left shift is also undefined for a negative left operand, whatever the count.
        const signedLeft = signed && rv.bop === '<<';
        const validCount = right !== undefined && right >= 0n && right < BigInt(rv.type.bits);
        if (!validCount || signedLeft) add('shift', `${rv.bop} count outside 0..${rv.type.bits - 1}${signedLeft ? ' or negative left operand' : ''}`);
        if (signedLeft) add('overflow', `signed << in ${rv.type.name}`);
      }
    } else if (rv.op === 'unary' && rv.uop === '-' && rv.type.kind === 'int' && rv.type.signed) {
      add('overflow', `signed negation in ${rv.type.name}`);
    } else if (rv.op === 'cast' && rv.a.type.kind === 'float' && rv.to.kind === 'int' && rv.to.bits > 1) {
      add('float-to-int', `${rv.a.type.name} to ${rv.to.name}`);
    } else if (rv.op === 'call' && rv.external && rv.callee === VLA_ALLOC) {
      add('vla-size', 'array size not greater than 0');
    } else if (rv.op === 'call' && rv.external && (rv.callee === 'free' || rv.callee === 'realloc')) {
      add('free', `${rv.callee} of a pointer that is not a live heap object (double free, or not from malloc)`);
    } else if (rv.op === 'call' && rv.external && MEMORY_ACCESSES[rv.callee.replace(/^__builtin_/, '')]) {
      // The C library functions the model reads or writes memory for (ir/libc.ts).
      const name = rv.callee.replace(/^__builtin_/, '');
      add('null', `${name} of a null pointer`);
      add('bounds', `${name} ${MEMORY_ACCESSES[name]} outside an object`);
    } else if (rv.op === 'cast' && rv.index) {
      add('bounds', 'index past PTRDIFF_MAX, outside every object');
    } else if (rv.op === 'ptradd' && !rv.accessed && rv.type.kind === 'pointer' && rv.type.to.kind !== 'void') {
      add('bounds', 'pointer arithmetic outside its object (up to one past the end)');
    } else if (rv.op === 'icall') {
      add('null', 'call through a null function pointer');
    } else if (rv.op === 'call' && rv.external) {
      // Output functions read their `%s` arguments and puts its string.
      const name = rv.callee.replace(/^__builtin_/, '');
      const reads = outputStringArgs(name, rv.args);
      if (reads.some((r) => !r.mayBeNull)) add('null', `${name} reads a string through a null pointer`);
      if (reads.length) add('bounds', `${name} reads a string past the end of an object`);
    }
  }
  forEachPlace(instr, (place, role) => {
    if (place.root.kind === 'deref') {
      add('null', role === 'addr' ? 'address computed through a pointer' : 'pointer dereference');
      if (role !== 'addr') add('bounds', 'access through a pointer outside a live object (out of bounds or freed)');
      else if (place.path[0]?.kind === 'index')
        add(
          'bounds',
          pointsToArray(place.root.ptr)
            ? 'address of an element of a row through a pointer outside a live object'
            : 'address computed through a pointer outside its object (up to one past the end)',
        );
      else if (place.path[0]?.kind === 'field') add('bounds', 'member address through a pointer outside a live object');
    }
    for (const { length, index, last } of indexedLengths(program, place)) {
      // A constant index inside the array (up to one past the end for an address `&a[n]`, not `&a[n].f` or
      // `&m[n][0]`, m[n]'s decay: C11 6.5.6p8 forbids evaluating *(m + n)) cannot go out of bounds: no goal.
      const pastEnd = role === 'addr' && last;
      const k = constantValue(index);
      if (k !== undefined && k >= 0n && (k < BigInt(length) || (pastEnd && k === BigInt(length)))) continue;
      add('bounds', `index in 0..${length - 1}${pastEnd ? ` (address: up to ${length})` : ''}`);
    }
  });
  return [...found].map(([k, details]) => [k, details.join('; ')]);
}

/** `p` points to an array (a row): `&(*p)[j]` indexes the row (model/memory.ts addressOf). */
function pointsToArray(p: Operand): boolean {
  return p.type.kind === 'pointer' && p.type.to.kind === 'array';
}

/** The value of an integer constant operand as a mathematical integer (its type's signedness applied), else undefined. */
function constantValue(op: Operand): bigint | undefined {
  if (op.kind !== 'const' || op.type.kind !== 'int') return undefined;
  const { bits, signed } = op.type;
  const v = BigInt.asUintN(bits, op.value);
  return signed ? BigInt.asIntN(bits, v) : v;
}

/** The known-length arrays a place's path indexes into (length, index operand, whether it is the path's last step), in path order. */
function indexedLengths(program: Pick<Program, 'vars'>, place: Place): { length: number; index: Operand; last: boolean }[] {
  let t: CType | undefined =
    place.root.kind === 'var' ? program.vars.get(place.root.id)?.type : place.root.ptr.type.kind === 'pointer' ? place.root.ptr.type.to : undefined;
  const lengths: { length: number; index: Operand; last: boolean }[] = [];
  for (const [k, e] of place.path.entries()) {
    if (!t) break;
    if (e.kind === 'field') {
      t = t.kind === 'struct' ? t.fields[e.index]?.type : undefined;
    } else {
      if (t.kind === 'array' && t.length !== null) lengths.push({ length: t.length, index: e.index, last: k === place.path.length - 1 });
      t = t.kind === 'array' ? t.of : t.kind === 'pointer' ? t.to : undefined;
    }
  }
  return lengths;
}

/** The detail of an `uninit` goal or obligation: which variable (its name, or its id when it has none). */
export function uninitialisedDetail(vars: Map<number, Variable>, id: number): string {
  return `\`${vars.get(id)?.name ?? id}\` read before it is assigned`;
}
