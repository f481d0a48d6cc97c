// The front end's files form no import cycle (type-only imports included):
// each file can be read knowing only the files below it.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const dir = path.join(__dirname, '..', '..', 'server', 'src', 'frontend');

function imports(file: string): string[] {
  const text = readFileSync(path.join(dir, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'\.\/([\w-]+)'/gms)) out.push(`${m[1]}.ts`);
  return out;
}

describe('front-end imports', () => {
  it('have no cycle', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    const graph = new Map(files.map((f) => [f, imports(f)]));
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (f: string, stack: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        cycles.push([...stack.slice(stack.indexOf(f)), f].join(' -> '));
        return;
      }
      state.set(f, 'open');
      for (const g of graph.get(f) ?? []) visit(g, [...stack, f]);
      state.set(f, 'done');
    };
    for (const f of files) visit(f, []);
    expect(graph.get('expressions.ts')).toContain('operations.ts');
    expect(cycles).toEqual([]);
  });
});
