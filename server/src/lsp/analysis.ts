// The background analysis of open files: one job per function (decision
// coverage plus assertion and runtime-error checks) in the worker pool,
// results cached by the function's dependency hash (functions.ts). An edit
// cancels the running jobs of exactly the functions whose hash changed, and
// the user requests (reach) that target them.
//
// Editing is the normal state: a function that does not parse (tree-sitter
// says so), or in which the engine finds an input error (an undeclared name),
// is left out of the text the engine gets (blanked, lines kept), so the other
// functions go on being analysed; it, and the functions that call it, keep
// their last results, marked stale, until it parses again. An error outside
// every function (a declaration, a macro) makes every function stale.
//
// After a function's analysis, follow-up reach queries run in the background:
// each unreachable statement or branch the suite left without reasons (suites
// explain only loop-free code) is explained, and each goal left unknown by the
// time limit gets a second look with a longer one (`deeperFactor` times
// `timeoutMs`); what they find is merged into the cached report. A function's
// properties share a few query limits in the analysis (propertiesBudgetQueries):
// those it leaves unasked get their second look with the usual limit.

import {
  EngineError,
  isCancellation,
  type AnalyseRequest,
  type CoverRequest,
  type EngineOptions,
  type EngineParams,
  type EngineResult,
  type ReachRequest,
} from '../api';
import { createHash } from 'node:crypto';
import type { GoalReport, Reason, Report, TestReport } from '../../../shared/report';
import { indexFile, textWithout, type FileIndex, type FunctionInfo } from './functions';
import type { WorkerPool } from './pool';
import { goalContext, shiftReport, type LineShift } from './reports';

/** A goal left unknown by the time limit is asked again with this many times the limit. */
export const deeperFactor = 6;
/** At most this many second looks per function (in source order): each can take the longer limit. */
const deeperPerFunction = 12;
/**
 * The solver time of a function's properties in its analysis, in query limits (the CLI's check gives 30). One
 * function's hard properties would otherwise keep the worker, and the other functions' verdicts, waiting: the
 * list of josephus.c, built by malloc in a loop, took 210 s. The properties it leaves each get a second look.
 */
export const propertiesBudgetQueries = 4;

/** What a follow-up query on one goal found. */
type FollowUp =
  | { kind: 'explain'; state: 'pending' | 'none' }
  | { kind: 'explain'; state: 'done'; why: Reason[] }
  | { kind: 'deeper'; state: 'pending' | 'none' }
  | { kind: 'deeper'; state: 'done'; goal: GoalReport; test?: TestReport };

/** A finished analysis as computed: the report and where its functions were (1-based lines). */
interface CachedAnalysis {
  report: Report;
  spans: Map<string, { from: number; to: number }>;
  /** The text analysed (follow-up queries are about that version's lines). */
  analysed: AnalyseRequest;
  /** Hash of the function's own text when analysed. */
  textHash: string;
  /** Follow-up queries by goal id. */
  followUps: Map<string, FollowUp>;
}

/** What a function's published results still wait for: the checks of its properties, or the validation of its data. */
type Awaiting = 'properties' | 'validation';

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

/** An error that keeps a function (or the whole file) from being analysed, at its place (1-based). */
export interface Blocker {
  line: number;
  column: number;
  message: string;
}

/** What the editor shows of one function. */
export interface FunctionView {
  /** Its results: current, or (with `stale`) those of the last version that could be analysed. */
  report?: Report;
  /** Why the results are not current: the function, one it calls, or the file does not parse or has an error. */
  stale?: string;
  /** Whether the stale results' lines are still right (the function's own text is unchanged). */
  linesExact?: boolean;
  /** The analysis failed (not because of the program's text). */
  failure?: string;
  /** The analysis is queued or running. */
  pending: boolean;
  /** Its coverage is final (in `report`); its properties are being checked. */
  checking?: boolean;
  /** Its verdicts are final (in `report`); its data are being compiled and run. */
  validating?: boolean;
  /** The user cancelled it (it starts again after an edit or when asked). */
  cancelled: boolean;
}

/** Thrown to a user request whose function was edited while it ran (LSP ContentModified). */
export class ContentModifiedError extends Error {
  constructor() {
    super('the function was edited while the query ran');
    this.name = 'ContentModifiedError';
  }
}

const cacheCapacity = 500;

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

export class Analysis {
  private readonly files = new Map<string, OpenFile>();
  private readonly cache = new Map<string, CachedAnalysis>();
  /** The last finished analysis of each function by `uri#name`, shown (stale) while it cannot be analysed. */
  private readonly lastGood = new Map<string, CachedAnalysis>();
  /** Analyses that failed for another reason than the program's text, by `uri#name`: valid for that hash and analysed text. */
  private readonly failures = new Map<string, { hash: string; textHash: string; message: string }>();
  /** Functions in which the engine found an input error (an undeclared name...), by `uri#name`: valid for that hash. */
  private readonly engineErrors = new Map<string, { hash: string; error: Blocker }>();
  /** Input errors outside every function, by uri: valid for that top-level text. */
  private readonly fileErrors = new Map<string, { topLevelHash: string; error: Blocker }>();
  /** Analyses the user cancelled, by `uri#name`: not started again for that hash unless asked. */
  private readonly cancelled = new Map<string, string>();
  /** Background job per `uri#function`. */
  private readonly running = new Map<string, RunningJob>();
  /** Results published before the analysis ends, by function hash (until the whole analysis is cached): what they await. */
  private readonly covered = new Map<string, CachedAnalysis & { awaiting: Awaiting }>();
  /** Follow-up queries per `uri#function`, aborted when that function changes. */
  private readonly following = new Map<string, { hash: string; controller: AbortController; pending: number }>();
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

  /** Follow-up queries (explanations, second looks) queued or running, over all files. */
  get followUpCount(): number {
    let n = 0;
    for (const f of this.following.values()) n += f.pending;
    return n;
  }

  /** Goals with a current answer, over all open files. */
  get decidedGoals(): number {
    let n = 0;
    for (const f of this.files.values())
      for (const info of f.index.functions) {
        const fr = this.cache.get(info.hash)?.report.functions.find((x) => x.name === info.name);
        n += fr?.goals.filter((g) => !goalContext(g) && !g.causes?.some((c) => c.kind === 'not-analysed')).length ?? 0;
      }
    return n;
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
    const stillValid = (name: string, hash: string) => index.functions.find((f) => f.name === name)?.hash === hash;
    // Cancel the jobs of functions that changed or disappeared.
    for (const [k, job] of this.running) {
      const [jobUri, name] = splitKey(k);
      if (jobUri !== uri || stillValid(name, job.hash)) continue;
      this.log(`edit: cancelling the analysis of ${name}`);
      job.controller.abort();
      this.running.delete(k);
    }
    for (const [k, job] of this.following) {
      const [jobUri, name] = splitKey(k);
      if (jobUri === uri && !stillValid(name, job.hash)) this.stopFollowUps(k);
    }
    for (const [k, requests] of this.userRequests) {
      const [reqUri, name] = splitKey(k);
      if (reqUri !== uri) continue;
      for (const r of requests) if (!stillValid(name, r.hash)) r.controller.abort(new ContentModifiedError());
    }
    // An edit is the user going on: what they cancelled may run again.
    for (const [k, hash] of this.cancelled) if (splitKey(k)[0] === uri && !stillValid(splitKey(k)[1], hash)) this.cancelled.delete(k);
    this.schedule(uri);
    this.onChange(uri);
  }

  close(uri: string): void {
    for (const k of [...this.following.keys()]) if (splitKey(k)[0] === uri) this.stopFollowUps(k);
    for (const [k, job] of this.running) {
      if (splitKey(k)[0] === uri) {
        job.controller.abort();
        this.running.delete(k);
      }
    }
    // Errors are found again when the file is opened again (it may have been fixed meanwhile).
    for (const map of [this.failures, this.engineErrors, this.cancelled]) for (const k of [...map.keys()]) if (splitKey(k)[0] === uri) map.delete(k);
    this.fileErrors.delete(uri);
    this.files.delete(uri);
    this.onChange(uri);
  }

  /** The text the engine gets for this file: functions that do not parse or have errors are blanked out. */
  analysisText(uri: string): string | undefined {
    const f = this.files.get(uri);
    return f && textWithout(f.text, this.blanked(f));
  }

  /** Why the function cannot be analysed now, if it cannot: its error, a callee's, or one outside every function. */
  blocker(uri: string, info: FunctionInfo): (Blocker & { where: string }) | undefined {
    const f = this.files.get(uri);
    if (!f) return undefined;
    const top = f.index.topLevelErrors[0];
    if (top) return { line: top.line + 1, column: top.character + 1, message: top.message, where: `line ${top.line + 1} does not parse` };
    const fileError = this.fileErrors.get(uri);
    if (fileError && fileError.topLevelHash === f.index.topLevelHash) return { ...fileError.error, where: `error at line ${fileError.error.line}` };
    const own = this.functionError(uri, info);
    if (own) return { ...own, where: `line ${own.line} ${info.syntaxError ? 'does not parse' : 'has an error'}` };
    for (const name of info.dependencies) {
      const dep = f.index.functions.find((fn) => fn.name === name);
      const e = dep && this.functionError(uri, dep);
      if (e) return { ...e, where: `${name}() ${dep.syntaxError ? 'does not parse' : 'has an error'} (line ${e.line})` };
    }
    return undefined;
  }

  /** What the editor shows of a function. */
  view(uri: string, info: FunctionInfo): FunctionView {
    const k = key(uri, info.name);
    const pending = this.running.has(k);
    const cancelled = this.cancelled.get(k) === info.hash;
    const cached = this.cache.get(info.hash);
    if (cached) {
      this.touch(info.hash, cached);
      return { report: this.shifted(uri, cached), pending, cancelled };
    }
    const blocker = this.blocker(uri, info);
    if (blocker) {
      const last = this.lastGood.get(k);
      if (!last) return { stale: blocker.where, pending, cancelled };
      return { report: this.shifted(uri, last), stale: blocker.where, linesExact: last.textHash === info.textHash, pending, cancelled };
    }
    const failure = this.failures.get(k);
    if (failure && failure.hash === info.hash) return { failure: failure.message, pending, cancelled };
    const coverage = pending ? this.covered.get(info.hash) : undefined;
    if (coverage)
      return {
        report: this.shifted(uri, coverage),
        pending,
        checking: coverage.awaiting === 'properties',
        validating: coverage.awaiting === 'validation',
        cancelled,
      };
    return { pending, cancelled };
  }

  /** The function's current report (at the function's current lines), if analysed. */
  functionReport(uri: string, info: FunctionInfo): Report | undefined {
    const cached = this.cache.get(info.hash);
    return cached && this.shifted(uri, cached);
  }

  /** Whether a follow-up query is still working on this goal (of the function's current version), or found nothing. */
  explanationState(info: FunctionInfo, goalId: string): 'pending' | 'none' | 'deeper' | undefined {
    const e = this.cache.get(info.hash)?.followUps.get(goalId);
    if (!e) return undefined;
    if (e.kind === 'deeper') return e.state === 'pending' ? 'deeper' : undefined;
    return e.state === 'pending' || e.state === 'none' ? e.state : undefined;
  }

  isPending(uri: string, name: string): boolean {
    return this.running.has(key(uri, name));
  }

  /**
   * The merged report of the open file as far as analysed (stale results
   * included where their lines are still right), the functions still pending
   * (and of those, the ones whose data are being validated), and those whose
   * results are stale.
   */
  fileReport(uri: string): { report: Report; pending: string[]; validating: string[]; stale: { function: string; reason: string }[] } | undefined {
    const f = this.files.get(uri);
    if (!f) return undefined;
    const report: Report = { file: f.file, functions: [] };
    const pending: string[] = [];
    const validating: string[] = [];
    const stale: { function: string; reason: string }[] = [];
    for (const info of f.index.functions) {
      const v = this.view(uri, info);
      if (v.stale) stale.push({ function: info.name, reason: v.stale });
      if (v.report && (!v.stale || v.linesExact)) {
        report.functions.push(...v.report.functions.filter((fr) => fr.name === info.name));
        for (const d of v.report.diagnostics ?? []) (report.diagnostics ??= []).push(d);
      }
      if (v.pending) pending.push(info.name);
      if (v.validating) validating.push(info.name);
    }
    return { report, pending, validating, stale };
  }

  /**
   * Waits for the analysis of the file (or one function) and returns its
   * report. `onProgress` hears of each function done. Cancelling (the signal)
   * stops the analyses it waits for: they are not started again until the
   * function is edited or asked for again.
   */
  async waitFor(
    uri: string,
    functionName?: string,
    signal?: AbortSignal,
    onProgress?: (p: { done: number; total: number; goals: number }) => void,
  ): Promise<Report> {
    const onAbort = () => {
      const f = this.files.get(uri);
      for (const fn of f?.index.functions ?? []) {
        if (functionName && fn.name !== functionName) continue;
        const k = key(uri, fn.name);
        const job = this.running.get(k);
        if (!job) continue;
        this.log(`cancelled by the user: the analysis of ${fn.name}`);
        this.cancelled.set(k, fn.hash);
        job.controller.abort();
        this.running.delete(k);
        this.onChange(uri);
      }
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      for (;;) {
        signal?.throwIfAborted();
        const f = this.files.get(uri);
        if (!f) throw new Error(`${uri} is not open`);
        const wanted = f.index.functions.filter((fn) => !functionName || fn.name === functionName);
        if (functionName && wanted.length === 0) throw new Error(`no function '${functionName}' in ${f.file}`);
        const views = wanted.map((fn) => ({ fn, v: this.view(uri, fn) }));
        for (const { fn, v } of views) {
          if (v.cancelled) {
            this.cancelled.delete(key(uri, fn.name)); // asked for again
            this.schedule(uri);
          }
        }
        const waiting = views.filter(({ v }) => !v.stale && !v.failure && !(v.report && !v.stale));
        const goals = views.reduce((n, { fn, v }) => n + (v.report?.functions.find((x) => x.name === fn.name)?.goals.length ?? 0), 0);
        onProgress?.({ done: wanted.length - waiting.length, total: wanted.length, goals });
        if (waiting.length === 0) {
          if (wanted.length === 1) {
            const { fn, v } = views[0];
            if (v.stale) throw new Error(`${fn.name} cannot be analysed now: ${v.stale}`);
            if (v.failure) throw new Error(v.failure);
          }
          const report: Report = { file: f.file, functions: [] };
          for (const { fn, v } of views) {
            if (!v.report || v.stale) continue;
            report.functions.push(...v.report.functions.filter((fr) => fr.name === fn.name));
            for (const d of v.report.diagnostics ?? []) (report.diagnostics ??= []).push(d);
          }
          return report;
        }
        this.schedule(uri);
        const jobs = waiting.map(({ fn }) => this.running.get(key(uri, fn.name))?.done);
        if (jobs.every((j) => j === undefined)) throw new Error('the analysis did not start'); // cannot happen: schedule starts them
        const aborted = new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }));
        await Promise.race([...jobs.filter((j) => j !== undefined), aborted]);
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Runs a user request about one function in the pool ahead of the background
   * work; an edit of that function aborts it with ContentModifiedError.
   */
  async userRequest<M extends 'reach' | 'cfg' | 'harness' | 'cover'>(
    uri: string,
    functionName: string | undefined,
    method: M,
    params: EngineParams<M>,
    signal?: AbortSignal,
  ): Promise<EngineResult<M>> {
    const f = this.files.get(uri);
    const info = f?.index.functions.find((fn) => fn.name === functionName);
    if (info) {
      const blocker = this.blocker(uri, info);
      if (blocker) throw new EngineError('request', `${info.name} cannot be analysed now: ${blocker.where}: ${blocker.message}`);
    }
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

  /** Starts the analysis of every function of the file that can be analysed and has no answer yet; follow-ups of those that have one. */
  private schedule(uri: string): void {
    const f = this.files.get(uri);
    if (!f) return;
    const textHash = sha(textWithout(f.text, this.blanked(f)));
    const toStart: FunctionInfo[] = [];
    for (const info of f.index.functions) {
      const k = key(uri, info.name);
      const cached = this.cache.get(info.hash);
      if (cached) {
        this.lastGood.set(k, cached);
        this.followUp(uri, info, cached);
        continue;
      }
      if (this.running.has(k) || this.cancelled.get(k) === info.hash || this.blocker(uri, info)) continue;
      const failure = this.failures.get(k);
      if (failure && failure.hash === info.hash && failure.textHash === textHash) continue;
      toStart.push(info);
    }
    // Many functions to analyse (a file just opened) share one lowering of the whole file in the worker;
    // a few (an edit) are each sent alone with what they depend on: lowering the whole 1,000-line file
    // again took 60-130 ms of an edit's answer, lowering one function with its dependencies 12-30 ms.
    const alone = toStart.length * 4 <= f.index.functions.length;
    for (const info of toStart) this.start(uri, info, alone);
  }

  private functionError(uri: string, info: FunctionInfo): Blocker | undefined {
    if (info.syntaxError) return { line: info.syntaxError.line + 1, column: info.syntaxError.character + 1, message: info.syntaxError.message };
    const e = this.engineErrors.get(key(uri, info.name));
    return e && e.hash === info.hash ? e.error : undefined;
  }

  /** Functions left out of the engine's text: those that do not parse or have errors. */
  private blanked(f: OpenFile): FunctionInfo[] {
    return f.index.functions.filter((fn) => this.functionError(f.uri, fn));
  }

  /** Starts the analysis of a function; `alone`: with the text of the functions it does not depend on left out. */
  private start(uri: string, info: FunctionInfo, alone: boolean): void {
    const f = this.files.get(uri)!;
    const controller = new AbortController();
    const blanked = this.blanked(f);
    const whole = textWithout(f.text, blanked);
    // What the function depends on (its index's closure of the names it and the top-level text mention) is what
    // its hash covers: the functions left out cannot change its analysis.
    const needed = new Set([info.name, ...info.dependencies]);
    const text = alone ? textWithout(f.text, [...blanked, ...f.index.functions.filter((fn) => !needed.has(fn.name))]) : whole;
    if (alone) this.log(`analysing ${info.name} with the functions it depends on only${info.dependencies.length ? ` (${info.dependencies.join(', ')})` : ''}`);
    const params: AnalyseRequest = { file: f.file, text, function: info.name };
    const spans = new Map<string, { from: number; to: number }>();
    for (const name of [info.name, ...info.dependencies]) {
      const fn = f.index.functions.find((x) => x.name === name);
      if (fn) spans.set(name, { from: fn.startLine + 1, to: fn.endLine + 1 });
    }
    const k = key(uri, info.name);
    // Coverage first, shown as soon as it is known; the properties are checked in a second job, queued behind
    // the coverage of the other functions; the verdicts are shown when they are known, and the data are compiled
    // and run by a third job, after the other functions' verdicts (issue 14: coverage status first, then
    // properties, then validation; compiler processes beside the checks slowed them down).
    const analysisOf = (report: Report): CachedAnalysis => ({ report, spans, analysed: params, textHash: info.textHash, followUps: new Map() });
    const stages = async (): Promise<Report> => {
      const partial = (report: Report, awaiting: Awaiting) => {
        const results = { ...analysisOf(report), awaiting };
        this.covered.set(info.hash, results);
        // Verdicts are this version's last results, shown (stale) should the function stop parsing during its validation.
        if (awaiting === 'validation') this.lastGood.set(k, results);
        this.onChange(uri);
      };
      const cover: CoverRequest = { ...params, criterion: 'decision', invariants: 'cheap', validate: false };
      const coverage = await this.pool.run('cover', cover, this.options, 'background', controller.signal);
      partial(coverage, 'properties');
      const budgetMs = propertiesBudgetQueries * this.options.timeoutMs;
      if (this.options.validate !== true) return this.pool.run('analyse', { ...params, coverage, budgetMs }, this.options, 'background', controller.signal);
      const verdicts = await this.pool.run('analyse', { ...params, coverage, validate: 'later', budgetMs }, this.options, 'background', controller.signal);
      // No datum left unvalidated (none at all): nothing left to wait for.
      if (verdicts.functions.every((f) => f.tests.every((t) => t.validated !== undefined))) return verdicts;
      partial(verdicts, 'validation');
      try {
        // After the coverage and verdicts of the other functions (an edited one's first), before the follow-ups.
        return await this.pool.run('validate', { ...params, report: verdicts }, this.options, 'validation', controller.signal);
      } catch (e) {
        if (isCancellation(e) || controller.signal.aborted) throw e;
        // The verdicts stand; their data are not validated, and the log says why.
        this.log(`validating the data of ${info.name} failed: ${e instanceof Error ? e.message : String(e)}`);
        return verdicts;
      }
    };
    const done = stages()
      .then(
        (report) => {
          const cached = analysisOf(report);
          this.remember(info.hash, cached);
          this.lastGood.set(k, cached);
          this.followUp(uri, info, cached);
        },
        (e: unknown) => {
          if (isCancellation(e) || controller.signal.aborted) return;
          const message = e instanceof Error ? e.message : String(e);
          if (this.inputError(uri, info, e)) return;
          this.log(`analysis of ${info.name} failed: ${message}`);
          this.failures.set(k, { hash: info.hash, textHash: sha(whole), message });
        },
      )
      .finally(() => {
        if (this.covered.get(info.hash)?.analysed === params) this.covered.delete(info.hash);
        if (this.running.get(k)?.controller === controller) this.running.delete(k);
        if (!controller.signal.aborted) {
          this.schedule(uri);
          this.onChange(uri);
        }
      });
    this.running.set(k, { hash: info.hash, controller, done });
  }

  /**
   * An input error of the engine at a place of this file: the function it is
   * in cannot be analysed (it is left out of the text for the others); one
   * outside every function stops them all until the text there changes.
   * Returns false when the error is not about a place of this file.
   */
  private inputError(uri: string, info: FunctionInfo, e: unknown): boolean {
    const f = this.files.get(uri);
    if (!f || !(e instanceof EngineError) || e.kind !== 'input') return false;
    const at = e.locations.find((l) => l.file === f.file);
    if (!at) return false;
    const error: Blocker = { line: at.line, column: at.column, message: at.message };
    const owner = f.index.functions.find((fn) => fn.startLine <= at.line - 1 && at.line - 1 <= fn.endLine);
    if (!owner) {
      this.log(`analysis of ${info.name}: error outside every function, line ${at.line}: ${at.message}`);
      this.fileErrors.set(uri, { topLevelHash: f.index.topLevelHash, error });
      return true;
    }
    const k = key(uri, owner.name);
    if (this.engineErrors.get(k)?.hash === owner.hash) return false; // already left out: the error is not its
    this.log(
      `analysis of ${info.name}: ${owner.name} has an error at line ${at.line}: ${at.message}${owner === info ? '' : `; analysing the others without it`}`,
    );
    this.engineErrors.set(k, { hash: owner.hash, error });
    return true;
  }

  /** Queues the follow-up queries of an analysed function: explanations of unreachable goals, second looks at goals left unknown by the time limit. */
  private followUp(uri: string, info: FunctionInfo, cached: CachedAnalysis): void {
    const k = key(uri, info.name);
    if (this.following.has(k)) return;
    const own = cached.report.functions.find((f) => f.name === info.name)?.goals.filter((g) => !cached.followUps.has(g.id)) ?? [];
    const explain = own.filter(needsExplanation);
    // Goals the analysis's time for properties left unasked each get a look; at most deeperPerFunction of the others.
    const open = own.filter(needsDeeperLook);
    const deeper = [
      ...open.filter((g) => !cutShort(g)).slice(0, Math.max(0, deeperPerFunction - [...cached.followUps.values()].filter((x) => x.kind === 'deeper').length)),
      ...open.filter(cutShort),
    ];
    if (explain.length + deeper.length === 0) return;
    const analysed = cached.analysed;
    const controller = new AbortController();
    const entry = { hash: info.hash, controller, pending: explain.length + deeper.length };
    this.following.set(k, entry);
    for (const g of explain) cached.followUps.set(g.id, { kind: 'explain', state: 'pending' });
    for (const g of deeper) cached.followUps.set(g.id, { kind: 'deeper', state: 'pending' });
    // Explanations (short; the hover waits for them) go before the second looks (each up to the longer limit).
    const ask = async (g: GoalReport, options: EngineOptions, priority: 'follow-up' | 'second-look') => {
      // An explanation is of the suite's own proof: a bounded one's conflicting conditions, not an invariant found instead.
      const invariants = priority === 'second-look' || g.proof === 'invariant';
      const request: ReachRequest = { file: analysed.file, text: analysed.text, function: info.name, goal: g.id, invariants };
      const report = await this.pool.run('reach', request, options, priority, controller.signal);
      const fr = report.functions.find((f) => f.goals.some((x) => x.id === g.id));
      const answer = fr?.goals.find((x) => x.id === g.id);
      return { answer, test: answer?.test ? fr?.tests.find((t) => t.id === answer.test) : undefined };
    };
    const settle = (g: GoalReport, result: FollowUp | undefined) => {
      entry.pending--;
      if (controller.signal.aborted) return;
      if (result) cached.followUps.set(g.id, result);
      else cached.followUps.delete(g.id);
      this.onChange(uri);
    };
    const longer: EngineOptions = { ...this.options, timeoutMs: this.options.timeoutMs * deeperFactor };
    const explainJobs = explain.map(async (g) => {
      try {
        let { answer } = await ask(g, this.options, 'follow-up');
        // The explanation's own solver checks can run out of time under unrolled loops (gcd's
        // 13 reasons at bound 32 take 6-13 s): asked once more with the second look's longer limit.
        if (answer?.status === 'unreachable' && !answer.why?.length) ({ answer } = await ask(g, longer, 'follow-up'));
        this.log(`explaining ${g.id}: ${answer?.status}, ${answer?.why?.length ?? 0} reasons`);
        // Still none (the time those checks take varies from run to run): a proof by invariant, a few cheap
        // queries, is its own explanation (the invariant each loop keeps).
        const byInvariant = answer?.status === 'unreachable' && !answer.why?.length ? (await ask(g, this.options, 'second-look')).answer : undefined;
        if (answer?.status === 'unreachable' && answer.why?.length) settle(g, { kind: 'explain', state: 'done', why: answer.why });
        else if (byInvariant?.status === 'unreachable' && byInvariant.proof === 'invariant')
          settle(g, { kind: 'deeper', state: 'done', goal: { ...byInvariant, line: g.line, column: g.column } });
        else {
          // The reach query disagreeing with the suite would be a bug of CReach: say it, keep the suite's verdict.
          if (answer && answer.status !== g.status) this.log(`BUG: ${g.id} is ${g.status} in the suite but ${answer.status} when reached alone`);
          settle(g, { kind: 'explain', state: 'none' });
        }
      } catch (e) {
        if (isCancellation(e) || controller.signal.aborted)
          settle(g, undefined); // asked again later
        else {
          this.log(`explaining ${g.id} failed: ${e instanceof Error ? e.message : String(e)}`);
          settle(g, { kind: 'explain', state: 'none' });
        }
      }
    });
    const deeperJobs = deeper.map(async (g) => {
      try {
        // One that ran out of time gets a longer limit; one the function's time left unasked, the usual one.
        const options = timedOut(g) && !cutShort(g) ? longer : this.options;
        const { answer, test } = await ask(g, options, 'second-look');
        this.log(`second look at ${g.id} (time limit ${options.timeoutMs} ms): ${answer?.status ?? 'no answer'}`);
        // A second look past the loop bound that ends not reached again changes nothing.
        if (answer && answer.status !== 'unknown' && !(pastLoopBound(g) && answer.status === 'not-reached')) {
          // The second look numbers its one test t1 like every other query: renamed apart from the suite's
          // tests and from the other second looks' (a hover finds a goal's test by id).
          const fr = cached.report.functions.find((f) => f.name === info.name);
          const taken = new Set(
            [...(fr?.tests ?? []), ...[...cached.followUps.values()].flatMap((x) => (x.kind === 'deeper' && x.state === 'done' && x.test ? [x.test] : []))].map(
              (t) => t.id,
            ),
          );
          let id = test?.id;
          if (test) for (let n = 1; taken.has(id!); n++) id = `${test.id}d${n}`;
          const goal: GoalReport = { ...answer, line: g.line, column: g.column, ...(id ? { test: id } : {}) };
          settle(g, { kind: 'deeper', state: 'done', goal, ...(test ? { test: { ...test, id: id!, goals: [g.id] } } : {}) });
        } else settle(g, { kind: 'deeper', state: 'none' });
      } catch (e) {
        if (isCancellation(e) || controller.signal.aborted) settle(g, undefined);
        else {
          this.log(`second look at ${g.id} failed: ${e instanceof Error ? e.message : String(e)}`);
          settle(g, { kind: 'deeper', state: 'none' });
        }
      }
    });
    void Promise.all([...explainJobs, ...deeperJobs]).finally(() => {
      if (this.following.get(k)?.controller === controller) this.following.delete(k);
    });
  }

  private stopFollowUps(k: string): void {
    const job = this.following.get(k);
    if (!job) return;
    job.controller.abort();
    this.following.delete(k);
    // Follow-ups not finished are dropped: they are asked again when this version is open again.
    const cached = this.cache.get(job.hash);
    if (cached) for (const [id, e] of cached.followUps) if (e.state === 'pending') cached.followUps.delete(id);
  }

  private remember(hash: string, analysis: CachedAnalysis): void {
    this.cache.set(hash, analysis);
    while (this.cache.size > cacheCapacity) this.cache.delete(this.cache.keys().next().value!);
    while (this.lastGood.size > cacheCapacity) this.lastGood.delete(this.lastGood.keys().next().value!);
  }

  /** Keeps recently used entries last (LRU order). */
  private touch(hash: string, cached: CachedAnalysis): void {
    this.cache.delete(hash);
    this.cache.set(hash, cached);
  }

  private shifted(uri: string, cached: CachedAnalysis): Report {
    return shiftReport(withFollowUps(cached), this.shiftsFor(uri, cached));
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
  // A proof by invariant is its own explanation (the invariant, in its causes).
  return (g.kind === 'statement' || g.kind === 'branch') && g.status === 'unreachable' && g.proof !== 'invariant' && !g.why?.length;
}

/**
 * A goal the analysis left open gets a second look: unknown by a time limit (asked with a longer one),
 * or not reached within the loop bound (asked past it: the invariant prover and loop acceleration,
 * which the analysis skips so that its first answer comes fast).
 */
function needsDeeperLook(g: GoalReport): boolean {
  return !goalContext(g) && (timedOut(g) || pastLoopBound(g));
}
const timedOut = (g: GoalReport) => g.status === 'unknown' && (g.causes ?? []).some((c) => c.kind === 'timeout');
/** Unknown because the function's time ran out (the analysis's budget for properties): not asked in full. */
export const cutShort = (g: GoalReport) => g.status === 'unknown' && (g.causes ?? []).some((c) => c.kind === 'timeout' && c.during === 'function');
const pastLoopBound = (g: GoalReport) => g.status === 'not-reached' && (g.causes ?? []).some((c) => c.kind === 'loop-bound');

/** The cached report with what the follow-up queries found. */
function withFollowUps(cached: CachedAnalysis): Report {
  const done = [...cached.followUps.values()].some((x) => x.state === 'done');
  if (!done) return cached.report;
  return {
    ...cached.report,
    functions: cached.report.functions.map((f) => {
      const extraTests: TestReport[] = [];
      const goals = f.goals.map((g) => {
        const x = cached.followUps.get(g.id);
        if (x?.state !== 'done') return g;
        if (x.kind === 'explain') return needsExplanation(g) ? { ...g, why: x.why } : g;
        if (x.test) extraTests.push(x.test);
        return x.goal;
      });
      return { ...f, goals, tests: extraTests.length ? [...f.tests, ...extraTests] : f.tests };
    }),
  };
}

function key(uri: string, name: string): string {
  return `${uri}#${name}`;
}

function splitKey(k: string): [string, string] {
  const i = k.lastIndexOf('#');
  return [k.slice(0, i), k.slice(i + 1)];
}
