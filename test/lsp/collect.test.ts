// The language server's explicit garbage collections (server/src/z3/collect.ts): V8's
// full collection is there and frees garbage, and the publish path's collector runs it
// only past its growth and interval thresholds.

import { describe, expect, it } from 'vitest';
import { collectGarbage, throttledCollector } from '../../server/src/z3/collect';

describe('collectGarbage', () => {
  it('is V8 full collection: the garbage of a large report is freed at once', () => {
    expect(collectGarbage).toBeTypeOf('function');
    collectGarbage!();
    const before = process.memoryUsage().heapUsed;
    // About 40 MB of short-lived objects kept alive until the collection's call (as a published report's JSON and copies).
    let garbage: number[][] | null = Array.from({ length: 100 }, (_, i) => new Array<number>(50_000).fill(i + 0.5));
    expect(process.memoryUsage().heapUsed - before).toBeGreaterThan(30_000_000);
    garbage = null;
    collectGarbage!();
    expect(garbage).toBeNull();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(10_000_000);
  });
});

describe('throttledCollector', () => {
  /** A heap and a clock the test moves; the collections counted. */
  const fake = () => {
    const s = { heap: 100, clock: 0, collections: 0 };
    const collect = throttledCollector(
      2000,
      32,
      () => {
        s.collections++;
        s.heap = 100; // what is live
      },
      () => s.heap,
      () => s.clock,
    );
    return { s, collect };
  };

  it('collects once the heap has grown past the threshold since the last collection', () => {
    const { s, collect } = fake();
    s.heap = 131;
    expect(collect()).toBe(false);
    s.heap = 132;
    expect(collect()).toBe(true);
    expect(s.collections).toBe(1);
  });

  it('collects at most once per interval, however much the heap grew', () => {
    const { s, collect } = fake();
    s.heap = 500;
    expect(collect()).toBe(true);
    s.heap = 500;
    s.clock = 1999;
    expect(collect()).toBe(false);
    s.clock = 2000;
    expect(collect()).toBe(true);
    expect(s.collections).toBe(2);
  });

  it('measures growth from what the last collection left, not from the start', () => {
    const { s, collect } = fake();
    s.heap = 200;
    expect(collect()).toBe(true); // leaves 100
    s.clock = 5000;
    s.heap = 120;
    expect(collect()).toBe(false);
  });
});
