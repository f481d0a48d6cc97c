// Checks that end on the JavaScript thread chain only microtasks. A solver
// worker must still see its cancel message, and the validation's compiler
// processes must still be heard from, while a job runs one check after another:
// queueCheck gives the event loop a turn every few milliseconds.
import { describe, expect, it } from 'vitest';
import { queueCheck } from '../../server/src/z3/z3';

describe('a chain of checks', () => {
  it('lets timers and I/O run while it lasts', async () => {
    const busy = (ms: number) => {
      const t = Date.now();
      while (Date.now() - t < ms);
    };
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    // 40 checks of 3 ms each, as checks decided on the JavaScript thread: 120 ms without a break otherwise.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        queueCheck(async () => {
          busy(3);
          return i;
        }),
      ),
    );
    clearInterval(timer);
    expect(answers).toEqual(Array.from({ length: 40 }, (_, i) => i));
    // A turn about every 10 ms: the interval ran many times before the chain ended.
    expect(ticks).toBeGreaterThanOrEqual(5);
  });
});
