// Messages between the language server's main thread (pool.ts) and its solver
// worker threads (worker.ts): a job is one engine operation, typed from the
// Engine interface of api.ts. Plain structured-cloneable data.

import type { EngineErrorKind, EngineMethod, EngineOptions, EngineParams, EngineResult, ErrorLocation } from '../api';

export type ToWorker =
  /** Create the engine now (Z3 start-up takes a while) so that the first query does not pay for it. */
  | { type: 'warm'; options: EngineOptions }
  | { [M in EngineMethod]: { type: 'run'; id: number; method: M; params: EngineParams<M>; options: EngineOptions } }[EngineMethod]
  | { type: 'cancel'; id: number };

export type FromWorker =
  /** `interrupted`: a check of the job was interrupted (it was cancelled): the worker's Z3 is not trusted again. */
  | { type: 'done'; id: number; value: EngineResult<EngineMethod>; interrupted?: boolean }
  | { type: 'failed'; id: number; kind: EngineErrorKind; message: string; locations: ErrorLocation[]; interrupted?: boolean }
  | { type: 'log'; message: string };
