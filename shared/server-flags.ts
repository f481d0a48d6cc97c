// The Node flags the language server runs with, wherever it is started (the
// extension, the LSP tests, the bench), so that what is measured is what runs.

/**
 * A young generation of 3 × 2 MB instead of V8's 3 × 16 MB: the server's
 * garbage is short-lived, and issue 14 bounds its memory (300 MB), most of
 * which is Z3's, outside the JavaScript heap.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2'];
