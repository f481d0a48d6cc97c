// The build drops one debug check from z3-solver's WebAssembly glue (a third
// of SAMPLE's enumeration time): the installed version must still have that
// check where the script expects it, or the build only warns and everything
// runs slower. Every other test runs on the patched glue (npm test builds first).
import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
// @ts-expect-error: a build script in JavaScript, without type declarations
import { dropTableMirrorCheck } from '../scripts/z3-fast-table.mjs';

const CHECK = "assert(wasmTable.get(funcPtr) == func, 'JavaScript-side Wasm function table mirror is out of date!');";
const glue = path.join('node_modules', 'z3-solver', 'build', 'z3-built.js');

describe("z3-solver's glue without the function-table mirror check", () => {
  it('drops the check once from the installed version, and says so again without changing anything', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'creach-z3glue-'));
    try {
      // The installed glue as npm brings it (the build may have patched this checkout's already).
      const original = readFileSync(glue, 'utf8').replace(/\/\* creach: the mirror check[^*]*\*\//, CHECK);
      expect(original.split(CHECK)).toHaveLength(2);
      mkdirSync(path.join(dir, 'build'));
      const file = path.join(dir, 'build', 'z3-built.js');
      writeFileSync(file, original);
      expect(dropTableMirrorCheck(dir)).toMatch(/: done$/);
      const patched = readFileSync(file, 'utf8');
      expect(patched).not.toContain(CHECK);
      expect(patched.length).toBeLessThan(original.length);
      expect(dropTableMirrorCheck(dir)).toMatch(/: already done$/);
      expect(readFileSync(file, 'utf8')).toBe(patched);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves a glue without the check as it is', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'creach-z3glue-'));
    try {
      mkdirSync(path.join(dir, 'build'));
      writeFileSync(path.join(dir, 'build', 'z3-built.js'), 'var x = 1;\n');
      expect(dropTableMirrorCheck(dir)).toMatch(/found 0 times, left as it is$/);
      expect(readFileSync(path.join(dir, 'build', 'z3-built.js'), 'utf8')).toBe('var x = 1;\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
