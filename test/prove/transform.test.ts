// The loop abstraction (prove/transform.ts) and its checks, with candidates
// written by hand: the result is acyclic, a true invariant passes both checks,
// and wrong ones fail where C says they fail (at entry, on the way round, or
// only through wrap-around), in the encoder's exact semantics.
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultEngineOptions } from '../../server/src/api';
import { loadProgram } from '../../server/src/frontend/index';
import type { IRFunction, Program } from '../../server/src/ir/ir';
import { findLoops, isReducible } from '../../server/src/ir/loops';
import { acyclicLevel, encodeAt } from '../../server/src/solve/level';
import { obligationsBefore } from '../../server/src/solve/targets';
import { siteKey } from '../../server/src/model/state';
import type { B } from '../../server/src/model/semantics';
import { getZ3, queueCheck, type Z3Handle } from '../../server/src/z3/z3';
import { abstractLoops, loopEffects, type LoweredCandidate } from '../../server/src/prove/transform';
import { conservedCandidates, lowerCandidates, newestCandidates, unassignedCandidates } from '../../server/src/prove/candidates';
import { contentCandidates } from '../../server/src/prove/contents';

let z: Z3Handle;
beforeAll(async () => {
  z = await getZ3();
});

const options = { ...defaultEngineOptions, timeoutMs: 20_000 };

async function load(text: string): Promise<{ program: Program; fn: IRFunction }> {
  const program = await loadProgram({ file: '/tmp/creach-transform.c', text }, options);
  return { program, fn: program.functions[program.functions.length - 1] };
}

/** Whether each check (init, step) of the single candidate `text` at the function's only loop can fail. */
async function checks(text: string, source: string, peel = 0): Promise<{ init: boolean; step: boolean }> {
  const { program, fn } = await load(source);
  const [loop] = findLoops(fn);
  const cands = await lowerCandidates(program, fn, loop, [text], 1_500_000_000);
  expect(cands.map((c) => c.text)).toEqual([text]);
  return checksOf(program, fn, new Map([[loop.header, cands]]), peel);
}

/** Whether some check (init, step) of the candidates given for each loop header can fail. */
async function checksOf(
  program: Program,
  fn: IRFunction,
  candidates: Map<number, LoweredCandidate[]>,
  peel = 0,
  cutting = false,
): Promise<{ init: boolean; step: boolean }> {
  const a = abstractLoops({ program, fn, candidates, peel, mode: 'separate', cutting });
  const { u, enc, solver } = encodeAt(z, a.program, a.fn, options, 1, false);
  expect(u.unwinds).toEqual([]);
  const level = acyclicLevel(enc, solver);
  const out = { init: false, step: false };
  for (const c of a.checks)
    for (const site of enc.sites.get(siteKey(fn.name, c.block, c.index)) ?? []) {
      const copy = { lit: enc.reach[site.node].and(site.cond.not()) as B, node: site.node, upTo: c.index };
      // Through the engine's check queue: a check outside it lets Z3's term finalizers run during the check (heap corruption).
      if ((await queueCheck(() => solver.check(copy.lit, ...obligationsBefore(level, copy)))) === 'sat') out[c.role] = true;
    }
  return out;
}

const EVEN = `int f(int n) { int i = 0, s = 0;
  while (i < n) { s = s + 2; i = i + 1; }
  return s; }`;

describe('the abstraction', () => {
  it('has no loop left, keeps the original blocks, and peeling copies the first iteration', async () => {
    const { program, fn } = await load(EVEN);
    const [loop] = findLoops(fn);
    for (const peel of [0, 1]) {
      const a = abstractLoops({ program, fn, candidates: new Map([[loop.header, []]]), peel, mode: 'separate' });
      expect(findLoops(a.fn)).toEqual([]);
      expect(isReducible(a.fn)).toBe(true);
      for (const b of fn.blocks) expect(a.fn.blocks[b.id].instrs.slice(0, b.instrs.length)).toEqual(b.instrs);
      expect(a.loops).toEqual([{ header: loop.header, copies: [expect.any(Number)] }]);
      // Peeling adds a copy of each body block.
      expect(a.fn.blocks.length).toBe(fn.blocks.length + 3 + (peel ? loop.body.size : 0));
    }
  });

  it('havocs what the loop writes: its variables, globals written by callees, memory written through pointers', async () => {
    const { program, fn } = await load(`int g, h;
void set(int *p) { *p = 1; g = 2; }
int f(int n) { int x = 0, y = 0, i = 0;
  while (i < n) { set(&x); i++; }
  return x + y + h; }`);
    const [loop] = findLoops(fn);
    const e = loopEffects(program, fn, loop.body);
    const names = [...e.vars].map((id) => program.vars.get(id)!.name);
    expect(names).toContain('i');
    expect(names).toContain('g');
    expect(names).not.toContain('y');
    expect(names).not.toContain('h');
    expect(e.memory).toBe(true);
  });

  it('refuses loops that allocate', async () => {
    const { program, fn } = await load(`#include <stdlib.h>
int f(int n) { int i = 0; while (i < n) { free(malloc(4)); i++; } return i; }`);
    const [loop] = findLoops(fn);
    expect(loopEffects(program, fn, loop.body).refuse).toMatch(/malloc|free/);
  });
});

describe('the checks, in C semantics', () => {
  it('s == 2 * i holds at entry and on the way round (its overflow is undefined, so excluded)', async () => {
    expect(await checks('s == 2 * i', EVEN)).toEqual({ init: false, step: false });
  });

  it('a wrong relation (s == 3 * i) holds at entry but fails on the way round', async () => {
    expect(await checks('s == 3 * i', EVEN)).toEqual({ init: false, step: true });
  });

  it('a wrong bound (s >= 1) fails at entry; after one peeled iteration it holds', async () => {
    expect((await checks('s >= 1', EVEN)).init).toBe(true);
    expect((await checks('s >= 1', EVEN, 1)).init).toBe(false);
  });

  it('x % 3 == 0 fails on the way round for unsigned x (wrap-around), holds for int x', async () => {
    const loop = (t: string) => `int f(unsigned n) { ${t} x = 0; unsigned i = 0;
  while (i < n) { x += 3; i++; }
  return x; }`;
    expect(await checks('x % 3 == 0', loop('unsigned'))).toEqual({ init: false, step: true });
    expect(await checks('x % 3 == 0', loop('int'))).toEqual({ init: false, step: false });
  });

  it('a candidate whose evaluation is undefined does not hold (100 / (i - 5) > 0 fails when i reaches 5)', async () => {
    const r = await checks('100 / (i - 5) != 0 || i != 5', EVEN);
    expect(r.step).toBe(true);
  });

  it('i <= n holds after the peeled first iteration, not at entry (n may be negative)', async () => {
    expect(await checks('i <= n', EVEN)).toEqual({ init: true, step: false });
    expect(await checks('i <= n', EVEN, 1)).toEqual({ init: false, step: false });
  });
});

describe('quantities kept from the loop entry (E == \\at(E, LoopEntry))', () => {
  const conserved = async (source: string, peel = 0) => {
    const { program, fn } = await load(source);
    const loops = findLoops(fn);
    const out: { text: string; checks: { init: boolean; step: boolean } }[] = [];
    for (const c of conservedCandidates(program, fn, loops[0], loops, 1_500_000_000))
      out.push({ text: c.text, checks: await checksOf(program, fn, new Map([[loops[0].header, [c]]]), peel) });
    return out;
  };

  it('x + y for x--, y++ on unsigned (y wraps, the sum is kept modulo 2^32), with and without peeling', async () => {
    // Hand proof: each iteration adds -1 + 1 to x + y modulo 2^32, whatever wraps.
    const source = `unsigned f(unsigned n, unsigned y) { unsigned x = n;
  while (x > 0) { x--; y++; }
  return y; }`;
    for (const peel of [0, 1])
      expect(await conserved(source, peel)).toEqual([{ text: 'x + y == \\at(x + y, LoopEntry)', checks: { init: false, step: false } }]);
  });

  it('steps 3 and 2 on int: 2 * x - 3 * y in unsigned (exact for the overflow-free runs)', async () => {
    const source = `int f(int n) { int x = n, y = 7, i = 0;
  while (i < n) { x += 3; y += 2; i++; }
  return x; }`;
    const r = await conserved(source);
    expect(r.map((c) => c.text)).toContain('2 * (unsigned int)x - 3 * (unsigned int)y == \\at(2 * (unsigned int)x - 3 * (unsigned int)y, LoopEntry)');
    for (const c of r) expect(c.checks).toEqual({ init: false, step: false });
  });

  it('an inner loop of a constant trip count is one step of the outer loop: rounds of 8 `s++` keep 8 * r - s', async () => {
    // Hand count: k = 0, 1, ..., 7 run the body (8 trips), so each round adds 8 to s and 1 to r.
    const outer = async (source: string) => {
      const { program, fn } = await load(source);
      const loops = findLoops(fn).sort((a, b) => a.header - b.header);
      return conservedCandidates(program, fn, loops[0], loops, 1_500_000_000).map((c) => c.text);
    };
    expect(
      await outer(`int f(int n) { int r = 0, s = 0;
  while (r < n) { for (int k = 0; k < 8; k++) s++; r++; }
  return s; }`),
    ).toEqual(['8 * (unsigned int)r - (unsigned int)s == \\at(8 * (unsigned int)r - (unsigned int)s, LoopEntry)']);
    // k = 0 and 2 run the body (2 trips), k = 4 leaves: 10 a round; a counter going down the same way.
    expect(
      await outer(`int f(int n) { int r = 0, s = 0;
  while (r < n) { for (int k = 0; k < 3; k += 2) s += 5; r++; }
  return s; }`),
    ).toEqual(['10 * (unsigned int)r - (unsigned int)s == \\at(10 * (unsigned int)r - (unsigned int)s, LoopEntry)']);
    expect(
      await outer(`int f(int n) { int r = 0, s = 0;
  while (r < n) { int k = 3; while (k > 0) { k--; s += 2; } r++; }
  return s; }`),
    ).toEqual(['6 * (unsigned int)r - (unsigned int)s == \\at(6 * (unsigned int)r - (unsigned int)s, LoopEntry)']);
    // Not summarised: a count that depends on the round (k from r), or a loop left by a break.
    expect(
      await outer(`int f(int n) { int r = 0, s = 0;
  while (r < n) { for (int k = r; k < 8; k++) s++; r++; }
  return s; }`),
    ).toEqual([]);
    expect(
      await outer(`int f(int n) { int r = 0, s = 0;
  while (r < n) { for (int k = 0; k < 8; k++) { if (s > n) break; s++; } r++; }
  return s; }`),
    ).toEqual([]);
  });

  it('a kept quantity of one loop put at another whose steps differ fails on the way round, not at entry', async () => {
    // x + y is kept by the first loop; the second moves both down, so x + y drops by 2 each time.
    const source = `unsigned f(unsigned n) { unsigned x = n, y = 0;
  while (x > 0) { x--; y++; }
  x = y;
  while (y > 0) { x--; y--; }
  return x; }`;
    const { program, fn } = await load(source);
    const loops = findLoops(fn).sort((a, b) => a.header - b.header);
    const kept = conservedCandidates(program, fn, loops[0], loops, 1_500_000_000);
    expect(kept.map((c) => c.text)).toEqual(['x + y == \\at(x + y, LoopEntry)']);
    expect(await checksOf(program, fn, new Map([[loops[1].header, kept]]))).toEqual({ init: false, step: true });
    // Its own candidate there is x - y, which holds.
    const own = conservedCandidates(program, fn, loops[1], loops, 1_500_000_000);
    expect(own.map((c) => c.text)).toEqual(['x - y == \\at(x - y, LoopEntry)']);
    expect(await checksOf(program, fn, new Map([[loops[1].header, own]]))).toEqual({ init: false, step: false });
  });
});

describe('candidates that a local stays unassigned (`!\\initialized(&x)`)', () => {
  const unassigned = async (source: string) => {
    const { program, fn } = await load(source);
    const loops = findLoops(fn);
    const out: { text: string; checks: { init: boolean; step: boolean } }[] = [];
    for (const c of unassignedCandidates(program, fn, loops[0], 1_500_000_000))
      out.push({ text: c.text, checks: await checksOf(program, fn, new Map([[loops[0].header, [c]]])) });
    return out;
  };

  it('holds when the loop never runs its assignment (k != k is never true for an int)', async () => {
    const source = `int f(int n, int k) { int x, i = 0;
  while (i < n) { if (k != k) x = 1; i++; }
  return x; }`;
    expect(await unassigned(source)).toEqual([{ text: '!\\initialized(&x)', checks: { init: false, step: false } }]);
  });

  it('fails on the way round when an iteration assigns it (i == 70), not at entry', async () => {
    const source = `int f(int n) { int x, i = 0;
  while (i < n) { if (i == 70) x = 1; i++; }
  return x; }`;
    expect(await unassigned(source)).toEqual([{ text: '!\\initialized(&x)', checks: { init: false, step: true } }]);
  });

  it('fails at entry when some path assigns it before the loop', async () => {
    const source = `int f(int n) { int x, i = 0;
  if (n > 3) x = 0;
  while (i < n) { if (n != n) x = 1; i++; }
  return x; }`;
    expect(await unassigned(source)).toEqual([{ text: '!\\initialized(&x)', checks: { init: true, step: false } }]);
  });

  it('is not made for a local no read may find unassigned, nor for one whose address is taken', async () => {
    const assignedFirst = `int f(int n) { int x = 0, i = 0;
  while (i < n) { if (i == 5) x = 1; i++; }
  return x; }`;
    expect(await unassigned(assignedFirst)).toEqual([]);
    const addressTaken = `int g(int *p) { return 0; }
int f(int n) { int x, i = 0;
  while (i < n) { if (i == 5) x = 1; i++; }
  g(&x);
  return x; }`;
    expect(await unassigned(addressTaken)).toEqual([]);
  });
});

describe('array contents (prove/contents.ts): the quantified candidates are checked, not trusted', () => {
  /** Whether each check of the content candidate `text` of the function's first loop can fail, the candidate alone. */
  const contents = async (source: string, text: string, peel = 0, loop = 0) => {
    const { program, fn } = await load(source);
    const loops = findLoops(fn).sort((x, y) => x.header - y.header);
    const all = contentCandidates(program, fn, loops[loop], loops, 1_500_000_000);
    const c = all.find((x) => x.text === text);
    expect(c, `${text} among ${all.map((x) => x.text).join(' | ')}`).toBeDefined();
    return checksOf(program, fn, new Map([[loops[loop].header, [c!]]]), peel);
  };
  const FILL = (body: string) => `int f(int n) { int a[100]; int i;
  for (i = 0; i < n; i++) { ${body} }
  return a[0]; }`;

  it('what the loop writes (a[k] == 1 for k < i) holds at entry and on the way round', async () => {
    // Hand proof: the range is empty at entry (i == 0); an iteration writes a[i] = 1 and then i grows by 1.
    expect(await contents(FILL('a[i] = 1;'), '\\forall integer k; 0 <= k < i ==> a[k] == 1')).toEqual({ init: false, step: false });
  });

  it('a wrong value (a[k] == 0) fails on the way round', async () => {
    expect(await contents(FILL('a[i] = 1;'), '\\forall integer k; 0 <= k < i ==> a[k] == 0')).toEqual({ init: false, step: true });
  });

  it('a loop that also overwrites an element already filled breaks it (a[0] = 2 when i == 3)', async () => {
    // Hand proof: after the iteration with i == 3, a[0] == 2 and 0 < i == 4.
    expect(await contents(FILL('a[i] = 1; if (i == 3) a[0] = 2;'), '\\forall integer k; 0 <= k < i ==> a[k] == 1')).toEqual({ init: false, step: true });
  });

  it('a bound the loop writes between (a[k] <= 2 and a[k] >= 0 when it stores 2 or 0): holds; a[k] == 2 does not', async () => {
    const source = FILL('if (i % 2 == 0) a[i] = 2; else a[i] = 0;');
    expect(await contents(source, '\\forall integer k; 0 <= k < i ==> a[k] <= 2')).toEqual({ init: false, step: false });
    expect(await contents(source, '\\forall integer k; 0 <= k < i ==> a[k] >= 0')).toEqual({ init: false, step: false });
    expect((await contents(source, '\\forall integer k; 0 <= k < i ==> a[k] == 2')).step).toBe(true);
  });

  it('a clamp (a[i] = n when a[i] > n) keeps a[k] <= n; a[k] >= n fails on the way round', async () => {
    // Hand proof: after an iteration a[i] <= n on both ways (kept when a[i] <= n, else n), and k < i is untouched.
    const source = FILL('if (a[i] > n) a[i] = n;');
    expect(await contents(source, '\\forall integer k; 0 <= k < i ==> a[k] <= n')).toEqual({ init: false, step: false });
    expect((await contents(source, '\\forall integer k; 0 <= k < i ==> a[k] >= n')).step).toBe(true);
  });

  it('what the loop has not written yet (i <= k < n) is not known at entry: an uninitialised array fails', async () => {
    expect((await contents(FILL('a[i] = 1;'), '\\forall integer k; i <= k < n ==> a[k] == 1')).init).toBe(true);
  });

  const RECURRENCE = (before: string, extra = '') => `int f(int n) { long long a[100]; int i;
  if (n > 100) return 0;
  ${before}
  for (i = 1; i < n; i++) { a[i] = a[i - 1] + 3; ${extra} }
  return a[0]; }`;

  it('a recurrence a[i] = a[i - 1] + 3 from a[0] = 2 keeps a[k] == 2 + 3*k (closedforms.ts): at entry and on the way round', async () => {
    // Hand proof: at entry i == 1 and a[0] == 2 == 2 + 3 * 0; an iteration writes a[i] = a[i - 1] + 3 ==
    // 2 + 3 * (i - 1) + 3 == 2 + 3 * i, then i grows by 1.
    const text = '\\forall integer k; 0 <= k < i ==> a[k] == 2 + 3*k (modulo 2^64)';
    expect(await contents(RECURRENCE('a[0] = 2;'), text)).toEqual({ init: false, step: false });
  });

  it('the closed form of another start (a[0] = 4 after a[0] = 2) fails at entry; overwriting a filled element fails on the way round', async () => {
    const text = '\\forall integer k; 0 <= k < i ==> a[k] == 2 + 3*k (modulo 2^64)';
    expect(await contents(RECURRENCE('a[0] = 2; a[0] = 4;'), text)).toEqual({ init: true, step: false });
    // Hand proof: after the iteration with i == 5, a[2] == 0 and 2 < i == 6.
    expect(await contents(RECURRENCE('a[0] = 2;', 'if (i == 5) a[2] = 0;'), text)).toEqual({ init: false, step: true });
  });

  const PARITY = (extra = '') => `int f(int n) { int a[100]; int i;
  if (n > 100) return 0;
  for (i = 0; i < n; i++) { if (n % 2 == 0) a[i] = 2; else a[i] = 1; ${extra} }
  return a[0]; }`;

  it('stores on the two sides of a branch the loop does not change: each form under its side, at entry and on the way round', async () => {
    // Hand proof: n is not assigned in the loop, so n % 2 == 0 has one value throughout; when it holds, every
    // iteration writes a[i] = 2 and then i grows by 1 (and a[i] = 1 when it does not).
    expect(await contents(PARITY(), '(n % 2) == 0 ==> \\forall integer k; 0 <= k < i ==> a[k] == 2')).toEqual({ init: false, step: false });
    expect(await contents(PARITY(), '!((n % 2) == 0) ==> \\forall integer k; 0 <= k < i ==> a[k] == 1')).toEqual({ init: false, step: false });
    // Hand proof: for an even n, the iteration with i == 5 leaves a[2] == 7 with 2 < i == 6.
    expect((await contents(PARITY('if (i == 5) a[2] = 7;'), '(n % 2) == 0 ==> \\forall integer k; 0 <= k < i ==> a[k] == 2')).step).toBe(true);
  });

  it('a branch on what the loop changes (i % 2) guards no form', async () => {
    const { program, fn } = await load(`int f(int n) { int a[100]; int i;
  for (i = 0; i < n; i++) { if (i % 2 == 0) a[i] = 2; else a[i] = 1; }
  return a[0]; }`);
    const loops = findLoops(fn);
    expect(contentCandidates(program, fn, loops[0], loops, 1_500_000_000).filter((c) => c.text.includes(' ==> \\forall'))).toEqual([]);
  });

  it('through a pointer: a malloc-ed block filled with 3', async () => {
    const source = `#include <stdlib.h>
int f(int n) { int *p = malloc(sizeof(int) * 100); int i;
  if (!p) return 0;
  for (i = 0; i < n; i++) p[i] = 3;
  return p[0]; }`;
    expect(await contents(source, '\\forall integer k; 0 <= k < i ==> p[k] == 3')).toEqual({ init: false, step: false });
    expect((await contents(source, '\\forall integer k; 0 <= k < i ==> p[k] == 0')).step).toBe(true);
  });

  it('a sum through an array nothing fills (s += a[i]): s - 3 * i kept fails on the way round', async () => {
    // The first loop fills b with 3; the second adds a[i], which is anything: the multiple 3 is b's, not a's.
    const source = `int f(int n) { int a[100], b[100]; long long s = 0; int i;
  for (i = 0; i < n; i++) b[i] = 3;
  for (i = 0; i < n; i++) s = s + a[i];
  return (int)s + b[0]; }`;
    expect(await contents(source, 's - 3 * i == \\at(s - 3 * i, LoopEntry)', 0, 1)).toEqual({ init: false, step: true });
  });
});

describe('loops that allocate: the candidate `newest` is checked with the newest objects counted older where the loop goes back', () => {
  // t is always the node made last: a live block, never an older one. prev is the node before it: from the
  // second iteration on an older one (the summary), so `newest(prev)` is wrong and must fail on the way round.
  // With t's candidate assumed, prev = t is one of the abstraction's own objects: only counting the loop's
  // newest object as older (`aged`) makes the wrong candidate fail.
  const LIST = `#include <stdlib.h>
struct node { int key; struct node *next; };
int f(int n) {
  struct node *t = malloc(sizeof(struct node));
  struct node *prev = t;
  int i = 0;
  while (i < n) {
    struct node *m = malloc(sizeof(struct node));
    t->next = m;
    prev = t;
    t = m;
    i++;
  }
  return 0;
}`;

  it('newest(t) holds at entry and on the way round; newest(prev) fails on the way round', async () => {
    const { program, fn } = await load(LIST);
    const [loop] = findLoops(fn);
    const cands = newestCandidates(program, fn, loop, 1_500_000_000);
    const of = (name: string) => cands.filter((c) => c.text.startsWith(`\\valid(${name})`));
    expect(of('t')).toHaveLength(1);
    expect(of('prev')).toHaveLength(1);
    expect(await checksOf(program, fn, new Map([[loop.header, of('t')]]), 1, true)).toEqual({ init: false, step: false });
    expect(await checksOf(program, fn, new Map([[loop.header, [...of('t'), ...of('prev')]]]), 1, true)).toEqual({ init: false, step: true });
  });
});
