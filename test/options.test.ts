// The one options table (server/src/options.ts) against what users see: the
// package.json contribution, the CLI's flags and help, the editor's settings.
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { defaultEngineOptions, optionSpecs, restrictedSettings, settingsContribution } from '../server/src/api';
import { readSettings, engineOptions } from '../server/src/lsp/settings';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

describe('options table', () => {
  it('package.json contributes exactly the settings of the table', () => {
    expect(pkg.contributes.configuration.properties).toEqual(settingsContribution());
    expect([...pkg.capabilities.untrustedWorkspaces.restrictedConfigurations].sort()).toEqual(restrictedSettings().sort());
  });

  it('every engine option has a default, and every option reaches the CLI or the editor', () => {
    for (const spec of optionSpecs) {
      expect(spec.cli ?? spec.setting, spec.key).toBeDefined();
      if (spec.key !== 'compileCommands') expect(defaultEngineOptions[spec.key], spec.key).toBeDefined();
    }
  });

  it('the editor reads every setting of the table, and ignores values of the wrong type', () => {
    const o = readSettings({
      loopBound: 7,
      timeoutMs: 9000,
      inlineDepth: 3,
      pointerArrayLength: 6,
      mallocMayFail: true,
      dataModel: 'ILP32',
      compiler: ' gcc ',
      runtimeErrors: false,
    });
    expect(o).toMatchObject({
      maxLoopBound: 7,
      timeoutMs: 9000,
      inlineDepth: 3,
      pointerArrayLength: 6,
      mallocMayFail: true,
      dataModel: 'ILP32',
      compiler: 'gcc',
      runtimeErrors: false,
      validate: true,
    });
    const bad = readSettings({ loopBound: 'many', timeoutMs: 5, dataModel: 'LP32', mallocMayFail: 1, pointerArrayLength: 1e11 });
    expect(bad).toMatchObject({ maxLoopBound: 64, timeoutMs: 5000, dataModel: 'LP64', mallocMayFail: false, pointerArrayLength: 4 });
    expect(engineOptions(readSettings({}), false).validate).toBe(false);
    expect(engineOptions(readSettings({}), true).validate).toBe(true);
  });

  it('the CLI help of reach lists every solver and common option of the table', () => {
    const r = spawnSync(process.execPath, ['dist/cli.js', 'reach', '--help'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    for (const spec of optionSpecs.filter((o) => o.cli)) {
      const flag = spec.type === 'boolean' && spec.default === true ? `--no-${spec.cli!.flag}` : `--${spec.cli!.flag}`;
      expect(r.stdout, flag).toContain(flag);
    }
  });
});
