// The worker pool's priorities (pool.ts): what the user asks for first, then
// the analysis of functions, then the follow-up queries (explanations before
// second looks); an analysis preempts a running follow-up when every worker is
// busy (the follow-up is queued again and still answered), a follow-up never
// preempts a second look. The workers here are stand-ins that take the time a job
// says and stop when told to cancel: the pool's scheduling is what is tested.

import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { EngineParams } from '../../server/src/api';
import { WorkerPool, type Priority } from '../../server/src/lsp/pool';
import { defaultEngineOptions } from '../../server/src/options';

const fakeWorker = `
import { parentPort, threadId } from 'node:worker_threads';
const timers = new Map();
const interrupts = new Map();
const finishing = new Set();
parentPort.on('message', (m) => {
  if (m.type === 'run') {
    parentPort.postMessage({ type: 'log', message: 'started ' + m.params.name });
    parentPort.postMessage({ type: 'log', message: m.params.name + ' in thread ' + threadId });
    interrupts.set(m.id, Boolean(m.params.interrupted));
    if (m.params.finishing) finishing.add(m.id);
    timers.set(m.id, setTimeout(() => parentPort.postMessage({ type: 'done', id: m.id, value: m.params.name }), m.params.ms));
  } else if (m.type === 'cancel') {
    // A job past its last check when the cancellation arrives: it answers all the same.
    if (finishing.has(m.id)) return;
    clearTimeout(timers.get(m.id));
    // As the real worker says: whether the cancellation interrupted a running check of Z3.
    parentPort.postMessage({ type: 'failed', id: m.id, kind: 'cancelled', message: 'cancelled', locations: [], interrupted: interrupts.get(m.id) });
  }
});
`;

describe('worker pool priorities', () => {
  const dirs: string[] = [];
  const pools: WorkerPool[] = [];
  afterEach(() => {
    for (const p of pools.splice(0)) p.dispose();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  function pool(log: string[]): {
    job: (name: string, ms: number, priority: Priority, interrupted?: boolean) => Promise<string>;
    finished: string[];
    p: WorkerPool;
  } {
    const dir = mkdtempSync(path.join(tmpdir(), 'creach-pool-'));
    dirs.push(dir);
    const workerFile = path.join(dir, 'worker.mjs');
    writeFileSync(workerFile, fakeWorker);
    const p = new WorkerPool({ workerFile, size: 1, log: (m) => log.push(m) });
    pools.push(p);
    const finished: string[] = [];
    const job = (name: string, ms: number, priority: Priority, interrupted = false) =>
      p.run('analyse', { name, ms, interrupted } as unknown as EngineParams<'analyse'>, defaultEngineOptions, priority).then((v) => {
        finished.push(name);
        return v as unknown as string;
      });
    return { job, finished, p };
  }

  it('runs queued jobs by priority: user, analyses, explanations, second looks, each in the order asked', async () => {
    const log: string[] = [];
    const { job, finished } = pool(log);
    const jobs = [job('user 1', 300, 'user')];
    await new Promise((r) => setTimeout(r, 100)); // user 1 is running
    jobs.push(
      job('second look 1', 10, 'second-look'),
      job('follow-up 1', 10, 'follow-up'),
      job('analysis 1', 10, 'background'),
      job('follow-up 2', 10, 'follow-up'),
      job('user 2', 10, 'user'),
    );
    await Promise.all(jobs);
    expect(finished).toEqual(['user 1', 'user 2', 'analysis 1', 'follow-up 1', 'follow-up 2', 'second look 1']);
    expect(log.filter((m) => /preempting/.test(m))).toEqual([]);
  }, 30_000);

  it('an analysis preempts a running follow-up, which is queued again and answered after it', async () => {
    const log: string[] = [];
    const { job, finished } = pool(log);
    const followUp = job('follow-up', 1500, 'follow-up');
    await new Promise((r) => setTimeout(r, 300)); // the follow-up is running
    const analysis = job('analysis', 50, 'background');
    expect(await Promise.all([analysis, followUp])).toEqual(['analysis', 'follow-up']);
    expect(finished).toEqual(['analysis', 'follow-up']);
    expect(log).toContain('preempting follow-up analyse for a background job');
    expect(log.filter((m) => m === 'started follow-up').length).toBe(2);
  }, 30_000);

  it('a job stopped between checks keeps its worker; one whose check was interrupted has it replaced', async () => {
    const threadOf = (log: string[], name: string) => log.filter((m) => m.startsWith(name + ' in thread ')).map((m) => m.split(' ').pop());
    for (const interrupted of [false, true]) {
      const log: string[] = [];
      const { job } = pool(log);
      const followUp = job('follow-up', 1500, 'follow-up', interrupted);
      await new Promise((r) => setTimeout(r, 300));
      expect(await Promise.all([job('analysis', 50, 'background'), followUp])).toEqual(['analysis', 'follow-up']);
      const [first] = threadOf(log, 'follow-up');
      const [analysis] = threadOf(log, 'analysis');
      if (interrupted) expect(analysis).not.toBe(first);
      else expect(analysis).toBe(first);
    }
  }, 30_000);

  it('a job its caller cancelled is cancelled, even when it answers after the cancellation; the worker is kept', async () => {
    const log: string[] = [];
    const { p } = pool(log);
    const controller = new AbortController();
    const params = (name: string, ms: number, finishing = false) => ({ name, ms, finishing }) as unknown as EngineParams<'analyse'>;
    const cancelled = p.run('analyse', params('user', 300, true), defaultEngineOptions, 'user', controller.signal);
    await new Promise((r) => setTimeout(r, 100));
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ kind: 'cancelled' });
    expect(await p.run('analyse', params('next', 10), defaultEngineOptions, 'user')).toBe('next');
    const threads = log.filter((m) => m.includes(' in thread ')).map((m) => m.split(' ').pop());
    expect(threads).toHaveLength(2);
    expect(threads[1]).toBe(threads[0]);
  }, 30_000);

  it('an explanation waits for a running second look instead of preempting it', async () => {
    const log: string[] = [];
    const { job, finished } = pool(log);
    const second = job('second look', 400, 'second-look');
    await new Promise((r) => setTimeout(r, 200));
    await Promise.all([second, job('follow-up', 10, 'follow-up')]);
    expect(finished).toEqual(['second look', 'follow-up']);
    expect(log.filter((m) => /preempting/.test(m))).toEqual([]);
  }, 30_000);

  it('an analysis preempts a running second look', async () => {
    const log: string[] = [];
    const { job, finished } = pool(log);
    const second = job('second look', 1500, 'second-look');
    await new Promise((r) => setTimeout(r, 300));
    await Promise.all([second, job('analysis', 50, 'background')]);
    expect(finished).toEqual(['analysis', 'second look']);
    expect(log).toContain('preempting second-look analyse for a background job');
  }, 30_000);

  it('an analysis does not preempt another analysis', async () => {
    const log: string[] = [];
    const { job, finished } = pool(log);
    const first = job('analysis 1', 400, 'background');
    await new Promise((r) => setTimeout(r, 200));
    await Promise.all([first, job('analysis 2', 10, 'background')]);
    expect(finished).toEqual(['analysis 1', 'analysis 2']);
    expect(log.filter((m) => /preempting/.test(m))).toEqual([]);
  }, 30_000);

  it("an analysis queued when its first stage settles runs before a waiting follow-up (the editor's coverage, then its properties)", async () => {
    const log: string[] = [];
    const { job, finished } = pool(log);
    const coverage = job('coverage', 200, 'background');
    await new Promise((r) => setTimeout(r, 50));
    const followUp = job('follow-up', 10, 'follow-up'); // queued while the coverage runs
    const properties = coverage.then(() => job('properties', 10, 'background'));
    await Promise.all([properties, followUp]);
    expect(finished).toEqual(['coverage', 'properties', 'follow-up']);
    // The follow-up was not started only to be stopped again.
    expect(log.filter((m) => m === 'started follow-up')).toHaveLength(1);
    expect(log.filter((m) => /preempting/.test(m))).toEqual([]);
  }, 30_000);

  it('an edit stops a running follow-up at once and holds the others back until the edit is indexed', async () => {
    const log: string[] = [];
    const { job, finished, p } = pool(log);
    const followUp = job('follow-up', 1500, 'follow-up');
    await new Promise((r) => setTimeout(r, 300));
    p.holdBelow('background');
    expect(log).toContain("stopping follow-up analyse: an edit's analysis comes first");
    const second = job('second look', 10, 'second-look');
    // Held back: the stopped follow-up and the new second look wait, though the worker is free.
    await new Promise((r) => setTimeout(r, 300));
    expect(log.filter((m) => m === 'started follow-up').length).toBe(1);
    expect(log).not.toContain('started second look');
    const analysis = job('analysis', 10, 'background'); // the edit's analysis is not held back
    await analysis;
    expect(finished).toEqual(['analysis']);
    p.release();
    await Promise.all([followUp, second]);
    expect(finished).toEqual(['analysis', 'follow-up', 'second look']);
  }, 30_000);

  it('a hold that is never released ends by itself', async () => {
    const log: string[] = [];
    const { job, p } = pool(log);
    p.holdBelow('background', 200);
    const started = Date.now();
    expect(await job('follow-up', 10, 'follow-up')).toBe('follow-up');
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  }, 30_000);
});
