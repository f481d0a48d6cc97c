#!/usr/bin/env node
// End-to-end tests in a real VS Code (issue 6): `npm run test:e2e`.
//
// Builds and packages the extension, starts code-server (provisioned by
// test/e2e/setup under .e2e/) on a copy of test/fixtures, installs the .vsix,
// drives Debian's Chromium with playwright-core through the scenarios of
// scenarios.mjs, saves a screenshot per scenario under test-results/, stops
// everything it started (also on failure), and ends with `N passed, N failed`.
//
// Options: --skip-build (use the existing .vsix), --only a,b (scenario names),
//          --keep (leave the temporary folder for inspection),
//          --if-provisioned (skip, saying so, when test/e2e/setup has not been run;
//          unless CREACH_E2E_REQUIRED=1, as in .ci/run).
import { chromium } from 'playwright-core';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CodeServer, ROOT, isProvisioned, runToEnd } from './lib/codeserver.mjs';
import { Workbench } from './lib/workbench.mjs';
import { trustedScenarios, untrustedScenarios } from './scenarios.mjs';

const args = process.argv.slice(2);
const option = (name) => args.includes(name);
const only = (() => {
  const i = args.indexOf('--only');
  return i >= 0 ? new Set(args[i + 1].split(',')) : undefined;
})();
const selected = (list) => list.filter((s) => !only || only.has(s.name));

const RESULTS = join(ROOT, 'test-results');
const FIXTURES = join(ROOT, 'test/fixtures');
/** Programs of the editor's own tests (issue 16): copied into the workspace next to the seed fixtures. */
const EDITOR_FIXTURES = join(ROOT, 'test/lsp/fixtures');
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** User settings shared by both runs: a quiet workbench, and the logging compiler wrapper. */
function userSettings(compilerWrapper, trust) {
  return {
    'security.workspace.trust.enabled': trust,
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'chat.disableAIFeatures': true,
    'extensions.ignoreRecommendations': true,
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'editor.codeLens': true,
    'editor.hover.delay': 300,
    'editor.minimap.enabled': false,
    'creach.compiler': compilerWrapper,
    // Every other CReach setting is the default: the answers checked are those a user gets.
  };
}

/**
 * A compiler that logs each call (one line of arguments) and then runs gcc.
 * When it compiles (not when it preprocesses for the analysis) it defines
 * CREACH_TEST_MISCOMPILED, which only miscompiled.c uses: there the compiled
 * program differs from the analysed one, so its validation fails.
 */
function writeCompilerWrapper(dir, logPath) {
  const path = join(dir, 'cc-logged');
  writeFileSync(
    path,
    `#!/bin/sh\necho "$(date +%T.%N) $*" >> '${logPath}'\nfor a in "$@"; do [ "$a" = "-E" ] && exec gcc "$@"; done\nexec gcc -DCREACH_TEST_MISCOMPILED "$@"\n`,
  );
  chmodSync(path, 0o755);
  return path;
}

const started = [];
let browser;
async function stopAll() {
  await browser?.close().catch(() => {});
  browser = undefined;
  for (const server of started.splice(0)) {
    await server.stop().catch((e) => console.error(`stopping code-server: ${e.message}`));
    // Keep VS Code's logs (the CReach output channel among them) next to the screenshots.
    const logs = join(server.userDataDir, 'logs');
    if (existsSync(logs)) cpSync(logs, join(RESULTS, `logs-${server.name}`), { recursive: true });
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll().finally(() => process.exit(130));
  });
}

const results = [];
async function runScenarios(scenarios, context) {
  for (const scenario of scenarios) {
    const t0 = Date.now();
    let error;
    try {
      await scenario.run(context);
    } catch (e) {
      error = e;
    }
    try {
      await context.wb.screenshot(scenario.name);
    } catch (e) {
      error ??= new Error(`screenshot: ${e.message}`);
    }
    const seconds = ((Date.now() - t0) / 1000).toFixed(1);
    results.push({ name: scenario.name, ok: !error });
    if (error) console.log(`FAIL ${scenario.name} (${seconds} s): ${scenario.what}\n     ${String(error.message).split('\n').join('\n     ')}`);
    else console.log(`ok   ${scenario.name} (${seconds} s): ${scenario.what}`);
    // Leave the workbench as a user would find it: no open prompt or menu.
    await context.wb.page.keyboard.press('Escape').catch(() => {});
  }
}

/** Starts a code-server on a fresh copy of the fixtures, opens it in a fresh Chromium profile. */
async function session({ tmp, name, trust, vsix, compilerWrapper, prepare, scenarios = [] }) {
  const workspace = join(tmp, `${name}-workspace`);
  cpSync(FIXTURES, workspace, { recursive: true });
  cpSync(EDITOR_FIXTURES, workspace, { recursive: true });
  // The files scenarios bring (`files`): there before code-server starts, so Quick Open lists them.
  for (const scenario of scenarios) for (const [file, text] of Object.entries(scenario.files ?? {})) writeFileSync(join(workspace, file), text);
  prepare?.(workspace);
  const server = new CodeServer({
    name,
    dir: join(tmp, `${name}-code-server`),
    workspace,
    settings: userSettings(compilerWrapper, trust),
    logFile: join(RESULTS, `code-server-${name}.log`),
  });
  await server.installExtension(vsix);
  started.push(server);
  await server.start();
  const context = await chromium.launchPersistentContext(join(tmp, `${name}-chromium-profile`), {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1600, height: 1000 },
  });
  browser = context;
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(30_000);
  const wb = new Workbench(page, RESULTS);
  await wb.open(server.url);
  return { server, wb, workspace, context };
}

async function main() {
  if (!isProvisioned()) {
    const why = 'not provisioned (no .e2e/node24, .e2e/code-server or /usr/bin/chromium): run `bash test/e2e/setup` first';
    // `npm test` passes --if-provisioned: it says it skips rather than failing on a bare machine.
    // CI sets CREACH_E2E_REQUIRED=1: there a skip is a failure.
    if (option('--if-provisioned') && process.env.CREACH_E2E_REQUIRED !== '1') {
      console.log(`\ne2e: SKIPPED: the end-to-end tests in VS Code did NOT run: ${why}\n`);
      return 0;
    }
    console.error(`e2e: ${why}`);
    return 2;
  }
  rmSync(RESULTS, { recursive: true, force: true });
  mkdirSync(RESULTS, { recursive: true });
  const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
  const vsix = join(ROOT, `creach-${version}.vsix`);
  if (!option('--skip-build')) {
    console.log('e2e: npm run build && npm run package');
    const log = join(RESULTS, 'build.log');
    await runToEnd('npm', ['run', 'build'], { log: { write: (c) => writeFileSync(log, c, { flag: 'a' }) } });
    await runToEnd('npm', ['run', 'package'], { log: { write: (c) => writeFileSync(log, c, { flag: 'a' }) } });
  }
  if (!existsSync(vsix)) throw new Error(`no ${vsix} after npm run package`);

  const tmp = mkdtempSync(join(tmpdir(), 'creach-e2e-'));
  const compilerLog = join(tmp, 'compiler-calls.log');
  const compilerWrapper = writeCompilerWrapper(tmp, compilerLog);
  try {
    const trusted = selected(trustedScenarios);
    if (trusted.length > 0) {
      console.log('e2e: trusted workspace');
      const s = await session({ tmp, name: 'trusted', trust: false, vsix, compilerWrapper, scenarios: trusted });
      await s.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.server.url.replace(/\/$/, '') });
      await runScenarios(trusted, { ...s, fixtures: FIXTURES, editorFixtures: EDITOR_FIXTURES, compilerLog });
      await stopAll();
    }
    const untrusted = selected(untrustedScenarios);
    if (untrusted.length > 0) {
      console.log('e2e: untrusted workspace');
      rmSync(compilerLog, { force: true });
      const marker = join(tmp, 'untrusted-workspace-compiler-ran');
      // The untrusted folder's own settings name a compiler script of the folder's: it must never run.
      const prepare = (workspace) => {
        const evil = join(workspace, 'evil-cc');
        writeFileSync(evil, `#!/bin/sh\ntouch '${marker}'\nexec gcc "$@"\n`);
        chmodSync(evil, 0o755);
        mkdirSync(join(workspace, '.vscode'), { recursive: true });
        writeFileSync(join(workspace, '.vscode/settings.json'), JSON.stringify({ 'creach.compiler': evil }, null, 2));
      };
      const s = await session({ tmp, name: 'untrusted', trust: true, vsix, compilerWrapper, prepare });
      await s.wb.declineTrust();
      await runScenarios(untrusted, { ...s, fixtures: FIXTURES, compilerLog, marker });
    }
  } finally {
    await stopAll();
    if (option('--keep')) console.log(`e2e: kept ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
  }
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  console.log(`screenshots and code-server logs: ${RESULTS}`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  async (e) => {
    console.error(`e2e: ${e.stack ?? e}`);
    await stopAll();
    const passed = results.filter((r) => r.ok).length;
    console.log(`${passed} passed, ${results.length - passed + 1} failed`);
    process.exit(1);
  },
);
