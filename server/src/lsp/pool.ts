// A pool of solver worker threads, each with its own engine (its own Z3
// context), so the language server's main thread never waits on a solve.
// Jobs have a priority: what the user asked for ('user') goes before the
// background analysis of functions ('background'), then their data's
// validation ('validation': compiler processes, once the verdicts are
// known), which goes before the
// follow-up queries on analysed functions: explanations of unreachable code
// ('follow-up', short: what a hover shows), then second looks at goals left
// unknown ('second-look', each with a longer time limit). A user job or an
// analysis preempts a running job of a lower priority when every worker is
// busy (the preempted job is cancelled and queued again), so a newly opened
// file is analysed before the follow-ups of the others run; follow-ups only
// queue before second looks (preempting those would throw long work away). Cancelling a running job
// aborts it in its worker (the engine gets an AbortSignal). If a check was
// running on Z3's thread, the engine interrupts it, and the worker is then
// retired and replaced by a fresh one: an interrupted Z3 WebAssembly instance
// can be left corrupted (seen: heap-corruption aborts and a wrong model on the
// next query), so it is never trusted again. A job stopped between checks
// (most checks end on the JavaScript thread within milliseconds) keeps its
// worker, whose Z3 and caches serve the next job at once. A worker that does
// not stop within the grace period is terminated all the same.

import { Worker } from 'node:worker_threads';
import { EngineError, type EngineMethod, type EngineOptions, type EngineParams, type EngineResult } from '../api';
import type { FromWorker, ToWorker } from './worker-protocol';

export type Priority = 'user' | 'background' | 'validation' | 'follow-up' | 'second-look';

/** The young generation of each solver worker's JavaScript heap (V8's default is 3 × 16 MB on 64 bits). */
const YOUNG_GENERATION_MB = 6;

const rank: Record<Priority, number> = { user: 0, background: 1, validation: 2, 'follow-up': 3, 'second-look': 4 };

interface Job {
  id: number;
  method: EngineMethod;
  params: EngineParams<EngineMethod>;
  options: EngineOptions;
  priority: Priority;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  signal?: AbortSignal;
  /** Set when the job was cancelled to make room for a user job: queue it again instead of failing it. */
  preempted?: boolean;
  /** Runs cut short by a crash of the worker (Z3 WebAssembly aborts happen): retried once on a fresh worker. */
  crashes?: number;
  onAbort?: () => void;
}

interface Slot {
  worker?: Worker;
  job?: Job;
  /** Set once the running job was told to stop: the worker is replaced when it has. */
  killTimer?: NodeJS.Timeout;
}

export interface PoolOptions {
  workerFile: string;
  size: number;
  /** How long a cancelled job may take to stop before its worker is terminated. */
  cancelGraceMs?: number;
  log?: (message: string) => void;
  /** Options to start the workers' engines with right away. */
  warmOptions?: EngineOptions;
}

export class WorkerPool {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private disposed = false;
  private dispatchPending = false;
  /** Jobs ranked below this wait (see `holdBelow`). */
  private hold?: { rank: number; timer: NodeJS.Timeout };

  constructor(private readonly opts: PoolOptions) {
    this.slots = Array.from({ length: Math.max(1, opts.size) }, () => ({}));
    if (opts.warmOptions) for (const slot of this.slots) this.ensureWorker(slot);
  }

  /** Jobs queued or running. */
  get load(): number {
    return this.queue.length + this.slots.filter((s) => s.job).length;
  }

  /** Runs one engine operation in a worker. */
  run<M extends EngineMethod>(method: M, params: EngineParams<M>, options: EngineOptions, priority: Priority, signal?: AbortSignal): Promise<EngineResult<M>> {
    if (this.disposed) return Promise.reject(EngineError.cancelled('the worker pool is shut down'));
    if (signal?.aborted) return Promise.reject(EngineError.cancelled());
    return new Promise<EngineResult<M>>((resolve, reject) => {
      const job: Job = { id: this.nextId++, method, params, options, priority, resolve: resolve as (v: unknown) => void, reject, signal };
      if (signal) {
        job.onAbort = () => this.cancel(job);
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.enqueue(job);
      this.dispatch();
      this.preemptIfFull();
    });
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.hold?.timer);
    for (const job of this.queue.splice(0)) this.finish(job, undefined, EngineError.cancelled('server shutting down'));
    for (const slot of this.slots) {
      if (slot.job) this.finish(slot.job, undefined, EngineError.cancelled('server shutting down'));
      slot.job = undefined;
      void slot.worker?.terminate();
      slot.worker = undefined;
    }
  }

  /** After the jobs of its priority and above (`front`: before the others of its priority), before every job of a lower one. */
  private enqueue(job: Job, front = false): void {
    const after = (j: Job) => (front ? rank[j.priority] < rank[job.priority] : rank[j.priority] <= rank[job.priority]);
    const index = this.queue.findIndex((j) => !after(j));
    this.queue.splice(index < 0 ? this.queue.length : index, 0, job);
  }

  /**
   * Work of `priority` is about to come (an edited file, re-indexed after a pause in typing):
   * running jobs of a lower priority stop now (they are queued again), and none starts until
   * `release` (or, should it never come, `maxMs`). The edit's analysis then finds a worker ready.
   */
  holdBelow(priority: Priority, maxMs = 2000): void {
    clearTimeout(this.hold?.timer);
    this.hold = { rank: rank[priority], timer: setTimeout(() => this.release(), maxMs) };
    for (const slot of this.slots) {
      const job = slot.job;
      if (!job || job.preempted || slot.killTimer || rank[job.priority] <= rank[priority]) continue;
      job.preempted = true;
      this.opts.log?.(`stopping ${job.priority} ${job.method}: an edit's analysis comes first`);
      this.stopRunning(slot);
    }
  }

  release(): void {
    if (!this.hold) return;
    clearTimeout(this.hold.timer);
    this.hold = undefined;
    this.dispatch();
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job || slot.killTimer) continue;
      const next = this.hold ? this.queue.findIndex((j) => rank[j.priority] <= this.hold!.rank) : 0;
      if (next < 0 || next >= this.queue.length) continue;
      const job = this.queue.splice(next, 1)[0];
      slot.job = job;
      this.post(this.ensureWorker(slot), { type: 'run', id: job.id, method: job.method, params: job.params, options: job.options } as ToWorker);
    }
  }

  /** When every worker is busy, the first queued job stops a running job of a lower priority (the lowest first). */
  private preemptIfFull(): void {
    if (this.slots.some((s) => !s.job && !s.killTimer)) return;
    const waiting = this.queue[0];
    if (!waiting || rank[waiting.priority] > rank.background) return;
    const victims = this.slots.filter((s) => s.job && !s.job.preempted && !s.killTimer && rank[s.job.priority] > rank[waiting.priority]);
    const victim = victims.sort((a, b) => rank[b.job!.priority] - rank[a.job!.priority])[0];
    if (!victim?.job) return;
    victim.job.preempted = true;
    this.opts.log?.(`preempting ${victim.job.priority} ${victim.job.method} for a ${waiting.priority} job`);
    this.stopRunning(victim);
  }

  private cancel(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.finish(job, undefined, EngineError.cancelled());
      return;
    }
    const slot = this.slots.find((s) => s.job === job);
    if (slot) {
      job.preempted = false;
      this.stopRunning(slot);
    }
  }

  /** Asks the worker to abort its job, then retires it (at once when the job stops, or after the grace period). */
  private stopRunning(slot: Slot): void {
    const job = slot.job;
    if (!job || !slot.worker || slot.killTimer) return;
    this.post(slot.worker, { type: 'cancel', id: job.id });
    slot.killTimer = setTimeout(() => {
      this.opts.log?.(`worker did not stop ${job.method} within ${this.opts.cancelGraceMs ?? 1000} ms: terminating it`);
      this.retire(slot);
    }, this.opts.cancelGraceMs ?? 1000);
  }

  /** Replaces the slot's worker by a fresh one (spawned on the next dispatch); its cancelled job is settled. */
  private retire(slot: Slot): void {
    const job = slot.job;
    const worker = slot.worker;
    if (slot.killTimer) clearTimeout(slot.killTimer);
    slot.killTimer = undefined;
    slot.job = undefined;
    slot.worker = undefined;
    void worker?.terminate();
    if (job) this.settleStopped(job);
    if (this.disposed) return;
    this.ensureWorker(slot); // start the replacement's Z3 now
    this.dispatch();
  }

  /** A job that stopped because it was cancelled: fail it, or queue it again if it was preempted. */
  private settleStopped(job: Job): void {
    if (job.preempted && !job.signal?.aborted && !this.disposed) {
      job.preempted = false;
      this.enqueue(job, true);
    } else {
      this.finish(job, undefined, EngineError.cancelled());
    }
  }

  private ensureWorker(slot: Slot): Worker {
    if (slot.worker) return slot.worker;
    // A small young generation: the engine's garbage is short-lived, and each MB of it counts in the
    // server's memory (issue 14's 300 MB) while Z3's own memory is outside the JavaScript heap.
    const worker = new Worker(this.opts.workerFile, { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    slot.worker = worker;
    worker.on('message', (m: FromWorker) => this.onMessage(slot, worker, m));
    worker.on('error', (e) => this.opts.log?.(`worker error: ${e.stack ?? e.message}`));
    worker.on('exit', (code) => {
      if (slot.worker !== worker) return; // retired on purpose
      if (slot.killTimer) {
        this.retire(slot); // it was being cancelled anyway
        return;
      }
      slot.worker = undefined;
      const job = slot.job;
      slot.job = undefined;
      if (job) {
        job.crashes = (job.crashes ?? 0) + 1;
        this.opts.log?.(`the solver worker stopped (exit code ${code}) while running ${job.method}${job.crashes < 2 ? ': retrying on a fresh worker' : ''}`);
        if (job.crashes < 2 && !this.disposed) this.enqueue(job, true);
        else this.finish(job, undefined, new EngineError('internal', `the solver worker stopped (exit code ${code}) while running ${job.method}, twice`));
      }
      if (this.disposed) return;
      this.ensureWorker(slot);
      this.dispatch();
    });
    if (this.opts.warmOptions) this.post(worker, { type: 'warm', options: this.opts.warmOptions });
    return worker;
  }

  private onMessage(slot: Slot, worker: Worker, m: FromWorker): void {
    if (m.type === 'log') {
      this.opts.log?.(m.message);
      return;
    }
    if (slot.worker !== worker) return;
    const job = slot.job;
    if (!job || job.id !== m.id) return;
    if (slot.killTimer) {
      if (m.interrupted) {
        // Cancelled during a check: whatever it answered after the interrupt is not trusted, nor is its Z3.
        this.retire(slot);
        return;
      }
      // Cancelled between checks (most checks end on the JavaScript thread within a few milliseconds):
      // its Z3 was never interrupted, so the worker goes on. A preempted job that completed keeps its
      // answer; one its caller cancelled is cancelled, whatever it answered.
      clearTimeout(slot.killTimer);
      slot.killTimer = undefined;
      slot.job = undefined;
      if (m.type === 'done' && !job.signal?.aborted) this.finish(job, m.value);
      else this.settleStopped(job);
      this.dispatchAfterSettling();
      return;
    }
    slot.job = undefined;
    if (m.type === 'done') this.finish(job, m.value);
    else this.finish(job, undefined, new EngineError(m.kind, m.message, m.locations));
    this.dispatchAfterSettling();
  }

  /**
   * Dispatches once the settled job's callers have run: a caller that queues its next
   * stage at once (the editor's coverage, then its properties) gets the worker before
   * a queued job of a lower priority (which could not be preempted before its next check).
   */
  private dispatchAfterSettling(): void {
    if (this.dispatchPending) return;
    this.dispatchPending = true;
    setImmediate(() => {
      this.dispatchPending = false;
      if (!this.disposed) this.dispatch();
    });
  }

  private finish(job: Job, value: unknown, error?: Error): void {
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    if (error) job.reject(error);
    else job.resolve(value);
  }

  private post(worker: Worker, message: ToWorker): void {
    worker.postMessage(message);
  }
}
