// The control-flow graph of one function as plain JSON: what `creach cfg
// --json` prints, what the language server sends to the CFG webview (which
// colours goals with the statuses of a Report). No engine types here.

import type { GoalKind } from './report';

export interface CfgBlock {
  id: number;
  /** First and last source line of the block's statements; null for a block with no source of its own (a join). */
  firstLine: number | null;
  lastLine: number | null;
  /** The block's statements (and its deciding condition, e.g. `if (x < 4)`) as source text. */
  text: string[];
  /** Ids of the goals located in this block (statement, assertions, runtime errors, outcomes of its decision). */
  goals: string[];
}

export interface CfgEdge {
  from: number;
  to: number;
  /** `x < 4: true`, `case 3`, `default`, `fall-through`, `loop back`, `break`, or '' for a plain jump. */
  label: string;
}

export interface CfgLoop {
  header: number;
  body: number[];
}

export interface CfgGoal {
  id: string;
  kind: GoalKind;
  label: string;
  line: number;
  column: number;
}

export interface CfgPhi {
  /** Source name of the variable. */
  variable: string;
  /** `name_version` of the φ's result and of its argument along each incoming edge (null: undefined there). */
  dst: string;
  args: { from: number; value: string | null }[];
}

export interface CfgView {
  function: string;
  blocks: CfgBlock[];
  edges: CfgEdge[];
  loops: CfgLoop[];
  goals: CfgGoal[];
  /** φ-functions of the SSA form, by block (blocks without φ left out). */
  ssa?: { block: number; phis: CfgPhi[] }[];
  /** Decision outcomes each block is control dependent on (blocks with none left out). */
  controlDependence?: { block: number; on: { decision: string; outcome: string }[] }[];
}
