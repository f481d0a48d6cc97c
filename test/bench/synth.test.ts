// The benchmark's synthetic programs are what they claim: valid C (gcc -Wall
// -Wextra -Werror), and each family's datum reaches its goal when the
// compiled program runs; the engine's own datum for the goal reaches it too.

import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { synthesize, editorFile, type Family, type Synthetic } from '../../bench/src/synth';
import { percentile } from '../../bench/src/stats';
import { fileEngine as createEngine } from '../helpers/engine';
import { defaultEngineOptions } from '../../server/src/api';

const dir = mkdtempSync(path.join(tmpdir(), 'creach-bench-'));

/** Compiles the program with a flag set on the goal line, calls the goal's function with `args`, returns whether the goal ran. */
function reaches(s: Synthetic, args: (number | string)[]): boolean {
  const lines = s.source.split('\n');
  lines[0] = `static int reached; ${lines[0]}`; // same line numbers
  lines[s.goal.line - 1] = `{ reached = 1; ${lines[s.goal.line - 1].trim()} }`;
  const base = path.join(dir, `${s.family}-${s.size}`);
  writeFileSync(
    `${base}.c`,
    `${lines.join('\n')}\n#include <stdio.h>\nint main(void) { ${s.goal.function}(${args.join(', ')}); printf("%d\\n", reached); return 0; }\n`,
  );
  execFileSync('gcc', ['-Wall', '-Wextra', '-Werror', '-fsanitize=undefined', '-fno-sanitize-recover', '-o', base, `${base}.c`]);
  return execFileSync(base, { encoding: 'utf8' }).trim() === '1';
}

const small: [Family, number][] = [
  ['functions', 4],
  ['decisions', 12],
  ['nesting', 7],
  ['loop', 6],
];

describe('synthetic programs', () => {
  it.each(small)('%s %i: the stated datum reaches the goal, and a wrong one does not', (family, size) => {
    const s = synthesize(family, size);
    expect(reaches(s, s.datum)).toBe(true);
    // One input changed (within the preconditions) misses it: the goal is a real condition.
    const wrong = s.datum.map((v, i) => (i === 0 ? (family === 'loop' ? v - 1 : family === 'nesting' ? -1 : family === 'decisions' ? 0 : v + 1) : v));
    expect(reaches(s, wrong)).toBe(false);
  });

  it.each(small)(
    "%s %i: the engine's datum for the goal reaches it in the compiled program",
    async (family, size) => {
      const s = synthesize(family, size);
      const file = path.join(dir, `${family}-${size}-engine.c`);
      writeFileSync(file, s.source);
      const engine = await createEngine({ ...defaultEngineOptions });
      const r = await engine.reach({ file, function: s.goal.function, line: s.goal.line });
      engine.dispose();
      const f = r.functions[0];
      expect(f.goals[0].status, JSON.stringify(r)).toBe('covered');
      const t = f.tests.find((x) => x.id === f.goals[0].test)!;
      expect(reaches(s, Object.values(t.inputs).map(String))).toBe(true);
    },
    60_000,
  );

  it('the editor file has the asked size, compiles cleanly and defines every function', () => {
    const text = editorFile(30, 1000);
    expect(text.split('\n').length).toBe(1000);
    const file = path.join(dir, 'editor.c');
    writeFileSync(file, text);
    execFileSync('gcc', ['-Wall', '-Wextra', '-Werror', '-c', '-o', path.join(dir, 'editor.o'), file]);
    const symbols = execFileSync('nm', [path.join(dir, 'editor.o')], { encoding: 'utf8' });
    for (let k = 0; k < 30; k++) expect(symbols).toMatch(new RegExp(`\\bT g${k}\\n`));
  });
});

describe('percentile', () => {
  it('is the nearest rank on sorted values', () => {
    const xs = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(xs, 50)).toBe(5);
    expect(percentile(xs, 95)).toBe(10);
    expect(percentile(xs, 10)).toBe(1);
    expect(percentile([7], 95)).toBe(7);
  });
});
