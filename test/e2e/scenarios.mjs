// The end-to-end scenarios (issue 6), each driving a real VS Code
// (code-server) in Chromium the way a user does, and asserting on what is on
// screen. Expected values come from the fixtures' checked answers
// (test/fixtures/EXPECTED.md) and are confirmed with gcc-compiled code.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { waitFor } from './lib/workbench.mjs';
import { compileAndRun, intValue } from './lib/gcc.mjs';
import { ROOT } from './lib/codeserver.mjs';

/** Long enough for a first analysis with Z3 in WebAssembly on 2 shared cores. */
const ANALYSIS_TIMEOUT = 120_000;

export const COMMANDS = {
  reachStatement: 'CReach: Reach this statement',
  reachBranchTrue: 'CReach: Reach this branch (true)',
  reachBranchFalse: 'CReach: Reach this branch (false)',
  generateSuite: 'CReach: Generate test suite',
  showCfg: 'CReach: Show control-flow graph',
  exportTests: 'CReach: Export tests...',
};

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** Lines of the compiler log written by the wrapper set as `creach.compiler`. */
export function compilerCalls(logPath) {
  return existsSync(logPath) ? readFileSync(logPath, 'utf8').split('\n').filter(Boolean) : [];
}

/** A compiler call that compiles (not only preprocesses with -E). */
function compiles(call) {
  return !call.split(' ').includes('-E');
}

/** All files under a folder, relative, with their modification times. */
function listFiles(dir) {
  const files = new Map();
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(dir, path), statSync(path).mtimeMs);
    }
  };
  walk(dir);
  return files;
}

/**
 * The 1-based line of a fixture whose code starts with `code` (comments that
 * quote the code do not count), after the line starting with `after` if given.
 */
function lineOf(fixtures, file, code, after) {
  const lines = readFileSync(join(fixtures, file), 'utf8').split('\n');
  const from = after === undefined ? 0 : lines.findIndex((l) => l.trim().startsWith(after));
  const index = lines.findIndex((l, i) => i >= from && l.trim().startsWith(code));
  assert(from >= 0 && index >= 0, `${file} has no line starting with \`${code}\`${after ? ` after \`${after}\`` : ''}`);
  return index + 1;
}

/**
 * As a user: opens `file` (Ctrl+P), goes to the line starting with `code`
 * (Ctrl+G) and runs the command `title` from the palette (F1). Returns the line.
 */
async function commandOnLine(wb, fixtures, file, code, title) {
  const line = lineOf(fixtures, file, code);
  await wb.openFile(file);
  await wb.gotoLine(line);
  await wb.runCommand(title);
  return line;
}

/** What is shown on a line after its code (decorations): the rendered line minus the fixture's text. */
async function decorationText(wb, fixtures, file, line) {
  const code = readFileSync(join(fixtures, file), 'utf8').split('\n')[line - 1].trimEnd();
  const shown = await wb.lineText(line);
  return shown.startsWith(code) ? shown.slice(code.length) : shown;
}

/** Waits for the inline datum on a line (text after `→`) and returns the whole line. */
async function inlineDatum(wb, line) {
  const text = await waitFor(
    () => wb.lineText(line),
    (t) => /→/.test(t),
    { timeout: ANALYSIS_TIMEOUT },
  );
  assert(
    /→/.test(text),
    `no inline datum after line ${line}; the line shows: ${JSON.stringify(text)}; notifications: ${(await wb.notifications()).join(' | ')}`,
  );
  return text;
}

/** Scenarios on the trusted workspace (one code-server, one page, in this order). */
export const trustedScenarios = [
  {
    name: 'commands-in-palette',
    what: 'the extension is installed and its six commands are in the command palette',
    async run({ wb }) {
      await wb.openFile('tritype.c');
      const missing = [];
      for (const title of Object.values(COMMANDS)) if (!(await wb.hasCommand(title))) missing.push(title);
      assert(missing.length === 0, `not in the command palette: ${missing.join(', ')}`);
    },
  },
  {
    name: 'codelens-tritype',
    what: 'open tritype.c: the CodeLens shows its coverage status (every decision outcome is feasible)',
    async run({ wb, fixtures }) {
      const line = lineOf(fixtures, 'tritype.c', 'int tritype(');
      await wb.openFile('tritype.c');
      await wb.gotoLine(line);
      const status = /^CReach: (\d+)\/(\d+) branches/;
      const lensOf = (lenses) => lenses.find((l) => l.line === line);
      const lenses = await waitFor(
        () => wb.codeLenses(),
        (ls) => status.test(lensOf(ls)?.text ?? ''),
        { timeout: ANALYSIS_TIMEOUT },
      );
      const lens = lensOf(lenses)?.text ?? '';
      assert(status.test(lens), `no coverage CodeLens above \`int tritype(\` (line ${line}); lenses: ${JSON.stringify(lenses)}`);
      // Ten decisions, each with two feasible outcomes (EXPECTED.md: gcov shows 100% branches).
      const [, covered, total] = status.exec(lens);
      assert(Number(total) >= 20, `tritype has 10 decisions (20 outcomes), the lens counts ${total}: ${lens}`);
      assert(covered === total, `every outcome of tritype is feasible, the lens says ${lens}`);
      assert(!/unreachable|unknown/.test(lens), `nothing in tritype is unreachable or unknown: ${lens}`);
    },
  },
  {
    name: 'reach-statement-palette',
    what: 'factorial.c: Ctrl+G to `i = 2;`, "Reach this statement" from the palette: the inline datum i = 2 appears',
    async run({ wb, fixtures }) {
      const line = await commandOnLine(wb, fixtures, 'factorial.c', 'i = 2;', COMMANDS.reachStatement);
      const text = await inlineDatum(wb, line);
      const i = intValue(text, 'i');
      assert(i === 2, `the only input reaching \`i = 2;\` is i = 2, the line shows ${JSON.stringify(text)}`);
      // The goal is reached exactly when f returns 2 (j == 2): check with gcc.
      const run = compileAndRun(join(fixtures, 'factorial.c'), `return f(${i}) == 2 ? 0 : 1;`);
      assert(run.status === 0, `gcc: f(${i}) does not reach the goal`);
    },
  },
  {
    name: 'validated-in-trusted-workspace',
    what: 'factorial.c: in a trusted workspace "Reach this branch (false)" on `if (j == 2)` gives a datum validated (✓ validated) by compiling with creach.compiler',
    async run({ wb, fixtures, compilerLog }) {
      // A line no earlier scenario reached: the datum shown is this request's.
      const callsBefore = compilerCalls(compilerLog).filter(compiles).length;
      const line = await commandOnLine(wb, fixtures, 'factorial.c', 'if (j == 2)', COMMANDS.reachBranchFalse);
      await inlineDatum(wb, line);
      const seen = await waitFor(
        async () => ({ text: await wb.lineText(line), calls: compilerCalls(compilerLog).filter(compiles).length }),
        (x) => /✓ validated/.test(x.text) && x.calls > callsBefore,
        { timeout: 60_000 },
      );
      const text = seen.text;
      assert(/✓ validated/.test(text), `the datum is not shown validated in a trusted workspace: ${JSON.stringify(text)}`);
      const callsAfter = seen.calls;
      assert(
        callsAfter > callsBefore,
        `shown validated, yet the configured compiler (creach.compiler) was not called to compile (${callsBefore} compile calls before, ${callsAfter} after)`,
      );
      // The datum really takes the false branch: f(i) != 2 with gcc.
      const i = intValue(text, 'i');
      const run = compileAndRun(join(fixtures, 'factorial.c'), `return f(${i}) != 2 ? 0 : 1;`);
      assert(i !== undefined && run.status === 0, `gcc: f(${i}) takes the true branch of \`if (j == 2)\`: ${JSON.stringify(text)}`);
    },
  },
  {
    name: 'reach-branch-context-menu',
    what: 'example2.c: right-click `if (x > 1)`, "Reach this branch (true)": the inline datum x = 2, y = 3 appears',
    async run({ wb, fixtures }) {
      const line = lineOf(fixtures, 'example2.c', 'if (x > 1)');
      await wb.openFile('example2.c');
      await wb.gotoLine(line);
      await wb.contextMenuOnLine(line, COMMANDS.reachBranchTrue);
      const text = await inlineDatum(wb, line);
      const x = intValue(text, 'x');
      const y = intValue(text, 'y');
      assert(x === 2 && y === 3, `the unique datum is x = 2, y = 3 (EXPECTED.md), the line shows ${JSON.stringify(text)}`);
      // g returns 1 only through this branch: check the datum with gcc.
      const run = compileAndRun(join(fixtures, 'example2.c'), `return g(${x}, ${y}) == 1 ? 0 : 1;`);
      assert(run.status === 0, `gcc: g(${x}, ${y}) does not take the branch`);
    },
  },
  {
    name: 'hover-unreachable-gcd',
    what: "loops_w.c: hovering gcd's `return 1;` explains why it is unreachable and never says covered",
    async run({ wb, fixtures }) {
      const line = lineOf(fixtures, 'loops_w.c', 'return 1;', 'int gcd(');
      await wb.openFile('loops_w.c');
      await wb.gotoLine(line);
      const seen = [];
      const text = await waitFor(
        async () => {
          const t = await wb.hoverLine(line);
          if (t) seen.push(t);
          return t;
        },
        (t) => /unreachable/i.test(t),
        { timeout: ANALYSIS_TIMEOUT, interval: 2000 },
      );
      assert(/unreachable/i.test(text), `the hover never said unreachable; it showed: ${JSON.stringify(seen.slice(-3))}`);
      const saidCovered = seen.find((t) => /\bcovered\b/i.test(t));
      assert(!saidCovered, `the hover said covered: ${JSON.stringify(saidCovered)}`);
      // The explanation says why: the conflicting conditions with their lines, found by a follow-up
      // reach query (hover again until it is there), among them the decision `if (y > 10)`.
      const decision = lineOf(fixtures, 'loops_w.c', 'if (y > 10)', 'int gcd(');
      const loop = lineOf(fixtures, 'loops_w.c', 'while (x > 0)', 'int gcd(');
      const explained = await waitFor(
        async () => {
          const t = await wb.hoverLine(line);
          if (t) seen.push(t);
          return t;
        },
        (t) => /y > 10/.test(t),
        { timeout: ANALYSIS_TIMEOUT, interval: 2000 },
      );
      assert(/y > 10/.test(explained), `the hover never gave the conflicting condition \`y > 10\`; it showed: ${JSON.stringify(seen.slice(-3))}`);
      assert(
        new RegExp(`line ${decision}\\b[^\\n]*y > 10`).test(explained),
        `the hover does not tie \`y > 10\` to line ${decision}: ${JSON.stringify(explained)}`,
      );
      assert(
        new RegExp(`line ${loop}\\b[^\\n]*x > 0`).test(explained),
        `the hover does not give the loop condition \`x > 0\` of line ${loop}: ${JSON.stringify(explained)}`,
      );
      const coveredLater = seen.find((t) => /\bcovered\b/i.test(t));
      assert(!coveredLater, `the hover said covered: ${JSON.stringify(coveredLater)}`);
    },
  },
  {
    name: 'assertion-diagnostic-tcas',
    what: 'tcas_assert.c: the Problems view shows the violated assertion with the counter-example x = 50',
    async run({ wb, fixtures }) {
      const violated = lineOf(fixtures, 'tcas_assert.c', 'assert(z > -2500)');
      const holds = lineOf(fixtures, 'tcas_assert.c', 'assert(z > -3000)');
      await wb.openFile('tcas_assert.c');
      const rows = await waitFor(
        () => wb.problems(),
        (rs) => rs.some((r) => /x = 50\b/.test(r)),
        { timeout: ANALYSIS_TIMEOUT },
      );
      const row = rows.find((r) => /x = 50\b/.test(r));
      assert(row, `no diagnostic with x = 50 in the Problems view; rows: ${JSON.stringify(rows)}`);
      assert(/creach/i.test(row), `the diagnostic's source is not creach: ${row}`);
      assert(new RegExp(`\\b${violated}\\b`).test(row), `the diagnostic is not at line ${violated}: ${row}`);
      const y = intValue(row, 'y');
      assert(y !== undefined && y >= 1, `the overflow-free counter-examples are x = 50, y >= 1; the message gives y = ${y}: ${row}`);
      // The counter-example really violates the assertion: gcc-compiled foo aborts.
      const run = compileAndRun(join(fixtures, 'tcas_assert.c'), `foo(50, ${y}); return 0;`);
      assert(run.signal === 'SIGABRT', `gcc: foo(50, ${y}) does not fail the assertion (status ${run.status}, signal ${run.signal})`);
      const wrong = rows.find((r) => new RegExp(`Ln ${holds}\\b|line ${holds}\\b`, 'i').test(r));
      assert(!wrong, `assert(z > -3000) holds, yet the Problems view reports it: ${wrong}`);
    },
  },
  {
    name: 'path-values-tcas',
    what: 'tcas_assert.c: selecting the x = 50 problem shows u = 100, y = -50, z = -2500 inline along its path; moving away clears them',
    async run({ wb, fixtures }) {
      const violated = lineOf(fixtures, 'tcas_assert.c', 'assert(z > -2500)');
      const uLine = lineOf(fixtures, 'tcas_assert.c', 'u = 100;');
      const yLine = lineOf(fixtures, 'tcas_assert.c', 'y = x - u;');
      const zLine = lineOf(fixtures, 'tcas_assert.c', 'z = x * y;');
      const otherBranch = lineOf(fixtures, 'tcas_assert.c', 'u = 5;');
      await wb.openFile('tcas_assert.c');
      await waitFor(
        () => wb.problems(),
        (rs) => rs.some((r) => /x = 50\b/.test(r)),
        { timeout: ANALYSIS_TIMEOUT },
      );
      const row = await wb.openProblem(/x = 50\b/);
      const cursor = await waitFor(
        () => wb.cursor(),
        (c) => c?.line === violated,
        { timeout: 10_000 },
      );
      assert(cursor?.line === violated, `selecting the problem did not move the cursor to line ${violated}: ${JSON.stringify(cursor)}`);
      // The path of foo(50, y) by C semantics (no overflow for x = 50, y >= 1): x * y >= 4, so u = 100; y = x - u; z = x * y.
      const x = intValue(row, 'x');
      const y0 = intValue(row, 'y');
      assert(x === 50 && y0 >= 1, `the counter-example is x = 50, y >= 1: ${row}`);
      const u = x * y0 < 4 ? 5 : 100;
      const y = u <= 8 ? x + u : x - u;
      const z = x * y;
      const expected = [
        [uLine, `u = ${u}`],
        [yLine, `y = ${y}`],
        [zLine, `z = ${z}`],
      ];
      for (const [line, value] of expected) {
        const text = await waitFor(
          () => decorationText(wb, fixtures, 'tcas_assert.c', line),
          (t) => t.includes(value),
          { timeout: 15_000 },
        );
        assert(text.includes(value), `line ${line} does not show \`${value}\` while the problem is selected; after the code: ${JSON.stringify(text)}`);
      }
      await wb.screenshot('path-values-tcas-selected');
      const skipped = await decorationText(wb, fixtures, 'tcas_assert.c', otherBranch);
      assert(skipped.trim() === '', `line ${otherBranch} is not on the path, yet shows ${JSON.stringify(skipped)}`);
      // Moving the cursor away from the diagnostic clears them.
      await wb.gotoLine(1);
      const left = await waitFor(
        async () => Promise.all(expected.map(([line]) => decorationText(wb, fixtures, 'tcas_assert.c', line))),
        (ts) => ts.every((t) => t.trim() === ''),
        { timeout: 10_000 },
      );
      assert(
        left.every((t) => t.trim() === ''),
        `the path values stay after the cursor left the diagnostic: ${JSON.stringify(left)}`,
      );
    },
  },
  {
    name: 'cfg-webview',
    what: 'tritype.c: "Show control-flow graph" opens the CFG webview with the function\'s blocks',
    async run({ wb, fixtures }) {
      await commandOnLine(wb, fixtures, 'tritype.c', 'if (i == j)', COMMANDS.showCfg);
      const tabs = await waitFor(
        () => wb.tabs(),
        (ts) => ts.some((t) => t.startsWith('CReach CFG: tritype')),
        { timeout: 30_000 },
      );
      assert(
        tabs.some((t) => t.startsWith('CReach CFG: tritype')),
        `no "CReach CFG: tritype" tab; tabs: ${JSON.stringify(tabs)}`,
      );
      const frame = await wb.frameWith('svg [data-block-id]', { timeout: ANALYSIS_TIMEOUT });
      assert(frame, 'the webview shows no SVG node with data-block-id');
      const blocks = await frame
        .locator('svg [data-block-id]')
        .evaluateAll((nodes) => nodes.map((n) => ({ id: n.getAttribute('data-block-id'), svg: n instanceof SVGElement, text: n.textContent ?? '' })));
      const ids = new Set(blocks.map((b) => b.id));
      assert(ids.size === blocks.length, `block ids repeat: ${blocks.map((b) => b.id).join(',')}`);
      assert(
        blocks.every((b) => b.svg),
        'a block node is not an SVG element',
      );
      // tritype has ten decisions; each one ends a block of its own.
      assert(ids.size >= 10, `tritype has 10 decisions, the graph shows ${ids.size} blocks`);
      // The same blocks as the command line's `creach cfg` (every block with code, no other).
      const cli = JSON.parse(
        execFileSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'cfg', join(fixtures, 'tritype.c'), '--function', 'tritype', '--json'], {
          encoding: 'utf8',
        }),
      );
      const view = Array.isArray(cli) ? cli.find((v) => v.function === 'tritype') : cli;
      const cliIds = new Set(view.blocks.map((b) => String(b.id)));
      const extra = [...ids].filter((id) => !cliIds.has(id));
      assert(extra.length === 0, `the webview shows blocks that \`creach cfg\` does not have: ${extra.join(', ')}`);
      const missing = view.blocks.filter((b) => b.text.length > 0 && !ids.has(String(b.id))).map((b) => `${b.id} (${b.text.join(' ')})`);
      assert(missing.length === 0, `blocks of \`creach cfg\` missing from the webview: ${missing.join(', ')}`);
      const allText = blocks.map((b) => b.text).join('\n');
      for (const code of ['i == j', 'j == k', 'trityp > 3']) {
        assert(allText.includes(code), `no block shows \`${code}\`; block texts: ${JSON.stringify(allText.slice(0, 400))}`);
      }
    },
  },
  {
    name: 'export-tests',
    what: 'tritype.c: "Export tests..." writes the test files; the C harness compiles with gcc and passes (and fails on a mutant)',
    async run({ wb, workspace }) {
      const before = listFiles(workspace);
      await wb.openFile('tritype.c');
      await wb.runCommand(COMMANDS.exportTests);
      await wb.pickItem('c'); // the C harness format
      await wb.chooseFolder(workspace, 'Export here');
      const written = await waitFor(
        () => {
          const after = listFiles(workspace);
          return [...after.keys()].filter((f) => !f.startsWith('.vscode') && before.get(f) !== after.get(f));
        },
        (fs) => fs.some((f) => f.endsWith('.c')),
        { timeout: ANALYSIS_TIMEOUT },
      );
      const harnesses = written.filter((f) => f.endsWith('.c'));
      assert(harnesses.length > 0, `export wrote no C harness; written: ${JSON.stringify(written)}; notifications: ${(await wb.notifications()).join(' | ')}`);
      const buildAndRun = (dir, harness) => {
        const exe = join(dir, `${harness}.exe`);
        execFileSync('gcc', ['-std=c11', '-o', exe, join(dir, harness)], { cwd: dir, stdio: 'pipe' });
        return spawnSync(exe, [], { cwd: dir, timeout: 30_000, encoding: 'utf8' });
      };
      for (const harness of harnesses) {
        const run = buildAndRun(workspace, harness);
        assert(run.status === 0, `${harness}: exit ${run.status ?? run.signal}\n${run.stdout}${run.stderr}`);
        const count = /(\d+) passed/.exec(run.stdout);
        assert(!count || Number(count[1]) > 0, `${harness} ran no test: ${run.stdout}`);
      }
      // The tests check results: against a tritype that answers 2 for equilateral triangles, they fail.
      const harness = harnesses.find((h) => readFileSync(join(workspace, h), 'utf8').includes('#include "tritype.c"'));
      assert(harness, `no harness includes "tritype.c": ${harnesses.join(', ')}`);
      const mutant = mkdtempSync(join(tmpdir(), 'creach-e2e-mutant-'));
      try {
        const original = readFileSync(join(workspace, 'tritype.c'), 'utf8');
        assert(original.includes('trityp = 3;'), 'tritype.c has no `trityp = 3;`');
        writeFileSync(join(mutant, 'tritype.c'), original.replace('trityp = 3;', 'trityp = 2;'));
        writeFileSync(join(mutant, 'harness.c'), readFileSync(join(workspace, harness)));
        const run = buildAndRun(mutant, 'harness.c');
        assert(run.status !== 0, `the harness passes against a wrong tritype (equilateral -> 2): ${run.stdout.slice(-300)}`);
      } finally {
        rmSync(mutant, { recursive: true, force: true });
      }
    },
  },
];

/**
 * Scenario on a workspace that is not trusted: the analysis may run, but
 * nothing is compiled or run. The workspace's own settings point
 * creach.compiler at a script that leaves a marker; the user's settings
 * point it at the logging wrapper, which the trusted run shows is called.
 */
export const untrustedScenarios = [
  {
    name: 'untrusted-nothing-runs',
    what: 'untrusted workspace: Restricted Mode; "Reach this branch" gives x = 2, y = 3 unvalidated; "Generate test suite" and the analysis of tcas_assert.c compile and run nothing (the compiler only preprocesses)',
    async run({ wb, fixtures, workspace, compilerLog, marker }) {
      const restricted = await waitFor(
        () => wb.page.locator('.part.statusbar').innerText(),
        (t) => /Restricted Mode/i.test(t),
        { timeout: 30_000 },
      );
      assert(/Restricted Mode/i.test(restricted), `the workspace is not in Restricted Mode; status bar: ${JSON.stringify(restricted)}`);
      const before = listFiles(workspace);
      const line = await commandOnLine(wb, fixtures, 'example2.c', 'if (x > 1)', COMMANDS.reachBranchTrue);
      // The analysis itself runs (Restricted Mode is "limited" support): the datum shows, not validated.
      // Requiring it proves the request was served, so that "nothing ran" below means something.
      const text = await inlineDatum(wb, line);
      assert(intValue(text, 'x') === 2 && intValue(text, 'y') === 3, `the unique datum is x = 2, y = 3, the line shows ${JSON.stringify(text)}`);
      assert(!/✓ validated/.test(text), `a datum was validated (compiled and run) in an untrusted workspace: ${JSON.stringify(text)}`);
      await wb.runCommand(COMMANDS.generateSuite);
      await wb.page.waitForTimeout(10_000);
      // The logging wrapper is the compiler in use: it preprocesses a file with an #include
      // (cc -E), so a compile call, had there been one, would be in its log too.
      await wb.openFile('tcas_assert.c');
      const calls = await waitFor(
        () => compilerCalls(compilerLog),
        (cs) => cs.some((c) => !compiles(c)),
        { timeout: ANALYSIS_TIMEOUT },
      );
      assert(
        calls.some((c) => !compiles(c)),
        'the configured compiler (the logging wrapper) never preprocessed anything: its log cannot tell whether something was compiled',
      );
      await wb.page.waitForTimeout(5_000);
      assert(!existsSync(marker), "the workspace's compiler script ran in an untrusted workspace");
      const compiled = compilerCalls(compilerLog).filter(compiles);
      assert(compiled.length === 0, `the compiler was called to compile in an untrusted workspace: ${compiled.join(' ; ')}`);
      const after = listFiles(workspace);
      const newFiles = [...after.keys()].filter((f) => !before.has(f) && !f.startsWith('.vscode'));
      assert(newFiles.length === 0, `files appeared in the untrusted workspace: ${newFiles.join(', ')}`);
    },
  },
];
