// A solver worker thread of the language server: one engine (one Z3 context)
// driven by messages from pool.ts. One job at a time; a `cancel` message
// aborts it through the AbortSignal the engine receives.

import { parentPort } from 'node:worker_threads';
import type { Engine, EngineOptions } from '../api';
import { createEngine } from '../engine';
import { loadProgram } from '../frontend/index';
import { emitHarness } from '../testgen/harness';
import { exportSuite, type ExportFormat } from '../testgen/export';
import { mergeAnalysis } from './reports';
import type { AnalyseParams, ExportParams, FromWorker, HarnessParams, ToWorker } from './worker-protocol';
import type { Report } from '../../../shared/report';

const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread of the language server');

let engine: Promise<Engine> | undefined;
let engineKey = '';
const running = new Map<number, AbortController>();

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
    previous?.then((e) => e.dispose(), () => undefined);
  }
  return engine!;
}

async function runMethod(e: Engine, options: EngineOptions, method: string, params: unknown, signal: AbortSignal): Promise<unknown> {
  switch (method) {
    case 'reach': return e.reach(params as Parameters<Engine['reach']>[0], signal);
    case 'check': return e.check(params as Parameters<Engine['check']>[0], signal);
    case 'cover': return e.cover(params as Parameters<Engine['cover']>[0], signal);
    case 'outline': return e.outline(params as Parameters<Engine['outline']>[0]);
    case 'cfg': return e.cfg(params as Parameters<Engine['cfg']>[0]);
    case 'analyse': {
      // Background analysis of one function: decision coverage, then assertions and runtime errors.
      const p = params as AnalyseParams;
      const cover: Report = await e.cover({ file: p.file, text: p.text, function: p.function, criterion: 'decision' }, signal);
      signal.throwIfAborted();
      const check: Report = await e.check({ file: p.file, text: p.text, function: p.function }, signal);
      return mergeAnalysis(cover, check);
    }
    case 'export': {
      const p = params as ExportParams;
      const program = await loadProgram({ file: p.file, text: p.text }, options);
      return { files: exportSuite(program, p.report as Report, p.dir, p.format as ExportFormat) };
    }
    case 'harness': {
      const p = params as HarnessParams;
      const program = await loadProgram({ file: p.file, text: p.text }, options);
      return emitHarness(program, p.report as Report, { sourcePath: p.file });
    }
    default: throw new Error(`unknown worker method '${method}'`);
  }
}

/** The error as text; front-end errors as `file:line:column: message` lines. */
function describeError(err: unknown): string {
  const diagnostics = (err as { diagnostics?: { file: string; range: { line: number; column: number }; message: string }[] } | null)?.diagnostics;
  if (Array.isArray(diagnostics) && diagnostics.length > 0) {
    return diagnostics.map((d) => `${d.file}:${d.range.line}:${d.range.column}: ${d.message}`).join('\n');
  }
  return err instanceof Error ? err.message : String(err);
}

function send(m: FromWorker): void {
  port!.postMessage(m);
}

port.on('message', (m: ToWorker) => {
  if (m.type === 'warm') {
    engineFor(m.options).catch((err) => send({ type: 'log', message: `engine start-up failed: ${String(err)}` }));
  } else if (m.type === 'cancel') {
    running.get(m.id)?.abort();
  } else if (m.type === 'run') {
    const controller = new AbortController();
    running.set(m.id, controller);
    engineFor(m.options)
      .then((e) => runMethod(e, m.options, m.method, m.params, controller.signal))
      .then(
        (value) => send({ type: 'done', id: m.id, value }),
        (err: unknown) => send({ type: 'failed', id: m.id, message: describeError(err), aborted: controller.signal.aborted }),
      )
      .finally(() => running.delete(m.id));
  }
});
