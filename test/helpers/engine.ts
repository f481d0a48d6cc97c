// An engine for tests whose requests may name a file without its text: the
// text is read here (the engine itself does no I/O; see api.ts).
import { readFileSync } from 'node:fs';
import { createEngine, type EngineMethod, type EngineOptions, type EngineParams, type EngineResult } from '../../server/src/api';

type TextOptional<T> = T extends { text: string } ? Omit<T, 'text'> & { text?: string } : T;

export type FileEngine = { [M in EngineMethod]: (req: TextOptional<EngineParams<M>>, signal?: AbortSignal) => Promise<EngineResult<M>> } & { dispose(): void };

export type { FileEngine as Engine };

export async function fileEngine(options: EngineOptions): Promise<FileEngine> {
  const engine = await createEngine(options);
  const withText = <R extends { file: string; text?: string }>(req: R) => ({ ...req, text: req.text ?? readFileSync(req.file, 'utf8') });
  const wrapped: Record<string, unknown> = { dispose: () => engine.dispose() };
  for (const m of ['reach', 'check', 'cover', 'analyse', 'validate', 'outline', 'cfg', 'harness', 'exportSuite', 'replay', 'runSuite'] as const) {
    wrapped[m] = (req: { file: string; text?: string }, signal?: AbortSignal) =>
      (engine[m] as (r: unknown, s?: AbortSignal) => Promise<unknown>)(withText(req), signal);
  }
  return wrapped as FileEngine;
}
