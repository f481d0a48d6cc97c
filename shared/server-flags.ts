// The Node flags and the environment the language server runs with, wherever it
// is started (the extension, the LSP tests, the bench), so that what is
// measured is what runs. bin/creach gives the CLI the same environment.

/**
 * A young generation of 3 × 2 MB instead of V8's 3 × 16 MB: the server's
 * garbage is short-lived, and issue 14 bounds its memory (300 MB), most of
 * which is Z3's, outside the JavaScript heap.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2'];

/**
 * The environment CReach's processes run with: `base` (the launcher's own) with glibc's malloc asked to back
 * large blocks with transparent huge pages (see bin/creach: each Z3 instance reads and copies 35 MB of
 * WebAssembly, about 17,000 page faults without them, each costly in a virtual machine). The tunables are read
 * at process start, so they are given to the server's process; other C libraries ignore the variable.
 */
export function launchEnvironment(base: Record<string, string | undefined>): Record<string, string | undefined> {
  const tunables = base.GLIBC_TUNABLES;
  if (tunables?.includes('glibc.malloc.hugetlb=')) return base;
  return { ...base, GLIBC_TUNABLES: `${tunables ? `${tunables}:` : ''}glibc.malloc.hugetlb=1` };
}
