// A fuzz worker: a long-lived Node process that runs `creach` commands in
// process through runCli of the built bundle (dist/cli.js, or the cli.js in
// $CREACH_FUZZ_DIST), one job at a time, for the runner (runner.ts), which
// kills it when a job exceeds its wall-clock limit.
//
// Messages in:  { id, argv, cwd }
// Messages out: { id, code, stdout, stderr, ms, rss, problems }
// `problems` lists unhandled rejections and uncaught exceptions seen while the
// job ran: each would end the real process (Node's default), so each is a finding.
'use strict';
const path = require('node:path');

globalThis[Symbol.for('creach.cli.library')] = true;
const dist = process.env.CREACH_FUZZ_DIST || path.join(__dirname, '..', '..', 'dist');
const { runCli } = require(path.join(path.resolve(dist), 'cli.js'));

let problems = [];
process.on('unhandledRejection', (e) => problems.push(`unhandled rejection: ${e instanceof Error ? e.stack || e.message : String(e)}`));
process.on('uncaughtException', (e) => {
  problems.push(`uncaught exception: ${e instanceof Error ? e.stack || e.message : String(e)}`);
  // State unknown: report what we have and let the runner start a new worker.
  if (current) finish(current, 3, stdout, stderr, () => process.exit(70));
  else process.exit(70);
});

let current = null;
let stdout = '';
let stderr = '';

function finish(job, code, out, err, then) {
  const msg = { id: job.id, code, stdout: out, stderr: err, ms: Date.now() - job.start, rss: process.memoryUsage().rss, problems };
  problems = [];
  current = null;
  process.send(msg, then);
}

process.on('message', async (job) => {
  const cwd = process.cwd();
  current = { id: job.id, start: Date.now() };
  stdout = '';
  stderr = '';
  let code;
  try {
    if (job.cwd) process.chdir(job.cwd);
    code = await runCli(job.argv, {
      stdout: (t) => {
        stdout += t;
      },
      stderr: (t) => {
        stderr += t;
      },
    });
  } catch (e) {
    // runCli never rejects: if it does, that is a finding too.
    problems.push(`runCli rejected: ${e instanceof Error ? e.stack || e.message : String(e)}`);
    code = 3;
  } finally {
    process.chdir(cwd);
  }
  // Let late rejections of this job surface before reporting it.
  await new Promise((r) => setTimeout(r, 0));
  if (current) finish(current, code, stdout, stderr);
});

process.send({ ready: true });
