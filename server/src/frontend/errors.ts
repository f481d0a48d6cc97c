// The one error the front end lets escape: the input cannot be turned into a program (or a
// condition into IR). Its message has one `file:line:column: message` line per error.

import type { Diagnostic } from '../ir/ir';

export class FrontendError extends Error {
  constructor(
    readonly diagnostics: Diagnostic[],
    message?: string,
  ) {
    super(message ?? (formatDiagnostics(diagnostics.filter((d) => d.severity === 'error')) || 'front end error'));
    this.name = 'FrontendError';
  }
}

export function formatDiagnostics(diags: Diagnostic[]): string {
  return diags.map((d) => `${d.file}:${d.range.line}:${d.range.column}: ${d.severity === 'error' ? '' : `${d.severity}: `}${d.message}`).join('\n');
}
