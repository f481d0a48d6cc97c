// Builds the blocks, terminators, edge labels and decisions of one IR
// function. Lowering code asks for blocks and emits into the current one;
// after a terminator there is no current block until one is chosen (code
// emitted then goes to a fresh block no edge reaches: dead code).

import type { CType } from '../ir/types';
import { disambiguate, goalStem } from '../ir/goalIds';
import type { BasicBlock, Decision, EdgeLabel, Instr, Operand, SourceRange, Terminator } from '../ir/ir';

/** A point of the code being built (`FunctionBuilder.mark`). */
export interface CodeMark {
  block: number;
  index: number;
  statements: number;
  blocks: number;
}

const OPEN: Terminator = { kind: 'goto', target: -1 };

export class FunctionBuilder {
  readonly blocks: BasicBlock[] = [];
  readonly decisions: Decision[] = [];
  private current: number | null;

  constructor(readonly fnName: string) {
    this.current = this.newBlock();
  }

  newBlock(): number {
    const id = this.blocks.length;
    this.blocks.push({ id, instrs: [], terminator: OPEN, edgeLabels: {}, hasCode: false, statements: [] });
    return id;
  }

  /** The block code goes into (a fresh unreachable one after a terminator). */
  get cur(): number {
    if (this.current === null) this.current = this.newBlock();
    return this.current;
  }

  get isOpen(): boolean {
    return this.current !== null;
  }

  setBlock(id: number): void {
    this.current = id;
  }

  emit(instr: Instr): void {
    this.blocks[this.cur].instrs.push(instr);
  }

  /** Where code goes now: to insert an instruction before code lowered after it (`insertAt`). */
  mark(): CodeMark {
    const block = this.cur;
    return { block, index: this.blocks[block].instrs.length, statements: this.blocks[block].statements?.length ?? 0, blocks: this.blocks.length };
  }

  /** The instructions emitted since `mark`, and whether blocks were made since (control flow). */
  since(mark: CodeMark): { instrs: Instr[]; branched: boolean } {
    const instrs = [...this.blocks[mark.block].instrs.slice(mark.index), ...this.blocks.slice(mark.blocks).flatMap((b) => b.instrs)];
    return { instrs, branched: this.blocks.length > mark.blocks };
  }

  /** Inserts `instr` where `mark` was taken; statements recorded after the mark move with the code after it. */
  insertAt(mark: CodeMark, instr: Instr): void {
    const b = this.blocks[mark.block];
    b.instrs.splice(mark.index, 0, instr);
    for (const s of b.statements?.slice(mark.statements) ?? []) s.index++;
  }

  /**
   * Records that a user statement starts here, with the scope visible there (`Program.scopes`).
   * The block's statement goal points at the first one that is not a jump (`goal` false).
   */
  markStatement(range: SourceRange, scope: number, goal = true): void {
    const b = this.blocks[this.cur];
    (b.statements ??= []).push({ index: b.instrs.length, range, scope, ...(goal ? {} : { jump: true }) });
    if (goal && !b.range) {
      b.range = range;
      b.hasCode = true;
    }
  }

  terminate(t: Terminator): void {
    this.blocks[this.cur].terminator = t;
    this.current = null;
  }

  /** Ends the current block with a goto (no-op when there is no current block). */
  jump(target: number, label?: string): void {
    if (this.current === null) return;
    const from = this.current;
    this.terminate({ kind: 'goto', target });
    if (label) this.label(from, target, { text: label });
  }

  label(from: number, to: number, label: EdgeLabel): void {
    this.blocks[from].edgeLabels[to] = label;
  }

  branch(cond: Operand, thenB: number, elseB: number, decision: string, text: string, range: SourceRange): { from: number } {
    const from = this.cur;
    this.terminate({ kind: 'branch', cond, then: thenB, else: elseB, decision, range });
    this.label(from, thenB, { text: `${text}: true`, decision, outcome: 'true' });
    this.label(from, elseB, { text: `${text}: false`, decision, outcome: 'false' });
    return { from };
  }

  /** Decisions get a provisional id here; `finish` gives the final `${fn}:${line}:${tag}` ids. */
  addDecision(d: Omit<Decision, 'id'> & { line: number; tag: string }): Decision {
    const { line, tag, ...rest } = d;
    const decision: Decision = { id: `#${this.decisions.length}`, ...rest };
    this.decisions.push(decision);
    this.stems.push(goalStem(this.fnName, line, tag));
    return decision;
  }
  private stems: string[] = [];

  /** Blocks never terminated jump to `exit`; decisions get their ids (ir/goalIds.ts). */
  finish(exit: number): void {
    for (const b of this.blocks) if (b.terminator === OPEN) b.terminator = { kind: 'goto', target: exit };
    const ids = disambiguate(this.decisions.map((d, i) => ({ stem: this.stems[i], column: d.range.column })));
    const finalIds = new Map(this.decisions.map((d, i) => [d.id, ids[i]]));
    const rename = (id: string) => finalIds.get(id) ?? id;
    for (const d of this.decisions) {
      d.id = rename(d.id);
      if (d.parent) d.parent = rename(d.parent);
    }
    for (const b of this.blocks) {
      const t = b.terminator;
      if (t.kind === 'branch' || t.kind === 'switch') t.decision = rename(t.decision);
      for (const l of Object.values(b.edgeLabels)) if (l.decision) l.decision = rename(l.decision);
    }
  }
}

/** A zero of a scalar type (for `x != 0` tests and zero-initialisation). */
export function zeroOf(t: CType): Operand {
  if (t.kind === 'float') return { kind: 'fconst', value: 0, type: t };
  return { kind: 'const', value: 0n, type: t };
}
