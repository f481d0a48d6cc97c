// ARCHITECTURE.md's rules as tests: the layers and the one door (the
// dependency rule of .dependency-cruiser.cjs, 0 violations and 0 cycles), and
// the map is true (every file and folder it names exists).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const cruiser = 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs';

describe('architecture', () => {
  it('the dependency rule holds: no cycle, no upward import, the drivers reach the engine only through api.ts, only client/ imports vscode', () => {
    const r = spawnSync(
      process.execPath,
      [cruiser, 'server/src', 'shared', 'client/src', 'media/src', 'bench/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const result = JSON.parse(r.stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[]; totalCruised: number } };
    expect(result.summary.totalCruised).toBeGreaterThan(100);
    expect(result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
  }, 60_000);

  it('the rule can fail: a driver importing the engine directly, or the model importing the solver, is reported', () => {
    const probes = [
      { file: 'server/src/cli/zz-probe.ts', text: "import { createEngine } from '../engine/engine';\nexport const probe = createEngine;\n", rule: 'layer-cli' },
      {
        file: 'server/src/model/zz-probe.ts',
        text: "import { FunctionSolver } from '../solve/query';\nexport const probe = FunctionSolver;\n",
        rule: 'layer-model',
      },
    ];
    try {
      for (const p of probes) writeFileSync(p.file, p.text);
      const r = spawnSync(process.execPath, [cruiser, ...probes.map((p) => p.file), '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      const names = (JSON.parse(r.stdout) as { summary: { violations: { rule: { name: string } }[] } }).summary.violations.map((v) => v.rule.name);
      for (const p of probes) expect(names).toContain(p.rule);
    } finally {
      for (const p of probes) rmSync(p.file, { force: true });
    }
  }, 60_000);

  it('every path ARCHITECTURE.md names exists', () => {
    const text = readFileSync('ARCHITECTURE.md', 'utf8');
    const paths = [...text.matchAll(/`((?:server|shared|client|media|test|bench|scripts)\/[A-Za-z0-9_./-]*)`/g)].map((m) => m[1].replace(/\/$/, ''));
    expect(paths.length).toBeGreaterThan(40);
    // Build outputs (ignored by git) exist only after a build: the map may name them.
    const built = (p: string) => p.startsWith('bench/out/');
    expect(paths.filter((p) => !built(p) && !existsSync(p))).toEqual([]);
  });
});
