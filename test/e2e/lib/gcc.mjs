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
 * static functions are reachable too. `flags` go to gcc (e.g. -D).
 */
export function compileAndRun(source, mainBody, { timeoutMs = 10_000, flags = [] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'creach-e2e-gcc-'));
  const driver = join(dir, 'driver.c');
  writeFileSync(driver, `#include <stdio.h>\n#include "${source}"\nint main(void) {\n${mainBody}\n}\n`);
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
