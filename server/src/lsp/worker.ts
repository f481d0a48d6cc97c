// A solver worker thread of the language server: one engine (one Z3 context)
// driven by messages from pool.ts. One job at a time; a `cancel` message
// aborts it through the AbortSignal the engine receives.

import { parentPort } from 'node:worker_threads';
import { setFlagsFromString } from 'node:v8';
import {
  collectGarbage,
  createEngine,
  EngineError,
  interruptionCount,
  setOnThreadSlice,
  startEngineParts,
  type Engine,
  type EngineMethod,
  type EngineOptions,
  type EngineParams,
} from '../api';
import type { FromWorker, ToWorker } from './worker-protocol';

const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread of the language server');

let engine: Promise<Engine> | undefined;
let engineKey = '';
const running = new Map<number, AbortController>();

// Z3's terms live in its WebAssembly memory and are released only when the
// JavaScript objects holding them are collected; those objects are small, so
// the JavaScript heap feels no pressure while Z3's memory grows (and
// WebAssembly memory never shrinks). A full collection after each job
// (collectGarbage, when the job ends) keeps the high-water mark of Z3's
// memory near what one job needs.
// Z3's own threads are WebAssembly workers, each with a JavaScript heap that holds almost nothing: small young generations.
setFlagsFromString('--max-semi-space-size=1');
// Jobs are cancelled (an edit, a preempting analysis): a check runs 40 ms on this thread at most,
// then on Z3's own thread, where a cancellation interrupts it.
setOnThreadSlice(40);

/** The engine for these options; a new one when the options changed (the old one is disposed). */
function engineFor(options: EngineOptions): Promise<Engine> {
  const key = JSON.stringify(options);
  if (!engine || key !== engineKey) {
    const previous = engine;
    engineKey = key;
    const created = createEngine(options);
    engine = created;
    created.catch(() => {
      if (engine === created) engine = undefined; // try again on the next job
    });
    previous?.then(
      (e) => e.dispose(),
      () => undefined,
    );
  }
  return engine!;
}

function run<M extends EngineMethod>(e: Engine, method: M, params: EngineParams<M>, signal: AbortSignal): Promise<unknown> {
  const operation = e[method] as (p: EngineParams<M>, s: AbortSignal) => Promise<unknown>;
  return operation.call(e, params, signal);
}

function send(m: FromWorker): void {
  port!.postMessage(m);
}

port.on('message', (m: ToWorker) => {
  if (m.type === 'warm') {
    // The engine is made on demand; Z3 and the parser start now, while the server indexes the first file.
    Promise.all([engineFor(m.options), startEngineParts()]).catch((err) => send({ type: 'log', message: `engine start-up failed: ${String(err)}` }));
  } else if (m.type === 'cancel') {
    running.get(m.id)?.abort();
  } else if (m.type === 'run') {
    const controller = new AbortController();
    running.set(m.id, controller);
    const interruptionsBefore = interruptionCount();
    const interrupted = () => interruptionCount() !== interruptionsBefore;
    engineFor(m.options)
      .then((e) => run(e, m.method, m.params, controller.signal))
      .then(
        (value) => send({ type: 'done', id: m.id, value: value as never, interrupted: interrupted() }),
        (err: unknown) => {
          const e = err instanceof EngineError ? err : new EngineError('internal', err instanceof Error ? err.message : String(err));
          const kind = controller.signal.aborted ? 'cancelled' : e.kind;
          send({ type: 'failed', id: m.id, kind, message: e.message, locations: e.locations, interrupted: interrupted() });
        },
      )
      .finally(() => {
        running.delete(m.id);
        collectGarbage?.();
      });
  }
});
