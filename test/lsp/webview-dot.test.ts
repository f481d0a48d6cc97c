// The CFG webview's graph goes through real Graphviz (@viz-js/viz, the same
// WebAssembly build the webview runs): every block becomes an SVG node with
// its id, status class and source text; the datum's path is marked.

import { describe, expect, it } from 'vitest';
import { instance } from '@viz-js/viz';
import { toDot } from '../../media/src/dot';
import type { CfgView } from '../../shared/cfg';
import type { Report } from '../../shared/report';

// The shape of tcas_assert.c's `foo` (lines 10-20).
const view: CfgView = {
  function: 'foo',
  blocks: [
    { id: 0, firstLine: 10, lastLine: 10, text: ['if (x * y < 4)'], goals: ['foo:10:if:true', 'foo:10:if:false'] },
    { id: 1, firstLine: 11, lastLine: 11, text: ['u = 5;'], goals: ['foo:11:stmt'] },
    { id: 2, firstLine: 13, lastLine: 13, text: ['u = 100;'], goals: ['foo:13:stmt'] },
    { id: 3, firstLine: 18, lastLine: 19, text: ['z = x * y;', 'assert(z > -2500);', 'puts("a\\"b")'], goals: ['foo:19:assert'] },
    { id: 4, firstLine: null, lastLine: null, text: [], goals: [] },
  ],
  edges: [
    { from: 0, to: 1, label: 'x * y < 4: true' },
    { from: 0, to: 2, label: 'x * y < 4: false' },
    { from: 1, to: 3, label: '' },
    { from: 2, to: 3, label: '' },
    { from: 3, to: 4, label: '' },
  ],
  loops: [],
  goals: [],
};

const report: Report = {
  file: 'tcas_assert.c',
  functions: [
    {
      name: 'foo',
      line: 7,
      goals: [
        { id: 'foo:10:if:true', kind: 'branch', line: 10, column: 5, outcome: 'true', label: '', status: 'covered' },
        { id: 'foo:10:if:false', kind: 'branch', line: 10, column: 5, outcome: 'false', label: '', status: 'covered' },
        { id: 'foo:11:stmt', kind: 'statement', line: 11, column: 9, label: '', status: 'covered' },
        { id: 'foo:13:stmt', kind: 'statement', line: 13, column: 9, label: '', status: 'unreachable' },
        { id: 'foo:19:assert', kind: 'assertion', line: 19, column: 5, label: '', status: 'violated' },
      ],
      tests: [],
    },
  ],
};

describe('CFG layout', () => {
  it('renders each block as an SVG node with its id, status and text, and marks the path', async () => {
    const viz = await instance();
    const raw = viz.renderString(toDot(view, report, ['foo:10:if:true', 'foo:11:stmt', 'foo:19:assert']), { format: 'svg' });
    // Graphviz writes '-' in classes as &#45; and puts its own 'node' class first; the DOM decodes both.
    const svg = raw.replace(/&#45;/g, '-').replace(/class="node node /g, 'class="node ');
    for (const b of view.blocks) expect(svg).toMatch(new RegExp(`<g id="b${b.id}" class="node[^"]*"`));
    expect(svg).toMatch(/<g id="b0" class="node status-covered on-path"/);
    expect(svg).toMatch(/<g id="b2" class="node status-unreachable"/);
    expect(svg).toMatch(/<g id="b3" class="node status-violated on-path"/);
    expect(svg).toMatch(/<g id="b4" class="node status-none"/);
    expect(svg).toContain('u = 100;');
    expect(svg).toContain('puts(&quot;a\\&quot;b&quot;)');
    // Edge labels are the outcome only: the condition is the last line of the block above.
    expect(svg).toMatch(/<text[^>]*> true <\/text>/);
    expect(svg).not.toContain('x * y &lt; 4: true');
    // Edges 0->1 and 1->3 are on the path, 0->2 is not.
    expect((svg.match(/class="edge on-path"/g) ?? []).length).toBe(2);
  });
});
