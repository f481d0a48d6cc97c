// The one error type of the engine (api.ts exports it). Its kind says whose
// problem it is: the input program (`input`), the request (`request`: no goal
// on that line, unknown function, a malformed --where), a cancellation
// (`cancelled`), or a bug of CReach (`internal`). The CLI maps input and
// request errors to exit code 2; the language server maps `cancelled` to
// LSP's RequestCancelled.

export type EngineErrorKind = 'input' | 'request' | 'cancelled' | 'internal';

/** A message about a place in a file (1-based line and column). */
export interface ErrorLocation {
  file: string;
  line: number;
  column: number;
  message: string;
}

export class EngineError extends Error {
  constructor(
    readonly kind: EngineErrorKind,
    message: string,
    /** The places the message is about, each printed `file:line:column: message`. */
    readonly locations: ErrorLocation[] = [],
  ) {
    super(message);
    this.name = 'EngineError';
  }

  /** An error about one place: its message is `file:line:column: message`. */
  static at(kind: EngineErrorKind, file: string, line: number, column: number, message: string): EngineError {
    return new EngineError(kind, `${file}:${line}:${column}: ${message}`, [{ file, line, column, message }]);
  }

  static cancelled(message = 'cancelled'): EngineError {
    return new EngineError('cancelled', message);
  }
}

/** Whether `e` stands for a cancellation (ours, or an AbortSignal's reason). */
export function isCancellation(e: unknown): boolean {
  return (e instanceof EngineError && e.kind === 'cancelled') || (e instanceof Error && e.name === 'AbortError');
}

/** Throws the cancellation error when the signal is aborted. */
export function throwIfCancelled(signal?: AbortSignal): void {
  if (signal?.aborted) throw EngineError.cancelled();
}

/** Why a file could not be read, in words (every "cannot read" message says it the same way). */
export function readFailure(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
}
