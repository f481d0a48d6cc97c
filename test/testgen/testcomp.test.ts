// Test-Comp export of a real suite on a Test-Comp style program: the files
// parse as XML with the right DOCTYPE and fields, and replaying them gives
// the coverage that the C harness measured.
import { describe, it, expect } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { fileEngine as createEngine } from '../helpers/engine';
import { defaultEngineOptions } from '../../server/src/api';
import { loadProgram } from '../../server/src/frontend/index';
import { validateSuite } from '../../server/src/testgen/validate';
import { parseMetadata, parseTestcase, SPEC_ERROR, TestCompError } from '../../server/src/testgen/testcomp';
import { ownFixture, fixture, scratch, exportSuite, replaySuiteDir } from './helpers';

describe('Test-Comp export', () => {
  it('writes metadata and test cases that replay to the C harness coverage', async () => {
    const file = ownFixture('tc_branches.c');
    const engine = await createEngine(defaultEngineOptions);
    try {
      const report = await engine.cover({ file, criterion: 'decision' });
      const program = await loadProgram({ file }, defaultEngineOptions);
      const dir = scratch('testcomp');
      const files = exportSuite(program, report, path.join(dir, 'suite'), 'testcomp');
      const main = report.functions.find((f) => f.name === 'main')!;
      expect(files.map((f) => path.basename(f)).sort()).toEqual(['metadata.xml', ...main.tests.map((t) => `testcase-${t.id}.xml`)].sort());

      const meta = parseMetadata(fs.readFileSync(path.join(dir, 'suite', 'metadata.xml'), 'utf8'));
      expect(meta.doctype).toBe(
        'test-metadata PUBLIC "+//IDN sosy-lab.org//DTD test-format test-metadata 1.1//EN" "https://sosy-lab.org/test-format/test-metadata-1.1.dtd"',
      );
      expect(meta.fields).toMatchObject({
        sourcecodelang: 'C',
        producer: 'CReach',
        entryfunction: 'main',
        architecture: '64bit',
        specification: SPEC_ERROR, // a datum reaches reach_error()
        programhash: createHash('sha256').update(fs.readFileSync(file)).digest('hex'),
      });
      expect(Number.isNaN(Date.parse(meta.fields.creationtime))).toBe(false);
      for (const t of main.tests) {
        const tc = parseTestcase(fs.readFileSync(path.join(dir, 'suite', `testcase-${t.id}.xml`), 'utf8'));
        expect(tc.doctype).toBe('testcase PUBLIC "+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN" "https://sosy-lab.org/test-format/testcase-1.1.dtd"');
        expect(tc.inputs).toEqual(t.nondet.map((n) => String(n.value)));
      }

      const v = await validateSuite(program, report, { compiler: 'gcc', workDir: path.join(dir, 'validate'), timeoutMs: 20_000, sanitize: true });
      expect(v.differences).toEqual([]);
      expect(main.tests.every((t) => t.validated)).toBe(true);
      const r = await replaySuiteDir(path.join(dir, 'suite'), file, { compiler: 'gcc', workDir: path.join(dir, 'replay'), timeoutMs: 10_000 });
      expect(r.messages).toEqual([]);
      expect(r.errorReached).toBe(true);
      expect(r.coverage).toEqual(v.measured);
    } finally {
      engine.dispose();
    }
  }, 120_000);

  it('says clearly that Test-Comp needs main', async () => {
    const file = fixture('factorial.c');
    const program = await loadProgram({ file }, defaultEngineOptions);
    const report = { file, functions: [{ name: 'f', line: 5, goals: [], tests: [] }] };
    expect(() => exportSuite(program, report, scratch('nomain'), 'testcomp')).toThrow(TestCompError);
    expect(() => exportSuite(program, report, scratch('nomain'), 'testcomp')).toThrow(/Test-Comp format needs tests of 'main'/);
  });
});
