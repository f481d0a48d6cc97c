// A small seeded pseudo-random generator (mulberry32): the same seed gives the
// same program on every machine.

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = (Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) ^ 0x85ebca6b) >>> 0;
    for (let i = 0; i < 4; i++) this.next();
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<X>(xs: readonly X[]): X {
    if (xs.length === 0) throw new Error('pick from an empty list');
    return xs[Math.floor(this.next() * xs.length)];
  }

  /** One of the choices, with probability proportional to its weight (weights <= 0 never chosen). */
  weighted<X>(choices: readonly (readonly [number, X])[]): X {
    const total = choices.reduce((s, [w]) => s + Math.max(0, w), 0);
    if (total <= 0) throw new Error('no choice with a positive weight');
    let r = this.next() * total;
    for (const [w, x] of choices) {
      if (w <= 0) continue;
      r -= w;
      if (r < 0) return x;
    }
    return choices.filter(([w]) => w > 0).at(-1)![1];
  }

  shuffle<X>(xs: X[]): X[] {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [xs[i], xs[j]] = [xs[j], xs[i]];
    }
    return xs;
  }
}
