// A small seeded pseudo-random generator: a 32-bit counter scrambled by
// multiply-xorshift steps, plenty for choosing test inputs. Same seed, same
// sequence, on every machine.

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** A uniform 32-bit unsigned integer. */
  u32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let z = this.state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return (z ^ (z >>> 14)) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** An integer in [lo, hi] (both included). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(xs: readonly T[]): T {
    if (xs.length === 0) throw new Error('pick from an empty list');
    return xs[this.int(0, xs.length - 1)];
  }

  /** One of `choices` with probability proportional to its weight. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [x, w] of choices) {
      r -= w;
      if (r < 0) return x;
    }
    return choices[choices.length - 1][0];
  }

  /** An independent generator derived from this one and a label (stable however many draws the caller makes later). */
  fork(label: string): Rng {
    let h = this.u32();
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
    return new Rng(h);
  }
}
