// Bundles the benchmark (bench/src/main.ts) the way scripts/build.mjs bundles
// the CLI: z3-solver and web-tree-sitter stay external (they load their own
// .wasm files from node_modules). Output in bench/out (git-ignored).
import { build } from 'esbuild';

await build({
  entryPoints: ['bench/src/main.ts'],
  outfile: 'bench/out/bench.js',
  bundle: true,
  sourcemap: true,
  logLevel: 'warning',
  target: 'node20',
  platform: 'node',
  format: 'cjs',
  external: ['z3-solver', 'web-tree-sitter'],
});
