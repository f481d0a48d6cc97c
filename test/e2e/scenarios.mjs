// The end-to-end scenarios (issues 6 and 16), each driving a real VS Code
// (code-server) in Chromium the way a user does, with CReach's default
// settings, and asserting on what is on screen. Expected values come from the
// fixtures' checked answers (test/fixtures/EXPECTED.md), from C semantics (the
// editor's fixtures in test/lsp/fixtures say why in their comments) and are
// confirmed with gcc-compiled code.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { waitFor } from './lib/workbench.mjs';
import { compileAndRun, intValue, listValues } from './lib/gcc.mjs';
import { ROOT } from './lib/codeserver.mjs';

/** Long enough for a first analysis with Z3 in WebAssembly on 2 shared cores. */
const ANALYSIS_TIMEOUT = 120_000;

/** A file with a syntax error in bad() (line 10: `if (x > 0 {`) next to a good() that parses. */
const EDITING_C =
  'int good(int a)\n{\n    if (a > 3)\n        return 1;\n    return 0;\n}\n\nint bad(int x)\n{\n    if (x > 0 {\n        return 1;\n    }\n    return 0;\n}\n';

const hardBranch = (n) => `    if (p > 1 && q > 1 && p < 4294967296ULL && q < 4294967296ULL && p * q == ${n}ULL)\n        return 1;\n`;
/** Factoring 64-bit semiprimes: each goal takes the solver its whole time limit. */
const SLOW_C = `int factor(unsigned long long p, unsigned long long q)\n{\n${hardBranch('12435028131385956433')}${hardBranch('12435028131385956431')}${hardBranch('12435028131385956437')}    return 0;\n}\n`;

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
  // Commands offered only in some places ("Reach this branch": on decisions) appear once the
  // file's first report (its decision lines, from the parser) has arrived: try again a little later.
  for (let attempt = 1; ; attempt++) {
    try {
      await wb.runCommand(title, { timeout: 5000 });
      return line;
    } catch (e) {
      await wb.page.keyboard.press('Escape');
      if (attempt === 4) throw e;
      await wb.page.waitForTimeout(2000);
    }
  }
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
    what: 'the extension is installed and its commands are in the command palette; "Reach this branch" only with the cursor on a decision',
    async run({ wb, fixtures }) {
      await wb.openFile('tritype.c');
      await wb.gotoLine(lineOf(fixtures, 'tritype.c', 'if (i == j)'));
      const missing = [];
      for (const title of Object.values(COMMANDS)) {
        const found = await waitFor(
          () => wb.hasCommand(title),
          (ok) => ok,
          { timeout: 20_000, interval: 1000 },
        );
        if (!found) missing.push(title);
      }
      assert(missing.length === 0, `not in the command palette: ${missing.join(', ')}`);
      // On a plain assignment there is no branch to reach.
      await wb.gotoLine(lineOf(fixtures, 'tritype.c', 'trityp = 0;'));
      await wb.page.waitForTimeout(500);
      for (const title of [COMMANDS.reachBranchTrue, COMMANDS.reachBranchFalse]) {
        assert(!(await wb.hasCommand(title)), `"${title}" is offered on \`trityp = 0;\`, which has no decision`);
      }
      assert(await wb.hasCommand(COMMANDS.reachStatement), `"${COMMANDS.reachStatement}" is not offered on a statement`);
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
    name: 'codelens-opens-results',
    what: "tritype.c: clicking the coverage CodeLens opens the function's results (Results view), it does not start a suite generation",
    async run({ wb, fixtures }) {
      const line = lineOf(fixtures, 'tritype.c', 'int tritype(');
      await wb.openFile('tritype.c');
      await wb.gotoLine(line);
      await wb.clickCodeLens(/^CReach: \d+\/\d+ branches/);
      const rows = await waitFor(
        () => wb.viewRows('Results').catch(() => []),
        (rs) => rs.some((r) => /^tritype\(\)/.test(r)) && rs.some((r) => /^Test data \(\d+\)/.test(r)),
        { timeout: 30_000 },
      );
      assert(
        rows.some((r) => /^tritype\(\)/.test(r)),
        `the Results view does not show tritype(): ${JSON.stringify(rows)}`,
      );
      const data = /^Test data \((\d+)\)/.exec(rows.find((r) => /^Test data/.test(r)) ?? '');
      assert(data && Number(data[1]) > 0, `the Results view lists no test data: ${JSON.stringify(rows)}`);
      const toasts = await wb.notifications();
      assert(!toasts.some((t) => /test suite|generated/i.test(t)), `clicking the lens started a suite generation: ${toasts.join(' | ')}`);
    },
  },
  {
    name: 'marks-dead-branch',
    what: 'dead.c: `if (x < 5)` runs (covered mark) and its true outcome is a branch mark "⊘ never true"; `r = 1;` is ⊘',
    async run({ wb, editorFixtures }) {
      const decision = lineOf(editorFixtures, 'dead.c', 'if (x < 5)');
      const dead = lineOf(editorFixtures, 'dead.c', 'r = 1;');
      await wb.openFile('dead.c');
      await wb.gotoLine(dead + 2);
      const marks = await waitFor(
        () => wb.gutterMarks(),
        (ms) => ms.some((m) => m.line === dead),
        { timeout: ANALYSIS_TIMEOUT },
      );
      const at = (line) => marks.filter((m) => m.line === line).map((m) => m.icon);
      assert(JSON.stringify(at(decision)) === '["covered"]', `line ${decision} (\`if (x < 5)\` runs for x = 11) has marks ${JSON.stringify(at(decision))}`);
      assert(JSON.stringify(at(dead)) === '["unreachable"]', `line ${dead} (\`r = 1;\`: x > 10 and x < 5) has marks ${JSON.stringify(at(dead))}`);
      const after = await waitFor(
        () => decorationText(wb, editorFixtures, 'dead.c', decision),
        (t) => /⊘ never true/.test(t),
        { timeout: 15_000 },
      );
      assert(/⊘ never true/.test(after), `no branch mark after \`if (x < 5)\`; it shows ${JSON.stringify(after)}`);
    },
  },
  {
    name: 'marks-loop-exit',
    what: "loop_exit.c: the loop line is covered (it runs); its exit, 100 iterations away (default bound 64), is a branch mark, not the line's mark, until a second look past the bound covers it (the loop accelerated)",
    async run({ wb, editorFixtures }) {
      const loop = lineOf(editorFixtures, 'loop_exit.c', 'while (i < 100)');
      await wb.openFile('loop_exit.c');
      await wb.gotoLine(loop);
      const marks = await waitFor(
        () => wb.gutterMarks(),
        (ms) => ms.some((m) => m.line === loop),
        { timeout: ANALYSIS_TIMEOUT },
      );
      const at = marks.filter((m) => m.line === loop).map((m) => m.icon);
      assert(JSON.stringify(at) === '["covered"]', `the loop line ${loop} has marks ${JSON.stringify(at)}; the statement runs for every input`);
      // The bounded answer first (a clock on the exit), unless the second look past the bound already covered it.
      const first = await decorationText(wb, editorFixtures, 'loop_exit.c', loop);
      assert(/◷ false: not reached within \d+ iterations/.test(first) || !/[◷⊘]/.test(first), `the loop line shows ${JSON.stringify(first)}`);
      const after = await waitFor(
        () => decorationText(wb, editorFixtures, 'loop_exit.c', loop),
        (t) => !/◷/.test(t),
        { timeout: ANALYSIS_TIMEOUT },
      );
      assert(
        !/◷/.test(after),
        `the loop's exit is still not reached (the second look past the bound did not cover it); the line shows ${JSON.stringify(after)}`,
      );
      const hover = await waitFor(
        () => wb.hoverLine(loop),
        (t) => /found past the loop bound/.test(t),
        { timeout: 30_000 },
      );
      assert(/found past the loop bound/.test(hover), `the loop line's hover does not say how the exit was reached: ${JSON.stringify(hover)}`);
    },
  },
  {
    name: 'marks-validation-failed',
    what: 'miscompiled.c: the datum x = 7 fails validation (gcc: is_seven(7) is 0 when compiled); the CodeLens, the mark of `return 1;` and the Problems view say so',
    async run({ wb, editorFixtures, workspace }) {
      // What the compiled code does: the e2e compiler defines CREACH_TEST_MISCOMPILED when it compiles.
      const run = compileAndRun(join(workspace, 'miscompiled.c'), 'return is_seven(7);', { flags: ['-DCREACH_TEST_MISCOMPILED'] });
      assert(run.status === 0, `gcc: the compiled is_seven(7) returns ${run.status}, expected 0`);
      const ret1 = lineOf(editorFixtures, 'miscompiled.c', 'return 1;');
      const fn = lineOf(editorFixtures, 'miscompiled.c', 'int is_seven(');
      await wb.openFile('miscompiled.c');
      await wb.gotoLine(ret1);
      const lenses = await waitFor(
        () => wb.codeLenses(),
        (ls) => ls.some((l) => l.line === fn && /failed validation/.test(l.text)),
        { timeout: ANALYSIS_TIMEOUT },
      );
      const lens = lenses.find((l) => l.line === fn)?.text ?? '';
      assert(/1 datum failed validation/.test(lens), `the CodeLens does not say that validation failed: ${JSON.stringify(lenses)}`);
      // The gutter's decorations are a separate update from the CodeLens: wait for them too (CI saw them lag).
      const marksAt = (ms) => ms.filter((m) => m.line === ret1).map((m) => m.icon);
      const marks = await waitFor(
        () => wb.gutterMarks(),
        (ms) => JSON.stringify(marksAt(ms)) === '["failed"]',
        { timeout: 15_000 },
      );
      const at = marksAt(marks);
      assert(JSON.stringify(at) === '["failed"]', `\`return 1;\` (line ${ret1}) has marks ${JSON.stringify(at)}, not the failed-validation mark`);
      const rows = await waitFor(
        () => wb.problems('**/miscompiled.c'),
        (rs) => rs.some((r) => /validation failed for x = 7/.test(r)),
        { timeout: 30_000 },
      );
      assert(
        rows.some((r) => /validation failed for x = 7/.test(r)),
        `the Problems view does not show the failed validation: ${JSON.stringify(rows)}`,
      );
      await wb.page.keyboard.press('Control+Shift+M'); // back to the editor
    },
  },
  {
    name: 'marks-errors-warnings',
    what: 'properties.c: a violated assertion has the error mark, a possible overflow the warning mark; nothing in the contract comment',
    async run({ wb, editorFixtures }) {
      const assertion = lineOf(editorFixtures, 'properties.c', 'assert(x != 3)');
      const overflow = lineOf(editorFixtures, 'properties.c', 'int z = x * y;');
      const contract = lineOf(editorFixtures, 'properties.c', '/*@ requires');
      await wb.openFile('properties.c');
      await wb.gotoLine(assertion);
      // Coverage marks come first; the properties' marks replace them once checked.
      const marks = await waitFor(
        () => wb.gutterMarks(),
        (ms) => ms.some((m) => m.line === assertion && m.icon !== 'covered') && ms.some((m) => m.line === overflow && m.icon !== 'covered'),
        { timeout: ANALYSIS_TIMEOUT },
      );
      const at = (line) => marks.filter((m) => m.line === line).map((m) => m.icon);
      assert(JSON.stringify(at(assertion)) === '["error"]', `assert(x != 3) (x = 3 violates it) has marks ${JSON.stringify(at(assertion))}`);
      assert(JSON.stringify(at(overflow)) === '["warning"]', `x * y (overflows for large x, y) has marks ${JSON.stringify(at(overflow))}`);
      assert(at(contract).length === 0, `the contract comment has marks ${JSON.stringify(at(contract))}`);
      const rows = await wb.problems('**/properties.c');
      const wording = rows.filter((r) => /may [a-z ]+ violated|violated for|creach\(/.test(r));
      assert(wording.length === 0, `Problems rows with internal wording: ${JSON.stringify(wording)}`);
      const inContract = rows.filter((r) => new RegExp(`\\[Ln ${contract},|line ${contract}\\b`, 'i').test(r) && /properties\.c|null/.test(r));
      assert(inContract.length === 0, `a problem is reported inside the contract comment: ${JSON.stringify(inContract)}`);
      await wb.page.keyboard.press('Control+Shift+M');
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
      // A line without a decision does not offer it.
      const plain = lineOf(fixtures, 'example2.c', 'return 1;');
      await wb.gotoLine(plain);
      const labels = await wb.contextMenuLabels(plain);
      assert(
        labels.some((l) => /Reach this statement/.test(l)),
        `the context menu of line ${plain} has no "Reach this statement": ${labels.join(' | ')}`,
      );
      assert(!labels.some((l) => /Reach this branch/.test(l)), `the context menu of \`return 1;\` (no decision) offers: ${labels.join(' | ')}`);
    },
  },
  {
    name: 'inline-datum-within-window',
    what: "accept.c: the datum reaching `return 1;` (many nondet values) is shown inline without running past the editor's edge",
    async run({ wb, editorFixtures }) {
      const line = lineOf(editorFixtures, 'accept.c', 'return 1;');
      await wb.openFile('accept.c');
      await wb.gotoLine(line);
      await wb.runCommand(COMMANDS.reachStatement);
      const text = await inlineDatum(wb, line);
      // Run the datum's characters through accept.c's main with gcc: it must return 1. (A
      // character that matches no branch and is not 0 leaves the state as it is, so the
      // datum need not read "abc" in a row.) The fixture's main is renamed by -D, and the
      // stub's #undef gives the driver its own main back. A list cut short cannot be run.
      const chars = listValues(text, `__VERIFIER_nondet_char()@${lineOf(editorFixtures, 'accept.c', 'char c = __VERIFIER_nondet_char')}`);
      assert(chars !== undefined, `no list of __VERIFIER_nondet_char values in the datum: ${JSON.stringify(text)}`);
      if (chars.complete) {
        const stub = `#undef main\nstatic const char values[] = {${chars.values.join(', ')}}; static unsigned next;
char __VERIFIER_nondet_char(void) { return next < sizeof values ? values[next++] : 0; }`;
        const run = compileAndRun(join(editorFixtures, 'accept.c'), 'return accept_main() == 1 ? 0 : 1;', { flags: ['-Dmain=accept_main'], prelude: stub });
        assert(run.status === 0, `gcc: accept.c's main does not return 1 on ${JSON.stringify(chars.values)} (${JSON.stringify(text)})`);
      } else {
        assert(/…/.test(text) && chars.values.length > 0, `the datum's list is neither complete nor cut short: ${JSON.stringify(text)}`);
      }
      const { right, visible } = await wb.lineExtent(line);
      assert(right <= visible + 1, `the inline datum ends at x = ${right}, past the editor's edge at ${visible}: ${JSON.stringify(text)}`);
    },
  },
  {
    name: 'copy-as-c-test',
    what: 'factorial.c: "Copy as C test" on the inline datum of `i = 2;` copies a test function that compiles in a test file and passes with gcc',
    async run({ wb, fixtures, workspace }) {
      const line = await commandOnLine(wb, fixtures, 'factorial.c', 'i = 2;', COMMANDS.reachStatement);
      await inlineDatum(wb, line);
      await wb.runCommand('CReach: Copy as C test');
      const text = await waitFor(
        () => wb.clipboard().catch(() => ''),
        (t) => /^void test_\w+\(void\)$/m.test(t),
        { timeout: 30_000 },
      );
      assert(/^void test_\w+\(void\)$/m.test(text), `the clipboard has no test function: ${JSON.stringify(text.slice(0, 300))}`);
      const lines = text.trim().split('\n');
      assert(lines.length < 30, `the copied test is ${lines.length} lines long: ${text}`);
      assert(!/^#include/m.test(text) && !text.includes(workspace), `the copied test includes a file or an absolute path: ${text}`);
      const name = /^void (\w+)\(void\)$/m.exec(text)[1];
      const dir = mkdtempSync(join(tmpdir(), 'creach-e2e-ctest-'));
      try {
        writeFileSync(join(dir, 'factorial.c'), readFileSync(join(fixtures, 'factorial.c')));
        writeFileSync(join(dir, 'tests.c'), `#include <assert.h>\n#include "factorial.c"\n\n${text}\nint main(void) { ${name}(); return 0; }\n`);
        execFileSync('gcc', ['-Wall', '-o', join(dir, 'tests'), join(dir, 'tests.c')], { cwd: dir, stdio: 'pipe' });
        const run = spawnSync(join(dir, 'tests'), [], { cwd: dir, encoding: 'utf8' });
        assert(run.status === 0, `the pasted test fails: exit ${run.status ?? run.signal}: ${run.stdout}${run.stderr}`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
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
        // With the default time limit the proof may first run out of time ("unknown ... looking again with a
        // longer time limit"); the second look, in the background after the other files' follow-ups, proves it.
        { timeout: 3 * ANALYSIS_TIMEOUT, interval: 2000 },
      );
      assert(/unreachable/i.test(text), `the hover never said unreachable; it showed: ${JSON.stringify(seen.slice(-3))}`);
      const saidCovered = seen.find((t) => /\bcovered\b/i.test(t));
      assert(!saidCovered, `the hover said covered: ${JSON.stringify(saidCovered)}`);
      // The explanation says why. A proof by invariant (the analysis tries the prover's cheap stages past
      // the early loop bound) gives the loop's invariant that excludes `y > 10`, linked to the loop's line;
      // a bounded proof (the loops fully unrolled, when the invariant was not found in time) gives the
      // conflicting conditions with their lines, found by a follow-up reach query (hover again until it
      // is there), among them the decision `if (y > 10)` and the loop's `x > 0`.
      const decision = lineOf(fixtures, 'loops_w.c', 'if (y > 10)', 'int gcd(');
      const loop = lineOf(fixtures, 'loops_w.c', 'while (x > 0)', 'int gcd(');
      const byInvariant = (t) => new RegExp(`line ${loop}\\b[^\\n]*the loop keeps[^\\n]*y <= 10`).test(t);
      const explained = await waitFor(
        async () => {
          const t = await wb.hoverLine(line);
          if (t) seen.push(t);
          return t;
        },
        (t) => /y > 10/.test(t) || byInvariant(t),
        { timeout: ANALYSIS_TIMEOUT, interval: 2000 },
      );
      if (!byInvariant(explained)) {
        assert(/y > 10/.test(explained), `the hover never explained: no \`y > 10\`, no invariant; it showed: ${JSON.stringify(seen.slice(-3))}`);
        assert(
          new RegExp(`line ${decision}\\b[^\\n]*y > 10`).test(explained),
          `the hover does not tie \`y > 10\` to line ${decision}: ${JSON.stringify(explained)}`,
        );
        assert(
          new RegExp(`line ${loop}\\b[^\\n]*x > 0`).test(explained),
          `the hover does not give the loop condition \`x > 0\` of line ${loop}: ${JSON.stringify(explained)}`,
        );
      }
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
        () => wb.problems('**/tcas_assert.c'),
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
      // With the default time limit the proof of assert(z > -3000) may first run out of time; the
      // second look (a longer limit, in the background) proves it: no row stays, and the hover says holds.
      const atHolds = (rs) => rs.filter((r) => new RegExp(`Ln ${holds}\\b|line ${holds}\\b`, 'i').test(r));
      const after = await waitFor(
        () => wb.problems('**/tcas_assert.c'),
        (rs) => atHolds(rs).length === 0,
        { timeout: 2 * ANALYSIS_TIMEOUT, interval: 2000 },
      );
      assert(atHolds(after).length === 0, `assert(z > -3000) holds, yet the Problems view reports it: ${atHolds(after).join(' | ')}`);
      await wb.page.keyboard.press('Control+Shift+M');
      await wb.gotoLine(holds);
      const hover = await waitFor(
        () => wb.hoverLine(holds),
        (t) => /holds/.test(t),
        { timeout: 60_000, interval: 2000 },
      );
      assert(/holds/.test(hover) && !/violated|unknown/.test(hover), `the hover of assert(z > -3000) does not say it holds: ${JSON.stringify(hover)}`);
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
        () => wb.problems('**/tcas_assert.c'),
        (rs) => rs.some((r) => /x = 50\b/.test(r)),
        { timeout: ANALYSIS_TIMEOUT },
      );
      const row = await wb.openProblem(/x = 50\b/, '**/tcas_assert.c');
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
      // At its natural size no edge label overlaps another label or a block. (The buttons are
      // pressed by their click event: a workbench hover, a tab's path tooltip, can lie over the toolbar.)
      await frame.locator('#zoom-reset').dispatchEvent('click');
      const boxes = await frame.evaluate(() => {
        const box = (el) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, text: el.textContent };
        };
        return {
          labels: [...document.querySelectorAll('#graph svg g.edge text')].map(box),
          nodes: [...document.querySelectorAll('#graph svg g.node polygon')].map(box),
        };
      });
      const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
      const clashes = [];
      boxes.labels.forEach((a, i) => {
        boxes.labels.slice(i + 1).forEach((b) => overlap(a, b) && clashes.push(`"${a.text}" and "${b.text}"`));
        boxes.nodes.forEach((n) => overlap(a, n) && clashes.push(`"${a.text}" and a block`));
      });
      assert(boxes.labels.length >= 20, `tritype's 10 decisions give at least 20 labelled edges, the graph shows ${boxes.labels.length}`);
      assert(clashes.length === 0, `edge labels overlap: ${clashes.slice(0, 5).join('; ')}`);
      // Zoom to fit: the whole graph inside the panel.
      await frame.locator('#zoom-fit').dispatchEvent('click');
      const fit = await frame.evaluate(() => {
        const r = document.querySelector('#graph svg').getBoundingClientRect();
        return { right: r.right, bottom: r.bottom, width: window.innerWidth, height: window.innerHeight };
      });
      assert(
        fit.right <= fit.width + 1 && fit.bottom <= fit.height + 1,
        `after "Fit" the graph (to ${fit.right} x ${fit.bottom}) does not fit the panel (${fit.width} x ${fit.height})`,
      );
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
  {
    name: 'testing-view-coverage',
    what: 'tritype.c: its data are tests in the Test Explorer; "Run All Tests with Coverage" compiles and runs them (all pass) and the Test Coverage view shows tritype.c covered',
    async run({ wb, fixtures }) {
      // The complete suite first: the CodeLens counts every outcome covered (all are feasible, EXPECTED.md).
      const line = lineOf(fixtures, 'tritype.c', 'int tritype(');
      await wb.openFile('tritype.c');
      await wb.gotoLine(line);
      const final = /^CReach: (\d+)\/\1 branches/;
      await waitFor(
        () => wb.codeLenses(),
        (ls) => ls.some((l) => l.line === line && final.test(l.text)),
        { timeout: ANALYSIS_TIMEOUT },
      );
      await wb.runCommand('Testing: Focus on Test Explorer View');
      const before = await waitFor(
        () => wb.viewRowLabels('Test Explorer').catch(() => []),
        (rs) => rs.some((r) => /^tritype\.c\b/.test(r)),
        { timeout: 30_000 },
      );
      assert(
        before.some((r) => /^tritype\.c\b/.test(r)),
        `the Test Explorer does not list tritype.c: ${JSON.stringify(before)}`,
      );
      await wb.runCommand('Test: Run All Tests with Coverage');
      // Every datum compiled and run passes (each reaches its goals and returns what the suite expects).
      const after = await waitFor(
        () => wb.viewRowLabels('Test Explorer').catch(() => []),
        (rs) => rs.some((r) => /^tritype\.c \((Passed|Failed|Errored)\)/.test(r)),
        { timeout: ANALYSIS_TIMEOUT },
      );
      assert(
        after.some((r) => r.startsWith('tritype.c (Passed)')),
        `the data of tritype.c did not all pass when run: ${JSON.stringify(after)}; notifications: ${(await wb.notifications()).join(' | ')}`,
      );
      // gcov's counts in the editor's coverage view. Every line and decision outcome of the file is feasible and the
      // suite covers them all; only the failure arcs of tritype_checked's assertions, which hold, are never taken.
      const coverage = await waitFor(
        () => wb.viewRows('Test Coverage').catch(() => []),
        (rs) => rs.some((r) => /^tritype\.c\b.*%/.test(r)),
        { timeout: 60_000 },
      );
      const row = coverage.find((r) => /^tritype\.c\b/.test(r)) ?? '';
      const percent = Number(/(\d+(?:\.\d+)?)%/.exec(row)?.[1]);
      assert(percent >= 90 && percent <= 100, `the Test Coverage view shows ${JSON.stringify(coverage)}, not tritype.c covered (at least 90%)`);
    },
  },
  {
    name: 'mcdc-results-view',
    what: 'mcdc.c: "MC/DC of this function" in coupled() (x > 5 && x > 3) shows the first condition shown by a pair of data and no pair possible for the second (x > 5 implies x > 3)',
    async run({ wb, fixtures }) {
      await commandOnLine(wb, fixtures, 'mcdc.c', 'if (x > 5 && x > 3)', 'CReach: MC/DC of this function');
      const rows = await waitFor(
        () => wb.viewRows('Results').catch(() => []),
        (rs) => rs.some((r) => /^MC\/DC \(\d+\/\d+ conditions\)/.test(r)),
        { timeout: ANALYSIS_TIMEOUT },
      );
      assert(
        rows.some((r) => /^MC\/DC \(1\/2 conditions\)/.test(r)),
        `the Results view does not show coupled's MC/DC (1 of 2 conditions): ${JSON.stringify(rows)}; notifications: ${(await wb.notifications()).join(' | ')}`,
      );
      assert(
        rows.some((r) => /^x > 5\s*shown \(unique-cause\) by x = -?\d+ and x = -?\d+/.test(r)),
        `no pair of data for \`x > 5\`: ${JSON.stringify(rows)}`,
      );
      assert(
        rows.some((r) => /^x > 3\s*no pair can exist/.test(r)),
        `\`x > 3\` is not shown impossible: ${JSON.stringify(rows)}`,
      );
    },
  },
  {
    name: 'editing-syntax-error',
    // Written before code-server starts: a file created during the session may not be in Quick Open's list yet.
    files: { 'editing.c': EDITING_C },
    what: 'a file opened with a syntax error in one function: the other is analysed; typing the fix leaves no syntax error, stale result or status-bar item behind',
    async run({ wb }) {
      await wb.openFile('editing.c');
      await wb.gotoLine(10);
      const summary = /^CReach: \d+\/\d+ branches/;
      const before = await waitFor(
        () => wb.codeLenses(),
        (ls) => ls.some((l) => l.line === 1 && summary.test(l.text)) && ls.some((l) => l.line === 8 && /not analysed/.test(l.text)),
        { timeout: ANALYSIS_TIMEOUT },
      );
      assert(
        before.some((l) => l.line === 1 && summary.test(l.text)),
        `good() is not analysed while bad() does not parse: ${JSON.stringify(before)}`,
      );
      assert(
        before.some((l) => l.line === 8 && /not analysed: line 10 does not parse/.test(l.text)),
        `bad()'s lens does not say why it is not analysed: ${JSON.stringify(before)}`,
      );
      const broken = await wb.problems('**/editing.c');
      assert(
        broken.some((r) => /syntax error/.test(r)),
        `no syntax error in the Problems view: ${JSON.stringify(broken)}`,
      );
      await wb.page.keyboard.press('Control+Shift+M');
      // The fix, typed: `if (x > 0 {` becomes `if (x > 0){`.
      await wb.gotoLine(10);
      await wb.page.keyboard.press('End');
      await wb.page.keyboard.press('ArrowLeft');
      const at = await waitFor(
        () => wb.cursor(),
        (c) => c?.line === 10 && c?.column === 15,
        { timeout: 5000 },
      );
      assert(at?.line === 10 && at?.column === 15, `the cursor is not before the brace of line 10: ${JSON.stringify(at)}`);
      await wb.type(')');
      const typed = await waitFor(
        () => wb.lineText(10),
        (t) => t.includes('if (x > 0 ){'),
        { timeout: 10_000 },
      );
      assert(typed.includes('if (x > 0 ){'), `the fix was not typed into line 10: ${JSON.stringify(typed)}`);
      const after = await waitFor(
        () => wb.codeLenses(),
        (ls) =>
          ls.filter((l) => /^CReach:/.test(l.text)).length === 2 &&
          ls.filter((l) => /^CReach:/.test(l.text)).every((l) => summary.test(l.text) && !/stale/.test(l.text)),
        { timeout: ANALYSIS_TIMEOUT },
      );
      assert(
        after.filter((l) => /^CReach:/.test(l.text)).every((l) => summary.test(l.text) && !/stale|not analysed|failed/.test(l.text)),
        `after the fix: ${JSON.stringify(after)}`,
      );
      const fixed = await waitFor(
        () => wb.problems('**/editing.c'),
        (rs) => !rs.some((r) => /syntax error|could not analyse|analysis failed/.test(r)),
        { timeout: 30_000 },
      );
      assert(!fixed.some((r) => /syntax error|could not analyse/.test(r)), `after the fix the Problems view still shows: ${JSON.stringify(fixed)}`);
      await wb.page.keyboard.press('Control+Shift+M');
      // Once the work is done no "analysing" item stays in the status bar, and CReach has one item there.
      const items = await waitFor(
        () => wb.statusBarItems(),
        (is) => !is.some((t) => /analysing|checked further/i.test(t)),
        { timeout: 2 * ANALYSIS_TIMEOUT, interval: 2000 },
      );
      assert(!items.some((t) => /analysing|checked further/i.test(t)), `a status-bar item stays: ${JSON.stringify(items)}`);
      assert(items.filter((t) => /CReach/.test(t)).length <= 1, `CReach has several status-bar items: ${JSON.stringify(items)}`);
    },
  },
  {
    name: 'cancel-suite',
    files: { 'slow.c': SLOW_C },
    what: 'slow.c: "Generate test suite" shows its progress in one status-bar item and a notification that can be cancelled; after Cancel the CodeLens says so',
    async run({ wb }) {
      await wb.openFile('slow.c');
      await wb.runCommand(COMMANDS.generateSuite);
      const toast = await waitFor(
        () => wb.notifications(),
        (ts) => ts.some((t) => /CReach: test suite/.test(t)),
        { timeout: 30_000 },
      );
      assert(
        toast.some((t) => /CReach: test suite/.test(t)),
        `no progress notification: ${JSON.stringify(toast)}`,
      );
      const items = await wb.statusBarItems();
      const creach = items.filter((t) => /CReach/.test(t));
      assert(new Set(creach).size === creach.length, `two identical CReach status-bar items: ${JSON.stringify(items)}`);
      await wb.screenshot('cancel-suite-progress');
      await wb.clickNotificationButton(/CReach: test suite/, 'Cancel');
      const lenses = await waitFor(
        () => wb.codeLenses(),
        (ls) => ls.some((l) => /analysis cancelled/.test(l.text)),
        { timeout: 30_000 },
      );
      assert(
        lenses.some((l) => l.line === 1 && /CReach: analysis cancelled/.test(l.text)),
        `after Cancel the CodeLens of factor says: ${JSON.stringify(lenses)}`,
      );
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
