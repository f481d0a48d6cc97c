// Runs the CLI fuzzer outside vitest (long runs, other seeds, triage): bundles
// test/fuzz/main.ts with esbuild into a temporary directory and runs it.
// Build dist/ first (npm run build), or pass --dist DIR. Options: see test/fuzz/main.ts.
//
//   node scripts/fuzz.mjs --seed 7 --count 5000 --jobs 2
//   node scripts/fuzz.mjs --only 0123-mutation --keep /tmp/case
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = mkdtempSync(join(tmpdir(), 'creach-fuzz-bin-'));
try {
  // The bundle's __dirname must find worker.cjs and the catalogue: both are resolved from test/fuzz.
  await build({
    entryPoints: [join(root, 'test', 'fuzz', 'main.ts')],
    outfile: join(out, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
    define: { __dirname: JSON.stringify(join(root, 'test', 'fuzz')) },
  });
  const r = spawnSync(process.execPath, [join(out, 'main.js'), ...process.argv.slice(2)], { stdio: 'inherit', cwd: root });
  process.exitCode = r.status ?? 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}
