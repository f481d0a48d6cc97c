// The background analysis of open files: one job per function (decision
// coverage plus assertion and runtime-error checks) in the worker pool,
// results cached by the function's dependency hash (functions.ts). An edit
// cancels the running jobs of exactly the functions whose hash changed, and
// the user requests (reach) that target them.
//
// Suites explain unreachable goals only in loop-free code (explanations under
// unrolled loops cost many solver checks), so after a function's analysis
// each unreachable statement or branch left without reasons gets a follow-up
// reach query (which always explains), in the background; its reasons are
// merged into the cached report.

import { isCancellation, type AnalyseRequest, type EngineOptions, type EngineParams, type EngineResult, type ReachRequest } from '../api';
import type { GoalReport, Reason, Report } from '../../../shared/report';
import { indexFile, type FileIndex, type FunctionInfo } from './functions';
import type { WorkerPool } from './pool';
import { shiftReport, type LineShift } from './reports';

/** A finished analysis as computed: the report and where its functions were (1-based lines). */
interface CachedAnalysis {
  report: Report;
  spans: Map<string, { from: number; to: number }>;
  /** The text analysed (follow-up queries are about that version's lines). */
  analysed: AnalyseRequest;
  /** Reasons found by the follow-up reach queries, by goal id ('pending' while one runs, 'none' when it found none). */
  explanations: Map<string, Reason[] | 'pending' | 'none'>;
}

interface RunningJob {
  hash: string;
  controller: AbortController;
  done: Promise<void>;
}

export interface OpenFile {
  uri: string;
  /** File-system path given to the engine (the compiler resolves includes from it). */
  file: string;
  version: number;
  text: string;
  index: FileIndex;
}

/** Thrown to a user request whose function was edited while it ran (LSP ContentModified). */
export class ContentModifiedError extends Error {
  constructor() {
    super('the function was edited while the query ran');
    this.name = 'ContentModifiedError';
  }
}

const cacheCapacity = 500;

export class Analysis {
  private readonly files = new Map<string, OpenFile>();
  private readonly cache = new Map<string, CachedAnalysis>();
  private readonly failures = new Map<string, string>();
  /** Background job per `uri#function`. */
  private readonly running = new Map<string, RunningJob>();
  /** Follow-up explanation queries per `uri#function`, aborted when that function changes. */
  private readonly explaining = new Map<string, { hash: string; controller: AbortController }>();
  /** User requests per `uri#function`, aborted when that function changes. */
  private readonly userRequests = new Map<string, Set<{ hash: string; controller: AbortController }>>();

  constructor(
    private readonly pool: WorkerPool,
    private options: EngineOptions,
    private readonly onChange: (uri: string) => void,
    private readonly log: (message: string) => void,
  ) {}

  get engineOptions(): EngineOptions {
    return this.options;
  }

  /** Functions queued or running, over all files. */
  get pendingCount(): number {
    return this.running.size;
  }

  file(uri: string): OpenFile | undefined {
    return this.files.get(uri);
  }

  /** New options: every hash changes, so every open file is analysed again. */
  async setOptions(options: EngineOptions): Promise<void> {
    if (JSON.stringify(options) === JSON.stringify(this.options)) return;
    this.options = options;
    for (const f of [...this.files.values()]) await this.update(f.uri, f.file, f.text, f.version);
  }

  /** The file's text changed (or was opened): re-index it, cancel what changed, start what is missing. */
  async update(uri: string, file: string, text: string, version: number): Promise<void> {
    const index = await indexFile(text, JSON.stringify(this.options));
    const current = this.files.get(uri);
    if (current && current.version > version) return; // a newer version was indexed meanwhile
    this.files.set(uri, { uri, file, version, text, index });
    // Cancel the jobs of functions that changed or disappeared.
    for (const [key, job] of this.running) {
      const [jobUri, name] = splitKey(key);
      if (jobUri !== uri) continue;
      const info = index.functions.find((f) => f.name === name);
      if (!info || info.hash !== job.hash) {
        this.log(`edit: cancelling the analysis of ${name}`);
        job.controller.abort();
        this.running.delete(key);
      }
    }
    for (const [k, job] of this.explaining) {
      const [jobUri, name] = splitKey(k);
      if (jobUri !== uri) continue;
      const info = index.functions.find((f) => f.name === name);
      if (!info || info.hash !== job.hash) this.stopExplaining(k);
    }
    for (const [key, requests] of this.userRequests) {
      const [reqUri, name] = splitKey(key);
      if (reqUri !== uri) continue;
      const info = index.functions.find((f) => f.name === name);
      for (const r of requests) if (!info || info.hash !== r.hash) r.controller.abort(new ContentModifiedError());
    }
    for (const info of index.functions) {
      const cached = this.cache.get(info.hash);
      if (cached) this.explain(uri, info, cached);
      else if (!this.failures.has(info.hash) && !this.running.has(key(uri, info.name))) this.start(uri, info);
    }
    this.onChange(uri);
  }

  close(uri: string): void {
    for (const k of [...this.explaining.keys()]) if (splitKey(k)[0] === uri) this.stopExplaining(k);
    for (const [k, job] of this.running) {
      if (splitKey(k)[0] === uri) {
        job.controller.abort();
        this.running.delete(k);
      }
    }
    this.files.delete(uri);
    this.onChange(uri);
  }

  /** The function's report at the function's current lines, if analysed. */
  functionReport(uri: string, info: FunctionInfo): Report | undefined {
    const cached = this.cache.get(info.hash);
    if (!cached) return undefined;
    this.cache.delete(info.hash); // keep recently used entries last (LRU order)
    this.cache.set(info.hash, cached);
    return shiftReport(withExplanations(cached), this.shiftsFor(uri, cached));
  }

  /** Whether a follow-up query is still working out why this goal (of the function's current version) is unreachable. */
  explanationState(info: FunctionInfo, goalId: string): 'pending' | 'none' | undefined {
    const e = this.cache.get(info.hash)?.explanations.get(goalId);
    return e === 'pending' || e === 'none' ? e : undefined;
  }

  failure(info: FunctionInfo): string | undefined {
    return this.failures.get(info.hash);
  }

  isPending(uri: string, name: string): boolean {
    return this.running.has(key(uri, name));
  }

  /** The merged report of the open file as far as analysed, and the functions still pending. */
  fileReport(uri: string): { report: Report; pending: string[] } | undefined {
    const f = this.files.get(uri);
    if (!f) return undefined;
    const report: Report = { file: f.file, functions: [] };
    const pending: string[] = [];
    for (const info of f.index.functions) {
      const r = this.functionReport(uri, info);
      if (r) {
        report.functions.push(...r.functions.filter((fr) => fr.name === info.name));
        for (const d of r.diagnostics ?? []) (report.diagnostics ??= []).push(d);
      } else if (this.isPending(uri, info.name)) {
        pending.push(info.name);
      }
    }
    return { report, pending };
  }

  /** Waits for the analysis of the file (or one function) and returns its report. */
  async waitFor(uri: string, functionName?: string, signal?: AbortSignal): Promise<Report> {
    for (;;) {
      signal?.throwIfAborted();
      const f = this.files.get(uri);
      if (!f) throw new Error(`${uri} is not open`);
      const wanted = f.index.functions.filter((fn) => !functionName || fn.name === functionName);
      if (functionName && wanted.length === 0) throw new Error(`no function '${functionName}' in ${f.file}`);
      const waiting = wanted.filter((fn) => !this.cache.has(fn.hash) && !this.failures.has(fn.hash));
      if (waiting.length === 0) {
        const failed = wanted.map((fn) => this.failures.get(fn.hash)).find((m) => m !== undefined);
        if (failed && wanted.length === 1) throw new Error(failed);
        const report: Report = { file: f.file, functions: [] };
        for (const fn of wanted) {
          const r = this.functionReport(uri, fn);
          if (!r) continue;
          report.functions.push(...r.functions.filter((fr) => fr.name === fn.name));
          for (const d of r.diagnostics ?? []) (report.diagnostics ??= []).push(d);
        }
        return report;
      }
      for (const fn of waiting) if (!this.running.has(key(uri, fn.name))) this.start(uri, fn);
      await Promise.race(waiting.map((fn) => this.running.get(key(uri, fn.name))?.done ?? Promise.resolve()));
    }
  }

  /**
   * Runs a user request about one function in the pool ahead of the background
   * work; an edit of that function aborts it with ContentModifiedError.
   */
  async userRequest<M extends 'reach' | 'cfg'>(
    uri: string,
    functionName: string | undefined,
    method: M,
    params: EngineParams<M>,
    signal?: AbortSignal,
  ): Promise<EngineResult<M>> {
    const f = this.files.get(uri);
    const info = f?.index.functions.find((fn) => fn.name === functionName);
    const controller = new AbortController();
    const forward = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', forward, { once: true });
    const entry = { hash: info?.hash ?? '', controller };
    const k = key(uri, functionName ?? '');
    if (info) {
      if (!this.userRequests.has(k)) this.userRequests.set(k, new Set());
      this.userRequests.get(k)!.add(entry);
    }
    try {
      return await this.pool.run(method, params, this.options, 'user', controller.signal);
    } catch (e) {
      if (controller.signal.reason instanceof ContentModifiedError) throw controller.signal.reason;
      throw e;
    } finally {
      signal?.removeEventListener('abort', forward);
      this.userRequests.get(k)?.delete(entry);
    }
  }

  private start(uri: string, info: FunctionInfo): void {
    const f = this.files.get(uri)!;
    const controller = new AbortController();
    const params: AnalyseRequest = { file: f.file, text: f.text, function: info.name };
    const spans = new Map<string, { from: number; to: number }>();
    for (const name of [info.name, ...info.dependencies]) {
      const fn = f.index.functions.find((x) => x.name === name);
      if (fn) spans.set(name, { from: fn.startLine + 1, to: fn.endLine + 1 });
    }
    const k = key(uri, info.name);
    const done = this.pool
      .run('analyse', params, this.options, 'background', controller.signal)
      .then(
        (report) => {
          const cached: CachedAnalysis = { report, spans, analysed: params, explanations: new Map() };
          this.remember(info.hash, cached);
          this.explain(uri, info, cached);
        },
        (e: unknown) => {
          if (isCancellation(e) || controller.signal.aborted) return;
          const message = e instanceof Error ? e.message : String(e);
          this.log(`analysis of ${info.name} failed: ${message}`);
          this.failures.set(info.hash, message);
        },
      )
      .finally(() => {
        if (this.running.get(k)?.controller === controller) this.running.delete(k);
        if (!controller.signal.aborted) this.onChange(uri);
      });
    this.running.set(k, { hash: info.hash, controller, done });
  }

  /** Queues a background reach query for each unreachable goal of the function that has no reasons. */
  private explain(uri: string, info: FunctionInfo, cached: CachedAnalysis): void {
    const k = key(uri, info.name);
    if (this.explaining.has(k)) return;
    const goals = cached.report.functions.find((f) => f.name === info.name)?.goals.filter((g) => needsExplanation(g) && !cached.explanations.has(g.id)) ?? [];
    if (goals.length === 0) return;
    const analysed = cached.analysed;
    const controller = new AbortController();
    this.explaining.set(k, { hash: info.hash, controller });
    for (const g of goals) cached.explanations.set(g.id, 'pending');
    const jobs = goals.map(async (g) => {
      const request: ReachRequest = {
        file: analysed.file,
        text: analysed.text,
        function: info.name,
        line: g.line,
        column: g.column,
        ...(g.kind === 'branch' && g.outcome !== undefined ? { outcome: g.outcome } : {}),
      };
      try {
        const ask = async () => {
          const report = await this.pool.run('reach', request, this.options, 'background', controller.signal);
          return report.functions.flatMap((f) => f.goals).find((x) => x.id === g.id);
        };
        let answer = await ask();
        // The explanation's own solver check can run out of time on a cold engine (seen under
        // unrolled loops); the warm engine usually answers a second time.
        if (answer?.status === 'unreachable' && !answer.why?.length) answer = await ask();
        this.log(`explaining ${g.id}: ${answer?.status}, ${answer?.why?.length ?? 0} reasons`);
        if (answer?.status === 'unreachable' && answer.why?.length) cached.explanations.set(g.id, answer.why);
        else {
          // The reach query disagreeing with the suite would be a bug of CReach: say it, keep the suite's verdict.
          if (answer && answer.status !== g.status) this.log(`BUG: ${g.id} is ${g.status} in the suite but ${answer.status} when reached alone`);
          cached.explanations.set(g.id, 'none');
        }
      } catch (e) {
        if (isCancellation(e) || controller.signal.aborted)
          cached.explanations.delete(g.id); // asked again later
        else {
          cached.explanations.set(g.id, 'none');
          this.log(`explaining ${g.id} failed: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      if (!controller.signal.aborted) this.onChange(uri);
    });
    void Promise.all(jobs).finally(() => {
      if (this.explaining.get(k)?.controller === controller) this.explaining.delete(k);
    });
  }

  private stopExplaining(k: string): void {
    const job = this.explaining.get(k);
    if (!job) return;
    job.controller.abort();
    this.explaining.delete(k);
    // Explanations not finished are dropped: they are asked again when this version is open again.
    const cached = this.cache.get(job.hash);
    if (cached) for (const [id, e] of cached.explanations) if (e === 'pending') cached.explanations.delete(id);
  }

  private remember(hash: string, analysis: CachedAnalysis): void {
    this.cache.set(hash, analysis);
    while (this.cache.size > cacheCapacity) this.cache.delete(this.cache.keys().next().value!);
  }

  /** How the cached report's functions moved to reach their current places. */
  private shiftsFor(uri: string, cached: CachedAnalysis): LineShift[] {
    const f = this.files.get(uri);
    const shifts: LineShift[] = [];
    for (const [name, span] of cached.spans) {
      const now = f?.index.functions.find((fn) => fn.name === name);
      if (now) shifts.push({ ...span, delta: now.startLine + 1 - span.from });
    }
    return shifts;
  }
}

function needsExplanation(g: GoalReport): boolean {
  return (g.kind === 'statement' || g.kind === 'branch') && g.status === 'unreachable' && !g.why?.length;
}

/** The cached report with the reasons the follow-up queries found. */
function withExplanations(cached: CachedAnalysis): Report {
  if (![...cached.explanations.values()].some(Array.isArray)) return cached.report;
  return {
    ...cached.report,
    functions: cached.report.functions.map((f) => ({
      ...f,
      goals: f.goals.map((g) => {
        const why = cached.explanations.get(g.id);
        return Array.isArray(why) && needsExplanation(g) ? { ...g, why } : g;
      }),
    })),
  };
}

function key(uri: string, name: string): string {
  return `${uri}#${name}`;
}

function splitKey(k: string): [string, string] {
  const i = k.lastIndexOf('#');
  return [k.slice(0, i), k.slice(i + 1)];
}
