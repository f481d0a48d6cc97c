// The differential soundness test on many seeds (test/soundness/main.ts):
// bundles it with esbuild into the temporary directory and runs it with the
// given arguments, e.g.
//   node scripts/soundness.mjs --seeds 1-300 --jobs 2
// CREACH_CLI chooses the CLI under test (default dist/cli.js, so run
// `npm run build` first).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

const dir = mkdtempSync(path.join(tmpdir(), 'creach-soundness-bundle-'));
const out = path.join(dir, 'soundness.cjs');
await build({
  entryPoints: ['test/soundness/main.ts'],
  outfile: out,
  bundle: true,
  sourcemap: 'inline',
  logLevel: 'warning',
  target: 'node20',
  platform: 'node',
  format: 'cjs',
});
const r = spawnSync(process.execPath, ['--enable-source-maps', out, ...process.argv.slice(2)], { stdio: 'inherit' });
rmSync(dir, { recursive: true, force: true });
process.exit(r.status ?? 1);
