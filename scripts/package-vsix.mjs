// `npm run package`: makes the .vsix. The bundles keep z3-solver and
// web-tree-sitter external (they load their .wasm next to their JS), and
// `vsce package --no-dependencies` leaves node_modules out, so the runtime
// files they need are copied to dist/node_modules, where Node's resolution
// from dist/*.js finds them. Prints the size and checks the wasm files are in.
import { cpSync, mkdirSync, rmSync, statSync, readFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

const runtime = {
  'z3-solver': [
    'package.json',
    'LICENSE.txt',
    'build/node.js',
    'build/z3-built.js',
    'build/z3-built.wasm',
    'build/kill-threads.js',
    'build/high-level',
    'build/low-level',
  ],
  'async-mutex': ['package.json', 'LICENSE', 'lib'],
  tslib: ['package.json', 'LICENSE.txt', 'tslib.js'], // required by async-mutex (found by the e2e tests)
  'web-tree-sitter': ['package.json', 'LICENSE', 'web-tree-sitter.cjs', 'web-tree-sitter.wasm'],
  'tree-sitter-c': ['package.json', 'LICENSE', 'tree-sitter-c.wasm'],
};
const target = 'dist/node_modules';
rmSync(target, { recursive: true, force: true });
for (const [pkg, files] of Object.entries(runtime)) {
  for (const f of files) {
    const from = path.join('node_modules', pkg, f);
    if (!existsSync(from)) throw new Error(`package: ${from} is missing (npm ci?)`);
    mkdirSync(path.dirname(path.join(target, pkg, f)), { recursive: true });
    cpSync(from, path.join(target, pkg, f), { recursive: true, filter: (p) => !p.endsWith('.map') && !p.endsWith('.d.ts') });
  }
}

const { version, name } = JSON.parse(readFileSync('package.json', 'utf8'));
const out = `${name}-${version}.vsix`;
const vsce = path.join('node_modules', '@vscode', 'vsce', 'vsce');
// The marketplace page is the users' README (README.marketplace.md), not the developers' README.md; its
// screenshots are in the package (media/screenshots) and its links stay relative to it.
execFileSync(process.execPath, [vsce, 'package', '--no-dependencies', '--readme-path', 'README.marketplace.md', '--no-rewrite-relative-links', '-o', out], {
  stdio: 'inherit',
});

const size = statSync(out).size;
const listing = execFileSync('unzip', ['-l', out], { encoding: 'utf8' });
const wasm = listing
  .split('\n')
  .filter((l) => l.endsWith('.wasm'))
  .map((l) => l.trim().split(/\s+/).pop());
console.log(`${out}: ${(size / 1024 / 1024).toFixed(2)} MB; wasm files: ${wasm.join(', ')}`);
const required = ['z3-built.wasm', 'web-tree-sitter.wasm', 'tree-sitter-c.wasm'];
const missing = required.filter((w) => !wasm.some((p) => p.endsWith(w)));
if (missing.length > 0) throw new Error(`package: ${missing.join(', ')} not in ${out}`);
if (size > 15 * 1024 * 1024) throw new Error(`package: ${out} is ${(size / 1024 / 1024).toFixed(2)} MB, over the 15 MB limit`);
