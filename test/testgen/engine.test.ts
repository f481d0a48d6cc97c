// Real suites: the engine's decision-coverage report for every seed fixture
// that needs neither pointers nor floats is exported, compiled without
// warnings, run, and validated (goals reached, results matched, no
// sanitizer complaint, gcov agreeing with the claims).
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import * as path from 'node:path';
import { fileEngine as createEngine } from '../helpers/engine';
import { defaultEngineOptions } from '../../server/src/api';
import type { Engine } from '../helpers/engine';
import { loadProgram } from '../../server/src/frontend/index';
import { validateSuite } from '../../server/src/testgen/validate';
import { fixture, scratch, gcc, runExe, exportSuite } from './helpers';

const FIXTURES = ['factorial.c', 'example2.c', 'sample.c', 'cl2000_foo.c', 'tcas_assert.c', 'modular.c', 'tritype.c', 'product.c', 'loops_w.c'];

// One engine per fixture, so one fixture's solver trouble cannot spill into the next.
let engine: Engine | undefined;
beforeEach(async () => {
  engine = await createEngine(defaultEngineOptions);
});
afterEach(() => engine?.dispose());

describe.each(FIXTURES)('generated suite of %s', (name) => {
  it('exports, compiles without warnings, passes and validates', async () => {
    const file = fixture(name);
    const report = await engine!.cover({ file, criterion: 'decision' });
    const program = await loadProgram({ file }, defaultEngineOptions);
    const tests = report.functions.flatMap((f) => f.tests);
    expect(tests.length).toBeGreaterThan(0);

    const dir = scratch(`engine-${name}`);
    const [harness] = exportSuite(program, report, dir, 'c');
    expect(gcc(dir, ['-Wall', '-Wextra', path.basename(harness), '-o', 'tests'])).toBe('');
    const run = runExe(path.join(dir, 'tests'));
    const skipped = (run.stdout.match(/: skipped: it shows a runtime error/g) ?? []).length;
    expect(run.stdout).toMatch(new RegExp(`^${tests.length - skipped} passed, 0 failed$`, 'm'));

    const v = await validateSuite(program, report, { compiler: 'gcc', workDir: path.join(dir, 'validate'), timeoutMs: 20_000, sanitize: true });
    expect(v.warnings).toBe('');
    expect(v.differences).toEqual([]);
    expect(v.unobserved).toEqual([]);
    for (const t of tests) expect({ id: t.id, validated: t.validated, why: t.validation }).toEqual({ id: t.id, validated: true, why: undefined });
  }, 240_000);
});
