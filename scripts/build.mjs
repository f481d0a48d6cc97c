// Bundles each entry point with esbuild. z3-solver and web-tree-sitter stay
// external (they load their own .wasm files from node_modules).
import { build } from 'esbuild';
import { existsSync, mkdirSync, cpSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dropTableMirrorCheck } from './z3-fast-table.mjs';

const entries = [
  { in: 'server/src/cli.ts', out: 'dist/cli.js' },
  { in: 'server/src/lsp/server.ts', out: 'dist/server.js' },
  // The language server's solver worker (one engine per worker thread).
  { in: 'server/src/lsp/worker.ts', out: 'dist/worker.js' },
  { in: 'client/src/extension.ts', out: 'dist/client.js', external: ['vscode'] },
];
const webview = { in: 'media/src/cfg.ts', out: 'dist/webview.js' };

// Z3's glue, made faster in place (the CLI, the server, the tests and the bench load it from here).
for (const dir of ['node_modules/z3-solver', 'dist/node_modules/z3-solver']) {
  const said = dropTableMirrorCheck(dir);
  if (!said.endsWith('done') && !said.endsWith('not found')) console.warn(said);
}
mkdirSync('dist', { recursive: true });
const common = { bundle: true, sourcemap: true, logLevel: 'warning', target: 'node20' };
await Promise.all([
  ...entries.map((e) =>
    build({
      ...common,
      entryPoints: [e.in],
      outfile: e.out,
      platform: 'node',
      format: 'cjs',
      external: ['z3-solver', 'web-tree-sitter', ...(e.external ?? [])],
      // `import()` of those becomes require(): a script compiled from V8's code cache (bin/creach) has no
      // dynamic-import callback in Node 20.
      supported: { 'dynamic-import': false },
    }),
  ),
  ...(existsSync(webview.in)
    ? [build({ ...common, entryPoints: [webview.in], outfile: webview.out, platform: 'browser', format: 'iife', target: 'es2022' })]
    : []),
]);
// V8's code cache of the CLI's bundle, which bin/creach compiles it from (0.9 MB not parsed at each start).
createRequire(import.meta.url)('../bin/code-cache.js').writeCodeCache('dist/cli.js');
// Headers the front end puts first on the include path (our assert.h).
if (existsSync('server/include')) cpSync('server/include', 'dist/include', { recursive: true });
