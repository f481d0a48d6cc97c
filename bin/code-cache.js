// V8's code cache of a CommonJS bundle (dist/cli.js): `node scripts/build.mjs` writes it beside the bundle, and
// bin/creach compiles the bundle from it, so that each start does not parse the bundle's 0.9 MB again.
//
// The file is the bundle's SHA-256 digest, the digest of V8's data, then the data. V8 itself checks only the
// source's length (and its own version and flags), so a bundle changed since the cache was made would run with
// stale code, and damaged data could crash it: both digests are compared first. The cache is made before the
// bundle runs, with the flags of a plain `node` (the engine sets its WebAssembly flags later, as the bundle
// runs). Another Node version or other flags: V8 rejects the data and the bundle is compiled as usual.
'use strict';
const { createHash } = require('node:crypto');
const { readFileSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname } = require('node:path');
const vm = require('node:vm');

const DIGEST_BYTES = 32;
const HEADER_BYTES = 2 * DIGEST_BYTES;
const cacheOf = (file) => `${file}.cache`;
const digestOf = (bytes) => createHash('sha256').update(bytes).digest();

/** The bundle compiled as Node compiles a CommonJS module (the same wrapper), from `cachedData` if given. */
function compile(file, source, cachedData) {
  return new vm.Script(Module.wrap(source), { filename: file, cachedData });
}

/** Writes `file`'s code cache (see above). */
function writeCodeCache(file) {
  const bytes = readFileSync(file);
  const data = compile(file, bytes.toString('utf8')).createCachedData();
  writeFileSync(cacheOf(file), Buffer.concat([digestOf(bytes), digestOf(data), data]));
}

/**
 * Runs `file` as `require` would, compiled from its code cache: 'cached', or 'compiled' when V8 rejected the
 * data (and compiled the source). False, without running anything, when there is no cache for this exact file.
 */
function runWithCodeCache(file, parent) {
  let bytes, cache;
  try {
    // The cache first: without one, the bundle is left for `require` to read.
    cache = readFileSync(cacheOf(file));
    bytes = readFileSync(file);
  } catch {
    return false;
  }
  const data = cache.subarray(HEADER_BYTES);
  if (
    cache.length <= HEADER_BYTES ||
    !digestOf(bytes).equals(cache.subarray(0, DIGEST_BYTES)) ||
    !digestOf(data).equals(cache.subarray(DIGEST_BYTES, HEADER_BYTES))
  )
    return false;
  const script = compile(file, bytes.toString('utf8'), data);
  const m = new Module(file, parent);
  m.filename = file;
  m.paths = Module._nodeModulePaths(dirname(file));
  require.cache[file] = m;
  script.runInThisContext().call(m.exports, m.exports, Module.createRequire(file), m, file, dirname(file));
  m.loaded = true;
  return script.cachedDataRejected ? 'compiled' : 'cached';
}

module.exports = { writeCodeCache, runWithCodeCache };
