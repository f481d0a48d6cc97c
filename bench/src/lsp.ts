// Part 4: the language server as the editor sees it. Opens a generated
// 1,000-line file of 30 functions in the real server (`node dist/server.js
// --stdio`, spoken to over LSP by test/lsp/session.ts) and polls the CodeLens
// until every function shows its summary; reads the server's peak memory
// (VmHWM: its worker threads are threads of the same process).

import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { startServer } from '../../test/lsp/session';
import { outDir, root } from './common';
import { peakMemoryMB } from './stats';
import { editorFile } from './synth';

export interface LspResult {
  lines: number;
  functions: number;
  workers: string;
  /** From didOpen to the first / the last function summary in the CodeLens. */
  firstLensMs?: number;
  /** Every CodeLens shows its function's coverage (properties may still be being checked). */
  allLensesMs?: number;
  /** Every CodeLens final: coverage and properties (no 'checking properties…'). */
  allFinalMs?: number;
  summaries: number;
  failed: number;
  sampleTitles: string[];
  serverPeakMB: number;
  error?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runLsp(timeoutMs: number, functions = 30, lines = 1000): Promise<LspResult> {
  const dir = path.join(outDir, 'lsp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'editor.c');
  const text = editorFile(functions, lines);
  writeFileSync(file, text);
  const s = await startServer({}, path.join(root, 'dist/server.js'));
  const res: LspResult = {
    lines: text.split('\n').length,
    functions,
    workers: process.env.CREACH_WORKERS ?? 'default (cores - 1)',
    summaries: 0,
    failed: 0,
    sampleTitles: [],
    serverPeakMB: NaN,
  };
  try {
    const t0 = performance.now();
    const uri = await s.open(file, text);
    for (;;) {
      const titles = (await s.codeLens(uri)).map((l) => l.command?.title ?? '').filter((t) => t.startsWith('CReach:'));
      const done = titles.filter((t) => !t.includes('analysing'));
      res.summaries = done.length;
      res.failed = done.filter((t) => t.includes('failed')).length;
      if (done.length > 0 && res.firstLensMs === undefined) res.firstLensMs = performance.now() - t0;
      if (titles.length >= functions && done.length === titles.length && res.allLensesMs === undefined) {
        res.allLensesMs = performance.now() - t0;
        res.sampleTitles = [...new Set(done)].slice(0, 5);
      }
      if (titles.length >= functions && done.length === titles.length && done.every((t) => !t.includes('checking'))) {
        res.allFinalMs = performance.now() - t0;
        break;
      }
      if (performance.now() - t0 > timeoutMs) {
        res.error = `only ${done.length}/${titles.length} summaries after ${timeoutMs / 1000} s`;
        break;
      }
      await sleep(100);
    }
    res.serverPeakMB = peakMemoryMB(s.child.pid!);
  } catch (e) {
    res.error = String(e);
  } finally {
    await s.close();
  }
  return res;
}
