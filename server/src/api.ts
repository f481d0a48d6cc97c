// The engine's one small API (DESIGN.md: the engine does no I/O of its own
// beyond running the compiler it is given). The CLI and the language server
// (in its worker threads) drive the engine only through this.

import type { DataModel } from './ir/types';
import type { Report } from '../../shared/report';
import type { CfgView } from '../../shared/cfg';

export interface EngineOptions {
  dataModel: DataModel;
  /** C compiler used for preprocessing and validation. */
  compiler: string;
  includePaths: string[];
  /** `NAME` or `NAME=VALUE`. */
  defines: string[];
  /** Path to a compile_commands.json, if any. */
  compileCommands?: string;
  /** Largest loop unrolling tried (deepening 1, 2, 4, ... up to this). */
  maxLoopBound: number;
  /** Depth up to which calls to functions of the file are inlined. */
  inlineDepth: number;
  /** Time limit of one solver query, in milliseconds. */
  timeoutMs: number;
  /** Make possible runtime errors goals (and forbid them on the path to other goals: always on). */
  runtimeErrors: boolean;
  /** Length of the input array a pointer parameter points to, when nothing says otherwise. */
  pointerArrayLength: number;
  /** malloc and calloc may return NULL (each call's outcome is then part of the datum). Default: they always succeed. */
  mallocMayFail?: boolean;
  /** Compile and run the data of each reach/check/cover report to confirm them (absent: false; the CLI validates with `cover --validate`). The editor turns it on only in trusted workspaces. */
  validate?: boolean;
}

export const defaultEngineOptions: EngineOptions = {
  dataModel: 'LP64',
  compiler: 'cc',
  includePaths: [],
  defines: [],
  maxLoopBound: 64,
  inlineDepth: 8,
  timeoutMs: 5000,
  runtimeErrors: true,
  pointerArrayLength: 4,
};

/** The source to analyse: a path, and its text when the caller has it (an editor buffer). */
export interface SourceInput {
  file: string;
  text?: string;
}

export interface ReachRequest extends SourceInput {
  /** 1-based line of the statement or decision. */
  line: number;
  column?: number;
  /** 'true' | 'false' (or a switch case label) for decisions; absent: the statement on that line. */
  outcome?: string;
  function?: string;
  /** Extra C condition over the variables in scope at the goal. */
  where?: string;
  /** Enumerate distinct data, up to `limit`. */
  all?: boolean;
  limit?: number;
}

export interface CheckRequest extends SourceInput {
  function?: string;
}

export interface CoverRequest extends SourceInput {
  function?: string;
  criterion: 'statement' | 'decision';
}

export interface Engine {
  reach(req: ReachRequest, signal?: AbortSignal): Promise<Report>;
  check(req: CheckRequest, signal?: AbortSignal): Promise<Report>;
  cover(req: CoverRequest, signal?: AbortSignal): Promise<Report>;
  /** Goals of every function, statuses unknown (no solving): for fast outlines. */
  outline(req: SourceInput): Promise<Report>;
  /** The control-flow graph of each function (or of `function`), for `creach cfg` and the webview. */
  cfg(req: SourceInput & { function?: string }): Promise<CfgView[]>;
  dispose(): void;
}
