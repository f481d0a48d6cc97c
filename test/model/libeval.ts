// Runs the model of a function on concrete inputs, in process: the function
// is encoded once (solve/level.ts), then each input vector is fixed by
// assumptions and the solver gives the complete execution's results (the
// return value, the final globals), or none when the run has undefined
// behaviour. The library differential tests compare these with glibc.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { defaultEngineOptions, type EngineOptions } from '../../server/src/api';
import { loadProgram } from '../../server/src/frontend/index';
import type { Program } from '../../server/src/ir/ir';
import { bvConst, type B, type BV } from '../../server/src/model/semantics';
import { selectVal, type Val } from '../../server/src/model/values';
import { buildLevel, type Level } from '../../server/src/solve/level';
import { getZ3, queueCheck, type Z3Handle } from '../../server/src/z3/z3';

/** An input of the function: an integer parameter, or the bytes of a pointer parameter's object (from its start; the rest free). */
export type Arg = bigint | number | number[];

export interface Outcome {
  /** 'ub': no execution without undefined behaviour. */
  kind: 'ok' | 'ub';
  result?: bigint;
  /** Final values of the named globals (integers, or arrays of integers). */
  globals: Record<string, bigint | bigint[]>;
}

export class ModelRunner {
  private levels = new Map<string, Level>();
  private constructor(
    readonly z: Z3Handle,
    readonly program: Program,
    readonly options: EngineOptions,
  ) {}

  static async load(file: string, options: Partial<EngineOptions> = {}): Promise<ModelRunner> {
    const all = { ...defaultEngineOptions, timeoutMs: 60_000, ...options };
    return new ModelRunner(await getZ3(), await loadProgram({ file }, all), all);
  }

  private level(fn: string): Level {
    let l = this.levels.get(fn);
    if (!l) {
      const f = this.program.functions.find((x) => x.name === fn);
      if (!f) throw new Error(`no function ${fn}`);
      l = buildLevel(this.z, this.program, f, this.options, 1);
      this.levels.set(fn, l);
    }
    return l;
  }

  /** The function's complete execution on `args` (by parameter order), reading the globals named. */
  async run(fn: string, args: Arg[], globals: string[] = []): Promise<Outcome> {
    const { ctx } = this.z;
    const level = this.level(fn);
    const { enc } = level;
    const params = enc.inputs.filter((i) => i.kind === 'param');
    const fix: B[] = [];
    args.forEach((a, k) => {
      const input = params[k];
      if (!input) throw new Error(`${fn}: no parameter ${k}`);
      if (Array.isArray(a)) {
        const o = input.object!;
        fix.push(o.nullLit.not() as B, ...o.aliases.map((x) => x.lit.not() as B));
        a.forEach((b, m) => {
          const leaf = selectVal(input.val, bvConst(ctx, BigInt(m), 64));
          const t = (leaf as { t: BV }).t;
          fix.push(t.eq(bvConst(ctx, BigInt(b), t.size())) as B);
        });
      } else {
        const t = (input.val as { t: BV }).t;
        fix.push(t.eq(bvConst(ctx, BigInt(a), t.size())) as B);
      }
    });
    if (enc.exitNode === null) throw new Error(`${fn}: no exit`);
    // Through queueCheck, as the engine's checks: term releases wait while the check runs (z3/z3.ts).
    // A check called directly let a garbage collection free terms mid-check: Z3 once failed with its
    // internal "unreachable", and once never ended.
    const check = () => queueCheck(() => level.solver.check(enc.okAll, enc.noUnwind, enc.reach[enc.exitNode!], ...fix));
    let r = await check();
    // No answer is not a wrong answer: asked once more (seen once under load, well within the time limit).
    if (r === 'unknown') r = await check();
    if (r === 'unknown') throw new Error(`${fn}(${JSON.stringify(args)}): the solver gave up (${level.solver.reasonUnknown()})`);
    if (r === 'unsat') return { kind: 'ub', globals: {} };
    const model = level.solver.model();
    const num = (v: Val, signed: boolean): bigint => {
      const t = (v as { t: BV }).t;
      const raw = BigInt((model.eval(t, true) as unknown as { value(): bigint }).value());
      const bits = BigInt(t.size());
      return signed && raw >= 1n << (bits - 1n) ? raw - (1n << bits) : raw;
    };
    const out: Outcome = { kind: 'ok', globals: {} };
    const f = this.program.functions.find((x) => x.name === fn)!;
    const ret = f.type.kind === 'function' ? f.type.ret : null;
    if (enc.returnVal && ret?.kind === 'int') out.result = num(enc.returnVal, ret.signed);
    const exit = enc.exitEnv[enc.exitNode];
    for (const name of globals) {
      const id = this.program.globals.find((g) => this.program.vars.get(g)!.name === name)!;
      const v = this.program.vars.get(id)!;
      const val = exit.get(id)!;
      if (v.type.kind === 'array' && v.type.of.kind === 'int') {
        const of = v.type.of;
        out.globals[name] = Array.from({ length: v.type.length ?? 0 }, (_, m) => num(selectVal(val, bvConst(ctx, BigInt(m), 64)), of.signed));
      } else if (v.type.kind === 'int') out.globals[name] = num(val, v.type.signed);
    }
    return out;
  }
}

/** Compiles `main` (with the wrappers it includes, from `dir`) by gcc, runs it and gives its output lines. */
export function runGcc(dir: string, mainSource: string): string[] {
  fs.writeFileSync(path.join(dir, 'truth.c'), mainSource);
  execFileSync('gcc', ['-O0', '-w', '-o', 'truth', 'truth.c'], { cwd: dir });
  return execFileSync(path.join(dir, 'truth'), { encoding: 'utf8', maxBuffer: 1 << 26 })
    .trimEnd()
    .split('\n');
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** The bytes of a string (each character one byte) and its NUL. */
export const bytesOf = (s: string): number[] => [...s].map((c) => c.charCodeAt(0)).concat(0);

/** A C string literal of the bytes of `s`. */
export function cString(s: string): string {
  return '"' + [...s].map((c) => `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`).join('') + '"';
}

/** A small deterministic generator (the same cases on every run). */
export function generator(seed: number) {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: T[]): T => xs[Math.floor(next() * xs.length)],
  };
}
