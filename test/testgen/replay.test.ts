// Replaying hand-written Test-Comp suites: outcomes follow from C semantics
// (x > 10 and c == 200 reach the error), coverage from gcov on the program.
import { describe, it, expect } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TESTCASE_DOCTYPE, METADATA_DOCTYPE, parseTestcase, parseMetadata } from '../../server/src/testgen/testcomp';
import { scratch, ownFixture, replaySuiteDir } from './helpers';

function writeSuite(dir: string, cases: string[][]): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'metadata.xml'),
    `<?xml version="1.0"?>\n${METADATA_DOCTYPE}\n<test-metadata><sourcecodelang>C</sourcecodelang><producer>by hand</producer><entryfunction>main</entryfunction><architecture>64bit</architecture></test-metadata>\n`,
  );
  cases.forEach((inputs, i) => {
    const body = inputs.map((v) => `<input>${v}</input>`).join('\n');
    fs.writeFileSync(
      path.join(dir, `case${i + 1}.xml`),
      `<?xml version="1.0"?>\n${TESTCASE_DOCTYPE}\n<!-- written by hand -->\n<testcase>\n${body}\n</testcase>\n`,
    );
  });
}

describe('replay', () => {
  it('runs each test case and measures coverage and error reaching', async () => {
    const dir = scratch('replay');
    writeSuite(path.join(dir, 'suite'), [['5', '0'], ['11', '200'], ['0x0b', '3'], ['11']]);
    const r = await replaySuiteDir(path.join(dir, 'suite'), ownFixture('tc_branches.c'), {
      compiler: 'gcc',
      workDir: path.join(dir, 'work'),
      timeoutMs: 10_000,
    });
    expect(r.tests.map((t) => t.outcome)).toEqual(['returned', 'error-reached', 'returned', 'inputs-exhausted']);
    expect(r.errorReached).toBe(true);
    // Two two-way decisions in main, every outcome taken: 4 of 4 arcs.
    expect(r.coverage!.branches).toEqual({ covered: 4, total: 4 });
    expect(r.coverage!.statements.covered).toBe(r.coverage!.statements.total);
  });

  it('sees a missed branch and no error when the suite lacks them', async () => {
    const dir = scratch('replay2');
    writeSuite(path.join(dir, 'suite'), [
      ['-3', '200'],
      ['12', '199'],
    ]);
    const r = await replaySuiteDir(path.join(dir, 'suite'), ownFixture('tc_branches.c'), {
      compiler: 'gcc',
      workDir: path.join(dir, 'work'),
      timeoutMs: 10_000,
    });
    expect(r.errorReached).toBe(false);
    expect(r.coverage!.branches).toEqual({ covered: 3, total: 4 });
    // reach_error's body and the call never run.
    expect(r.coverage!.statements.total - r.coverage!.statements.covered).toBe(2);
  });

  it('parses test cases with comments, entities and CDATA', () => {
    const t = parseTestcase(
      `<?xml version="1.0"?>\n${TESTCASE_DOCTYPE}\n<!-- <input>9</input> -->\n<testcase><input type="int">-1</input><input><![CDATA[42]]></input><input>&#52;</input></testcase>`,
    );
    expect(t.inputs).toEqual(['-1', '42', '4']);
    expect(t.doctype).toContain('testcase PUBLIC "+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN"');
    expect(() => parseTestcase('<foo/>')).toThrow(/no <testcase>/);
    expect(parseMetadata(`${METADATA_DOCTYPE}<test-metadata><producer>A &amp; B</producer></test-metadata>`).fields.producer).toBe('A & B');
  });
});
