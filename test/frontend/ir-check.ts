// Checks of the invariants ir.ts states, used by the front-end tests on every program they lower.
import type { IRFunction, Operand, Place, Program } from '../../server/src/ir/ir';
import { INT, sameType, type CType } from '../../server/src/ir/types';

/** Violations of the invariants written in ir.ts (variables known, operand types as the operation's). */
export function irProblems(p: Program, f: IRFunction): string[] {
  const problems: string[] = [];
  const known = new Set([...f.locals, ...p.globals]);
  const checkVar = (id: number, where: string) => {
    if (!p.vars.has(id)) problems.push(`${where}: unknown variable ${id}`);
    else if (!known.has(id)) problems.push(`${where}: ${p.vars.get(id)!.name} is neither a local of ${f.name} nor a global`);
  };
  const operand = (o: Operand, where: string): void => {
    if (o.kind === 'var') checkVar(o.id, where);
    if (o.kind === 'addr') place(o.place, where);
  };
  const place = (pl: Place, where: string): void => {
    if (pl.root.kind === 'var') checkVar(pl.root.id, where);
    else operand(pl.root.ptr, where);
    for (const e of pl.path) if (e.kind === 'index') operand(e.index, where);
  };
  const same = (a: CType, b: CType) => sameType(a, b) || (a.kind === 'pointer' && b.kind === 'pointer');
  for (const b of f.blocks) {
    b.instrs.forEach((i, k) => {
      const where = `${f.name} B${b.id}[${k}] line ${i.range.line}`;
      if (i.kind === 'assign') {
        if (i.dst) place(i.dst, where);
        const v = i.value;
        if (v.op === 'binary') {
          operand(v.a, where);
          operand(v.b, where);
          const cmp = ['==', '!=', '<', '<=', '>', '>='].includes(v.bop);
          if (v.bop !== '<<' && v.bop !== '>>' && !same(v.a.type, v.b.type)) problems.push(`${where}: operands of ${v.bop} differ in type`);
          if (!cmp && !sameType(v.a.type, v.type)) problems.push(`${where}: ${v.bop} done in another type than its operands'`);
          if (cmp && !sameType(v.type, INT)) problems.push(`${where}: comparison not int`);
        } else if (v.op === 'unary') {
          operand(v.a, where);
          if (v.uop !== '!' && !sameType(v.a.type, v.type)) problems.push(`${where}: unary ${v.uop} type`);
        } else if (v.op === 'use' || v.op === 'cast') operand(v.a, where);
        else if (v.op === 'load') place(v.place, where);
        else if (v.op === 'call') v.args.forEach((a) => operand(a, where));
      } else if (i.kind === 'assume' || i.kind === 'assert') {
        operand(i.cond, where);
        if (i.cond.type.kind !== 'int') problems.push(`${where}: condition not an integer`);
      }
    });
    const t = b.terminator;
    if (t.kind === 'branch' && t.cond.type.kind !== 'int') problems.push(`${f.name} B${b.id}: branch on a non-integer`);
    // Statement starts: in order, inside the block, the block's goal range among them.
    const starts = b.statements ?? [];
    if (!b.statements) problems.push(`${f.name} B${b.id}: no statements list`);
    starts.forEach((s, k) => {
      const prev = starts[k - 1];
      if (s.index < 0 || s.index > b.instrs.length) problems.push(`${f.name} B${b.id}: statement index ${s.index} out of the block`);
      if (prev && (s.index < prev.index || s.range.line < prev.range.line || (s.range.line === prev.range.line && s.range.column < prev.range.column)))
        problems.push(`${f.name} B${b.id}: statements out of order`);
      if (s.scope < -1 || s.scope >= (p.scopes?.length ?? 0)) problems.push(`${f.name} B${b.id}: statement scope ${s.scope} unknown`);
    });
    if (b.hasCode && b.range && !starts.some((s) => s.range === b.range)) problems.push(`${f.name} B${b.id}: the block's range is no statement's`);
  }
  return problems;
}
