// z3-solver's WebAssembly glue (build/z3-built.js) is an Emscripten build with
// ASSERTIONS on. Z3 throws C++ exceptions through JavaScript, so every indirect
// call that may throw goes through an `invoke_*` trampoline, and each one
// checks the JavaScript mirror of the function table against the table itself
// (`wasmTable.get`): about a third of the time of SAMPLE's enumeration. The
// mirror is kept up to date by the glue itself (addFunction/removeFunction), so
// the check can only fail on a bug of Emscripten's: this drops it, in place,
// once per install (the build calls it; `npm ci` brings the file back).

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const CHECK = "assert(wasmTable.get(funcPtr) == func, 'JavaScript-side Wasm function table mirror is out of date!');";
const DROPPED = '/* creach: the mirror check of every indirect call dropped (scripts/z3-fast-table.mjs) */';

/** Drops the check from the glue under `packageDir` (node_modules/z3-solver); says what it did. */
export function dropTableMirrorCheck(packageDir) {
  const file = path.join(packageDir, 'build', 'z3-built.js');
  if (!existsSync(file)) return `${file}: not found`;
  const text = readFileSync(file, 'utf8');
  if (text.includes(DROPPED)) return `${file}: already done`;
  const count = text.split(CHECK).length - 1;
  // Another z3-solver version: leave it as it is (slower, not wrong), and say so.
  if (count !== 1) return `${file}: the check was found ${count} times, left as it is`;
  writeFileSync(file, text.replace(CHECK, DROPPED));
  return `${file}: done`;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(dropTableMirrorCheck(process.argv[2] ?? 'node_modules/z3-solver'));
