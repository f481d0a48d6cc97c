// Generic traversals of IR instructions: which places and operands an
// instruction reads or writes, and copies with variable ids renamed.
// Shared by SSA construction and the goal catalogue so that neither has to
// know every Rvalue shape.

import type { AcslLocation, Instr, Operand, Place, Rvalue, Terminator } from './ir';

/** How a place is used by the instruction that mentions it. */
export type PlaceRole = 'dst' | 'load' | 'addr';

/** Every place an instruction mentions (destination, loads, `&place` operands, nested ones included). */
export function forEachPlace(instr: Instr, visit: (place: Place, role: PlaceRole) => void): void {
  const inOperand = (op: Operand): void => {
    if (op.kind === 'addr') inPlace(op.place, 'addr');
  };
  const inPlace = (place: Place, role: PlaceRole): void => {
    visit(place, role);
    if (place.root.kind === 'deref') inOperand(place.root.ptr);
    for (const elem of place.path) if (elem.kind === 'index') inOperand(elem.index);
  };
  switch (instr.kind) {
    case 'assign':
      if (instr.dst) inPlace(instr.dst, 'dst');
      {
        let rv = instr.value;
        while (rv.op === 'defined' || rv.op === 'unchecked') rv = rv.value;
        if (rv.op === 'load' || rv.op === 'designate') inPlace(rv.place, 'load');
      }
      for (const op of rvalueOperands(instr.value)) inOperand(op);
      return;
    case 'assume':
    case 'assert':
      inOperand(instr.cond);
      return;
    case 'error':
    case 'unsupported':
      return;
  }
}

/**
 * Every variable an instruction mentions: 'dst' for a variable it overwrites
 * whole, 'read' for every other mention (operands, loaded or addressed
 * places, index and pointer operands, a partly written aggregate).
 */
export function forEachVar(instr: Instr, visit: (id: number, role: 'read' | 'dst') => void): void {
  const operand = (op: Operand) => {
    if (op.kind === 'var') visit(op.id, 'read');
  };
  forEachPlace(instr, (place, role) => {
    if (place.root.kind === 'var') visit(place.root.id, role === 'dst' && place.path.length === 0 ? 'dst' : 'read');
    else operand(place.root.ptr);
    for (const elem of place.path) if (elem.kind === 'index') operand(elem.index);
  });
  if (instr.kind === 'assign') rvalueOperands(instr.value).forEach(operand);
  else if (instr.kind === 'assume' || instr.kind === 'assert') operand(instr.cond);
}

/** The operands a terminator reads. */
export function terminatorOperands(t: Terminator): Operand[] {
  switch (t.kind) {
    case 'branch':
      return [t.cond];
    case 'switch':
      return [t.value];
    case 'return':
      return t.value ? [t.value] : [];
    case 'stop':
      return t.status ? [t.status] : [];
    case 'goto':
      return [];
  }
}

/** The operands an rvalue reads directly (not those inside a loaded place). */
export function rvalueOperands(rv: Rvalue): Operand[] {
  switch (rv.op) {
    case 'use':
      return [rv.a];
    case 'binary':
      return [rv.a, rv.b];
    case 'unary':
    case 'cast':
      return [rv.a];
    case 'ptradd':
      return [rv.ptr, rv.offset];
    case 'ptrdiff':
      return [rv.a, rv.b];
    case 'valid':
      return [rv.ptr, rv.lo.value, rv.hi.value].filter((x): x is Operand => x !== null);
    case 'forallElements':
      return [rv.ptr, rv.lo, rv.hi, rv.value];
    case 'separated':
      return rv.locs.flatMap((l) => [l.ptr, l.lo.value, l.hi.value]).filter((x): x is Operand => x !== null);
    case 'call':
      return rv.args;
    case 'icall':
      return [rv.fn, ...rv.args];
    case 'defined':
    case 'unchecked':
      return rvalueOperands(rv.value);
    case 'newest':
      return [rv.ptr, ...rv.aged];
    case 'newestObject':
    case 'load':
    case 'designate':
    case 'nondet':
    case 'havoc':
    case 'fresh':
    case 'indeterminate':
    case 'assigned':
      return [];
  }
}

/** Renames the variable ids read by copies of IR pieces (destinations are the caller's business). */
export interface Renamer {
  use(id: number): number;
}

export function renameOperand(op: Operand, r: Renamer): Operand {
  switch (op.kind) {
    case 'var':
      return { ...op, id: r.use(op.id) };
    case 'addr':
      return { ...op, place: renamePlace(op.place, r) };
    default:
      return op;
  }
}

/** Copy of `place` whose operands are renamed as reads; a variable root becomes `rootId` (default: renamed as a read). */
export function renamePlace(place: Place, r: Renamer, rootId?: number): Place {
  const root: Place['root'] =
    place.root.kind === 'var' ? { kind: 'var', id: rootId ?? r.use(place.root.id) } : { kind: 'deref', ptr: renameOperand(place.root.ptr, r) };
  const path = place.path.map((e) => (e.kind === 'index' ? { ...e, index: renameOperand(e.index, r) } : e));
  return { ...place, root, path };
}

function renameLocation(l: AcslLocation, r: Renamer): AcslLocation {
  const o = (op: Operand) => renameOperand(op, r);
  return { ptr: o(l.ptr), lo: { ...l.lo, value: l.lo.value && o(l.lo.value) }, hi: { ...l.hi, value: l.hi.value && o(l.hi.value) } };
}

export function renameRvalue(rv: Rvalue, r: Renamer): Rvalue {
  const o = (op: Operand) => renameOperand(op, r);
  switch (rv.op) {
    case 'use':
      return { ...rv, a: o(rv.a) };
    case 'load':
    case 'designate':
      return { ...rv, place: renamePlace(rv.place, r) };
    case 'binary':
      return { ...rv, a: o(rv.a), b: o(rv.b) };
    case 'unary':
    case 'cast':
      return { ...rv, a: o(rv.a) };
    case 'ptradd':
      return { ...rv, ptr: o(rv.ptr), offset: o(rv.offset) };
    case 'ptrdiff':
      return { ...rv, a: o(rv.a), b: o(rv.b) };
    case 'valid':
      return { ...rv, ...renameLocation(rv, r) };
    case 'separated':
      return { ...rv, locs: rv.locs.map((l) => renameLocation(l, r)) };
    case 'call':
      return { ...rv, args: rv.args.map(o) };
    case 'icall':
      return { ...rv, fn: o(rv.fn), args: rv.args.map(o) };
    case 'defined':
    case 'unchecked':
      return { ...rv, value: renameRvalue(rv.value, r) };
    case 'assigned':
      return { ...rv, id: r.use(rv.id) };
    case 'newest':
      return { ...rv, ptr: o(rv.ptr), aged: rv.aged.map(o) };
    case 'newestObject':
      return rv;
    case 'forallElements':
      return { ...rv, ptr: o(rv.ptr), lo: o(rv.lo), hi: o(rv.hi), value: o(rv.value) };
    case 'nondet':
    case 'havoc':
    case 'fresh':
    case 'indeterminate':
      return rv;
  }
}

export function renameTerminator(t: Terminator, r: Renamer): Terminator {
  switch (t.kind) {
    case 'branch':
      return { ...t, cond: renameOperand(t.cond, r) };
    case 'switch':
      return { ...t, value: renameOperand(t.value, r) };
    case 'return':
      return { ...t, value: t.value ? renameOperand(t.value, r) : null };
    case 'stop':
      return t.status ? { ...t, status: renameOperand(t.status, r) } : t;
    case 'goto':
      return t;
  }
}
