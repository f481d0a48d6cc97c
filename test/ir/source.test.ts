// LineIndex (ir/source.ts), the one table of line starts behind contract positions, the
// rewriter's notes, the lowering's contract lookup and the instrumentation's offsets.

import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../server/src/ir/source';

/** Line and column by counting the newlines before the offset (the definition). */
function counted(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

describe('LineIndex', () => {
  const texts = ['', 'x', 'int f(void)\n{\n\treturn 0;\n}\n', '\n\n\nx\n', 'a\r\nb\n\nlast line without newline'];

  it('gives every offset the line and column counted from the text', () => {
    for (const text of texts) {
      const lines = new LineIndex(text);
      for (let o = 0; o <= text.length; o++) expect(lines.position(o), `${JSON.stringify(text)} at ${o}`).toEqual(counted(text, o));
    }
  });

  it('takes a line and column back to its offset', () => {
    for (const text of texts) {
      const lines = new LineIndex(text);
      for (let o = 0; o <= text.length; o++) {
        const p = lines.position(o);
        expect(lines.offset(p.line, p.column)).toBe(o);
      }
    }
  });

  it('puts a newline at the end of its own line, and counts a line past the last from the end', () => {
    const lines = new LineIndex('ab\ncd');
    expect(lines.position(2)).toEqual({ line: 1, column: 3 });
    expect(lines.position(3)).toEqual({ line: 2, column: 1 });
    expect(lines.offset(7, 1)).toBe(5);
  });
});
