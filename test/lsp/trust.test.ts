// Issue 16, what the editor shows, over the real protocol with the real
// engine and DEFAULT settings (the user's): marks that describe what was
// checked (a failed validation shows in the CodeLens, the gutter and the
// Problems view; a line's mark is its statement's, outcomes are branch marks;
// errors and warnings differ), and no noise (sentences, no goal ids, no
// warning inside a contract comment, a reason list once per hover).
//
// Expected values come from C semantics: dead.c's `x < 5` cannot hold when
// x > 10; loop_exit.c's loop runs 100 times (more than the default bound of
// 64); miscompiled.c's compiled code returns 0 for x = 7 (gcc, below).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol/node';
import { ServerCommands, type FileReportParams, type LineMarkKind } from '../../shared/editor-protocol';
import { ensureBuilt, hoverText, root, startServer, type Session } from './session';

const fixture = (name: string) => path.join(root, 'test/lsp/fixtures', name);
/** 1-based line of the first line of a fixture starting with `code`. */
const lineOf = (file: string, code: string) =>
  readFileSync(fixture(file), 'utf8')
    .split('\n')
    .findIndex((l) => l.trim().startsWith(code)) + 1;
const markOf = (p: FileReportParams, line1: number): LineMarkKind | undefined => p.marks?.lines.find((m) => m.line === line1 - 1)?.mark;
const branchOf = (p: FileReportParams, line1: number) => p.marks?.branches.find((b) => b.line === line1 - 1)?.text;
const done = (name: string) => (p: FileReportParams) => !p.pending.includes(name) && p.report.functions.some((f) => f.name === name);

/** Goal ids as the engine writes them: `f:10:stmt`, `find:2:null@14`, `main:12>g:20>g:25:assert`. */
const goalId =
  /\b[A-Za-z_]\w*:\d+(?:>[A-Za-z_]\w*:\d+)*:(?:stmt|if|while|for|do|switch|cond|assert|ensures|error|overflow|div-by-zero|div-overflow|shift|bounds|null|float-to-int|free|ternary)\b/;

function noNoise(text: string): void {
  expect(text).not.toMatch(goalId);
  expect(text).not.toMatch(/may [a-z ]+ violated|is reached violated|violated for/);
}

describe('marks say what was checked (default settings)', () => {
  let s: Session;
  beforeAll(async () => {
    ensureBuilt();
    s = await startServer();
  });
  afterAll(async () => s?.close());

  it('dead.c: a decision that runs gets the covered mark; its impossible outcome is a branch mark; the dead statement is ⊘', async () => {
    const uri = await s.open(fixture('dead.c'));
    const p = await s.fileReport(uri, done('classify'));
    const decision = lineOf('dead.c', 'if (x < 5)');
    const dead = lineOf('dead.c', 'r = 1;');
    expect(markOf(p, decision), JSON.stringify(p.marks)).toBe('covered');
    expect(branchOf(p, decision)).toBe('⊘ never true');
    expect(markOf(p, dead)).toBe('unreachable');
    expect(markOf(p, lineOf('dead.c', 'if (x > 10)'))).toBe('covered');
    expect(branchOf(p, lineOf('dead.c', 'if (x > 10)'))).toBeUndefined();
    expect(p.decisionLines).toEqual(expect.arrayContaining([lineOf('dead.c', 'if (x > 10)'), decision]));
    expect(p.decisionLines).not.toContain(lineOf('dead.c', 'r = r + 2;'));
  }, 180_000);

  it("loop_exit.c: the loop's line is covered (the loop runs); its exit beyond the bound is a branch mark, not the line's clock, until found past the bound", async () => {
    const uri = await s.open(fixture('loop_exit.c'));
    const p = await s.fileReport(uri, done('hundred'));
    const loop = lineOf('loop_exit.c', 'while (i < 100)');
    expect(markOf(p, loop), JSON.stringify(p.marks)).toBe('covered');
    // `i++` runs; that it cannot overflow is known within the bound only: that is no reason for a clock on a statement that runs.
    expect(markOf(p, lineOf('loop_exit.c', 'i++;'))).toBe('covered');
    const exit = p.report.functions[0].goals.find((g) => g.kind === 'branch' && g.line === loop && g.outcome === 'false')!;
    // 100 iterations > 64: not reached within the bound (never "unreachable": the loop does end, gcc runs it).
    expect(exit.status).not.toBe('unreachable');
    if (exit.status !== 'covered') expect(branchOf(p, loop)).toMatch(/^◷ false: not reached within \d+ iterations$/);
    // Then, in the background, a second look past the bound: the loop accelerated (i a counter), the exit is covered.
    const later = await s.fileReport(uri, (x) =>
      x.report.functions.some((f) => f.goals.some((g) => g.kind === 'branch' && g.line === loop && g.outcome === 'false' && g.status === 'covered')),
    );
    const found = later.report.functions[0].goals.find((g) => g.kind === 'branch' && g.line === loop && g.outcome === 'false')!;
    expect(found.reason).toBe(`found past the loop bound by running the loop at line ${loop} many iterations at once (i in closed form)`);
    expect(branchOf(later, loop)).toBeUndefined();
    expect(hoverText(await s.hover(uri, loop - 1, 10))).toMatch(/found past the loop bound/);
  }, 180_000);

  it('properties.c: a violated assertion and error call are errors, a violated runtime check a warning, each with its own mark; sentences without ids', async () => {
    const uri = await s.open(fixture('properties.c'));
    const p = await s.fileReport(uri, (x) => done('check')(x) && done('first')(x));
    const diags = await s.diagnostics(uri, (ds) => ds.some((d) => /x != 3/.test(String(d.message))), 60_000);
    const assertion = lineOf('properties.c', 'assert(x != 3)');
    const overflow = lineOf('properties.c', 'int z = x * y;');
    const error = lineOf('properties.c', 'reach_error();');
    expect(markOf(p, assertion)).toBe('error');
    expect(markOf(p, error)).toBe('error');
    expect(markOf(p, overflow)).toBe('warning');
    const at = (line: number) => diags.filter((d) => d.range.start.line === line - 1 && d.source === 'creach');
    expect(at(assertion).map((d) => d.severity)).toEqual([1]);
    expect(String(at(assertion)[0].message)).toMatch(/^assertion `x != 3` fails for x = 3, y = -?\d+$/);
    expect(String(at(error)[0]?.message)).toMatch(/^`reach_error\(\)` is called for x = -?\d+, y = 2$/);
    expect(at(error)[0]?.severity).toBe(1);
    expect(String(at(overflow)[0]?.message)).toMatch(/^`x \* y` overflows for x = -?\d+, y = -?\d+$/);
    expect(at(overflow)[0]?.severity).toBe(2);
    // No diagnostic shows an id as its code (VS Code would show "creach(check:15:assert)").
    expect(diags.filter((d) => d.code !== undefined)).toEqual([]);
    for (const d of diags) noNoise(String(d.message));
    // The contract `p[0] > 0` reads p, which it allows to be NULL: a hint at most, and no mark on the comment line.
    const contract = lineOf('properties.c', '/*@ requires');
    expect(at(contract).filter((d) => d.severity !== 4)).toEqual([]);
    expect(markOf(p, contract)).toBeUndefined();
    for (const line of [assertion, error, overflow]) noNoise(hoverText(await s.hover(uri, line - 1, 6)));
  }, 180_000);

  it('a reason list is given once per hover', async () => {
    const uri = await s.open(fixture('dead.c'));
    await s.fileReport(uri, done('classify'));
    // `if (x < 5)`: the statement (covered), the true outcome (unreachable, with reasons), the false one.
    const text = hoverText(await s.hover(uri, lineOf('dead.c', 'if (x < 5)') - 1, 10));
    expect(text).toMatch(/unreachable/);
    expect(text.match(/No input satisfies all of/g)?.length ?? 0).toBeLessThanOrEqual(1);
    expect(text).toMatch(/\[line 5\]\([^)]*\) `x > 10`/);
    noNoise(text);
    // One line, two unreachable goals (the outcome and the statement it guards) with the same conditions: listed once.
    await s.fileReport(uri, done('clamp'));
    const oneLine = lineOf('dead.c', 'if (x < 5) return 1;');
    const both = hoverText(await s.hover(uri, oneLine - 1, 10));
    expect(both.match(/\*\*unreachable\*\*/g)?.length, both).toBe(2);
    expect(both.match(/No input satisfies all of/g)?.length, both).toBe(1);
    expect(both).toMatch(/Same reasons as above/);
    // Its mark is the `if`'s, which runs; the impossible outcome is the branch mark.
    const p = await s.fileReport(uri, done('clamp'));
    expect(markOf(p, oneLine)).toBe('covered');
    expect(branchOf(p, oneLine)).toBe('⊘ never true');
  }, 60_000);

  it('noise.c: errors that cannot happen by construction (constant divisor, valid constant shift count) are no goals, no warning, no mark', async () => {
    const uri = await s.open(fixture('noise.c'));
    const p = await s.fileReport(uri, (x) => ['parity', 'top', 'quotient'].every((f) => done(f)(x)));
    const diags = await s.diagnostics(uri, (ds) => ds.some((d) => /s \/ d/.test(String(d.message))), 60_000);
    const errorsAt = (line: number) => p.report.functions.flatMap((f) => f.goals).filter((g) => g.kind === 'runtime-error' && g.line === line);
    for (const code of ['return s % 2;', 'return x >> 28;']) {
      const line = lineOf('noise.c', code);
      expect(errorsAt(line), code).toEqual([]);
      expect(
        diags.filter((d) => d.range.start.line === line - 1),
        code,
      ).toEqual([]);
      expect(markOf(p, line), code).toBe('covered');
    }
    // A variable divisor keeps both goals, each violated (d = 0; INT_MIN / -1).
    const quotient = lineOf('noise.c', 'return s / d;');
    expect(
      errorsAt(quotient)
        .map((g) => g.status)
        .sort(),
    ).toEqual(['violated', 'violated']);
    const messages = diags.filter((d) => d.range.start.line === quotient - 1).map((d) => String(d.message));
    expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(/d = 0\b/), expect.stringMatching(/s = -2147483648, d = -1$/)]));
    expect(markOf(p, quotient)).toBe('warning');
  }, 120_000);

  it('"Reach this branch" is offered on decisions only, and asked elsewhere says so in words', async () => {
    const uri = await s.open(fixture('dead.c'));
    await s.fileReport(uri, done('classify'));
    const titles = async (line: number) => (await s.codeActions(uri, line - 1)).map((a) => a.title);
    expect(await titles(lineOf('dead.c', 'if (x < 5)'))).toEqual(
      expect.arrayContaining(['CReach: Reach this branch (true)', 'CReach: Reach this branch (false)']),
    );
    const assignment = lineOf('dead.c', 'r = r + 2;');
    expect((await titles(assignment)).filter((t) => /branch/.test(t))).toEqual([]);
    const error = await s.reach({ uri, line: assignment - 1, outcome: 'true' }).then(
      () => '',
      (e: Error) => e.message,
    );
    expect(error).toMatch(/^line 8 has no decision with a true outcome/);
    noNoise(error);
  }, 60_000);
});

describe('unconstrained pointer parameters (issue 15 §7)', () => {
  let s: Session;
  beforeAll(async () => {
    ensureBuilt();
    s = await startServer();
  });
  afterAll(async () => s?.close());

  it('contract.c: a NULL parameter is information with a quick fix adding `requires \\valid(p)`; applied, the dereference holds', async () => {
    const file = fixture('contract.c');
    const uri = await s.open(file);
    const deref = lineOf('contract.c', 'if (*p > 3)');
    const division = lineOf('contract.c', 'return s / d;');
    const at = (ds: Diagnostic[], line: number) => ds.filter((d) => d.range.start.line === line - 1 && d.source === 'creach');
    const diags = await s.diagnostics(uri, (ds) => at(ds, deref).length > 0 && at(ds, division).length > 0, 120_000);
    const nul = at(diags, deref);
    const message = 'dereferences a null pointer for p = NULL: nothing requires `p` to be valid (if callers guarantee it, say so with `requires \\valid(p)`)';
    expect(nul.filter((d) => /null/.test(String(d.message))).map((d) => [d.severity, String(d.message)])).toEqual([[3, `\`*p\` ${message}`]]);
    // Within the 4 elements the model gives p: no loop, so no "loop iterations" in the sentence.
    expect(nul.filter((d) => !/null/.test(String(d.message))).map((d) => String(d.message))).toEqual([
      '`*p` never indexes out of bounds for the inputs considered; not a proof: assuming `p` points to 4 elements (--pointer-array-length)',
    ]);
    // A division by zero is not about a pointer the contract could require: a warning.
    expect(at(diags, division).map((d) => d.severity)).toEqual([2, 2]);

    const fixes = (await s.codeActions(uri, deref - 1, nul)).filter((a): a is CodeAction => 'edit' in a && !!a.edit);
    expect(fixes.map((a) => [a.title, a.kind])).toEqual([["Add `requires \\valid(p)` to first's contract", 'quickfix']]);
    const edits = fixes[0].edit!.changes![uri];
    const first = lineOf('contract.c', 'int first(int *p)') - 1;
    expect(edits).toEqual([{ range: { start: { line: first, character: 0 }, end: { line: first, character: 0 } }, newText: '/*@ requires \\valid(p); */\n' }]);
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.splice(first, 0, edits[0].newText.replace(/\n$/, ''));
    s.change(uri, lines.join('\n'));
    // The dereference is now proved safe: no null diagnostic, and the check says holds.
    const after = await s.fileReport(
      uri,
      (p) => p.report.functions.some((f) => f.name === 'first' && f.goals.some((g) => g.outcome === 'null' && g.status === 'holds')),
      120_000,
    );
    expect(after.report.functions.find((f) => f.name === 'first')!.goals.find((g) => g.outcome === 'null')!.proof).toBe('complete');
    const fixed = await s.diagnostics(uri, (ds) => !ds.some((d) => /null pointer/.test(String(d.message))), 60_000);
    expect(fixed.filter((d) => /null pointer/.test(String(d.message)))).toEqual([]);
  }, 180_000);
});

describe('a failed validation shows in the CodeLens, the gutter and the Problems view (trusted, default settings)', () => {
  let s: Session;
  let dir: string;
  beforeAll(async () => {
    ensureBuilt();
    dir = mkdtempSync(path.join(tmpdir(), 'creach-lsp-validation-'));
    // The user's compiler, except that compiled code (not the preprocessing for the analysis) gets -DCREACH_TEST_MISCOMPILED.
    const compiler = path.join(dir, 'cc-miscompiling');
    writeFileSync(compiler, '#!/bin/sh\nfor a in "$@"; do [ "$a" = "-E" ] && exec gcc "$@"; done\nexec gcc -DCREACH_TEST_MISCOMPILED "$@"\n');
    chmodSync(compiler, 0o755);
    s = await startServer({ compiler });
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('accept.c (main reading nondet characters): the marks are green only because every datum passes; the exported harness says the same', async () => {
    const uri = await s.open(fixture('accept.c'));
    const p = await s.fileReport(uri, done('main'), 180_000);
    const fr = p.report.functions.find((f) => f.name === 'main')!;
    expect(fr.tests.length).toBeGreaterThan(0);
    expect(fr.tests.filter((t) => t.validated !== true).map((t) => [t.id, t.validation])).toEqual([]);
    expect((p.marks?.lines ?? []).filter((m) => m.mark === 'failed')).toEqual([]);
    const lens = (await s.codeLens(uri)).find((l) => l.command?.title.startsWith('CReach:'))!;
    expect(lens.command!.title).not.toMatch(/failed validation/);
    // What a user who exports the suite runs: the harness, compiled by gcc, passes every datum.
    const harness = (await s.command(ServerCommands.harness, { uri, report: p.report })) as string;
    writeFileSync(path.join(dir, 'accept_harness.c'), harness);
    execFileSync('gcc', ['-o', path.join(dir, 'accept_harness'), path.join(dir, 'accept_harness.c')]);
    const run = spawnSync(path.join(dir, 'accept_harness'), { encoding: 'utf8' });
    expect(run.stdout.trim().split('\n').at(-1)).toBe(`${fr.tests.length} passed, 0 failed`);
  }, 240_000);

  it('miscompiled.c: x = 7 fails validation; the lens, the mark of `return 1;` and a warning say so', async () => {
    // What the compiled code does (gcc): is_seven(7) returns 0, not the analysed 1.
    const exe = path.join(dir, 'seven');
    writeFileSync(
      path.join(dir, 'main.c'),
      `#include "${fixture('miscompiled.c')}"\n#include <stdio.h>\nint main(void) { printf("%d\\n", is_seven(7)); return 0; }\n`,
    );
    execFileSync('gcc', ['-DCREACH_TEST_MISCOMPILED', '-o', exe, path.join(dir, 'main.c')]);
    expect(spawnSync(exe, { encoding: 'utf8' }).stdout.trim()).toBe('0');

    const uri = await s.open(fixture('miscompiled.c'));
    const p = await s.fileReport(uri, done('is_seven'), 180_000);
    const fr = p.report.functions[0];
    const failed = fr.tests.filter((t) => t.validated === false);
    expect(failed.map((t) => t.inputs.x)).toEqual([7]);
    const ret1 = lineOf('miscompiled.c', 'return 1;');
    expect(markOf(p, ret1)).toBe('failed');
    expect(markOf(p, lineOf('miscompiled.c', 'return 0;'))).toBe('covered');
    const lens = (await s.codeLens(uri)).find((l) => l.command?.title.startsWith('CReach:'))!;
    expect(lens.command!.title).toMatch(/^CReach: \$\(warning\) 1 datum failed validation · /);
    expect(lens.command!.command).toBe('creach.showResults');
    const diags: Diagnostic[] = await s.diagnostics(uri, (ds) => ds.some((d) => /validation failed/.test(String(d.message))), 30_000);
    const warning = diags.find((d) => /validation failed/.test(String(d.message)))!;
    expect(warning.severity).toBe(2);
    expect(String(warning.message)).toMatch(/^validation failed for x = 7 \(is_seven\): /);
    expect(String(warning.message)).toMatch(/expected result 1, got 0/);
    noNoise(String(warning.message));
    noNoise(p.report.functions[0].tests.map((t) => t.validation ?? '').join('\n'));
    const hover = hoverText(await s.hover(uri, ret1 - 1, 10));
    expect(hover).toMatch(/validation failed/);
    noNoise(hover);
  }, 240_000);
});
