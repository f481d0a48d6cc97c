// `--where 'C expression'`: an extra condition over the variables in scope at
// the goal (the seeds' "flexible use of constraints"). The expression is
// parsed with tree-sitter and evaluated on the symbolic values the encoding
// holds at the goal: at the entry of the goal's node for a statement, at its
// end for a branch. Integer arithmetic is done in 64-bit signed (a condition
// for selecting data, not code under test: it cannot overflow on the small
// values it is meant for, and it is never a source of undefined behaviour).

import type { IRFunction, Program } from '../ir/ir';
import type { CType } from '../ir/types';
import { parseC, type SyntaxNode } from '../frontend/parser';
import type { Encoding } from '../model/encode';
import { bvConst, type B, type BV } from '../model/semantics';
import { selectVal, type Val } from '../model/values';
import type { Z3Handle } from '../z3/z3';

export class WhereError extends Error {}

type WhereFn = (enc: Encoding, node: number, atEnd: boolean) => B;

export async function compileWhere(z: Z3Handle, program: Program, fn: IRFunction, text: string): Promise<WhereFn> {
  const tree = await parseC(`void __creach_where(void) { (void)(${text}); }`);
  const root = tree.rootNode;
  if (root.hasError) throw new WhereError(`--where: not a C expression: ${text}`);
  // translation_unit > function_definition > compound_statement > expression_statement > cast_expression > parenthesized value
  const cast = root.descendantsOfType('cast_expression')[0];
  const expr = cast?.childForFieldName('value');
  if (!expr) throw new WhereError(`--where: not a C expression: ${text}`);
  const { ctx } = z;
  const W = 64;
  const names = new Map<string, number>();
  for (const g of program.globals) names.set(program.vars.get(g)!.name, g);
  for (const id of fn.locals) {
    const v = program.vars.get(id);
    if (v && v.kind !== 'temp') names.set(v.name, id);
  }

  return (enc, node, atEnd) => {
    const env = atEnd ? enc.exitEnv[node] : enc.entryEnv[node];
    const widen = (t: BV, type: CType): BV => {
      const bits = t.size();
      if (bits === W) return t;
      const signed = type.kind === 'int' ? type.signed : true;
      return signed ? t.signExt(W - bits) : t.zeroExt(W - bits);
    };
    const lookup = (name: string): { val: Val; type: CType; varId: number } => {
      const id = names.get(name);
      if (id === undefined) throw new WhereError(`--where: unknown variable '${name}' in ${fn.name}`);
      const val = env.get(id);
      const type = enc.vars.get(id)!.type;
      if (!val) throw new WhereError(`--where: '${name}' has no value at the goal`);
      return { val, type, varId: id };
    };
    const intOf = (n: SyntaxNode): BV => {
      switch (n.type) {
        case 'parenthesized_expression':
          return intOf(n.namedChildren[0]!);
        case 'number_literal':
          return bvConst(ctx, BigInt(n.text.replace(/[uUlL]+$/, '')), W);
        case 'identifier': {
          const { val, type } = lookup(n.text);
          if (val.k !== 'bv') throw new WhereError(`--where: '${n.text}' is not an integer`);
          return widen(val.t as BV, type);
        }
        case 'subscript_expression': {
          const arr = n.childForFieldName('argument')!;
          const idx = intOf(n.childForFieldName('index')!);
          if (arr.type !== 'identifier') throw new WhereError('--where: only subscripts of named arrays are supported');
          const { val, type, varId } = lookup(arr.text);
          if (val.k === 'arr' && type.kind === 'array') {
            const e = selectVal(val, idx);
            if (e.k !== 'bv') throw new WhereError('--where: array elements must be integers');
            return widen(e.t as BV, type.of);
          }
          // A pointer parameter: its input object.
          const input = enc.inputs.find((i) => i.varId === varId && i.object);
          if (val.k === 'ptr' && input?.object && type.kind === 'pointer') {
            const obj = env.get(input.object.varId)!;
            const e = selectVal(obj, (val.off as BV).add(idx));
            if (e.k !== 'bv') throw new WhereError('--where: array elements must be integers');
            return widen(e.t as BV, type.to);
          }
          throw new WhereError(`--where: '${arr.text}' is not an array`);
        }
        case 'unary_expression': {
          const op = n.child(0)!.text;
          const a = n.childForFieldName('argument')!;
          if (op === '-') return intOf(a).neg();
          if (op === '+') return intOf(a);
          if (op === '~') return intOf(a).not();
          return boolInt(boolOf(n));
        }
        case 'binary_expression': {
          const op = n.childForFieldName('operator')!.text;
          const a = n.childForFieldName('left')!;
          const b = n.childForFieldName('right')!;
          switch (op) {
            case '+':
              return intOf(a).add(intOf(b));
            case '-':
              return intOf(a).sub(intOf(b));
            case '*':
              return intOf(a).mul(intOf(b));
            case '/':
              return intOf(a).sdiv(intOf(b));
            case '%':
              return intOf(a).srem(intOf(b));
            case '&':
              return intOf(a).and(intOf(b));
            case '|':
              return intOf(a).or(intOf(b));
            case '^':
              return intOf(a).xor(intOf(b));
            default:
              return boolInt(boolOf(n));
          }
        }
        default:
          throw new WhereError(`--where: unsupported expression '${n.text}'`);
      }
    };
    const boolInt = (b: B): BV => ctx.If(b, bvConst(ctx, 1n, W), bvConst(ctx, 0n, W)) as unknown as BV;
    const boolOf = (n: SyntaxNode): B => {
      if (n.type === 'parenthesized_expression') return boolOf(n.namedChildren[0]!);
      if (n.type === 'unary_expression' && n.child(0)!.text === '!') return boolOf(n.childForFieldName('argument')!).not() as B;
      if (n.type === 'binary_expression') {
        const op = n.childForFieldName('operator')!.text;
        const a = n.childForFieldName('left')!;
        const b = n.childForFieldName('right')!;
        switch (op) {
          case '&&':
            return boolOf(a).and(boolOf(b)) as B;
          case '||':
            return boolOf(a).or(boolOf(b)) as B;
          case '==':
            return intOf(a).eq(intOf(b)) as B;
          case '!=':
            return intOf(a).neq(intOf(b)) as B;
          case '<':
            return intOf(a).slt(intOf(b)) as B;
          case '<=':
            return intOf(a).sle(intOf(b)) as B;
          case '>':
            return intOf(a).sgt(intOf(b)) as B;
          case '>=':
            return intOf(a).sge(intOf(b)) as B;
        }
      }
      return intOf(n).neq(bvConst(ctx, 0n, W)) as B;
    };
    return boolOf(expr);
  };
}
