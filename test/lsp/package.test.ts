// `npm run package` makes a .vsix within 15 MB that holds the bundles and the
// wasm files they load, and nothing of the sources, tests or node_modules.
// The server unpacked from it starts and parses C on its own. What a user
// installs (issue 16 §5): the licence package.json names, an icon, the
// repository, and the users' README (what it does, screenshots that are in
// the package, settings, trust), not the developers' README.

import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ensureBuilt, root, startServer } from './session';

describe('packaging', () => {
  it('builds a .vsix with the wasm files, at most 15 MB, and its server runs', async () => {
    ensureBuilt();
    execFileSync(process.execPath, ['scripts/package-vsix.mjs'], { cwd: root, stdio: 'inherit' });
    const { name, version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    const vsix = path.join(root, `${name}-${version}.vsix`);
    const size = statSync(vsix).size;
    console.log(`${path.basename(vsix)}: ${(size / 1024 / 1024).toFixed(2)} MB`);
    expect(size).toBeLessThanOrEqual(15 * 1024 * 1024);

    const entries = execFileSync('unzip', ['-Z1', vsix], { encoding: 'utf8' }).split('\n').filter(Boolean);
    for (const wasm of ['z3-solver/build/z3-built.wasm', 'web-tree-sitter/web-tree-sitter.wasm', 'tree-sitter-c/tree-sitter-c.wasm']) {
      expect(entries).toContain(`extension/dist/node_modules/${wasm}`);
    }
    for (const bundle of ['client.js', 'server.js', 'worker.js', 'webview.js']) expect(entries).toContain(`extension/dist/${bundle}`);
    // The CLI's bundle is no part of the extension.
    expect(entries).not.toContain('extension/dist/cli.js');
    expect(entries).toContain('extension/media/icons/covered.svg');
    expect(entries.filter((e) => e.endsWith('.ts') || e.startsWith('extension/node_modules/') || e.startsWith('extension/test/'))).toEqual([]);

    // The licence package.json names, the icon, the repository.
    const manifest = JSON.parse(execFileSync('unzip', ['-p', vsix, 'extension/package.json'], { encoding: 'utf8' }));
    expect(manifest.license).toBe('MIT');
    expect(entries).toContain('extension/LICENSE.txt');
    expect(execFileSync('unzip', ['-p', vsix, 'extension/LICENSE.txt'], { encoding: 'utf8' })).toMatch(/^MIT License/);
    expect(entries).toContain(`extension/${manifest.icon}`);
    expect(
      execFileSync('unzip', ['-p', vsix, `extension/${manifest.icon}`])
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(manifest.repository?.url).toMatch(/^https:\/\//);
    // The marketplace page: the users' README, whose images are in the package.
    const readme = execFileSync('unzip', ['-p', vsix, 'extension/readme.md'], { encoding: 'utf8' });
    expect(readme).toBe(readFileSync(path.join(root, 'README.marketplace.md'), 'utf8'));
    for (const section of ['## What you see', '## Commands', '## Settings', '## Trust']) expect(readme).toContain(section);
    expect(readme).not.toMatch(/npm (ci|test|run)|test\/fixtures|ARCHITECTURE/);
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]);
    expect(images.length).toBeGreaterThanOrEqual(3);
    for (const image of images) expect(entries).toContain(`extension/${image}`);
    // Every setting of the package is in the README's table.
    for (const setting of Object.keys(manifest.contributes.configuration.properties)) expect(readme).toContain(`\`${setting}\``);

    // The unpacked server resolves web-tree-sitter and its wasm from its own dist/node_modules.
    const unpacked = mkdtempSync(path.join(tmpdir(), 'creach-vsix-'));
    execFileSync('unzip', ['-q', vsix, '-d', unpacked]);
    const s = await startServer({}, path.join(unpacked, 'extension', 'dist', 'server.js'));
    try {
      const uri = await s.open(path.join(root, 'test/fixtures/factorial.c'));
      let lenses = await s.codeLens(uri);
      for (let i = 0; i < 40 && lenses.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        lenses = await s.codeLens(uri);
      }
      expect(lenses.map((l) => l.command?.title)).toContain('Show control-flow graph');
    } finally {
      await s.close();
    }
  }, 180_000);
});
