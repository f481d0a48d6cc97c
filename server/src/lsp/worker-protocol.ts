// Messages between the language server's main thread (pool.ts) and its solver
// worker threads (worker.ts). Plain structured-cloneable data.

import type { EngineOptions } from '../api';

export type WorkerMethod = 'reach' | 'check' | 'cover' | 'outline' | 'cfg' | 'analyse' | 'export' | 'harness';

export type ToWorker =
  /** Create the engine now (Z3 start-up takes a while) so that the first query does not pay for it. */
  | { type: 'warm'; options: EngineOptions }
  | { type: 'run'; id: number; method: WorkerMethod; params: unknown; options: EngineOptions }
  | { type: 'cancel'; id: number };

export type FromWorker =
  | { type: 'done'; id: number; value: unknown }
  | { type: 'failed'; id: number; message: string; aborted: boolean }
  | { type: 'log'; message: string };

/** Parameters of the worker's `analyse` method: the background analysis of one function. */
export interface AnalyseParams {
  file: string;
  text: string;
  function: string;
}

/** Parameters of the worker's `export` method. */
export interface ExportParams {
  file: string;
  text: string;
  report: unknown;
  dir: string;
  format: string;
}

/** Parameters of the worker's `harness` method: the C harness text for the report's data. */
export interface HarnessParams {
  file: string;
  text: string;
  report: unknown;
}
