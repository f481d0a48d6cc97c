// Independent checks with the real compiler: a datum the editor shows is
// confirmed by compiling the fixture with gcc and running it, not by
// trusting what the tool printed.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Compiles `source` (a fixture) with a main() made of `mainBody`, runs it,
 * and returns { status, signal, stdout }. The fixture is #included, so
 * static functions are reachable too. `flags` go to gcc (e.g. -D); `prelude`
 * is file-scope code placed after the fixture (e.g. a nondet function's stub).
 */
export function compileAndRun(source, mainBody, { timeoutMs = 10_000, flags = [], prelude = '' } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'creach-e2e-gcc-'));
  const driver = join(dir, 'driver.c');
  writeFileSync(driver, `#include <stdio.h>\n#include "${source}"\n${prelude}\nint main(void) {\n${mainBody}\n}\n`);
  const exe = join(dir, 'driver');
  try {
    execFileSync('gcc', ['-std=c11', '-O0', '-w', ...flags, '-o', exe, driver], { stdio: 'pipe' });
    const run = spawnSync(exe, [], { timeout: timeoutMs, encoding: 'utf8' });
    return { status: run.status, signal: run.signal, stdout: run.stdout };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The value of `name = <integer>` in a text such as "→ x = 2, y = 3 ✓ validated". */
export function intValue(text, name) {
  const m = new RegExp(`(?:^|[^\\w.])${name}\\s*=\\s*(-?\\d+)\\b`).exec(text);
  return m ? Number(m[1]) : undefined;
}

/**
 * The values of a call site's list in an inline datum, e.g. `f()@8 = ['a', -126, 0]`
 * gives [97, -126, 0]; `complete` is false when the editor cut the list short (`…`).
 */
export function listValues(text, site) {
  const start = text.indexOf(`${site} = [`);
  if (start < 0) return undefined;
  const rest = text.slice(start + site.length + 4);
  const end = rest.search(/\](?=[^']|$)/);
  const body = end < 0 ? rest : rest.slice(0, end);
  const values = [...body.matchAll(/'(\\.|[^'\\])'|(-?\d+)/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1].at(-1).charCodeAt(0)));
  return { values, complete: end >= 0 };
}
