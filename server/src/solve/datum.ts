// From a Z3 model to a test datum: the inputs (parameters, globals, objects
// behind pointer parameters, nondet values), the expected results of a
// complete execution and the values along its path, as the report's data.

import type { Model } from 'z3-solver';
import type { DataValue, TestReport } from '../../../shared/report';
import { INT, typeToString, type CType } from '../ir/types';
import type { Encoding } from '../model/encode';
import { bvConst, type B, type BV, type F } from '../model/semantics';
import { selectVal, type Val } from '../model/values';
import { numeralIn, trueIn, type Z3Handle } from '../z3/z3';

export function extractTest(
  z: Z3Handle,
  enc: Encoding,
  model: Model<'main'>,
  complete: boolean,
  traceFilter?: (node: number, index: number) => boolean,
  withTrace = true,
): Omit<TestReport, 'id' | 'goals'> {
  const isTrue = (b: B) => trueIn(z, model, b);
  const inputs: Record<string, DataValue> = {};
  const globals: Record<string, DataValue> = {};
  const types: Record<string, string> = {};
  for (const i of enc.inputs) {
    types[i.name] = typeToString(i.type);
    let v: DataValue;
    const alias = i.object?.aliases.find((a) => isTrue(a.lit));
    if (i.argv) {
      v = argvData(z, model, i.argv);
    } else if (alias) {
      v = `&${alias.name}[${valueToData(z, model, { k: 'bv', t: alias.at }, { kind: 'int', bits: 64, signed: false, rank: 'long', name: 'unsigned long' })}]`;
    } else if (i.object) {
      if (isTrue(i.object.nullLit)) v = null;
      else {
        const pointee = (i.type as Extract<CType, { kind: 'pointer' }>).to;
        const objType: CType = { kind: 'array', of: pointee, length: i.object.length };
        const arr = valueToData(z, model, i.val, objType, enc.pointerText);
        v = pointee.kind === 'struct' && i.object.length === 1 && Array.isArray(arr) ? arr[0] : arr;
      }
    } else v = valueToData(z, model, i.val, i.type, enc.pointerText);
    (i.kind === 'param' ? inputs : globals)[i.name] = v;
  }
  const reached = enc.nondet.filter((n) => isTrue(enc.reach[n.node])).sort((a, b) => a.node - b.node || a.index - b.index);
  const nondet = reached
    .filter((n) => !n.uninitialised)
    .map((n) => ({ call: n.call, line: n.line, value: valueToData(z, model, n.val, n.type, enc.pointerText), type: typeToString(n.type) }));
  const test: Omit<TestReport, 'id' | 'goals'> = { inputs, globals, types, nondet };
  const indeterminate = reached
    .filter((n) => n.uninitialised)
    .map((n) => ({ variable: n.call, line: n.line, value: valueToData(z, model, n.val, n.type, enc.pointerText), type: typeToString(n.type) }));
  if (indeterminate.length) test.indeterminate = indeterminate;
  const trace: NonNullable<TestReport['trace']> = [];
  for (const t of withTrace ? enc.trace : []) {
    if (trace.length >= 500) break;
    if (traceFilter && !traceFilter(t.node, t.index)) continue;
    if (isTrue(enc.reach[t.node]))
      trace.push({ line: t.range.line, column: t.range.column, variable: t.variable, value: valueToData(z, model, t.val, t.type, enc.pointerText) });
  }
  if (trace.length) test.trace = trace;
  const stop = complete ? enc.stops.find((s) => isTrue(enc.reach[s.node])) : undefined;
  if (stop?.why === 'abort') test.end = { how: 'abort', line: stop.line };
  else if (stop?.why === 'exit') {
    const status = stop.status && valueToData(z, model, stop.status, INT);
    test.end = { how: 'exit', line: stop.line, ...(typeof status === 'number' ? { status } : {}) };
  }
  if (complete && enc.exitNode !== null && isTrue(enc.reach[enc.exitNode])) {
    const fnType = enc.unrolled.top.type;
    if (enc.returnVal && fnType.kind === 'function' && fnType.ret.kind !== 'void')
      test.result = valueToData(z, model, enc.returnVal, fnType.ret, enc.pointerText);
    const outputs: Record<string, DataValue> = {};
    const exit = enc.exitEnv[enc.exitNode];
    for (const i of enc.inputs) {
      if (i.kind === 'global' && !enc.vars.get(i.varId)?.isConst) {
        const v = exit.get(i.varId);
        if (v) outputs[i.name] = valueToData(z, model, v, i.type, enc.pointerText);
      } else if (i.object && !isTrue(i.object.nullLit) && !i.object.aliases.some((a) => isTrue(a.lit))) {
        const v = exit.get(i.object.varId);
        const pointee = (i.type as Extract<CType, { kind: 'pointer' }>).to;
        if (v) {
          const arr = valueToData(z, model, v, { kind: 'array', of: pointee, length: i.object.length }, enc.pointerText);
          outputs[`*${i.name}`] = pointee.kind === 'struct' && i.object.length === 1 && Array.isArray(arr) ? arr[0] : arr;
        }
      }
    }
    if (Object.keys(outputs).length) test.outputs = outputs;
  }
  return test;
}

/** main's argv as data: its argc strings, each byte a character (Latin-1: byte b is U+00b). */
function argvData(z: Z3Handle, model: Model<'main'>, argv: NonNullable<Encoding['inputs'][number]['argv']>): DataValue {
  const num = (t: unknown) => Number(numeralIn(z, model, t as BV));
  const count = num(argv.count);
  const out: string[] = [];
  for (let k = 0; k < count && k < argv.strings.length; k++) {
    let s = '';
    for (let m = 0; m < argv.length; m++) {
      const leaf = selectVal(argv.strings[k].val, bvConst(z.ctx, BigInt(m), 64));
      const b = leaf.k === 'bv' ? num(leaf.t) : 0;
      if (b === 0) break;
      s += String.fromCharCode(b);
    }
    out.push(s);
  }
  return out;
}

/** An array value's elements 0..n-1, their terms built once per value (an enumeration reads them for each of its data). */
const elements = new WeakMap<Val, Val[]>();
function elementsOf(z: Z3Handle, v: Val, n: number): Val[] {
  let e = elements.get(v);
  if (!e || e.length !== n) elements.set(v, (e = Array.from({ length: n }, (_, i) => selectVal(v, bvConst(z.ctx, BigInt(i), 64)))));
  return e;
}

/**
 * A model value as data. Pointers inside data are written `&name[k]`, naming
 * the object they point into (a pointer parameter's object by the parameter's
 * name), or null.
 */
export function valueToData(
  z: Z3Handle,
  model: Model<'main'>,
  v: Val,
  t: CType,
  pointerText: (obj: number, off: bigint) => string = (o, k) => `&object${o}[${k}]`,
): DataValue {
  switch (t.kind) {
    case 'int': {
      if (v.k !== 'bv') return null;
      const raw = numeralIn(z, model, v.t);
      const n = t.signed && raw >= 1n << BigInt(t.bits - 1) ? raw - (1n << BigInt(t.bits)) : raw;
      return Number.isSafeInteger(Number(n)) ? Number(n) : n.toString();
    }
    case 'float': {
      if (v.k !== 'fp') return null;
      const e = model.eval(v.t, true);
      return floatData(z, e as unknown as F, t.bits);
    }
    case 'pointer': {
      if (v.k !== 'ptr') return null;
      const obj = numeralIn(z, model, v.obj);
      if (obj === 0n) return null;
      const off = numeralIn(z, model, v.off);
      return pointerText(Number(obj), off);
    }
    case 'array': {
      if (v.k !== 'arr') return null;
      return elementsOf(z, v, t.length ?? 0).map((e) => valueToData(z, model, e, t.of, pointerText));
    }
    case 'struct': {
      if (v.k !== 'struct') return null;
      const o: Record<string, DataValue> = {};
      // A union shows one member, the first whose value is modelled (model/unions.ts): an input union
      // is its first member, and an initialiser naming more would keep only the last.
      const shown = t.union ? t.fields.findIndex((_, i) => !v.stale?.[i]) : -1;
      t.fields.forEach((f, i) => {
        if (!t.union || i === shown) o[f.name] = valueToData(z, model, v.fields[i], f.type, pointerText);
      });
      return o;
    }
    default:
      return null;
  }
}

/** A float from the model as a JSON number, or "nan" | "inf" | "-inf" | "-0". */
function floatData(_z: Z3Handle, e: F, bits: 32 | 64): DataValue {
  // Z3 prints a float numeral as its exact bits: `(fp #b0 #x7f #b000...)`, or `(_ NaN 8 24)` and the like.
  const s = e.toString();
  if (/NaN/.test(s)) return 'nan';
  if (/\+oo/.test(s)) return 'inf';
  if (/-oo/.test(s)) return '-inf';
  if (/-zero/.test(s)) return '-0';
  if (/\+zero/.test(s)) return 0;
  const parts = [...s.matchAll(/#([bx])([0-9a-fA-F]+)/g)].map(([, base, digits]) =>
    base === 'b' ? digits : [...digits].map((d) => parseInt(d, 16).toString(2).padStart(4, '0')).join(''),
  );
  if (parts.length !== 3) throw new Error(`unexpected float numeral ${s}`);
  const raw = BigInt(`0b${parts.join('')}`);
  const view = new DataView(new ArrayBuffer(8));
  let x: number;
  if (bits === 32) {
    view.setUint32(0, Number(raw));
    x = view.getFloat32(0);
  } else {
    view.setBigUint64(0, raw);
    x = view.getFloat64(0);
  }
  if (x === 0 && 1 / x < 0) return '-0';
  return x;
}
