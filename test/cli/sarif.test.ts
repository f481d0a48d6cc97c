// `creach check --format sarif`: the log validates against the SARIF 2.1.0
// JSON schema (test/cli/sarif-schema-2.1.0.json: the OASIS schema, draft-07,
// "$id" .../sarif-spec/master/Schemata/sarif-schema-2.1.0.json, as the npm
// package @datadog/datadog-ci 2.41.0 ships it), and says what the report says:
// violations are results with the counter-example (checked by running the
// gcc-compiled function on it) and its path as a code flow, unknown and bounded
// verdicts are notes with their cause, proofs are notifications; exit codes
// are those of the text output.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { creachIn } from './run';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

interface Log {
  runs: {
    results: {
      ruleId: string;
      level: string;
      message: { text: string };
      locations: { physicalLocation: { region: { startLine: number } } }[];
      codeFlows?: {
        threadFlows: { locations: { location: { physicalLocation: { region: { startLine: number } } }; state?: Record<string, { text: string }> }[] }[];
      }[];
    }[];
    invocations: {
      toolExecutionNotifications: {
        associatedRule?: { id: string };
        level: string;
        message: { text: string };
        locations: { physicalLocation: { region: { startLine: number } } }[];
      }[];
    }[];
  }[];
}

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(join(__dirname, 'sarif-schema-2.1.0.json'), 'utf8')));

// Asynchronous: a long synchronous child would keep vitest's worker from answering its runner.
const creach = (cwd: string, ...args: string[]) => creachIn(cwd, args);

async function sarif(cwd: string, ...args: string[]): Promise<{ code: number | null; log: Log }> {
  const r = await creach(cwd, 'check', ...args, '--format', 'sarif');
  expect(r.stderr).toBe('');
  const log = JSON.parse(r.stdout) as Log;
  expect(validate(log), ajv.errorsText(validate.errors)).toBe(true);
  return { code: r.code, log };
}

const line = (x: { locations: { physicalLocation: { region: { startLine: number } } }[] }) => x.locations[0].physicalLocation.region.startLine;

/** Runs `call` (a C expression) compiled with gcc against `file`: whether an assertion failed. */
function assertionFails(dir: string, file: string, call: string): boolean {
  writeFileSync(join(dir, 'driver.c'), `#include "${file}"\nint main(void) { ${call}; return 0; }\n`);
  execFileSync('gcc', ['driver.c', '-o', 'driver'], { cwd: dir });
  const r = spawnSync(join(dir, 'driver'), { encoding: 'utf8' });
  return r.signal === 'SIGABRT' && /Assertion .* failed/.test(r.stderr);
}

const PROPS = `#include <assert.h>
#include <time.h>

int violated(int x)
{
    assert(x != 42);
    return x;
}

int proved(int x)
{
    if (x > 10)
        assert(x > 5);
    return x;
}

int bounded(unsigned n)
{
    unsigned s = 0;
    for (unsigned i = 0; i < n; i++)
        s += i;
    assert(s != 4950);
    return (int)s;
}

int opaque(int k)
{
    int v = (int)time(0) - k;
    assert(v != 7);
    return v;
}
`;

const PROGRAM = `#include <assert.h>

int helper(int x)
{
    assert(x != 42);
    return x / 2;
}

int main(void)
{
    return helper(1);
}
`;

let dir: string;
beforeAll(() => {
  execFileSync('npm', ['run', 'build'], { stdio: 'pipe' });
  dir = mkdtempSync(join(tmpdir(), 'creach-sarif-'));
  writeFileSync(join(dir, 'props.c'), PROPS);
  writeFileSync(join(dir, 'prog.c'), PROGRAM);
}, 120_000);

describe('check --format sarif', () => {
  it('the schema rejects what SARIF 2.1.0 does not allow (the validation can fail)', () => {
    expect(validate({ version: '2.1.0', runs: [] })).toBe(true);
    expect(validate({ version: '2.0.0', runs: [] })).toBe(false);
    expect(validate({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, level: 'fatal' }] }] })).toBe(false);
  });

  it('--format takes text, json or sarif, and contradicting --json is a usage error (exit code 2)', async () => {
    for (const args of [
      ['--format', 'xml'],
      ['--json', '--format', 'sarif'],
    ]) {
      const r = await creach(dir, 'check', 'props.c', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
    }
  });

  it('a violation, a proof, a bounded and an unknown verdict', async () => {
    const { code, log } = await sarif(dir, 'props.c', '--loop-bound', '8');
    expect(code).toBe(1);
    const run = log.runs[0];
    const results = run.results.filter((r) => r.ruleId === 'assert');

    // violated: the only counter-example of assert(x != 42) is x = 42.
    const v = results.find((r) => line(r) === 6)!;
    expect(v.level).toBe('error');
    expect(v.message.text).toBe('`assert(x != 42)` fails for x = 42.');
    const flow = v.codeFlows![0].threadFlows[0].locations;
    expect(flow[0].state).toEqual({ x: { text: '42' } });
    expect(flow[0].location.physicalLocation.region.startLine).toBe(4);
    expect(flow[flow.length - 1].location.physicalLocation.region.startLine).toBe(6);
    expect(assertionFails(dir, 'props.c', `violated(${flow[0].state!.x.text})`)).toBe(true);

    // bounded: n = 100 violates it (0 + 1 + ... + 99 = 4950), beyond 8 loop iterations (s += i is no counter: not accelerated).
    const b = results.find((r) => line(r) === 22)!;
    expect(b.level).toBe('note');
    expect(b.message.text).toMatch(/no violation within 8 loop iterations \(bounded: not a proof\).*raise the loop bound/);
    expect(assertionFails(dir, 'props.c', 'bounded(100)')).toBe(true);

    // unknown: time is not modelled (atoi is).
    const u = results.find((r) => line(r) === 29)!;
    expect(u.level).toBe('note');
    expect(u.message.text).toMatch(/unknown: .*time/);

    // proved: x > 10 implies x > 5; a notification, not a result.
    expect(results.map(line).sort((a, b) => a - b)).toEqual([6, 22, 29]);
    const proofs = run.invocations[0].toolExecutionNotifications.filter((n) => n.associatedRule?.id === 'assert');
    expect(proofs.map((n) => [line(n), n.level])).toEqual([[13, 'note']]);
    expect(proofs[0].message.text).toMatch(/^`assert\(x > 5\)` holds for every execution: proved; because of line 12: /);
  }, 240_000);

  it('a function checked alone is a warning; from main the property holds (a notification), exit code 0', async () => {
    const { code, log } = await sarif(dir, 'prog.c');
    expect(code).toBe(0);
    expect((await creach(dir, 'check', 'prog.c')).code).toBe(0);
    const run = log.runs[0];
    expect(run.results.map((r) => [r.ruleId, r.level, line(r)])).toEqual([['assert', 'warning', 5]]);
    expect(run.results[0].message.text).toBe('`assert(x != 42)` fails for x = 42: when called alone; it holds for every call from main.');
    const fromMain = run.invocations[0].toolExecutionNotifications.filter((n) => n.message.text.includes('called at main:11'));
    // x / 2 cannot divide by zero or overflow: no goals (a constant divisor settles them).
    expect(fromMain.map((n) => n.associatedRule?.id).sort()).toEqual(['assert']);
  }, 240_000);

  it('tcas_assert.c: the counter-example of assert(z > -2500) fails compiled, its path in the code flow', async () => {
    const { code, log } = await sarif(process.cwd(), 'test/fixtures/tcas_assert.c', '--function', 'foo');
    expect(code).toBe(1);
    const a = log.runs[0].results.find((r) => r.ruleId === 'assert')!;
    expect(a.level).toBe('error');
    const flow = a.codeFlows![0].threadFlows[0].locations;
    const { x, y } = flow[0].state!;
    expect(a.message.text).toBe(`\`assert(z > -2500)\` fails for x = ${x.text}, y = ${y.text}.`);
    expect(assertionFails(mkdtempSync(join(tmpdir(), 'creach-sarif-')), join(process.cwd(), 'test/fixtures/tcas_assert.c'), `foo(${x.text}, ${y.text})`)).toBe(
      true,
    );
    // The path: the entry (line 7), u = 100 (line 13), y = x - u (17), z (18), the assertion (19).
    expect(flow.map((l) => l.location.physicalLocation.region.startLine)).toEqual([7, 13, 17, 18, 19]);
    // The overflows are results too, each with a datum.
    expect(
      log.runs[0].results
        .filter((r) => r.ruleId === 'overflow')
        .map(line)
        .sort((a, b) => a - b),
    ).toEqual([10, 15, 17, 18]);
  }, 240_000);
});
