// Initialisers (C11 6.7.9): braces, designators and brace elision are first
// resolved into a tree that says which expression initialises which
// subobject. Locals turn the tree into element-by-element assignments (the
// rest zeroed); globals and static locals into an IR `Initializer` of
// constants.

import type { CType } from '../ir/types';
import type { Initializer, Place } from '../ir/ir';
import type { SyntaxNode } from './parser';
import type { ExpressionLowerer } from './expressions';
import { zeroOf } from './builder';
import { ptrdiffType } from './ctypes';
import { wrapInt } from '../ir/interp';

export type InitTree =
  { kind: 'expr'; node: SyntaxNode } | { kind: 'string'; bytes: number[]; node: SyntaxNode } | { kind: 'list'; elems: Map<number, InitTree> };

interface Item {
  designators: SyntaxNode[];
  value: SyntaxNode;
}

function items(list: SyntaxNode): Item[] {
  const out: Item[] = [];
  for (const c of list.namedChildren) {
    if (!c || c.type === 'comment') continue;
    if (c.type === 'initializer_pair') {
      out.push({ designators: c.childrenForFieldName('designator').filter((d): d is SyntaxNode => !!d), value: c.childForFieldName('value')! });
    } else out.push({ designators: [], value: c });
  }
  return out;
}

function memberCount(t: CType): number {
  if (t.kind === 'array') return t.length ?? Number.MAX_SAFE_INTEGER;
  if (t.kind === 'struct') return t.union ? Math.min(1, t.fields.length) : t.fields.length;
  return 1;
}

export function memberType(t: CType, i: number): CType | null {
  if (t.kind === 'array') return t.of;
  if (t.kind === 'struct') return t.fields[i]?.type ?? null;
  return null;
}

function isAggregate(t: CType): boolean {
  return t.kind === 'array' || t.kind === 'struct';
}

function isCharArray(t: CType): boolean {
  return t.kind === 'array' && t.of.kind === 'int' && t.of.bits === 8;
}

export class InitResolver {
  constructor(private readonly lower: ExpressionLowerer) {}

  /** The initialiser tree of an object of type `t`. */
  resolve(t: CType, node: SyntaxNode): InitTree {
    const isString = node.type === 'string_literal' || node.type === 'concatenated_string';
    if (isString && isCharArray(t)) return { kind: 'string', bytes: [...(this.lower.stringBytes(node) ?? []), 0], node };
    if (node.type !== 'initializer_list') return { kind: 'expr', node };
    if (!isAggregate(t)) {
      // `int x = { 3 };`
      const first = items(node)[0];
      return first ? this.resolve(t, first.value) : { kind: 'list', elems: new Map() };
    }
    const its = items(node);
    const tree: InitTree = { kind: 'list', elems: new Map() };
    let k = this.fill(t, tree, its, 0, false);
    while (k < its.length) {
      // fill stops at the end of the members, or after a union's one member: only a designator starts again.
      const next = its[k].designators.length > 0 ? this.fill(t, tree, its, k, false) : k;
      if (next > k) {
        k = next;
        continue;
      }
      // No member takes the item: a struct or union of no known members (an incomplete type), or more items than members.
      if (t.kind === 'struct' && t.fields.length === 0) this.lower.report('error', node, 'initializer for an object of incomplete type');
      else this.lower.report('warning', its[k].value, 'excess elements in initializer (ignored, as gcc does)');
      break;
    }
    return tree;
  }

  /** Fills the members of `t` from items[k..]; `elided` when `t` has no braces of its own. Returns the next item. */
  private fill(t: CType, tree: Extract<InitTree, { kind: 'list' }>, its: Item[], k: number, elided: boolean): number {
    let cursor = 0;
    const count = memberCount(t);
    while (k < its.length) {
      const item = its[k];
      // A union takes one member: its first, or the one a designator names (`{ .u = 1 }`).
      let named = false;
      if (item.designators.length > 0) {
        if (elided) return k; // a designator belongs to the enclosing braces
        const idx = this.designatorIndex(t, item.designators[0]);
        if (idx === null) return k + 1;
        cursor = idx;
        named = true;
        // A union holds the member initialised last: the others' initialisers are overridden.
        if (t.kind === 'struct' && t.union) for (const m of [...tree.elems.keys()]) if (m !== cursor) tree.elems.delete(m);
        if (item.designators.length > 1) {
          const sub = memberType(t, cursor);
          if (sub) {
            const existing = tree.elems.get(cursor);
            const subtree: Extract<InitTree, { kind: 'list' }> = existing?.kind === 'list' ? existing : { kind: 'list', elems: new Map() };
            tree.elems.set(cursor, subtree);
            this.fill(sub, subtree, [{ designators: item.designators.slice(1), value: item.value }], 0, false);
          }
          cursor++;
          k++;
          continue;
        }
      }
      if (cursor >= count && !(named && t.kind === 'struct' && cursor < t.fields.length)) return k;
      const mt = memberType(t, cursor);
      if (!mt) return k + 1;
      const v = item.value;
      if (v.type === 'initializer_list' || !isAggregate(mt) || this.initialisesWhole(mt, v)) {
        tree.elems.set(cursor, this.resolve(mt, v));
        k++;
      } else {
        // Brace elision: the item starts the members of the sub-aggregate.
        const subtree: InitTree = { kind: 'list', elems: new Map() };
        tree.elems.set(cursor, subtree);
        const next = this.fill(mt, subtree, [{ designators: [], value: v }, ...its.slice(k + 1)], 0, true);
        k += next;
        if (next === 0) k++;
      }
      cursor++;
      if (t.kind === 'struct' && t.union) return k;
    }
    return k;
  }

  /** A string for a char array, or an expression of the struct type itself. */
  private initialisesWhole(t: CType, v: SyntaxNode): boolean {
    if (isCharArray(t)) return v.type === 'string_literal' || v.type === 'concatenated_string';
    if (t.kind === 'struct') {
      const vt = this.lower.typeOfUnevaluated(v);
      return vt.kind === 'struct';
    }
    return false;
  }

  private designatorIndex(t: CType, d: SyntaxNode): number | null {
    if (d.type === 'field_designator' || d.type === 'field_identifier') {
      const name = d.type === 'field_identifier' ? d.text : d.namedChildren[0]?.text;
      if (t.kind !== 'struct') return null;
      const i = t.fields.findIndex((f) => f.name === name);
      return i < 0 ? null : i;
    }
    if (d.type === 'subscript_designator') {
      const e = d.namedChildren[0];
      const v = e ? this.lower.constInteger(e) : null;
      return v === null ? null : Number(v);
    }
    return null;
  }
}

/** Length of `T a[] = init` from its initialiser. */
export function inferredLength(tree: InitTree): number {
  if (tree.kind === 'string') return tree.bytes.length;
  if (tree.kind === 'list') return tree.elems.size === 0 ? 0 : Math.max(...tree.elems.keys()) + 1;
  return 1;
}

/** Assignments that initialise a local object from its tree; everything not initialised is zeroed. */
export function emitLocalInit(lower: ExpressionLowerer, place: Place, tree: InitTree | null, at: SyntaxNode): void {
  const t = place.type;
  if (t.kind === 'array' || t.kind === 'struct') {
    if (tree?.kind === 'expr') {
      lower.store(place, lower.rvalue(tree.node), tree.node);
      return;
    }
    const n = t.kind === 'array' ? (t.length ?? 0) : t.union ? Math.min(1, t.fields.length) : t.fields.length;
    for (let i = 0; i < n; i++) {
      let sub: InitTree | null = null;
      if (tree?.kind === 'list') sub = tree.elems.get(i) ?? null;
      else if (tree?.kind === 'string') sub = null;
      const child = subPlace(lower, place, i);
      if (tree?.kind === 'string') {
        const byte = BigInt(tree.bytes[i] ?? 0);
        const et = child.type;
        lower.b.emit({
          kind: 'assign',
          dst: child,
          value: { op: 'use', a: { kind: 'const', value: et.kind === 'int' ? wrapInt(byte, et) : byte, type: et } },
          range: lower.R(at),
        });
        continue;
      }
      if (t.kind === 'struct' && t.union && tree?.kind === 'list' && !sub) {
        // A union initialised through a later member: only that one.
        const [k] = [...tree.elems.keys()];
        if (k !== undefined && k !== i) {
          emitLocalInit(lower, subPlace(lower, place, k), tree.elems.get(k)!, at);
          return;
        }
      }
      emitLocalInit(lower, child, sub, at);
    }
    return;
  }
  if (tree?.kind === 'expr') lower.store(place, lower.rvalue(tree.node), at);
  else if (tree?.kind === 'list') {
    const first = tree.elems.get(0);
    emitLocalInit(lower, place, first ?? null, at);
  } else if (t.kind === 'int' || t.kind === 'float' || t.kind === 'pointer') {
    lower.b.emit({ kind: 'assign', dst: place, value: { op: 'use', a: zeroOf(t) }, range: lower.R(at) });
  }
}

function subPlace(lower: ExpressionLowerer, p: Place, i: number): Place {
  const t = p.type;
  if (t.kind === 'array') {
    return { root: p.root, path: [...p.path, { kind: 'index', index: { kind: 'const', value: BigInt(i), type: ptrdiffType(lower.model) } }], type: t.of };
  }
  const s = t as Extract<CType, { kind: 'struct' }>;
  return { root: p.root, path: [...p.path, { kind: 'field', name: s.fields[i].name, index: i }], type: s.fields[i].type };
}

/** The IR initialiser of a global or static local (constants only). */
export function constInitializer(lower: ExpressionLowerer, t: CType, tree: InitTree): Initializer | null {
  if (tree.kind === 'string') return { kind: 'string', bytes: t.kind === 'array' && t.length !== null ? tree.bytes.slice(0, t.length) : tree.bytes };
  if (t.kind === 'array' || t.kind === 'struct') {
    if (tree.kind === 'expr') {
      const v = lower.constOperand(tree.node, t);
      return v ? { kind: 'scalar', value: v } : null;
    }
    const n = tree.elems.size === 0 ? 0 : Math.max(...tree.elems.keys()) + 1;
    const elems: (Initializer | null)[] = [];
    for (let i = 0; i < n; i++) {
      const sub = tree.elems.get(i);
      const mt = memberType(t, i);
      if (!sub || !mt) {
        elems.push(null);
        continue;
      }
      const init = constInitializer(lower, mt, sub);
      if (!init) return null;
      elems.push(init);
    }
    return { kind: 'aggregate', elems };
  }
  if (tree.kind === 'list') {
    const first = tree.elems.get(0);
    return first ? constInitializer(lower, t, first) : { kind: 'scalar', value: zeroOf(t) };
  }
  const v = lower.constOperand(tree.node, t);
  return v ? { kind: 'scalar', value: v } : null;
}
