// Runs fuzz cases and judges each run. Most cases run in process: a few
// long-lived worker processes (worker.cjs) call runCli of the built bundle;
// a worker that exceeds a case's wall-clock limit is killed (a hang) and
// replaced. A sample runs as real `node dist/cli.js` processes, whose real
// exit codes are judged the same way.

import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { FuzzCase } from './corpus';

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** The run exceeded its wall-clock limit and was killed. */
  hung: boolean;
  /** Unhandled rejections, uncaught exceptions, worker deaths: each would end a real process. */
  problems: string[];
  mode: 'in-process' | 'process';
}

export type Verdict =
  | 'ok'
  | 'bad-exit' // an exit code other than 0, 1, 2 (or 1 from a command that cannot find violations)
  | 'internal-error' // `internal error` printed
  | 'crash' // an uncaught exception or unhandled rejection, a stack trace, a dead process
  | 'hang' // over the wall-clock limit
  | 'wrong-exit' // the command line demands an exit code (a malformed command line: 2) and got another
  | 'creach-bug' // CReach itself reported `CREACH BUG:` (a claim its validation contradicts)
  | 'silent-error'; // exit code 2 without any message (usage or file:line:column: message)

export interface Judgement {
  verdict: Verdict;
  detail: string;
}

const STACK_LINE = /^\s+at .+(:\d+:\d+\)?|\(native\)|\(<anonymous>\))$/m;

/** The oracle: exit codes 0, 1, 2 only, no internal error, no hang. */
export function judge(c: FuzzCase, r: RunResult): Judgement {
  const out = `${r.stdout}\n${r.stderr}`;
  const firstLine = (re: RegExp) => (out.split('\n').find((l) => re.test(l)) ?? '').slice(0, 300);
  if (r.hung) return { verdict: 'hang', detail: `no exit within ${r.ms} ms` };
  if (/internal error/i.test(out)) return { verdict: 'internal-error', detail: firstLine(/internal error/i) };
  if (r.problems.length) return { verdict: 'crash', detail: r.problems[0].split('\n')[0].slice(0, 300) };
  if (r.code === null || ![0, 1, 2].includes(r.code)) return { verdict: 'bad-exit', detail: `exit code ${r.code}; ${firstLine(/\S/)}` };
  if (r.code === 1 && !(c.argv[0] === 'check' && /VIOLATED|"violated"/.test(r.stdout)))
    return { verdict: 'bad-exit', detail: `exit code 1 from '${c.argv[0]}' without a violation (an uncaught exception exits 1); ${firstLine(/\S/)}` };
  if (STACK_LINE.test(r.stderr)) return { verdict: 'crash', detail: `stack trace: ${firstLine(/\S/)}` };
  if (/CREACH BUG/.test(out)) return { verdict: 'creach-bug', detail: firstLine(/CREACH BUG/) };
  if (c.expectExit !== undefined && r.code !== c.expectExit)
    return { verdict: 'wrong-exit', detail: `exit code ${r.code}, the command line demands ${c.expectExit}; ${firstLine(/\S/)}` };
  if (r.code === 2 && `${r.stdout}${r.stderr}`.trim() === '') return { verdict: 'silent-error', detail: 'exit code 2 without any message' };
  return { verdict: 'ok', detail: '' };
}

/** Creates the case's files and directories under a fresh directory; returns it. */
export function materialize(c: FuzzCase, root: string): string {
  const dir = mkdtempSync(join(root, `${c.id}-`));
  for (const d of c.dirs ?? []) mkdirSync(join(dir, d), { recursive: true });
  for (const [name, content] of Object.entries(c.files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

export interface RunnerOptions {
  /** Directory holding cli.js (default: dist/ of this checkout). */
  dist?: string;
  /** Worker processes running cases in parallel. */
  jobs?: number;
  /** Wall-clock limit of one in-process run, ms. */
  wallMs?: number;
  /** Wall-clock limit of one real process (it also starts Node and loads Z3), ms. */
  processWallMs?: number;
  /** A worker is replaced after this many cases (bounds memory kept by one process). */
  recycleAfter?: number;
  /** Run a case that hung in process once more as a real process (default true). */
  retryHangs?: boolean;
}

export const defaultDist = resolve(__dirname, '..', '..', 'dist');

interface Pending {
  resolve: (r: RunResult) => void;
  timer: NodeJS.Timeout;
  start: number;
}

/** One worker process; restarted after a hang, a crash or `recycleAfter` cases. */
class Worker {
  private child: ChildProcess | null = null;
  private ready: Promise<void> | null = null;
  private pending: Pending | null = null;
  private served = 0;
  private stderrTail = '';

  constructor(private readonly opts: Required<RunnerOptions>) {}

  private start(): Promise<void> {
    const child = fork(join(__dirname, 'worker.cjs'), [], {
      env: { ...process.env, CREACH_FUZZ_DIST: this.opts.dist },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      execArgv: [],
    });
    this.child = child;
    this.served = 0;
    // Anything the engine writes outside runCli's redirection (Z3's own messages) is kept for a crash report.
    const keep = (b: Buffer) => {
      this.stderrTail = (this.stderrTail + b.toString()).slice(-4000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.ready = new Promise((res, rej) => {
      const onMessage = (m: { ready?: boolean }) => {
        if (m.ready) {
          child.off('message', onMessage);
          res();
        }
      };
      child.on('message', onMessage);
      child.once('exit', (code) => rej(new Error(`fuzz worker exited (${code}) before it was ready: ${this.stderrTail}`)));
    });
    child.on('message', (m: { id?: string; code?: number; stdout?: string; stderr?: string; ms?: number; rss?: number; problems?: string[] }) => {
      if (m.id === undefined || !this.pending) return;
      const p = this.pending;
      this.pending = null;
      clearTimeout(p.timer);
      this.served++;
      if (this.served >= this.opts.recycleAfter || (m.rss ?? 0) > 2.5e9) this.stop();
      p.resolve({
        code: m.code ?? null,
        stdout: m.stdout ?? '',
        stderr: m.stderr ?? '',
        ms: m.ms ?? Date.now() - p.start,
        hung: false,
        problems: m.problems ?? [],
        mode: 'in-process',
      });
    });
    child.on('exit', (code, signal) => {
      if (this.child === child) {
        this.child = null;
        this.ready = null;
      }
      const p = this.pending;
      if (p && this.child === null) {
        this.pending = null;
        clearTimeout(p.timer);
        p.resolve({
          code: null,
          stdout: '',
          stderr: this.stderrTail,
          ms: Date.now() - p.start,
          hung: false,
          problems: [`worker process died (exit ${code}, signal ${signal}): ${this.stderrTail.slice(-500)}`],
          mode: 'in-process',
        });
      }
    });
    return this.ready;
  }

  async run(c: FuzzCase, cwd: string): Promise<RunResult> {
    if (!this.child) await this.start();
    else await this.ready;
    this.stderrTail = '';
    const child = this.child!;
    return new Promise((res) => {
      const start = Date.now();
      const timer = setTimeout(() => {
        if (this.pending?.timer !== timer) return;
        this.pending = null;
        this.kill();
        res({ code: null, stdout: '', stderr: '', ms: Date.now() - start, hung: true, problems: [], mode: 'in-process' });
      }, this.opts.wallMs);
      this.pending = { resolve: res, timer, start };
      // The worker can die between two cases (a case that crashed it): the send then fails with EPIPE, which
      // without a callback is an uncaught error of the whole test run (CI saw one). The case is settled all
      // the same: by the exit handler (the death, with its exit code and stderr) or, failing that, the timer.
      child.send({ id: c.id, argv: c.argv, cwd }, () => undefined);
    });
  }

  private kill(): void {
    const child = this.child;
    this.child = null;
    this.ready = null;
    if (child && child.exitCode === null) child.kill('SIGKILL');
  }

  stop(): void {
    const child = this.child;
    this.child = null;
    this.ready = null;
    if (child && child.exitCode === null) child.kill('SIGTERM');
  }

  dispose(): void {
    this.kill();
  }
}

/** Runs `node <dist>/cli.js argv` in `cwd` as a real process, killed (process group) past the wall limit. */
export function runProcess(c: FuzzCase, cwd: string, opts: Pick<Required<RunnerOptions>, 'dist' | 'processWallMs'>): Promise<RunResult> {
  return new Promise((res) => {
    const start = Date.now();
    const child = spawn(process.execPath, [join(opts.dist, 'cli.js'), ...c.argv], { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let hung = false;
    child.stdout.on('data', (b: Buffer) => {
      if (stdout.length < 1e6) stdout += b.toString();
    });
    child.stderr.on('data', (b: Buffer) => {
      if (stderr.length < 1e6) stderr += b.toString();
    });
    const timer = setTimeout(() => {
      hung = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, opts.processWallMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const problems = signal && !hung ? [`killed by ${signal}`] : [];
      res({ code, stdout, stderr, ms: Date.now() - start, hung, problems, mode: 'process' });
    });
  });
}

export interface CaseReport {
  case: FuzzCase;
  result: RunResult;
  judgement: Judgement;
  /** The case's directory (kept for failures, removed otherwise). */
  dir: string;
  /** Set when the case went over the wall-clock limit in process but not when run again as a process. */
  slow?: string;
}

export interface RunAllOptions extends RunnerOptions {
  /** Cases run as real processes (the others in process). */
  asProcess?: (c: FuzzCase, index: number) => boolean;
  /** Called after each case. */
  onCase?: (r: CaseReport, done: number, total: number) => void;
  /** Where case directories go (default: a fresh temporary directory). */
  root?: string;
  /** Keep every case directory (default: only failures'). */
  keepAll?: boolean;
}

function fullOptions(options: RunnerOptions): Required<RunnerOptions> {
  return {
    dist: options.dist ?? defaultDist,
    jobs: options.jobs ?? 2,
    wallMs: options.wallMs ?? 60_000,
    processWallMs: options.processWallMs ?? 75_000,
    recycleAfter: options.recycleAfter ?? 150,
    retryHangs: options.retryHangs ?? true,
  };
}

/** Workers kept between calls (minimisation runs one case after another). */
export class FuzzPool {
  private readonly opts: Required<RunnerOptions>;
  private readonly workers: Worker[];
  private readonly idle: Worker[];
  private readonly waiting: ((w: Worker) => void)[] = [];
  readonly root: string;

  constructor(options: RunnerOptions & { root?: string } = {}) {
    this.opts = fullOptions(options);
    this.root = options.root ?? mkdtempSync(join(tmpdir(), 'creach-fuzz-'));
    this.workers = Array.from({ length: Math.max(1, this.opts.jobs) }, () => new Worker(this.opts));
    this.idle = [...this.workers];
  }

  /**
   * Runs one case (in process, or as a real process) in a fresh directory and
   * judges it. A case that hangs in process runs once more as a real process
   * (the machine may have been busy): it is a hang only if that run hangs too,
   * and otherwise reported with `slow` set.
   */
  async run(c: FuzzCase, asProcess = false, keep = false): Promise<CaseReport> {
    const w = this.idle.pop() ?? (await new Promise<Worker>((res) => this.waiting.push(res)));
    try {
      let dir = materialize(c, this.root);
      let result = asProcess ? await runProcess(c, dir, this.opts) : await w.run(c, dir);
      let judgement = judge(c, result);
      let slow: string | undefined;
      if (judgement.verdict === 'hang' && !asProcess && this.opts.retryHangs) {
        const dir2 = materialize(c, this.root);
        const again = await runProcess(c, dir2, this.opts);
        const second = judge(c, again);
        if (second.verdict !== 'hang') {
          slow = `over ${result.ms} ms in process, then ${again.ms} ms as a real process`;
          rmSync(dir, { recursive: true, force: true });
          [dir, result, judgement] = [dir2, again, second];
        } else rmSync(dir2, { recursive: true, force: true });
      }
      if (judgement.verdict === 'ok' && !keep) rmSync(dir, { recursive: true, force: true });
      return { case: c, result, judgement, dir, ...(slow ? { slow } : {}) };
    } finally {
      const next = this.waiting.shift();
      if (next) next(w);
      else this.idle.push(w);
    }
  }

  dispose(): void {
    for (const w of this.workers) w.dispose();
  }
}

/** Runs `cases` on a pool of workers; returns one report per case, in corpus order. */
export async function runAll(cases: FuzzCase[], options: RunAllOptions = {}): Promise<CaseReport[]> {
  const pool = new FuzzPool(options);
  const reports: CaseReport[] = new Array(cases.length);
  let done = 0;
  try {
    await Promise.all(
      cases.map(async (c, i) => {
        reports[i] = await pool.run(c, options.asProcess?.(c, i) ?? false, options.keepAll);
        options.onCase?.(reports[i], ++done, cases.length);
      }),
    );
  } finally {
    pool.dispose();
  }
  return reports;
}
