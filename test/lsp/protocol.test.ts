// Protocol plumbing that needs no solving: initialize, capabilities, document
// sync, syntax errors as diagnostics, CodeLens before any result.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, fixture, startServer, type Session } from './session';

describe('language server protocol', () => {
  let s: Session;
  beforeAll(async () => {
    ensureBuilt();
    s = await startServer();
  });
  afterAll(async () => s?.close());

  it('declares its capabilities and commands', () => {
    const c = s.capabilities;
    expect(c.hoverProvider).toBe(true);
    expect(c.codeLensProvider).toBeDefined();
    expect(c.executeCommandProvider?.commands).toEqual(expect.arrayContaining(['creach.reach', 'creach.cover']));
    expect(c.textDocumentSync).toBe(2); // incremental
  });

  it('reports a syntax error as a diagnostic with its line', async () => {
    const file = fixture('factorial.c').replace('factorial.c', 'broken_syntax.c');
    const uri = await s.open(file, 'int f(int x)\n{\n    if (x > 0 {\n        return 1;\n    }\n    return 0;\n}\n');
    const diags = await s.diagnostics(uri, (d) => d.length > 0);
    const syntax = diags.find((d) => /syntax error/.test(String(d.message)));
    expect(syntax, JSON.stringify(diags)).toBeDefined();
    expect(syntax!.source).toBe('creach');
    expect(syntax!.range.start.line).toBe(2); // 0-based: `if (x > 0 {` is line 3
  });

  it('gives each function a CReach CodeLens and a CFG lens at once, before any result', async () => {
    const uri = await s.open(fixture('tcas_assert.c'));
    let lenses = await s.codeLens(uri);
    for (let i = 0; i < 50 && lenses.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      lenses = await s.codeLens(uri);
    }
    const titles = lenses.map((l) => l.command?.title ?? '');
    expect(titles.filter((t) => t.startsWith('CReach:'))).toHaveLength(2); // foo and foo_holds
    expect(titles.filter((t) => t === 'Show control-flow graph')).toHaveLength(2);
    expect(lenses.map((l) => l.range.start.line).sort((a, b) => a - b)).toEqual([6, 6, 22, 22]);
    expect(lenses.find((l) => l.command?.command === 'creach.showCfg')?.command?.arguments?.[0]).toMatchObject({ function: 'foo' });
  });

  it('rejects a malformed command with an error instead of crashing', async () => {
    await expect(s.connection.sendRequest('workspace/executeCommand', { command: 'creach.reach', arguments: [42] })).rejects.toThrow(/expected/);
    await expect(s.connection.sendRequest('workspace/executeCommand', { command: 'creach.nothing', arguments: [] })).rejects.toThrow(/unknown command/);
    // still alive
    const uri = await s.open(fixture('factorial.c'));
    expect((await s.codeLens(uri)).length).toBeGreaterThanOrEqual(0);
  });
});
