/** Bad command line: printed as is, exit code 2. */
export class UsageError extends Error {}

/** Bad input file (syntax error, unsupported construct that stops the analysis): `file:line:column: message`, exit code 2. */
export class InputError extends Error {}
