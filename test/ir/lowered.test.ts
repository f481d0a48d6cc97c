// The CFG analyses, SSA and goal catalogue on real C lowered by the front end.
// Expected shapes follow from C's control flow (which statement can follow
// which), not from a previous run of the tool.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultEngineOptions } from '../../server/src/api';
import { loadProgram } from '../../server/src/frontend/index';
import type { Decision, IRFunction, Program } from '../../server/src/ir/ir';
import { predecessors, successors } from '../../server/src/ir/cfg';
import { controlDependences } from '../../server/src/ir/controlDependence';
import { dominators, postDominators } from '../../server/src/ir/dominators';
import { findLoops, isReducible } from '../../server/src/ir/loops';
import { toSsa } from '../../server/src/ir/ssa';
import { buildCatalogue } from '../../server/src/goals/catalogue';
import { cfgView } from '../../server/src/goals/cfgView';
import { checkSsa } from './ssaCheck';

const dir = mkdtempSync(join(tmpdir(), 'creach-ir-'));
let fileCount = 0;

async function lower(src: string, name = 'f'): Promise<{ program: Program; fn: IRFunction }> {
  const file = join(dir, `t${fileCount++}.c`);
  writeFileSync(file, src);
  const program = await loadProgram({ file, text: src }, defaultEngineOptions);
  const fn = program.functions.find((f) => f.name === name);
  if (!fn) throw new Error(`no function ${name}`);
  return { program, fn };
}

/** The block whose statement goal is on `line` (else the first block with an instruction there). */
function blockOfLine(fn: IRFunction, line: number): number {
  const b = fn.blocks.find((b) => b.range?.line === line) ?? fn.blocks.find((b) => b.instrs.some((i) => i.range.line === line));
  if (!b) throw new Error(`no block on line ${line}`);
  return b.id;
}

function decision(fn: IRFunction, id: string): Decision {
  const d = fn.decisions.find((d) => d.id === id);
  if (!d) throw new Error(`no decision ${id}; have ${fn.decisions.map((d) => d.id).join(', ')}`);
  return d;
}

function targets(d: Decision, outcome: string): number[] {
  return d.outcomes.find((o) => o.outcome === outcome)!.edges.map((e) => e.to);
}

/** Follows plain gotos of blocks without instructions (joins the front end may insert). */
function skipEmpty(fn: IRFunction, b: number): number {
  for (let seen = 0; seen < fn.blocks.length; seen++) {
    const block = fn.blocks[b];
    if (block.instrs.length > 0 || block.hasCode || block.terminator.kind !== 'goto') return b;
    b = block.terminator.target;
  }
  return b;
}

function phiVars(program: Program, fn: IRFunction, block: number): string[] {
  const s = toSsa(program, fn);
  return (s.phis.get(block) ?? []).map((p) => program.vars.get(p.orig)!.name).sort();
}

describe('CFG of small C functions', () => {
  it('if/else: each arm on its outcome, a φ at the join, dependences on the if', async () => {
    const { program, fn } = await lower(['int f(int x) {', '  int r;', '  if (x < 4)', '    r = 1;', '  else', '    r = 2;', '  return r;', '}'].join('\n'));
    const d = decision(fn, 'f:3:if');
    expect(d.kind).toBe('if');
    expect(d.text).toBe('x < 4');
    expect(targets(d, 'true').map((t) => skipEmpty(fn, t))).toEqual([blockOfLine(fn, 4)]);
    expect(targets(d, 'false').map((t) => skipEmpty(fn, t))).toEqual([blockOfLine(fn, 6)]);
    const ifBlock = d.outcomes[0].edges[0].from;
    expect(fn.blocks[ifBlock].edgeLabels[targets(d, 'true')[0]].text).toBe('x < 4: true');
    expect(findLoops(fn)).toEqual([]);
    expect(phiVars(program, fn, blockOfLine(fn, 7))).toContain('r');
    const cd = controlDependences(fn);
    expect(cd[blockOfLine(fn, 4)]).toEqual([{ decision: 'f:3:if', outcome: 'true' }]);
    expect(cd[blockOfLine(fn, 6)]).toEqual([{ decision: 'f:3:if', outcome: 'false' }]);
    expect(cd[blockOfLine(fn, 7)]).toEqual([]);
    const goals = buildCatalogue(program, fn, { runtimeErrors: true });
    expect(goals.find((g) => g.id === 'f:3:if:true')!.label).toBe('`if (x < 4)` is true');
    expect(goals.find((g) => g.id === 'f:4:stmt')!.label).toBe('statement `r = 1;`');
  });

  it("an operation's runtime error is at the operation, also when one instruction computes and stores it", async () => {
    // `z = x * 2` and `return x + y;` each lower to one instruction that computes and stores; the overflow is
    // the operation's (C11 6.5p5), as gcc's UBSan reports it at its operator. Nested, `y + z * 3` has two.
    const { program, fn } = await lower(['int f(int x, int y) {', '  int z;', '  z = x * 2;', '  y = y + z * 3;', '  return x + y;', '}'].join('\n'));
    const goals = buildCatalogue(program, fn, { runtimeErrors: true }).filter((g) => g.kind === 'runtime-error');
    expect(goals.map((g) => [g.range.line, g.range.column, g.range.endColumn, g.label])).toEqual([
      [3, 7, 12, '`x * 2` may overflow'],
      [4, 7, 16, '`y + z * 3` may overflow'],
      [4, 11, 16, '`z * 3` may overflow'],
      [5, 10, 15, '`x + y` may overflow'],
    ]);
    // The statement and the instruction keep the assignment's range (explanations cite the assignment).
    expect(goals.find((g) => g.range.line === 3)!.id).toBe('f:3:overflow');
    const store = fn.blocks.flatMap((b) => b.instrs).find((i) => i.range.line === 3)!;
    expect([store.range.column, store.range.endColumn]).toEqual([3, 12]);
  });

  it('while: one loop, exits by the false outcome, φ of both variables at the header', async () => {
    const { program, fn } = await lower(
      ['int f(int n) {', '  int s = 0;', '  while (n >= 1) {', '    s = s + n;', '    n = n - 1;', '  }', '  return s;', '}'].join('\n'),
    );
    const d = decision(fn, 'f:3:while');
    const [loop, ...more] = findLoops(fn);
    expect(more).toEqual([]);
    const header = d.outcomes[0].edges[0].from;
    expect(loop.header).toBe(header);
    expect(loop.body.has(blockOfLine(fn, 4))).toBe(true);
    expect(loop.body.has(blockOfLine(fn, 7))).toBe(false);
    expect(loop.exits).toEqual(d.outcomes.find((o) => o.outcome === 'false')!.edges);
    expect(phiVars(program, fn, header)).toEqual(expect.arrayContaining(['n', 's']));
    expect(controlDependences(fn)[blockOfLine(fn, 4)]).toEqual([{ decision: 'f:3:while', outcome: 'true' }]);
    const goals = buildCatalogue(program, fn, { runtimeErrors: true });
    expect(
      goals
        .filter((g) => g.decision === 'f:3:while')
        .map((g) => g.id)
        .sort(),
    ).toEqual(['f:3:while:false', 'f:3:while:true']);
    expect(
      goals
        .filter((g) => g.kind === 'runtime-error')
        .map((g) => g.id)
        .sort(),
      // `n - 1` under `n >= 1` cannot overflow: no goal (ir/ranges.ts); `s + n` can.
    ).toEqual(['f:4:overflow']);
  });

  it('do-while: the body is the loop header and runs before the test', async () => {
    const { fn } = await lower(['int f(int x) {', '  do {', '    x = x - 1;', '  } while (x > 0);', '  return x;', '}'].join('\n'));
    const d = decision(fn, 'f:4:do');
    const [loop, ...more] = findLoops(fn);
    expect(more).toEqual([]);
    const body = blockOfLine(fn, 3);
    expect(loop.header).toBe(body);
    expect(targets(d, 'true')).toEqual([body]);
    expect(loop.exits.map((e) => e.to)).toEqual(targets(d, 'false'));
    expect(dominators(fn).dominates(body, d.outcomes[0].edges[0].from)).toBe(true);
  });

  it('for with continue and break: one loop, continue goes round, break leaves with the condition', async () => {
    const { program, fn } = await lower(
      [
        'int f(int n) {',
        '  int s = 0;',
        '  for (int i = 0; i < n; i++) {',
        '    if (i == 3) continue;',
        '    if (i == 7) break;',
        '    s = s + i;',
        '  }',
        '  return s;',
        '}',
      ].join('\n'),
    );
    const loops = findLoops(fn);
    expect(loops).toHaveLength(1);
    const [loop] = loops;
    const cond = decision(fn, 'f:3:for');
    expect(loop.header).toBe(cond.outcomes[0].edges[0].from);
    const after = blockOfLine(fn, 8);
    expect(loop.exits).toHaveLength(2);
    for (const e of loop.exits) expect(skipEmpty(fn, e.to)).toBe(after);
    const cont = targets(decision(fn, 'f:4:if'), 'true')[0];
    expect(loop.body.has(cont)).toBe(true);
    expect(cont).not.toBe(blockOfLine(fn, 6));
    expect(postDominators(fn).dominates(loop.header, cont)).toBe(true);
    const brk = targets(decision(fn, 'f:5:if'), 'true')[0];
    expect(loop.body.has(brk) ? skipEmpty(fn, successors(fn.blocks[brk])[0]) : skipEmpty(fn, brk)).toBe(after);
    expect(phiVars(program, fn, loop.header)).toEqual(expect.arrayContaining(['i', 's']));
    expect(isReducible(fn)).toBe(true);
  });

  it('switch: stacked labels share a target, fall-through reaches the next case, break and default join', async () => {
    const { program, fn } = await lower(
      [
        'int f(int c) {',
        '  int r = 5;',
        '  switch (c) {',
        '  case 1:',
        '  case 2:',
        '    r = 1;',
        '  case 3:',
        '    r = r + 1;',
        '    break;',
        '  default:',
        '    r = 0;',
        '  }',
        '  return r;',
        '}',
      ].join('\n'),
    );
    const d = decision(fn, 'f:3:switch');
    expect(d.outcomes.map((o) => o.outcome)).toEqual(['case 1', 'case 2', 'case 3', 'default']);
    const six = blockOfLine(fn, 6);
    const eight = blockOfLine(fn, 8);
    expect(targets(d, 'case 1').map((t) => skipEmpty(fn, t))).toEqual([six]);
    expect(targets(d, 'case 2').map((t) => skipEmpty(fn, t))).toEqual([six]);
    expect(targets(d, 'case 3').map((t) => skipEmpty(fn, t))).toEqual([eight]);
    expect(targets(d, 'default').map((t) => skipEmpty(fn, t))).toEqual([blockOfLine(fn, 11)]);
    // Fall-through: block of `r = 1;` goes on to `r = r + 1;`.
    const next = successors(fn.blocks[six]);
    expect(next.map((t) => skipEmpty(fn, t))).toEqual([eight]);
    expect(fn.blocks[six].edgeLabels[next[0]]?.text).toMatch(/fall/);
    expect(phiVars(program, fn, blockOfLine(fn, 13))).toContain('r');
    const goals = buildCatalogue(program, fn, { runtimeErrors: false });
    expect(goals.find((g) => g.id === 'f:3:switch:case 3')!.label).toBe('`switch (c)` takes `case 3`');
    expect(controlDependences(fn)[blockOfLine(fn, 11)]).toEqual([{ decision: 'f:3:switch', outcome: 'default' }]);
  });

  it('&& and ||: a decision and one condition each, short-circuit edges, condition goals', async () => {
    const { program, fn } = await lower(
      ['int f(int a, int b, int c) {', '  int r = 0;', '  if (a > 0 && (b || c < 2))', '    r = 1;', '  return r;', '}'].join('\n'),
    );
    const whole = decision(fn, 'f:3:if');
    const ca = decision(fn, 'f:3:cond@7');
    const cb = decision(fn, 'f:3:cond@17');
    const cc = decision(fn, 'f:3:cond@22');
    expect([ca.text, cb.text, cc.text]).toEqual(['a > 0', 'b', 'c < 2']);
    for (const c of [ca, cb, cc]) expect(c.kind).toBe('condition');
    const then = blockOfLine(fn, 4);
    // a > 0 true evaluates b; b true goes to the then-arm directly; b false evaluates c < 2.
    expect(targets(ca, 'true')).toEqual([cb.outcomes[0].edges[0].from]);
    expect(targets(cb, 'true').map((t) => skipEmpty(fn, t))).toEqual([then]);
    expect(targets(cb, 'false')).toEqual([cc.outcomes[0].edges[0].from]);
    expect(targets(cc, 'true').map((t) => skipEmpty(fn, t))).toEqual([then]);
    const falseEdges = whole.outcomes.find((o) => o.outcome === 'false')!.edges;
    expect(falseEdges.map((e) => e.from).sort()).toEqual([ca.outcomes[0].edges[0].from, cc.outcomes[0].edges[0].from].sort());
    const goals = buildCatalogue(program, fn, { runtimeErrors: false });
    expect(
      goals
        .filter((g) => g.kind === 'branch')
        .map((g) => g.id)
        .sort(),
    ).toEqual([
      'f:3:cond@17:false',
      'f:3:cond@17:true',
      'f:3:cond@22:false',
      'f:3:cond@22:true',
      'f:3:cond@7:false',
      'f:3:cond@7:true',
      'f:3:if:false',
      'f:3:if:true',
    ]);
    expect(goals.find((g) => g.id === 'f:3:cond@17:true')!.label).toBe('condition `b` of `if (a > 0 && (b || c < 2))` is true');
    const on = controlDependences(fn)[then];
    expect(on.every((x) => x.outcome === 'true')).toBe(true);
    expect(on).toEqual(
      expect.arrayContaining([
        { decision: 'f:3:cond@17', outcome: 'true' },
        { decision: 'f:3:cond@22', outcome: 'true' },
      ]),
    );
  });

  it('goto: forward jump skips the loop, backward jump makes a natural loop', async () => {
    const { fn } = await lower(
      ['int f(int x) {', '  if (x > 10) goto out;', 'again:', '  x = x - 1;', '  if (x > 0) goto again;', 'out:', '  return x;', '}'].join('\n'),
    );
    const [loop, ...more] = findLoops(fn);
    expect(more).toEqual([]);
    expect(loop.header).toBe(blockOfLine(fn, 4));
    expect(isReducible(fn)).toBe(true);
    const dom = dominators(fn);
    expect(dom.dominates(blockOfLine(fn, 4), blockOfLine(fn, 7))).toBe(false);
    expect(targets(decision(fn, 'f:2:if'), 'true').map((t) => skipEmpty(fn, t))).toEqual([blockOfLine(fn, 7)]);
  });

  it('goto into the middle of a cycle makes it irreducible', async () => {
    const { program, fn } = await lower(
      ['int f(int x) {', '  if (x) goto two;', 'one:', '  x = x - 1;', 'two:', '  x = x - 2;', '  if (x > 5) goto one;', '  return x;', '}'].join('\n'),
    );
    expect(isReducible(fn)).toBe(false);
    expect(findLoops(fn).some((l) => l.body.has(blockOfLine(fn, 4)))).toBe(false);
    checkSsa(program, fn, toSsa(program, fn));
  });
});

describe('ISSTA98 factorial (test/fixtures/factorial.c)', () => {
  it('`i = 2;` depends on the decision `j == 2` (true) only; the loop header joins i and j', async () => {
    const file = 'test/fixtures/factorial.c';
    const text = readFileSync(file, 'utf8');
    const program = await loadProgram({ file, text }, defaultEngineOptions);
    const fn = program.functions.find((f) => f.name === 'f')!;
    const goal = blockOfLine(fn, 13);
    expect(controlDependences(fn)[goal]).toEqual([{ decision: 'f:12:if', outcome: 'true' }]);
    const [loop, ...more] = findLoops(fn);
    expect(more).toEqual([]);
    expect(phiVars(program, fn, loop.header)).toEqual(expect.arrayContaining(['i', 'j']));
    expect(decision(fn, 'f:8:while').outcomes[0].edges[0].from).toBe(loop.header);
  });
});

describe('every fixture', () => {
  const files = readdirSync('test/fixtures')
    .filter((f) => f.endsWith('.c'))
    .sort();
  it.each(files)('%s goes through CFG analyses, SSA and the catalogue', async (name) => {
    const file = join('test/fixtures', name);
    const program = await loadProgram({ file, text: readFileSync(file, 'utf8') }, defaultEngineOptions);
    expect(program.functions.length).toBeGreaterThan(0);
    for (const fn of program.functions) {
      checkSsa(program, fn, toSsa(program, fn));
      expect(isReducible(fn)).toBe(true);
      const preds = predecessors(fn);
      for (const loop of findLoops(fn)) expect(preds[loop.header].some((p) => !loop.body.has(p))).toBe(true);
      const goals = buildCatalogue(program, fn, { runtimeErrors: true });
      expect(new Set(goals.map((g) => g.id)).size).toBe(goals.length);
      for (const d of fn.decisions.filter((d) => !d.synthetic)) {
        for (const o of d.outcomes) expect(goals.some((g) => g.id === `${d.id}:${o.outcome}`)).toBe(true);
      }
      for (const g of goals) expect(g.id.startsWith(`${fn.name}:${g.range.line}:`)).toBe(true);
      const view = cfgView(program, fn, goals, { ssa: true, controlDependence: true });
      expect(view.blocks).toHaveLength(fn.blocks.length);
      expect(JSON.parse(JSON.stringify(view))).toEqual(view);
    }
  });
});
