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
  /** Every CodeLens final: coverage and properties (no 'checking properties…'); data may still be being validated. */
  allFinalMs?: number;
  /** Every CodeLens final and every datum validated (no 'validating data…'): compiled and run. */
  allValidatedMs?: number;
  /** After everything is validated, an edit inside one function (a constant of its last decision): until its CodeLens is final again. */
  editLensMs?: number;
  /** After that edit, until its data are validated too. */
  editValidatedMs?: number;
  /** After that edit, until its CodeLens shows the new coverage (properties may still be being checked). */
  editCoverageMs?: number;
  /** The other functions whose CodeLens left its final state after that edit (only the edited one should be re-analysed). */
  editOthersReanalysed?: number;
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
      if (titles.length >= functions && done.length === titles.length && done.every((t) => !t.includes('checking')) && res.allFinalMs === undefined)
        res.allFinalMs = performance.now() - t0;
      if (titles.length >= functions && done.length === titles.length && done.every(isValidated)) {
        res.allValidatedMs = performance.now() - t0;
        break;
      }
      if (performance.now() - t0 > timeoutMs) {
        res.error = `only ${done.length}/${titles.length} summaries after ${timeoutMs / 1000} s`;
        break;
      }
      await sleep(100);
    }
    if (res.allValidatedMs !== undefined) await measureEdit(s, uri, text, functions, res);
    res.serverPeakMB = peakMemoryMB(s.child.pid!);
  } catch (e) {
    res.error = String(e);
  } finally {
    await s.close();
  }
  return res;
}

/** A function's CodeLens shows a final summary: coverage and properties done. */
const isFinal = (title: string) => !title.includes('analysing') && !title.includes('checking');
/** A final summary whose data are validated too. */
const isValidated = (title: string) => isFinal(title) && !title.includes('validating');

/**
 * Edits the middle function's last decision (`if (s == K)` becomes `K + 1`) and times its CodeLens
 * back to final; counts the other functions whose CodeLens left its final state meanwhile.
 */
async function measureEdit(s: Awaited<ReturnType<typeof startServer>>, uri: string, text: string, functions: number, res: LspResult): Promise<void> {
  const k = Math.floor(functions / 2);
  const decision = `    if (s == ${k % 20})`;
  const at = text.indexOf(decision, text.indexOf(`int g${k}(`));
  if (at < 0) return;
  const edited = text.slice(0, at) + `    if (s == ${(k % 20) + 1})` + text.slice(at + decision.length);
  const lensLine = async () => {
    const lenses = (await s.codeLens(uri)).filter((l) => (l.command?.title ?? '').startsWith('CReach:'));
    return new Map(lenses.map((l) => [l.range.start.line, l.command!.title]));
  };
  const before = await lensLine();
  // The edited function's CodeLens: the first one at or after its signature's line.
  const signature = edited.slice(0, edited.indexOf(`int g${k}(`)).split('\n').length - 1;
  const line = [...before.keys()].filter((l) => l <= signature + 1).sort((a, b) => b - a)[0];
  const others = new Set<number>();
  const t0 = performance.now();
  s.change(uri, edited);
  let seenBusy = false;
  while (performance.now() - t0 < 30_000) {
    const now = await lensLine();
    for (const [l, title] of now) if (l !== line && !isValidated(title)) others.add(l);
    const mine = now.get(line) ?? '';
    if (seenBusy && !mine.includes('analysing') && res.editCoverageMs === undefined) res.editCoverageMs = performance.now() - t0;
    if (seenBusy && isFinal(mine) && res.editLensMs === undefined) res.editLensMs = performance.now() - t0;
    if (!isValidated(mine)) seenBusy = true;
    else if (seenBusy || performance.now() - t0 > 1000) break;
    await sleep(20);
  }
  res.editValidatedMs = performance.now() - t0;
  res.editLensMs ??= res.editValidatedMs;
  res.editCoverageMs ??= res.editLensMs;
  res.editOthersReanalysed = others.size;
}
