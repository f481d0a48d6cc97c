// Full garbage collections on request, for the language server's two kinds of
// thread. V8 collects lazily: its heap grows well past what is live when the
// garbage is large (the main thread's published reports) or when the live
// objects are small handles to memory it does not see (a worker's Z3 terms).

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
/** V8's full collection (undefined if the flag did not take). */
export const collectGarbage = runInNewContext('gc') as (() => void) | undefined;

/**
 * A full collection at most every `intervalMs`, and only once the heap has grown `growthBytes` past what
 * the last one left. (`gc`, `heapUsed` and `now` are V8's, the thread's heap and the clock, but for tests.)
 */
export function throttledCollector(
  intervalMs: number,
  growthBytes: number,
  gc = collectGarbage,
  heapUsed = () => process.memoryUsage().heapUsed,
  now = Date.now,
): () => boolean {
  let last = -Infinity;
  let liveAfter = heapUsed();
  return () => {
    if (!gc || now() - last < intervalMs || heapUsed() - liveAfter < growthBytes) return false;
    gc();
    last = now();
    liveAfter = heapUsed();
    return true;
  };
}
