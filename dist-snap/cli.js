"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __esm = (fn2, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn2 && (res = (0, fn2[__getOwnPropNames(fn2)[0]])(fn2 = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// server/src/cli/errors.ts
var UsageError, InputError;
var init_errors = __esm({
  "server/src/cli/errors.ts"() {
    "use strict";
    UsageError = class extends Error {
    };
    InputError = class extends Error {
    };
  }
});

// server/src/errors.ts
function isCancellation(e) {
  return e instanceof EngineError && e.kind === "cancelled" || e instanceof Error && e.name === "AbortError";
}
function throwIfCancelled(signal) {
  if (signal?.aborted) throw EngineError.cancelled();
}
function readFailure(e) {
  const code = e.code;
  return code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : code === "EACCES" ? "permission denied" : e.message;
}
var EngineError;
var init_errors2 = __esm({
  "server/src/errors.ts"() {
    "use strict";
    EngineError = class _EngineError extends Error {
      constructor(kind, message, locations = []) {
        super(message);
        this.kind = kind;
        this.locations = locations;
        this.name = "EngineError";
      }
      kind;
      locations;
      /** An error about one place: its message is `file:line:column: message`. */
      static at(kind, file, line, column, message) {
        return new _EngineError(kind, `${file}:${line}:${column}: ${message}`, [{ file, line, column, message }]);
      }
      static cancelled(message = "cancelled") {
        return new _EngineError("cancelled", message);
      }
    };
  }
});

// server/src/options.ts
var table, optionSpecs, defaultEngineOptions;
var init_options = __esm({
  "server/src/options.ts"() {
    "use strict";
    table = {
      dataModel: {
        key: "dataModel",
        type: "dataModel",
        default: "LP64",
        description: "Data model: LP64 (x86-64 Linux: long and pointers 64 bits) or ILP32.",
        summary: "data model (default LP64)",
        cli: { flag: "data-model", argument: "LP64|ILP32", group: "common" },
        setting: { name: "dataModel" }
      },
      compiler: {
        key: "compiler",
        type: "string",
        default: "cc",
        description: "C compiler used to preprocess, and to compile and run test data for validation.",
        summary: "C compiler used to preprocess and to validate (default cc)",
        cli: { flag: "compiler", argument: "CC", group: "common" },
        setting: { name: "compiler", restricted: true, machineOverridable: true }
      },
      includePaths: {
        key: "includePaths",
        type: "strings",
        default: [],
        description: "Extra include directories (-I).",
        summary: "add an include directory (repeatable)",
        cli: { flag: "include-path", short: "I", argument: "DIR", group: "common", repeatable: true },
        setting: { name: "includePaths", restricted: true }
      },
      defines: {
        key: "defines",
        type: "strings",
        default: [],
        description: "Preprocessor definitions, NAME or NAME=VALUE (-D).",
        summary: "define a macro (repeatable)",
        cli: { flag: "define", short: "D", argument: "NAME[=VALUE]", group: "common", repeatable: true },
        setting: { name: "defines", restricted: true }
      },
      compileCommands: {
        key: "compileCommands",
        type: "string",
        default: void 0,
        description: "Path to a compile_commands.json whose flags are used for each file.",
        summary: "take flags from a compile_commands.json",
        cli: { flag: "compile-commands", argument: "FILE", group: "common" },
        setting: { name: "compileCommands", restricted: true }
      },
      maxLoopBound: {
        key: "maxLoopBound",
        type: "integer",
        default: 64,
        minimum: 1,
        maximum: 4096,
        description: 'Largest loop unrolling tried (deepening 1, 2, 4, ... up to this). A goal not reached within it is reported "not reached within k", never unreachable.',
        summary: "largest loop unrolling tried (default 64)",
        cli: { flag: "loop-bound", argument: "N", group: "solver" },
        setting: { name: "loopBound" }
      },
      inlineDepth: {
        key: "inlineDepth",
        type: "integer",
        default: 8,
        minimum: 0,
        maximum: 64,
        description: "Depth up to which calls to functions of the file are inlined; a deeper call makes what depends on it unknown.",
        summary: "inline calls up to this depth (default 8)",
        cli: { flag: "inline-depth", argument: "N", group: "solver" },
        setting: { name: "inlineDepth" }
      },
      timeoutMs: {
        key: "timeoutMs",
        type: "integer",
        default: 5e3,
        minimum: 100,
        maximum: 36e5,
        description: "Time limit of one solver query, in milliseconds; a query that runs out is reported unknown.",
        summary: "time limit of one solver query (default 5000)",
        cli: { flag: "timeout", argument: "MS", group: "solver" },
        setting: { name: "timeoutMs" }
      },
      runtimeErrors: {
        key: "runtimeErrors",
        type: "boolean",
        default: true,
        description: "Report possible runtime errors (overflow, division by zero, invalid shifts, out-of-bounds and null accesses) as goals. Undefined behaviour is never allowed on the path to any goal.",
        summary: "do not make possible runtime errors goals",
        cli: { flag: "runtime-errors", group: "solver" },
        setting: { name: "runtimeErrors" }
      },
      pointerArrayLength: {
        key: "pointerArrayLength",
        type: "integer",
        default: 4,
        minimum: 1,
        maximum: 1024,
        description: "Number of elements of the input array behind a pointer parameter whose length nothing states (int *a); verdicts that depend on it say so.",
        summary: "elements behind a pointer parameter of no stated length (default 4)",
        cli: { flag: "pointer-array-length", argument: "N", group: "solver" },
        setting: { name: "pointerArrayLength" }
      },
      mallocMayFail: {
        key: "mallocMayFail",
        type: "boolean",
        default: false,
        description: "malloc and calloc may return NULL: each call's outcome becomes part of the datum. Otherwise they always succeed, and proofs that rely on it say so.",
        summary: "malloc and calloc may return NULL (the datum says which call fails)",
        cli: { flag: "malloc-may-fail", group: "solver" },
        setting: { name: "mallocMayFail" }
      },
      uninitialisedNondet: {
        key: "uninitialisedNondet",
        type: "boolean",
        default: false,
        description: "A local variable read before any assignment gives any value, as SV-COMP tasks assume (--property sets it). Otherwise the read is undefined behaviour (C11 6.3.2.1p2): a runtime error, and no execution goes on past it.",
        summary: "a local read before any assignment gives any value (SV-COMP's convention) instead of being undefined",
        cli: { flag: "uninitialised-nondet", group: "solver" }
      },
      argcMax: {
        key: "argcMax",
        type: "integer",
        default: 4,
        minimum: 0,
        maximum: 64,
        description: "main(argc, argv): the largest argc considered; argv[argc] is NULL and each argv[i] before it a string. A verdict that depends on this bound says so and is never a proof.",
        summary: "main(argc, argv): the largest argc considered (default 4)",
        cli: { flag: "argc-max", argument: "N", group: "solver" },
        setting: { name: "argcMax" }
      },
      argLength: {
        key: "argLength",
        type: "integer",
        default: 8,
        minimum: 0,
        maximum: 256,
        description: "main(argc, argv): the longest argument considered, in characters. A verdict that depends on this bound says so and is never a proof.",
        summary: "main(argc, argv): the longest argument considered (default 8)",
        cli: { flag: "arg-length", argument: "N", group: "solver" },
        setting: { name: "argLength" }
      },
      validate: {
        key: "validate",
        type: "boolean",
        default: false,
        description: "Confirm each datum by compiling and running the code (in the editor: trusted workspaces only).",
        setting: { name: "validate", restricted: true }
      }
    };
    optionSpecs = Object.values(table);
    defaultEngineOptions = Object.fromEntries(
      optionSpecs.filter((o) => o.default !== void 0).map((o) => [o.key, o.default])
    );
  }
});

// server/src/ir/libc.ts
function isLibraryFunction(name) {
  return LIBC.has(name) || LIBC.has(name.replace(/^__builtin_/, ""));
}
function ctypeFlags(c) {
  if (c < 0 || c > 127) return 0;
  const f = CTYPE_FLAGS;
  let r = 0;
  const upper = c >= 65 && c <= 90;
  const lower = c >= 97 && c <= 122;
  const digit = c >= 48 && c <= 57;
  if (upper) r |= f.upper;
  if (lower) r |= f.lower;
  if (upper || lower) r |= f.alpha;
  if (digit) r |= f.digit;
  if (digit || c >= 65 && c <= 70 || c >= 97 && c <= 102) r |= f.xdigit;
  if (c === 32 || c >= 9 && c <= 13) r |= f.space;
  if (c >= 32 && c <= 126) r |= f.print;
  if (c >= 33 && c <= 126) r |= f.graph;
  if (c === 32 || c === 9) r |= f.blank;
  if (c < 32 || c === 127) r |= f.cntrl;
  if (c >= 33 && c <= 126 && !upper && !lower && !digit) r |= f.punct;
  if (upper || lower || digit) r |= f.alnum;
  return r;
}
function ctypeConvert(c, lower) {
  if (c === -1) return -1;
  if (c < 0) return c + 256;
  if (lower && c >= 65 && c <= 90) return c + 32;
  if (!lower && c >= 97 && c <= 122) return c - 32;
  return c;
}
function formatConversions(bytes) {
  const text = String.fromCharCode(...bytes.filter((b) => b !== 0));
  const out = [];
  const re = /%([-+ #0']*)(\*|\d+)?(?:\.(\*|\d*))?(hh|h|ll|l|j|z|t|L|q)?([%a-zA-Z])/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const conv = m[5];
    if (conv === "%") continue;
    if (conv === "n") return null;
    const stars = (m[2] === "*" ? 1 : 0) + (m[3] === "*" ? 1 : 0);
    if (conv === "s") {
      if (m[3] === "*") return null;
      out.push({ kind: "s", stars, precision: m[3] === void 0 ? void 0 : Number(m[3] || "0") });
    } else out.push({ kind: "other", stars });
  }
  return out;
}
function outputStringArgs(name, args) {
  const out = [];
  const fmtAt = FORMAT_ARG[name];
  if (fmtAt !== void 0 && OUTPUT_ONLY.has(name) && !name.startsWith("v")) {
    const fmt = args[fmtAt];
    const conv = fmt?.kind === "string" && fmt.bytes ? formatConversions(fmt.bytes) : null;
    let k = fmtAt + 1;
    for (const x of conv ?? []) {
      k += x.stars;
      if (x.kind === "s") out.push({ at: k, mayBeNull: false });
      k++;
    }
  } else if (name === "puts" || name === "fputs") out.push({ at: 0, mayBeNull: false });
  else if (name === "perror") out.push({ at: 0, mayBeNull: true });
  return out.filter((x) => args[x.at] !== void 0 && args[x.at].kind !== "string");
}
var LIBC, OUTPUT_ONLY, VLA_ALLOC, ERROR_FUNCTIONS, STRING_ARGS, FORMAT_ARG, MEMORY_ACCESSES, CTYPE_FLAGS, CTYPE_CLASSIFIERS;
var init_libc = __esm({
  "server/src/ir/libc.ts"() {
    "use strict";
    LIBC = new Set(
      "abort exit _Exit atexit quick_exit malloc calloc realloc free aligned_alloc memcpy memmove memset memcmp memchr strlen strcpy strncpy strcat strncat strcmp strncmp strchr strrchr strstr strdup strndup strtok strspn strcspn strpbrk strtol strtoul strtoll strtoull strtod strtof atoi atol atoll atof abs labs llabs div ldiv qsort bsearch rand srand printf fprintf sprintf snprintf vprintf vfprintf vsprintf vsnprintf puts fputs putchar fputc putc getchar fgetc getc fgets scanf fscanf sscanf fopen fclose fread fwrite fflush perror isalpha isdigit isalnum isspace isupper islower isprint ispunct isxdigit isblank iscntrl isgraph toupper tolower sqrt sqrtf fabs fabsf floor floorf ceil ceilf round roundf trunc truncf fmod fmodf pow powf exp expf log logf sin sinf cos cosf tan tanf atan atan2 fmin fmax fminf fmaxf isnan isinf isfinite __assert_fail __assert_perror_fail __assert assert setjmp longjmp signal raise time clock getenv __ctype_b_loc __ctype_tolower_loc __ctype_toupper_loc __errno_location __isoc99_scanf __isoc99_fscanf __isoc99_sscanf __ctype_get_mb_cur_max".split(/\s+/)
    );
    OUTPUT_ONLY = new Set("printf fprintf vprintf vfprintf puts fputs putchar fputc putc perror fflush".split(" "));
    VLA_ALLOC = "__creach_vla";
    ERROR_FUNCTIONS = /* @__PURE__ */ new Set(["reach_error", "__VERIFIER_error"]);
    STRING_ARGS = {
      strlen: [0],
      strcmp: [0, 1],
      strncmp: [0, 1],
      strcpy: [1],
      strncpy: [1],
      strcat: [0, 1],
      strncat: [0],
      strchr: [0],
      strrchr: [0],
      strstr: [0, 1],
      strdup: [0],
      strspn: [0, 1],
      strcspn: [0, 1],
      strpbrk: [0, 1],
      strtok: [1],
      atoi: [0],
      atol: [0],
      atoll: [0],
      atof: [0],
      strtol: [0],
      strtoul: [0],
      strtoll: [0],
      strtoull: [0],
      strtod: [0],
      strtof: [0],
      puts: [0],
      fputs: [0],
      perror: [0],
      getenv: [0],
      fopen: [0, 1]
    };
    FORMAT_ARG = {
      printf: 0,
      vprintf: 0,
      fprintf: 1,
      vfprintf: 1,
      sprintf: 1,
      vsprintf: 1,
      snprintf: 2,
      vsnprintf: 2,
      scanf: 0,
      __isoc99_scanf: 0,
      fscanf: 1,
      __isoc99_fscanf: 1,
      sscanf: 1,
      __isoc99_sscanf: 1
    };
    MEMORY_ACCESSES = {
      strlen: "reads a string",
      strcmp: "reads two strings",
      strncmp: "reads two strings up to n characters",
      strcpy: "copies a string",
      strncpy: "copies n characters",
      strcat: "appends a string",
      strncat: "appends up to n characters",
      strchr: "reads a string",
      strrchr: "reads a string",
      strstr: "reads two strings",
      memchr: "reads n bytes",
      memcmp: "reads n bytes of two objects",
      memcpy: "copies n bytes",
      memmove: "copies n bytes",
      memset: "writes n bytes",
      atoi: "reads a string",
      atol: "reads a string",
      atoll: "reads a string",
      strtol: "reads a string",
      strtoul: "reads a string",
      strtoll: "reads a string",
      strtoull: "reads a string"
    };
    CTYPE_FLAGS = {
      upper: 256,
      lower: 512,
      alpha: 1024,
      digit: 2048,
      xdigit: 4096,
      space: 8192,
      print: 16384,
      graph: 32768,
      blank: 1,
      cntrl: 2,
      punct: 4,
      alnum: 8
    };
    CTYPE_CLASSIFIERS = {
      isupper: CTYPE_FLAGS.upper,
      islower: CTYPE_FLAGS.lower,
      isalpha: CTYPE_FLAGS.alpha,
      isdigit: CTYPE_FLAGS.digit,
      isxdigit: CTYPE_FLAGS.xdigit,
      isspace: CTYPE_FLAGS.space,
      isprint: CTYPE_FLAGS.print,
      isgraph: CTYPE_FLAGS.graph,
      isblank: CTYPE_FLAGS.blank,
      iscntrl: CTYPE_FLAGS.cntrl,
      ispunct: CTYPE_FLAGS.punct,
      isalnum: CTYPE_FLAGS.alnum
    };
  }
});

// server/src/frontend/parser.ts
async function makeParser() {
  const runtimeWasm = requireHere.resolve("web-tree-sitter/web-tree-sitter.wasm");
  await import_web_tree_sitter.Parser.init({ locateFile: () => runtimeWasm });
  const grammarWasm = path.join(path.dirname(requireHere.resolve("tree-sitter-c/package.json")), "tree-sitter-c.wasm");
  const language = await import_web_tree_sitter.Language.load(grammarWasm);
  const parser2 = new import_web_tree_sitter.Parser();
  parser2.setLanguage(language);
  return parser2;
}
function getParser() {
  if (!parserPromise) {
    parserPromise = makeParser();
    parserPromise.catch(() => parserPromise = null);
  }
  return parserPromise;
}
async function parseC(text) {
  const parser2 = await getParser();
  const tree = parser2.parse(text);
  if (!tree) throw new Error("tree-sitter returned no tree");
  return tree;
}
var import_node_module, path, import_web_tree_sitter, anchor, requireHere, parserPromise;
var init_parser = __esm({
  "server/src/frontend/parser.ts"() {
    "use strict";
    import_node_module = require("node:module");
    path = __toESM(require("node:path"));
    import_web_tree_sitter = require("web-tree-sitter");
    anchor = typeof __filename === "string" ? __filename : path.join(process.cwd(), "index.js");
    requireHere = (0, import_node_module.createRequire)(anchor);
    parserPromise = null;
  }
});

// server/src/frontend/sourcemap.ts
function tokenize(line, lineOffset = 0) {
  const toks = [];
  TOKEN.lastIndex = 0;
  let m;
  while (TOKEN.lastIndex < line.length && (m = TOKEN.exec(line))) {
    const t = m[0];
    if (/^\s/.test(t) || t.startsWith("//") || t.startsWith("/*")) continue;
    toks.push({ text: t, col: m.index, line: lineOffset });
  }
  return toks;
}
function entry(t, first, last, exact) {
  return { iCol: t.col, len: t.text.length, oStart: first.col, oEnd: last.end, oLine: first.line, oEndLine: last.endLine, exact };
}
function groupUnits(toks, macros, from = 0, to = toks.length) {
  const units = [];
  for (let k = from; k < to; k++) {
    const t = toks[k];
    const kind = macros.get(t.text);
    const end = t.col + t.text.length;
    if (kind === "function" && toks[k + 1]?.text === "(") {
      let depth = 0;
      let m = k + 1;
      for (; m < to; m++) {
        if (toks[m].text === "(") depth++;
        else if (toks[m].text === ")" && --depth === 0) break;
      }
      const last = toks[Math.min(m, to - 1)];
      units.push({
        text: t.text,
        col: t.col,
        end: last.col + last.text.length,
        line: t.line,
        endLine: last.line,
        macro: true,
        inner: groupUnits(toks, macros, k + 2, Math.min(m, to))
      });
      k = m;
    } else units.push({ text: t.text, col: t.col, end, line: t.line, endLine: t.line, macro: kind === "object", inner: [] });
  }
  return units;
}
function openInvocation(toks, macros) {
  for (let k = 0; k + 1 < toks.length; k++) {
    if (macros.get(toks[k].text) !== "function" || toks[k + 1].text !== "(") continue;
    const close = closingParen(toks, k + 1);
    if (close < 0) return k + 1;
    k = close;
  }
  return -1;
}
function closingParen(toks, open) {
  let depth = 0;
  for (let k = open; k < toks.length; k++) {
    if (toks[k].text === "(") depth++;
    else if (toks[k].text === ")" && --depth === 0) return k;
  }
  return -1;
}
function alignExact(iToks, units) {
  const n = iToks.length;
  const m = units.length;
  if (n * m > 4e4) return null;
  const ok = Array.from({ length: n + 1 }, () => new Uint8Array(m + 1));
  ok[n][m] = 1;
  for (let j = m - 1; j >= 0; j--) {
    const u = units[j];
    let anyLater = 0;
    for (let i2 = n; i2 >= 0; i2--) {
      if (u.macro) {
        anyLater |= ok[i2][j + 1];
        ok[i2][j] = anyLater;
      } else ok[i2][j] = i2 < n && iToks[i2].text === u.text ? ok[i2 + 1][j + 1] : 0;
    }
  }
  if (!ok[0][0]) return null;
  const out = [];
  let i = 0;
  for (let j = 0; j < m; j++) {
    const u = units[j];
    if (!u.macro) {
      out.push(entry(iToks[i], u, u, true));
      i++;
      continue;
    }
    let k = i;
    while (!ok[k][j + 1]) k++;
    out.push(...alignInvocation(iToks.slice(i, k), u));
    i = k;
  }
  return out;
}
function alignInvocation(iToks, u) {
  const args = [{ runs: [[]], between: [[]] }];
  let depth = 0;
  for (const x of u.inner) {
    const arg = args[args.length - 1];
    if (x.macro) {
      if (arg.runs[arg.runs.length - 1].length > 0) {
        arg.runs.push([]);
        arg.between.push([]);
      }
      arg.between[arg.between.length - 1].push(x);
      continue;
    }
    if (depth === 0 && x.text === ",") {
      args.push({ runs: [[]], between: [[]] });
      continue;
    }
    if (x.text === "(" || x.text === "[" || x.text === "{") depth++;
    if (x.text === ")" || x.text === "]" || x.text === "}") depth--;
    arg.runs[arg.runs.length - 1].push(x);
  }
  const mapped = iToks.map(() => null);
  const toMacros = (from, to, macros) => {
    for (let k = from; k < to; k++) if (mapped[k] === null) mapped[k] = entry(iToks[k], macros[0], macros[macros.length - 1], false);
  };
  const runAt = (run8, i) => i + run8.length <= iToks.length && run8.every((x, k) => mapped[i + k] === null && iToks[i + k].text === x.text);
  const size = (a) => a.runs.reduce((n, r) => n + r.length, 0);
  for (const { runs, between } of [...args].sort((a, b) => size(b) - size(a))) {
    if (runs[0].length === 0) continue;
    for (let i = 0; i < iToks.length; i++) {
      if (!runAt(runs[0], i)) continue;
      let at2 = i;
      if (between[0].length) {
        let from = i;
        for (let m = 0; m < between[0].length && from > 0; m++) from = groupStart(iToks, from - 1);
        toMacros(from, i, between[0]);
      }
      for (let r = 0; r < runs.length; r++) {
        const from = at2;
        const macros = between[r];
        if (runs[r].length === 0) {
          for (let m = 0; m < macros.length && at2 < iToks.length; m++) at2 = groupEnd(iToks, at2) + 1;
          toMacros(from, at2, macros);
          break;
        }
        while (at2 < iToks.length && !runAt(runs[r], at2)) at2++;
        if (at2 >= iToks.length) break;
        if (r > 0 && macros.length) toMacros(from, at2, macros);
        runs[r].forEach((x, k) => mapped[at2 + k] = entry(iToks[at2 + k], x, x, true));
        at2 += runs[r].length;
      }
      i = at2 - 1;
    }
  }
  return iToks.map((t, i) => mapped[i] ?? entry(t, u, u, false));
}
function groupEnd(toks, i) {
  if (toks[i].text !== "(") return i;
  let depth = 0;
  for (let k = i; k < toks.length; k++) {
    if (toks[k].text === "(") depth++;
    else if (toks[k].text === ")" && --depth === 0) return k;
  }
  return i;
}
function groupStart(toks, i) {
  if (toks[i].text !== ")") return i;
  let depth = 0;
  for (let k = i; k >= 0; k--) {
    if (toks[k].text === ")") depth++;
    else if (toks[k].text === "(" && --depth === 0) return k;
  }
  return i;
}
function alignGreedy(iToks, units) {
  const out = [];
  let j = 0;
  for (const t of iToks) {
    let k = j;
    while (k < units.length && k < j + 12 && (units[k].macro || units[k].text !== t.text)) k++;
    if (k < units.length && !units[k].macro && units[k].text === t.text) {
      out.push(entry(t, units[k], units[k], true));
      j = k + 1;
      continue;
    }
    const at2 = units[j] ?? units[j - 1];
    if (at2) out.push(entry(t, at2, at2, false));
  }
  return out;
}
var TOKEN, SourceMap, MAX_INVOCATION_LINES;
var init_sourcemap = __esm({
  "server/src/frontend/sourcemap.ts"() {
    "use strict";
    TOKEN = /\s+|\/\/.*$|\/\*.*?(\*\/|$)|[A-Za-z_$][\w$]*|\.?\d(?:[eEpP][+-]|[\w.])*|"(?:\\.|[^"\\])*"?|'(?:\\.|[^'\\])*'?|<<=|>>=|\.\.\.|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^!=<>]=|##|./gy;
    SourceMap = class _SourceMap {
      constructor(origins, parsedLines, userLines, macros = /* @__PURE__ */ new Map()) {
        this.origins = origins;
        this.parsedLines = parsedLines;
        this.userLines = userLines;
        this.macros = macros;
      }
      origins;
      parsedLines;
      userLines;
      macros;
      columnMaps = /* @__PURE__ */ new Map();
      /** Identity map for text parsed without preprocessing. */
      static identity(file, text) {
        const lines2 = text.split("\n");
        return new _SourceMap(
          lines2.map((_, i) => ({ file, line: i + 1, system: false, user: true })),
          lines2,
          lines2
        );
      }
      /** Map a 0-based (row, column) of the parsed text to a 1-based position in its original file. */
      map(row, col, isEnd = false) {
        const o = this.origins[row];
        if (!o) return null;
        if (!o.user) return { line: o.line, column: col + 1, user: false, file: o.file };
        const cmap = this.columnMap(row, o.line);
        if (!cmap || cmap.length === 0) return { line: o.line, column: col + 1, user: true, file: o.file };
        const c = isEnd ? Math.max(col - 1, 0) : col;
        let best = cmap[0];
        for (const e of cmap) {
          if (e.iCol <= c) best = e;
          else break;
        }
        let oc;
        let line;
        if (best.exact) {
          oc = best.oStart + Math.min(Math.max(c - best.iCol, 0), best.len - 1) + (isEnd ? 1 : 0);
          line = best.oLine;
        } else {
          oc = isEnd ? best.oEnd : best.oStart;
          line = isEnd ? best.oEndLine : best.oLine;
        }
        return { line: o.line + line, column: oc + 1, user: true, file: o.file };
      }
      columnMap(row, userLine) {
        if (this.columnMaps.has(row)) return this.columnMaps.get(row);
        const oLine = this.userLines[userLine - 1];
        const rows = this.rowsOfSameLine(row);
        let text = "";
        const offsets = [];
        for (const r of rows) {
          offsets.push(text.length);
          text += (this.parsedLines[r] ?? "") + " ";
        }
        let entries = null;
        if (oLine !== void 0) {
          const iToks = tokenize(text);
          const units = groupUnits(this.userTokens(userLine), this.macros);
          entries = alignExact(iToks, units) ?? alignGreedy(iToks, units);
        }
        rows.forEach((r, k) => {
          const from = offsets[k];
          const to = k + 1 < rows.length ? offsets[k + 1] : Infinity;
          const own = entries?.filter((e) => e.iCol >= from && e.iCol < to).map((e) => ({ ...e, iCol: e.iCol - from })) ?? null;
          this.columnMaps.set(r, own);
        });
        return this.columnMaps.get(row) ?? null;
      }
      /**
       * The tokens of the user's line, and, when a function-like macro invocation on it goes on over the next
       * lines, theirs up to its closing parenthesis: the preprocessor puts the whole expansion on the
       * invocation's row (`assert(y >= 1` then `&& a[i] > 0);`), the rest of the last line on that line's row.
       */
      userTokens(userLine) {
        const own = tokenize(this.userLines[userLine - 1], 0);
        const open = openInvocation(own, this.macros);
        if (open < 0) return own;
        let toks = own;
        for (let k = 1; k <= MAX_INVOCATION_LINES && userLine - 1 + k < this.userLines.length; k++) {
          toks = toks.concat(tokenize(this.userLines[userLine - 1 + k], k));
          const close = closingParen(toks, open);
          if (close >= 0) return toks.slice(0, close + 1);
        }
        return own;
      }
      rowsOfSameLine(row) {
        const o = this.origins[row];
        const same2 = (r) => {
          const x = this.origins[r];
          return !!x && x.user && x.line === o.line && x.file === o.file;
        };
        const rows = [row];
        for (let r = row - 1; r >= 0 && (this.origins[r] === null || same2(r)); r--) if (same2(r)) rows.unshift(r);
        for (let r = row + 1; r < this.origins.length && (this.origins[r] === null || same2(r)); r++) if (same2(r)) rows.push(r);
        return rows;
      }
    };
    MAX_INVOCATION_LINES = 40;
  }
});

// server/src/frontend/preprocess.ts
function ownIncludeDir() {
  const here = typeof __dirname === "string" ? __dirname : process.cwd();
  const candidates = [
    path2.join(here, "include"),
    // dist/cli.js -> dist/include
    path2.join(here, "..", "..", "include"),
    // server/src/frontend -> server/include
    path2.join(process.cwd(), "server", "include"),
    path2.join(process.cwd(), "dist", "include")
  ];
  return candidates.find((d) => (0, import_node_fs.existsSync)(path2.join(d, "assert.h"))) ?? candidates[1];
}
function pointRange(line, column) {
  return { line, column, endLine: line, endColumn: column + 1 };
}
function hasDirectives(text) {
  return /^[ \t]*#/m.test(text);
}
function isPreprocessorOutput(text) {
  let markers = 0;
  for (const m of text.matchAll(/^[ \t]*#(.*)$/gm)) {
    if (/^\s*\d+\s+"/.test(m[1])) markers++;
    else if (!/^\s*(pragma|ident)\b/.test(m[1])) return false;
  }
  return markers > 0;
}
function readCompileCommands(ccPath) {
  let text;
  try {
    text = (0, import_node_fs.readFileSync)(ccPath, "utf8");
  } catch (e) {
    throw EngineError.at("input", ccPath, 1, 1, `cannot read the compilation database: ${readFailure(e)}`);
  }
  let entries;
  try {
    entries = JSON.parse(text);
  } catch (e) {
    throw EngineError.at("input", ccPath, 1, 1, `not a compilation database: invalid JSON (${e.message})`);
  }
  if (!Array.isArray(entries)) throw EngineError.at("input", ccPath, 1, 1, "not a compilation database: expected a JSON array of entries");
  return entries.map((e, i) => {
    const entry2 = e;
    if (!entry2 || typeof entry2 !== "object" || typeof entry2.file !== "string" || entry2.file === "")
      throw EngineError.at("input", ccPath, 1, 1, `not a compilation database: entry ${i + 1} has no "file"`);
    const dir = typeof entry2.directory === "string" ? entry2.directory : path2.dirname(ccPath);
    const args = Array.isArray(entry2.arguments) ? entry2.arguments.map(String) : splitCommand(typeof entry2.command === "string" ? entry2.command : "");
    return { file: path2.resolve(dir, entry2.file), directory: dir, arguments: args };
  });
}
function compileCommandFlags(ccPath, file) {
  let entries;
  try {
    entries = readCompileCommands(ccPath);
  } catch {
    return [];
  }
  const target = path2.resolve(file);
  const e = entries.find((x) => x.file === target);
  if (!e) return [];
  const { arguments: args, directory: dir } = e;
  const out = [];
  for (let i = 1; i < args.length; i++) {
    const a = args[i];
    const takesValue = ["-I", "-D", "-U", "-include", "-isystem", "-iquote", "-idirafter"].includes(a);
    if (takesValue && i + 1 < args.length) {
      const v = args[++i];
      out.push(a, a === "-D" || a === "-U" ? v : path2.resolve(dir, v));
    } else if (/^-[IDU]./.test(a)) {
      out.push(a.startsWith("-I") ? `-I${path2.resolve(dir, a.slice(2))}` : a);
    } else if (/^-std=|^-m(32|64)$|^-f(un)?signed-char$/.test(a)) {
      out.push(a);
    }
  }
  return out;
}
function splitCommand(cmd) {
  const out = [];
  const re = /"((?:\\.|[^"\\])*)"|'([^']*)'|(\S+)/g;
  let m;
  while (m = re.exec(cmd)) out.push(m[1] ?? m[2] ?? m[3]);
  return out;
}
function runCompiler(compiler, args, input, cwd) {
  return new Promise((resolve8) => {
    let child;
    try {
      child = (0, import_node_child_process.spawn)(compiler, args, { cwd, stdio: ["pipe", "pipe", "pipe"] });
    } catch (e) {
      resolve8({ code: null, stdout: "", stderr: "", spawnError: e });
      return;
    }
    const out = [];
    const err = [];
    const timer = setTimeout(() => child.kill("SIGKILL"), 3e4);
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => err.push(d));
    child.stdin.on("error", () => void 0);
    child.on("error", (e) => {
      clearTimeout(timer);
      resolve8({ code: null, stdout: "", stderr: "", spawnError: e });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve8({ code, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") });
    });
    child.stdin.end(input);
  });
}
async function preprocess(file, text, opts) {
  const dir = path2.dirname(path2.resolve(file));
  const args = ["-E", "-dD", "-x", "c", "-I", ownIncludeDir(), "-iquote", dir];
  if (opts.compileCommands) args.push(...compileCommandFlags(opts.compileCommands, file));
  for (const inc of opts.includePaths) args.push("-I", path2.resolve(inc));
  for (const d of opts.defines) args.push(`-D${d}`);
  const cwd = (0, import_node_fs.existsSync)(dir) ? dir : process.cwd();
  const diagnostics = [];
  if (opts.dataModel === "ILP32") {
    const r32 = await runCompiler(opts.compiler, [...args, "-m32", "-"], text, cwd);
    if (r32.spawnError) return null;
    if (r32.code === 0) return fromPreprocessedOutput(r32.stdout, file, text.split("\n"), STDIN_NAME);
    diagnostics.push({
      severity: "warning",
      message: `'${opts.compiler} -m32' cannot preprocess (32-bit headers not installed?): headers were read for the host; typedefs such as int64_t may not match ILP32`,
      file,
      range: pointRange(1, 1)
    });
  }
  const r = await runCompiler(opts.compiler, [...args, "-"], text, cwd);
  if (r.spawnError) return null;
  if (r.code !== 0) throw new PreprocessError(compilerDiagnostics(r.stderr, file, r.code));
  const out = fromPreprocessedOutput(r.stdout, file, text.split("\n"), STDIN_NAME);
  out.diagnostics.push(...diagnostics);
  return out;
}
function compilerDiagnostics(stderr, file, code) {
  const diags = [];
  for (const line of stderr.split("\n")) {
    const m = /^(.*?):(\d+):(?:(\d+):)?\s*(fatal error|error):\s*(.*)$/.exec(line);
    if (!m) continue;
    const f = m[1] === STDIN_NAME ? file : m[1];
    diags.push({ severity: "error", message: m[5], file: f, range: pointRange(Number(m[2]), Number(m[3] ?? 1)) });
  }
  if (diags.length === 0) {
    const msg = stderr.trim().split("\n")[0] || `preprocessor exited with code ${code}`;
    diags.push({ severity: "error", message: `preprocessing failed: ${msg}`, file, range: pointRange(1, 1) });
  }
  return diags;
}
function fromPreprocessedOutput(output, file, userLines, mainName, positionsInOutput = false) {
  const lines2 = output.split("\n");
  const origins = [];
  const parsed = [];
  let cur = positionsInOutput ? { file, line: 1, system: false, user: true } : null;
  let main2 = mainName;
  const macros = /* @__PURE__ */ new Map();
  for (let i = 0; i < lines2.length; i++) {
    const l = lines2[i];
    if (l.startsWith("#define")) {
      const d = /^#define\s+([A-Za-z_]\w*)(\()?/.exec(l);
      if (d) macros.set(d[1], d[2] ? "function" : "object");
    }
    const m = l.startsWith("#") ? MARKER.exec(l) : null;
    if (m) {
      const name = m[2].replace(/\\(.)/g, "$1");
      if (main2 === null) main2 = name;
      const flags = m[3].trim().split(/\s+/);
      const isUser = name === main2;
      const system = flags.includes("3") && !isUser;
      cur = positionsInOutput ? { file, line: i + 2, system, user: !system } : { file: isUser ? file : name, line: Number(m[1]), system, user: isUser };
      origins.push(null);
      parsed.push("");
      continue;
    }
    parsed.push(/^\s*#/.test(l) ? "" : l);
    if (positionsInOutput) origins.push({ file, line: i + 1, system: cur?.system ?? false, user: cur?.user ?? true });
    else if (cur) {
      origins.push({ ...cur });
      cur = { ...cur, line: cur.line + 1 };
    } else origins.push(null);
  }
  const srcLines = positionsInOutput ? lines2 : userLines;
  return { text: parsed.join("\n"), map: new SourceMap(origins, parsed, srcLines, macros), diagnostics: [] };
}
var import_node_child_process, import_node_fs, path2, PreprocessError, STDIN_NAME, MARKER;
var init_preprocess = __esm({
  "server/src/frontend/preprocess.ts"() {
    "use strict";
    import_node_child_process = require("node:child_process");
    import_node_fs = require("node:fs");
    path2 = __toESM(require("node:path"));
    init_errors2();
    init_sourcemap();
    PreprocessError = class extends Error {
      constructor(diagnostics) {
        super(diagnostics.map((d) => `${d.file}:${d.range.line}:${d.range.column}: ${d.message}`).join("\n"));
        this.diagnostics = diagnostics;
      }
      diagnostics;
    };
    STDIN_NAME = "<stdin>";
    MARKER = /^#\s*(?:line\s+)?(\d+)\s+"((?:\\.|[^"\\])*)"(.*)$/;
  }
});

// server/src/frontend/context.ts
function collapse(s) {
  return s.replace(/\s+/g, " ").trim();
}
var Scopes, FrontendContext;
var init_context = __esm({
  "server/src/frontend/context.ts"() {
    "use strict";
    Scopes = class {
      ordinary = [/* @__PURE__ */ new Map()];
      tags = [/* @__PURE__ */ new Map()];
      chain = [];
      heads = [];
      /** The last declaration visible here (-1: none). */
      head = -1;
      push() {
        this.ordinary.push(/* @__PURE__ */ new Map());
        this.tags.push(/* @__PURE__ */ new Map());
        this.heads.push(this.head);
      }
      pop() {
        this.ordinary.pop();
        this.tags.pop();
        this.head = this.heads.pop() ?? -1;
      }
      get depth() {
        return this.ordinary.length;
      }
      lookup(name) {
        for (let i = this.ordinary.length - 1; i >= 0; i--) {
          const s = this.ordinary[i].get(name);
          if (s) return s;
        }
        return void 0;
      }
      define(name, sym) {
        this.ordinary[this.ordinary.length - 1].set(name, sym);
        this.record(name, sym);
      }
      defineGlobal(name, sym) {
        this.ordinary[0].set(name, sym);
        this.record(name, sym);
      }
      lookupTag(name) {
        for (let i = this.tags.length - 1; i >= 0; i--) {
          const t = this.tags[i].get(name);
          if (t) return t;
        }
        return void 0;
      }
      /** Tag declared in the innermost scope only (for `struct S;` redeclarations). */
      lookupTagHere(name) {
        return this.tags[this.tags.length - 1].get(name);
      }
      defineTag(name, t) {
        this.tags[this.tags.length - 1].set(name, t);
        this.record(name, { kind: "tag", type: t });
      }
      record(name, symbol) {
        this.chain.push({ parent: this.head, name, symbol });
        this.head = this.chain.length - 1;
      }
    };
    FrontendContext = class {
      constructor(file, model, source, map, sourceLines = source.split("\n")) {
        this.file = file;
        this.model = model;
        this.source = source;
        this.map = map;
        this.sourceLines = sourceLines;
      }
      file;
      model;
      source;
      map;
      sourceLines;
      diagnostics = [];
      vars = /* @__PURE__ */ new Map();
      scopes = new Scopes();
      nextVarId = 1;
      warned = /* @__PURE__ */ new Set();
      newVar(v) {
        const full2 = { id: this.nextVarId++, ...v };
        this.vars.set(full2.id, full2);
        return full2;
      }
      /** New variables get ids from `id` on (lowering more code for a program already lowered). */
      startIdsAt(id) {
        this.nextVarId = Math.max(this.nextVarId, id);
      }
      /** Ids from here on are new variables (see dropVarsFrom). */
      varMark() {
        return this.nextVarId;
      }
      /** Forgets the variables created since `mark` (temps of scratch lowering). */
      dropVarsFrom(mark) {
        for (let id = mark; id < this.nextVarId; id++) this.vars.delete(id);
      }
      /** The node's range in the user's file, or null when it comes from a header. */
      range(node) {
        const s = this.map.map(node.startPosition.row, node.startPosition.column);
        if (!s || !s.user) return null;
        const e = this.map.map(node.endPosition.row, node.endPosition.column, true);
        if (!e || !e.user || e.line < s.line || e.line === s.line && e.column <= s.column) {
          return { line: s.line, column: s.column, endLine: s.line, endColumn: s.column + 1 };
        }
        return { line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
      }
      /** Is the node's code from the user's file? */
      isUser(node) {
        const s = this.map.map(node.startPosition.row, node.startPosition.column);
        return !!s && s.user;
      }
      /** The node's text as the user wrote it (original file), else its preprocessed text. */
      text(node) {
        const r = this.range(node);
        if (r) {
          const slice = this.slice(r);
          if (slice !== null && slice.trim() !== "") return collapse(slice);
        }
        return collapse(node.text);
      }
      slice(r) {
        if (r.line < 1 || r.endLine > this.sourceLines.length) return null;
        if (r.line === r.endLine) return this.sourceLines[r.line - 1].slice(r.column - 1, r.endColumn - 1);
        const parts = [this.sourceLines[r.line - 1].slice(r.column - 1)];
        for (let l = r.line + 1; l < r.endLine; l++) parts.push(this.sourceLines[l - 1]);
        parts.push(this.sourceLines[r.endLine - 1].slice(0, r.endColumn - 1));
        return parts.join("\n");
      }
      /** Where a node is, for diagnostics (user range, else the header position). */
      diagnosticPlace(node) {
        const r = this.range(node);
        if (r) return { file: this.file, range: r };
        const s = this.map.map(node.startPosition.row, node.startPosition.column);
        if (s) return { file: s.file, range: { line: s.line, column: s.column, endLine: s.line, endColumn: s.column + 1 } };
        return { file: this.file, range: { line: 1, column: 1, endLine: 1, endColumn: 2 } };
      }
      report(severity, node, message, at2) {
        const place = at2 ? { file: this.file, range: at2 } : this.diagnosticPlace(node);
        const key = `${severity}:${place.file}:${place.range.line}:${place.range.column}:${message}`;
        if (this.warned.has(key)) return;
        this.warned.add(key);
        this.diagnostics.push({ severity, message, file: place.file, range: place.range });
      }
      /** A construct the front end does not model. */
      unsupported(node, what, at2) {
        this.report("warning", node, `unsupported: ${what}; goals it can affect are unknown`, at2);
      }
    };
  }
});

// server/src/ir/source.ts
function sourceText(source, r, max2 = 80) {
  if (splitSource?.source !== source) splitSource = { source, lines: source.split("\n") };
  const { lines: lines2 } = splitSource;
  const parts = [];
  for (let l = r.line; l <= r.endLine && l <= lines2.length; l++) {
    const line = lines2[l - 1] ?? "";
    const from = l === r.line ? r.column - 1 : 0;
    const to = l === r.endLine ? r.endColumn - 1 : line.length;
    parts.push(line.slice(from, to));
  }
  const text = parts.join(" ").replace(/\s+/g, " ").trim();
  return text.length > max2 ? `${text.slice(0, max2 - 1)}\u2026` : text;
}
var splitSource, LineIndex;
var init_source = __esm({
  "server/src/ir/source.ts"() {
    "use strict";
    LineIndex = class {
      constructor(text) {
        this.text = text;
        for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
      }
      text;
      starts = [0];
      /** Line and column (1-based) of an offset; a newline is the last column of its line. */
      position(offset) {
        let lo = 0;
        let hi = this.starts.length - 1;
        while (lo < hi) {
          const mid = lo + hi + 1 >> 1;
          if (this.starts[mid] <= offset) lo = mid;
          else hi = mid - 1;
        }
        return { line: lo + 1, column: offset - this.starts[lo] + 1 };
      }
      /** The offset of a line and column (1-based); a line past the text's last counts from its end. */
      offset(line, column) {
        return (this.starts[line - 1] ?? this.text.length) + column - 1;
      }
    };
  }
});

// server/src/ir/types.ts
function longType(model, signed) {
  const bits = model === "LP64" ? 64 : 32;
  return { kind: "int", bits, signed, rank: "long", name: signed ? "long" : "unsigned long" };
}
function pointerBits(model) {
  return model === "LP64" ? 64 : 32;
}
function isInteger(t) {
  return t.kind === "int";
}
function isArithmetic(t) {
  return t.kind === "int" || t.kind === "float";
}
function typeToString(t) {
  switch (t.kind) {
    case "void":
      return "void";
    case "int":
    case "float":
      return t.name;
    case "pointer":
      return t.to.kind === "function" ? "void (*)(void)" : `${typeToString(t.to)} *`;
    case "array":
      return `${typeToString(t.of)}[${t.length ?? ""}]`;
    case "struct":
      return `${t.union ? "union" : "struct"} ${t.tag}`;
    case "function":
      return `${typeToString(t.ret)} (${t.params.map(typeToString).join(", ")}${t.variadic ? ", ..." : ""})`;
  }
}
function sameType(a, b) {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case "void":
      return true;
    case "int": {
      const o = b;
      return a.bits === o.bits && a.signed === o.signed && a.rank === o.rank;
    }
    case "float":
      return a.bits === b.bits;
    case "pointer":
      return sameType(a.to, b.to);
    case "array":
      return a.length === b.length && sameType(a.of, b.of);
    case "struct":
      return a.tag === b.tag && a.union === b.union;
    case "function": {
      const o = b;
      return sameType(a.ret, o.ret) && a.params.length === o.params.length && a.params.every((p, i) => sameType(p, o.params[i]));
    }
  }
}
var VOID, BOOL, CHAR, SCHAR, UCHAR, SHORT, USHORT, INT, UINT, LLONG, ULLONG, FLOAT, DOUBLE;
var init_types = __esm({
  "server/src/ir/types.ts"() {
    "use strict";
    VOID = { kind: "void" };
    BOOL = { kind: "int", bits: 1, signed: false, rank: "bool", name: "_Bool" };
    CHAR = { kind: "int", bits: 8, signed: true, rank: "char", name: "char" };
    SCHAR = { kind: "int", bits: 8, signed: true, rank: "char", name: "signed char" };
    UCHAR = { kind: "int", bits: 8, signed: false, rank: "char", name: "unsigned char" };
    SHORT = { kind: "int", bits: 16, signed: true, rank: "short", name: "short" };
    USHORT = { kind: "int", bits: 16, signed: false, rank: "short", name: "unsigned short" };
    INT = { kind: "int", bits: 32, signed: true, rank: "int", name: "int" };
    UINT = { kind: "int", bits: 32, signed: false, rank: "int", name: "unsigned int" };
    LLONG = { kind: "int", bits: 64, signed: true, rank: "longlong", name: "long long" };
    ULLONG = { kind: "int", bits: 64, signed: false, rank: "longlong", name: "unsigned long long" };
    FLOAT = { kind: "float", bits: 32, name: "float" };
    DOUBLE = { kind: "float", bits: 64, name: "double" };
  }
});

// server/src/frontend/rewrite.ts
function tokenize2(text) {
  const re = /\s+|\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|(?:L|u8|u|U)?"(?:\\[\s\S]|[^"\\\n])*"?|(?:L|u8|u|U)?'(?:\\[\s\S]|[^'\\\n])*'?|[A-Za-z_$][\w$]*|\.?\d(?:[eEpP][+-]|'?[\w.])*|[\s\S]/gy;
  const out = [];
  let m;
  while (m = re.exec(text)) {
    const t = m[0];
    const c = t[0];
    if (/\s/.test(c) || t.startsWith("//") || t.startsWith("/*")) continue;
    const word = /^[A-Za-z_$]/.test(t) && !/^(?:L|u8|u|U)?["']/.test(t);
    out.push({ text: t, start: m.index, end: m.index + t.length, word });
  }
  return out;
}
function matching(toks, open) {
  let depth = 0;
  for (let k = open; k < toks.length; k++) {
    if (toks[k].text === "(") depth++;
    else if (toks[k].text === ")" && --depth === 0) return k;
  }
  return toks.length - 1;
}
function attributeNames(toks, from, to) {
  const names = [];
  let depth = 0;
  for (let k = from; k <= to; k++) {
    const t = toks[k].text;
    if (t === "(") depth++;
    else if (t === ")") depth--;
    else if (depth === 2 && toks[k].word) names.push(t.replace(/^__(.*)__$/, "$1"));
  }
  return names;
}
function rewriteForParsing(text) {
  const toks = tokenize2(text);
  const chars = text.split("");
  const notes = [];
  const replace = (t, by) => {
    for (let i = t.start; i < t.end; i++) chars[i] = i - t.start < by.length ? by[i - t.start] : " ";
  };
  const blank = (from, to) => {
    for (let i = from; i < to; i++) if (chars[i] !== "\n") chars[i] = " ";
  };
  const braces = [];
  const parenOpeners = [];
  let pendingStruct = false;
  let lastClosedStruct = false;
  let lastCloseOpener;
  let typedefDepth = -1;
  let prev;
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k];
    const s = t.text;
    if (s === "__attribute__" || s === "__attribute") {
      if (toks[k + 1]?.text !== "(") continue;
      const close = matching(toks, k + 1);
      const names = attributeNames(toks, k + 1, close);
      const next = toks[close + 1]?.text;
      const structPlace = braces[braces.length - 1] === true || prev?.text === "struct" || prev?.text === "}" && lastClosedStruct;
      const keep = structPlace && names.some((n) => LAYOUT_ATTRIBUTES.has(n)) || typedefDepth === braces.length && names.includes("mode") && (next === ";" || next === "__attribute__");
      if (!keep) {
        blank(t.start, toks[close].end);
        const meaningful = names.filter((n) => MEANINGFUL_ATTRIBUTES.has(n) && (n !== "aligned" || typedefDepth === braces.length));
        if (meaningful.length > 0)
          notes.push({
            offset: t.start,
            length: toks[close].end - t.start,
            message: `__attribute__((${meaningful.join(", ")})) is ignored in this place: the analysis may not match the compiled code`
          });
      }
      k = close;
      continue;
    }
    if ((s === "__asm__" || s === "__asm" || s === "asm") && toks[k + 1]?.text === "(" && isAsmLabelPlace(prev, lastCloseOpener)) {
      const close = matching(toks, k + 1);
      blank(t.start, toks[close].end);
      k = close;
      continue;
    }
    if (s in KEYWORD_SPELLINGS) replace(t, KEYWORD_SPELLINGS[s]);
    else if (BLANKED.has(s)) {
      blank(t.start, t.end);
      continue;
    } else if (COMPLEX.has(s)) {
      blank(t.start, t.end);
      notes.push({
        offset: t.start,
        length: t.end - t.start,
        message: "unsupported: complex types (read as their real type); goals they can affect are unknown"
      });
      continue;
    }
    if (s === "struct" || s === "union") pendingStruct = true;
    else if (s === "{") {
      braces.push(pendingStruct);
      pendingStruct = false;
    } else if (s === "}") {
      lastClosedStruct = braces.pop() ?? false;
      if (typedefDepth > braces.length) typedefDepth = -1;
    } else if (!t.word) pendingStruct = false;
    if (s === "typedef") typedefDepth = braces.length;
    else if (s === ";" && typedefDepth === braces.length) typedefDepth = -1;
    if (s === "(") parenOpeners.push(prev);
    else if (s === ")") lastCloseOpener = parenOpeners.pop();
    prev = t;
  }
  const lines2 = new LineIndex(text);
  const position = (offset) => {
    const p = lines2.position(offset);
    return { row: p.line - 1, column: p.column - 1 };
  };
  return {
    text: nameUnnamedBitFields(chars.join("")),
    notes: notes.map((n) => ({ ...position(n.offset), length: n.length, message: n.message }))
  };
}
function isAsmLabelPlace(prev, lastCloseOpener) {
  if (!prev) return false;
  if (prev.word) return !C_KEYWORDS.has(prev.text);
  if (prev.text === "]") return true;
  if (prev.text === ")") return !(lastCloseOpener && CONTROL_KEYWORDS.has(lastCloseOpener.text));
  return false;
}
function nameUnnamedBitFields(text) {
  let k = 0;
  return text.replace(
    /(?<=[{;]\s*)((?:(?:un)?signed|int|char|short|long|_Bool)(?:\s+(?:(?:un)?signed|int|char|short|long))*\s*):(\s*\d+\s*[;,])/g,
    (_m, type, rest) => `${type} ${UNNAMED_BITFIELD}${++k}:${rest}`
  );
}
var UNNAMED_BITFIELD, KEYWORD_SPELLINGS, BLANKED, COMPLEX, LAYOUT_ATTRIBUTES, MEANINGFUL_ATTRIBUTES, CONTROL_KEYWORDS, C_KEYWORDS;
var init_rewrite = __esm({
  "server/src/frontend/rewrite.ts"() {
    "use strict";
    init_source();
    UNNAMED_BITFIELD = "__creach_unnamed_";
    KEYWORD_SPELLINGS = {
      __const: "const",
      __const__: "const",
      __signed: "signed",
      __signed__: "signed",
      __volatile: "volatile",
      __volatile__: "volatile",
      __restrict: "restrict",
      __restrict__: "restrict",
      __inline: "inline",
      __inline__: "inline",
      __alignof: "_Alignof",
      __alignof__: "_Alignof",
      __builtin_offsetof: "offsetof"
    };
    BLANKED = /* @__PURE__ */ new Set(["__extension__", "_Thread_local", "__thread"]);
    COMPLEX = /* @__PURE__ */ new Set(["_Complex", "__complex__", "_Imaginary"]);
    LAYOUT_ATTRIBUTES = /* @__PURE__ */ new Set(["packed", "aligned"]);
    MEANINGFUL_ATTRIBUTES = /* @__PURE__ */ new Set(["mode", "vector_size", "cleanup", "packed", "aligned", "scalar_storage_order"]);
    CONTROL_KEYWORDS = /* @__PURE__ */ new Set(["if", "while", "for", "switch"]);
    C_KEYWORDS = /* @__PURE__ */ new Set([
      "auto",
      "break",
      "case",
      "char",
      "const",
      "continue",
      "default",
      "do",
      "double",
      "else",
      "enum",
      "extern",
      "float",
      "for",
      "goto",
      "if",
      "inline",
      "int",
      "long",
      "register",
      "restrict",
      "return",
      "short",
      "signed",
      "sizeof",
      "static",
      "struct",
      "switch",
      "typedef",
      "union",
      "unsigned",
      "void",
      "volatile",
      "while",
      "_Bool",
      "_Noreturn",
      "typeof",
      "__typeof__"
    ]);
  }
});

// server/src/ir/interp.ts
function intMinOf(t) {
  return t.signed ? -(1n << BigInt(t.bits - 1)) : 0n;
}
function intMaxOf(t) {
  if (t.bits === 1) return 1n;
  return t.signed ? (1n << BigInt(t.bits - 1)) - 1n : (1n << BigInt(t.bits)) - 1n;
}
function wrapInt(v, t) {
  if (t.bits === 1) return v !== 0n ? 1n : 0n;
  return t.signed ? BigInt.asIntN(t.bits, v) : BigInt.asUintN(t.bits, v);
}
function fitsIn(v, t) {
  return v >= intMinOf(t) && v <= intMaxOf(t);
}
function roundFloat(v, t) {
  return t.bits === 32 ? Math.fround(v) : v;
}
function intBinary(op, a, b, opType) {
  const checked = (v, what) => {
    if (opType.signed && !fitsIn(v, opType)) throw new UndefinedBehaviour(`signed overflow in ${what}`);
    return wrapInt(v, opType);
  };
  switch (op) {
    case "+":
      return checked(a + b, "addition");
    case "-":
      return checked(a - b, "subtraction");
    case "*":
      return checked(a * b, "multiplication");
    case "/":
    case "%": {
      if (b === 0n) throw new UndefinedBehaviour("division by zero");
      const q = a / b;
      if (opType.signed && !fitsIn(q, opType)) throw new UndefinedBehaviour("division overflow (INT_MIN / -1)");
      return op === "/" ? q : wrapInt(a - q * b, opType);
    }
    case "<<": {
      if (b < 0n || b >= BigInt(opType.bits)) throw new UndefinedBehaviour(`shift count ${b} out of range`);
      if (opType.signed) {
        if (a < 0n) throw new UndefinedBehaviour("left shift of a negative value");
        const v = a << b;
        if (v > intMaxOf(opType)) throw new UndefinedBehaviour("left shift overflow");
        return v;
      }
      return wrapInt(a << b, opType);
    }
    case ">>":
      if (b < 0n || b >= BigInt(opType.bits)) throw new UndefinedBehaviour(`shift count ${b} out of range`);
      return a >> b;
    // arithmetic for negative signed values, as gcc does
    case "&":
      return wrapInt(a & b, opType);
    case "|":
      return wrapInt(a | b, opType);
    case "^":
      return wrapInt(a ^ b, opType);
    default:
      return compare(op, a, b);
  }
}
function compare(op, a, b) {
  switch (op) {
    case "==":
      return a === b ? 1n : 0n;
    case "!=":
      return a !== b ? 1n : 0n;
    case "<":
      return a < b ? 1n : 0n;
    case "<=":
      return a <= b ? 1n : 0n;
    case ">":
      return a > b ? 1n : 0n;
    case ">=":
      return a >= b ? 1n : 0n;
    default:
      throw new Error(`${op} is not a comparison`);
  }
}
function floatBinary(op, a, b, t) {
  switch (op) {
    case "+":
      return roundFloat(a + b, t);
    case "-":
      return roundFloat(a - b, t);
    case "*":
      return roundFloat(a * b, t);
    case "/":
      return roundFloat(a / b, t);
    case "==":
    case "!=":
    case "<":
    case "<=":
    case ">":
    case ">=":
      return compare(op, a, b);
    default:
      throw new Error(`operator ${op} on floating operands`);
  }
}
function intUnary(op, a, t) {
  switch (op) {
    case "-":
      if (t.signed && a === intMinOf(t)) throw new UndefinedBehaviour("signed overflow in negation");
      return wrapInt(-a, t);
    case "~":
      return wrapInt(~a, t);
    case "!":
      return a === 0n ? 1n : 0n;
  }
}
function convertScalar(v, _from, to) {
  if (to.kind === "int") {
    if (typeof v === "number") {
      if (to.bits === 1) return v !== 0 ? 1n : 0n;
      if (!Number.isFinite(v)) throw new UndefinedBehaviour("conversion of a non-finite float to an integer");
      const n = BigInt(Math.trunc(v));
      if (!fitsIn(n, to)) throw new UndefinedBehaviour("float to integer conversion out of range");
      return n;
    }
    return wrapInt(v, to);
  }
  if (to.kind === "float") {
    if (typeof v === "bigint") return to.bits === 32 ? bigintToFloat32(v) : Number(v);
    return roundFloat(v, to);
  }
  return v;
}
function bigintToFloat32(v) {
  const mag = v < 0n ? -v : v;
  const bits = mag.toString(2).length;
  if (bits <= 24) return Number(v);
  const shift = BigInt(bits - 24);
  let mant = mag >> shift;
  const rem = mag & (1n << shift) - 1n;
  const half = 1n << shift - 1n;
  if (rem > half || rem === half && (mant & 1n) === 1n) mant += 1n;
  const r = Math.fround(Number(mant) * 2 ** Number(shift));
  return v < 0n ? -r : r;
}
var UndefinedBehaviour;
var init_interp = __esm({
  "server/src/ir/interp.ts"() {
    "use strict";
    UndefinedBehaviour = class extends Error {
      constructor(message) {
        super(message);
        this.name = "UndefinedBehaviour";
      }
    };
  }
});

// server/src/ir/layout.ts
function sizeOf(t, model) {
  switch (t.kind) {
    case "void":
      return 1;
    // GNU: sizeof(void) == 1
    case "int":
      return t.bits === 1 ? 1 : t.bits / 8;
    case "float":
      return t.bits / 8;
    case "pointer":
      return pointerBits(model) / 8;
    case "array": {
      if (t.length === null) return null;
      const e = sizeOf(t.of, model);
      return e === null ? null : e * t.length;
    }
    case "struct":
      return t.complete ? t.size : null;
    case "function":
      return null;
  }
}
function alignOf(t, model) {
  switch (t.kind) {
    case "void":
      return 1;
    case "int":
    case "float":
      return Math.min(sizeOf(t, model) ?? 1, model === "ILP32" ? 4 : 8);
    case "pointer":
      return pointerBits(model) / 8;
    case "array":
      return alignOf(t.of, model);
    case "struct":
      return t.align;
    case "function":
      return 1;
  }
}
function scalarBits(t) {
  if (t.kind === "float") return t.bits;
  if (t.kind === "int" && t.bits % 8 === 0) return t.bits;
  return null;
}
function memberBits(t, bitField) {
  if (bitField) return null;
  if (t.kind === "array" && t.length !== null && t.length > 0 && t.of.kind === "int") {
    const e = scalarBits(t.of);
    return e === null ? null : e * t.length;
  }
  return scalarBits(t);
}
var init_layout = __esm({
  "server/src/ir/layout.ts"() {
    "use strict";
    init_types();
  }
});

// server/src/frontend/ctypes.ts
function intOfRank(rank, signed, model) {
  switch (rank) {
    case "bool":
      return BOOL;
    case "char":
      return signed ? SCHAR : UCHAR;
    case "short":
      return signed ? SHORT : USHORT;
    case "int":
      return signed ? INT : UINT;
    case "long":
      return longType(model, signed);
    case "longlong":
      return signed ? LLONG : ULLONG;
  }
}
function sizeType(model) {
  return longType(model, false);
}
function ptrdiffType(model) {
  return longType(model, true);
}
function layoutStruct(s, fields, model, attrs = {}) {
  let bits = 0;
  let align = 1;
  let unionSize = 0;
  const laid = [];
  for (const f of fields) {
    const natural = attrs.packed || f.packed ? 1 : alignOf(f.type, model);
    const a = Math.max(natural, f.aligned ?? 1);
    const sz = sizeOf(f.type, model) ?? 0;
    if (s.union) {
      if (f.bitWidth === void 0 || f.name !== "") align = Math.max(align, a);
      if (f.bitWidth !== void 0 && f.name === "") continue;
      laid.push({ name: f.name, type: f.type, offset: 0, bitWidth: f.bitWidth });
      unionSize = Math.max(unionSize, f.bitWidth !== void 0 ? Math.ceil(f.bitWidth / 8) : sz);
      continue;
    }
    if (f.bitWidth !== void 0) {
      const unit = sz * 8 || 8;
      if (f.bitWidth === 0) {
        bits = Math.ceil(bits / unit) * unit;
        continue;
      }
      if (!(attrs.packed || f.packed) && Math.floor(bits / unit) !== Math.floor((bits + f.bitWidth - 1) / unit)) bits = Math.ceil(bits / unit) * unit;
      if (f.name !== "") {
        align = Math.max(align, a);
        laid.push({ name: f.name, type: f.type, offset: Math.floor(bits / unit) * (unit / 8), bitWidth: f.bitWidth });
      }
      bits += f.bitWidth;
      continue;
    }
    align = Math.max(align, a);
    const offset = Math.ceil(Math.ceil(bits / 8) / a) * a;
    laid.push({ name: f.name, type: f.type, offset });
    bits = (offset + sz) * 8;
  }
  s.fields = laid;
  align = Math.max(align, attrs.aligned ?? 1);
  s.align = align;
  s.size = Math.ceil((s.union ? unionSize : Math.ceil(bits / 8)) / align) * align;
  s.complete = true;
}
function rankOf(t) {
  return RANK_ORDER[t.rank];
}
function promote(t) {
  return rankOf(t) < RANK_ORDER.int ? INT : t;
}
function usualArithmetic(a, b, model) {
  if (a.kind === "float" || b.kind === "float") {
    const bits = Math.max(a.kind === "float" ? a.bits : 0, b.kind === "float" ? b.bits : 0);
    return bits === 64 ? DOUBLE : FLOAT;
  }
  const x = promote(a);
  const y = promote(b);
  if (x.signed === y.signed) return rankOf(x) >= rankOf(y) ? x : y;
  const [u, s] = x.signed ? [y, x] : [x, y];
  if (rankOf(u) >= rankOf(s)) return u;
  if (s.bits > u.bits) return s;
  return intOfRank(s.rank, false, model);
}
function pointerTo(t) {
  return { kind: "pointer", to: t };
}
function decayType(t) {
  if (t.kind === "array") return pointerTo(t.of);
  if (t.kind === "function") return pointerTo(t);
  return t;
}
function enumType(values, model) {
  const fits2 = (t) => values.every((v) => v >= intMinOf(t) && v <= intMaxOf(t));
  const nonNegative = values.every((v) => v >= 0n);
  const candidates = nonNegative ? [UINT, longType(model, false), ULLONG] : [INT, longType(model, true), LLONG];
  return candidates.find(fits2) ?? candidates[candidates.length - 1];
}
var RANK_ORDER;
var init_ctypes = __esm({
  "server/src/frontend/ctypes.ts"() {
    "use strict";
    init_types();
    init_interp();
    init_layout();
    RANK_ORDER = { bool: 0, char: 1, short: 2, int: 3, long: 4, longlong: 5 };
  }
});

// server/src/frontend/declarations.ts
function builtinPrimitive(name, ctx) {
  const m = ctx.model;
  switch (name) {
    case "void":
      return VOID;
    case "char":
      return CHAR;
    case "int":
      return INT;
    case "float":
      return FLOAT;
    case "double":
      return DOUBLE;
    case "_Bool":
    case "bool":
      return BOOL;
    case "size_t":
    case "uintptr_t":
      return sizeType(m);
    case "ssize_t":
    case "ptrdiff_t":
    case "intptr_t":
      return ptrdiffType(m);
    case "int8_t":
      return SCHAR;
    case "uint8_t":
      return UCHAR;
    case "int16_t":
      return SHORT;
    case "uint16_t":
      return USHORT;
    case "int32_t":
      return INT;
    case "uint32_t":
      return UINT;
    case "int64_t":
      return m === "LP64" ? longType(m, true) : LLONG;
    case "uint64_t":
      return m === "LP64" ? longType(m, false) : ULLONG;
    case "char16_t":
      return USHORT;
    case "char32_t":
      return UINT;
    case "wchar_t":
      return INT;
    default:
      return null;
  }
}
var anonCounter, TypeResolver;
var init_declarations = __esm({
  "server/src/frontend/declarations.ts"() {
    "use strict";
    init_types();
    init_rewrite();
    init_ctypes();
    anonCounter = 0;
    TypeResolver = class {
      constructor(ctx, evalConst) {
        this.ctx = ctx;
        this.evalConst = evalConst;
      }
      ctx;
      evalConst;
      /** Specifiers of a declaration-like node (declaration, field_declaration, parameter_declaration, function_definition, type_descriptor). */
      specifiers(node) {
        let isConst = false;
        let storage = null;
        let isInline = false;
        for (const c of node.children) {
          if (!c) continue;
          if (c.type === "type_qualifier" && c.text === "const") isConst = true;
          if (c.type === "storage_class_specifier") {
            const t = c.text;
            if (t === "inline" || t === "__inline" || t === "__inline__") isInline = true;
            else if (t === "static" || t === "extern" || t === "auto" || t === "register") storage = t;
          }
        }
        if (node.type === "type_definition") storage = "typedef";
        const typeNode = node.childForFieldName("type");
        const type = typeNode ? this.baseType(typeNode) : INT;
        return { type, isConst, storage, isInline };
      }
      baseType(node) {
        switch (node.type) {
          case "primitive_type": {
            const name = node.text;
            const sym = this.ctx.scopes.lookup(name);
            if (sym?.kind === "typedef") return sym.type;
            const t = builtinPrimitive(name, this.ctx);
            if (t) return t;
            return this.opaque(node, name);
          }
          case "sized_type_specifier":
            return this.sizedType(node);
          case "type_identifier": {
            const sym = this.ctx.scopes.lookup(node.text);
            if (sym?.kind === "typedef") return sym.type;
            const t = builtinPrimitive(node.text, this.ctx);
            if (t) return t;
            return this.opaque(node, node.text);
          }
          case "struct_specifier":
          case "union_specifier":
            return this.structType(node);
          case "enum_specifier":
            return this.enumSpecifier(node);
          case "macro_type_specifier":
            if (/^(__)?typeof(__)?$/.test(node.childForFieldName("name")?.text ?? "")) return this.typeofType(node);
            this.ctx.unsupported(node, `type specifier '${node.text.slice(0, 40)}'`);
            return INT;
          default:
            this.ctx.unsupported(node, `type specifier '${node.text.slice(0, 40)}'`);
            return INT;
        }
      }
      /**
       * GNU `typeof(T)` and `typeof(x)` (tree-sitter reads both as a type name). Other operand
       * expressions do not parse as a type: they are syntax errors.
       */
      typeofType(node) {
        const desc = node.childForFieldName("type");
        if (!desc) return INT;
        const inner = desc.childForFieldName("type");
        const sym = inner?.type === "type_identifier" && !desc.childForFieldName("declarator") ? this.ctx.scopes.lookup(inner.text) : void 0;
        if (sym?.kind === "var") return this.ctx.vars.get(sym.id).type;
        if (sym?.kind === "enum") return sym.type;
        if (sym?.kind === "func") return sym.type;
        return this.typeDescriptor(desc);
      }
      /** A type the front end does not know (compiler builtins such as `__builtin_va_list`, `__int128`). */
      opaque(node, name, warn = true) {
        if (warn && this.ctx.isUser(node)) this.ctx.unsupported(node, `type '${name}'`);
        return { kind: "struct", tag: name, union: false, fields: [], size: 0, align: 1, complete: false };
      }
      sizedType(node) {
        let signed = null;
        let longs = 0;
        let short = false;
        let base = null;
        for (const c of node.children) {
          if (!c) continue;
          switch (c.text) {
            case "signed":
            case "__signed":
            case "__signed__":
              signed = true;
              break;
            case "unsigned":
              signed = false;
              break;
            case "long":
              longs++;
              break;
            case "short":
              short = true;
              break;
            default:
              if (c.type === "primitive_type" || c.type === "type_identifier") base = c.text;
          }
        }
        if (base === "double") {
          if (longs > 0) {
            if (this.ctx.isUser(node)) this.ctx.unsupported(node, "long double");
            return { kind: "float", bits: 64, name: "long double" };
          }
          return DOUBLE;
        }
        if (base === "char") return signed === null ? CHAR : signed ? SCHAR : UCHAR;
        if (base === "__int128" || base === "_Float128") return this.opaque(node, base);
        const s = signed ?? true;
        if (short) return s ? SHORT : USHORT;
        if (longs === 1) return longType(this.ctx.model, s);
        if (longs >= 2) return s ? LLONG : ULLONG;
        return s ? INT : UINT;
      }
      structType(node) {
        const union = node.type === "union_specifier";
        const nameNode = node.childForFieldName("name");
        const body = node.childForFieldName("body");
        const tag = nameNode?.text ?? `<anonymous ${union ? "union" : "struct"} ${++anonCounter}>`;
        let s;
        if (nameNode) {
          const existing = body ? this.ctx.scopes.lookupTagHere(tag) : this.ctx.scopes.lookupTag(tag);
          if (existing && existing.kind === "struct" && existing.union === union && !(body && existing.complete)) s = existing;
        }
        if (!s) {
          s = { kind: "struct", tag, union, fields: [], size: 0, align: 1, complete: false };
          if (nameNode) this.ctx.scopes.defineTag(tag, s);
        }
        if (body) {
          const fields = [];
          for (const fd of body.namedChildren) {
            if (!fd || fd.type !== "field_declaration") continue;
            const spec = this.specifiers(fd);
            const declarators = fd.childrenForFieldName("declarator").filter((d) => !!d);
            const bitClause = fd.children.find((c) => c?.type === "bitfield_clause");
            let bitWidth;
            if (bitClause) {
              const e = bitClause.namedChildren[0];
              const v = e ? this.evalConst(e) : null;
              bitWidth = v === null ? void 0 : Number(v);
            }
            if (declarators.length === 0) {
              if (bitClause) fields.push({ name: "", type: spec.type, bitWidth: bitWidth ?? 0 });
              else if (spec.type.kind === "struct") fields.push({ name: "", type: spec.type });
              continue;
            }
            const fieldAttrs = this.layoutAttributes(fd);
            for (const d of declarators) {
              const decl = this.declarator(spec.type, d, spec.isConst);
              const unnamed = !decl.name || decl.name.startsWith(UNNAMED_BITFIELD);
              fields.push({ name: unnamed ? "" : decl.name, type: decl.type, bitWidth: unnamed ? bitWidth ?? 0 : bitWidth, ...fieldAttrs });
            }
          }
          layoutStruct(s, fields, this.ctx.model, this.layoutAttributes(node));
        }
        return s;
      }
      /** GNU `__attribute__((packed))` and `__attribute__((aligned(N)))` on a struct or a member. */
      layoutAttributes(node) {
        const out = {};
        for (const a of node.children) {
          if (a?.type !== "attribute_specifier") continue;
          for (const arg of a.namedChildren[0]?.namedChildren ?? []) {
            if (!arg) continue;
            const name = (arg.type === "call_expression" ? arg.childForFieldName("function")?.text : arg.text)?.replace(/^__(.*)__$/, "$1");
            if (name === "packed") out.packed = true;
            else if (name === "aligned") {
              const n = arg.type === "call_expression" ? arg.childForFieldName("arguments")?.namedChildren[0] : null;
              const v = n ? this.evalConst(n) : null;
              out.aligned = v === null ? 16 : Number(v);
            }
          }
        }
        return out;
      }
      enumSpecifier(node) {
        const nameNode = node.childForFieldName("name");
        const body = node.childForFieldName("body");
        if (!body) {
          const t2 = nameNode ? this.ctx.scopes.lookupTag(nameNode.text) : void 0;
          return t2 ?? UINT;
        }
        const values = [];
        let next = 0n;
        const consts = [];
        for (const e of body.namedChildren) {
          if (!e || e.type !== "enumerator") continue;
          const name = e.childForFieldName("name")?.text ?? "";
          const valueNode = e.childForFieldName("value");
          if (valueNode) {
            const v = this.evalConst(valueNode);
            if (v !== null) next = v;
          }
          values.push(next);
          consts.push({ name, value: next });
          this.ctx.scopes.define(name, { kind: "enum", value: next, type: next >= -(1n << 31n) && next < 1n << 31n ? INT : enumType([next], this.ctx.model) });
          next += 1n;
        }
        const t = { ...enumType(values, this.ctx.model) };
        if (nameNode) this.ctx.scopes.defineTag(nameNode.text, t);
        return t;
      }
      /** Applies a declarator (possibly abstract or absent) to a base type. */
      declarator(base, node, baseConst = false, options = {}) {
        let type = base;
        let isConst = baseConst;
        let n = node;
        let fnDecl = null;
        const vlas = [];
        let topVla = null;
        const done = (nameNode) => {
          const vlaSize = options.object && vlas.length === 1 && vlas[0] === topVla && type.kind === "array" && sizeOf(type.of, this.ctx.model) ? topVla : void 0;
          if (vlaSize) return { name: nameNode?.text ?? null, nameNode, type, isConst, functionDeclarator: fnDecl, vla: false, vlaSize };
          const counted = vlas.filter((v) => !(options.parameter && v === topVla));
          if (!options.quiet) for (const v of counted) this.ctx.unsupported(v, "variable-length array");
          return { name: nameNode?.text ?? null, nameNode, type, isConst, functionDeclarator: fnDecl, vla: counted.length > 0 };
        };
        while (n) {
          switch (n.type) {
            case "identifier":
            case "field_identifier":
            case "type_identifier":
            case "primitive_type":
              return done(n);
            case "init_declarator":
            case "attributed_declarator":
            case "parenthesized_declarator":
            case "abstract_parenthesized_declarator":
              n = n.childForFieldName("declarator") ?? n.namedChildren.find((c) => c && !c.type.includes("attribute")) ?? null;
              break;
            case "pointer_declarator":
            case "abstract_pointer_declarator":
              type = pointerTo(type);
              topVla = null;
              isConst = n.children.some((c) => c?.type === "type_qualifier" && c.text === "const");
              n = n.childForFieldName("declarator");
              break;
            case "array_declarator":
            case "abstract_array_declarator": {
              const sizeNode = n.childForFieldName("size");
              let length = null;
              topVla = null;
              if (sizeNode) {
                const v = sizeNode.type === "*" || this.mentionsParameter(sizeNode) ? null : this.evalConst(sizeNode) ?? options.knownSize?.(sizeNode) ?? null;
                if (v === null) {
                  vlas.push(sizeNode);
                  topVla = sizeNode;
                } else length = Number(v);
              }
              type = { kind: "array", of: type, length };
              n = n.childForFieldName("declarator");
              break;
            }
            case "function_declarator":
            case "abstract_function_declarator": {
              type = this.functionType(type, n.childForFieldName("parameters"));
              topVla = null;
              if (!fnDecl) fnDecl = n;
              isConst = false;
              n = n.childForFieldName("declarator");
              break;
            }
            default:
              this.ctx.unsupported(n, `declarator '${n.text.slice(0, 40)}'`);
              return done(null);
          }
        }
        return done(null);
      }
      /** Names of the parameters declared so far in the prototypes being read (innermost last). */
      prototypeNames = [];
      mentionsParameter(node) {
        if (this.prototypeNames.length === 0) return false;
        const stack = [node];
        while (stack.length > 0) {
          const n = stack.pop();
          if (n.type === "identifier" && this.prototypeNames.some((s) => s.has(n.text))) return true;
          for (const c of n.namedChildren) if (c) stack.push(c);
        }
        return false;
      }
      functionType(ret, params) {
        const types = [];
        let variadic = false;
        let prototyped = false;
        const names = /* @__PURE__ */ new Set();
        this.prototypeNames.push(names);
        try {
          for (const p of params?.namedChildren ?? []) {
            if (!p) continue;
            if (p.type === "variadic_parameter") {
              variadic = true;
              prototyped = true;
              continue;
            }
            if (p.type !== "parameter_declaration") continue;
            prototyped = true;
            const spec = this.specifiers(p);
            const d = this.declarator(spec.type, p.childForFieldName("declarator"), false, { parameter: true, quiet: true });
            if (d.name) names.add(d.name);
            if (d.type.kind === "void" && !d.name) continue;
            types.push(decayType(d.type));
          }
        } finally {
          this.prototypeNames.pop();
        }
        return { kind: "function", ret, params: types, variadic, prototyped };
      }
      /**
       * Defines the names of a `typedef` declaration (GNU `__attribute__((mode(M)))` on it gives an
       * integer of M's width). True when a type defined has an array of variable length in it.
       */
      typedefs(node) {
        const spec = this.specifiers(node);
        const mode = this.modeAttribute(node);
        let vla = false;
        for (const d of node.childrenForFieldName("declarator")) {
          if (!d) continue;
          const decl = this.declarator(spec.type, d, spec.isConst);
          vla ||= decl.vla;
          if (!decl.name) continue;
          const type = mode ? this.withMode(decl.type, mode, node) : decl.type;
          this.ctx.scopes.define(decl.name, { kind: "typedef", type });
        }
        return vla;
      }
      modeAttribute(node) {
        for (const a of node.children) {
          if (a?.type !== "attribute_specifier") continue;
          for (const arg of a.namedChildren[0]?.namedChildren ?? []) {
            if (arg?.type !== "call_expression" || arg.childForFieldName("function")?.text.replace(/^__(.*)__$/, "$1") !== "mode") continue;
            const m = arg.childForFieldName("arguments")?.namedChildren[0];
            if (m) return { name: m.text.replace(/^__(.*)__$/, "$1"), node: arg };
          }
        }
        return null;
      }
      /** gcc's machine modes: QI, HI, SI, DI are 8, 16, 32, 64-bit integers; word and pointer the pointer width. */
      withMode(t, mode, at2) {
        const m = this.ctx.model;
        const ranks = {
          QI: "char",
          byte: "char",
          HI: "short",
          SI: "int",
          DI: m === "LP64" ? "long" : "longlong",
          word: "long",
          pointer: "long"
        };
        const rank = ranks[mode.name];
        if (t.kind === "int" && t.bits !== 1 && rank) return intOfRank(rank, t.signed, m);
        if (t.kind === "float" && (mode.name === "SF" || mode.name === "DF")) return mode.name === "SF" ? FLOAT : DOUBLE;
        if (this.ctx.isUser(at2)) this.ctx.unsupported(mode.node, `__attribute__((mode(${mode.name})))`);
        return this.opaque(at2, `${typeToString(t)} in mode ${mode.name}`, false);
      }
      /** A builtin type by its C spelling (`unsigned long`), for `__VERIFIER_nondet_ulong` and friends. */
      parseTypeName(spelling) {
        const m = this.ctx.model;
        const table2 = {
          char: CHAR,
          "signed char": SCHAR,
          "unsigned char": UCHAR,
          short: SHORT,
          "unsigned short": USHORT,
          int: INT,
          "unsigned int": UINT,
          long: longType(m, true),
          "unsigned long": longType(m, false),
          "long long": LLONG,
          "unsigned long long": ULLONG,
          float: FLOAT,
          double: DOUBLE,
          _Bool: BOOL,
          void: VOID
        };
        return table2[spelling] ?? null;
      }
      /** Type of a `type_descriptor` (casts, sizeof, compound literals). */
      typeDescriptor(node) {
        return this.typeName(node).type;
      }
      /** Type of a `type_descriptor`, and whether it has an array of variable length in it. */
      typeName(node) {
        const spec = this.specifiers(node);
        return this.declarator(spec.type, node.childForFieldName("declarator"));
      }
    };
  }
});

// server/src/ir/walk.ts
function forEachPlace(instr, visit) {
  const inOperand = (op) => {
    if (op.kind === "addr") inPlace(op.place, "addr");
  };
  const inPlace = (place, role2) => {
    visit(place, role2);
    if (place.root.kind === "deref") inOperand(place.root.ptr);
    for (const elem of place.path) if (elem.kind === "index") inOperand(elem.index);
  };
  switch (instr.kind) {
    case "assign":
      if (instr.dst) inPlace(instr.dst, "dst");
      {
        let rv = instr.value;
        while (rv.op === "defined" || rv.op === "unchecked") rv = rv.value;
        if (rv.op === "load" || rv.op === "designate") inPlace(rv.place, "load");
      }
      for (const op of rvalueOperands(instr.value)) inOperand(op);
      return;
    case "assume":
    case "assert":
      inOperand(instr.cond);
      return;
    case "error":
    case "unsupported":
      return;
  }
}
function forEachVar(instr, visit) {
  const operand = (op) => {
    if (op.kind === "var") visit(op.id, "read");
  };
  forEachPlace(instr, (place, role2) => {
    if (place.root.kind === "var") visit(place.root.id, role2 === "dst" && place.path.length === 0 ? "dst" : "read");
    else operand(place.root.ptr);
    for (const elem of place.path) if (elem.kind === "index") operand(elem.index);
  });
  if (instr.kind === "assign") rvalueOperands(instr.value).forEach(operand);
  else if (instr.kind === "assume" || instr.kind === "assert") operand(instr.cond);
}
function terminatorOperands(t) {
  switch (t.kind) {
    case "branch":
      return [t.cond];
    case "switch":
      return [t.value];
    case "return":
      return t.value ? [t.value] : [];
    case "stop":
      return t.status ? [t.status] : [];
    case "goto":
      return [];
  }
}
function rvalueOperands(rv) {
  switch (rv.op) {
    case "use":
      return [rv.a];
    case "binary":
      return [rv.a, rv.b];
    case "unary":
    case "cast":
      return [rv.a];
    case "ptradd":
      return [rv.ptr, rv.offset];
    case "ptrdiff":
      return [rv.a, rv.b];
    case "valid":
      return [rv.ptr, rv.lo.value, rv.hi.value].filter((x) => x !== null);
    case "separated":
      return rv.locs.flatMap((l) => [l.ptr, l.lo.value, l.hi.value]).filter((x) => x !== null);
    case "call":
      return rv.args;
    case "icall":
      return [rv.fn, ...rv.args];
    case "defined":
    case "unchecked":
      return rvalueOperands(rv.value);
    case "load":
    case "designate":
    case "nondet":
    case "havoc":
    case "fresh":
    case "indeterminate":
    case "assigned":
      return [];
  }
}
function renameOperand(op, r) {
  switch (op.kind) {
    case "var":
      return { ...op, id: r.use(op.id) };
    case "addr":
      return { ...op, place: renamePlace(op.place, r) };
    default:
      return op;
  }
}
function renamePlace(place, r, rootId) {
  const root = place.root.kind === "var" ? { kind: "var", id: rootId ?? r.use(place.root.id) } : { kind: "deref", ptr: renameOperand(place.root.ptr, r) };
  const path13 = place.path.map((e) => e.kind === "index" ? { ...e, index: renameOperand(e.index, r) } : e);
  return { ...place, root, path: path13 };
}
function renameLocation(l, r) {
  const o = (op) => renameOperand(op, r);
  return { ptr: o(l.ptr), lo: { ...l.lo, value: l.lo.value && o(l.lo.value) }, hi: { ...l.hi, value: l.hi.value && o(l.hi.value) } };
}
function renameRvalue(rv, r) {
  const o = (op) => renameOperand(op, r);
  switch (rv.op) {
    case "use":
      return { ...rv, a: o(rv.a) };
    case "load":
    case "designate":
      return { ...rv, place: renamePlace(rv.place, r) };
    case "binary":
      return { ...rv, a: o(rv.a), b: o(rv.b) };
    case "unary":
    case "cast":
      return { ...rv, a: o(rv.a) };
    case "ptradd":
      return { ...rv, ptr: o(rv.ptr), offset: o(rv.offset) };
    case "ptrdiff":
      return { ...rv, a: o(rv.a), b: o(rv.b) };
    case "valid":
      return { ...rv, ...renameLocation(rv, r) };
    case "separated":
      return { ...rv, locs: rv.locs.map((l) => renameLocation(l, r)) };
    case "call":
      return { ...rv, args: rv.args.map(o) };
    case "icall":
      return { ...rv, fn: o(rv.fn), args: rv.args.map(o) };
    case "defined":
    case "unchecked":
      return { ...rv, value: renameRvalue(rv.value, r) };
    case "assigned":
      return { ...rv, id: r.use(rv.id) };
    case "nondet":
    case "havoc":
    case "fresh":
    case "indeterminate":
      return rv;
  }
}
function renameTerminator(t, r) {
  switch (t.kind) {
    case "branch":
      return { ...t, cond: renameOperand(t.cond, r) };
    case "switch":
      return { ...t, value: renameOperand(t.value, r) };
    case "return":
      return { ...t, value: t.value ? renameOperand(t.value, r) : null };
    case "stop":
      return t.status ? { ...t, status: renameOperand(t.status, r) } : t;
    case "goto":
      return t;
  }
}
var init_walk = __esm({
  "server/src/ir/walk.ts"() {
    "use strict";
  }
});

// server/src/ir/runtimeErrors.ts
function runtimeErrors(program, instr, uninitialised = []) {
  const found = /* @__PURE__ */ new Map();
  const add2 = (k, what) => found.set(k, [...found.get(k) ?? [], what]);
  for (const id of uninitialised) add2("uninit", uninitialisedDetail(program.vars, id));
  if (instr.kind === "assign") {
    const rv = instr.value;
    if (rv.op === "binary" && rv.type.kind === "int") {
      const signed = rv.type.signed;
      if (signed && (rv.bop === "+" || rv.bop === "-" || rv.bop === "*")) add2("overflow", `signed ${rv.bop} in ${rv.type.name}`);
      const right = constantValue(rv.b);
      if (rv.bop === "/" || rv.bop === "%") {
        if (right === void 0 || right === 0n) add2("div-by-zero", `${rv.bop} by zero`);
        if (signed && (right === void 0 || right === -1n)) add2("div-overflow", `${rv.bop} of the minimum ${rv.type.name} by -1`);
      }
      if (rv.bop === "<<" || rv.bop === ">>") {
        const signedLeft = signed && rv.bop === "<<";
        const validCount = right !== void 0 && right >= 0n && right < BigInt(rv.type.bits);
        if (!validCount || signedLeft) add2("shift", `${rv.bop} count outside 0..${rv.type.bits - 1}${signedLeft ? " or negative left operand" : ""}`);
        if (signedLeft) add2("overflow", `signed << in ${rv.type.name}`);
      }
    } else if (rv.op === "unary" && rv.uop === "-" && rv.type.kind === "int" && rv.type.signed) {
      add2("overflow", `signed negation in ${rv.type.name}`);
    } else if (rv.op === "cast" && rv.a.type.kind === "float" && rv.to.kind === "int" && rv.to.bits > 1) {
      add2("float-to-int", `${rv.a.type.name} to ${rv.to.name}`);
    } else if (rv.op === "call" && rv.external && rv.callee === VLA_ALLOC) {
      add2("vla-size", "array size not greater than 0");
    } else if (rv.op === "call" && rv.external && (rv.callee === "free" || rv.callee === "realloc")) {
      add2("free", `${rv.callee} of a pointer that is not a live heap object (double free, or not from malloc)`);
    } else if (rv.op === "call" && rv.external && MEMORY_ACCESSES[rv.callee.replace(/^__builtin_/, "")]) {
      const name = rv.callee.replace(/^__builtin_/, "");
      add2("null", `${name} of a null pointer`);
      add2("bounds", `${name} ${MEMORY_ACCESSES[name]} outside an object`);
    } else if (rv.op === "cast" && rv.index) {
      add2("bounds", "index past PTRDIFF_MAX, outside every object");
    } else if (rv.op === "ptradd" && !rv.accessed && rv.type.kind === "pointer" && rv.type.to.kind !== "void") {
      add2("bounds", "pointer arithmetic outside its object (up to one past the end)");
    } else if (rv.op === "icall") {
      add2("null", "call through a null function pointer");
    } else if (rv.op === "call" && rv.external) {
      const name = rv.callee.replace(/^__builtin_/, "");
      const reads = outputStringArgs(name, rv.args);
      if (reads.some((r) => !r.mayBeNull)) add2("null", `${name} reads a string through a null pointer`);
      if (reads.length) add2("bounds", `${name} reads a string past the end of an object`);
    }
  }
  forEachPlace(instr, (place, role2) => {
    if (place.root.kind === "deref") {
      add2("null", role2 === "addr" ? "address computed through a pointer" : "pointer dereference");
      if (role2 !== "addr") add2("bounds", "access through a pointer outside a live object (out of bounds or freed)");
      else if (place.path[0]?.kind === "index")
        add2(
          "bounds",
          pointsToArray(place.root.ptr) ? "address of an element of a row through a pointer outside a live object" : "address computed through a pointer outside its object (up to one past the end)"
        );
      else if (place.path[0]?.kind === "field") add2("bounds", "member address through a pointer outside a live object");
    }
    for (const { length, index, last } of indexedLengths(program, place)) {
      const pastEnd = role2 === "addr" && last;
      const k = constantValue(index);
      if (k !== void 0 && k >= 0n && (k < BigInt(length) || pastEnd && k === BigInt(length))) continue;
      add2("bounds", `index in 0..${length - 1}${pastEnd ? ` (address: up to ${length})` : ""}`);
    }
  });
  return [...found].map(([k, details]) => [k, details.join("; ")]);
}
function pointsToArray(p) {
  return p.type.kind === "pointer" && p.type.to.kind === "array";
}
function constantValue(op) {
  if (op.kind !== "const" || op.type.kind !== "int") return void 0;
  const { bits, signed } = op.type;
  const v = BigInt.asUintN(bits, op.value);
  return signed ? BigInt.asIntN(bits, v) : v;
}
function indexedLengths(program, place) {
  let t = place.root.kind === "var" ? program.vars.get(place.root.id)?.type : place.root.ptr.type.kind === "pointer" ? place.root.ptr.type.to : void 0;
  const lengths = [];
  for (const [k, e] of place.path.entries()) {
    if (!t) break;
    if (e.kind === "field") {
      t = t.kind === "struct" ? t.fields[e.index]?.type : void 0;
    } else {
      if (t.kind === "array" && t.length !== null) lengths.push({ length: t.length, index: e.index, last: k === place.path.length - 1 });
      t = t.kind === "array" ? t.of : t.kind === "pointer" ? t.to : void 0;
    }
  }
  return lengths;
}
function uninitialisedDetail(vars, id) {
  return `\`${vars.get(id)?.name ?? id}\` read before it is assigned`;
}
var runtimeErrorWording;
var init_runtimeErrors = __esm({
  "server/src/ir/runtimeErrors.ts"() {
    "use strict";
    init_walk();
    init_libc();
    runtimeErrorWording = {
      overflow: "may overflow",
      "div-by-zero": "may divide by zero",
      "div-overflow": "may overflow (INT_MIN / -1)",
      shift: "may shift by a negative or too large amount, or shift a negative value",
      bounds: "may index out of bounds",
      null: "may dereference a null pointer",
      "float-to-int": "may convert a floating value out of the integer range",
      free: "may free a pointer that is not a live heap object",
      uninit: "may read an uninitialised variable",
      "vla-size": "may declare a variable-length array of a size not greater than 0"
    };
  }
});

// server/src/ir/goalIds.ts
function goalStem(fn2, line, tag) {
  return `${fn2}:${line}:${tag}`;
}
function branchGoalId(decisionId, outcome) {
  return `${decisionId}:${outcome}`;
}
function disambiguate(items2, taken = /* @__PURE__ */ new Set()) {
  const count = /* @__PURE__ */ new Map();
  for (const it of items2) count.set(it.stem, (count.get(it.stem) ?? 0) + 1);
  return items2.map((it) => {
    let id = count.get(it.stem) > 1 ? `${it.stem}@${it.column}` : it.stem;
    for (let n = 2; taken.has(id); n++) id = `${it.stem}@${it.column}.${n}`;
    taken.add(id);
    return id;
  });
}
function decisionTag(kind) {
  return kind === "condition" ? "cond" : kind;
}
var init_goalIds = __esm({
  "server/src/ir/goalIds.ts"() {
    "use strict";
  }
});

// server/src/frontend/builder.ts
function zeroOf(t) {
  if (t.kind === "float") return { kind: "fconst", value: 0, type: t };
  return { kind: "const", value: 0n, type: t };
}
var OPEN, FunctionBuilder;
var init_builder = __esm({
  "server/src/frontend/builder.ts"() {
    "use strict";
    init_goalIds();
    OPEN = { kind: "goto", target: -1 };
    FunctionBuilder = class {
      constructor(fnName) {
        this.fnName = fnName;
        this.current = this.newBlock();
      }
      fnName;
      blocks = [];
      decisions = [];
      current;
      newBlock() {
        const id = this.blocks.length;
        this.blocks.push({ id, instrs: [], terminator: OPEN, edgeLabels: {}, hasCode: false, statements: [] });
        return id;
      }
      /** The block code goes into (a fresh unreachable one after a terminator). */
      get cur() {
        if (this.current === null) this.current = this.newBlock();
        return this.current;
      }
      get isOpen() {
        return this.current !== null;
      }
      setBlock(id) {
        this.current = id;
      }
      emit(instr) {
        this.blocks[this.cur].instrs.push(instr);
      }
      /** Where code goes now: to insert an instruction before code lowered after it (`insertAt`). */
      mark() {
        const block = this.cur;
        return { block, index: this.blocks[block].instrs.length, statements: this.blocks[block].statements?.length ?? 0, blocks: this.blocks.length };
      }
      /** The instructions emitted since `mark`, and whether blocks were made since (control flow). */
      since(mark) {
        const instrs = [...this.blocks[mark.block].instrs.slice(mark.index), ...this.blocks.slice(mark.blocks).flatMap((b) => b.instrs)];
        return { instrs, branched: this.blocks.length > mark.blocks };
      }
      /** Inserts `instr` where `mark` was taken; statements recorded after the mark move with the code after it. */
      insertAt(mark, instr) {
        const b = this.blocks[mark.block];
        b.instrs.splice(mark.index, 0, instr);
        for (const s of b.statements?.slice(mark.statements) ?? []) s.index++;
      }
      /**
       * Records that a user statement starts here, with the scope visible there (`Program.scopes`).
       * The block's statement goal points at the first one that is not a jump (`goal` false).
       */
      markStatement(range, scope, goal = true) {
        const b = this.blocks[this.cur];
        (b.statements ??= []).push({ index: b.instrs.length, range, scope, ...goal ? {} : { jump: true } });
        if (goal && !b.range) {
          b.range = range;
          b.hasCode = true;
        }
      }
      terminate(t) {
        this.blocks[this.cur].terminator = t;
        this.current = null;
      }
      /** Ends the current block with a goto (no-op when there is no current block). */
      jump(target, label) {
        if (this.current === null) return;
        const from = this.current;
        this.terminate({ kind: "goto", target });
        if (label) this.label(from, target, { text: label });
      }
      label(from, to, label) {
        this.blocks[from].edgeLabels[to] = label;
      }
      branch(cond, thenB, elseB, decision, text, range) {
        const from = this.cur;
        this.terminate({ kind: "branch", cond, then: thenB, else: elseB, decision, range });
        this.label(from, thenB, { text: `${text}: true`, decision, outcome: "true" });
        this.label(from, elseB, { text: `${text}: false`, decision, outcome: "false" });
        return { from };
      }
      /** Decisions get a provisional id here; `finish` gives the final `${fn}:${line}:${tag}` ids. */
      addDecision(d) {
        const { line, tag, ...rest } = d;
        const decision = { id: `#${this.decisions.length}`, ...rest };
        this.decisions.push(decision);
        this.stems.push(goalStem(this.fnName, line, tag));
        return decision;
      }
      stems = [];
      /** Blocks never terminated jump to `exit`; decisions get their ids (ir/goalIds.ts). */
      finish(exit) {
        for (const b of this.blocks) if (b.terminator === OPEN) b.terminator = { kind: "goto", target: exit };
        const ids = disambiguate(this.decisions.map((d, i) => ({ stem: this.stems[i], column: d.range.column })));
        const finalIds = new Map(this.decisions.map((d, i) => [d.id, ids[i]]));
        const rename = (id) => finalIds.get(id) ?? id;
        for (const d of this.decisions) {
          d.id = rename(d.id);
          if (d.parent) d.parent = rename(d.parent);
        }
        for (const b of this.blocks) {
          const t = b.terminator;
          if (t.kind === "branch" || t.kind === "switch") t.decision = rename(t.decision);
          for (const l of Object.values(b.edgeLabels)) if (l.decision) l.decision = rename(l.decision);
        }
      }
    };
  }
});

// server/src/frontend/literals.ts
function parseNumber(raw, model) {
  const text = raw.replace(/'/g, "");
  const isHex = /^0[xX]/.test(text);
  const isFloat = isHex ? /[pP]/.test(text) : /[.eE]/.test(text) && !/^0[bB]/.test(text);
  if (isFloat) {
    const m2 = /^(.*?)([fFlL]?)$/.exec(text);
    const suffix2 = m2[2].toLowerCase();
    const exact = isHex ? hexFloatValue(m2[1]) : decimalFloatValue(m2[1]);
    if (!exact) return null;
    if (suffix2 === "l") return { kind: "unsupported", what: "long double constant" };
    const type2 = suffix2 === "f" ? FLOAT : DOUBLE;
    return { kind: "float", value: roundToBinary(exact, type2.bits), type: type2 };
  }
  const m = /^(0[xX][0-9a-fA-F]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)([uUlL]*)$/.exec(text);
  if (!m) return null;
  const digits = m[1];
  const value = /^0[bB]/.test(digits) ? BigInt(digits) : /^0[0-7]+$/.test(digits) ? BigInt("0o" + digits.slice(1)) : BigInt(digits);
  const suffix = m[2].toLowerCase();
  if (!/^(u?(l|ll)?|(l|ll)u)$/.test(suffix)) return null;
  const unsigned = suffix.includes("u");
  const longs = (suffix.match(/l/g) ?? []).length;
  const decimal = /^[1-9]/.test(digits) || digits === "0";
  const LONG = longType(model, true);
  const ULONG = longType(model, false);
  let candidates;
  if (unsigned) candidates = longs === 0 ? [UINT, ULONG, ULLONG] : longs === 1 ? [ULONG, ULLONG] : [ULLONG];
  else if (decimal) candidates = longs === 0 ? [INT, LONG, LLONG] : longs === 1 ? [LONG, LLONG] : [LLONG];
  else candidates = longs === 0 ? [INT, UINT, LONG, ULONG, LLONG, ULLONG] : longs === 1 ? [LONG, ULONG, LLONG, ULLONG] : [LLONG, ULLONG];
  const type = candidates.find((t) => fitsIn(value, t));
  if (!type) return { kind: "unsupported", what: `integer constant ${raw} too large` };
  return { kind: "int", value, type };
}
function decimalFloatValue(text) {
  const m = /^(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m || (m[1] ?? "") + (m[2] ?? "") === "") return null;
  return { num: BigInt((m[1] ?? "") + (m[2] ?? "") || "0"), exp2: 0, exp10: Number(m[3] ?? 0) - (m[2] ?? "").length };
}
function hexFloatValue(text) {
  const m = /^0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)$/.exec(text);
  if (!m || (m[1] ?? "") + (m[2] ?? "") === "") return null;
  const frac = m[2] ?? "";
  return { num: BigInt("0x" + ((m[1] ?? "") + frac || "0")), exp2: Number(m[3]) - 4 * frac.length, exp10: 0 };
}
function roundToBinary(v, bits) {
  const p = bits === 32 ? 24 : 53;
  const emin = bits === 32 ? -126 : -1022;
  const emax = bits === 32 ? 127 : 1023;
  if (v.num === 0n) return 0;
  const magnitude = bitLength(v.num) + v.exp2 + v.exp10 * Math.log2(10);
  if (magnitude > emax + 8) return Infinity;
  if (magnitude < emin - p - 8) return 0;
  let num2 = v.num;
  let den = 1n;
  if (v.exp10 >= 0) num2 *= 10n ** BigInt(v.exp10);
  else den = 10n ** BigInt(-v.exp10);
  if (v.exp2 >= 0) num2 <<= BigInt(v.exp2);
  else den <<= BigInt(-v.exp2);
  let e = bitLength(num2) - bitLength(den);
  if (e >= 0 ? num2 < den << BigInt(e) : num2 << BigInt(-e) < den) e--;
  const q = Math.max(e, emin) - (p - 1);
  const n2 = q >= 0 ? num2 : num2 << BigInt(-q);
  const d2 = q >= 0 ? den << BigInt(q) : den;
  let m = n2 / d2;
  const twice = 2n * (n2 % d2);
  if (twice > d2 || twice === d2 && (m & 1n) === 1n) m++;
  const value = Number(m) * 2 ** q;
  return value >= 2 ** (emax + 1) ? Infinity : value;
}
function decodeEscapes(body) {
  const out = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== "\\") {
      const code = body.codePointAt(i);
      if (code > 65535) i++;
      out.push(...Buffer.from(String.fromCodePoint(code), "utf8"));
      continue;
    }
    const n = body[++i];
    if (n === void 0) break;
    if (n in SIMPLE_ESCAPES) out.push(SIMPLE_ESCAPES[n]);
    else if (/[0-7]/.test(n)) {
      let s = n;
      while (s.length < 3 && /[0-7]/.test(body[i + 1] ?? "")) s += body[++i];
      out.push(parseInt(s, 8) & 255);
    } else if (n === "x") {
      let s = "";
      while (/[0-9a-fA-F]/.test(body[i + 1] ?? "")) s += body[++i];
      out.push(parseInt(s || "0", 16) & 255);
    } else if (n === "u" || n === "U") {
      const len = n === "u" ? 4 : 8;
      const cp = parseInt(body.slice(i + 1, i + 1 + len), 16);
      i += len;
      out.push(...Buffer.from(String.fromCodePoint(Number.isFinite(cp) ? cp : 65533), "utf8"));
    } else out.push(n.charCodeAt(0));
  }
  return out;
}
function parseCharLiteral(raw) {
  const m = /^(L|u8|u|U)?'(.*)'$/s.exec(raw);
  if (!m) return null;
  const prefix = m[1] ?? "";
  const bytes = decodeEscapes(m[2]);
  if (bytes.length === 0) return null;
  if (prefix !== "") {
    const cp = Buffer.from(bytes).toString("utf8").codePointAt(0) ?? 0;
    return { value: BigInt(cp), prefix };
  }
  if (bytes.length === 1) return { value: BigInt(bytes[0] >= 128 ? bytes[0] - 256 : bytes[0]), prefix };
  let v = 0n;
  for (const b of bytes.slice(-4)) v = v << 8n | BigInt(b);
  return { value: BigInt.asIntN(32, v), prefix };
}
function stringLiteralBytes(raw) {
  const m = /^(L|u8|u|U)?"(.*)"$/s.exec(raw);
  if (!m) return null;
  if (m[1] && m[1] !== "u8") return null;
  return decodeEscapes(m[2]);
}
var bitLength, SIMPLE_ESCAPES;
var init_literals = __esm({
  "server/src/frontend/literals.ts"() {
    "use strict";
    init_types();
    init_interp();
    bitLength = (n) => n === 0n ? 0 : n.toString(2).length;
    SIMPLE_ESCAPES = {
      n: 10,
      t: 9,
      r: 13,
      a: 7,
      b: 8,
      f: 12,
      v: 11,
      e: 27,
      "\\": 92,
      "'": 39,
      '"': 34,
      "?": 63
    };
  }
});

// server/src/frontend/operations.ts
function varPlace(id, type) {
  return { root: { kind: "var", id }, path: [], type };
}
function decayOp(v) {
  if (v.type.kind === "array" || v.type.kind === "function") return { ...v, type: decayType(v.type) };
  return v;
}
function retype(v, to) {
  return { ...v, type: to };
}
function foldBinary(op, a, b, type) {
  try {
    if (a.kind === "const" && b.kind === "const" && a.type.kind === "int" && b.type.kind === "int") {
      const v = intBinary(op, a.value, b.value, a.type);
      return { kind: "const", value: type.kind === "int" ? wrapInt(v, type) : v, type };
    }
    if (a.kind === "fconst" && b.kind === "fconst") {
      const v = floatBinary(op, a.value, b.value, a.type);
      return typeof v === "bigint" ? { kind: "const", value: v, type } : { kind: "fconst", value: v, type };
    }
  } catch (e) {
    if (!(e instanceof UndefinedBehaviour)) throw e;
  }
  return null;
}
var OperandLowerer;
var init_operations = __esm({
  "server/src/frontend/operations.ts"() {
    "use strict";
    init_types();
    init_interp();
    init_builder();
    init_ctypes();
    OperandLowerer = class {
      constructor(host, b, locals, fallback) {
        this.host = host;
        this.b = b;
        this.locals = locals;
        this.fallback = fallback;
      }
      host;
      b;
      locals;
      fallback;
      /** Set while lowering a constant expression: `?:`, `&&`, `||` with constant conditions fold. */
      constMode = false;
      tempCount = 0;
      get ctx() {
        return this.host.ctx;
      }
      /** A diagnostic at a node (for the lowering's helpers, such as the initialiser resolver). */
      report(severity, node, message) {
        this.ctx.report(severity, node, message);
      }
      get model() {
        return this.host.ctx.model;
      }
      variable(id) {
        return this.ctx.vars.get(id);
      }
      R(node) {
        return this.ctx.range(node) ?? this.fallback;
      }
      // ---------------------------------------------------------------- temps
      newTemp(type) {
        const v = this.ctx.newVar({ name: `t${++this.tempCount}`, type, kind: "temp", addressTaken: false, isConst: false, isStatic: false });
        this.locals.push(v.id);
        return v;
      }
      assignTemp(value, type, node) {
        const v = this.newTemp(type);
        this.b.emit({ kind: "assign", dst: varPlace(v.id, type), value, range: this.R(node) });
        return { kind: "var", id: v.id, type };
      }
      truthOf(v, node) {
        if (isInteger(v.type)) return v;
        if (v.type.kind === "float" || v.type.kind === "pointer") return this.binary("!=", v, zeroOf(v.type), node);
        this.ctx.report("error", node, `used ${typeToString(v.type)} where a scalar is required`);
        return { kind: "const", value: 0n, type: INT };
      }
      toRvalue(r, node) {
        if (r.kind === "value") {
          if (r.op.type.kind === "function") return { ...r.op, type: pointerTo(r.op.type) };
          return r.op;
        }
        const p = r.place;
        if (p.type.kind === "array") return this.decay(p);
        if (p.type.kind === "function") return { kind: "addr", place: p, type: pointerTo(p.type) };
        if (p.root.kind === "var" && p.path.length === 0) return { kind: "var", id: p.root.id, type: p.type };
        return this.assignTemp({ op: "load", place: p }, p.type, node);
      }
      /** Array to pointer to its first element. The pointer escapes: the array is address-taken. */
      decay(p) {
        const elem = p.type.of;
        this.markAddressTaken(p);
        const first = { root: p.root, path: [...p.path, { kind: "index", index: { kind: "const", value: 0n, type: ptrdiffType(this.model) } }], type: elem };
        return { kind: "addr", place: first, type: pointerTo(elem) };
      }
      markAddressTaken(p) {
        if (p.root.kind === "var") {
          const v = this.ctx.vars.get(p.root.id);
          if (v) v.addressTaken = true;
        }
      }
      // ---------------------------------------------------------------- conversions
      /** Converts a value to `to` as by assignment or cast (C11 6.3). */
      convert(v, to, node) {
        if (to.kind === "void") return v;
        if (v.type.kind === "array" || v.type.kind === "function") v = { ...v, type: decayType(v.type) };
        if (sameType(v.type, to)) return v.type === to ? v : retype(v, to);
        if (to.kind === "int" && to.bits === 1) {
          if (v.kind === "const") return { kind: "const", value: v.value !== 0n ? 1n : 0n, type: to };
          if (v.kind === "fconst") return { kind: "const", value: v.value !== 0 ? 1n : 0n, type: to };
          const t = this.binary("!=", v, zeroOf(v.type.kind === "int" ? promote(v.type) : v.type), node);
          return this.castOp(t, to, node);
        }
        return this.castOp(v, to, node);
      }
      castOp(v, to, node) {
        if (v.kind === "const" && (to.kind === "int" || to.kind === "float" || to.kind === "pointer") && v.type.kind !== "pointer") {
          if (to.kind === "pointer") return { kind: "const", value: v.value, type: to };
          const r = convertScalar(v.value, v.type, to);
          return typeof r === "bigint" ? { kind: "const", value: r, type: to } : { kind: "fconst", value: r, type: to };
        }
        if (v.kind === "const" && v.type.kind === "pointer" && to.kind === "pointer") return { kind: "const", value: v.value, type: to };
        if (v.kind === "fconst" && (to.kind === "int" || to.kind === "float")) {
          try {
            const r = convertScalar(v.value, v.type, to);
            return typeof r === "bigint" ? { kind: "const", value: r, type: to } : { kind: "fconst", value: r, type: to };
          } catch (e) {
            if (!(e instanceof UndefinedBehaviour)) throw e;
          }
        }
        if (v.type.kind === "struct" || to.kind === "struct") {
          if (v.type.kind === "struct" && to.kind === "struct" && sameType(v.type, to)) return v;
          this.ctx.report("error", node, `cannot convert ${typeToString(v.type)} to ${typeToString(to)}`);
          return this.havoc(to, "invalid conversion", node, false);
        }
        return this.assignTemp({ op: "cast", a: v, to }, to, node);
      }
      /** Integer promotion of an arithmetic operand. */
      promoteOp(v, node) {
        if (v.type.kind === "int") return this.convert(v, promote(v.type), node);
        return v;
      }
      havoc(type, what, node, warn = true) {
        if (warn) this.ctx.unsupported(node, what, this.R(node));
        if (type.kind === "void") {
          this.b.emit({ kind: "unsupported", what, range: this.R(node) });
          return { kind: "const", value: 0n, type: INT };
        }
        return this.assignTemp({ op: "havoc", type, what }, type, node);
      }
      // ---------------------------------------------------------------- arithmetic
      /** A binary operator applied to two values (C typing and conversions done here). */
      binary(op, a, b, node) {
        a = decayOp(a);
        b = decayOp(b);
        const ta = a.type;
        const tb = b.type;
        const isCmp = op === "==" || op === "!=" || op === "<" || op === "<=" || op === ">" || op === ">=";
        if (isArithmetic(ta) && isArithmetic(tb)) {
          if (op === "<<" || op === ">>") {
            if (ta.kind !== "int" || tb.kind !== "int") return this.badOperands(op, a, b, node);
            const pa = this.promoteOp(a, node);
            const pb = this.promoteOp(b, node);
            return this.emitBinary(op, pa, pb, pa.type, node);
          }
          if ((op === "%" || op === "&" || op === "|" || op === "^") && (ta.kind !== "int" || tb.kind !== "int")) return this.badOperands(op, a, b, node);
          const t = usualArithmetic(ta, tb, this.model);
          const ca = this.convert(a, t, node);
          const cb = this.convert(b, t, node);
          return this.emitBinary(op, ca, cb, isCmp ? INT : t, node);
        }
        if (ta.kind === "pointer" || tb.kind === "pointer") {
          if (isCmp) {
            const pt = ta.kind === "pointer" ? ta : tb;
            const ca = ta.kind === "pointer" ? a : this.convert(a, pt, node);
            const cb = tb.kind === "pointer" ? b : this.convert(b, pt, node);
            return this.emitBinary(op, ca, cb, INT, node);
          }
          if (op === "+" && ta.kind === "pointer" && isInteger(tb)) return this.ptrAdd(a, b, node);
          if (op === "+" && tb.kind === "pointer" && isInteger(ta)) return this.ptrAdd(b, a, node);
          if (op === "-" && ta.kind === "pointer" && isInteger(tb)) {
            const off = this.toIndex(b, node);
            const neg = this.emitUnary("-", off, off.type, node);
            return this.ptrAdd(a, neg, node);
          }
          if (op === "-" && ta.kind === "pointer" && tb.kind === "pointer") {
            const t = ptrdiffType(this.model);
            return this.assignTemp({ op: "ptrdiff", a, b, type: t }, t, node);
          }
        }
        return this.badOperands(op, a, b, node);
      }
      badOperands(op, a, b, node) {
        this.ctx.report("error", node, `invalid operands to '${op}' (${typeToString(a.type)} and ${typeToString(b.type)})`);
        return { kind: "const", value: 0n, type: INT };
      }
      /**
       * An index or offset as ptrdiff_t. An unsigned one may hold values past PTRDIFF_MAX, which C adds as they
       * are (designating no element of any object) where a conversion would wrap them: its cast says so (`index`).
       */
      toIndex(v, node) {
        const pd = ptrdiffType(this.model);
        const t = v.type;
        if (t.kind === "int" && !t.signed && t.bits >= pd.bits && v.kind !== "const") return this.assignTemp({ op: "cast", a: v, to: pd, index: true }, pd, node);
        return this.convert(v, pd, node);
      }
      ptrAdd(p, offset, node, accessed = false) {
        const off = this.toIndex(offset, node);
        if (off.kind === "const" && off.value === 0n) return p;
        if (p.kind === "addr" && p.place.path.length > 0 && off.kind === "const") {
          const last = p.place.path[p.place.path.length - 1];
          if (last.kind === "index" && last.index.kind === "const") {
            const idx = { kind: "const", value: last.index.value + off.value, type: last.index.type };
            return { ...p, place: { ...p.place, path: [...p.place.path.slice(0, -1), { kind: "index", index: idx }] } };
          }
        }
        return this.assignTemp({ op: "ptradd", ptr: p, offset: off, type: p.type, ...accessed && { accessed } }, p.type, node);
      }
      emitBinary(op, a, b, type, node) {
        const folded = foldBinary(op, a, b, type);
        if (folded) return folded;
        return this.assignTemp({ op: "binary", bop: op, a, b, type }, type, node);
      }
      emitUnary(op, a, type, node) {
        if (a.kind === "const" && a.type.kind === "int") {
          try {
            return { kind: "const", value: intUnary(op, a.value, a.type), type };
          } catch (e) {
            if (!(e instanceof UndefinedBehaviour)) throw e;
          }
        }
        if (a.kind === "fconst" && op === "-") return { kind: "fconst", value: -a.value, type };
        return this.assignTemp({ op: "unary", uop: op, a, type }, type, node);
      }
      // ---------------------------------------------------------------- scratch lowering
      /**
       * Runs `work` against a scratch builder: nothing it emits is kept and its temps are dropped
       * (`sizeof` operands, constant expressions). `work` is told whether anything was emitted.
       */
      inScratch(constant, work) {
        const saved = this.b;
        const savedMode = this.constMode;
        const savedLocals = this.locals.length;
        const mark = this.ctx.varMark();
        this.b = new FunctionBuilder(saved.fnName);
        if (constant) this.constMode = true;
        try {
          return work(() => this.b.blocks.length > 1 || this.b.blocks[0].instrs.length > 0);
        } finally {
          this.b = saved;
          this.constMode = savedMode;
          this.locals.length = savedLocals;
          this.ctx.dropVarsFrom(mark);
        }
      }
      // ---------------------------------------------------------------- stores
      /** Stores `v` converted to the place's type; returns the stored value. */
      store(p, v, node) {
        if (p.type.kind === "struct" || p.type.kind === "array") {
          if (p.type.kind === "struct" && v.type.kind === "struct" && sameType(v.type, p.type)) {
            this.b.emit({ kind: "assign", dst: p, value: { op: "use", a: v }, range: this.R(node) });
            return v;
          }
          this.ctx.report("error", node, `cannot assign ${typeToString(v.type)} to ${typeToString(p.type)}`);
          return v;
        }
        const cv = this.convert(v, p.type, node);
        if (p.root.kind === "var" && p.path.length === 0 && this.retargetLastTemp(cv, p, this.R(node))) {
          return { kind: "var", id: p.root.id, type: p.type };
        }
        this.b.emit({ kind: "assign", dst: p, value: { op: "use", a: cv }, range: this.R(node) });
        return cv;
      }
      /** When `v` is the temp the last instruction of the current block just computed, make that instruction write `p`. */
      retargetLastTemp(v, p, range) {
        if (v.kind !== "var" || !this.b.isOpen) return false;
        const tv = this.ctx.vars.get(v.id);
        if (!tv || tv.kind !== "temp") return false;
        const instrs = this.b.blocks[this.b.cur].instrs;
        const last = instrs[instrs.length - 1];
        if (!last || last.kind !== "assign" || !last.dst || last.dst.root.kind !== "var" || last.dst.root.id !== v.id || last.dst.path.length > 0) return false;
        last.dst = p;
        last.opRange ??= last.range;
        last.range = range;
        const i = this.locals.lastIndexOf(v.id);
        if (i >= 0) this.locals.splice(i, 1);
        this.ctx.vars.delete(v.id);
        return true;
      }
    };
  }
});

// server/src/frontend/expressions.ts
function strip(node) {
  let n = node;
  while (n.type === "parenthesized_expression" && n.namedChildren.length === 1 && n.namedChildren[0].type !== "compound_statement") n = n.namedChildren[0];
  return n;
}
function isLogical(node) {
  const n = strip(node);
  if (n.type === "binary_expression") {
    const op = n.childForFieldName("operator").type;
    return op === "&&" || op === "||";
  }
  if (n.type === "unary_expression" && n.childForFieldName("operator").type === "!") return isLogical(n.childForFieldName("argument"));
  return false;
}
function findField(s, name) {
  for (let i = 0; i < s.fields.length; i++) {
    const f = s.fields[i];
    if (f.name === name) return [{ field: f, index: i }];
    if (f.name === "" && f.type.kind === "struct") {
      const inner = findField(f.type, name);
      if (inner) return [{ field: f, index: i }, ...inner];
    }
  }
  return null;
}
function nondetType(suffix, types) {
  const spelled = NONDET_TYPES[suffix];
  if (!spelled) return null;
  const base = spelled.replace(/\s*\*$/, "");
  const t = builtinTypeByName(base, types);
  if (!t) return null;
  return spelled.endsWith("*") ? pointerTo(t) : t;
}
function builtinTypeByName(spelling, types) {
  switch (spelling) {
    case "void":
      return VOID;
    case "_Bool":
      return BOOL;
    default:
      return types.parseTypeName(spelling);
  }
}
var RESULT_PLACEHOLDER, OLD_PLACEHOLDER, VALID_PLACEHOLDER, VALID_READ_PLACEHOLDER, SEPARATED_PLACEHOLDER, NONDET_TYPES, ExpressionLowerer, NestingError;
var init_expressions = __esm({
  "server/src/frontend/expressions.ts"() {
    "use strict";
    init_types();
    init_runtimeErrors();
    init_builder();
    init_ctypes();
    init_literals();
    init_operations();
    RESULT_PLACEHOLDER = "_Result";
    OLD_PLACEHOLDER = "_Old";
    VALID_PLACEHOLDER = "_Valid";
    VALID_READ_PLACEHOLDER = "_Valid_read";
    SEPARATED_PLACEHOLDER = "_Separated";
    NONDET_TYPES = {
      int: "int",
      uint: "unsigned int",
      unsigned: "unsigned int",
      char: "char",
      uchar: "unsigned char",
      short: "short",
      ushort: "unsigned short",
      long: "long",
      ulong: "unsigned long",
      longlong: "long long",
      ulonglong: "unsigned long long",
      bool: "_Bool",
      _Bool: "_Bool",
      float: "float",
      double: "double",
      size_t: "unsigned long",
      u32: "unsigned int",
      u16: "unsigned short",
      u8: "unsigned char",
      s32: "int",
      s16: "short",
      s8: "signed char",
      pointer: "void *",
      loff_t: "long",
      sector_t: "unsigned long",
      uint128: "",
      int128: "",
      pchar: "char *"
    };
    ExpressionLowerer = class extends OperandLowerer {
      constructor(host, b, locals, fallback) {
        super(host, b, locals, fallback);
        this.host = host;
      }
      host;
      /** Decisions made now are synthetic (contracts, assume, assert). */
      synthetic = false;
      /** Function from a header: no goals. */
      contract = null;
      // ---------------------------------------------------------------- entry points
      /** Value of an expression (lvalue conversion, array and function decay). */
      rvalue(node) {
        return this.toRvalue(this.expr(node), node);
      }
      /** Evaluates for side effects only. */
      effect(node) {
        const n = strip(node);
        if (n.type === "update_expression") {
          this.update(n, true);
          return;
        }
        const r = this.expr(n);
        if (r.kind === "place" && (r.place.root.kind === "deref" || r.place.path.length > 0) && r.place.type.kind !== "array") {
          this.toRvalue(r, n);
        }
      }
      /** An integer-typed truth value of a scalar expression (nonzero: true). */
      truth(node) {
        const v = this.rvalue(node);
        return this.truthOf(v, node);
      }
      /** A place (lvalue) or reports an error and returns a dummy. */
      place(node) {
        const r = this.expr(node);
        if (r.kind === "place") return r.place;
        if (r.op.kind === "var") return varPlace(r.op.id, r.op.type);
        this.ctx.report("error", node, "expression is not assignable");
        const t = this.newTemp(r.op.type);
        return varPlace(t.id, r.op.type);
      }
      // ---------------------------------------------------------------- expressions
      expr(node) {
        try {
          return this.exprInner(node);
        } catch (e) {
          if (e instanceof RangeError) throw new NestingError(node);
          throw e;
        }
      }
      value(op) {
        return { kind: "value", op };
      }
      exprInner(node) {
        switch (node.type) {
          case "parenthesized_expression": {
            const inner = node.namedChildren.find((c) => c && c.type !== "comment");
            if (!inner) return this.value(this.havoc(INT, "empty parentheses", node));
            if (inner.type === "compound_statement") return this.statementExpression(inner, node);
            return this.expr(inner);
          }
          case "identifier":
            return this.identifier(node);
          case "number_literal": {
            if (/^[-+]/.test(node.text)) {
              const lit = this.numberLiteral(node, node.text.slice(1));
              return this.value(node.text[0] === "-" ? this.negate(lit, node) : this.promoteOp(lit, node));
            }
            return this.value(this.numberLiteral(node, node.text));
          }
          case "char_literal": {
            const c = parseCharLiteral(node.text);
            if (!c) {
              this.ctx.report("error", node, `invalid character constant ${node.text}`);
              return this.value({ kind: "const", value: 0n, type: INT });
            }
            return this.value({ kind: "const", value: c.value, type: INT });
          }
          case "string_literal":
          case "concatenated_string": {
            const bytes = this.stringBytes(node);
            if (!bytes) return this.value(this.havoc(pointerTo(INT), "wide string literal", node));
            return this.value({ kind: "string", bytes: [...bytes, 0], type: pointerTo(CHAR) });
          }
          case "true":
            return this.value({ kind: "const", value: 1n, type: INT });
          case "false":
            return this.value({ kind: "const", value: 0n, type: INT });
          case "null":
            return this.value({ kind: "const", value: 0n, type: pointerTo(VOID) });
          case "binary_expression":
            return this.value(this.binaryExpression(node));
          case "unary_expression":
            return this.value(this.unaryExpression(node));
          case "pointer_expression":
            return this.pointerExpression(node);
          case "update_expression":
            return this.value(this.update(node));
          case "assignment_expression":
            return this.value(this.assignment(node));
          case "conditional_expression":
            return this.value(this.conditional(node));
          case "comma_expression": {
            this.effect(node.childForFieldName("left"));
            return this.expr(node.childForFieldName("right"));
          }
          case "call_expression":
            return this.value(this.call(node));
          case "subscript_expression":
            return this.subscript(node);
          case "field_expression":
            return this.field(node);
          case "cast_expression": {
            const { type: to, vla } = this.host.types.typeName(node.childForFieldName("type"));
            const v = this.rvalue(node.childForFieldName("value"));
            if (to.kind === "void") return this.value({ kind: "const", value: 0n, type: VOID });
            if (vla) return this.value(this.havoc(to, "variable-length array", node, false));
            return this.value(this.convert(v, to, node));
          }
          case "sizeof_expression":
            return this.value(this.sizeofExpression(node));
          case "alignof_expression": {
            const t = this.typeOperand(node);
            return this.value({ kind: "const", value: BigInt(t ? alignOf(t, this.model) : 1), type: sizeType(this.model) });
          }
          case "offsetof_expression":
            return this.value(this.offsetof(node));
          case "compound_literal_expression":
            return this.value(this.havoc(this.host.types.typeDescriptor(node.childForFieldName("type")), "compound literal", node));
          case "generic_expression":
            return this.value(this.havoc(INT, "_Generic", node));
          case "gnu_asm_expression":
            return this.value(this.havoc(VOID, "inline assembly", node));
          case "extension_expression":
            return this.expr(node.namedChildren[0]);
          default:
            return this.value(this.havoc(INT, `expression '${node.type}'`, node));
        }
      }
      numberLiteral(node, text) {
        const lit = parseNumber(text, this.model);
        if (!lit) {
          this.ctx.report("error", node, `invalid number '${node.text}'`);
          return { kind: "const", value: 0n, type: INT };
        }
        if (lit.kind === "unsupported") return this.havoc(DOUBLE, lit.what, node);
        if (lit.kind === "int") return { kind: "const", value: lit.value, type: lit.type };
        return { kind: "fconst", value: lit.value, type: lit.type };
      }
      /** GNU `({ ... })`; the function lowering overrides this (it can lower statements). */
      statementExpression(_block, node) {
        return this.value(this.havoc(INT, "statement expression", node));
      }
      stringBytes(node) {
        const parts = node.type === "concatenated_string" ? node.namedChildren.filter((c) => c?.type === "string_literal") : [node];
        const out = [];
        for (const p of parts) {
          const b = stringLiteralBytes(p.text);
          if (!b) return null;
          out.push(...b);
        }
        return out;
      }
      identifier(node) {
        const name = node.text;
        if (this.contract) {
          if (name === RESULT_PLACEHOLDER && this.contract.result) return this.value(this.contract.result);
          const old = this.contract.oldByName.get(name);
          if (old) return this.value(old);
        }
        const sym = this.ctx.scopes.lookup(name);
        if (!sym) {
          if (name === "__func__" || name === "__FUNCTION__" || name === "__PRETTY_FUNCTION__") {
            return this.value({ kind: "string", bytes: [...Buffer.from(this.b.fnName), 0], type: pointerTo(CHAR) });
          }
          this.ctx.report("error", node, `'${name}' undeclared`);
          return this.value({ kind: "const", value: 0n, type: INT });
        }
        switch (sym.kind) {
          case "var": {
            const v = this.ctx.vars.get(sym.id);
            if (v.kind === "global") this.host.useGlobal(v.id);
            if (sym.vla) return this.value({ kind: "var", id: v.id, type: v.type });
            return { kind: "place", place: varPlace(v.id, v.type) };
          }
          case "enum":
            return this.value({ kind: "const", value: sym.value, type: sym.type });
          case "func":
            this.host.callee(name, sym.type, this.R(node));
            return this.value({ kind: "func", name, type: sym.type });
          case "typedef":
            this.ctx.report("error", node, `unexpected type name '${name}'`);
            return this.value({ kind: "const", value: 0n, type: INT });
        }
      }
      /** `(T)` where T is a typedef name: tree-sitter cannot tell `(T)*p` from a multiplication. */
      typedefInParens(node) {
        if (!node || node.type !== "parenthesized_expression") return null;
        const inner = node.namedChildren[0];
        if (!inner || node.namedChildren.length !== 1 || inner.type !== "identifier") return null;
        const sym = this.ctx.scopes.lookup(inner.text);
        return sym?.kind === "typedef" ? sym.type : null;
      }
      binaryExpression(node) {
        const op = node.childForFieldName("operator").type;
        const left = node.childForFieldName("left");
        const right = node.childForFieldName("right");
        const castType = this.typedefInParens(left);
        if (castType && ["*", "-", "+", "&"].includes(op)) {
          const v = op === "*" ? this.toRvalue(this.derefOf(this.rvalue(right), right), right) : op === "&" ? this.addressOf(right) : op === "-" ? this.negate(this.rvalue(right), node) : this.promoteOp(this.rvalue(right), node);
          return this.convert(v, castType, node);
        }
        if (op === "&&" || op === "||") return this.logicalValue(node);
        const innerCast = left.type === "binary_expression" ? this.typedefInParens(left.childForFieldName("right")) : null;
        if (innerCast && ["*", "-", "+", "&"].includes(op)) {
          const lop = left.childForFieldName("operator").type;
          const a2 = this.rvalue(left.childForFieldName("left"));
          const v = op === "*" ? this.toRvalue(this.derefOf(this.rvalue(right), right), right) : op === "&" ? this.addressOf(right) : op === "-" ? this.negate(this.rvalue(right), node) : this.promoteOp(this.rvalue(right), node);
          return this.binary(lop, a2, this.convert(v, innerCast, node), node);
        }
        const a = this.rvalue(left);
        const b = this.rvalue(right);
        return this.binary(op, a, b, node);
      }
      negate(v, node) {
        const p = this.promoteOp(v, node);
        return this.emitUnary("-", p, p.type, node);
      }
      unaryExpression(node) {
        const op = node.childForFieldName("operator").type;
        const arg = node.childForFieldName("argument");
        const v = this.rvalue(arg);
        switch (op) {
          case "-":
            if (!isArithmetic(v.type)) return this.badOperands(op, v, v, node);
            return this.negate(v, node);
          case "+":
            return this.promoteOp(v, node);
          case "~": {
            if (!isInteger(v.type)) return this.badOperands(op, v, v, node);
            const p = this.promoteOp(v, node);
            return this.emitUnary("~", p, p.type, node);
          }
          case "!": {
            const zero = v.type.kind === "int" ? zeroOf(promote(v.type)) : zeroOf(decayType(v.type));
            return this.binary("==", v.type.kind === "int" ? this.promoteOp(v, node) : v, zero, node);
          }
          default:
            return this.havoc(INT, `unary operator ${op}`, node);
        }
      }
      pointerExpression(node) {
        const op = node.childForFieldName("operator").type;
        const arg = node.childForFieldName("argument");
        if (op === "&") return this.value(this.addressOf(arg));
        return this.derefOf(this.rvalue(arg), node);
      }
      addressOf(arg) {
        let inner = arg;
        while (inner.type === "parenthesized_expression" && inner.namedChildCount === 1) inner = inner.namedChild(0);
        const vla = this.vlaNamed(inner);
        if (vla) return this.havoc(pointerTo({ kind: "array", of: vla.of, length: null }), "address of a variable-length array", arg);
        const outer = this.addressed;
        this.addressed = inner.type === "subscript_expression" ? inner : null;
        let r;
        try {
          r = this.expr(arg);
        } finally {
          this.addressed = outer;
        }
        if (r.kind === "value") {
          if (r.op.kind === "func") return { ...r.op, type: pointerTo(r.op.type) };
          this.ctx.report("error", arg, "cannot take the address of an rvalue");
          return r.op;
        }
        const p = r.place;
        if (p.root.kind === "deref" && p.path.length === 0) return retype(p.root.ptr, pointerTo(p.type));
        this.markAddressTaken(p);
        return { kind: "addr", place: p, type: pointerTo(p.type) };
      }
      derefOf(ptr, node) {
        const t = decayType(ptr.type);
        if (t.kind !== "pointer") {
          this.ctx.report("error", node, `cannot dereference a value of type ${typeToString(ptr.type)}`);
          return this.value({ kind: "const", value: 0n, type: INT });
        }
        if (t.to.kind === "function") return this.value(ptr);
        if (ptr.kind === "addr") return { kind: "place", place: ptr.place };
        return { kind: "place", place: { root: { kind: "deref", ptr }, path: [], type: t.to } };
      }
      /** The subscript expression whose address `&` takes, while its operand is lowered (indexInto). */
      addressed = null;
      subscript(node) {
        let baseNode = node.childForFieldName("argument");
        let indexNode = node.childForFieldName("index");
        let base = this.expr(baseNode);
        const baseType = base.kind === "place" ? base.place.type : base.op.type;
        if (isInteger(baseType)) {
          const idxValue = this.toRvalue(base, baseNode);
          [baseNode, indexNode] = [indexNode, baseNode];
          base = this.expr(baseNode);
          const idx2 = this.toIndex(idxValue, node);
          return this.indexInto(base, idx2, node, baseNode);
        }
        const mark = this.b.mark();
        const index = this.rvalue(indexNode);
        this.designateFirst(base, mark, baseNode);
        const idx = this.toIndex(index, node);
        return this.indexInto(base, idx, node, baseNode);
      }
      /**
       * gcc checks the subscripts of the base `a[i]` of `a[i].b[j]` before it evaluates `j`. The access checks
       * them all after `j`: when `j` may branch, call or fail, the base is designated first, where `mark` was
       * taken, so that no goal in `j` is reached in a run gcc stops at `a[i]` (FINDINGS F14).
       */
      designateFirst(base, mark, baseNode) {
        if (base.kind !== "place" || base.place.root.kind !== "var" || !base.place.path.some((e) => e.kind === "index")) return;
        const { instrs, branched } = this.b.since(mark);
        const effect = (i) => i.kind === "assign" && (i.value.op === "call" || i.value.op === "icall") || runtimeErrors(this.ctx, i).length > 0;
        if (!branched && !instrs.some(effect)) return;
        this.b.insertAt(mark, { kind: "assign", dst: null, value: { op: "designate", place: base.place }, range: this.R(baseNode) });
      }
      indexInto(base, idx, node, baseNode) {
        if (base.kind === "place" && base.place.type.kind === "array") {
          const p = base.place;
          const elem = p.type.of;
          return { kind: "place", place: { root: p.root, path: [...p.path, { kind: "index", index: idx }], type: elem } };
        }
        const ptr = this.toRvalue(base, baseNode);
        if (ptr.type.kind !== "pointer") {
          this.ctx.report("error", node, `subscripted value is not an array or pointer`);
          return this.value({ kind: "const", value: 0n, type: INT });
        }
        const accessed = !(this.addressed && this.addressed.startIndex === node.startIndex && this.addressed.endIndex === node.endIndex);
        return this.derefOf(this.ptrAdd(ptr, idx, node, accessed), node);
      }
      field(node) {
        const argNode = node.childForFieldName("argument");
        const name = node.childForFieldName("field").text;
        const arrow = node.childForFieldName("operator")?.type === "->";
        let base;
        if (arrow) {
          const r = this.derefOf(this.rvalue(argNode), node);
          if (r.kind !== "place") return r;
          base = r.place;
        } else {
          const r = this.expr(argNode);
          if (r.kind === "place") base = r.place;
          else if (r.op.kind === "var") base = varPlace(r.op.id, r.op.type);
          else {
            const t = this.assignTemp({ op: "use", a: r.op }, r.op.type, node);
            base = varPlace(t.id, r.op.type);
          }
        }
        if (base.type.kind !== "struct") {
          this.ctx.report("error", node, `request for member '${name}' in something not a structure or union`);
          return this.value({ kind: "const", value: 0n, type: INT });
        }
        const path13 = findField(base.type, name);
        if (!path13) {
          this.ctx.report("error", node, `no member named '${name}' in ${typeToString(base.type)}`);
          return this.value({ kind: "const", value: 0n, type: INT });
        }
        const last = path13[path13.length - 1];
        if (last.field.bitWidth !== void 0) {
          this.ctx.unsupported(node, "bit-field member", this.R(node));
          this.b.emit({ kind: "unsupported", what: "bit-field member", range: this.R(node) });
        }
        return {
          kind: "place",
          place: {
            root: base.root,
            path: [...base.path, ...path13.map((f) => ({ kind: "field", name: f.field.name, index: f.index }))],
            type: last.field.type
          }
        };
      }
      typeOperand(node) {
        const tn = node.childForFieldName("type");
        if (tn) return this.host.types.typeDescriptor(tn);
        const vn = node.childForFieldName("value");
        if (!vn) return null;
        const cast = this.typedefInParens(vn);
        if (cast) return cast;
        return this.typeOfUnevaluated(vn);
      }
      /** Type of an expression that is not evaluated (`sizeof e`): lowered into a scratch builder. */
      typeOfUnevaluated(node) {
        let byId = this.unevaluatedTypes.get(node.tree);
        if (!byId) this.unevaluatedTypes.set(node.tree, byId = /* @__PURE__ */ new Map());
        const known = byId.get(node.id);
        if (known) return known;
        const t = this.inScratch(false, () => {
          const r = this.expr(node);
          return r.kind === "place" ? r.place.type : r.op.type;
        });
        byId.set(node.id, t);
        return t;
      }
      unevaluatedTypes = /* @__PURE__ */ new WeakMap();
      /** The variable-length array an expression names (`a`, not `a[0]`), if it is one. */
      vlaNamed(node) {
        if (node.type !== "identifier" || this.contract?.oldByName.has(node.text)) return void 0;
        const sym = this.ctx.scopes.lookup(node.text);
        return sym?.kind === "var" ? sym.vla : void 0;
      }
      sizeofExpression(node) {
        let value = node.childForFieldName("value");
        while (value?.type === "parenthesized_expression" && value.namedChildCount === 1) value = value.namedChild(0);
        const vla = value && this.vlaNamed(value);
        if (vla) {
          const st = sizeType(this.model);
          const length = { kind: "var", id: vla.length, type: st };
          return this.assignTemp(
            { op: "binary", bop: "*", a: length, b: { kind: "const", value: BigInt(sizeOf(vla.of, this.model)), type: st }, type: st },
            st,
            node
          );
        }
        const t = this.typeOperand(node);
        const size = t ? sizeOf(t, this.model) : null;
        if (size === null) return this.havoc(sizeType(this.model), `sizeof of an incomplete or variable-length type`, node);
        return { kind: "const", value: BigInt(size), type: sizeType(this.model) };
      }
      offsetof(node) {
        const tn = node.childForFieldName("type");
        const member = node.childForFieldName("member");
        const t = tn ? this.host.types.typeDescriptor(tn) : null;
        if (!t || t.kind !== "struct" || !member) return this.havoc(sizeType(this.model), "offsetof", node);
        const path13 = findField(t, member.text);
        if (!path13) return this.havoc(sizeType(this.model), "offsetof", node);
        const off = path13.reduce((s, f) => s + f.field.offset, 0);
        return { kind: "const", value: BigInt(off), type: sizeType(this.model) };
      }
      // ---------------------------------------------------------------- side effects
      /** `x++`, `--x`, ...: a load, an add, a store; the value is the old one (postfix) or the new one. */
      update(node, valueUnused = false) {
        const arg = node.childForFieldName("argument");
        const opNode = node.childForFieldName("operator");
        const prefix = valueUnused || opNode.startIndex < arg.startIndex;
        const delta = opNode.type === "++" ? "+" : "-";
        const p = this.place(arg);
        let old = this.toRvalue({ kind: "place", place: p }, arg);
        if (!prefix && old.kind === "var") old = this.assignTemp({ op: "use", a: old }, old.type, node);
        const one = p.type.kind === "float" ? { kind: "fconst", value: 1, type: p.type } : { kind: "const", value: 1n, type: INT };
        const isBool = p.type.kind === "int" && p.type.bits === 1;
        const next = !isBool ? this.binary(delta, old, one, node) : delta === "+" ? { kind: "const", value: 1n, type: p.type } : this.binary("==", old, { kind: "const", value: 0n, type: INT }, node);
        const stored = this.store(p, next, node);
        return prefix ? stored : old;
      }
      /**
       * `left = right` and `left op= right`. C leaves the order of the two operands
       * unspecified; gcc evaluates the right operand first, then the place of the
       * left one (and reads it for `op=`): the same order here, so a datum's
       * undefined behaviours come in the order the compiled test meets them.
       */
      assignment(node) {
        const opText = node.childForFieldName("operator").type;
        const left = node.childForFieldName("left");
        const right = node.childForFieldName("right");
        if (opText === "=") {
          const r = this.expr(right);
          const isStructPlace = r.kind === "place" && r.place.type.kind === "struct";
          const v2 = isStructPlace ? null : this.toRvalue(r, right);
          const p2 = this.place(left);
          if (p2.type.kind === "struct" && r.kind === "place") {
            this.b.emit({ kind: "assign", dst: p2, value: { op: "load", place: r.place }, range: this.R(node) });
            return { kind: "const", value: 0n, type: VOID };
          }
          return this.store(p2, v2 ?? this.toRvalue(r, right), node);
        }
        const op = opText.slice(0, -1);
        const v = this.rvalue(right);
        const p = this.place(left);
        const old = this.toRvalue({ kind: "place", place: p }, left);
        const result = this.binary(op, old, v, node);
        return this.store(p, result, node);
      }
      // ---------------------------------------------------------------- control flow in expressions
      /** `a && b` / `a || b` as a value: branches on each condition, 1 or 0 into a temp. */
      logicalValue(node) {
        if (this.constMode) {
          const folded = this.foldLogical(node);
          if (folded) return folded;
        }
        const result = this.newTemp(INT);
        const tBlock = this.b.newBlock();
        const fBlock = this.b.newBlock();
        const join12 = this.b.newBlock();
        this.conditionJump(node, tBlock, fBlock, null);
        this.b.setBlock(tBlock);
        this.b.emit({ kind: "assign", dst: varPlace(result.id, INT), value: { op: "use", a: { kind: "const", value: 1n, type: INT } }, range: this.R(node) });
        this.b.jump(join12);
        this.b.setBlock(fBlock);
        this.b.emit({ kind: "assign", dst: varPlace(result.id, INT), value: { op: "use", a: { kind: "const", value: 0n, type: INT } }, range: this.R(node) });
        this.b.jump(join12);
        this.b.setBlock(join12);
        return { kind: "var", id: result.id, type: INT };
      }
      foldLogical(node) {
        const op = node.childForFieldName("operator").type;
        const a = this.truth(node.childForFieldName("left"));
        if (a.kind !== "const") return null;
        const aTrue = a.value !== 0n;
        if (op === "&&" && !aTrue) return { kind: "const", value: 0n, type: INT };
        if (op === "||" && aTrue) return { kind: "const", value: 1n, type: INT };
        const b = this.truth(node.childForFieldName("right"));
        if (b.kind !== "const") return null;
        return { kind: "const", value: b.value !== 0n ? 1n : 0n, type: INT };
      }
      /**
       * Jumping code for a condition: every `&&`/`||` operand is its own condition Decision with a
       * two-way branch (`parent` set when the whole condition is a decision of its own). Returns the
       * edges into `t` and into `f`.
       */
      conditionJump(node, t, f, parent) {
        const leafEdges = [];
        this.jumpRec(node, t, f, parent, leafEdges);
        return { toTrue: leafEdges.filter((e) => e.to === t), toFalse: leafEdges.filter((e) => e.to === f) };
      }
      jumpRec(node, t, f, parent, edges) {
        const n = strip(node);
        if (n.type === "binary_expression") {
          const op = n.childForFieldName("operator").type;
          if (op === "&&" || op === "||") {
            const mid = this.b.newBlock();
            if (op === "&&") this.jumpRec(n.childForFieldName("left"), mid, f, parent, edges);
            else this.jumpRec(n.childForFieldName("left"), t, mid, parent, edges);
            this.b.setBlock(mid);
            this.jumpRec(n.childForFieldName("right"), t, f, parent, edges);
            return;
          }
        }
        if (n.type === "unary_expression" && n.childForFieldName("operator").type === "!" && isLogical(n.childForFieldName("argument"))) {
          this.jumpRec(n.childForFieldName("argument"), f, t, parent, edges);
          return;
        }
        const cond = this.truth(n);
        const text = this.ctx.text(n);
        const range = this.R(n);
        const d = this.b.addDecision({
          scope: this.ctx.scopes.head,
          kind: "condition",
          line: range.line,
          tag: "cond",
          parent: parent?.id,
          synthetic: this.synthetic || void 0,
          text,
          range,
          outcomes: []
        });
        const { from } = this.b.branch(cond, t, f, d.id, text, range);
        d.outcomes.push({ outcome: "true", edges: [{ from, to: t }] }, { outcome: "false", edges: [{ from, to: f }] });
        edges.push({ from, to: t }, { from, to: f });
      }
      /**
       * A decision (if, loops, ternary): one Decision of `kind`; a simple condition branches on it
       * directly, a `&&`/`||` condition gets one `condition` Decision per operand under it.
       */
      decision(kind, condNode, t, f, rangeNode = condNode) {
        const text = this.ctx.text(strip(condNode));
        const range = this.R(rangeNode);
        const condition = this.R(strip(condNode));
        const tag = kind;
        if (!isLogical(condNode)) {
          const cond = this.truth(condNode);
          const d2 = this.b.addDecision({
            scope: this.ctx.scopes.head,
            kind,
            line: range.line,
            tag,
            synthetic: this.synthetic || void 0,
            text,
            range,
            condition,
            outcomes: []
          });
          const { from } = this.b.branch(cond, t, f, d2.id, text, this.R(strip(condNode)));
          d2.outcomes.push({ outcome: "true", edges: [{ from, to: t }] }, { outcome: "false", edges: [{ from, to: f }] });
          return d2;
        }
        const d = this.b.addDecision({
          scope: this.ctx.scopes.head,
          kind,
          line: range.line,
          tag,
          synthetic: this.synthetic || void 0,
          text,
          range,
          condition,
          outcomes: []
        });
        const edges = this.conditionJump(condNode, t, f, d);
        d.outcomes.push({ outcome: "true", edges: edges.toTrue }, { outcome: "false", edges: edges.toFalse });
        return d;
      }
      conditional(node) {
        const condNode = node.childForFieldName("condition");
        const thenNode = node.childForFieldName("consequence");
        const elseNode = node.childForFieldName("alternative");
        if (!thenNode) return this.havoc(INT, "GNU '?:' with omitted operand", node);
        if (this.constMode) {
          const c = this.truth(condNode);
          if (c.kind === "const") return this.rvalue(c.value !== 0n ? thenNode : elseNode);
        }
        const resultType = this.conditionalType(thenNode, elseNode);
        const result = resultType.kind === "void" ? null : this.newTemp(resultType);
        const tBlock = this.b.newBlock();
        const fBlock = this.b.newBlock();
        const join12 = this.b.newBlock();
        this.decision("ternary", condNode, tBlock, fBlock, node);
        for (const [block, arm] of [
          [tBlock, thenNode],
          [fBlock, elseNode]
        ]) {
          this.b.setBlock(block);
          if (result) {
            const v = this.rvalue(arm);
            this.store(varPlace(result.id, resultType), v, arm);
          } else this.effect(arm);
          this.b.jump(join12);
        }
        this.b.setBlock(join12);
        return result ? { kind: "var", id: result.id, type: resultType } : { kind: "const", value: 0n, type: VOID };
      }
      /** Type of `c ? a : b` (C11 6.5.15), from the arms' types. */
      conditionalType(a, b) {
        const ta = decayType(this.typeOfUnevaluated(a));
        const tb = decayType(this.typeOfUnevaluated(b));
        if (isArithmetic(ta) && isArithmetic(tb)) return usualArithmetic(ta, tb, this.model);
        if (ta.kind === "void" || tb.kind === "void") return VOID;
        if (ta.kind === "pointer" && tb.kind === "pointer") return ta.to.kind === "void" ? tb : ta;
        if (ta.kind === "pointer") return ta;
        if (tb.kind === "pointer") return tb;
        return ta;
      }
      // ---------------------------------------------------------------- calls
      call(node) {
        const fnNode = node.childForFieldName("function");
        const argsNode = node.childForFieldName("arguments");
        const argNodes = argsNode.namedChildren.filter((c) => !!c && c.type !== "comment");
        const castType = this.typedefInParens(fnNode);
        if (castType && argNodes.length === 1) return this.convert(this.rvalue(argNodes[0]), castType, node);
        const old = this.contract && fnNode.text === OLD_PLACEHOLDER ? this.contract.oldByNode.get(node.id) : void 0;
        if (old) return old;
        const special = this.specialCall(node, fnNode, argNodes);
        if (special) return special;
        if (fnNode.type === "identifier") {
          const sym = this.ctx.scopes.lookup(fnNode.text);
          if (!sym) {
            if (!fnNode.text.startsWith("__builtin_")) this.ctx.report("warning", fnNode, `implicit declaration of function '${fnNode.text}'`);
            const type = { kind: "function", ret: INT, params: [], variadic: false, prototyped: false };
            this.ctx.scopes.defineGlobal(fnNode.text, { kind: "func", name: fnNode.text, type });
          }
          const s = this.ctx.scopes.lookup(fnNode.text);
          if (s?.kind === "func") {
            const args2 = this.arguments(s.type, argNodes, node);
            const { external } = this.host.callee(s.name, s.type, this.R(node));
            return this.emitCall({ op: "call", callee: s.name, args: args2, external, type: s.type.ret }, s.type.ret, node);
          }
        }
        const fn2 = this.rvalue(fnNode);
        const ft = fn2.type.kind === "pointer" && fn2.type.to.kind === "function" ? fn2.type.to : fn2.type.kind === "function" ? fn2.type : null;
        if (!ft) {
          this.ctx.report("error", fnNode, "called object is not a function");
          return { kind: "const", value: 0n, type: INT };
        }
        const args = this.arguments(ft, argNodes, node);
        if (fn2.kind === "func") {
          const { external } = this.host.callee(fn2.name, ft, this.R(node));
          return this.emitCall({ op: "call", callee: fn2.name, args, external, type: ft.ret }, ft.ret, node);
        }
        return this.emitCall({ op: "icall", fn: fn2, args, type: ft.ret }, ft.ret, node);
      }
      /** Evaluates an integer constant expression in constant mode; null if it is not one. */
      constInteger(node) {
        const v = this.constOperand(node);
        if (v && v.kind === "const" && v.type.kind === "int") return v.value;
        return null;
      }
      /** A constant operand for an expression (address constants included, converted to `to`), or null. */
      constOperand(node, to) {
        return this.inScratch(true, (emitted) => {
          let v = this.rvalue(node);
          if (to) v = this.convert(v, to, node);
          return emitted() || !this.isConstant(v) ? null : v;
        });
      }
      /** An operand known before the program runs: a number, a string, a function, or the address of static storage. */
      isConstant(v) {
        if (v.kind === "var") return false;
        if (v.kind !== "addr") return true;
        const root = v.place.root;
        if (root.kind !== "var" || this.variable(root.id)?.kind !== "global") return false;
        return v.place.path.every((e) => e.kind === "field" || e.index.kind === "const");
      }
      /** `_Static_assert(e, "message")`: checked now, no code. */
      staticAssert(node, args) {
        const v = args[0] ? this.constInteger(args[0]) : null;
        if (v === null) this.ctx.report("error", node, "static assertion expression is not an integer constant");
        else if (v === 0n) this.ctx.report("error", node, `static assertion failed${args[1] ? `: ${args[1].text}` : ""}`);
      }
      emitCall(call, ret, node) {
        if (ret.kind === "void") {
          this.b.emit({ kind: "assign", dst: null, value: call, range: this.R(node) });
          return { kind: "const", value: 0n, type: VOID };
        }
        return this.assignTemp(call, ret, node);
      }
      /** Arguments evaluated left to right and converted to the parameter types (default promotions otherwise). */
      arguments(ft, argNodes, node) {
        const out = [];
        argNodes.forEach((a, i) => {
          const v = this.rvalue(a);
          if (ft.prototyped && i < ft.params.length) out.push(this.convert(v, ft.params[i], a));
          else out.push(this.defaultPromotion(v, a));
        });
        if (ft.prototyped && argNodes.length < ft.params.length) this.ctx.report("error", node, "too few arguments in call");
        return out;
      }
      defaultPromotion(v, node) {
        if (v.type.kind === "float" && v.type.bits === 32) return this.convert(v, DOUBLE, node);
        if (v.type.kind === "int") return this.promoteOp(v, node);
        return v;
      }
      /** Calls with a meaning of their own (verifier functions, assert, exit); null for ordinary calls. */
      specialCall(node, fnNode, args) {
        if (fnNode.type !== "identifier") return null;
        const name = fnNode.text;
        const sym = this.ctx.scopes.lookup(name);
        const hasBody = this.host.hasBody(name);
        if (name.startsWith("__VERIFIER_nondet_") && !hasBody) {
          const suffix = name.slice("__VERIFIER_nondet_".length);
          let type = sym?.kind === "func" ? sym.type.ret : null;
          if (!type || type.kind === "void") type = nondetType(suffix, this.host.types);
          if (!type) return this.havoc(INT, `unknown nondet function ${name}`, node);
          return this.assignTemp({ op: "nondet", type, name }, type, node);
        }
        if ((name === "_Static_assert" || name === "static_assert") && !hasBody) {
          this.staticAssert(node, args);
          return { kind: "const", value: 0n, type: VOID };
        }
        if (name === "__builtin_expect" && args.length === 2) {
          const v = this.rvalue(args[0]);
          this.effect(args[1]);
          return v;
        }
        return null;
      }
    };
    NestingError = class extends Error {
      constructor(node) {
        super("expression nested too deeply");
        this.node = node;
      }
      node;
    };
  }
});

// server/src/frontend/acsl.ts
function rangeOf(lines2, start, end) {
  const s = lines2.position(start);
  const e = lines2.position(end);
  return { line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
}
function findContractComments(source) {
  const out = [];
  const lines2 = new LineIndex(source);
  const re = /\/\*@([\s\S]*?)\*\/|\/\/@([^\n]*)|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|\/\*[\s\S]*?\*\//g;
  let m;
  while (m = re.exec(source)) {
    const body = m[1] ?? m[2];
    if (body === void 0) continue;
    const bodyStart = m.index + 3;
    const comment3 = { start: m.index, end: m.index + m[0].length, clauses: [], problems: [] };
    const clean = body.replace(/(^|\n)([ \t]*)@/g, (_s, nl, ws) => `${nl}${ws} `);
    let i = 0;
    while (i < clean.length) {
      const kw = /^\s*([A-Za-z_\\]+)/.exec(clean.slice(i));
      if (!kw) break;
      const word = kw[1];
      const exprStart = i + kw[0].length;
      let depth = 0;
      let j = exprStart;
      for (; j < clean.length; j++) {
        const c = clean[j];
        if (c === "(") depth++;
        else if (c === ")") depth--;
        else if (c === ";" && depth <= 0) break;
      }
      const exprText2 = clean.slice(exprStart, j);
      const trimmedStart = exprStart + (exprText2.length - exprText2.trimStart().length);
      const trimmedEnd = exprStart + exprText2.trimEnd().length;
      const absStart = bodyStart + trimmedStart;
      const absEnd = bodyStart + trimmedEnd;
      const range = rangeOf(lines2, absStart, Math.max(absEnd, absStart + 1));
      if (word === "requires" || word === "ensures") {
        comment3.clauses.push({ kind: word, text: exprText2.trim().replace(/\s+/g, " "), range, start: absStart, end: absEnd });
      } else if (word.trim() !== "") {
        comment3.problems.push({
          message: `ACSL clause '${word}' is not supported (ignored)`,
          range: rangeOf(lines2, bodyStart + i + kw[0].length - word.length, bodyStart + i + kw[0].length)
        });
      }
      i = j + 1;
    }
    out.push(comment3);
  }
  return out;
}
function contractBefore(comments, source, defStart) {
  const chain = [];
  let next = defStart;
  for (let k = comments.length - 1; k >= 0; k--) {
    const c = comments[k];
    if (c.end > next) continue;
    if (!/^\s*$/.test(source.slice(c.end, next))) break;
    chain.unshift(c);
    next = c.start;
  }
  return chain;
}
async function parseClause(file, source, clause) {
  const ranged = rangesInValid(source.slice(clause.start, clause.end));
  let body = ranged.body;
  const unsupported = /\\(?!result\b|old\b|valid\b|valid_read\b|separated\b)[A-Za-z_]+|==>|<==>|\^\^|(?<!\.)\.\.(?!\.)/.exec(body);
  body = body.replace(/\\result\b/g, RESULT_PLACEHOLDER).replace(/\\old\b/g, OLD_PLACEHOLDER).replace(/\\valid_read\b/g, VALID_READ_PLACEHOLDER).replace(/\\valid\b/g, VALID_PLACEHOLDER).replace(/\\separated\b/g, SEPARATED_PLACEHOLDER);
  const { line: firstLine, column } = clause.range;
  const lines2 = (" ".repeat(column - 1) + body).split("\n");
  const text = [PREFIX, ...lines2].join("\n") + ";}";
  const parsedLines = text.split("\n");
  const origins = parsedLines.map((_, row) => row === 0 ? null : { file, line: firstLine + row - 1, system: false, user: true });
  const userLines = [];
  parsedLines.slice(1).forEach((l, k) => userLines[firstLine - 1 + k] = l);
  const map = new SourceMap(origins, parsedLines, userLines);
  const tree = await parseC(text);
  let expr = null;
  const fn2 = tree.rootNode.namedChildren.find((n) => n?.type === "function_definition");
  const stmt = fn2?.childForFieldName("body")?.namedChildren.find((n) => n?.type === "expression_statement");
  if (stmt) expr = stmt.namedChildren[0] ?? null;
  let error = null;
  if (unsupported) error = `ACSL construct '${unsupported[0] === ".." ? "a..b (a range outside \\valid)" : unsupported[0]}' is not supported`;
  else if (ranged.orInValid) error = `'||' inside \\valid or \\separated is not supported`;
  else if (!expr || tree.rootNode.hasError) error = `cannot parse the ${clause.kind} clause as a C expression`;
  else error = validPlacement(expr, clause.kind);
  return { clause, expr, map, tree, error };
}
function rangesInValid(body) {
  let out = body;
  let orInValid = false;
  const re = /\\(?:valid(?:_read)?|separated)\s*\(/g;
  let m;
  while (m = re.exec(body)) {
    let depth = 1;
    let j = m.index + m[0].length;
    for (; j < body.length && depth > 0; j++) {
      if (body[j] === "(") depth++;
      else if (body[j] === ")") depth--;
    }
    orInValid ||= out.slice(m.index, j).includes("||");
    const arg = out.slice(m.index, j).replace(/(?<!\.)\.\.(?!\.)/g, "||");
    out = out.slice(0, m.index) + arg + out.slice(j);
  }
  return { body: out, orInValid };
}
function validPlacement(expr, kind) {
  const conjuncts = [];
  const split = (n) => {
    const e = unparen(n);
    if (e.type === "binary_expression" && e.childForFieldName("operator")?.type === "&&") {
      split(e.childForFieldName("left"));
      split(e.childForFieldName("right"));
    } else conjuncts.push(e);
  };
  split(expr);
  const allowedRanges = /* @__PURE__ */ new Set();
  for (const c of conjuncts) {
    const valid = isValidCall(c);
    if (!valid && !isSeparatedCall(c)) continue;
    const args = c.childForFieldName("arguments")?.namedChildren.filter((a) => !!a && a.type !== "comment") ?? [];
    if (valid && args.length !== 1) return "\\valid takes one argument";
    if (!valid && args.length < 2) return "\\separated takes two or more locations";
    for (const arg of args) {
      const a = unparen(arg);
      const right = a.type === "binary_expression" && a.childForFieldName("operator")?.type === "+" ? unparen(a.childForFieldName("right")) : null;
      const index = a.type === "pointer_expression" && a.childForFieldName("operator")?.type === "&" ? unparen(a.childForFieldName("argument")) : null;
      const subscript = index?.type === "subscript_expression" ? unparen(index.childForFieldName("index")) : null;
      for (const r of [right, subscript]) if (r && isRange(r)) allowedRanges.add(r.id);
    }
  }
  let problem = null;
  const visit = (n, inside) => {
    if (problem) return;
    const name = isValidCall(n) ? "\\valid" : isSeparatedCall(n) ? "\\separated" : null;
    if (name && (kind !== "requires" || !conjuncts.some((c) => c.id === n.id)))
      problem = `${name} only as a conjunct of a requires clause (what callers guarantee)`;
    else if (inside && isRange(n) && !allowedRanges.has(n.id)) problem = `a range a..b only as ${inside}(p + (a..b)) or ${inside}(&p[a..b])`;
    for (const ch of n.namedChildren) if (ch) visit(ch, name ?? inside);
  };
  visit(expr, null);
  return problem;
}
var PREFIX, isRange, isValidCall, isSeparatedCall, unparen;
var init_acsl = __esm({
  "server/src/frontend/acsl.ts"() {
    "use strict";
    init_parser();
    init_sourcemap();
    init_source();
    init_expressions();
    PREFIX = "void __creach_contract(void) {";
    isRange = (n) => n.type === "binary_expression" && n.childForFieldName("operator")?.type === "||";
    isValidCall = (n) => n.type === "call_expression" && [VALID_PLACEHOLDER, VALID_READ_PLACEHOLDER].includes(n.childForFieldName("function")?.text ?? "");
    isSeparatedCall = (n) => n.type === "call_expression" && n.childForFieldName("function")?.text === SEPARATED_PLACEHOLDER;
    unparen = (n) => n.type === "parenthesized_expression" && n.namedChildren[0] ? unparen(n.namedChildren[0]) : n;
  }
});

// server/src/frontend/initializers.ts
function items(list) {
  const out = [];
  for (const c of list.namedChildren) {
    if (!c || c.type === "comment") continue;
    if (c.type === "initializer_pair") {
      out.push({ designators: c.childrenForFieldName("designator").filter((d) => !!d), value: c.childForFieldName("value") });
    } else out.push({ designators: [], value: c });
  }
  return out;
}
function memberCount(t) {
  if (t.kind === "array") return t.length ?? Number.MAX_SAFE_INTEGER;
  if (t.kind === "struct") return t.union ? Math.min(1, t.fields.length) : t.fields.length;
  return 1;
}
function memberType(t, i) {
  if (t.kind === "array") return t.of;
  if (t.kind === "struct") return t.fields[i]?.type ?? null;
  return null;
}
function isAggregate(t) {
  return t.kind === "array" || t.kind === "struct";
}
function isCharArray(t) {
  return t.kind === "array" && t.of.kind === "int" && t.of.bits === 8;
}
function inferredLength(tree) {
  if (tree.kind === "string") return tree.bytes.length;
  if (tree.kind === "list") return tree.elems.size === 0 ? 0 : Math.max(...tree.elems.keys()) + 1;
  return 1;
}
function emitLocalInit(lower, place, tree, at2) {
  const t = place.type;
  if (t.kind === "array" || t.kind === "struct") {
    if (tree?.kind === "expr") {
      lower.store(place, lower.rvalue(tree.node), tree.node);
      return;
    }
    const n = t.kind === "array" ? t.length ?? 0 : t.union ? Math.min(1, t.fields.length) : t.fields.length;
    for (let i = 0; i < n; i++) {
      let sub = null;
      if (tree?.kind === "list") sub = tree.elems.get(i) ?? null;
      else if (tree?.kind === "string") sub = null;
      const child = subPlace(lower, place, i);
      if (tree?.kind === "string") {
        const byte = BigInt(tree.bytes[i] ?? 0);
        const et = child.type;
        lower.b.emit({
          kind: "assign",
          dst: child,
          value: { op: "use", a: { kind: "const", value: et.kind === "int" ? wrapInt(byte, et) : byte, type: et } },
          range: lower.R(at2)
        });
        continue;
      }
      if (t.kind === "struct" && t.union && tree?.kind === "list" && !sub) {
        const [k] = [...tree.elems.keys()];
        if (k !== void 0 && k !== i) {
          emitLocalInit(lower, subPlace(lower, place, k), tree.elems.get(k), at2);
          return;
        }
      }
      emitLocalInit(lower, child, sub, at2);
    }
    return;
  }
  if (tree?.kind === "expr") lower.store(place, lower.rvalue(tree.node), at2);
  else if (tree?.kind === "list") {
    const first = tree.elems.get(0);
    emitLocalInit(lower, place, first ?? null, at2);
  } else if (t.kind === "int" || t.kind === "float" || t.kind === "pointer") {
    lower.b.emit({ kind: "assign", dst: place, value: { op: "use", a: zeroOf(t) }, range: lower.R(at2) });
  }
}
function subPlace(lower, p, i) {
  const t = p.type;
  if (t.kind === "array") {
    return { root: p.root, path: [...p.path, { kind: "index", index: { kind: "const", value: BigInt(i), type: ptrdiffType(lower.model) } }], type: t.of };
  }
  const s = t;
  return { root: p.root, path: [...p.path, { kind: "field", name: s.fields[i].name, index: i }], type: s.fields[i].type };
}
function constInitializer(lower, t, tree) {
  if (tree.kind === "string") return { kind: "string", bytes: t.kind === "array" && t.length !== null ? tree.bytes.slice(0, t.length) : tree.bytes };
  if (t.kind === "array" || t.kind === "struct") {
    if (tree.kind === "expr") {
      const v2 = lower.constOperand(tree.node, t);
      return v2 ? { kind: "scalar", value: v2 } : null;
    }
    const n = tree.elems.size === 0 ? 0 : Math.max(...tree.elems.keys()) + 1;
    const elems = [];
    for (let i = 0; i < n; i++) {
      const sub = tree.elems.get(i);
      const mt = memberType(t, i);
      if (!sub || !mt) {
        elems.push(null);
        continue;
      }
      const init = constInitializer(lower, mt, sub);
      if (!init) return null;
      elems.push(init);
    }
    return { kind: "aggregate", elems };
  }
  if (tree.kind === "list") {
    const first = tree.elems.get(0);
    return first ? constInitializer(lower, t, first) : { kind: "scalar", value: zeroOf(t) };
  }
  const v = lower.constOperand(tree.node, t);
  return v ? { kind: "scalar", value: v } : null;
}
var InitResolver;
var init_initializers = __esm({
  "server/src/frontend/initializers.ts"() {
    "use strict";
    init_builder();
    init_ctypes();
    init_interp();
    InitResolver = class {
      constructor(lower) {
        this.lower = lower;
      }
      lower;
      /** The initialiser tree of an object of type `t`. */
      resolve(t, node) {
        const isString = node.type === "string_literal" || node.type === "concatenated_string";
        if (isString && isCharArray(t)) return { kind: "string", bytes: [...this.lower.stringBytes(node) ?? [], 0], node };
        if (node.type !== "initializer_list") return { kind: "expr", node };
        if (!isAggregate(t)) {
          const first = items(node)[0];
          return first ? this.resolve(t, first.value) : { kind: "list", elems: /* @__PURE__ */ new Map() };
        }
        const its = items(node);
        const tree = { kind: "list", elems: /* @__PURE__ */ new Map() };
        let k = this.fill(t, tree, its, 0, false);
        while (k < its.length) {
          const next = its[k].designators.length > 0 ? this.fill(t, tree, its, k, false) : k;
          if (next > k) {
            k = next;
            continue;
          }
          if (t.kind === "struct" && t.fields.length === 0) this.lower.report("error", node, "initializer for an object of incomplete type");
          else this.lower.report("warning", its[k].value, "excess elements in initializer (ignored, as gcc does)");
          break;
        }
        return tree;
      }
      /** Fills the members of `t` from items[k..]; `elided` when `t` has no braces of its own. Returns the next item. */
      fill(t, tree, its, k, elided) {
        let cursor = 0;
        const count = memberCount(t);
        while (k < its.length) {
          const item = its[k];
          let named = false;
          if (item.designators.length > 0) {
            if (elided) return k;
            const idx = this.designatorIndex(t, item.designators[0]);
            if (idx === null) return k + 1;
            cursor = idx;
            named = true;
            if (t.kind === "struct" && t.union) {
              for (const m of [...tree.elems.keys()]) if (m !== cursor) tree.elems.delete(m);
            }
            if (item.designators.length > 1) {
              const sub = memberType(t, cursor);
              if (sub) {
                const existing = tree.elems.get(cursor);
                const subtree = existing?.kind === "list" ? existing : { kind: "list", elems: /* @__PURE__ */ new Map() };
                tree.elems.set(cursor, subtree);
                this.fill(sub, subtree, [{ designators: item.designators.slice(1), value: item.value }], 0, false);
              }
              cursor++;
              k++;
              continue;
            }
          }
          if (cursor >= count && !(named && t.kind === "struct" && cursor < t.fields.length)) return k;
          const mt = memberType(t, cursor);
          if (!mt) return k + 1;
          const v = item.value;
          if (v.type === "initializer_list" || !isAggregate(mt) || this.initialisesWhole(mt, v)) {
            tree.elems.set(cursor, this.resolve(mt, v));
            k++;
          } else {
            const subtree = { kind: "list", elems: /* @__PURE__ */ new Map() };
            tree.elems.set(cursor, subtree);
            const next = this.fill(mt, subtree, [{ designators: [], value: v }, ...its.slice(k + 1)], 0, true);
            k += next;
            if (next === 0) k++;
          }
          cursor++;
          if (t.kind === "struct" && t.union) return k;
        }
        return k;
      }
      /** A string for a char array, or an expression of the struct type itself. */
      initialisesWhole(t, v) {
        if (isCharArray(t)) return v.type === "string_literal" || v.type === "concatenated_string";
        if (t.kind === "struct") {
          const vt = this.lower.typeOfUnevaluated(v);
          return vt.kind === "struct";
        }
        return false;
      }
      designatorIndex(t, d) {
        if (d.type === "field_designator" || d.type === "field_identifier") {
          const name = d.type === "field_identifier" ? d.text : d.namedChildren[0]?.text;
          if (t.kind !== "struct") return null;
          const i = t.fields.findIndex((f) => f.name === name);
          return i < 0 ? null : i;
        }
        if (d.type === "subscript_designator") {
          const e = d.namedChildren[0];
          const v = e ? this.lower.constInteger(e) : null;
          return v === null ? null : Number(v);
        }
        return null;
      }
    };
  }
});

// server/src/frontend/functions.ts
function isLongDouble(t) {
  return t.kind === "float" && t.name === "long double";
}
function condExpr(node) {
  if (node.type === "parenthesized_expression" || node.type === "condition_clause") {
    const inner = node.namedChildren.filter((c) => c && c.type !== "comment");
    if (inner.length === 1) return inner[0];
  }
  return node;
}
function modifiedNamesOf(fn2) {
  const names = /* @__PURE__ */ new Set();
  const target = (n) => {
    while (n && n.type === "parenthesized_expression" && n.namedChildCount === 1) n = n.namedChild(0);
    if (n?.type === "identifier") names.add(n.text);
  };
  const stack = fn2 ? [fn2] : [];
  while (stack.length) {
    const n = stack.pop();
    if (n.type === "goto_statement") return null;
    if (n.type === "assignment_expression") target(n.childForFieldName("left"));
    else if (n.type === "update_expression") target(n.childForFieldName("argument"));
    else if (n.type === "pointer_expression" && n.childForFieldName("operator")?.type === "&") target(n.childForFieldName("argument"));
    for (const c of n.namedChildren) if (c) stack.push(c);
  }
  return names;
}
var acslText, STOP_CALLS, UNSUPPORTED_CALLS, FunctionLowerer;
var init_functions = __esm({
  "server/src/frontend/functions.ts"() {
    "use strict";
    init_types();
    init_layout();
    init_interp();
    init_libc();
    init_expressions();
    init_acsl();
    init_builder();
    init_initializers();
    init_ctypes();
    acslText = (call) => call.text.replace(VALID_READ_PLACEHOLDER, "\\valid_read").replace(VALID_PLACEHOLDER, "\\valid").replace(SEPARATED_PLACEHOLDER, "\\separated").replace(/\|\|/g, "..").replace(/\s+/g, " ");
    STOP_CALLS = {
      abort: "abort",
      exit: "exit",
      _Exit: "exit",
      _exit: "exit",
      quick_exit: "exit",
      __builtin_trap: "abort",
      __builtin_abort: "abort"
    };
    UNSUPPORTED_CALLS = /* @__PURE__ */ new Set([
      "setjmp",
      "_setjmp",
      "sigsetjmp",
      "__sigsetjmp",
      "longjmp",
      "_longjmp",
      "siglongjmp",
      "__builtin_setjmp",
      "__builtin_longjmp",
      "__builtin_va_start",
      "__builtin_va_arg",
      "__builtin_va_copy",
      "alloca",
      "__builtin_alloca"
    ]);
    FunctionLowerer = class extends ExpressionLowerer {
      constructor(fhost, name, fnType, user, fallback) {
        const locals = [];
        super(fhost, new FunctionBuilder(name), locals, fallback);
        this.fhost = fhost;
        this.name = name;
        this.fnType = fnType;
        this.user = user;
        this.fnLocals = locals;
        if (!user) this.synthetic = true;
      }
      fhost;
      name;
      fnType;
      user;
      retVar = null;
      exitBlock = -1;
      /** The expression statement an `ERROR:` label marks (an `abort()` there is an error call). */
      errorLabelStatement = null;
      breakables = [];
      switches = [];
      labels = /* @__PURE__ */ new Map();
      definedLabels = /* @__PURE__ */ new Set();
      fnLocals;
      /** The function definition being lowered. */
      functionNode = null;
      lower(def, paramDecl, contract, isStatic, nameNode) {
        const ctx = this.ctx;
        this.functionNode = def;
        ctx.scopes.push();
        const params = this.declareParams(paramDecl);
        const ret = this.fnType.ret;
        if (ret.kind !== "void") {
          this.retVar = ctx.newVar({ name: "\\result", type: ret, kind: "return", addressTaken: false, isConst: false, isStatic: false });
          this.fnLocals.push(this.retVar.id);
        }
        const entry2 = this.b.cur;
        this.exitBlock = this.b.newBlock();
        this.b.setBlock(entry2);
        if (isLongDouble(ret) || params.some((id) => isLongDouble(ctx.vars.get(id).type))) {
          this.b.emit({ kind: "unsupported", what: "long double", range: nameNode ? this.R(nameNode) : this.R(def) });
        }
        const requires = contract.filter((c) => c.kind === "requires");
        const ensures = contract.filter((c) => c.kind === "ensures");
        const names = this.prepareOld(ensures, params);
        for (const c of requires) this.withMap(c.map, () => this.assumeAll(c.expr, "requires", this.R(c.expr)));
        const body = def.childForFieldName("body");
        if (body) {
          for (const s of body.namedChildren) if (s) this.statement(s);
        }
        if (this.name === "main" && this.retVar && this.b.isOpen) {
          this.b.emit({
            kind: "assign",
            dst: varPlace(this.retVar.id, ret),
            value: { op: "use", a: { kind: "const", value: 0n, type: ret } },
            range: this.R(body ?? def)
          });
        }
        this.b.jump(this.exitBlock);
        this.b.setBlock(this.exitBlock);
        if (ensures.length > 0) {
          this.contract = { ...names, result: this.retVar ? { kind: "var", id: this.retVar.id, type: ret } : void 0 };
          const saved = this.synthetic;
          this.synthetic = true;
          for (const c of ensures) {
            this.withMap(c.map, () => {
              const cond = this.truth(c.expr);
              this.b.emit({ kind: "assert", cond, origin: "ensures", text: c.text, range: c.range });
            });
          }
          this.synthetic = saved;
          this.contract = null;
        }
        const endRange = body ? this.endOf(body) : this.R(def);
        this.b.terminate({ kind: "return", value: this.retVar ? { kind: "var", id: this.retVar.id, type: ret } : null, range: endRange });
        for (const label of this.labels.keys()) {
          if (!this.definedLabels.has(label)) ctx.report("error", def, `label '${label}' used but not defined`);
        }
        this.b.finish(this.exitBlock);
        ctx.scopes.pop();
        if (!this.user) {
          for (const blk of this.b.blocks) {
            blk.hasCode = false;
            blk.statements = [];
          }
          for (const d of this.b.decisions) d.synthetic = true;
        }
        return {
          name: this.name,
          type: this.fnType,
          params,
          locals: this.fnLocals,
          returnVar: this.retVar?.id ?? null,
          blocks: this.b.blocks,
          exitBlock: this.exitBlock,
          decisions: this.b.decisions,
          contract: {
            requires: requires.map((c) => ({ text: c.text, range: c.range })),
            ensures: ensures.map((c) => ({ text: c.text, range: c.range }))
          },
          range: this.R(def),
          nameRange: nameNode ? this.R(nameNode) : this.R(def),
          isStatic
        };
      }
      endOf(body) {
        const last = body.lastChild;
        const r = last ? this.R(last) : this.R(body);
        return { line: r.endLine, column: Math.max(1, r.endColumn - 1), endLine: r.endLine, endColumn: r.endColumn };
      }
      withMap(map, fn2) {
        const saved = this.ctx.map;
        this.ctx.map = map;
        try {
          return fn2();
        } finally {
          this.ctx.map = saved;
        }
      }
      declareParams(paramDecl) {
        const ids = [];
        const list = paramDecl?.childForFieldName("parameters");
        if (!list) return ids;
        let i = 0;
        for (const p of list.namedChildren) {
          if (p?.type === "identifier") {
            ids.push(this.knrParam(p, list));
            i++;
            continue;
          }
          if (!p || p.type !== "parameter_declaration") continue;
          const spec = this.fhost.types.specifiers(p);
          const d = this.fhost.types.declarator(spec.type, p.childForFieldName("declarator"), spec.isConst, { parameter: true });
          if (d.type.kind === "void" && !d.name) continue;
          if (d.vla) this.b.emit({ kind: "unsupported", what: "variable-length array", range: this.R(p) });
          const type = decayType(d.type);
          const v = this.ctx.newVar({
            name: d.name ?? `_arg${i}`,
            type,
            kind: "param",
            addressTaken: false,
            isConst: d.isConst,
            isStatic: false,
            range: d.nameNode ? this.ctx.range(d.nameNode) ?? void 0 : void 0
          });
          if (d.type.kind === "array" && d.type.length !== null) v.declaredLength = d.type.length;
          if (/\b(__)?restrict(__)?\b/.test(p.text)) v.restrict = true;
          if (d.name) this.ctx.scopes.define(d.name, { kind: "var", id: v.id });
          ids.push(v.id);
          this.fnLocals.push(v.id);
          i++;
        }
        return ids;
      }
      /** A parameter of a K&R definition `int f(a, b) int a; char *b; { ... }` (undeclared ones are int). */
      knrParam(id, list) {
        const def = list.parent?.parent;
        let type = INT;
        let isConst = false;
        for (const d of def?.namedChildren ?? []) {
          if (!d || d.type !== "declaration") continue;
          const spec = this.fhost.types.specifiers(d);
          for (const dn of d.childrenForFieldName("declarator")) {
            const decl = dn ? this.fhost.types.declarator(spec.type, dn, spec.isConst) : null;
            if (decl?.name === id.text) {
              type = decayType(decl.type);
              isConst = decl.isConst;
            }
          }
        }
        this.ctx.report("warning", id, "K&R-style definition: calls are not checked against its parameter types");
        const v = this.ctx.newVar({ name: id.text, type, kind: "param", addressTaken: false, isConst, isStatic: false, range: this.ctx.range(id) ?? void 0 });
        this.ctx.scopes.define(id.text, { kind: "var", id: v.id });
        this.fnLocals.push(v.id);
        return v.id;
      }
      /**
       * Entry copies for ensures: every `\old(e)` and every parameter the clauses mention (ACSL:
       * parameters in a postcondition denote their values at entry).
       */
      prepareOld(ensures, params) {
        const names = { oldByName: /* @__PURE__ */ new Map(), oldByNode: /* @__PURE__ */ new Map() };
        if (ensures.length === 0) return names;
        const paramByName = new Map(params.map((id) => [this.ctx.vars.get(id).name, id]));
        const makeOld = (type, label, oldOf, value, range) => {
          const v = this.ctx.newVar({ name: `\\old(${label})`, type, kind: "old", addressTaken: false, isConst: false, isStatic: false, oldOf });
          this.fnLocals.push(v.id);
          this.b.emit({ kind: "assign", dst: varPlace(v.id, type), value: { op: "use", a: value }, range });
          return { kind: "var", id: v.id, type };
        };
        const oldOfParam = (name, at2) => {
          let o = names.oldByName.get(name);
          if (!o) {
            const id = paramByName.get(name);
            const pv = this.ctx.vars.get(id);
            o = makeOld(pv.type, pv.name, id, { kind: "var", id, type: pv.type }, this.R(at2));
            names.oldByName.set(name, o);
          }
          return o;
        };
        for (const c of ensures) {
          this.withMap(c.map, () => {
            const visit = (n, insideOld) => {
              if (n.type === "call_expression" && n.childForFieldName("function")?.text === OLD_PLACEHOLDER) {
                const arg = n.childForFieldName("arguments")?.namedChildren[0];
                if (arg && !names.oldByNode.has(n.id)) {
                  const a = strip(arg);
                  if (a.type === "identifier" && paramByName.has(a.text)) {
                    names.oldByNode.set(n.id, oldOfParam(a.text, n));
                    return;
                  }
                  let oldOf;
                  if (a.type === "identifier") {
                    const sym = this.ctx.scopes.lookup(a.text);
                    if (sym?.kind === "var") oldOf = sym.id;
                  }
                  const value = this.rvalue(arg);
                  names.oldByNode.set(n.id, makeOld(value.type, this.ctx.text(arg), oldOf, value, this.R(n)));
                }
                return;
              }
              if (!insideOld && n.type === "identifier" && paramByName.has(n.text)) oldOfParam(n.text, n);
              for (const ch of n.namedChildren) if (ch) visit(ch, insideOld);
            };
            visit(c.expr, false);
          });
        }
        return names;
      }
      /** `assume` of each conjunct of `e` (`a && b` assumes a, then b: same executions, no branching). */
      assumeAll(e, origin, range) {
        const n = strip(e);
        if (n.type === "binary_expression" && n.childForFieldName("operator").type === "&&") {
          this.assumeAll(n.childForFieldName("left"), origin, range);
          this.assumeAll(n.childForFieldName("right"), origin, range);
          return;
        }
        const saved = this.synthetic;
        this.synthetic = true;
        const cond = origin === "requires" && isValidCall(n) ? this.valid(n) : origin === "requires" && isSeparatedCall(n) ? this.separated(n) : this.truth(n);
        this.synthetic = saved;
        if (!cond) return;
        if (cond.kind === "const" && cond.value === 0n) {
          this.b.terminate({ kind: "stop", why: "assume", range });
          return;
        }
        if (cond.kind === "const") return;
        this.b.emit({ kind: "assume", cond, origin, range: origin === "requires" ? this.R(n) : range });
      }
      /**
       * `\valid(p + (a..b))`, `\valid(&p[a..b])` or `\valid(p)` (and `\valid_read`), checked in place by
       * frontend/acsl.ts: the IR's `valid` of the pointer and the range (see location).
       */
      valid(call) {
        const arg = call.childForFieldName("arguments").namedChildren.find((a) => a && a.type !== "comment");
        const loc = this.location(arg, "\\valid");
        if (!loc) return null;
        const text = acslText(call);
        return this.assignTemp({ op: "valid", ...loc, text, type: INT }, INT, call);
      }
      /**
       * `\separated(l1, ..., ln)`, each location written as for `\valid` (checked in place by
       * frontend/acsl.ts): the IR's `separated`. Offsets count elements of the pointee, so the pointees
       * must have one size; otherwise element ranges are not comparable and the conjunct is left out,
       * with a warning (assuming less is sound, guessing is not).
       */
      separated(call) {
        const args = call.childForFieldName("arguments").namedChildren.filter((a) => !!a && a.type !== "comment");
        const locs = [];
        for (const arg of args) {
          const loc = this.location(arg, "\\separated");
          if (!loc) return null;
          locs.push(loc);
        }
        const sizes = locs.map((l) => {
          const to = l.ptr.type.to;
          return to.kind === "void" || to.kind === "function" ? null : sizeOf(to, this.model);
        });
        const first = sizes[0];
        if (first === null || sizes.some((z) => z !== first)) {
          const types = [...new Set(locs.map((l) => typeToString(l.ptr.type)))].join("', '");
          this.ctx.report(
            "warning",
            call,
            first === null || sizes.includes(null) ? `\\separated of a pointer without an element size ('${types}'): ignored` : `\\separated of pointers to elements of different sizes ('${types}'): ignored`
          );
          return null;
        }
        return this.assignTemp({ op: "separated", locs, text: acslText(call), type: INT }, INT, call);
      }
      /**
       * The location `p + (a..b)`, `&p[a..b]` or `p` (0..0) of a `\valid` or `\separated` argument. A bound
       * is a C value plus a constant (`n - 1`), added as ACSL integers; a bound computed otherwise is not
       * read as C arithmetic (it may wrap where ACSL does not): null, with a warning (the conjunct is left out).
       */
      location(argNode, what) {
        const arg = strip(argNode);
        const op = arg.type === "binary_expression" || arg.type === "pointer_expression" ? arg.childForFieldName("operator")?.type : void 0;
        const plusRange = op === "+" ? strip(arg.childForFieldName("right")) : null;
        const index = op === "&" ? strip(arg.childForFieldName("argument")) : null;
        const subscriptRange = index?.type === "subscript_expression" ? strip(index.childForFieldName("index")) : null;
        let ptrNode = arg;
        let range = null;
        let single = null;
        if (plusRange && isRange(plusRange)) [ptrNode, range] = [arg.childForFieldName("left"), plusRange];
        else if (subscriptRange && isRange(subscriptRange)) [ptrNode, range] = [index.childForFieldName("argument"), subscriptRange];
        else if (plusRange) [ptrNode, single] = [arg.childForFieldName("left"), plusRange];
        else if (subscriptRange) [ptrNode, single] = [index.childForFieldName("argument"), subscriptRange];
        const ends = range ? [range.childForFieldName("left"), range.childForFieldName("right")] : single ? [single, single] : [];
        const bounds = [];
        for (const e of ends) {
          const b = this.rangeBound(e);
          if (!b) {
            this.ctx.report("warning", e, `ACSL range bound '${e.text}' is not a value plus a constant: this ${what} is ignored`);
            return null;
          }
          bounds.push(b);
        }
        const ptr = this.rvalue(ptrNode);
        if (ptr.type.kind !== "pointer") {
          this.ctx.report("warning", ptrNode, `${what} of '${ptrNode.text}', which is not a pointer: ignored`);
          return null;
        }
        const zero = { value: null, add: 0n };
        const [lo, hi] = bounds.length ? bounds : [zero, zero];
        return { ptr, lo, hi };
      }
      /** A range bound `E`, `E + c`, `E - c` or `c`, with E free of arithmetic (see valid). */
      rangeBound(node) {
        const n = strip(node);
        const c = this.constInteger(n);
        if (c !== null) return { value: null, add: c };
        let value = n;
        let add2 = 0n;
        const op = n.type === "binary_expression" ? n.childForFieldName("operator").type : null;
        if (op === "+" || op === "-") {
          const k = this.constInteger(n.childForFieldName("right"));
          if (k === null) return null;
          value = strip(n.childForFieldName("left"));
          add2 = op === "+" ? k : -k;
        }
        let arithmetic2 = false;
        const visit = (x) => {
          if (x.type === "subscript_expression") return visit(x.childForFieldName("argument"));
          if ([
            "binary_expression",
            "unary_expression",
            "update_expression",
            "assignment_expression",
            "call_expression",
            "comma_expression",
            "conditional_expression"
          ].includes(x.type))
            arithmetic2 = true;
          for (const ch of x.namedChildren) if (ch) visit(ch);
        };
        visit(value);
        if (arithmetic2) return null;
        const v = this.rvalue(value);
        return v.type.kind === "int" ? { value: v, add: add2 } : null;
      }
      // ---------------------------------------------------------------- special calls
      specialCall(node, fnNode, args) {
        if (fnNode.type !== "identifier") return super.specialCall(node, fnNode, args);
        const name = fnNode.text;
        const sym = this.ctx.scopes.lookup(name);
        const hasBody = this.fhost.hasBody(name);
        const none = { kind: "const", value: 0n, type: VOID };
        if (hasBody && !ERROR_FUNCTIONS.has(name)) return super.specialCall(node, fnNode, args);
        if (name === "__creach_assert" && args.length >= 1) {
          const saved = this.synthetic;
          this.synthetic = true;
          const cond = this.truth(args[0]);
          this.synthetic = saved;
          this.b.emit({ kind: "assert", cond, origin: "assert", text: this.ctx.text(strip(args[0])), range: this.R(node) });
          return none;
        }
        if (name === "__VERIFIER_assert" && args.length === 1) {
          const saved = this.synthetic;
          this.synthetic = true;
          const cond = this.truth(args[0]);
          this.synthetic = saved;
          this.b.emit({ kind: "assert", cond, origin: "assert", text: this.ctx.text(node), range: this.R(node) });
          return none;
        }
        if (name === "__VERIFIER_assume" && args.length === 1) {
          this.assumeAll(args[0], "assume", this.R(node));
          return none;
        }
        const abortAtError = name === "abort" && this.errorLabelStatement !== null && node.parent?.id === this.errorLabelStatement.id;
        if (ERROR_FUNCTIONS.has(name) || name === "__assert_fail" || name === "__assert_rtn" || name === "__assert" || abortAtError) {
          for (const a of args) this.effect(a);
          const range = this.R(node);
          this.b.emit({ kind: "error", text: this.ctx.text(node), range });
          this.b.terminate({ kind: "stop", why: "error", range });
          return none;
        }
        if (name in STOP_CALLS) {
          const why = STOP_CALLS[name];
          const status2 = why === "exit" && args.length === 1 ? this.convert(this.rvalue(args[0]), INT, args[0]) : void 0;
          if (!status2) for (const a of args) this.effect(a);
          this.b.terminate({ kind: "stop", why, range: this.R(node), ...status2 ? { status: status2 } : {} });
          return none;
        }
        if (name === "__builtin_unreachable") {
          this.b.terminate({ kind: "stop", why: "assume", range: this.R(node) });
          return none;
        }
        if (UNSUPPORTED_CALLS.has(name)) {
          const ret = sym?.kind === "func" ? sym.type.ret : INT;
          return this.havoc(ret, `call to ${name}`, node);
        }
        return super.specialCall(node, fnNode, args);
      }
      // ---------------------------------------------------------------- statements
      /** GNU `({ s1; ...; e; })`: the statements, then the value of the last expression statement. */
      statementExpression(block, _node) {
        const stmts = block.namedChildren.filter((c) => !!c && c.type !== "comment");
        let result = { kind: "value", op: { kind: "const", value: 0n, type: VOID } };
        this.ctx.scopes.push();
        stmts.forEach((s, i) => {
          const e = s.type === "expression_statement" ? s.namedChildren.find((c) => c && c.type !== "comment") : null;
          if (i === stmts.length - 1 && e) {
            this.startStatement(s);
            const r = this.expr(e);
            result = { kind: "value", op: this.toRvalue(r, e) };
          } else this.statement(s);
        });
        this.ctx.scopes.pop();
        return result;
      }
      /** A statement starts here (`goal` false for jumps alone: no statement goal of their own). */
      startStatement(node, goal = true) {
        this.b.markStatement(this.R(node), this.ctx.scopes.head, goal);
      }
      statement(node) {
        try {
          this.statementInner(node);
        } catch (e) {
          if (e instanceof RangeError) throw new NestingError(node);
          throw e;
        }
      }
      statementInner(node) {
        const b = this.b;
        switch (node.type) {
          case "compound_statement":
            this.ctx.scopes.push();
            for (const s of node.namedChildren) if (s) this.statement(s);
            this.ctx.scopes.pop();
            return;
          case "declaration":
            this.declaration(node);
            return;
          case "type_definition":
            if (this.fhost.types.typedefs(node)) this.b.emit({ kind: "unsupported", what: "variable-length array", range: this.R(node) });
            return;
          case "struct_specifier":
          case "union_specifier":
          case "enum_specifier":
            this.fhost.types.baseType(node);
            return;
          case "expression_statement": {
            const e = node.namedChildren.find((c) => c && c.type !== "comment");
            if (!e) return;
            this.startStatement(node);
            this.effect(e);
            return;
          }
          case "if_statement":
            return this.ifStatement(node);
          case "while_statement":
            return this.whileStatement(node);
          case "do_statement":
            return this.doStatement(node);
          case "for_statement":
            return this.forStatement(node);
          case "switch_statement":
            return this.switchStatement(node);
          case "case_statement":
            return this.caseStatement(node);
          // Jumps alone (break, continue, goto, `return;`) get no statement goal: their block is
          // entered exactly when the edge into it is taken, which a branch goal already covers.
          case "break_statement": {
            const target = this.breakables[this.breakables.length - 1];
            if (!target) return this.ctx.report("error", node, "'break' outside a loop or switch");
            this.startStatement(node, false);
            b.jump(target.brk, "break");
            return;
          }
          case "continue_statement": {
            const target = [...this.breakables].reverse().find((x) => x.cont !== null);
            if (!target) return this.ctx.report("error", node, "'continue' outside a loop");
            this.startStatement(node, false);
            b.jump(target.cont, "continue");
            return;
          }
          case "return_statement": {
            const e = node.namedChildren.find((c) => c && c.type !== "comment");
            this.startStatement(node, !!e);
            if (e) {
              if (this.retVar) {
                if (this.retVar.type.kind === "struct") {
                  const r = this.expr(e);
                  const value = r.kind === "place" ? { op: "load", place: r.place } : { op: "use", a: r.op };
                  b.emit({ kind: "assign", dst: varPlace(this.retVar.id, this.retVar.type), value, range: this.R(node) });
                } else this.store(varPlace(this.retVar.id, this.retVar.type), this.rvalue(e), node);
              } else this.effect(e);
            }
            b.jump(this.exitBlock);
            return;
          }
          case "goto_statement": {
            const label = node.childForFieldName("label")?.text ?? "";
            this.startStatement(node, false);
            b.jump(this.labelBlock(label), `goto ${label}`);
            return;
          }
          case "labeled_statement": {
            const label = node.childForFieldName("label")?.text ?? "";
            const target = this.labelBlock(label);
            if (this.definedLabels.has(label)) this.ctx.report("error", node, `duplicate label '${label}'`);
            this.definedLabels.add(label);
            b.jump(target);
            b.setBlock(target);
            for (const s of node.namedChildren) {
              if (!s || s.type === "statement_identifier") continue;
              const first = s.type === "compound_statement" ? s.namedChildren.find((c) => c && c.type !== "comment") : s;
              const saved = this.errorLabelStatement;
              if (label === "ERROR" && first?.type === "expression_statement") this.errorLabelStatement = first;
              this.statement(s);
              this.errorLabelStatement = saved;
            }
            return;
          }
          case "attributed_statement":
            for (const s of node.namedChildren) if (s && s.type !== "attribute_declaration") this.statement(s);
            return;
          case "gnu_asm_expression":
          case "asm_statement":
            this.startStatement(node);
            this.ctx.unsupported(node, "inline assembly", this.R(node));
            b.emit({ kind: "unsupported", what: "inline assembly", range: this.R(node) });
            return;
          case "function_definition":
            this.ctx.unsupported(node, "nested function definition", this.R(node));
            b.emit({ kind: "unsupported", what: "nested function definition", range: this.R(node) });
            return;
          case "comment":
          case ";":
            return;
          default:
            this.startStatement(node);
            this.ctx.unsupported(node, `statement '${node.type}'`, this.R(node));
            b.emit({ kind: "unsupported", what: `statement '${node.type}'`, range: this.R(node) });
        }
      }
      labelBlock(label) {
        let id = this.labels.get(label);
        if (id === void 0) {
          id = this.b.newBlock();
          this.labels.set(label, id);
        }
        return id;
      }
      declaration(node) {
        const types = this.fhost.types;
        const spec = types.specifiers(node);
        const scope = this.ctx.scopes.head;
        let started = false;
        for (const d of node.childrenForFieldName("declarator")) {
          if (!d) continue;
          const decl = types.declarator(spec.type, d, spec.isConst, { object: true, knownSize: (n) => this.knownLocalValue(n) });
          if (!decl.name) continue;
          if (decl.type.kind === "function") {
            if (!this.ctx.scopes.lookup(decl.name)) this.ctx.scopes.define(decl.name, { kind: "func", name: decl.name, type: decl.type });
            else {
              const s = this.ctx.scopes.lookup(decl.name);
              this.ctx.scopes.define(decl.name, s);
            }
            continue;
          }
          const initNode = d.type === "init_declarator" ? d.childForFieldName("value") : null;
          let type = decl.type;
          let tree = null;
          if (initNode) {
            tree = new InitResolver(this).resolve(type, initNode);
            if (type.kind === "array" && type.length === null) type = { ...type, length: inferredLength(tree) };
          }
          if (spec.storage === "extern") {
            const existing = this.ctx.scopes.lookup(decl.name);
            if (existing) this.ctx.scopes.define(decl.name, existing);
            else this.ctx.report("warning", d, `block-scope extern '${decl.name}' without a file-scope declaration`);
            continue;
          }
          const unmodelledVla = decl.vla || decl.vlaSize !== void 0 && (spec.storage === "static" || initNode !== null);
          if (unmodelledVla && !decl.vla) this.ctx.unsupported(d, "variable-length array");
          if (unmodelledVla && spec.storage === "static") this.b.emit({ kind: "unsupported", what: "variable-length array", range: this.R(d) });
          if (decl.vlaSize && !unmodelledVla) {
            if (!started) this.b.markStatement(this.R(node), scope);
            started = true;
            this.vlaDeclaration(decl.name, decl.type, decl.vlaSize, d, decl.nameNode);
            continue;
          }
          if (spec.storage === "static") {
            const v2 = this.fhost.staticLocal(this.name, decl.name, type, decl.isConst, decl.nameNode ? this.ctx.range(decl.nameNode) ?? void 0 : void 0);
            this.ctx.scopes.define(decl.name, { kind: "var", id: v2.id });
            if (tree) {
              const init = constInitializer(this, type, tree);
              if (init) v2.init = init;
              else this.ctx.unsupported(initNode, "non-constant static initialiser", this.R(initNode));
            }
            continue;
          }
          if (unmodelledVla) this.b.emit({ kind: "unsupported", what: "variable-length array", range: this.R(d) });
          else if (type.kind === "array" && type.length === null) this.b.emit({ kind: "unsupported", what: "array of unknown length", range: this.R(d) });
          if (isLongDouble(type)) this.b.emit({ kind: "unsupported", what: "long double", range: this.R(d) });
          const v = this.ctx.newVar({
            name: decl.name,
            type,
            kind: "local",
            addressTaken: false,
            isConst: decl.isConst,
            isStatic: false,
            range: decl.nameNode ? this.ctx.range(decl.nameNode) ?? void 0 : void 0
          });
          this.fnLocals.push(v.id);
          this.ctx.scopes.define(decl.name, { kind: "var", id: v.id });
          if (initNode) {
            if (!started) this.b.markStatement(this.R(node), scope);
            started = true;
            emitLocalInit(this, varPlace(v.id, type), tree, d);
            this.noteConstantLocal(v.id, decl.name, type, initNode, node);
          } else {
            this.b.emit({ kind: "assign", dst: varPlace(v.id, type), value: { op: "indeterminate", type }, range: this.R(d) });
          }
        }
      }
      /** Locals that hold one integer constant wherever they are in scope (noteConstantLocal), by variable id. */
      constantLocals = /* @__PURE__ */ new Map();
      /** The names the function's body assigns, increments or takes the address of; null: it has a goto (lazily). */
      modifiedNames;
      /**
       * Notes `int n = 10;` as holding 10 wherever it is in scope, so that `int a[n][n]` is an array of
       * known size (what gcc computes at run time, n being 10 there). Only when nothing can change n or skip
       * its initialiser: no assignment, ++/-- or & of any variable of that name in the function, no goto,
       * not volatile, not declared directly in a switch's body (a case label can jump past it).
       */
      noteConstantLocal(id, name, type, init, declaration) {
        if (type.kind !== "int" || /\bvolatile\b/.test(declaration.text.slice(0, declaration.text.indexOf(name)))) return;
        if (declaration.parent?.type === "compound_statement" && declaration.parent.parent?.type === "switch_statement") return;
        if (this.modifiedNames === void 0) this.modifiedNames = modifiedNamesOf(this.functionNode);
        if (!this.modifiedNames || this.modifiedNames.has(name)) return;
        const value = this.constInteger(init);
        if (value !== null && wrapInt(value, type) > 0n) this.constantLocals.set(id, wrapInt(value, type));
      }
      /** The value of a local that holds a constant (noteConstantLocal), named alone by `node`. */
      knownLocalValue(node) {
        let n = node;
        while (n.type === "parenthesized_expression" && n.namedChildCount === 1) n = n.namedChild(0);
        if (n.type !== "identifier") return null;
        const sym = this.ctx.scopes.lookup(n.text);
        return sym?.kind === "var" ? this.constantLocals.get(sym.id) ?? null : null;
      }
      /**
       * `T a[n];` each time it is reached: n evaluated, an object of n elements of T made (model/library.ts,
       * `VLA_ALLOC`; n > 0, C11 6.7.6.2p5, is a runtime error goal), and `a` a pointer to its first element,
       * which is how every use of `a` but `sizeof a` (n * sizeof(T), from the n kept) and `&a` sees it.
       */
      vlaDeclaration(name, type, sizeNode, d, nameNode) {
        const range = nameNode ? this.ctx.range(nameNode) ?? void 0 : void 0;
        const size = this.rvalue(sizeNode);
        if (size.type.kind !== "int") {
          this.ctx.report("error", sizeNode, "size of array has non-integer type");
          return;
        }
        const sizeT = sizeType(this.model);
        const length = this.newTemp(sizeT);
        this.b.emit({ kind: "assign", dst: varPlace(length.id, sizeT), value: { op: "cast", a: size, to: sizeT }, range: this.R(d) });
        const ptr = pointerTo(type.of);
        const v = this.ctx.newVar({ name, type: ptr, kind: "local", addressTaken: false, isConst: true, isStatic: false, range });
        this.fnLocals.push(v.id);
        this.ctx.scopes.define(name, { kind: "var", id: v.id, vla: { length: length.id, of: type.of } });
        this.b.emit({
          kind: "assign",
          dst: varPlace(v.id, ptr),
          value: { op: "call", callee: VLA_ALLOC, args: [size], external: true, type: ptr },
          range: this.R(d)
        });
      }
      ifStatement(node) {
        const b = this.b;
        this.startStatement(node);
        const cond = node.childForFieldName("condition");
        const cons = node.childForFieldName("consequence");
        let alt = node.childForFieldName("alternative");
        if (alt?.type === "else_clause") alt = alt.namedChildren.find((c) => c && c.type !== "comment") ?? null;
        const thenB = b.newBlock();
        const elseB = alt ? b.newBlock() : null;
        const after = b.newBlock();
        this.decision("if", condExpr(cond), thenB, elseB ?? after);
        b.setBlock(thenB);
        this.statement(cons);
        b.jump(after);
        if (alt && elseB !== null) {
          b.setBlock(elseB);
          this.statement(alt);
          b.jump(after);
        }
        b.setBlock(after);
      }
      /** A loop's condition decision (`for(;;)` has none: its header jumps into the body). */
      loopDecision(kind, cond, body, exit, rangeNode) {
        if (!cond) {
          this.b.jump(body);
          return;
        }
        this.decision(kind, condExpr(cond), body, exit, condExpr(rangeNode));
      }
      whileStatement(node) {
        const b = this.b;
        this.startStatement(node);
        const header = b.newBlock();
        const body = b.newBlock();
        const exit = b.newBlock();
        b.jump(header);
        b.setBlock(header);
        const cond = node.childForFieldName("condition");
        this.loopDecision("while", cond, body, exit, cond);
        b.setBlock(body);
        this.breakables.push({ brk: exit, cont: header });
        this.statement(node.childForFieldName("body"));
        this.breakables.pop();
        b.jump(header, "loop back");
        b.setBlock(exit);
      }
      doStatement(node) {
        const b = this.b;
        this.startStatement(node);
        const body = b.newBlock();
        const condB = b.newBlock();
        const exit = b.newBlock();
        b.jump(body);
        b.setBlock(body);
        this.breakables.push({ brk: exit, cont: condB });
        this.statement(node.childForFieldName("body"));
        this.breakables.pop();
        b.jump(condB);
        b.setBlock(condB);
        const cond = node.childForFieldName("condition");
        this.loopDecision("do", cond, body, exit, cond);
        b.setBlock(exit);
      }
      forStatement(node) {
        const b = this.b;
        this.startStatement(node);
        this.ctx.scopes.push();
        const init = node.childForFieldName("initializer");
        if (init) {
          if (init.type === "declaration") this.declaration(init);
          else this.effect(init);
        }
        const header = b.newBlock();
        const body = b.newBlock();
        const step = b.newBlock();
        const exit = b.newBlock();
        b.jump(header);
        b.setBlock(header);
        const cond = node.childForFieldName("condition");
        this.loopDecision("for", cond, body, exit, cond ?? node);
        b.setBlock(body);
        this.breakables.push({ brk: exit, cont: step });
        this.statement(node.childForFieldName("body"));
        this.breakables.pop();
        b.jump(step);
        b.setBlock(step);
        const update = node.childForFieldName("update");
        if (update) this.effect(update);
        b.jump(header, "loop back");
        b.setBlock(exit);
        this.ctx.scopes.pop();
      }
      switchStatement(node) {
        const b = this.b;
        this.startStatement(node);
        const condNode = condExpr(node.childForFieldName("condition"));
        let value = this.rvalue(condNode);
        if (!isInteger(value.type)) {
          this.ctx.report("error", condNode, "switch quantity is not an integer");
          value = { kind: "const", value: 0n, type: INT };
        }
        value = this.convert(value, promote(value.type), condNode);
        const from = b.cur;
        b.terminate({ kind: "goto", target: -1 });
        const exit = b.newBlock();
        const sw = { value, cases: [], defaultTarget: null };
        this.switches.push(sw);
        this.breakables.push({ brk: exit, cont: null });
        const body = node.childForFieldName("body");
        this.statement(body);
        this.breakables.pop();
        this.switches.pop();
        b.jump(exit);
        const range = this.R(condNode);
        const text = this.ctx.text(condNode);
        const d = b.addDecision({
          scope: this.ctx.scopes.head,
          kind: "switch",
          line: range.line,
          tag: "switch",
          synthetic: this.synthetic || void 0,
          text,
          range,
          outcomes: []
        });
        const defaultTarget = sw.defaultTarget ?? exit;
        b.blocks[from].terminator = {
          kind: "switch",
          value,
          decision: d.id,
          range,
          cases: sw.cases.map((c) => ({ values: c.values, target: c.target })),
          default: defaultTarget
        };
        for (const c of sw.cases) {
          d.outcomes.push({ outcome: c.label, edges: [{ from, to: c.target }] });
          b.label(from, c.target, { text: c.label, decision: d.id, outcome: c.label });
        }
        const defLabel = sw.defaultTarget === null ? "default (none)" : "default";
        d.outcomes.push({ outcome: defLabel, edges: [{ from, to: defaultTarget }] });
        b.label(from, defaultTarget, { text: defLabel, decision: d.id, outcome: defLabel });
        b.setBlock(exit);
      }
      caseStatement(node) {
        const b = this.b;
        const sw = this.switches[this.switches.length - 1];
        const valueNode = node.childForFieldName("value");
        const target = b.newBlock();
        if (b.isOpen) b.jump(target, "fall-through");
        b.setBlock(target);
        if (!sw) this.ctx.report("error", node, "case label not within a switch statement");
        else if (!valueNode) {
          if (sw.defaultTarget !== null) this.ctx.report("error", node, "multiple default labels in one switch");
          sw.defaultTarget = target;
        } else {
          const v = this.caseValue(valueNode, sw.value.type);
          if (v !== null) sw.cases.push({ values: [v], target, label: `case ${this.ctx.text(valueNode)}` });
        }
        for (const s of node.namedChildren) {
          if (!s || s === valueNode || s.id === valueNode?.id) continue;
          this.statement(s);
        }
      }
      caseValue(node, type) {
        return this.inScratch(true, (emitted) => {
          const v = this.convert(this.rvalue(node), type, node);
          if (v.kind === "const" && !emitted()) return v.value;
          this.ctx.report("error", node, "case label does not reduce to an integer constant");
          return null;
        });
      }
    };
  }
});

// server/src/frontend/program.ts
function definitionName(n) {
  let d = n.childForFieldName("declarator");
  while (d) {
    if (d.type === "identifier") return d.text;
    d = d.childForFieldName("declarator") ?? d.namedChildren.find((c) => c?.type.endsWith("declarator") || c?.type === "identifier") ?? null;
  }
  return null;
}
var ProgramLowerer;
var init_program = __esm({
  "server/src/frontend/program.ts"() {
    "use strict";
    init_source();
    init_declarations();
    init_expressions();
    init_builder();
    init_functions();
    init_initializers();
    init_acsl();
    ProgramLowerer = class {
      constructor(ctx, root, contracts) {
        this.ctx = ctx;
        this.root = root;
        this.contracts = contracts;
        const dummyRange = { line: 1, column: 1, endLine: 1, endColumn: 2 };
        this.types = new TypeResolver(ctx, (n) => this.fileScope.constInteger(n));
        this.fileScope = new ExpressionLowerer(this, new FunctionBuilder("<file>"), [], dummyRange);
        this.fileScope.constMode = true;
        this.definedNames = new Set(
          root.namedChildren.filter((n) => n?.type === "function_definition").map((n) => definitionName(n)).filter((n) => !!n)
        );
        this.lines = new LineIndex(ctx.source);
      }
      ctx;
      root;
      contracts;
      types;
      fileScope;
      definitions = /* @__PURE__ */ new Map();
      definedNames;
      functions = [];
      externals = /* @__PURE__ */ new Map();
      globals = [];
      globalSet = /* @__PURE__ */ new Set();
      pending = [];
      loweredOrQueued = /* @__PURE__ */ new Set();
      lines;
      // ---------------------------------------------------------------- host services
      hasBody(name) {
        return this.definedNames.has(name);
      }
      callee(name, type, site) {
        if (this.definedNames.has(name)) {
          const def = this.definitions.get(name);
          if (!this.loweredOrQueued.has(name) && (!def || !def.user)) {
            this.loweredOrQueued.add(name);
            this.pending.push({ name, site });
          }
          return { external: false };
        }
        if (!this.externals.has(name)) this.externals.set(name, type);
        return { external: true };
      }
      useGlobal(id) {
        if (this.globalSet.has(id)) return;
        this.globalSet.add(id);
        this.globals.push(id);
      }
      staticLocal(fn2, name, type, isConst, range) {
        const v = this.ctx.newVar({ name: `${fn2}.${name}`, type, kind: "global", addressTaken: false, isConst, isStatic: true, range });
        this.useGlobal(v.id);
        return v;
      }
      // ---------------------------------------------------------------- translation unit
      lower() {
        for (const n of this.root.namedChildren) if (n) this.guarded(n, () => this.topLevel(n));
        while (this.pending.length > 0) {
          const { name, site } = this.pending.shift();
          const def = this.definitions.get(name);
          if (def && !def.user) this.guarded(def.node, () => this.lowerFunction(def, site));
        }
        return {
          file: this.ctx.file,
          dataModel: this.ctx.model,
          vars: this.ctx.vars,
          globals: this.globals,
          functions: this.functions,
          externals: this.externals,
          diagnostics: this.ctx.diagnostics,
          source: this.ctx.source,
          scopes: this.ctx.scopes.chain
        };
      }
      /**
       * Runs `work` on one top-level node. A failure of the front end itself on it becomes a
       * diagnostic at that node (a warning that drops it, in a header) instead of a crash.
       */
      guarded(n, work) {
        try {
          work();
        } catch (e) {
          if (e instanceof NestingError || !(e instanceof Error)) throw e;
          if (this.ctx.isUser(n)) this.ctx.report("error", n, `internal error of the front end on this declaration: ${e.message}`);
          else this.ctx.report("warning", n, `header declaration ignored (internal error of the front end: ${e.message})`);
        }
      }
      topLevel(n) {
        switch (n.type) {
          case "function_definition":
            return this.functionDefinition(n);
          case "declaration":
            return this.declaration(n);
          case "type_definition":
            this.types.typedefs(n);
            return;
          case "struct_specifier":
          case "union_specifier":
          case "enum_specifier":
            this.types.baseType(n);
            return;
          case "comment":
            return;
          case "expression_statement": {
            const call = n.namedChildren[0];
            const callee = call?.type === "call_expression" ? call.childForFieldName("function")?.text : void 0;
            if (call && (callee === "_Static_assert" || callee === "static_assert")) {
              const args = call.childForFieldName("arguments")?.namedChildren.filter((a) => !!a && a.type !== "comment") ?? [];
              this.fileScope.staticAssert(call, args);
            } else if (n.namedChildren.length > 0) this.ctx.report("error", n, "expected a declaration");
            return;
          }
          case "linkage_specification":
            return;
          default:
            if (n.type.startsWith("preproc_")) {
              this.ctx.report("error", n, "preprocessor directive left in the input (was the file preprocessed?)");
              return;
            }
            if (this.ctx.isUser(n)) this.ctx.unsupported(n, `top-level '${n.type}'`);
        }
      }
      declaration(n) {
        const spec = this.types.specifiers(n);
        const user = this.ctx.isUser(n);
        for (const d of n.childrenForFieldName("declarator")) {
          if (!d) continue;
          const decl = this.types.declarator(spec.type, d, spec.isConst);
          if (!decl.name) continue;
          if (decl.type.kind === "function") {
            const existing2 = this.ctx.scopes.lookup(decl.name);
            if (!existing2 || existing2.kind !== "func") this.ctx.scopes.define(decl.name, { kind: "func", name: decl.name, type: decl.type });
            else if (!existing2.type.prototyped && decl.type.prototyped) existing2.type = decl.type;
            continue;
          }
          if (decl.vla) this.ctx.report("error", d, `variable-length array '${decl.name}' at file scope`);
          const initNode = d.type === "init_declarator" ? d.childForFieldName("value") : null;
          let type = decl.type;
          const tree = initNode ? new InitResolver(this.fileScope).resolve(type, initNode) : null;
          if (tree && type.kind === "array" && type.length === null) type = { ...type, length: inferredLength(tree) };
          const existing = this.ctx.scopes.lookup(decl.name);
          let v;
          if (existing?.kind === "var") {
            v = this.ctx.vars.get(existing.id);
            if (type.kind === "array" && v.type.kind === "array" && v.type.length === null) v.type = type;
          } else {
            if (user && type.kind === "float" && type.name === "long double") this.ctx.unsupported(d, "long double");
            v = this.ctx.newVar({
              name: decl.name,
              type,
              kind: "global",
              addressTaken: false,
              isConst: decl.isConst,
              isStatic: spec.storage === "static",
              range: decl.nameNode ? this.ctx.range(decl.nameNode) ?? void 0 : void 0
            });
            this.ctx.scopes.define(decl.name, { kind: "var", id: v.id });
          }
          if (user && spec.storage !== "extern") this.useGlobal(v.id);
          if (tree) {
            const init = constInitializer(this.fileScope, v.type, tree);
            if (init) v.init = init;
            else this.ctx.unsupported(initNode, "initialiser that is not a constant the front end can evaluate");
          }
        }
      }
      functionDefinition(n) {
        const spec = this.types.specifiers(n);
        const declNode = n.childForFieldName("declarator");
        const decl = this.types.declarator(spec.type, declNode, false);
        if (!decl.name || decl.type.kind !== "function") {
          this.ctx.report("error", n, "malformed function definition");
          return;
        }
        const type = decl.type;
        const fnType = type.prototyped || type.params.length > 0 ? type : { ...type, prototyped: true };
        const existing = this.ctx.scopes.lookup(decl.name);
        if (!existing || existing.kind !== "func") this.ctx.scopes.define(decl.name, { kind: "func", name: decl.name, type: fnType });
        else existing.type = fnType;
        const def = {
          name: decl.name,
          node: n,
          declarator: decl.functionDeclarator,
          nameNode: decl.nameNode,
          type: fnType,
          user: this.ctx.isUser(n),
          isStatic: spec.storage === "static"
        };
        if (this.definitions.has(decl.name)) {
          this.ctx.report("error", n, `redefinition of '${decl.name}'`);
          return;
        }
        this.definitions.set(decl.name, def);
        if (def.user) {
          this.loweredOrQueued.add(def.name);
          this.lowerFunction(def, null);
        }
      }
      lowerFunction(def, site) {
        const fallback = site ?? this.ctx.range(def.node) ?? { line: 1, column: 1, endLine: 1, endColumn: 2 };
        const lowerer = new FunctionLowerer(this, def.name, def.type, def.user, fallback);
        const contract = def.user ? this.contractOf(def.node) : [];
        this.functions.push(lowerer.lower(def.node, def.declarator, contract, def.isStatic, def.nameNode));
      }
      contractOf(node) {
        const r = this.ctx.range(node);
        if (!r) return [];
        const offset = this.lines.offset(r.line, r.column);
        const out = [];
        for (const comment3 of contractBefore(this.contracts.comments, this.ctx.source, offset)) {
          for (const p of comment3.problems) this.ctx.report("warning", node, p.message, p.range);
          out.push(...this.clausesOf(node, comment3));
        }
        return out;
      }
      clausesOf(node, comment3) {
        const out = [];
        for (const pc of this.contracts.parsed.get(comment3.end) ?? []) {
          if (pc.error || !pc.expr) {
            this.ctx.report("warning", node, `${pc.error ?? "unreadable clause"}: ${pc.clause.kind} clause ignored`, pc.clause.range);
            continue;
          }
          out.push({ kind: pc.clause.kind, text: pc.clause.text, range: pc.clause.range, expr: pc.expr, map: pc.map });
        }
        return out;
      }
    };
  }
});

// server/src/ir/indirect.ts
function resolveIndirectCalls(program) {
  const taken = addressTaken(program);
  let nextVar = Math.max(0, ...program.vars.keys()) + 1;
  for (const fn2 of program.functions) {
    let nextBlock = fn2.blocks.length;
    const kept = /* @__PURE__ */ new Set();
    for (let k = 0; k < fn2.blocks.length; k++) {
      const block = fn2.blocks[k];
      const at2 = block.instrs.findIndex((i) => i.kind === "assign" && i.value.op === "icall" && !kept.has(i));
      if (at2 < 0) continue;
      const call = block.instrs[at2];
      const icall = call.value;
      const type = calledType(icall.fn);
      const targets = type ? taken.filter((f) => compatible(f.type, type)) : [];
      if (!targets.length) {
        kept.add(call);
        k--;
        continue;
      }
      const rest = {
        id: nextBlock++,
        instrs: block.instrs.slice(at2 + 1),
        terminator: block.terminator,
        edgeLabels: block.edgeLabels,
        hasCode: false,
        statements: (block.statements ?? []).filter((s) => s.index > at2).map((s) => ({ ...s, index: s.index - at2 - 1 }))
      };
      const firstCode = rest.statements.find((s) => !s.jump);
      if (firstCode) {
        rest.range = firstCode.range;
        rest.hasCode = block.hasCode;
      }
      for (const d of fn2.decisions) for (const o of d.outcomes) for (const e of o.edges) if (e.from === block.id) e.from = rest.id;
      const chain = [];
      const plain = (instrs, to) => ({
        id: nextBlock++,
        instrs,
        terminator: { kind: "goto", target: to },
        edgeLabels: {},
        hasCode: false,
        statements: []
      });
      const fallback = plain([call], rest.id);
      kept.add(call);
      chain.push(fallback);
      let next = fallback.id;
      for (let t = targets.length - 1; t >= 0; t--) {
        const f = targets[t];
        const direct = plain([{ ...call, value: { op: "call", callee: f.name, args: icall.args, external: false, type: icall.type } }], rest.id);
        const same2 = { id: nextVar++, name: `t.fp${nextVar}`, type: INT, kind: "temp", addressTaken: false, isConst: false, isStatic: false };
        program.vars.set(same2.id, same2);
        fn2.locals.push(same2.id);
        const decision = `${fn2.name}:indirect:${block.id}:${at2}:${f.name}`;
        const test = {
          id: nextBlock++,
          instrs: [
            {
              kind: "assign",
              dst: { root: { kind: "var", id: same2.id }, path: [], type: INT },
              // The function's address, typed as the pointer it is compared with (the IR's == has one operand type).
              value: { op: "binary", bop: "==", a: icall.fn, b: { kind: "func", name: f.name, type: icall.fn.type }, type: INT },
              range: call.range
            }
          ],
          terminator: { kind: "branch", cond: { kind: "var", id: same2.id, type: INT }, then: direct.id, else: next, decision, range: call.range },
          edgeLabels: { [direct.id]: { text: `calls ${f.name}` }, [next]: { text: `not ${f.name}` } },
          hasCode: false,
          statements: []
        };
        fn2.decisions.push({
          id: decision,
          kind: "if",
          synthetic: true,
          text: `${exprText(icall.fn)} == ${f.name}`,
          range: call.range,
          outcomes: [
            { outcome: "true", edges: [{ from: test.id, to: direct.id }] },
            { outcome: "false", edges: [{ from: test.id, to: next }] }
          ]
        });
        chain.push(direct, test);
        next = test.id;
      }
      block.instrs = block.instrs.slice(0, at2);
      block.terminator = { kind: "goto", target: next };
      block.edgeLabels = {};
      block.statements = (block.statements ?? []).filter((s) => s.index <= at2);
      fn2.blocks.push(rest, ...chain);
    }
  }
}
function addressTaken(program) {
  const names = /* @__PURE__ */ new Set();
  const visit = (op) => {
    if (op.kind === "func") names.add(op.name);
  };
  for (const fn2 of program.functions)
    for (const b of fn2.blocks) {
      for (const ins of b.instrs) {
        if (ins.kind === "assign") rvalueOperands(ins.value).forEach(visit);
        else if (ins.kind === "assume" || ins.kind === "assert") visit(ins.cond);
      }
      terminatorOperands(b.terminator).forEach(visit);
    }
  const inInit = (init) => {
    if (!init) return;
    if (init.kind === "scalar") visit(init.value);
    else if (init.kind === "aggregate") init.elems.forEach((e) => inInit(e ?? void 0));
  };
  for (const v of program.vars.values()) inInit(v.init);
  return program.functions.filter((f) => names.has(f.name));
}
function calledType(fn2) {
  const t = fn2.type.kind === "pointer" ? fn2.type.to : fn2.type;
  return t.kind === "function" ? t : null;
}
function compatible(f, call) {
  if (!sameType(f.ret, call.ret)) return false;
  if (!call.prototyped) return true;
  return f.variadic === call.variadic && f.params.length === call.params.length && f.params.every((p, i) => sameType(p, call.params[i]));
}
function exprText(op) {
  return op.kind === "var" ? "the function pointer" : op.kind === "func" ? op.name : "the function pointer";
}
var init_indirect = __esm({
  "server/src/ir/indirect.ts"() {
    "use strict";
    init_types();
    init_walk();
  }
});

// server/src/frontend/errors.ts
function formatDiagnostics(diags) {
  return diags.map((d) => `${d.file}:${d.range.line}:${d.range.column}: ${d.severity === "error" ? "" : `${d.severity}: `}${d.message}`).join("\n");
}
var FrontendError;
var init_errors3 = __esm({
  "server/src/frontend/errors.ts"() {
    "use strict";
    FrontendError = class extends Error {
      constructor(diagnostics, message) {
        super(message ?? (formatDiagnostics(diagnostics.filter((d) => d.severity === "error")) || "front end error"));
        this.diagnostics = diagnostics;
        this.name = "FrontendError";
      }
      diagnostics;
    };
  }
});

// server/src/frontend/condition.ts
async function lowerCondition(program, fn2, at2, text, options = {}) {
  const f = typeof fn2 === "string" ? program.functions.find((x) => x.name === fn2) : fn2;
  if (!f) throw new FrontendError([], `no function '${fn2}' in the program`);
  if (!program.scopes) throw new FrontendError([], "the program was lowered without scopes");
  const point = placeOf(f, at2);
  const tree = await parseC(PREFIX2 + "\n" + text + "\n;}");
  try {
    const expr = theExpression(tree.rootNode, text);
    const ctx = new ConditionContext(program, point.scope);
    let maxId = 0;
    for (const id of program.vars.keys()) maxId = Math.max(maxId, id);
    ctx.startIdsAt(Math.max(maxId + 1, options.firstTempId ?? 0));
    const temps = [];
    const lowerer = new ConditionLowerer(program, ctx, temps, point.range);
    let cond;
    try {
      cond = lowerer.truthOf(lowerer.rvalue(expr), expr);
    } catch (e) {
      if (e instanceof NestingError) throw new ConditionError(e.node, "expression nested too deeply");
      if (e instanceof RangeError) throw new ConditionError({ row: 1, column: 0 }, "expression nested too deeply");
      throw e;
    }
    const instrs = lowerer.finish();
    return { instrs, cond, temps: temps.map((id) => ctx.vars.get(id)).filter((v) => !!v) };
  } catch (e) {
    if (e instanceof ConditionError) throw conditionError(text, e.row, e.column, e.message);
    throw e;
  } finally {
    tree.delete();
  }
}
function conditionError(text, row, column, message) {
  const lines2 = text.split("\n");
  let offset;
  if (row < 1) offset = 0;
  else if (row > lines2.length) offset = text.length;
  else offset = lines2.slice(0, row - 1).reduce((n, l) => n + l.length + 1, 0) + Math.min(column, lines2[row - 1].length);
  const col = offset + 1;
  const range = { line: 1, column: col, endLine: 1, endColumn: col + 1 };
  return new FrontendError([{ severity: "error", message, file: "", range }], `column ${col}: ${message}`);
}
function placeOf(f, at2) {
  if ("decision" in at2) {
    const d = f.decisions.find((x) => x.id === at2.decision);
    if (!d || d.scope === void 0) throw new FrontendError([], `no decision '${at2.decision}' in ${f.name}`);
    return { scope: d.scope, range: d.range };
  }
  if ("block" in at2) {
    const s = f.blocks[at2.block]?.statements?.[at2.statement];
    if (!s) throw new FrontendError([], `no statement ${at2.statement} in block ${at2.block} of ${f.name}`);
    return s;
  }
  const all = f.blocks.flatMap((b) => b.statements ?? []).filter((s) => s.range.line === at2.line && (at2.column === void 0 || s.range.column === at2.column));
  all.sort((a, b) => a.range.column - b.range.column);
  if (all.length === 0)
    throw new FrontendError([], `no statement of ${f.name} starts at line ${at2.line}${at2.column === void 0 ? "" : `, column ${at2.column}`}`);
  return all[0];
}
function theExpression(root, text) {
  const body = root.namedChildren.find((n) => n?.type === "function_definition")?.childForFieldName("body");
  const ret = body?.namedChildren.find((n) => n?.type === "return_statement");
  const expr = ret?.namedChildren.find((n) => n && n.type !== "comment" && n.type !== "ERROR") ?? null;
  const problems = [];
  const blank = /^(?:\s+|\/\*[\s\S]*?\*\/|\/\/[^\n]*)*$/.test(text);
  if (blank) throw new ConditionError({ row: 1, column: 0 }, "empty condition");
  if (expr) {
    const end = expr.endPosition;
    const lines2 = text.split("\n");
    const restLines = end.row >= 1 && end.row <= lines2.length ? [lines2[end.row - 1].slice(end.column), ...lines2.slice(end.row)] : [];
    const rest = restLines.join("\n");
    const skipped = /^(?:\s+|\/\*[\s\S]*?\*\/|\/\/[^\n]*)*/.exec(rest)[0];
    if (skipped.length < rest.length) {
      const token = /^(?:[A-Za-z_]\w*|\d[\w.]*|\S)/.exec(rest.slice(skipped.length))[0];
      const before = rest.slice(0, skipped.length).split("\n");
      const row = end.row + before.length - 1;
      const column = before.length === 1 ? end.column + skipped.length : before[before.length - 1].length;
      problems.push(new ConditionError({ row, column }, `unexpected '${token}' after the expression`));
    }
    if (expr.type === "comma_expression") {
      const comma = expr.children.find((c) => c?.type === ",");
      problems.push(new ConditionError(comma ?? expr, "unexpected ',': a condition is one expression"));
    }
  }
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop();
    if (n.type === "ERROR") {
      const snippet = n.text.replace(/\s+/g, " ").trim().slice(0, 20);
      problems.push(new ConditionError(n, n.startPosition.row > text.split("\n").length ? "unexpected end of the condition" : `unexpected '${snippet}'`));
      continue;
    }
    if (n.isMissing) {
      if (n.type === ";") continue;
      const missing = n.type === "identifier" ? "an operand is missing" : `missing '${n.type}'`;
      problems.push(new ConditionError(n, missing));
      continue;
    }
    if (!n.hasError) continue;
    for (const c of n.children) if (c) stack.push(c);
  }
  if (problems.length > 0) {
    problems.sort((a, b) => a.row - b.row || a.column - b.column);
    throw problems[0];
  }
  if (!expr) throw new ConditionError({ row: 1, column: 0 }, "not a C expression");
  return expr;
}
function mentionsAddress(x, id) {
  if (typeof x !== "object" || x === null) return false;
  if (Array.isArray(x)) return x.some((e) => mentionsAddress(e, id));
  const o = x;
  if (o.kind === "addr" && o.place?.root.kind === "var" && o.place.root.id === id) return true;
  return Object.entries(x).some(([k, v]) => k !== "type" && k !== "to" && k !== "range" && mentionsAddress(v, id));
}
var PREFIX2, ConditionError, ConditionContext, SIDE_EFFECTS, ConditionLowerer;
var init_condition = __esm({
  "server/src/frontend/condition.ts"() {
    "use strict";
    init_types();
    init_parser();
    init_sourcemap();
    init_context();
    init_declarations();
    init_expressions();
    init_builder();
    init_ctypes();
    init_errors3();
    PREFIX2 = "void __creach_condition(void) { return";
    ConditionError = class extends Error {
      row;
      column;
      constructor(node, message) {
        super(message);
        const p = "startPosition" in node ? node.startPosition : node;
        this.row = p.row;
        this.column = p.column;
      }
    };
    ConditionContext = class extends FrontendContext {
      constructor(program, scope) {
        super("", program.dataModel, "", new SourceMap([], [], []));
        for (const [id, v] of program.vars) this.vars.set(id, { ...v });
        const chain = [];
        for (let n = scope; n >= 0; n = program.scopes[n].parent) chain.push(program.scopes[n]);
        for (const node of chain.reverse()) {
          if (node.symbol.kind === "tag") this.scopes.defineTag(node.name, node.symbol.type);
          else this.scopes.define(node.name, node.symbol);
        }
      }
      report(severity, node, message) {
        if (severity === "error") throw new ConditionError(node, message);
      }
      unsupported(node, what) {
        throw new ConditionError(node, `${what} is not supported in a condition`);
      }
    };
    SIDE_EFFECTS = {
      assignment_expression: "an assignment",
      update_expression: `'++' or '--'`,
      compound_literal_expression: "a compound literal",
      gnu_asm_expression: "inline assembly",
      string_literal: "a string literal",
      concatenated_string: "a string literal"
    };
    ConditionLowerer = class extends ExpressionLowerer {
      constructor(program, ctx, temps, range) {
        const hasBody = (name) => program.functions.some((f) => f.name === name);
        const host = { ctx, callee: (name) => ({ external: !hasBody(name) }), hasBody, useGlobal: () => void 0 };
        super(host, new FunctionBuilder("<condition>"), temps, range);
        this.program = program;
        host.types = new TypeResolver(ctx, (n) => this.constInteger(n));
      }
      program;
      /** Temps known to hold 0 or 1 (comparisons, `!`, `&&`, `||`). */
      truthValues = /* @__PURE__ */ new Set();
      /** Innermost node being lowered, and where each variable's address was first taken. */
      nodes = [];
      addressNodes = /* @__PURE__ */ new Map();
      expr(node) {
        this.nodes.push(node);
        try {
          return this.conditionExpr(node);
        } finally {
          this.nodes.pop();
        }
      }
      conditionExpr(node) {
        const value = (op) => ({ kind: "value", op });
        const what = SIDE_EFFECTS[node.type];
        if (what) throw new ConditionError(node, `${what} is not allowed in a condition`);
        switch (node.type) {
          case "call_expression": {
            const fnNode = node.childForFieldName("function");
            const args = node.childForFieldName("arguments")?.namedChildren.filter((c) => c && c.type !== "comment") ?? [];
            if (this.typedefInParens(fnNode) && args.length === 1) return super.expr(node);
            throw new ConditionError(node, `a call is not allowed in a condition (calls can have side effects)`);
          }
          case "comma_expression":
            throw new ConditionError(node.children.find((c) => c?.type === ",") ?? node, "unexpected ',': a condition is one expression");
          case "parenthesized_expression":
            if (node.namedChildren.some((c) => c?.type === "compound_statement"))
              throw new ConditionError(node, "a statement expression is not allowed in a condition");
            break;
          case "identifier":
            if (!this.ctx.scopes.lookup(node.text)) {
              if (node.text === "NULL") return value({ kind: "const", value: 0n, type: { kind: "pointer", to: VOID } });
              throw new ConditionError(node, `'${node.text}' is not declared where the condition is evaluated`);
            }
            break;
          case "binary_expression": {
            const op = node.childForFieldName("operator").type;
            if (op === "&&" || op === "||") {
              const a = this.truthValue(node.childForFieldName("left"));
              const b = this.truthValue(node.childForFieldName("right"));
              return value(this.truthResult(this.emitBinary(op === "&&" ? "&" : "|", a, b, INT, node)));
            }
            const r2 = super.expr(node);
            if (["==", "!=", "<", "<=", ">", ">="].includes(op) && r2.kind === "value") this.truthResult(r2.op);
            return r2;
          }
          case "unary_expression": {
            const r2 = super.expr(node);
            if (node.childForFieldName("operator").type === "!" && r2.kind === "value") this.truthResult(r2.op);
            return r2;
          }
          case "conditional_expression":
            return value(this.select(node));
        }
        const r = super.expr(node);
        if (r.kind === "value" && r.op.kind === "string") throw new ConditionError(node, "a string is not allowed in a condition");
        return r;
      }
      truthResult(v) {
        if (v.kind === "var") this.truthValues.add(v.id);
        return v;
      }
      /** 1 or 0 as an int: the operand itself when it is one already. */
      truthValue(node) {
        const v = this.rvalue(node);
        if (v.kind === "var" && this.truthValues.has(v.id)) return v;
        if (v.kind === "const" && v.type.kind === "int" && v.type.bits === 32 && v.type.signed && (v.value === 0n || v.value === 1n)) return v;
        return this.truthResult(this.binary("!=", v, { kind: "const", value: 0n, type: INT }, node));
      }
      /** `c ? a : b` on integers, without branching: `(a & m) | (b & ~m)` with m all ones when c holds. */
      select(node) {
        const condNode = node.childForFieldName("condition");
        const thenNode = node.childForFieldName("consequence");
        const elseNode = node.childForFieldName("alternative");
        if (!thenNode) throw new ConditionError(node, "'?:' with an omitted operand is not supported in a condition");
        const t = this.conditionalType(thenNode, elseNode);
        const c = this.truthValue(condNode);
        const a = this.rvalue(thenNode);
        const b = this.rvalue(elseNode);
        if (c.kind === "const") return this.convert(c.value !== 0n ? a : b, t, node);
        if (t.kind !== "int") throw new ConditionError(node, `a '?:' whose value is not an integer is not supported in a condition`);
        const u = intOfRank(t.rank, false, this.model);
        const ua = this.convert(this.convert(a, t, thenNode), u, thenNode);
        const ub = this.convert(this.convert(b, t, elseNode), u, elseNode);
        const mask = this.emitUnary("-", this.convert(c, u, condNode), u, node);
        const notMask = this.emitUnary("~", mask, u, node);
        const r = this.emitBinary("|", this.emitBinary("&", ua, mask, u, node), this.emitBinary("&", ub, notMask, u, node), u, node);
        return this.convert(r, t, node);
      }
      markAddressTaken(p) {
        if (p.root.kind === "var" && !this.addressNodes.has(p.root.id) && this.nodes.length > 0)
          this.addressNodes.set(p.root.id, this.nodes[this.nodes.length - 1]);
        super.markAddressTaken(p);
      }
      /** The instructions, checked to be straight-line values on objects the program has. */
      finish() {
        if (this.b.blocks.length !== 1) throw new ConditionError({ row: 1, column: 0 }, "this condition needs control flow, which conditions do not support");
        const instrs = this.b.blocks[0].instrs;
        const allowed = /* @__PURE__ */ new Set(["use", "load", "binary", "unary", "cast", "ptradd", "ptrdiff"]);
        for (const i of instrs) {
          if (i.kind !== "assign" || !allowed.has(i.value.op))
            throw new ConditionError({ row: 1, column: 0 }, `${i.kind === "assign" ? i.value.op : i.kind} is not supported in a condition`);
        }
        for (const [id, node] of this.addressNodes) {
          const v = this.program.vars.get(id);
          if (v && !v.addressTaken && mentionsAddress(instrs, id))
            throw new ConditionError(node, `the program never takes the address of '${v.name}': a condition cannot either`);
        }
        return instrs;
      }
    };
  }
});

// server/src/frontend/index.ts
function at(file, line, column, message, severity = "error") {
  const range = { line, column, endLine: line, endColumn: column + 1 };
  return { severity, message, file, range };
}
async function loadProgram(input, options) {
  const file = input.file;
  let text;
  if (input.text !== void 0) text = input.text;
  else {
    try {
      text = await (0, import_promises.readFile)(file, "utf8");
    } catch (e) {
      throw new FrontendError([at(file, 1, 1, `cannot read file: ${e.message}`)]);
    }
  }
  if (text.includes("\0")) throw new FrontendError([at(file, 1, 1, "not a C source file (it contains NUL bytes)")]);
  const warnings = [];
  let pre;
  if (file.endsWith(".i") || isPreprocessorOutput(text)) {
    pre = fromPreprocessedOutput(text, file, text.split("\n"), null, true);
  } else if (!hasDirectives(text) && options.defines.length === 0 && !options.compileCommands) {
    pre = { text, map: SourceMap.identity(file, text), diagnostics: [] };
  } else {
    let result;
    try {
      result = await preprocess(file, text, options);
    } catch (e) {
      if (e instanceof PreprocessError) throw new FrontendError(e.diagnostics);
      throw e;
    }
    if (!result) {
      if (hasDirectives(text)) {
        throw new FrontendError([
          at(
            file,
            1,
            1,
            `cannot run the C compiler '${options.compiler}' to preprocess this file (it has # directives); install one or set the compiler option`
          )
        ]);
      }
      warnings.push(at(file, 1, 1, `C compiler '${options.compiler}' not found: parsed without preprocessing (-D defines ignored)`, "warning"));
      result = { text, map: SourceMap.identity(file, text), diagnostics: [] };
    }
    pre = result;
  }
  warnings.push(...pre.diagnostics);
  const rewritten = rewriteForParsing(pre.text);
  const tree = await parseC(rewritten.text);
  let contracts = null;
  try {
    const ctx = new FrontendContext(file, options.dataModel, text, pre.map);
    ctx.diagnostics.push(...warnings);
    for (const note of rewritten.notes) {
      const p = pre.map.map(note.row, note.column);
      if (p?.user)
        ctx.diagnostics.push({
          severity: "warning",
          message: note.message,
          file,
          range: { line: p.line, column: p.column, endLine: p.line, endColumn: p.column + note.length }
        });
    }
    const syntax = syntaxErrors(tree.rootNode, ctx);
    if (syntax.some((d) => d.severity === "error")) throw new FrontendError([...syntax, ...ctx.diagnostics]);
    ctx.diagnostics.push(...syntax);
    contracts = await readContracts(file, text);
    const lowerer = new ProgramLowerer(ctx, tree.rootNode, contracts);
    let program;
    try {
      program = lowerer.lower();
    } catch (e) {
      if (e instanceof NestingError) {
        const p = ctx.diagnosticPlace(e.node);
        throw new FrontendError([{ severity: "error", message: "expression nested too deeply", file: p.file, range: p.range }]);
      }
      if (e instanceof RangeError) throw new FrontendError([at(file, 1, 1, "program nested too deeply")]);
      throw e;
    }
    if (program.diagnostics.some((d) => d.severity === "error")) throw new FrontendError(program.diagnostics);
    resolveIndirectCalls(program);
    return program;
  } finally {
    tree.delete();
    for (const list of contracts?.parsed.values() ?? []) for (const c of list) c.tree.delete();
  }
}
function syntaxErrors(root, ctx) {
  const out = [];
  if (!root.hasError) return out;
  const stack = [root];
  let errors = 0;
  while (stack.length > 0 && errors < MAX_SYNTAX_ERRORS) {
    const n = stack.pop();
    if (n.isMissing || n.type === "ERROR") {
      const p = ctx.diagnosticPlace(n);
      const snippet = n.text.replace(/\s+/g, " ").slice(0, 30);
      const inHeader = !ctx.isUser(n) && !ctx.isUser(lastLeaf(n));
      if (inHeader) {
        out.push({
          severity: "warning",
          message: `cannot parse this part of the header near '${snippet}'; its declarations are ignored`,
          file: p.file,
          range: p.range
        });
        continue;
      }
      const atEnd = root.text.slice(n.endIndex - root.startIndex).trim() === "";
      const message = n.isMissing ? `syntax error: missing '${n.type}'${atEnd ? " (unexpected end of file)" : ""}` : `syntax error${atEnd ? ": unexpected end of file in" : " near"} '${snippet}'`;
      out.push({ severity: "error", message, file: p.file, range: p.range });
      errors++;
      continue;
    }
    if (!n.hasError) continue;
    const kids = n.children.filter((c) => !!c);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return out;
}
function lastLeaf(n) {
  let cur = n;
  while (cur.childCount > 0) cur = cur.lastChild;
  return cur;
}
async function readContracts(file, text) {
  const comments = findContractComments(text);
  const parsed = /* @__PURE__ */ new Map();
  for (const c of comments) {
    const list = [];
    for (const clause of c.clauses) list.push(await parseClause(file, text, clause));
    parsed.set(c.end, list);
  }
  return { comments, parsed };
}
var import_promises, MAX_SYNTAX_ERRORS;
var init_frontend = __esm({
  "server/src/frontend/index.ts"() {
    "use strict";
    import_promises = require("node:fs/promises");
    init_parser();
    init_preprocess();
    init_sourcemap();
    init_context();
    init_program();
    init_expressions();
    init_indirect();
    init_acsl();
    init_rewrite();
    init_errors3();
    init_errors3();
    init_condition();
    MAX_SYNTAX_ERRORS = 20;
  }
});

// server/src/ir/cfg.ts
function successors(block) {
  const t = block.terminator;
  switch (t.kind) {
    case "goto":
      return [t.target];
    case "branch":
      return t.then === t.else ? [t.then] : [t.then, t.else];
    case "switch": {
      const out = [];
      for (const c of t.cases) if (!out.includes(c.target)) out.push(c.target);
      if (!out.includes(t.default)) out.push(t.default);
      return out;
    }
    case "return":
    case "stop":
      return [];
  }
}
function predecessors(fn2) {
  const preds = fn2.blocks.map(() => []);
  for (const b of fn2.blocks) for (const s of successors(b)) preds[s].push(b.id);
  return preds;
}
function reversePostorderOf(entry2, succ) {
  const post = [];
  const seen = /* @__PURE__ */ new Set([entry2]);
  const stack = [[entry2, 0]];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const next = succ(top[0]);
    if (top[1] < next.length) {
      const s = next[top[1]++];
      if (!seen.has(s)) {
        seen.add(s);
        stack.push([s, 0]);
      }
    } else {
      post.push(top[0]);
      stack.pop();
    }
  }
  return post.reverse();
}
function reversePostorder(fn2) {
  if (fn2.blocks.length === 0) return [];
  return reversePostorderOf(0, (n) => successors(fn2.blocks[n]));
}
function reachableFromEntry(fn2) {
  return new Set(reversePostorder(fn2));
}
function endBlocks(fn2) {
  return fn2.blocks.filter((b) => b.id === fn2.exitBlock || b.terminator.kind === "stop").map((b) => b.id);
}
var init_cfg = __esm({
  "server/src/ir/cfg.ts"() {
    "use strict";
  }
});

// server/src/ir/uninitialised.ts
function tracksInitialisation(v) {
  if (!v || v.kind !== "local" || v.addressTaken || v.isStatic) return false;
  return v.type.kind === "int" || v.type.kind === "float" || v.type.kind === "pointer";
}
function uninitialisedReads(program, fn2) {
  const tracked = (id) => tracksInitialisation(program.vars.get(id));
  const out = /* @__PURE__ */ new Map();
  const note = (block, index, ids) => {
    if (!ids.length) return;
    const m = out.get(block) ?? out.set(block, /* @__PURE__ */ new Map()).get(block);
    m.set(index, [.../* @__PURE__ */ new Set([...m.get(index) ?? [], ...ids])]);
  };
  const atStart = fn2.blocks.map(() => null);
  const entry2 = fn2.blocks[0];
  if (!entry2) return out;
  atStart[entry2.id] = /* @__PURE__ */ new Set();
  const work = [entry2.id];
  const blockById = new Map(fn2.blocks.map((b) => [b.id, b]));
  const transfer = (id, record) => {
    const block = blockById.get(id);
    const assigned = new Set(atStart[id]);
    block.instrs.forEach((ins, index) => {
      const reads = [];
      const dsts = [];
      forEachVar(ins, (v, role2) => (role2 === "dst" ? dsts : reads).push(v));
      if (record)
        note(
          id,
          index,
          reads.filter((v) => tracked(v) && !assigned.has(v))
        );
      const fresh3 = ins.kind === "assign" && ins.value.op === "indeterminate";
      for (const v of dsts)
        if (fresh3) assigned.delete(v);
        else assigned.add(v);
    });
    if (record)
      note(
        id,
        block.instrs.length,
        terminatorOperands(block.terminator).flatMap((op) => op.kind === "var" && tracked(op.id) && !assigned.has(op.id) ? [op.id] : [])
      );
    return assigned;
  };
  while (work.length) {
    const id = work.pop();
    const end = transfer(id, false);
    for (const s of successors(blockById.get(id))) {
      const prev = atStart[s];
      const next = prev === null ? new Set(end) : new Set([...prev].filter((v) => end.has(v)));
      if (prev === null || next.size < prev.size) {
        atStart[s] = next;
        work.push(s);
      }
    }
  }
  for (const b of fn2.blocks) if (atStart[b.id] !== null) transfer(b.id, true);
  return out;
}
function indeterminateLocals(program) {
  let s = settable.get(program);
  if (!s) {
    s = /* @__PURE__ */ new Set();
    for (const fn2 of program.functions)
      for (const byIndex of uninitialisedReads(program, fn2).values())
        for (const ids of byIndex.values())
          for (const id of ids) {
            const t = program.vars.get(id)?.type;
            if (t?.kind === "int" || t?.kind === "float") s.add(id);
          }
    settable.set(program, s);
  }
  return s;
}
var settable;
var init_uninitialised = __esm({
  "server/src/ir/uninitialised.ts"() {
    "use strict";
    init_cfg();
    init_walk();
    settable = /* @__PURE__ */ new WeakMap();
  }
});

// server/src/ir/ranges.ts
function settledErrors(program, fn2) {
  const out = /* @__PURE__ */ new Map();
  const analysis = new RangeAnalysis(program, fn2);
  for (const block of fn2.blocks) {
    const start = analysis.atStart[block.id];
    if (!start) continue;
    const state = new Map(start);
    block.instrs.forEach((instr, index) => {
      const settled = analysis.settled(instr, state);
      if (settled.size) (out.get(block.id) ?? out.set(block.id, /* @__PURE__ */ new Map()).get(block.id)).set(index, settled);
      analysis.transfer(instr, state);
    });
  }
  return out;
}
function definitionAtEnd(instrs, id) {
  for (let i = instrs.length - 1; i >= 0; i--) {
    const ins = instrs[i];
    if (ins.kind === "assign" && ins.dst?.root.kind === "var" && ins.dst.root.id === id) return ins.dst.path.length ? null : ins;
  }
  return null;
}
function ownIntType(program, id) {
  const v = program.vars.get(id);
  if (!v || v.addressTaken || v.isStatic || v.type.kind !== "int") return null;
  return v.kind === "local" || v.kind === "param" || v.kind === "temp" ? v.type : null;
}
function isComparison(op) {
  return op === "<" || op === "<=" || op === ">" || op === ">=" || op === "==" || op === "!=";
}
function negate(op) {
  return { "<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "==" }[op];
}
function compare2(op, a, b) {
  switch (op) {
    case "<":
      return [
        { lo: a.lo, hi: min([a.hi, b.hi - 1n]) },
        { lo: max([b.lo, a.lo + 1n]), hi: b.hi }
      ];
    case "<=":
      return [
        { lo: a.lo, hi: min([a.hi, b.hi]) },
        { lo: max([b.lo, a.lo]), hi: b.hi }
      ];
    case ">":
      return [
        { lo: max([a.lo, b.lo + 1n]), hi: a.hi },
        { lo: b.lo, hi: min([b.hi, a.hi - 1n]) }
      ];
    case ">=":
      return [
        { lo: max([a.lo, b.lo]), hi: a.hi },
        { lo: b.lo, hi: min([b.hi, a.hi]) }
      ];
    case "==": {
      const r = { lo: max([a.lo, b.lo]), hi: min([a.hi, b.hi]) };
      return [r, r];
    }
    case "!=": {
      const cut = (x, y) => y.lo !== y.hi ? null : x.lo === y.lo ? { lo: x.lo + 1n, hi: x.hi } : x.hi === y.lo ? { lo: x.lo, hi: x.hi - 1n } : null;
      return [cut(a, b), cut(b, a)];
    }
    default:
      return [null, null];
  }
}
function arithmetic(op, a, b, t) {
  switch (op) {
    case "+":
      return { lo: a.lo + b.lo, hi: a.hi + b.hi };
    case "-":
      return { lo: a.lo - b.hi, hi: a.hi - b.lo };
    case "*": {
      const p = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi];
      return { lo: min(p), hi: max(p) };
    }
    case "%":
      if (b.lo > 0n) return { lo: a.lo < 0n ? max([a.lo, 1n - b.hi]) : 0n, hi: a.hi > 0n ? min([a.hi, b.hi - 1n]) : 0n };
      return null;
    case "/":
      if (b.lo > 0n) {
        const q = [a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi];
        return { lo: min(q), hi: max(q) };
      }
      return null;
    case "&":
      if (a.lo >= 0n && b.lo >= 0n) return { lo: 0n, hi: min([a.hi, b.hi]) };
      if (a.lo >= 0n) return { lo: 0n, hi: a.hi };
      if (b.lo >= 0n) return { lo: 0n, hi: b.hi };
      return null;
    case "|":
    case "^":
      if (a.lo >= 0n && b.lo >= 0n) return { lo: 0n, hi: allOnes(max([a.hi, b.hi])) };
      return null;
    case ">>":
      if (a.lo >= 0n && b.lo >= 0n && b.hi < BigInt(t.bits)) return { lo: a.lo >> b.hi, hi: a.hi >> b.lo };
      return null;
    case "<<":
      if (a.lo >= 0n && b.lo >= 0n && b.hi < BigInt(t.bits)) return { lo: a.lo << b.lo, hi: a.hi << b.hi };
      return null;
    default:
      return null;
  }
}
function full(t) {
  return t.kind === "int" ? { lo: intMinOf(t), hi: intMaxOf(t) } : { lo: 0n, hi: 0n };
}
function fits(r, t) {
  return r.lo >= intMinOf(t) && r.hi <= intMaxOf(t);
}
function join3(a, b) {
  const out = /* @__PURE__ */ new Map();
  for (const [id, ra] of a) {
    const rb = b.get(id);
    if (rb) out.set(id, { lo: ra.lo < rb.lo ? ra.lo : rb.lo, hi: ra.hi > rb.hi ? ra.hi : rb.hi });
  }
  return out;
}
function sameState(a, b) {
  if (a.size !== b.size) return false;
  for (const [id, r] of a) {
    const o = b.get(id);
    if (!o || o.lo !== r.lo || o.hi !== r.hi) return false;
  }
  return true;
}
var JOINS_BEFORE_WIDENING, RangeAnalysis, allOnes, min, max;
var init_ranges = __esm({
  "server/src/ir/ranges.ts"() {
    "use strict";
    init_cfg();
    init_interp();
    JOINS_BEFORE_WIDENING = 3;
    RangeAnalysis = class {
      constructor(program, fn2) {
        this.program = program;
        this.fn = fn2;
        this.atStart = fn2.blocks.map(() => null);
        this.solve();
      }
      program;
      fn;
      /** The ranges at each block's start (null: no path reaches it). */
      atStart;
      tracked(id) {
        return ownIntType(this.program, id);
      }
      solve() {
        const blocks = this.fn.blocks;
        if (!blocks.length) return;
        const joins = blocks.map(() => 0);
        const order = reversePostorder(this.fn);
        const rank = new Map(order.map((b, i) => [b, i]));
        const header = /* @__PURE__ */ new Set();
        for (const b of order) for (const s of successors(blocks[b])) if (rank.get(s) <= rank.get(b)) header.add(s);
        this.atStart[0] = /* @__PURE__ */ new Map();
        const work = /* @__PURE__ */ new Set([0]);
        while (work.size) {
          const id = [...work].reduce((a, b) => rank.get(a) <= rank.get(b) ? a : b);
          work.delete(id);
          const block = blocks[id];
          const state = new Map(this.atStart[id]);
          for (const instr of block.instrs) this.transfer(instr, state);
          for (const [succ, edge] of this.edges(block, state)) {
            if ([...edge.values()].some((r) => r.lo > r.hi)) continue;
            const old = this.atStart[succ];
            let next = old ? join3(old, edge) : edge;
            if (old && header.has(succ) && ++joins[succ] > JOINS_BEFORE_WIDENING) next = this.widen(old, next);
            if (!old || !sameState(old, next)) {
              this.atStart[succ] = next;
              work.add(succ);
            }
          }
        }
      }
      /** A range that grew since the last join goes to its type's bound. */
      widen(old, next) {
        const out = /* @__PURE__ */ new Map();
        for (const [id, r] of next) {
          const t = this.tracked(id);
          const o = old.get(id) ?? full(t);
          const lo = r.lo < o.lo ? intMinOf(t) : r.lo;
          const hi = r.hi > o.hi ? intMaxOf(t) : r.hi;
          if (lo !== intMinOf(t) || hi !== intMaxOf(t)) out.set(id, { lo, hi });
        }
        return out;
      }
      /** The state along each edge out of the block (narrowed by its branch's condition). */
      edges(block, state) {
        const t = block.terminator;
        if (t.kind === "branch") {
          if (t.then === t.else) return [[t.then, state]];
          return [
            [t.then, this.assuming(block.instrs, t.cond, true, state)],
            [t.else, this.assuming(block.instrs, t.cond, false, state)]
          ];
        }
        if (t.kind === "switch") {
          const out = [];
          for (const c of t.cases) {
            const s = new Map(state);
            if (c.values.length) this.narrow(block.instrs, t.value, { lo: min(c.values), hi: max(c.values) }, s);
            out.push([c.target, s]);
          }
          out.push([t.default, state]);
          return out;
        }
        return successors(block).map((s) => [s, state]);
      }
      /** The state where `cond` (computed by `instrs`) is true, or false. */
      assuming(instrs, cond, value, state) {
        const s = new Map(state);
        if (cond.kind !== "var") return s;
        const def = definitionAtEnd(instrs, cond.id);
        const cmp = def?.value.op === "binary" && isComparison(def.value.bop) ? def.value : null;
        if (!cmp || cmp.op !== "binary") {
          const t = this.tracked(cond.id);
          if (t && !value) this.narrow(instrs, cond, { lo: 0n, hi: 0n }, s);
          else if (t) {
            const r = s.get(cond.id) ?? full(t);
            if (r.lo === 0n) s.set(cond.id, { lo: 1n, hi: r.hi });
            else if (r.hi === 0n) s.set(cond.id, { lo: r.lo, hi: -1n });
          }
          return s;
        }
        const at2 = instrs.indexOf(def);
        const later = instrs.slice(at2 + 1);
        if ([cmp.a, cmp.b].some((o) => o.kind === "var" && later.some((i) => i.kind === "assign" && i.dst?.root.kind === "var" && i.dst.root.id === o.id)))
          return s;
        const op = value ? cmp.bop : negate(cmp.bop);
        const a = this.operandRange(cmp.a, s);
        const b = this.operandRange(cmp.b, s);
        if (!a || !b) return s;
        const [ra, rb] = compare2(op, a, b);
        if (ra) this.narrow(instrs, cmp.a, ra, s);
        if (rb) this.narrow(instrs, cmp.b, rb, s);
        return s;
      }
      /**
       * Narrows an operand (at the block's end) to `r`, and the variable a value-keeping cast of which it
       * is (`t = (int)c` narrows c too), when neither is assigned again after.
       */
      narrow(instrs, op, r, s) {
        if (op.kind !== "var") return;
        const t = this.tracked(op.id);
        if (!t) return;
        const cur = s.get(op.id) ?? full(t);
        const lo = r.lo > cur.lo ? r.lo : cur.lo;
        const hi = r.hi < cur.hi ? r.hi : cur.hi;
        s.set(op.id, { lo, hi });
        const def = definitionAtEnd(instrs, op.id);
        if (def?.value.op === "cast" && def.value.a.kind === "var") {
          const src = def.value.a;
          const st = this.tracked(src.id);
          const idx = instrs.indexOf(def);
          const reassigned = instrs.slice(idx + 1).some((i) => i.kind === "assign" && i.dst?.root.kind === "var" && i.dst.root.id === src.id);
          if (st && !reassigned && fits(s.get(src.id) ?? full(st), t)) this.narrow(instrs, src, { lo, hi }, s);
        }
      }
      operandRange(op, s) {
        if (op.type.kind !== "int") return null;
        if (op.kind === "const") {
          const v = wrapInt(op.value, op.type);
          return { lo: v, hi: v };
        }
        if (op.kind === "var") return s.get(op.id) ?? full(op.type);
        return full(op.type);
      }
      /** The instruction's effect on the ranges. */
      transfer(instr, s) {
        if (instr.kind !== "assign" || !instr.dst || instr.dst.root.kind !== "var" || instr.dst.path.length) return;
        const id = instr.dst.root.id;
        const t = this.tracked(id);
        if (!t) return;
        const r = this.value(instr.value, t, s);
        if (r.lo === intMinOf(t) && r.hi === intMaxOf(t)) s.delete(id);
        else s.set(id, r);
      }
      /** The range of an rvalue assigned to a variable of type t. */
      value(rv, t, s) {
        const within2 = (r) => r && fits(r, t) ? r : full(t);
        switch (rv.op) {
          case "use":
            return within2(this.operandRange(rv.a, s));
          case "cast":
            return rv.a.type.kind === "int" ? within2(this.operandRange(rv.a, s)) : full(t);
          case "unary": {
            const a = this.operandRange(rv.a, s);
            if (!a || rv.type.kind !== "int") return full(t);
            if (rv.uop === "!") return { lo: 0n, hi: 1n };
            if (rv.uop === "-") return this.result({ lo: -a.hi, hi: -a.lo }, rv.type, t);
            return this.result({ lo: -a.hi - 1n, hi: -a.lo - 1n }, rv.type, t);
          }
          case "binary": {
            if (isComparison(rv.bop)) return { lo: 0n, hi: 1n };
            const a = this.operandRange(rv.a, s);
            const b = this.operandRange(rv.b, s);
            if (!a || !b || rv.type.kind !== "int") return full(t);
            const m = arithmetic(rv.bop, a, b, rv.type);
            return m ? this.result(m, rv.type, t) : full(t);
          }
          default:
            return full(t);
        }
      }
      /**
       * The range of an operation's result: its mathematical range when its type holds it; a signed one
       * within its type (an overflowing execution ends there); an unsigned one that wraps, its whole type.
       */
      result(m, opType, t) {
        let r;
        if (fits(m, opType)) r = m;
        else if (opType.signed) r = { lo: m.lo > intMinOf(opType) ? m.lo : intMinOf(opType), hi: m.hi < intMaxOf(opType) ? m.hi : intMaxOf(opType) };
        else return full(t);
        return fits(r, t) ? r : full(t);
      }
      /** The arithmetic errors of the instruction that its operands' ranges exclude. */
      settled(instr, s) {
        const out = /* @__PURE__ */ new Set();
        if (instr.kind !== "assign") return out;
        const rv = instr.value;
        if (rv.op === "unary" && rv.uop === "-" && rv.type.kind === "int" && rv.type.signed) {
          const a2 = this.operandRange(rv.a, s);
          if (a2 && a2.lo > intMinOf(rv.type)) out.add("overflow");
        }
        if (rv.op !== "binary" || rv.type.kind !== "int") return out;
        const a = this.operandRange(rv.a, s);
        const b = this.operandRange(rv.b, s);
        if (!a || !b) return out;
        const t = rv.type;
        if (t.signed && (rv.bop === "+" || rv.bop === "-" || rv.bop === "*")) {
          const m = arithmetic(rv.bop, a, b, t);
          if (m && fits(m, t)) out.add("overflow");
        }
        if (rv.bop === "/" || rv.bop === "%") {
          if (b.lo > 0n || b.hi < 0n) out.add("div-by-zero");
          if (!t.signed || a.lo > intMinOf(t) || b.lo > -1n || b.hi < -1n) out.add("div-overflow");
        }
        if (rv.bop === "<<" || rv.bop === ">>") {
          const countOk = b.lo >= 0n && b.hi < BigInt(t.bits);
          const signedLeft = t.signed && rv.bop === "<<";
          if (countOk && (!signedLeft || a.lo >= 0n)) out.add("shift");
          if (signedLeft && countOk && a.lo >= 0n && a.hi << b.hi <= intMaxOf(t)) out.add("overflow");
        }
        return out;
      }
    };
    allOnes = (x) => x <= 0n ? 0n : (1n << BigInt(x.toString(2).length)) - 1n;
    min = (xs) => xs.reduce((m, x) => x < m ? x : m);
    max = (xs) => xs.reduce((m, x) => x > m ? x : m);
  }
});

// server/src/goals/catalogue.ts
function buildCatalogue(program, fn2, opts) {
  const own = ownGoals(program, fn2, opts);
  if (!opts.contextDepth) return own;
  const out = [...own];
  const functions = new Map(program.functions.map((f) => [f.name, f]));
  const ownGoalsOf = /* @__PURE__ */ new Map([[fn2.name, own]]);
  const walk = (caller, sites, onPath) => {
    if (sites.length >= opts.contextDepth) return;
    for (const block of caller.blocks)
      block.instrs.forEach((ins, index) => {
        if (ins.kind !== "assign" || ins.value.op !== "call" || ins.value.external) return;
        const callee = functions.get(ins.value.callee);
        if (!callee || onPath.includes(callee.name)) return;
        const here = [...sites, { function: caller.name, block: block.id, index, callee: callee.name, range: ins.range }];
        let goals = ownGoalsOf.get(callee.name);
        if (!goals) ownGoalsOf.set(callee.name, goals = ownGoals(program, callee, opts));
        const context = { entry: fn2.name, sites: here, key: contextKey(here) };
        const prefix = sitePrefixes(here, program);
        for (const g of goals) out.push({ ...g, id: `${prefix}>${g.id}`, context });
        walk(callee, here, [...onPath, callee.name]);
      });
  };
  walk(fn2, [], [fn2.name]);
  return out;
}
function contextKey(sites) {
  return sites.map((s) => `${s.function}:${s.block}:${s.index}`).join(">");
}
function sitePrefixes(sites, program) {
  return sites.map((s) => {
    const fn2 = program.functions.find((f) => f.name === s.function);
    const sameLine = (fn2?.blocks ?? []).flatMap((b) => b.instrs).filter((i) => i.kind === "assign" && i.value.op === "call" && i.range.line === s.range.line);
    return `${s.function}:${s.range.line}${sameLine.length > 1 ? `@${s.range.column}` : ""}`;
  }).join(">");
}
function ownGoals(program, fn2, opts) {
  const drafts = [];
  const uninitialised = opts.runtimeErrors && !opts.uninitialisedNondet ? uninitialisedReads(program, fn2) : /* @__PURE__ */ new Map();
  const settled = opts.runtimeErrors ? settledErrors(program, fn2) : /* @__PURE__ */ new Map();
  const text = (r) => sourceText(program.source, r);
  const statementLabel = (r) => `statement \`${text({ ...r, endLine: r.line, endColumn: r.endLine === r.line ? r.endColumn : Number.MAX_SAFE_INTEGER })}\``;
  for (const block of fn2.blocks) {
    if (block.hasCode && block.range && blockGoalIsEntry(block)) {
      drafts.push({ tag: "stmt", kind: "statement", range: block.range, label: statementLabel(block.range), target: { kind: "block", block: block.id } });
    }
    for (const { statement: k, start: st } of pointStatements(block)) {
      drafts.push({
        tag: "stmt",
        kind: "statement",
        range: st.range,
        label: statementLabel(st.range),
        target: { kind: "point", block: block.id, index: st.index, statement: k }
      });
    }
    block.instrs.forEach((instr, index) => {
      if (instr.kind === "assert") {
        const label = instr.origin === "ensures" ? `\`ensures ${instr.text}\`` : `\`${/^\w+\s*\(.*\)$/s.test(instr.text) ? instr.text : `assert(${instr.text})`}\``;
        drafts.push({ tag: instr.origin, kind: "assertion", range: instr.range, label, target: { kind: "assert", block: block.id, index } });
      } else if (instr.kind === "error") {
        drafts.push({
          tag: "error",
          kind: "assertion",
          range: instr.range,
          label: `\`${instr.text}\` is reached`,
          target: { kind: "error", block: block.id, index }
        });
      }
      if (opts.runtimeErrors) {
        const impossible = settled.get(block.id)?.get(index);
        const at2 = instr.kind === "assign" && instr.opRange || instr.range;
        for (const [error, detail] of runtimeErrors(program, instr, uninitialised.get(block.id)?.get(index))) {
          if (impossible?.has(error)) continue;
          drafts.push({
            tag: error,
            kind: "runtime-error",
            range: at2,
            outcome: error,
            label: `\`${text(at2)}\` ${runtimeErrorWording[error]}${indexPastPtrdiff(instr) ? " (an unsigned index past PTRDIFF_MAX)" : ""}`,
            target: { kind: "runtime-error", block: block.id, index, error, detail }
          });
        }
      }
    });
    const atEnd = uninitialised.get(block.id)?.get(block.instrs.length);
    const termRange = block.terminator.range;
    if (atEnd?.length && termRange) {
      drafts.push({
        tag: "uninit",
        kind: "runtime-error",
        range: termRange,
        outcome: "uninit",
        label: `\`${text(termRange)}\` ${runtimeErrorWording.uninit}`,
        target: {
          kind: "runtime-error",
          block: block.id,
          index: block.instrs.length,
          error: "uninit",
          detail: atEnd.map((id) => uninitialisedDetail(program.vars, id)).join("; ")
        }
      });
    }
  }
  const byId = new Map(fn2.decisions.map((d) => [d.id, d]));
  for (const d of fn2.decisions) {
    if (d.synthetic) continue;
    for (const o of d.outcomes) {
      drafts.push({
        tag: decisionTag(d.kind),
        fixedId: branchGoalId(d.id, o.outcome),
        kind: "branch",
        range: d.range,
        outcome: o.outcome,
        decision: d.id,
        label: outcomeLabel(d, o.outcome, byId),
        target: { kind: "edges", edges: o.edges.map((e) => ({ ...e })) }
      });
    }
  }
  drafts.sort((a, b) => a.range.line - b.range.line || a.range.column - b.range.column);
  return assignIds(fn2.name, drafts);
}
function assignIds(fnName, drafts) {
  const taken = new Set(drafts.flatMap((d) => d.fixedId ? [d.fixedId] : []));
  const named = drafts.filter((d) => !d.fixedId);
  const ids = disambiguate(
    named.map((d) => ({ stem: goalStem(fnName, d.range.line, d.tag), column: d.range.column })),
    taken
  );
  const idOf = new Map(named.map((d, i) => [d, ids[i]]));
  return drafts.map((d) => {
    const { fixedId, ...goal } = d;
    return { ...goal, id: fixedId ?? idOf.get(d), function: fnName };
  });
}
function pointStatements(block) {
  const out = [];
  let first = true;
  for (const [k, st] of (block.statements ?? []).entries()) {
    if (st.jump) continue;
    const isBlockGoal = first && block.hasCode && block.range !== void 0 && sameRange(st.range, block.range) && blockGoalIsEntry(block);
    first = false;
    if (!isBlockGoal) out.push({ statement: k, start: st });
  }
  return out;
}
function indexPastPtrdiff(instr) {
  return instr.kind === "assign" && instr.value.op === "cast" && instr.value.index === true;
}
function blockGoalIsEntry(block) {
  const first = (block.statements ?? []).find((st) => !st.jump);
  return !first || first.index === 0;
}
function sameRange(a, b) {
  return a.line === b.line && a.column === b.column && a.endLine === b.endLine && a.endColumn === b.endColumn;
}
function decisionHead(d) {
  switch (d.kind) {
    case "if":
      return `if (${d.text})`;
    case "while":
      return `while (${d.text})`;
    case "do":
      return `do \u2026 while (${d.text})`;
    case "for":
      return `for (\u2026; ${d.text}; \u2026)`;
    case "switch":
      return `switch (${d.text})`;
    case "ternary":
      return `${d.text} ? \u2026 : \u2026`;
    case "condition":
      return d.text;
  }
}
function outcomeLabel(d, outcome, byId) {
  if (d.kind === "switch") return `\`${decisionHead(d)}\` takes \`${outcome}\``;
  if (d.kind === "condition") {
    let top = d;
    while (top?.parent && byId.has(top.parent)) top = byId.get(top.parent);
    const whole = top && top !== d ? ` of \`${decisionHead(top)}\`` : "";
    return `condition \`${d.text}\`${whole} is ${outcome}`;
  }
  const loop = d.kind === "while" || d.kind === "for" || d.kind === "do";
  const what = !loop ? "" : outcome === "true" ? d.kind === "do" ? " (the loop runs again)" : " (the loop body runs)" : outcome === "false" ? " (the loop is left)" : "";
  return `\`${decisionHead(d)}\` is ${outcome}${what}`;
}
function goalAt(goals, line, column, outcome) {
  const onLine = goals.filter((g) => g.range.line === line);
  const holds2 = (g) => column !== void 0 && contains(g.range, line, column);
  let found;
  if (outcome === void 0) {
    const stmts = onLine.filter((g) => g.kind === "statement").sort((a, b) => a.range.column - b.range.column);
    const holding = stmts.filter(holds2).sort((a, b) => span(a.range) - span(b.range));
    found = holding[0] ?? (column === void 0 ? stmts[0] : [...stmts].reverse().find((g) => g.range.column <= column) ?? stmts[0]);
  } else {
    const branches = onLine.filter((g) => g.kind === "branch" && g.outcome === outcome);
    const pointed = branches.filter(holds2).sort((a, b) => span(a.range) - span(b.range));
    const pointedCondition = pointed.find((g) => g.tag === "cond");
    const outermost2 = [...branches].sort((a, b) => decisionRank(a) - decisionRank(b) || span(b.range) - span(a.range) || a.range.column - b.range.column);
    found = pointedCondition ?? pointed[0] ?? outermost2[0];
  }
  if (found) return found;
  const what = outcome === void 0 ? "no statement starts" : `no decision with outcome '${outcome}'`;
  const listing = onLine.length === 0 ? "it has no goals" : `it has:
${onLine.map((g) => `  ${g.id}  ${g.label}`).join("\n")}`;
  throw new Error(`${what} on line ${line}${column === void 0 ? "" : `, column ${column}`}; ${listing}`);
}
function contains(r, line, column) {
  const afterStart = line > r.line || line === r.line && column >= r.column;
  const beforeEnd = line < r.endLine || line === r.endLine && column < r.endColumn;
  return afterStart && beforeEnd;
}
function span(r) {
  return (r.endLine - r.line) * 1e5 + (r.endColumn - r.column);
}
function decisionRank(g) {
  return g.tag === "cond" ? 1 : 0;
}
var init_catalogue = __esm({
  "server/src/goals/catalogue.ts"() {
    "use strict";
    init_runtimeErrors();
    init_uninitialised();
    init_ranges();
    init_source();
    init_goalIds();
  }
});

// server/src/ir/dominators.ts
function dominatorTreeOf(g) {
  const order = reversePostorderOf(g.root, (n) => g.succ(n));
  const rpoIndex = new Array(g.size).fill(-1);
  order.forEach((n, i) => rpoIndex[n] = i);
  const idom = new Array(g.size).fill(-1);
  idom[g.root] = g.root;
  const intersect = (a, b) => {
    while (a !== b) {
      while (rpoIndex[a] > rpoIndex[b]) a = idom[a];
      while (rpoIndex[b] > rpoIndex[a]) b = idom[b];
    }
    return a;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const n of order) {
      if (n === g.root) continue;
      let newIdom = -1;
      for (const p of g.pred(n)) {
        if (idom[p] === -1) continue;
        newIdom = newIdom === -1 ? p : intersect(p, newIdom);
      }
      if (newIdom !== idom[n]) {
        idom[n] = newIdom;
        changed = true;
      }
    }
  }
  idom[g.root] = -1;
  const children = Array.from({ length: g.size }, () => []);
  for (const n of order) if (idom[n] !== -1) children[idom[n]].push(n);
  const pre = new Array(g.size).fill(-1);
  const post = new Array(g.size).fill(-1);
  let clock = 0;
  const stack = [[g.root, 0]];
  pre[g.root] = clock++;
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const kids = children[top[0]];
    if (top[1] < kids.length) {
      const c = kids[top[1]++];
      pre[c] = clock++;
      stack.push([c, 0]);
    } else {
      post[top[0]] = clock++;
      stack.pop();
    }
  }
  const dominates = (a, b) => pre[a] !== -1 && pre[b] !== -1 && pre[a] <= pre[b] && post[b] <= post[a];
  return { root: g.root, idom, children, order, dominates };
}
function dominanceFrontiersOf(g, tree) {
  const df = Array.from({ length: g.size }, () => /* @__PURE__ */ new Set());
  for (const n of tree.order) {
    const preds = g.pred(n).filter((p) => p === tree.root || tree.idom[p] !== -1);
    if (preds.length < 2) continue;
    for (const p of preds) {
      for (let runner = p; runner !== tree.idom[n] && runner !== -1; runner = tree.idom[runner]) df[runner].add(n);
    }
  }
  return df;
}
function forwardGraph(fn2) {
  const succ = fn2.blocks.map(successors);
  const pred = predecessors(fn2);
  return { size: fn2.blocks.length, root: 0, succ: (n) => succ[n], pred: (n) => pred[n] };
}
function dominators(fn2) {
  return dominatorTreeOf(forwardGraph(fn2));
}
function reverseGraph(fn2) {
  const n = fn2.blocks.length;
  const exit = n;
  const succ = fn2.blocks.map(successors);
  succ.push([]);
  for (const b of endBlocks(fn2)) succ[b].push(exit);
  const artificialExits = [];
  const pred = Array.from({ length: n + 1 }, () => []);
  const rebuildPreds = () => {
    for (const p of pred) p.length = 0;
    succ.forEach((ss, from) => ss.forEach((to) => pred[to].push(from)));
  };
  rebuildPreds();
  for (; ; ) {
    const reaches = new Set(reversePostorderOf(exit, (m) => pred[m]));
    let stuck = -1;
    for (let b = n - 1; b >= 0 && stuck === -1; b--) if (!reaches.has(b)) stuck = b;
    if (stuck === -1) break;
    succ[stuck].push(exit);
    artificialExits.push(stuck);
    rebuildPreds();
  }
  return { size: n + 1, root: exit, succ: (m) => pred[m], pred: (m) => succ[m], artificialExits };
}
function postDominators(fn2) {
  const g = reverseGraph(fn2);
  return { ...dominatorTreeOf(g), virtualExit: fn2.blocks.length, artificialExits: g.artificialExits };
}
var init_dominators = __esm({
  "server/src/ir/dominators.ts"() {
    "use strict";
    init_cfg();
  }
});

// server/src/ir/controlDependence.ts
function controlDependentEdges(fn2, pdom = postDominators(fn2)) {
  const deps = fn2.blocks.map(() => []);
  for (const a of fn2.blocks) {
    for (const b of successors(a)) {
      if (pdom.dominates(b, a.id)) continue;
      const stop = pdom.idom[a.id];
      for (let runner = b; runner !== stop && runner !== pdom.virtualExit && runner !== -1; runner = pdom.idom[runner]) {
        deps[runner].push({ from: a.id, to: b });
      }
    }
  }
  return deps;
}
function decisionOutcomesByEdge(fn2) {
  const byEdge = /* @__PURE__ */ new Map();
  const add2 = (from, to, d) => {
    const key = edgeKey(from, to);
    const list = byEdge.get(key) ?? [];
    if (!list.some((x) => x.decision === d.decision && x.outcome === d.outcome)) list.push(d);
    byEdge.set(key, list);
  };
  for (const d of fn2.decisions) {
    for (const o of d.outcomes) for (const e of o.edges) add2(e.from, e.to, { decision: d.id, outcome: o.outcome });
  }
  for (const b of fn2.blocks) {
    for (const [to, label] of Object.entries(b.edgeLabels)) {
      if (label.decision && label.outcome && !byEdge.has(edgeKey(b.id, Number(to))))
        add2(b.id, Number(to), { decision: label.decision, outcome: label.outcome });
    }
  }
  return byEdge;
}
function edgeKey(from, to) {
  return `${from}->${to}`;
}
function controlDependences(fn2, pdom = postDominators(fn2)) {
  const byEdge = decisionOutcomesByEdge(fn2);
  return controlDependentEdges(fn2, pdom).map((edges) => {
    const out = [];
    for (const e of edges) {
      for (const d of byEdge.get(edgeKey(e.from, e.to)) ?? []) {
        if (!out.some((x) => x.decision === d.decision && x.outcome === d.outcome)) out.push(d);
      }
    }
    return out;
  });
}
var init_controlDependence = __esm({
  "server/src/ir/controlDependence.ts"() {
    "use strict";
    init_cfg();
    init_dominators();
  }
});

// server/src/ir/loops.ts
function findLoops(fn2, dom = dominators(fn2)) {
  const preds = predecessors(fn2);
  const rpo = reversePostorder(fn2);
  const latchesOf = /* @__PURE__ */ new Map();
  for (const u of rpo) {
    for (const h of successors(fn2.blocks[u])) {
      if (!dom.dominates(h, u)) continue;
      const ls = latchesOf.get(h) ?? [];
      ls.push(u);
      latchesOf.set(h, ls);
    }
  }
  const loops = [];
  for (const header of rpo) {
    const latches = latchesOf.get(header);
    if (!latches) continue;
    const body = /* @__PURE__ */ new Set([header]);
    const work = latches.filter((l) => !body.has(l));
    for (const l of work) body.add(l);
    while (work.length > 0) {
      const b = work.pop();
      for (const p of preds[b]) {
        if (!body.has(p) && dom.dominates(header, p)) {
          body.add(p);
          work.push(p);
        }
      }
    }
    const exits = [];
    for (const b of [...body].sort((x, y) => x - y)) {
      for (const s of successors(fn2.blocks[b])) if (!body.has(s)) exits.push({ from: b, to: s });
    }
    loops.push({ header, body, latches, exits, parent: null, depth: 1 });
  }
  for (const loop of loops) {
    let parent = null;
    for (const other of loops) {
      if (other !== loop && other.body.has(loop.header) && (!parent || other.body.size < parent.body.size)) parent = other;
    }
    loop.parent = parent ? parent.header : null;
  }
  const byHeader = new Map(loops.map((l) => [l.header, l]));
  for (const loop of loops) loop.depth = loop.parent === null ? 1 : byHeader.get(loop.parent).depth + 1;
  return loops;
}
function irreducibleEdges(fn2, dom = dominators(fn2)) {
  if (fn2.blocks.length === 0) return [];
  const found = [];
  const onStack = /* @__PURE__ */ new Set([0]);
  const seen = /* @__PURE__ */ new Set([0]);
  const stack = [[0, 0]];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const succ = successors(fn2.blocks[top[0]]);
    if (top[1] < succ.length) {
      const s = succ[top[1]++];
      if (onStack.has(s)) {
        if (!dom.dominates(s, top[0])) found.push({ from: top[0], to: s });
      } else if (!seen.has(s)) {
        seen.add(s);
        onStack.add(s);
        stack.push([s, 0]);
      }
    } else {
      onStack.delete(top[0]);
      stack.pop();
    }
  }
  return found;
}
function isReducible(fn2, dom = dominators(fn2)) {
  return irreducibleEdges(fn2, dom).length === 0;
}
function nestingDepth(fn2) {
  return Math.max(0, ...findLoops(fn2).map((l) => l.depth));
}
var init_loops = __esm({
  "server/src/ir/loops.ts"() {
    "use strict";
    init_cfg();
    init_dominators();
  }
});

// server/src/ir/ssa.ts
function definedVar(instr) {
  return instr.kind === "assign" && instr.dst && instr.dst.root.kind === "var" ? instr.dst.root.id : null;
}
function readVars(instr) {
  const ids = [];
  const fromOperand = (op) => {
    if (op.kind === "var") ids.push(op.id);
  };
  forEachPlace(instr, (place, role2) => {
    if (place.root.kind === "deref") fromOperand(place.root.ptr);
    else if (role2 !== "dst" || place.path.length > 0) ids.push(place.root.id);
    for (const e of place.path) if (e.kind === "index") fromOperand(e.index);
  });
  if (instr.kind === "assign") rvalueOperands(instr.value).forEach(fromOperand);
  else if (instr.kind === "assume" || instr.kind === "assert") fromOperand(instr.cond);
  return ids;
}
function terminatorReads(block) {
  const t = block.terminator;
  const op = t.kind === "branch" ? t.cond : t.kind === "switch" ? t.value : t.kind === "return" ? t.value : null;
  return op && op.kind === "var" ? [op.id] : op && op.kind === "addr" && op.place.root.kind === "var" ? [op.place.root.id] : [];
}
function mentionedVars(fn2) {
  const ids = /* @__PURE__ */ new Set([...fn2.params, ...fn2.returnVar === null ? [] : [fn2.returnVar]]);
  for (const b of fn2.blocks) {
    for (const instr of b.instrs) {
      readVars(instr).forEach((v) => ids.add(v));
      const d = definedVar(instr);
      if (d !== null) ids.add(d);
    }
    terminatorReads(b).forEach((v) => ids.add(v));
  }
  return ids;
}
function toSsa(program, fn2) {
  const tracked = new Set([...mentionedVars(fn2)].filter((id) => program.vars.get(id)?.addressTaken === false));
  const isObservable = (id) => id === fn2.returnVar || program.vars.get(id)?.kind === "global";
  const n = fn2.blocks.length;
  const ue = [];
  const defs = [];
  for (const b of fn2.blocks) {
    const u = /* @__PURE__ */ new Set();
    const d = /* @__PURE__ */ new Set();
    for (const instr of b.instrs) {
      for (const v of readVars(instr)) if (tracked.has(v) && !d.has(v)) u.add(v);
      const dv = definedVar(instr);
      if (dv !== null && tracked.has(dv)) d.add(dv);
    }
    for (const v of terminatorReads(b)) if (tracked.has(v) && !d.has(v)) u.add(v);
    ue.push(u);
    defs.push(d);
  }
  const live = liveIn(fn2, ue, defs, new Set([...tracked].filter(isObservable)));
  const reachable = reachableFromEntry(fn2);
  const root = n;
  const succ = fn2.blocks.map(successors);
  succ.push([0, ...fn2.blocks.filter((b) => !reachable.has(b.id) && b.id !== 0).map((b) => b.id)]);
  const pred = [...predecessors(fn2).map((p) => [...p]), []];
  for (const s of succ[root]) pred[s].push(root);
  const g = { size: n + 1, root, succ: (m) => succ[m], pred: (m) => pred[m] };
  const tree = dominatorTreeOf(g);
  const df = dominanceFrontiersOf(g, tree);
  const phiVars = Array.from({ length: n }, () => /* @__PURE__ */ new Set());
  for (const v of tracked) {
    const work = [root, ...fn2.blocks.filter((b) => defs[b.id].has(v)).map((b) => b.id)];
    const queued = new Set(work);
    while (work.length > 0) {
      const b = work.pop();
      for (const f of df[b]) {
        if (f === root || phiVars[f].has(v) || !live[f].has(v)) continue;
        phiVars[f].add(v);
        if (!queued.has(f)) {
          queued.add(f);
          work.push(f);
        }
      }
    }
  }
  let nextId = 1;
  for (const id of [...program.vars.keys(), ...mentionedVars(fn2)]) nextId = Math.max(nextId, id + 1);
  const versions = /* @__PURE__ */ new Map();
  const versionCount = /* @__PURE__ */ new Map();
  const fresh3 = (orig) => {
    const version = versionCount.get(orig) ?? 0;
    versionCount.set(orig, version + 1);
    const id = nextId++;
    versions.set(id, { orig, version });
    return id;
  };
  const entry2 = /* @__PURE__ */ new Map();
  const stacks = /* @__PURE__ */ new Map();
  for (const v of [...tracked].sort((a, b) => a - b)) {
    const id = fresh3(v);
    entry2.set(v, id);
    stacks.set(v, [id]);
  }
  const top = (v) => stacks.get(v).at(-1);
  const renamer = { use: (id) => tracked.has(id) ? top(id) : id };
  const phis = /* @__PURE__ */ new Map();
  const realPreds = predecessors(fn2);
  for (let b = 0; b < n; b++) {
    const vars = [...phiVars[b]].sort((x, y) => x - y);
    if (vars.length === 0) continue;
    const entryArg = b === 0 ? [{ from: -1, value: null }] : [];
    phis.set(
      b,
      vars.map((orig) => ({ dst: -1, orig, args: [...entryArg, ...realPreds[b].map((from) => ({ from, value: null }))] }))
    );
  }
  for (const phi of phis.get(0) ?? []) phi.args[0].value = entry2.get(phi.orig);
  const blocks = fn2.blocks.map((b) => ({ ...b }));
  const prev = /* @__PURE__ */ new Map();
  const exitVersions = /* @__PURE__ */ new Map();
  const renameBlock = (b) => {
    const pushed = [];
    const define = (v) => {
      const id = fresh3(v);
      stacks.get(v).push(id);
      pushed.push(v);
      return id;
    };
    for (const phi of phis.get(b) ?? []) phi.dst = define(phi.orig);
    const block = fn2.blocks[b];
    blocks[b].instrs = block.instrs.map((instr) => renameInstr(instr, tracked, renamer, define, prev));
    blocks[b].terminator = renameTerminator(block.terminator, renamer);
    if (b === fn2.exitBlock) {
      for (const v of tracked) if (isObservable(v)) exitVersions.set(v, top(v));
    }
    for (const s of succ[b]) {
      for (const phi of phis.get(s) ?? []) for (const arg of phi.args) if (arg.from === b) arg.value = top(phi.orig);
    }
    return pushed;
  };
  const walk = [{ node: root, pushed: null, next: 0 }];
  while (walk.length > 0) {
    const frame = walk[walk.length - 1];
    if (frame.pushed === null) frame.pushed = frame.node === root ? [] : renameBlock(frame.node);
    const kids = tree.children[frame.node];
    if (frame.next < kids.length) {
      walk.push({ node: kids[frame.next++], pushed: null, next: 0 });
    } else {
      for (const v of frame.pushed) stacks.get(v).pop();
      walk.pop();
    }
  }
  return { fn: { ...fn2, blocks }, phis, versions, entry: entry2, prev, exitVersions, tracked };
}
function renameInstr(instr, tracked, r, define, prev) {
  switch (instr.kind) {
    case "assign": {
      const value = renameRvalue(instr.value, r);
      const dst = instr.dst;
      if (!dst) return { ...instr, value };
      if (dst.root.kind === "deref" || !tracked.has(dst.root.id)) return { ...instr, dst: renamePlace(dst, r), value };
      const before = r.use(dst.root.id);
      const placeReads = renamePlace(dst, r, before);
      const copy = { ...instr, dst: { ...placeReads, root: { kind: "var", id: define(dst.root.id) } }, value };
      if (dst.path.length > 0) prev.set(copy, before);
      return copy;
    }
    case "assume":
    case "assert":
      return { ...instr, cond: renameOperand(instr.cond, r) };
    case "error":
    case "unsupported":
      return instr;
  }
}
function liveIn(fn2, ue, defs, observable) {
  const live = fn2.blocks.map((b) => new Set(ue[b.id]));
  const succ = fn2.blocks.map(successors);
  for (let changed = true; changed; ) {
    changed = false;
    for (let b = fn2.blocks.length - 1; b >= 0; b--) {
      const out = new Set(b === fn2.exitBlock ? observable : []);
      for (const s of succ[b]) for (const v of live[s]) out.add(v);
      for (const v of out) {
        if (!defs[b].has(v) && !live[b].has(v)) {
          live[b].add(v);
          changed = true;
        }
      }
    }
  }
  return live;
}
var init_ssa = __esm({
  "server/src/ir/ssa.ts"() {
    "use strict";
    init_cfg();
    init_dominators();
    init_walk();
  }
});

// server/src/goals/cfgView.ts
function cfgView(program, fn2, goals, opts = {}) {
  const decisions = new Map(fn2.decisions.map((d) => [d.id, d]));
  const blocks = fn2.blocks.map((b) => {
    const ranges = [...b.instrs.map((i) => i.range), ...b.range ? [b.range] : []];
    const t = b.terminator;
    const decision = t.kind === "branch" || t.kind === "switch" ? decisions.get(t.decision) : void 0;
    const shown = decision ? ranges.filter((r) => !within(r, decision.range) && !within(decision.range, r)) : ranges;
    const text = outermost(shown).map((r) => sourceText(program.source, withSemicolon(program.source, r)));
    if (decision) text.push(decisionHead(decision));
    const lines2 = [
      ...b.instrs.flatMap((i) => [i.range.line, i.range.endLine]),
      ...b.range ? [b.range.line] : [],
      ...t.range && t.kind !== "goto" ? [t.range.line, t.range.endLine] : []
    ];
    return {
      id: b.id,
      firstLine: lines2.length ? Math.min(...lines2) : null,
      lastLine: lines2.length ? Math.max(...lines2) : null,
      text,
      goals: goals.filter((g) => goalIsIn(g, b.id)).map((g) => g.id)
    };
  });
  const edges = fn2.blocks.flatMap((b) => successors(b).map((to) => ({ from: b.id, to, label: edgeLabel(fn2, b.id, to) })));
  const loops = findLoops(fn2).map((l) => ({ header: l.header, body: [...l.body].sort((x, y) => x - y) }));
  const view = {
    function: fn2.name,
    blocks,
    edges,
    loops,
    goals: goals.map((g) => ({ id: g.id, kind: g.kind, label: g.label, line: g.range.line, column: g.range.column }))
  };
  if (opts.ssa) {
    const ssa = toSsa(program, fn2);
    const nameOf = (id) => {
      if (id === null) return null;
      const v = ssa.versions.get(id);
      return `${program.vars.get(v.orig)?.name ?? `v${v.orig}`}_${v.version}`;
    };
    view.ssa = [...ssa.phis].sort(([a], [b]) => a - b).map(([block, phis]) => ({
      block,
      phis: phis.map((p) => ({
        variable: program.vars.get(p.orig)?.name ?? `v${p.orig}`,
        dst: nameOf(p.dst),
        args: p.args.map((a) => ({ from: a.from, value: nameOf(a.value) }))
      }))
    }));
  }
  if (opts.controlDependence) {
    view.controlDependence = controlDependences(fn2).map((on, block) => ({ block, on })).filter((d) => d.on.length > 0);
  }
  return view;
}
function goalIsIn(g, block) {
  return g.target.kind === "edges" ? g.target.edges.some((e) => e.from === block) : g.target.block === block;
}
function edgeLabel(fn2, from, to) {
  const label = fn2.blocks[from].edgeLabels[to];
  if (label) return label.text;
  for (const d of fn2.decisions) {
    const o = d.outcomes.find((o2) => o2.edges.some((e) => e.from === from && e.to === to));
    if (o) return d.kind === "switch" ? o.outcome : `${d.text}: ${o.outcome}`;
  }
  return "";
}
function within(a, b) {
  const before = (l1, c1, l2, c2) => l1 < l2 || l1 === l2 && c1 <= c2;
  return before(b.line, b.column, a.line, a.column) && before(a.endLine, a.endColumn, b.endLine, b.endColumn);
}
function withSemicolon(source, r) {
  const line = source.split("\n")[r.endLine - 1] ?? "";
  return line[r.endColumn - 1] === ";" ? { ...r, endColumn: r.endColumn + 1 } : r;
}
function outermost(ranges) {
  const same2 = (a, b) => within(a, b) && within(b, a);
  const kept = [];
  for (const r of ranges) {
    if (kept.some((o) => same2(o, r)) || ranges.some((o) => !same2(o, r) && within(r, o))) continue;
    kept.push(r);
  }
  return kept.sort((a, b) => a.line - b.line || a.column - b.column);
}
var init_cfgView = __esm({
  "server/src/goals/cfgView.ts"() {
    "use strict";
    init_cfg();
    init_controlDependence();
    init_loops();
    init_ssa();
    init_catalogue();
    init_source();
  }
});

// server/src/model/unroll.ts
function unroll(program, top, bound, inlineDepth, budget = RECURSION_NODE_BUDGET) {
  const fnInfo = /* @__PURE__ */ new Map();
  const attempt = (depth) => {
    try {
      return unrollAt(program, top, bound, inlineDepth, depth, budget, fnInfo);
    } catch (e) {
      if (e instanceof OverBudget) return null;
      throw e;
    }
  };
  const full2 = attempt(bound);
  if (full2) return full2;
  let lo = 0;
  let hi = bound - 1;
  let best = null;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const u = attempt(mid);
    if (u) {
      lo = mid;
      best = u;
    } else hi = mid - 1;
  }
  return best?.recursionDepth === lo ? best : attempt(lo);
}
function unrollAt(program, top, bound, inlineDepth, recursionDepth, budget, fnInfo) {
  const info = (fn2) => {
    let i = fnInfo.get(fn2.name);
    if (!i) {
      const loopsOf = /* @__PURE__ */ new Map();
      for (const l of loopNest(fn2)) for (const b of l.body) (loopsOf.get(b) ?? loopsOf.set(b, []).get(b)).push(l);
      for (const ls of loopsOf.values()) ls.sort((a, b) => a.depth - b.depth);
      i = { loopsOf };
      fnInfo.set(fn2.name, i);
    }
    return i;
  };
  const functions = new Map(program.functions.map((f) => [f.name, f]));
  const vars = new Map(program.vars);
  let nextVar = Math.max(0, ...program.vars.keys()) + 1;
  const contexts = [];
  const nodes = [];
  const limits = [];
  const byKey = /* @__PURE__ */ new Map();
  const inRecursion = /* @__PURE__ */ new Set();
  let recursiveNodes = 0;
  const newContext = (fn2, parent, callNode, depth, recursion) => {
    const rename = /* @__PURE__ */ new Map();
    if (parent) {
      for (const id of fn2.locals) {
        const v = program.vars.get(id);
        if (!v) continue;
        const fresh3 = nextVar++;
        vars.set(fresh3, { ...v, id: fresh3, name: `${fn2.name}.${v.name}` });
        rename.set(id, fresh3);
      }
    }
    const ctx = { id: contexts.length, fn: fn2, parent, callNode, depth, recursion, rename };
    contexts.push(ctx);
    if (parent && (recursion > 0 || inRecursion.has(parent))) inRecursion.add(ctx);
    return ctx;
  };
  const segmentEnd = (block, start) => {
    for (let i = start; i < block.instrs.length; i++) {
      const ins = block.instrs[i];
      if (ins.kind === "assign" && ins.value.op === "call" && !ins.value.external && functions.has(ins.value.callee)) return { end: i + 1, call: true };
    }
    return { end: block.instrs.length, call: false };
  };
  const getNode = (ctx, blockId, start, counts, sink) => {
    const kind = sink === void 0 ? "" : sink.unwindOf < 0 ? "r" : "u";
    const key = `${ctx.id}/${kind}${blockId}/${start}/${counts.join(",")}`;
    let n = byKey.get(key);
    if (n) return n;
    const block = ctx.fn.blocks[blockId];
    const seg = sink === void 0 ? segmentEnd(block, start) : { end: start, call: false };
    n = { id: nodes.length, ctx, block, start, end: seg.end, inlinedCall: seg.call, counts, succ: /* @__PURE__ */ new Map(), preds: [], ...sink };
    nodes.push(n);
    byKey.set(key, n);
    work.push(n);
    if (inRecursion.has(ctx) && ++recursiveNodes > budget && recursionDepth > 0) throw new OverBudget();
    return n;
  };
  const work = [];
  const topCtx = newContext(top, null, null, 0, 0);
  getNode(topCtx, 0, 0, []);
  const framesOf = (ctx, fn2) => {
    let count = 0;
    let last = null;
    for (let c = ctx; c; c = c.parent)
      if (c.fn.name === fn2.name) {
        count++;
        last ??= c;
      }
    return { count, last };
  };
  while (work.length) {
    const n = work.pop();
    if (n.unwindOf !== void 0) continue;
    const fn2 = n.ctx.fn;
    const fi = info(fn2);
    if (n.inlinedCall) {
      const call = n.block.instrs[n.end - 1];
      const callee = call.kind === "assign" && call.value.op === "call" ? functions.get(call.value.callee) : void 0;
      const frames = callee ? framesOf(n.ctx, callee) : { count: 0, last: null };
      if (callee && frames.count > 0) {
        if (frames.count <= recursionDepth) {
          const cctx = newContext(callee, n.ctx, n.id, frames.last.depth, frames.count);
          n.succ.set(-1, getNode(cctx, 0, 0, []).id);
        } else {
          n.succ.set(-1, getNode(n.ctx, n.block.id, n.end, n.counts, { unwindOf: -1, recursion: callee.name }).id);
        }
        continue;
      }
      if (callee && n.ctx.depth < inlineDepth) {
        const cctx = newContext(callee, n.ctx, n.id, n.ctx.depth + 1, 0);
        n.succ.set(-1, getNode(cctx, 0, 0, []).id);
        continue;
      }
      limits.push({ what: `call of ${callee?.name ?? "?"} deeper than the inlining bound ${inlineDepth}`, line: call.range.line, node: n.id });
      n.inlinedCall = false;
    }
    if (n.end < n.block.instrs.length) {
      n.succ.set(-1, getNode(n.ctx, n.block.id, n.end, n.counts).id);
      continue;
    }
    if (n.block.id === fn2.exitBlock && n.ctx.parent) {
      const caller = nodes[n.ctx.callNode];
      const cont = getNode(caller.ctx, caller.block.id, caller.end, caller.counts);
      n.succ.set(-1, cont.id);
      continue;
    }
    const myLoops = fi.loopsOf.get(n.block.id) ?? [];
    for (const t of successors(n.block)) {
      const tLoops = fi.loopsOf.get(t) ?? [];
      const counts = [];
      let target;
      for (let i = 0; i < tLoops.length; i++) {
        const l = tLoops[i];
        const j = myLoops.indexOf(l);
        if (j < 0) {
          counts.push(0);
        } else if (l.header === t && l.latches.includes(n.block.id)) {
          const c = n.counts[j] + 1;
          if (c > bound) {
            target = getNode(n.ctx, t, 0, [...counts, c], { unwindOf: t });
            break;
          }
          counts.push(c);
        } else {
          counts.push(n.counts[j]);
        }
      }
      target ??= getNode(n.ctx, t, 0, counts);
      n.succ.set(t, target.id);
    }
  }
  for (const n of nodes) for (const s of n.succ.values()) nodes[s].preds.push(n.id);
  const order = topoOrder(nodes);
  const newId = /* @__PURE__ */ new Map();
  order.forEach((old, i) => newId.set(old, i));
  const sorted = order.map((old) => nodes[old]);
  for (const n of sorted) {
    n.id = newId.get(n.id);
    n.succ = new Map([...n.succ].map(([k, v]) => [k, newId.get(v)]));
    n.preds = n.preds.map((p) => newId.get(p));
  }
  for (const c of contexts) if (c.callNode !== null) c.callNode = newId.get(c.callNode);
  for (const l of limits) l.node = newId.get(l.node) ?? l.node;
  return {
    top,
    nodes: sorted,
    contexts,
    vars,
    bound,
    recursionDepth,
    limits,
    unwinds: sorted.filter((n) => n.unwindOf !== void 0).map((n) => n.id)
  };
}
function loopNest(fn2) {
  const nb = fn2.blocks.length;
  if (nb === 0) return [];
  const pre = new Array(nb).fill(-1);
  const last = new Array(nb).fill(-1);
  const order = [];
  pre[0] = 0;
  order.push(0);
  const stack = [[0, 0]];
  while (stack.length) {
    const top = stack[stack.length - 1];
    const next = successors(fn2.blocks[top[0]]);
    if (top[1] < next.length) {
      const s = next[top[1]++];
      if (pre[s] < 0) {
        pre[s] = order.length;
        order.push(s);
        stack.push([s, 0]);
      }
    } else {
      last[top[0]] = order.length - 1;
      stack.pop();
    }
  }
  const isAncestor = (a, b) => pre[a] >= 0 && pre[b] >= 0 && pre[a] <= pre[b] && pre[b] <= last[a];
  const preds = fn2.blocks.map(() => []);
  const sources = /* @__PURE__ */ new Map();
  for (const u of order)
    for (const s of successors(fn2.blocks[u])) {
      preds[s].push(u);
      if (isAncestor(s, u)) (sources.get(s) ?? sources.set(s, []).get(s)).push(u);
    }
  const loops = [];
  for (const h of order) {
    const srcs = sources.get(h);
    if (!srcs) continue;
    const body = /* @__PURE__ */ new Set([h]);
    const todo = srcs.filter((x) => !body.has(x));
    for (const x of todo) body.add(x);
    while (todo.length) {
      const b = todo.pop();
      for (const p of preds[b])
        if (!body.has(p) && isAncestor(h, p)) {
          body.add(p);
          todo.push(p);
        }
    }
    loops.push({ header: h, body, latches: preds[h].filter((p) => body.has(p)), depth: 1 });
  }
  for (const l of loops) l.depth = loops.filter((o) => o.body.has(l.header)).length;
  return loops;
}
function topoOrder(nodes) {
  const indeg = nodes.map((n) => n.preds.length);
  const ready = nodes.filter((n) => n.preds.length === 0).map((n) => n.id).reverse();
  const order = [];
  while (ready.length) {
    const id = ready.pop();
    order.push(id);
    for (const s of new Set(nodes[id].succ.values())) {
      const times = nodes[s].preds.filter((p) => p === id).length;
      indeg[s] -= times;
      if (indeg[s] === 0) ready.push(s);
    }
  }
  if (order.length !== nodes.length) throw new Error("unroll: the unrolled graph has a cycle (a loop of loopNest missed it)");
  return order;
}
function resolveVar(ctx, id) {
  return ctx.rename.get(id) ?? id;
}
var RECURSION_NODE_BUDGET, OverBudget;
var init_unroll = __esm({
  "server/src/model/unroll.ts"() {
    "use strict";
    init_cfg();
    RECURSION_NODE_BUDGET = 2e3;
    OverBudget = class extends Error {
    };
  }
});

// server/src/model/semantics.ts
function bvConst(ctx, value, bits) {
  const mod = 1n << BigInt(bits);
  return ctx.BitVec.val((value % mod + mod) % mod, bits);
}
function ite(ctx, c, a, b) {
  return ctx.If(c, a, b);
}
function minSigned(bits) {
  return -(1n << BigInt(bits - 1));
}
function maxSigned(bits) {
  return (1n << BigInt(bits - 1)) - 1n;
}
function convertInt(ctx, t, from, to) {
  if (to.rank === "bool") {
    return ite(ctx, t.neq(bvConst(ctx, 0n, from.bits)), bvConst(ctx, 1n, 1), bvConst(ctx, 0n, 1));
  }
  if (to.bits === from.bits) return t;
  if (to.bits < from.bits) return t.extract(to.bits - 1, 0);
  return from.signed ? t.signExt(to.bits - from.bits) : t.zeroExt(to.bits - from.bits);
}
function boolToInt(ctx, b, bits = 32) {
  return ite(ctx, b, bvConst(ctx, 1n, bits), bvConst(ctx, 0n, bits));
}
function intBinary2(ctx, op, a, b, type, bType) {
  const w = type.bits;
  const signed = type.signed;
  const ub = [];
  const zero = bvConst(ctx, 0n, w);
  switch (op) {
    case "+": {
      if (signed) ub.push({ error: "overflow", cond: a.addNoOverflow(b, true).and(a.addNoUnderflow(b)).not(), detail: "signed addition overflows" });
      return { value: a.add(b), ub };
    }
    case "-": {
      if (signed) ub.push({ error: "overflow", cond: a.subNoOverflow(b).and(a.subNoUnderflow(b, true)).not(), detail: "signed subtraction overflows" });
      return { value: a.sub(b), ub };
    }
    case "*": {
      if (signed) ub.push({ error: "overflow", cond: a.mulNoOverflow(b, true).and(a.mulNoUnderflow(b)).not(), detail: "signed multiplication overflows" });
      return { value: a.mul(b), ub };
    }
    case "/":
    case "%": {
      ub.push({ error: "div-by-zero", cond: b.eq(zero), detail: op === "/" ? "division by zero" : "remainder by zero" });
      if (signed) {
        ub.push({
          error: "div-overflow",
          cond: a.eq(bvConst(ctx, minSigned(w), w)).and(b.eq(bvConst(ctx, -1n, w))),
          detail: `${op === "/" ? "division" : "remainder"} of the minimum value by -1`
        });
        return { value: op === "/" ? a.sdiv(b) : a.srem(b), ub };
      }
      return { value: op === "/" ? a.udiv(b) : a.urem(b), ub };
    }
    case "<<":
    case ">>": {
      const count = resize(b, bType, w);
      const countInvalid = shiftCountInvalid(ctx, b, bType, w);
      ub.push({ error: "shift", cond: countInvalid, detail: `shift count negative or not below ${w}` });
      if (op === "<<") {
        if (signed) {
          const wide = a.signExt(w).shl(count.zeroExt(w));
          ub.push({ error: "shift", cond: a.slt(zero), detail: "left shift of a negative value" });
          ub.push({
            error: "overflow",
            cond: a.sge(zero).and(countInvalid.not()).and(fitsSigned(wide, w).not()),
            detail: "left shift overflow: E1 * 2^E2 not representable"
          });
        }
        return { value: a.shl(count), ub };
      }
      return { value: signed ? a.shr(count) : a.lshr(count), ub };
    }
    case "&":
      return { value: a.and(b), ub };
    case "|":
      return { value: a.or(b), ub };
    case "^":
      return { value: a.xor(b), ub };
    case "==":
      return { value: boolToInt(ctx, a.eq(b)), ub };
    case "!=":
      return { value: boolToInt(ctx, a.neq(b)), ub };
    case "<":
      return { value: boolToInt(ctx, signed ? a.slt(b) : a.ult(b)), ub };
    case "<=":
      return { value: boolToInt(ctx, signed ? a.sle(b) : a.ule(b)), ub };
    case ">":
      return { value: boolToInt(ctx, signed ? a.sgt(b) : a.ugt(b)), ub };
    case ">=":
      return { value: boolToInt(ctx, signed ? a.sge(b) : a.uge(b)), ub };
  }
}
function fitsSigned(wide, w) {
  const total = wide.size();
  return wide.eq(wide.extract(w - 1, 0).signExt(total - w));
}
function resize(t, from, w) {
  if (from.bits === w) return t;
  if (from.bits > w) return t.extract(w - 1, 0);
  return t.zeroExt(w - from.bits);
}
function shiftCountInvalid(ctx, b, bType, width) {
  const limit = bvConst(ctx, BigInt(width), bType.bits);
  const tooBig = BigInt(width) >= 1n << BigInt(bType.bits - (bType.signed ? 1 : 0)) ? ctx.Bool.val(false) : b.uge(limit);
  return bType.signed ? b.slt(bvConst(ctx, 0n, bType.bits)).or(tooBig) : tooBig;
}
function intUnary2(ctx, op, a, type, resultBits = 32) {
  const w = type.bits;
  switch (op) {
    case "-": {
      const ub = type.signed ? [{ error: "overflow", cond: a.eq(bvConst(ctx, minSigned(w), w)), detail: "negation of the minimum value overflows" }] : [];
      return { value: a.neg(), ub };
    }
    case "~":
      return { value: a.not(), ub: [] };
    case "!":
      return { value: boolToInt(ctx, a.eq(bvConst(ctx, 0n, w)), resultBits), ub: [] };
  }
}
function fpSort(ctx, t) {
  return t.bits === 32 ? ctx.Float.sort32() : ctx.Float.sort64();
}
function rne(ctx) {
  return ctx.FloatRM.RNE();
}
function fpConst(z, value, t) {
  const { ctx } = z;
  const view = new DataView(new ArrayBuffer(8));
  let bits;
  if (t.bits === 32) {
    view.setFloat32(0, value);
    bits = BigInt(view.getUint32(0));
  } else {
    view.setFloat64(0, value);
    bits = view.getBigUint64(0);
  }
  return fpFromBits(z, bvConst(ctx, bits, t.bits), t);
}
function fpFromBits(z, bits, t) {
  const { api, ctx } = z;
  const like = ctx.Float.val(0, fpSort(ctx, t));
  return z.wrap(like, api.mk_fpa_to_fp_bv(ctx.ptr, bits.ast, fpSort(ctx, t).ptr));
}
function fpConvert(z, kind, t, to) {
  const { api, ctx } = z;
  const c = ctx.ptr;
  const like = ctx.Float.val(0, fpSort(ctx, to));
  const rmExpr = rne(ctx);
  const sortExpr = fpSort(ctx, to);
  const rm2 = rmExpr.ast;
  const sort = sortExpr.ptr;
  const ast = kind === "fp-fp" ? api.mk_fpa_to_fp_float(c, rm2, t.ast, sort) : kind === "sbv-fp" ? api.mk_fpa_to_fp_signed(c, rm2, t.ast, sort) : api.mk_fpa_to_fp_unsigned(c, rm2, t.ast, sort);
  return z.wrap(like, ast);
}
function fpToInt(z, t, to) {
  const { api, ctx } = z;
  const c = ctx.ptr;
  const rtz = ctx.FloatRM.RTZ().ast;
  if (to.rank === "bool") {
    return { value: ite(ctx, t.isZero(), bvConst(ctx, 0n, 1), bvConst(ctx, 1n, 1)), ub: [] };
  }
  const w = to.bits;
  const value = z.wrap(bvConst(ctx, 0n, w), to.signed ? api.mk_fpa_to_sbv(c, rtz, t.ast, w) : api.mk_fpa_to_ubv(c, rtz, t.ast, w));
  const lo = to.signed ? minSigned(w) : 0n;
  const hi = to.signed ? maxSigned(w) : (1n << BigInt(w)) - 1n;
  const sort = t.sort;
  const single = sort.sbits() === 24;
  const asFloat = (v) => {
    const n = single ? Math.fround(Number(v)) : Number(v);
    return Number.isFinite(n) && BigInt(n) === v ? n : null;
  };
  const below = asFloat(lo - 1n);
  const lower = below !== null ? t.gt(ctx.Float.val(below, sort)) : t.ge(ctx.Float.val(Number(lo), sort));
  const above = asFloat(hi + 1n);
  const inRange = above !== null ? lower.and(t.lt(ctx.Float.val(above, sort))) : lower;
  const bad = t.isNaN().or(t.isInf()).or(inRange.not());
  return { value, ub: [{ error: "float-to-int", cond: bad, detail: `conversion to ${to.name} out of range` }] };
}
function fpEq(z, a, b) {
  return z.wrap(a.eq(b), z.api.mk_fpa_eq(z.ctx.ptr, a.ast, b.ast));
}
function fpBinary(z, op, a, b) {
  const { ctx } = z;
  const rm2 = rne(ctx);
  switch (op) {
    case "+":
      return { value: a.add(rm2, b), ub: [] };
    case "-":
      return { value: a.sub(rm2, b), ub: [] };
    case "*":
      return { value: a.mul(rm2, b), ub: [] };
    case "/":
      return { value: a.div(rm2, b), ub: [] };
    case "==":
      return { value: boolToInt(ctx, fpEq(z, a, b)), ub: [] };
    case "!=":
      return { value: boolToInt(ctx, fpEq(z, a, b).not()), ub: [] };
    case "<":
      return { value: boolToInt(ctx, a.lt(b)), ub: [] };
    case "<=":
      return { value: boolToInt(ctx, a.le(b)), ub: [] };
    case ">":
      return { value: boolToInt(ctx, a.gt(b)), ub: [] };
    case ">=":
      return { value: boolToInt(ctx, a.ge(b)), ub: [] };
    default:
      throw new Error(`operator ${op} on floating point`);
  }
}
var init_semantics = __esm({
  "server/src/model/semantics.ts"() {
    "use strict";
  }
});

// server/src/model/values.ts
function leafSorts(ctx, t) {
  switch (t.kind) {
    case "int":
      return [ctx.BitVec.sort(t.bits)];
    case "float":
      return [fpSort(ctx, t)];
    case "pointer":
      return [ctx.BitVec.sort(OBJ_BITS), ctx.BitVec.sort(OFF_BITS)];
    default:
      throw new Error(`no leaf sort for ${t.kind}`);
  }
}
function freshVal(ctx, t, name, lift = []) {
  const wrapSort = (s) => lift.reduceRight((acc, dom) => ctx.Array.sort(dom, acc), s);
  const mk = (s, suffix = "") => ctx.Const(`${name}${suffix}!${fresh++}`, wrapSort(s));
  switch (t.kind) {
    case "int":
    case "float":
      return { k: t.kind === "int" ? "bv" : "fp", t: mk(leafSorts(ctx, t)[0]) };
    case "pointer": {
      const [o, f] = leafSorts(ctx, t);
      return { k: "ptr", obj: mk(o, ".obj"), off: mk(f, ".off") };
    }
    case "struct": {
      if (t.union && lift.length === 0) {
        const u = freshUnion(ctx, t, name);
        if (u) return u;
      }
      const fields = t.fields.map((f) => freshVal(ctx, f.type, `${name}.${f.name}`, lift));
      return t.union ? { k: "struct", fields, stale: fields.map((_, i) => i > 0) } : { k: "struct", fields };
    }
    case "array":
      return { k: "arr", lifted: freshVal(ctx, t.of, `${name}[]`, [...lift, ctx.BitVec.sort(OFF_BITS)]) };
    case "void":
    case "function":
      return { k: "bv", t: mk(ctx.BitVec.sort(8)) };
  }
}
function integerBits(t) {
  return t.kind === "float" ? null : memberBits(t, false);
}
function freshUnion(ctx, t, name) {
  const widths = t.fields.map((f) => f.bitWidth === void 0 ? integerBits(f.type) : null);
  const width = Math.max(0, ...widths.map((w) => w ?? 0));
  if (width === 0) return null;
  const bytes = ctx.Const(`${name}.bytes!${fresh++}`, ctx.BitVec.sort(width));
  const fields = t.fields.map((f, i) => {
    const w = widths[i];
    if (w === null) return freshVal(ctx, f.type, `${name}.${f.name}`);
    const low = w === width ? bytes : bytes.extract(w - 1, 0);
    if (f.type.kind !== "array") return { k: "bv", t: low };
    const e = w / f.type.length;
    let arr = zeroVal(ctx, f.type);
    for (let k = 0; k < f.type.length; k++) arr = storeVal(arr, bvConst(ctx, BigInt(k), OFF_BITS), { k: "bv", t: low.extract(k * e + e - 1, k * e) });
    return arr;
  });
  const stale = widths.map((w) => w === null);
  return stale.some((x) => x) ? { k: "struct", fields, stale } : { k: "struct", fields };
}
function zeroVal(ctx, t, lift = []) {
  const wrap = (v) => lift.reduceRight((acc, dom) => ctx.Array.K(dom, acc), v);
  switch (t.kind) {
    case "int":
      return { k: "bv", t: wrap(bvConst(ctx, 0n, t.bits)) };
    case "float":
      return { k: "fp", t: wrap(ctx.Float.val(0, fpSort(ctx, t))) };
    case "pointer":
      return { k: "ptr", obj: wrap(bvConst(ctx, 0n, OBJ_BITS)), off: wrap(bvConst(ctx, 0n, OFF_BITS)) };
    case "struct":
      return { k: "struct", fields: t.fields.map((f) => zeroVal(ctx, f.type, lift)) };
    case "array":
      return { k: "arr", lifted: zeroVal(ctx, t.of, [...lift, ctx.BitVec.sort(OFF_BITS)]) };
    default:
      return { k: "bv", t: wrap(bvConst(ctx, 0n, 8)) };
  }
}
function mapLeaves(v, f) {
  switch (v.k) {
    case "bv":
    case "fp":
      return { k: v.k, t: f(v.t) };
    case "ptr":
      return { k: "ptr", obj: f(v.obj), off: f(v.off) };
    case "struct":
      return { k: "struct", fields: v.fields.map((x) => mapLeaves(x, f)), ...v.stale && { stale: v.stale } };
    case "arr":
      return { k: "arr", lifted: mapLeaves(v.lifted, f) };
  }
}
function zipLeaves(a, b, f) {
  switch (a.k) {
    case "bv":
    case "fp":
      return { k: a.k, t: f(a.t, b.t) };
    case "ptr": {
      const p = b;
      return { k: "ptr", obj: f(a.obj, p.obj), off: f(a.off, p.off) };
    }
    case "struct": {
      const s = b;
      const fields = a.fields.map((x, i) => zipLeaves(x, s.fields[i], f));
      const stale = a.stale || s.stale ? fields.map((_, i) => !!a.stale?.[i] || !!s.stale?.[i]) : void 0;
      return stale ? { k: "struct", fields, stale } : { k: "struct", fields };
    }
    case "arr":
      return { k: "arr", lifted: zipLeaves(a.lifted, b.lifted, f) };
  }
}
function iteVal(ctx, c, a, b) {
  if (a === b) return a;
  return zipLeaves(a, b, (x, y) => x === y ? x : ite(ctx, c, x, y));
}
function selectVal(arr, i) {
  if (arr.k !== "arr") throw new Error("select on a non-array");
  return mapLeaves(arr.lifted, (leaf) => leaf.select(i));
}
function storeVal(arr, i, v) {
  if (arr.k !== "arr") throw new Error("store on a non-array");
  return { k: "arr", lifted: zipLeaves(arr.lifted, v, (leafArr, leafVal) => leafArr.store(i, leafVal)) };
}
function asBV(v) {
  if (v.k !== "bv") throw new Error(`expected an integer value, got ${v.k}`);
  return v.t;
}
function tOf(v) {
  if (v.k === "bv" || v.k === "fp") return v.t;
  throw new Error(`expected a scalar value, got ${v.k}`);
}
var OBJ_BITS, OFF_BITS, fresh;
var init_values = __esm({
  "server/src/model/values.ts"() {
    "use strict";
    init_layout();
    init_semantics();
    OBJ_BITS = 32;
    OFF_BITS = 64;
    fresh = 0;
  }
});

// server/src/model/state.ts
function siteKey(fn2, block, index, error) {
  return `${fn2}:${block}:${index}${error ? `:${error}` : ""}`;
}
function toOffset(v, t) {
  const bv = asBV(v);
  const it = t;
  if (it.bits === OFF_BITS) return bv;
  return it.signed ? bv.signExt(OFF_BITS - it.bits) : bv.zeroExt(OFF_BITS - it.bits);
}
var INIT_FLAG_BASE, initFlagKey, isInitFlagKey, VIEW_SHIFT, INT_TYPE, CHAR_TYPE, EncoderState;
var init_state = __esm({
  "server/src/model/state.ts"() {
    "use strict";
    init_runtimeErrors();
    init_uninitialised();
    init_semantics();
    init_values();
    INIT_FLAG_BASE = 2 ** 40;
    initFlagKey = (id) => -(INIT_FLAG_BASE + id);
    isInitFlagKey = (key) => key <= -INIT_FLAG_BASE;
    VIEW_SHIFT = 32;
    INT_TYPE = { kind: "int", bits: 32, signed: true, rank: "int", name: "int" };
    CHAR_TYPE = { kind: "int", bits: 8, signed: true, rank: "char", name: "char" };
    EncoderState = class {
      constructor(z, program, u, opts) {
        this.z = z;
        this.program = program;
        this.u = u;
        this.opts = opts;
        this.ctx = z.ctx;
        this.T = this.ctx.Bool.val(true);
        this.F_ = this.ctx.Bool.val(false);
        this.vars = new Map(u.vars);
        this.nextVar = Math.max(0, ...this.vars.keys()) + 1;
        this.topCtx = u.contexts[0];
        this.cur = { node: 0, index: 0, range: u.top.range };
      }
      z;
      program;
      u;
      opts;
      ctx;
      T;
      F_;
      vars;
      assertions = [];
      obligations = [];
      taints = [];
      nondet = [];
      inputs = [];
      /** Sites of asserts, errors and runtime errors in every context (see Encoding.sites). */
      sites = /* @__PURE__ */ new Map();
      tracked = [];
      trace = [];
      allocNodes = [];
      objects = [];
      assumptions = [];
      sizeHits = [];
      inputBounds = [];
      /** Objects of the C library (`errno`, glibc's ctype tables and the pointers to them) by name: their variable ids (inputs.ts). */
      libObjects = /* @__PURE__ */ new Map();
      /** Object index (1-based; 0 is NULL) by variable id. */
      objIndex = /* @__PURE__ */ new Map();
      /** The environment at the function's entry (inputs, globals' initial values, string literals). */
      entry = /* @__PURE__ */ new Map();
      topCtx;
      /** Where the walk is: obligations, taints and nondet sites record it. */
      cur;
      nextVar;
      nameCounter = 0;
      /** A variable id no other variable has (for input objects, heap objects, string literals). */
      newVarId = () => this.nextVar++;
      /** A name no other Z3 constant of this encoding has. */
      freshName = (prefix) => `${prefix}!${this.nameCounter++}`;
      boolConst = (name) => this.ctx.Bool.const(this.freshName(name));
      addObject = (varId, type, readOnly = false) => {
        if (this.objIndex.has(varId)) return this.objIndex.get(varId);
        this.objects.push({ varId, type, readOnly });
        this.objIndex.set(varId, this.objects.length);
        return this.objects.length;
      };
      /** The object standing for a member of `view.base` (of type `type`), made once per base, layout and member. */
      addView = (view, type) => {
        const key = `${view.base}:${view.baseArray}:${view.fields.join(".")}`;
        let idx = this.viewIndex.get(key);
        if (idx === void 0) {
          const base = this.objects[view.base - 1];
          this.objects.push({ varId: base.varId, type, readOnly: base.readOnly, view });
          idx = this.objects.length;
          this.viewIndex.set(key, idx);
        }
        return idx;
      };
      viewIndex = /* @__PURE__ */ new Map();
      /**
       * The object a function's address designates (ir/indirect.ts compares function pointers with
       * them): read-only, never read. A function pointer the code gets from outside (an input) is
       * none of them: what it calls is not known, and the call through it stays a taint.
       */
      functionObject = (name, type) => {
        let idx = this.fnObjects.get(name);
        if (idx === void 0) {
          const id = this.newVarId();
          this.vars.set(id, { id, name, type, kind: "global", addressTaken: true, isConst: true, isStatic: true });
          idx = this.addObject(id, type, true);
          this.fnObjects.set(name, idx);
        }
        return idx;
      };
      fnObjects = /* @__PURE__ */ new Map();
      /**
       * An input function pointer (see functionObject): NULL, or a function outside the program (one
       * object stands for them all), which the model does not know. That it is no function of the
       * program is an assumption: a caller may pass one, so no proof rests on it.
       */
      opaqueFunctionPointer = (p, name, type) => {
        const idx = this.functionObject("an external function", type);
        const obj = p.obj;
        this.assertions.push(obj.eq(bvConst(this.ctx, 0n, OBJ_BITS)).or(obj.eq(bvConst(this.ctx, BigInt(idx), OBJ_BITS))));
        this.assertions.push(p.off.eq(bvConst(this.ctx, 0n, OFF_BITS)));
        this.assumptions.push({ text: `\`${name}\` is NULL or a function outside the program (calls through it are not modelled)` });
      };
      addOb = (kind, holds2, detail, error) => {
        const lit = this.boolConst(`ob`);
        const ob = { lit, node: this.cur.node, index: this.cur.index, kind, error, detail, range: this.cur.range, holds: holds2 };
        this.obligations.push(ob);
        return ob;
      };
      /** Something not modelled at the current place: goals it can reach become unknown. */
      taint = (what) => {
        this.taints.push({ node: this.cur.node, index: this.cur.index, what, line: this.cur.range.line });
      };
      /**
       * Obligations for these undefined-behaviour conditions, and their runtime-error
       * sites: at the current instruction, or at `at` (a call's destination is written
       * when the callee returns, but the error is the call instruction's).
       */
      ubs = (list, ctxNow, at2) => {
        const block = at2?.block ?? this.u.nodes[this.cur.node].block.id;
        const index = at2?.index ?? this.cur.index;
        const uninit = list.filter((u) => u.error === "uninit");
        if (uninit.length) {
          const defined = this.ctx.And(...uninit.map((u) => u.cond.not()));
          list = list.map(
            (u) => u.error === "uninit" ? u : { ...u, cond: u.cond.and(defined), prefer: u.prefer ? u.prefer.and(defined) : void 0 }
          );
        }
        for (const u of list) {
          this.addOb("ub", u.cond.not(), u.detail, u.error);
          if (u.error) this.addSite(siteKey(ctxNow.fn.name, block, index, u.error), { node: this.cur.node, ctx: ctxNow.id, cond: u.cond, prefer: u.prefer });
        }
      };
      /** A site where a goal can be met (`key`: see Encoding.sites). */
      addSite = (key, site) => {
        (this.sites.get(key) ?? this.sites.set(key, []).get(key)).push(site);
      };
      typeOfVar = (id) => this.vars.get(id)?.type ?? INT_TYPE;
      getVar = (env, id) => {
        let v = env.get(id);
        if (!v && id < 0) return this.deadFlag();
        if (!v) {
          const variable = this.vars.get(id);
          v = variable && tracksInitialisation(variable) ? this.indeterminateSite(id) : freshVal(this.ctx, this.typeOfVar(id), `uninit.${variable?.name ?? id}`);
          env.set(id, v);
        }
        return v;
      };
      /** A local whose reads before an assignment are undefined behaviour (not under uninitialisedNondet). */
      tracksInit = (id) => !this.opts.uninitialisedNondet && tracksInitialisation(this.vars.get(id));
      /** The undefined behaviour of reading `id` now (before getVar, which gives an absent variable a value): not assigned since its declaration. */
      uninitUb = (env, id) => {
        if (!this.tracksInit(id)) return [];
        const flag = env.get(initFlagKey(id));
        if (env.has(id) && !flag) return [];
        const cond = env.has(id) ? tOf(flag).eq(bvConst(this.ctx, 0n, 1)) : this.T;
        return [{ error: "uninit", cond, detail: uninitialisedDetail(this.vars, id) }];
      };
      /** Liveness of a heap object on a path that has not allocated it. */
      deadFlag = () => ({ k: "bv", t: bvConst(this.ctx, 0n, 1) });
      alive = (env, varId) => tOf(this.getVar(env, -varId)).eq(bvConst(this.ctx, 1n, 1));
      nullPtr = () => ({ k: "ptr", obj: bvConst(this.ctx, 0n, OBJ_BITS), off: bvConst(this.ctx, 0n, OFF_BITS) });
      /**
       * An access to the object `obj` designates, up to element `last` (absolute
       * offset): a size hit for each input object whose assumed limit it reaches.
       */
      noteAccess = (obj, last, when) => {
        for (const a of this.assumptions) {
          if (!a.limit) continue;
          let cond = obj.eq(bvConst(this.ctx, BigInt(a.limit.objIdx), OBJ_BITS)).and(last.sge(bvConst(this.ctx, BigInt(a.limit.limit), OFF_BITS)));
          if (when) cond = cond.and(when);
          this.sizeHits.push({ node: this.cur.node, index: this.cur.index, cond, assumption: a.text });
        }
      };
      /** A fresh value of a local that has none, recorded where it is taken as the datum's (`TestReport.indeterminate`). */
      indeterminateSite = (varId) => {
        const variable = this.vars.get(varId);
        const val = freshVal(this.ctx, variable.type, `uninit.${variable.name}`);
        this.nondet.push({
          node: this.cur.node,
          index: this.cur.index,
          call: variable.name,
          line: this.cur.range.line,
          type: variable.type,
          val,
          uninitialised: true
        });
        return val;
      };
      /** A fresh input for a nondet call or an external function's result, recorded at the current place. */
      nondetSite = (call, type) => {
        const val = freshVal(this.ctx, type, call);
        this.nondet.push({ node: this.cur.node, index: this.cur.index, call, line: this.cur.range.line, type, val });
        return val;
      };
    };
  }
});

// server/src/model/bytes.ts
function bitsOf(z, assume, t, v, width) {
  const { ctx } = z;
  if (v.k === "bv") return v.t;
  if (v.k === "fp") {
    const bits = ctx.BitVec.const(`union.bits!${fresh2++}`, width);
    assume(fpFromBits(z, bits, t).eq(v.t));
    return bits;
  }
  if (v.k !== "arr" || t.kind !== "array" || t.length === null) throw new Error("no bytes for this member");
  const elems = Array.from({ length: t.length }, (_, i) => tOf(selectVal(v, bvConst(ctx, BigInt(i), OFF_BITS))));
  return elems.length === 1 ? elems[0] : ctx.Concat(...elems.reverse());
}
function fromBits(z, t, bits, width) {
  const { ctx } = z;
  const low = width === bits.size() ? bits : bits.extract(width - 1, 0);
  if (t.kind === "float") return { k: "fp", t: fpFromBits(z, low, t) };
  if (t.kind === "array" && t.length !== null) {
    const e = width / t.length;
    let arr = zeroVal(ctx, t);
    for (let i = 0; i < t.length; i++) arr = storeVal(arr, bvConst(ctx, BigInt(i), OFF_BITS), { k: "bv", t: low.extract(i * e + e - 1, i * e) });
    return arr;
  }
  return { k: "bv", t: low };
}
var fresh2;
var init_bytes = __esm({
  "server/src/model/bytes.ts"() {
    "use strict";
    init_semantics();
    init_values();
    fresh2 = 0;
  }
});

// server/src/model/unions.ts
function storeMember(z, assume, t, base, k, member, partial) {
  if (base.k !== "struct") throw new Error("member store on a non-struct");
  const fields = [...base.fields];
  fields[k] = member;
  if (partial && base.stale?.[k]) return { k: "struct", fields, stale: fields.map(() => true) };
  const from = t.fields[k];
  const width = memberBits(from.type, from.bitWidth !== void 0);
  let bits = null;
  const stale = fields.map(() => false);
  t.fields.forEach((f, j) => {
    if (j === k) return;
    if (sameType(f.type, from.type) && f.bitWidth === void 0 && from.bitWidth === void 0) {
      fields[j] = member;
      return;
    }
    const w = memberBits(f.type, f.bitWidth !== void 0);
    if (width === null || w === null || w > width) {
      stale[j] = true;
      return;
    }
    bits ??= bitsOf(z, assume, from.type, member, width);
    fields[j] = fromBits(z, f.type, bits, w);
  });
  return stale.some((x) => x) ? { k: "struct", fields, stale } : { k: "struct", fields };
}
function consistentUnions(z, assume, t, v) {
  if (t.kind !== "struct" || v.k !== "struct") return v;
  const fields = v.fields.map((f, i) => consistentUnions(z, assume, t.fields[i].type, f));
  if (!t.union) return { ...v, fields };
  if (!v.stale?.some((x) => x) || !fields.length) return { ...v, fields };
  return storeMember(z, assume, t, { k: "struct", fields, stale: v.stale }, 0, fields[0], false);
}
function staleMember(v, k) {
  return v.k === "struct" && v.stale?.[k] ? "a union member read after another member was stored (only integer and float members sharing their low bytes are modelled)" : null;
}
var init_unions = __esm({
  "server/src/model/unions.ts"() {
    "use strict";
    init_types();
    init_bytes();
    init_layout();
  }
});

// server/src/model/memory.ts
function memoryOps(st, evalOperand) {
  const { ctx, T, F_, vars, objects, objIndex, addObject, taint, getVar, typeOfVar, alive, boolConst, assertions, tracked, trace, topCtx, opts } = st;
  function addressOf(place, env, c) {
    const ub = [];
    let obj;
    let off;
    let path13 = place.path;
    let bases;
    let baseType;
    if (place.root.kind === "var") {
      const id = resolveVar(c, place.root.id);
      const vt = typeOfVar(id);
      const idx = objIndex.get(id) ?? addObject(id, vt);
      obj = bvConst(ctx, BigInt(idx), OBJ_BITS);
      off = bvConst(ctx, 0n, OFF_BITS);
      const isArray = path13.length > 0 && path13[0].kind === "index" && vt.kind === "array";
      if (isArray) {
        const first = path13[0];
        const i = evalOperand(first.index, env, c, st.cur.node);
        off = toOffset(i.val, first.index.type);
        path13 = path13.slice(1);
        if (vt.length !== null) ub.push(formationUb(off.ugt(bvConst(ctx, BigInt(vt.length), OFF_BITS)), vt.length));
      }
      if (path13.length === 0) return { val: { k: "ptr", obj, off }, ub };
      baseType = isArray && vt.kind === "array" ? vt.of : vt;
      bases = [{ sel: T, cand: { idx, varId: id, isArray, length: vt.kind === "array" ? vt.length : 1, heap: false } }];
      if (isArray && vt.kind === "array" && vt.length !== null) ub.push(boundsUb(off, vt.length));
    } else {
      const p = evalOperand(place.root.ptr, env, c, st.cur.node);
      if (p.val.k !== "ptr") {
        taint("address computed from a non-pointer");
        return { val: freshVal(ctx, place.type.kind === "void" ? place.type : { kind: "pointer", to: place.type }, "addr"), ub };
      }
      obj = p.val.obj;
      off = p.val.off;
      const to = place.root.ptr.type.kind === "pointer" ? place.root.ptr.type.to : place.type;
      if (path13.length > 0 && path13[0].kind === "index" && to.kind !== "array") {
        const i = evalOperand(path13[0].index, env, c, st.cur.node);
        const before = off;
        off = moved(obj, off, toOffset(i.val, path13[0].index.type));
        path13 = path13.slice(1);
        ub.push(...pointerFormationUb({ k: "ptr", obj, off }, to, before));
      }
      if (path13.length === 0) return { val: { k: "ptr", obj, off }, ub };
      baseType = to;
      const cands = candidates(to);
      bases = cands.map((cand) => ({ sel: obj.eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS)), cand }));
      const valid = bases.reduce((acc, b) => acc.or(b.sel.and(inRangeOf(b.cand, off, env))), F_);
      noteAccessAt({ k: "ptr", obj, off }, off);
      ub.push(...accessUb({ k: "ptr", obj, off }, valid, "member address through", justPastEnd({ k: "ptr", obj, off }, cands)));
    }
    const member = memberAddress(bases, off, path13, baseType, env, c, ub);
    if (member) return { val: member, ub };
    taint("pointer into elements nested three levels deep (a 3-D array, a 2-D array member, a member of an element of an array member)");
    return { val: freshVal(ctx, { kind: "pointer", to: place.type }, "addr"), ub };
  }
  function memberAddress(bases, off, path13, baseType, env, c, ub) {
    const fields = [];
    let t = baseType;
    let k = 0;
    for (; k < path13.length && path13[k].kind === "field"; k++) {
      if (t.kind !== "struct") return null;
      const f = path13[k].index;
      fields.push(f);
      t = t.fields[f].type;
    }
    const rest = path13.slice(k);
    if (rest.length > 1 || bases.some((b) => b.cand.view && b.cand.isArray)) return null;
    let inner = bvConst(ctx, 0n, OFF_BITS);
    if (rest.length === 1) {
      const el = rest[0];
      if (el.kind !== "index" || t.kind !== "array") return null;
      inner = toOffset(evalOperand(el.index, env, c, st.cur.node).val, el.index.type);
      if (t.length !== null) ub.push(formationUb(inner.ugt(bvConst(ctx, BigInt(t.length), OFF_BITS)), t.length));
      t = t.of;
    }
    const memberType2 = memberTypeOf(baseType, fields);
    let obj = bvConst(ctx, 0n, OBJ_BITS);
    let offset = bvConst(ctx, 0n, OFF_BITS);
    for (const { sel, cand } of bases) {
      if (fields.length === 0 && !cand.view && !cand.isArray) {
        obj = ite(ctx, sel, bvConst(ctx, BigInt(cand.idx), OBJ_BITS), obj);
        offset = ite(ctx, sel, inner, offset);
        continue;
      }
      const view = cand.view ? { base: cand.view.base, baseArray: cand.view.baseArray, fields: [...cand.view.fields, ...fields] } : { base: cand.idx, baseArray: cand.isArray, fields };
      const idx = st.addView(view, memberType2);
      const element = cand.view ? high(off) : cand.isArray ? off : bvConst(ctx, 0n, OFF_BITS);
      obj = ite(ctx, sel, bvConst(ctx, BigInt(idx), OBJ_BITS), obj);
      offset = ite(ctx, sel, atBaseElement(element).add(inner), offset);
    }
    return { k: "ptr", obj, off: offset };
  }
  function memberTypeOf(t, fields) {
    let m = t;
    for (const f of fields) {
      if (m.kind !== "struct") throw new Error("member of a non-struct");
      m = m.fields[f].type;
    }
    return m;
  }
  const mask = (bits) => bvConst(ctx, (1n << BigInt(bits)) - 1n, OFF_BITS);
  const high = (off) => off.lshr(bvConst(ctx, BigInt(VIEW_SHIFT), OFF_BITS));
  const low = (off) => off.and(mask(VIEW_SHIFT));
  const atBaseElement = (element) => element.shl(bvConst(ctx, BigInt(VIEW_SHIFT), OFF_BITS));
  function moved(obj, off, delta) {
    const plain = off.add(delta);
    const views = objects.flatMap((o, k) => o.view ? [k + 1] : []);
    if (!views.length) return plain;
    const inView = views.reduce((acc, k) => acc.or(obj.eq(bvConst(ctx, BigInt(k), OBJ_BITS))), F_);
    const element = low(off).add(delta);
    const outside = element.ugt(mask(VIEW_SHIFT));
    const kept = off.sub(low(off)).add(ite(ctx, outside, mask(VIEW_SHIFT), element));
    return ite(ctx, inView, kept, plain);
  }
  function viewSteps(view, isArray, off) {
    const steps = view.baseArray ? [{ kind: "at", off: high(off) }] : [];
    for (const f of view.fields) steps.push({ kind: "field", index: f });
    if (isArray) steps.push({ kind: "at", off: low(off) });
    return steps;
  }
  function elementOf(cand, off, env, c) {
    const objVal = getVar(env, cand.varId);
    if (!cand.view) return cand.isArray ? selectVal(objVal, off) : objVal;
    return readPath(objVal, viewSteps(cand.view, cand.isArray, off), env, c, [], objects[cand.view.base - 1].type);
  }
  function withElement(cand, off, elem, env, c) {
    const objVal = getVar(env, cand.varId);
    if (!cand.view) return cand.isArray ? storeVal(objVal, off, elem) : elem;
    return writePath(objVal, viewSteps(cand.view, cand.isArray, off), elem, env, c, [], objects[cand.view.base - 1].type);
  }
  function noteAccessAt(p, off, when) {
    st.noteAccess(p.obj, off, when);
    objects.forEach((o, i) => {
      if (!o.view?.baseArray) return;
      const sel = p.obj.eq(bvConst(ctx, BigInt(i + 1), OBJ_BITS));
      st.noteAccess(bvConst(ctx, BigInt(o.view.base), OBJ_BITS), high(off), when ? sel.and(when) : sel);
    });
  }
  function otherBaseElement(a, b) {
    const parts = [];
    objects.forEach((o, i) => {
      if (o.view?.baseArray) parts.push(a.obj.eq(bvConst(ctx, BigInt(i + 1), OBJ_BITS)).and(high(a.off).neq(high(b.off))));
    });
    return parts.length ? ctx.Or(...parts) : F_;
  }
  function viewMember(cand, off, env) {
    const view = cand.view;
    const base = objects[view.base - 1];
    const steps = viewSteps(view, false, off);
    return {
      value: readPath(getVar(env, cand.varId), steps, env, topCtx, [], base.type),
      heap: Boolean(base.heap),
      origin: view.baseArray ? atBaseElement(high(off)) : bvConst(ctx, 0n, OFF_BITS),
      put: (whole, member) => writePath(whole, steps, member, env, topCtx, [], base.type)
    };
  }
  function formationUb(cond, length) {
    return { error: "bounds", cond, detail: `pointer formed outside its object [0, ${length}] (C11 6.5.6p8)` };
  }
  function pointerFormationUb(p, t, before) {
    const off = p.off;
    st.noteAccess(p.obj, off.sub(bvConst(ctx, 1n, OFF_BITS)));
    const outside = [];
    for (const cand of candidates(t)) {
      const len = cand.lengthTerm ?? (cand.isArray ? cand.length === null ? null : bvConst(ctx, BigInt(cand.length), OFF_BITS) : bvConst(ctx, 1n, OFF_BITS));
      if (!len) continue;
      const sel = p.obj.eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS));
      outside.push(
        sel.and(
          cand.view ? low(off).ugt(len).or(before ? high(off).neq(high(before)) : F_) : off.ugt(len)
        )
      );
    }
    return outside.length ? [formationUb(ctx.Or(...outside), "length")] : [];
  }
  function candidates(t) {
    const out = [];
    objects.forEach((o, i) => {
      const base = { idx: i + 1, varId: o.varId, heap: Boolean(o.heap), lengthTerm: o.lengthTerm, view: o.view };
      if (sameType(o.type, t)) out.push({ ...base, isArray: false, length: 1 });
      else if (o.type.kind === "array" && sameType(o.type.of, t)) out.push({ ...base, isArray: true, length: o.type.length });
    });
    return out;
  }
  function inRangeOf(cand, off, env) {
    if (cand.view) return viewInRange(cand, cand.view, off, env);
    let r;
    if (!cand.isArray) r = off.eq(bvConst(ctx, 0n, OFF_BITS));
    else if (cand.lengthTerm) r = off.ult(cand.lengthTerm);
    else if (cand.length === null) r = T;
    else r = off.ult(bvConst(ctx, BigInt(cand.length), OFF_BITS));
    return cand.heap ? r.and(alive(env, cand.varId)) : r;
  }
  function viewInRange(cand, view, off, env) {
    const base = objects[view.base - 1];
    const zero = bvConst(ctx, 0n, OFF_BITS);
    const baseLength = base.lengthTerm ?? (base.type.kind === "array" && base.type.length !== null ? bvConst(ctx, BigInt(base.type.length), OFF_BITS) : null);
    let r = view.baseArray ? baseLength ? high(off).ult(baseLength) : T : high(off).eq(zero);
    if (cand.isArray) {
      if (cand.length !== null) r = r.and(low(off).ult(bvConst(ctx, BigInt(cand.length), OFF_BITS)));
    } else r = r.and(low(off).eq(zero));
    return base.heap ? r.and(alive(env, base.varId)) : r;
  }
  function accessUb(p, valid, what, justPast) {
    const isNull = p.obj.eq(bvConst(ctx, 0n, OBJ_BITS));
    const outside = isNull.not().and(valid.not());
    return [
      { error: "null", cond: isNull, detail: `${what} a null pointer` },
      {
        error: "bounds",
        cond: outside,
        detail: `${what} a pointer outside a live object (out of bounds or freed)`,
        prefer: justPast ? outside.and(justPast) : void 0
      }
    ];
  }
  function validRange(p, pointee, lo, hi, env) {
    const wide = lo.sort.size();
    const off = p.off.zeroExt(wide - OFF_BITS);
    const element = (k) => {
      const at2 = off.add(k);
      return { ok: at2.extract(wide - 1, OFF_BITS).eq(bvConst(ctx, 0n, wide - OFF_BITS)), at: at2.extract(OFF_BITS - 1, 0) };
    };
    const first = element(lo);
    const last = element(hi);
    const parts = [];
    for (const cand of candidates(pointee)) {
      const sel = p.obj.eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS));
      parts.push(ctx.And(sel, inRangeOf(cand, first.at, env), inRangeOf(cand, last.at, env)));
    }
    const inObject = parts.length ? ctx.And(first.ok, last.ok, ctx.Or(...parts)) : F_;
    return { empty: hi.slt(lo), nonNull: p.obj.neq(bvConst(ctx, 0n, OBJ_BITS)), inObject };
  }
  function justPastEnd(p, cands) {
    const off = p.off;
    const parts = [];
    for (const cand of cands) {
      if (!cand.isArray) continue;
      const len = cand.lengthTerm ?? (cand.length === null ? null : bvConst(ctx, BigInt(cand.length), OFF_BITS));
      if (!len) continue;
      const sel = p.obj.eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS));
      const at2 = cand.view ? low(off) : off;
      parts.push(sel.and(at2.eq(len).or(at2.eq(cand.view ? mask(VIEW_SHIFT) : bvConst(ctx, -1n, OFF_BITS)))));
    }
    return parts.length ? ctx.Or(...parts) : F_;
  }
  function readPath(base, path13, env, c, ub, baseType) {
    let v = base;
    let t = baseType;
    for (const el of path13) {
      if (el.kind === "field") {
        if (v.k !== "struct" || t.kind !== "struct") throw new Error("field access on a non-struct");
        const stale = staleMember(v, el.index);
        if (stale) taint(stale);
        v = v.fields[el.index];
        t = t.fields[el.index].type;
      } else {
        if (v.k !== "arr" || t.kind !== "array") throw new Error("index on a non-array");
        v = selectVal(v, stepOffset(el, t, env, c, ub));
        t = t.of;
      }
    }
    return v;
  }
  function stepOffset(el, t, env, c, ub) {
    if (el.kind === "at") return el.off;
    const off = toOffset(evalOperand(el.index, env, c, st.cur.node).val, el.index.type);
    if (t.length !== null) ub.push(boundsUb(off, t.length));
    return off;
  }
  function writePath(base, path13, val, env, c, ub, baseType) {
    if (path13.length === 0) return val;
    const [el, ...rest] = path13;
    if (el.kind === "field") {
      if (base.k !== "struct" || baseType.kind !== "struct") throw new Error("field access on a non-struct");
      const member = writePath(base.fields[el.index], rest, val, env, c, ub, baseType.fields[el.index].type);
      if (baseType.union) return storeMember(st.z, (f) => assertions.push(f), baseType, base, el.index, member, rest.length > 0);
      const fields = [...base.fields];
      fields[el.index] = member;
      return { k: "struct", fields };
    }
    if (base.k !== "arr" || baseType.kind !== "array") throw new Error("index on a non-array");
    const off = stepOffset(el, baseType, env, c, ub);
    return storeVal(base, off, writePath(selectVal(base, off), rest, val, env, c, ub, baseType.of));
  }
  function boundsUb(off, length) {
    const len = bvConst(ctx, BigInt(length), OFF_BITS);
    return { error: "bounds", cond: off.uge(len), detail: `index out of bounds [0, ${length})`, prefer: off.eq(len) };
  }
  function derefTarget(place, env, c) {
    if (place.root.kind !== "deref") throw new Error("not a deref");
    const p = evalOperand(place.root.ptr, env, c, st.cur.node);
    const ptrType = place.root.ptr.type;
    const pointee = ptrType.kind === "pointer" ? ptrType.to : place.type;
    let path13 = place.path;
    let off = p.val.k === "ptr" ? p.val.off : bvConst(ctx, 0n, OFF_BITS);
    if (path13.length > 0 && path13[0].kind === "index" && pointee.kind !== "array") {
      const i = evalOperand(path13[0].index, env, c, st.cur.node);
      const delta = toOffset(i.val, path13[0].index.type);
      off = p.val.k === "ptr" ? moved(p.val.obj, off, delta) : off.add(delta);
      path13 = path13.slice(1);
    }
    return { p: p.val, off, pointee, path: path13 };
  }
  function readPlace(place, env, c) {
    const ub = [];
    if (place.root.kind === "var") {
      const id = resolveVar(c, place.root.id);
      if (place.path.length === 0) ub.push(...st.uninitUb(env, id));
      return { val: readPath(getVar(env, id), place.path, env, c, ub, typeOfVar(id)), ub };
    }
    const { p, off, pointee, path: path13 } = derefTarget(place, env, c);
    if (p.k !== "ptr" || pointee.kind === "void") {
      taint("read through an untyped pointer");
      return { val: freshVal(ctx, place.type, "deref"), ub };
    }
    const cands = candidates(pointee);
    noteAccessAt(p, off);
    let result = null;
    let valid = F_;
    for (const cand of cands) {
      const sel = p.obj.eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS));
      const v = readPath(elementOf(cand, off, env, c), path13, env, c, ub, pointee);
      result = result ? iteVal(ctx, sel, v, result) : v;
      valid = valid.or(sel.and(inRangeOf(cand, off, env)));
    }
    ub.push(...accessUb(p, valid, "read through", justPastEnd(p, cands)));
    return { val: result ?? freshVal(ctx, place.type, "deref"), ub };
  }
  function designatePlace(place, env, c) {
    if (place.root.kind === "deref") return readPlace(place, env, c).ub;
    const ub = [];
    let t = typeOfVar(resolveVar(c, place.root.id));
    for (const el of place.path) {
      if (el.kind === "field") t = t?.kind === "struct" ? t.fields[el.index].type : void 0;
      else if (t?.kind === "array") {
        stepOffset(el, t, env, c, ub);
        t = t.of;
      } else throw new Error("index on a non-array");
    }
    return ub;
  }
  function writePlace(place, val, env, c) {
    const ub = [];
    if (place.root.kind === "var") {
      const id = resolveVar(c, place.root.id);
      const old = place.path.length ? getVar(env, id) : void 0;
      let nv = writePath(old, place.path, val, env, c, ub, typeOfVar(id));
      const v = vars.get(id);
      if (opts.explain && c === topCtx && (nv.k === "bv" || nv.k === "fp")) nv = trackAssign(nv);
      env.set(id, nv);
      env.delete(initFlagKey(id));
      if (c === topCtx && v && v.kind !== "temp" && (nv.k === "bv" || nv.k === "fp" || nv.k === "ptr")) {
        trace.push({ node: st.cur.node, index: st.cur.index, range: st.cur.range, variable: v.name, type: v.type, val: nv });
      }
      return ub;
    }
    const { p, off, pointee, path: path13 } = derefTarget(place, env, c);
    if (p.k !== "ptr" || pointee.kind === "void") {
      taint("write through an untyped pointer");
      return ub;
    }
    let valid = F_;
    const cands = candidates(pointee);
    noteAccessAt(p, off);
    for (const cand of cands) {
      if (objects[cand.idx - 1].readOnly) continue;
      const sel = p.obj.eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS));
      const objVal = getVar(env, cand.varId);
      const inRange = inRangeOf(cand, off, env);
      const updated = withElement(cand, off, writePath(elementOf(cand, off, env, c), path13, val, env, c, ub, pointee), env, c);
      env.set(cand.varId, iteVal(ctx, sel, updated, objVal));
      valid = valid.or(sel.and(inRange));
    }
    ub.push(...accessUb(p, valid, "write through", justPastEnd(p, cands)));
    return ub;
  }
  function trackAssign(v) {
    const t = tOf(v);
    const named = { k: v.k, t: ctx.Const(st.freshName("asg"), t.sort) };
    const lit = boolConst("trk.asg");
    assertions.push(lit.implies(named.t.eq(t)));
    tracked.push({ lit, range: st.cur.range, kind: "assign", node: st.cur.node });
    return named;
  }
  return {
    addressOf,
    moved,
    pointerFormationUb,
    candidates,
    elementOf,
    withElement,
    noteAccessAt,
    viewMember,
    otherBaseElement,
    inRangeOf,
    validRange,
    accessUb,
    justPastEnd,
    readPlace,
    designatePlace,
    writePlace,
    boundsUb
  };
}
var init_memory = __esm({
  "server/src/model/memory.ts"() {
    "use strict";
    init_types();
    init_unroll();
    init_semantics();
    init_values();
    init_state();
    init_unions();
  }
});

// server/src/model/operands.ts
function operandOps(st, memory) {
  const { ctx, z, vars, addObject, taint, getVar, nullPtr, nondetSite, topCtx, entry: entry2 } = st;
  const nodes = st.u.nodes;
  const addressOf = (...a) => memory().addressOf(...a);
  const readPlace = (...a) => memory().readPlace(...a);
  const designatePlace = (...a) => memory().designatePlace(...a);
  function initialValue(v) {
    let val = zeroVal(ctx, v.type);
    if (!v.init) return val;
    const apply = (base, type, init) => {
      if (init.kind === "scalar") return evalOperand(init.value, /* @__PURE__ */ new Map(), topCtx, -1).val;
      if (init.kind === "string" && type.kind === "array") {
        let b = base;
        init.bytes.forEach((byte, i) => {
          if (type.length === null || i < type.length)
            b = storeVal(b, bvConst(ctx, BigInt(i), OFF_BITS), { k: "bv", t: bvConst(ctx, BigInt(byte), type.of.bits ?? 8) });
        });
        return b;
      }
      if (init.kind === "aggregate") {
        if (type.kind === "array") {
          let b = base;
          init.elems.forEach((e, i) => {
            if (e) b = storeVal(b, bvConst(ctx, BigInt(i), OFF_BITS), apply(selectVal(b, bvConst(ctx, BigInt(i), OFF_BITS)), type.of, e));
          });
          return b;
        }
        if (type.kind === "struct" && base.k === "struct") {
          if (type.union) {
            let u = base;
            init.elems.forEach((e, i) => {
              if (e && i < type.fields.length && u.k === "struct")
                u = storeMember(z, (f) => st.assertions.push(f), type, u, i, apply(u.fields[i], type.fields[i].type, e), false);
            });
            return u;
          }
          const fields = [...base.fields];
          init.elems.forEach((e, i) => {
            if (e && i < fields.length) fields[i] = apply(fields[i], type.fields[i].type, e);
          });
          return { k: "struct", fields };
        }
      }
      return base;
    };
    val = apply(val, v.type, v.init);
    return val;
  }
  function evalOperand(op, env, c, _node) {
    switch (op.kind) {
      case "var": {
        const id = resolveVar(c, op.id);
        const ub = st.uninitUb(env, id);
        return { val: getVar(env, id), ub };
      }
      case "const":
        if (op.type.kind === "pointer") {
          if (op.value !== 0n) taint("integer converted to a pointer");
          return { val: op.value === 0n ? nullPtr() : freshVal(ctx, op.type, "intptr"), ub: [] };
        }
        if (op.type.kind === "float") return { val: { k: "fp", t: fpConst(z, Number(op.value), op.type) }, ub: [] };
        return { val: { k: "bv", t: bvConst(ctx, op.value, op.type.kind === "int" ? op.type.bits : 32) }, ub: [] };
      case "fconst":
        if (op.type.kind !== "float") return { val: { k: "bv", t: bvConst(ctx, BigInt(Math.trunc(op.value)), 32) }, ub: [] };
        return { val: { k: "fp", t: fpConst(z, op.value, op.type) }, ub: [] };
      case "addr":
        return addressOf(op.place, env, c);
      case "string": {
        const id = st.newVarId();
        const type = { kind: "array", of: CHAR_TYPE, length: op.bytes.length };
        vars.set(id, {
          id,
          name: "string literal",
          type,
          kind: "global",
          addressTaken: true,
          isConst: true,
          isStatic: true,
          init: { kind: "string", bytes: op.bytes }
        });
        const idx = addObject(id, type, true);
        env.set(id, initialValue(vars.get(id)));
        entry2.set(id, env.get(id));
        return { val: { k: "ptr", obj: bvConst(ctx, BigInt(idx), OBJ_BITS), off: bvConst(ctx, 0n, OFF_BITS) }, ub: [] };
      }
      case "func": {
        const fnType = op.type.kind === "pointer" ? op.type.to : op.type;
        const idx = st.functionObject(op.name, fnType);
        return { val: { k: "ptr", obj: bvConst(ctx, BigInt(idx), OBJ_BITS), off: bvConst(ctx, 0n, OFF_BITS) }, ub: [] };
      }
    }
  }
  function evalRvalue(rv, env, c) {
    const o = (x) => evalOperand(x, env, c, st.cur.node);
    switch (rv.op) {
      case "use":
        return o(rv.a);
      case "load":
        return readPlace(rv.place, env, c);
      case "designate":
        return { val: { k: "bv", t: bvConst(ctx, 0n, 32) }, ub: designatePlace(rv.place, env, c) };
      case "binary": {
        const a = o(rv.a);
        const b = o(rv.b);
        const ub = [...a.ub, ...b.ub];
        if (a.val.k === "ptr" || b.val.k === "ptr") return pointerBinary(rv.bop, a.val, b.val, ub, rv.a.type.kind === "pointer" ? rv.a.type.to : null);
        if (a.val.k === "fp") {
          const r2 = fpBinary(z, rv.bop, tOf(a.val), tOf(b.val));
          return { val: r2.value.sort.name() === "FloatingPoint" ? { k: "fp", t: r2.value } : { k: "bv", t: r2.value }, ub };
        }
        const type = rv.a.type;
        const r = intBinary2(ctx, rv.bop, tOf(a.val), tOf(b.val), type, rv.b.type);
        return { val: { k: "bv", t: fitInt(r.value, rv.type) }, ub: [...ub, ...r.ub] };
      }
      case "unary": {
        const a = o(rv.a);
        if (a.val.k === "ptr") {
          return { val: { k: "bv", t: boolToInt(ctx, a.val.obj.eq(bvConst(ctx, 0n, OBJ_BITS)), intBits(rv.type)) }, ub: a.ub };
        }
        if (a.val.k === "fp") {
          const f = tOf(a.val);
          if (rv.uop === "-") return { val: { k: "fp", t: f.neg() }, ub: a.ub };
          if (rv.uop === "!") return { val: { k: "bv", t: boolToInt(ctx, f.isZero(), intBits(rv.type)) }, ub: a.ub };
          throw new Error("~ on floating point");
        }
        const r = intUnary2(ctx, rv.uop, tOf(a.val), rv.a.type, intBits(rv.type));
        return { val: { k: "bv", t: rv.uop === "!" ? r.value : fitInt(r.value, rv.type) }, ub: [...a.ub, ...r.ub] };
      }
      case "cast": {
        const from = o(rv.a);
        const r = castVal(from, rv.a.type, rv.to);
        if (rv.index && rv.a.type.kind === "int" && rv.to.kind === "int" && from.val.k === "bv") {
          const a = from.val.t;
          const max2 = bvConst(ctx, (1n << BigInt(rv.to.bits - 1)) - 1n, rv.a.type.bits);
          return { val: r.val, ub: [...r.ub, { error: "bounds", cond: a.ugt(max2), detail: "index past PTRDIFF_MAX: outside every object" }] };
        }
        return r;
      }
      case "ptradd": {
        const p = o(rv.ptr);
        const i = o(rv.offset);
        if (p.val.k !== "ptr") {
          taint("pointer arithmetic on a non-pointer");
          return { val: freshVal(ctx, rv.type, "ptr"), ub: [] };
        }
        const moved = { k: "ptr", obj: p.val.obj, off: memory().moved(p.val.obj, p.val.off, toOffset(i.val, rv.offset.type)) };
        const pointee = rv.type.kind === "pointer" ? rv.type.to : null;
        const formation = pointee && !rv.accessed ? memory().pointerFormationUb(moved, pointee, p.val.off) : [];
        return { val: moved, ub: [...p.ub, ...i.ub, ...formation] };
      }
      case "ptrdiff": {
        const a = o(rv.a);
        const b = o(rv.b);
        if (a.val.k !== "ptr" || b.val.k !== "ptr") {
          taint("pointer difference of non-pointers");
          return { val: freshVal(ctx, rv.type, "diff"), ub: [] };
        }
        const d = a.val.off.sub(b.val.off);
        const bits = intBits(rv.type);
        return {
          val: { k: "bv", t: bits === OFF_BITS ? d : d.extract(bits - 1, 0) },
          // Into one member of two elements of an array of structs is into two objects too (memory.ts views).
          ub: [
            {
              error: "null",
              cond: a.val.obj.neq(b.val.obj).or(memory().otherBaseElement(a.val, b.val)),
              detail: "difference of pointers into different objects"
            }
          ]
        };
      }
      case "valid":
        return { val: { k: "bv", t: boolToInt(ctx, validity(rv, env, c), intBits(rv.type)) }, ub: [] };
      case "separated":
        return { val: { k: "bv", t: boolToInt(ctx, separation(rv, env, c), intBits(rv.type)) }, ub: [] };
      case "call": {
        if (!rv.external) throw new Error("internal calls are handled by the node walk");
        if (isLibraryFunction(rv.callee)) {
          if (!(OUTPUT_ONLY.has(rv.callee) && !resultUsed())) taint(`library function ${rv.callee} is not modelled`);
          return { val: freshVal(ctx, rv.type.kind === "void" ? CHAR_TYPE : rv.type, rv.callee), ub: [] };
        }
        for (const arg of rv.args)
          if (arg.type.kind === "pointer") {
            taint(`call of external function ${rv.callee} with a pointer argument`);
            break;
          }
        if (rv.type.kind === "pointer") taint(`pointer returned by external function ${rv.callee}`);
        if (rv.type.kind === "void") return { val: zeroVal(ctx, CHAR_TYPE), ub: [] };
        return { val: nondetSite(rv.callee, rv.type), ub: [] };
      }
      case "nondet":
        return { val: nondetSite(rv.name, rv.type), ub: [] };
      case "icall": {
        const f = o(rv.fn);
        const isNull = f.val.k === "ptr" ? f.val.obj.eq(bvConst(ctx, 0n, OBJ_BITS)) : st.F_;
        taint("call through a function pointer to no function of this file");
        return {
          val: freshVal(ctx, rv.type.kind === "void" ? CHAR_TYPE : rv.type, "icall"),
          ub: [...f.ub, { error: "null", cond: isNull, detail: "call through a null function pointer" }]
        };
      }
      case "havoc":
        taint(rv.what);
        return { val: freshVal(ctx, rv.type.kind === "void" ? CHAR_TYPE : rv.type, "havoc"), ub: [] };
      case "indeterminate":
        return { val: freshVal(ctx, rv.type, "indeterminate"), ub: [] };
      case "fresh":
        if (rv.memory) {
          for (const o2 of st.objects) if (!o2.readOnly && !o2.view) env.set(o2.varId, freshVal(ctx, o2.type, "fresh.mem"));
          return { val: zeroVal(ctx, CHAR_TYPE), ub: [] };
        }
        return { val: freshVal(ctx, rv.type.kind === "void" ? CHAR_TYPE : rv.type, "fresh"), ub: [] };
      case "defined": {
        const { ub } = evalRvalue(rv.value, env, c);
        const none = ub.length ? ctx.Or(...ub.map((u) => u.cond)).not() : st.T;
        return { val: { k: "bv", t: boolToInt(ctx, none, intBits(rv.type)) }, ub: [] };
      }
      case "unchecked":
        return { val: evalRvalue(rv.value, env, c).val, ub: [] };
      case "assigned": {
        const [read] = st.uninitUb(env, resolveVar(c, rv.id));
        return { val: { k: "bv", t: boolToInt(ctx, read ? read.cond.not() : st.T, intBits(rv.type)) }, ub: [] };
      }
    }
  }
  function validity(rv, env, c) {
    const p = evalOperand(rv.ptr, env, c, st.cur.node).val;
    const pointee = rv.ptr.type.kind === "pointer" ? rv.ptr.type.to : null;
    if (p.k !== "ptr" || !pointee || pointee.kind === "void" || pointee.kind === "function") {
      taint(`${rv.text} of a pointer without an object type`);
      return st.T;
    }
    const { empty, nonNull, inObject } = memory().validRange(p, pointee, acslBound(rv.lo, env, c), acslBound(rv.hi, env, c), env);
    const exact = empty.or(nonNull);
    if (c !== topCtx) return exact;
    const lit = st.boolConst("validBound");
    st.inputBounds.push({ lit, text: `\`${rv.text}\` within the sizes the model gives inputs (--pointer-array-length)` });
    return ite(ctx, lit, empty.or(nonNull.and(inObject)), exact);
  }
  function acslBound(b, env, c) {
    let v = bvConst(ctx, b.add, ACSL_BITS);
    if (b.value) {
      const x = tOf(evalOperand(b.value, env, c, st.cur.node).val);
      const t = b.value.type;
      v = v.add(t.signed ? x.signExt(ACSL_BITS - t.bits) : x.zeroExt(ACSL_BITS - t.bits));
    }
    return v;
  }
  function separation(rv, env, c) {
    const locs = [];
    for (const l of rv.locs) {
      const p = evalOperand(l.ptr, env, c, st.cur.node).val;
      if (p.k !== "ptr") {
        taint(`${rv.text} of a value the model does not have as a pointer`);
        return st.T;
      }
      const lo = acslBound(l.lo, env, c);
      const hi = acslBound(l.hi, env, c);
      const off = p.off.zeroExt(ACSL_BITS - OFF_BITS);
      locs.push({ obj: p.obj, first: off.add(lo), last: off.add(hi), empty: hi.slt(lo) });
    }
    const pairs = [];
    for (let i = 0; i < locs.length; i++)
      for (let j = i + 1; j < locs.length; j++) {
        const [a, b] = [locs[i], locs[j]];
        pairs.push(ctx.Or(a.empty, b.empty, a.obj.neq(b.obj), a.last.slt(b.first), b.last.slt(a.first)));
      }
    return pairs.length ? ctx.And(...pairs) : st.T;
  }
  function resultUsed() {
    const n = nodes[st.cur.node];
    const ins = n.block.instrs[st.cur.index];
    if (ins?.kind !== "assign" || !ins.dst) return false;
    if (ins.dst.root.kind !== "var" || ins.dst.path.length) return true;
    const id = ins.dst.root.id;
    return n.ctx.fn.blocks.some((b) => {
      let read = false;
      for (const i of b.instrs) forEachVar(i, (v, role2) => read ||= v === id && role2 === "read");
      return read || terminatorOperands(b.terminator).some((op) => op.kind === "var" && op.id === id);
    });
  }
  function intBits(t) {
    return t.kind === "int" ? t.bits : 32;
  }
  function fitInt(v, t) {
    const want = intBits(t);
    const have = v.size();
    if (have === want) return v;
    return have > want ? v.extract(want - 1, 0) : v.zeroExt(want - have);
  }
  function memberOrderMatters(pointee) {
    const views = st.objects.filter((x) => x.view);
    if (!views.length) return false;
    if (!pointee || pointee.kind === "void") return true;
    return views.some((x, i) => views.some((y, j) => j > i && x.view.base === y.view.base));
  }
  function pointerBinary(op, a, b, ub, pointee) {
    const pa = a.k === "ptr" ? a : nullPtr();
    const pb = b.k === "ptr" ? b : nullPtr();
    const sameObj = pa.obj.eq(pb.obj);
    const eq = sameObj.and(pa.off.eq(pb.off));
    const offA = pa.off;
    const offB = pb.off;
    let r;
    switch (op) {
      case "==":
        r = eq;
        break;
      case "!=":
        r = eq.not();
        break;
      case "<":
        r = offA.ult(offB);
        break;
      case "<=":
        r = offA.ule(offB);
        break;
      case ">":
        r = offA.ugt(offB);
        break;
      case ">=":
        r = offA.uge(offB);
        break;
      default:
        taint(`pointer operation ${op}`);
        return { val: freshVal(ctx, INT_TYPE, "ptrop"), ub };
    }
    if (op !== "==" && op !== "!=") {
      if (memberOrderMatters(pointee)) taint("order comparison of pointers to different members of one struct");
      ub.push({ error: "null", cond: sameObj.not().or(memory().otherBaseElement(pa, pb)), detail: "comparison of pointers into different objects" });
    }
    return { val: { k: "bv", t: boolToInt(ctx, r) }, ub };
  }
  function castVal(a, from, to) {
    const ub = a.ub;
    if (to.kind === "void") return { val: a.val, ub };
    if (to.kind === "int") {
      if (from.kind === "int") return { val: { k: "bv", t: convertInt(ctx, tOf(a.val), from, to) }, ub };
      if (from.kind === "float") {
        const r = fpToInt(z, tOf(a.val), to);
        return { val: { k: "bv", t: r.value }, ub: [...ub, ...r.ub] };
      }
      if (from.kind === "pointer" && a.val.k === "ptr") {
        if (to.rank === "bool")
          return { val: { k: "bv", t: ite(ctx, a.val.obj.eq(bvConst(ctx, 0n, OBJ_BITS)), bvConst(ctx, 0n, 1), bvConst(ctx, 1n, 1)) }, ub };
        taint("pointer converted to an integer");
        return { val: freshVal(ctx, to, "ptrint"), ub };
      }
    }
    if (to.kind === "float") {
      if (from.kind === "float") return { val: { k: "fp", t: from.bits === to.bits ? tOf(a.val) : fpConvert(z, "fp-fp", tOf(a.val), to) }, ub };
      if (from.kind === "int") {
        const bv = tOf(a.val);
        return { val: { k: "fp", t: fpConvert(z, from.signed || from.rank === "bool" ? from.rank === "bool" ? "ubv-fp" : "sbv-fp" : "ubv-fp", bv, to) }, ub };
      }
    }
    if (to.kind === "pointer") {
      if (a.val.k === "ptr") {
        const fp = from.kind === "pointer" ? from.to : null;
        if (fp && fp.kind !== "void" && to.to.kind !== "void" && !sameType(fp, to.to)) taint("pointer cast between different pointee types");
        return { val: a.val, ub };
      }
      if (from.kind === "int") {
        taint("integer converted to a pointer");
        return { val: freshVal(ctx, to, "intptr"), ub };
      }
    }
    if (to.kind === "struct" || to.kind === "array") return { val: a.val, ub };
    taint(`conversion from ${from.kind} to ${to.kind}`);
    return { val: freshVal(ctx, to, "cast"), ub };
  }
  const condTrue = (v) => {
    if (v.k === "ptr") return v.obj.neq(bvConst(ctx, 0n, OBJ_BITS));
    if (v.k === "fp") return v.t.isZero().not();
    const t = tOf(v);
    return t.neq(bvConst(ctx, 0n, t.size()));
  };
  return { initialValue, evalOperand, evalRvalue, castVal, pointerBinary, fitInt, intBits, condTrue, resultUsed };
}
var ACSL_BITS;
var init_operands = __esm({
  "server/src/model/operands.ts"() {
    "use strict";
    init_types();
    init_libc();
    init_walk();
    init_unroll();
    init_semantics();
    init_values();
    init_state();
    init_unions();
    ACSL_BITS = 72;
  }
});

// server/src/model/libstrings.ts
function stringOps(st, ops, mem) {
  const { ctx, T, F_, objects, getVar, alive, taint, program } = st;
  const { evalOperand, fitInt } = ops;
  const { candidates, accessUb, viewMember, noteAccessAt } = mem;
  const bv64 = (k) => bvConst(ctx, BigInt(k), OFF_BITS);
  const byte = (k) => bvConst(ctx, BigInt(k), 8);
  function view(p, elem, env) {
    const spans = [];
    for (const cand of candidates(elem)) {
      const max2 = cand.isArray ? cand.length : 1;
      if (max2 === null || max2 > MAX_MODELLED_LENGTH) return null;
      const member = cand.view ? viewMember(cand, p.off, env) : null;
      spans.push({
        idx: cand.idx,
        varId: cand.varId,
        sel: p.obj.eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS)),
        obj: member ? member.value : getVar(env, cand.varId),
        isArray: cand.isArray,
        max: max2,
        len: cand.lengthTerm ?? bv64(max2),
        heap: member ? member.heap : cand.heap,
        readOnly: Boolean(objects[cand.idx - 1].readOnly),
        ...member && { member: { origin: member.origin, put: member.put } }
      });
    }
    return {
      p,
      off: p.off,
      elem,
      spans,
      n: Math.max(0, ...spans.map((s) => s.max)),
      isNull: p.obj.eq(bvConst(ctx, 0n, OBJ_BITS)),
      env
    };
  }
  const shifted = (v, k) => ({ ...v, off: v.off.add(k), p: { k: "ptr", obj: v.p.obj, off: v.off.add(k) } });
  const offIn = (v, sp) => sp.member ? v.off.sub(sp.member.origin) : v.off;
  function at2(v, idx) {
    let r = null;
    for (const sp of v.spans) {
      const e = sp.isArray ? selectVal(sp.obj, offIn(v, sp).add(idx)) : sp.obj;
      r = r ? iteVal(ctx, sp.sel, e, r) : e;
    }
    return r ?? zeroVal(ctx, v.elem);
  }
  const byteAt = (v, idx) => tOf(at2(v, typeof idx === "number" ? bv64(idx) : idx));
  function inside(v, idx) {
    const i = typeof idx === "number" ? bv64(idx) : idx;
    let r = F_;
    for (const sp of v.spans) {
      const off = offIn(v, sp);
      const end = off.add(i);
      r = r.or(
        sp.sel.and(off.ult(sp.len)).and(end.ult(sp.len)).and(end.uge(off)).and(sp.heap ? alive(v.env, sp.varId) : T)
      );
    }
    return r;
  }
  function insideCount(v, count, forWrite = false) {
    let r = F_;
    for (const sp of v.spans) {
      if (forWrite && sp.readOnly) continue;
      const off = offIn(v, sp);
      r = r.or(
        sp.sel.and(off.ule(sp.len)).and(count.ule(sp.len.sub(off))).and(count.eq(bv64(0)).or(sp.heap ? alive(v.env, sp.varId) : T))
      );
    }
    return r;
  }
  const noteRead = (v, last, when) => noteAccessAt(v.p, v.off.add(last), when);
  function write(v, count, value) {
    for (const sp of v.spans) {
      if (sp.readOnly) continue;
      let updated = sp.obj;
      const off = offIn(v, sp);
      for (let j = 0; j < sp.max; j++) {
        const m = bv64(j).sub(off);
        const hit = bv64(j).uge(off).and(m.ult(count));
        const old = sp.isArray ? selectVal(sp.obj, bv64(j)) : sp.obj;
        const nv = iteVal(ctx, hit, value(m), old);
        updated = sp.isArray ? storeVal(updated, bv64(j), nv) : nv;
      }
      const current = getVar(v.env, sp.varId);
      v.env.set(sp.varId, iteVal(ctx, sp.sel, sp.member ? sp.member.put(current, updated) : updated, current));
    }
    noteRead(v, count.sub(bv64(1)), count.eq(bv64(0)).not());
    return insideCount(v, count, true);
  }
  function scanString(v, limit) {
    let len = bv64(v.n);
    let ok = limit ? bv64(v.n).uge(limit) : F_;
    let last = bv64(v.n - 1);
    for (let m = v.n - 1; m >= 0; m--) {
      const atLimit = limit ? bv64(m).uge(limit) : F_;
      const nul = byteAt(v, m).eq(byte(0));
      len = ite(ctx, atLimit.or(nul), bv64(m), len);
      ok = ite(ctx, atLimit, T, inside(v, m).and(ite(ctx, nul, T, ok)));
      last = ite(ctx, atLimit, bv64(m - 1), ite(ctx, nul, bv64(m), last));
    }
    return { len, ok, last };
  }
  function readString(v, what, limit) {
    const s = scanString(v, limit);
    noteRead(v, s.last);
    return { len: s.len, ub: stringUb(v, s.ok, what) };
  }
  function stringUb(v, ok, what) {
    return [
      { error: "null", cond: v.isNull, detail: `${what} a null pointer` },
      { error: "bounds", cond: v.isNull.not().and(ok.not()), detail: `${what} past the end of an object (no NUL inside it, or n too large)` }
    ];
  }
  const ptrTo = (v, k, found) => ({
    k: "ptr",
    obj: ite(ctx, found, v.p.obj, bvConst(ctx, 0n, OBJ_BITS)),
    off: ite(ctx, found, v.off.add(k), bv64(0))
  });
  function elementTypeOf(op, n, i) {
    const direct = op.type.kind === "pointer" ? op.type.to : null;
    if (direct && direct.kind !== "void") return direct;
    if (op.kind === "addr") return op.place.type.kind === "array" ? op.place.type.of : op.place.type;
    if (op.kind !== "var") return null;
    for (let j = i - 1; j >= n.start; j--) {
      const ins = n.block.instrs[j];
      if (ins.kind === "assign" && ins.dst?.root.kind === "var" && ins.dst.root.id === op.id && !ins.dst.path.length) {
        if ((ins.value.op === "cast" || ins.value.op === "use") && ins.value.a.type.kind === "pointer" && ins.value.a.type.to.kind !== "void")
          return ins.value.a.type.to;
        if ((ins.value.op === "cast" || ins.value.op === "use") && ins.value.a.kind === "addr") return elementTypeOf(ins.value.a, n, j);
        return null;
      }
    }
    return null;
  }
  function onlySignUsed(dst, n) {
    if (!dst) return true;
    if (dst.root.kind !== "var" || dst.path.length) return false;
    const fn2 = n.ctx.fn;
    const v = program.vars.get(dst.root.id);
    if (v && (v.addressTaken || v.kind === "global" || v.kind === "param" || v.kind === "return")) return false;
    const isZero = (op) => op.kind === "const" && op.value === 0n;
    const signOnly = (id, seen) => {
      if (seen.has(id)) return true;
      seen.add(id);
      const vv = program.vars.get(id);
      if (vv && (vv.addressTaken || vv.kind === "global" || vv.kind === "return")) return false;
      for (const b of fn2.blocks) {
        for (const ins of b.instrs) {
          let reads = false;
          forEachVar(ins, (x, role2) => reads ||= x === id && role2 === "read");
          if (!reads) continue;
          if (ins.kind !== "assign" || !ins.dst || ins.dst.root.kind !== "var" || ins.dst.path.length) return false;
          const rv = ins.value;
          const isMe = (op) => op.kind === "var" && op.id === id;
          if (rv.op === "binary" && ["==", "!=", "<", "<=", ">", ">="].includes(rv.bop) && (isMe(rv.a) && isZero(rv.b) || isMe(rv.b) && isZero(rv.a)))
            continue;
          const widening = rv.op === "cast" && isMe(rv.a) && rv.to.kind === "int" && rv.a.type.kind === "int" && rv.to.bits >= rv.a.type.bits && rv.to.signed;
          if (rv.op === "use" && isMe(rv.a) || widening) {
            if (!signOnly(ins.dst.root.id, seen)) return false;
            continue;
          }
          return false;
        }
        const t = b.terminator;
        if (t.kind === "return" && t.value?.kind === "var" && t.value.id === id) return false;
        if (t.kind === "switch" && t.value.kind === "var" && t.value.id === id) return false;
      }
      return true;
    };
    return signOnly(dst.root.id, /* @__PURE__ */ new Set());
  }
  function comparison(name, diff, resultType, dst, n) {
    const sign = ite(
      ctx,
      diff.slt(bvConst(ctx, 0n, 32)),
      bvConst(ctx, -1n, 32),
      ite(ctx, diff.eq(bvConst(ctx, 0n, 32)), bvConst(ctx, 0n, 32), bvConst(ctx, 1n, 32))
    );
    if (!onlySignUsed(dst, n)) taint(`the value of ${name} beyond its sign (the C library's choice)`);
    return { k: "bv", t: fitInt(sign, resultType) };
  }
  function call(name, rv, dst, env, c, n, i) {
    const a = rv.args.map((x) => ({ ...evalOperand(x, env, c, n.id), type: x.type, op: x }));
    const ub = a.flatMap((x) => x.ub);
    const ptr = (k) => a[k]?.val.k === "ptr" ? a[k].val : null;
    const size = (k) => a[k] ? toOffset(a[k].val, a[k].type) : bv64(0);
    const giveUp = (why) => {
      taint(`${name}: ${why}`);
      return null;
    };
    const strView = (k) => {
      const p = ptr(k);
      return p ? view(p, CHAR_TYPE, env) : null;
    };
    const result = (val) => ({ val, ub });
    const retPtr = (v) => rv.type.kind === "pointer" ? v.p : null;
    const sizeT = (t) => ({ k: "bv", t: rv.type.kind === "int" && rv.type.bits < OFF_BITS ? t.extract(rv.type.bits - 1, 0) : t });
    switch (name) {
      case "strlen": {
        const s = strView(0);
        if (!s) return giveUp("a string of unknown or large size");
        const r = readString(s, "strlen reads through");
        ub.push(...r.ub);
        return result(sizeT(r.len));
      }
      case "strcmp":
      case "strncmp": {
        const x = strView(0);
        const y = strView(1);
        if (!x || !y) return giveUp("a string of unknown or large size");
        const limit = name === "strncmp" ? size(2) : void 0;
        const bound = Math.min(x.n, y.n);
        let diff = bvConst(ctx, 0n, 32);
        let ok = limit ? bv64(bound).uge(limit) : F_;
        let last = bv64(bound - 1);
        for (let m = bound - 1; m >= 0; m--) {
          const xb = byteAt(x, m);
          const yb = byteAt(y, m);
          const atLimit = limit ? bv64(m).uge(limit) : F_;
          const stop = xb.neq(yb).or(xb.eq(byte(0)));
          const d = xb.zeroExt(24).sub(yb.zeroExt(24));
          diff = ite(ctx, atLimit, bvConst(ctx, 0n, 32), ite(ctx, stop, d, diff));
          ok = ite(
            ctx,
            atLimit,
            T,
            inside(x, m).and(inside(y, m)).and(ite(ctx, stop, T, ok))
          );
          last = ite(ctx, atLimit, bv64(m - 1), ite(ctx, stop, bv64(m), last));
        }
        noteRead(x, last);
        noteRead(y, last);
        ub.push(
          { error: "null", cond: x.isNull.or(y.isNull), detail: `${name} of a null pointer` },
          {
            error: "bounds",
            cond: x.isNull.or(y.isNull).not().and(ok.not()),
            detail: `${name} reads past the end of an object (no NUL inside it, or n too large)`
          }
        );
        return result(comparison(name, diff, rv.type, dst, n));
      }
      case "memcmp": {
        const ex = elementTypeOf(rv.args[0], n, i) ?? CHAR_TYPE;
        const ey = elementTypeOf(rv.args[1], n, i) ?? CHAR_TYPE;
        const px = ptr(0);
        const py = ptr(1);
        if (!px || !py || ex.kind !== "int" || ex.bits !== 8 || ey.kind !== "int" || ey.bits !== 8) return giveUp("only byte objects are modelled");
        const x = view(px, ex, env);
        const y = view(py, ey, env);
        if (!x || !y) return giveUp("an object of unknown or large size");
        const count = size(2);
        const bound = Math.min(x.n, y.n);
        let diff = bvConst(ctx, 0n, 32);
        for (let m = bound - 1; m >= 0; m--) {
          const xb = byteAt(x, m);
          const yb = byteAt(y, m);
          diff = ite(ctx, bv64(m).ult(count).and(xb.neq(yb)), xb.zeroExt(24).sub(yb.zeroExt(24)), diff);
        }
        noteRead(x, count.sub(bv64(1)), count.eq(bv64(0)).not());
        noteRead(y, count.sub(bv64(1)), count.eq(bv64(0)).not());
        ub.push(...accessUb(px, insideCount(x, count), "memcmp reads through"), ...accessUb(py, insideCount(y, count), "memcmp reads through"));
        return result(comparison(name, diff, rv.type, dst, n));
      }
      case "strcpy":
      case "strncpy": {
        const d = strView(0);
        const s = strView(1);
        if (!d || !s) return giveUp("a string of unknown or large size");
        if (name === "strcpy") {
          const r = readString(s, "strcpy reads through");
          ub.push(...r.ub);
          const src = s;
          const valid = write(d, r.len.add(bv64(1)), (m) => at2(src, m));
          ub.push(...accessUb(d.p, valid, "strcpy writes through"));
        } else {
          const count = size(2);
          const r = readString(s, "strncpy reads through", count);
          ub.push(...r.ub);
          const valid = write(d, count, (m) => iteVal(ctx, m.ult(r.len), at2(s, m), { k: "bv", t: byte(0) }));
          ub.push(...accessUb(d.p, valid, "strncpy writes through"));
        }
        return result(retPtr(d));
      }
      case "strcat":
      case "strncat": {
        const d = strView(0);
        const s = strView(1);
        if (!d || !s) return giveUp("a string of unknown or large size");
        const dl = readString(d, `${name} reads through`);
        const sl = readString(s, `${name} reads through`, name === "strncat" ? size(2) : void 0);
        ub.push(...dl.ub, ...sl.ub);
        const end = shifted(d, dl.len);
        const valid = write(end, sl.len.add(bv64(1)), (m) => iteVal(ctx, m.ult(sl.len), at2(s, m), { k: "bv", t: byte(0) }));
        ub.push(...accessUb(end.p, valid, `${name} writes through`).filter((u) => u.error === "bounds"));
        return result(retPtr(d));
      }
      case "strchr":
      case "strrchr": {
        const s = strView(0);
        if (!s || !a[1] || a[1].val.k !== "bv") return giveUp("a string of unknown or large size");
        const ch = a[1].val.t.extract(7, 0);
        if (name === "strchr") {
          let k2 = bv64(s.n);
          let found2 = F_;
          let ok = F_;
          for (let m = s.n - 1; m >= 0; m--) {
            const b = byteAt(s, m);
            const match = b.eq(ch);
            const stop = match.or(b.eq(byte(0)));
            k2 = ite(ctx, stop, bv64(m), k2);
            found2 = ite(ctx, stop, match, found2);
            ok = ok.or(inside(s, m).and(stop));
          }
          noteRead(s, k2);
          ub.push(...stringUb(s, ok, "strchr reads through"));
          return result(ptrTo(s, k2, found2));
        }
        const r = scanString(s);
        noteRead(s, r.last);
        ub.push(...stringUb(s, r.ok, "strrchr reads through"));
        let k = bv64(0);
        let found = F_;
        for (let m = 0; m < s.n; m++) {
          const here = bv64(m).ule(r.len).and(byteAt(s, m).eq(ch));
          k = ite(ctx, here, bv64(m), k);
          found = found.or(here);
        }
        return result(ptrTo(s, k, found));
      }
      case "memchr": {
        const p = ptr(0);
        const elem = elementTypeOf(rv.args[0], n, i) ?? CHAR_TYPE;
        if (!p || !a[1] || a[1].val.k !== "bv" || elem.kind !== "int" || elem.bits !== 8) return giveUp("only byte objects are modelled");
        const s = view(p, elem, env);
        if (!s) return giveUp("an object of unknown or large size");
        const ch = a[1].val.t.extract(7, 0);
        const count = size(2);
        let k = bv64(s.n);
        let found = F_;
        let ok = bv64(s.n).uge(count);
        for (let m = s.n - 1; m >= 0; m--) {
          const atLimit = bv64(m).uge(count);
          const match = byteAt(s, m).eq(ch);
          k = ite(ctx, atLimit, bv64(m), ite(ctx, match, bv64(m), k));
          found = ite(ctx, atLimit, F_, ite(ctx, match, T, found));
          ok = ite(ctx, atLimit, T, inside(s, m).and(ite(ctx, match, T, ok)));
        }
        noteRead(s, ite(ctx, found, k, k.sub(bv64(1))));
        ub.push(...accessUb(p, ok, "memchr reads through"));
        return result(ptrTo(s, k, found));
      }
      case "strstr": {
        const h = strView(0);
        const nd = strView(1);
        if (!h || !nd) return giveUp("a string of unknown or large size");
        if (h.n * Math.max(nd.n, 1) > 16384) return giveUp("strings too long to compare position by position");
        const hl = readString(h, "strstr reads through");
        const nl = readString(nd, "strstr reads through");
        ub.push(...hl.ub, ...nl.ub);
        const needle = Array.from({ length: nd.n }, (_, j) => byteAt(nd, j));
        let k = bv64(0);
        let found = F_;
        for (let at0 = h.n - 1; at0 >= 0; at0--) {
          let match = bv64(at0).add(nl.len).ule(hl.len);
          for (let j = 0; j < nd.n; j++) match = match.and(bv64(j).uge(nl.len).or(byteAt(h, at0 + j).eq(needle[j])));
          k = ite(ctx, match, bv64(at0), k);
          found = found.or(match);
        }
        return result(ptrTo(h, k, found));
      }
      case "memset": {
        const p = ptr(0);
        const elem = elementTypeOf(rv.args[0], n, i);
        if (!p || !elem) return giveUp("the pointer type of the destination is unknown");
        const fill = a[1].val.k === "bv" ? a[1].val.t : null;
        const span2 = byteSpan(elem, size(2));
        if (!span2 && partOfElement(elem, rv.args[2])) return giveUp("a size that ends inside a struct, union or pointer element");
        const count = span2 ? span2.touched : elementCount(name, elem, size(2), ub);
        const d = view(p, elem, env);
        if (!fill || !count || !d) return giveUp("an object of unknown or large size");
        let filled;
        if (elem.kind === "int" && elem.bits === 8) filled = { k: "bv", t: fill.extract(7, 0) };
        else if (a[1].op.kind === "const" && a[1].op.value === 0n) filled = zeroVal(ctx, elem);
        else {
          const w = scalarBits(elem);
          if (w === null) return giveUp("a non-zero fill of elements that are neither integers nor floats");
          const byte2 = fill.extract(7, 0);
          filled = fromBits(st.z, elem, ctx.Concat(...Array.from({ length: w / 8 }, () => byte2)), w);
        }
        const last = span2 && span2.merge(at2(d, span2.whole), filled);
        const value = (m) => span2 && last ? iteVal(ctx, span2.partial.and(m.eq(span2.whole)), last, filled) : filled;
        ub.push(...accessUb(p, write(d, count, value), "memset writes through"));
        return result(retPtr(d));
      }
      case "memcpy":
      case "memmove": {
        const pd = ptr(0);
        const ps = ptr(1);
        const de = elementTypeOf(rv.args[0], n, i);
        const se = elementTypeOf(rv.args[1], n, i);
        const elem = de ?? se;
        if (!pd || !ps || !elem) return giveUp("the pointer types are unknown");
        if (!de || !se) return giveUp("the pointer types are unknown");
        if (!sameType(de, se))
          return mixedCopy(name, rv, pd, ps, de, se, env, ub) ?? giveUp("a copy between objects of different types (byte-level copies are not modelled)");
        const span2 = byteSpan(elem, size(2));
        if (!span2 && partOfElement(elem, rv.args[2])) return giveUp("a size that ends inside a struct, union or pointer element");
        const count = span2 ? span2.touched : elementCount(name, elem, size(2), ub);
        const d = view(pd, elem, env);
        const s = view(ps, elem, env);
        if (!count || !d || !s) return giveUp("an object of unknown or large size");
        noteRead(s, count.sub(bv64(1)), count.eq(bv64(0)).not());
        ub.push(...accessUb(ps, insideCount(s, count), `${name} reads through`));
        const last = span2 && span2.merge(at2(d, span2.whole), at2(s, span2.whole));
        const value = (m) => span2 && last ? iteVal(ctx, span2.partial.and(m.eq(span2.whole)), last, at2(s, m)) : at2(s, m);
        ub.push(...accessUb(pd, write(d, count, value), `${name} writes through`));
        return result(retPtr(d));
      }
    }
    return null;
  }
  function mixedCopy(name, rv, pd, ps, de, se, env, ub) {
    const n = rv.args[2];
    const bytes = n?.kind === "const" ? Number(n.value) : NaN;
    const sd = scalarBits(de);
    const ss = scalarBits(se);
    if (!(bytes > 0 && bytes <= MAX_MIXED_COPY) || sd === null || ss === null) return null;
    const d = view(pd, de, env);
    const s = view(ps, se, env);
    if (!d || !s) return null;
    const bits = bytes * 8;
    const ns = Math.ceil(bits / ss);
    const nd = Math.ceil(bits / sd);
    const assume = (f) => st.assertions.push(f);
    const elems = Array.from({ length: ns }, (_, k) => bitsOf(st.z, assume, se, at2(s, bv64(k)), ss));
    const joined = elems.length === 1 ? elems[0] : ctx.Concat(...elems.reverse());
    const all = bits === ns * ss ? joined : joined.extract(bits - 1, 0);
    noteRead(s, bv64(ns - 1));
    ub.push(...accessUb(ps, insideCount(s, bv64(ns)), `${name} reads through`));
    const parts = Array.from({ length: nd }, (_, k) => {
      const lo = k * sd;
      if (lo + sd <= bits) return fromBits(st.z, de, all.extract(lo + sd - 1, lo), sd);
      const old = bitsOf(st.z, assume, de, at2(d, bv64(k)), sd);
      return fromBits(st.z, de, ctx.Concat(old.extract(sd - 1, bits - lo), all.extract(bits - 1, lo)), sd);
    });
    const value = (m) => parts.reduceRight((acc, v, k) => k === nd - 1 ? v : iteVal(ctx, m.eq(bv64(k)), v, acc), parts[nd - 1]);
    ub.push(...accessUb(pd, write(d, bv64(nd), value), `${name} writes through`));
    return { val: rv.type.kind === "pointer" ? d.p : null, ub };
  }
  function byteSpan(elem, bytes) {
    const size = sizeOf(elem, program.dataModel);
    const w = scalarBits(elem);
    if (!size || w === null) return null;
    if (size === 1) return { whole: bytes, touched: bytes, partial: F_, merge: () => null };
    const rem = bytes.urem(bv64(size));
    const whole = bytes.udiv(bv64(size));
    const partial = rem.eq(bv64(0)).not();
    const merge = (old, neu) => {
      const assume = (f) => st.assertions.push(f);
      const ob = bitsOf(st.z, assume, elem, old, w);
      const nb = bitsOf(st.z, assume, elem, neu, w);
      const shift = rem.mul(bv64(8));
      const sh = w === 64 ? shift : w < 64 ? shift.extract(w - 1, 0) : shift.zeroExt(w - 64);
      const one = ctx.BitVec.val(1, w);
      const mask = one.shl(sh).sub(one);
      return fromBits(st.z, elem, ob.and(mask.not()).or(nb.and(mask)), w);
    };
    return { whole, touched: whole.add(ite(ctx, partial, bv64(1), bv64(0))), partial, merge };
  }
  function partOfElement(elem, bytes) {
    const size = sizeOf(elem, program.dataModel);
    return !!size && size > 1 && bytes?.kind === "const" && BigInt(bytes.value) % BigInt(size) !== 0n;
  }
  function elementCount(name, elem, bytes, ub) {
    const size = sizeOf(elem, program.dataModel);
    if (!size) return null;
    if (size === 1) return bytes;
    ub.push({
      error: "bounds",
      cond: bytes.urem(bv64(size)).neq(bv64(0)),
      detail: `${name} of a size that is not a whole number of ${typeToString(elem)}`
    });
    return bytes.udiv(bv64(size));
  }
  return { call, view, readString, byteAt, inside, noteRead, elementTypeOf, stringUb, onlySignUsed };
}
var MAX_MODELLED_LENGTH, MAX_MIXED_COPY;
var init_libstrings = __esm({
  "server/src/model/libstrings.ts"() {
    "use strict";
    init_layout();
    init_types();
    init_walk();
    init_semantics();
    init_values();
    init_state();
    init_bytes();
    MAX_MODELLED_LENGTH = 256;
    MAX_MIXED_COPY = 64;
  }
});

// server/src/model/libconvert.ts
function isConversion(name) {
  return CONVERSIONS.has(name);
}
function conversionOps(st, ops, mem, strs) {
  const { ctx, T, F_, objects, getVar, taint, program, libObjects } = st;
  const { evalOperand } = ops;
  const { candidates, inRangeOf, accessUb, withElement, noteAccessAt } = mem;
  const { view, byteAt, inside, noteRead, stringUb } = strs;
  const bv64 = (k) => bvConst(ctx, BigInt(k), OFF_BITS);
  const byte = (k) => bvConst(ctx, BigInt(k), 8);
  const between = (b, lo, hi) => b.uge(byte(lo)).and(b.ule(byte(hi)));
  function writeThrough(p, pointee, val, env, what) {
    let valid = F_;
    for (const cand of candidates(pointee)) {
      if (objects[cand.idx - 1].readOnly) continue;
      const sel = p.obj.eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS));
      const old = getVar(env, cand.varId);
      env.set(cand.varId, iteVal(ctx, sel, withElement(cand, p.off, val, env, st.topCtx), old));
      valid = valid.or(sel.and(inRangeOf(cand, p.off, env)));
    }
    noteAccessAt(p, p.off);
    return accessUb(p, valid, what).filter((u) => u.error === "bounds");
  }
  function call(name, rv, env, c, n) {
    const a = rv.args.map((x) => ({ ...evalOperand(x, env, c, n.id), type: x.type, op: x }));
    const ub = a.flatMap((x) => x.ub);
    const giveUp = (why) => {
      taint(`${name}: ${why}`);
      return null;
    };
    const p = a[0]?.val.k === "ptr" ? a[0].val : null;
    if (!p) return null;
    const isStrto = name.startsWith("strto");
    let base = 10;
    if (isStrto) {
      const b = a[2]?.op;
      if (!b || b.kind !== "const") return giveUp("a base that is not a constant");
      base = Number(BigInt.asIntN(32, b.value));
    }
    const signed = !name.startsWith("strtou");
    const ret = rv.type.kind === "int" ? rv.type : null;
    if (!ret) return null;
    const width = name.endsWith("ll") ? 64 : name === "atoi" ? longType(program.dataModel, true).bits : ret.bits;
    const errnoVar = libObjects.get("errno");
    const setErrno = (when, code) => {
      if (errnoVar === void 0) return;
      const old = tOf(getVar(env, errnoVar));
      env.set(errnoVar, { k: "bv", t: ite(ctx, when, bvConst(ctx, BigInt(code), 32), old) });
    };
    if (base < 0 || base === 1 || base > 36) {
      setErrno(T, EINVAL);
      return { val: { k: "bv", t: bvConst(ctx, 0n, ret.bits) }, ub };
    }
    const s = view(p, CHAR_TYPE, env);
    if (!s) return giveUp("a string of unknown or large size");
    const N = s.n;
    const isSpace = (b) => b.eq(byte(32)).or(between(b, 9, 13));
    const W = width;
    const maxW = (1n << BigInt(W)) - 1n;
    const largest = BigInt(base === 0 ? 16 : base) ** BigInt(N) - 1n;
    const mayOverflow = largest > maxW;
    const A = mayOverflow ? W : Math.max(8, largest.toString(2).length + 1);
    const wv = (k) => bvConst(ctx, k, A);
    const limits = (k) => ({
      cutoff: wv(mayOverflow ? maxW / BigInt(k) : 0n),
      cutlim: byte(Number(maxW % BigInt(k))),
      times: (x) => x.mul(wv(BigInt(k)))
    });
    const digitOf = (b) => ite(ctx, between(b, 48, 57), b.sub(byte(48)), ite(ctx, between(b, 97, 122), b.sub(byte(87)), ite(ctx, between(b, 65, 90), b.sub(byte(55)), byte(255))));
    const prefixOk = base === 0 || base === 16;
    let ws = T;
    let num2 = F_;
    let skipX = F_;
    let dig = F_;
    let neg = F_;
    let pfx = F_;
    let pfxAt = bv64(0);
    let is16 = base === 16 ? T : F_;
    let is8 = base === 8 ? T : F_;
    let acc = wv(0n);
    let ovf = F_;
    let nd = bv64(0);
    let end = bv64(N);
    let done = F_;
    const bytes = Array.from({ length: N + 1 }, (_, m) => byteAt(s, m));
    for (let m = 0; m < N; m++) {
      const b = bytes[m];
      const space = isSpace(b);
      const sign = b.eq(byte(45)).or(b.eq(byte(43)));
      const wsHere = ws.and(space);
      const signHere = ws.and(sign);
      const numHere = num2.or(ws.and(space.not()).and(sign.not()));
      const zero = b.eq(byte(48));
      const pfxHere = prefixOk ? numHere.and(zero).and(bytes[m + 1].eq(byte(120)).or(bytes[m + 1].eq(byte(88)))) : F_;
      if (base === 0) {
        is16 = ite(ctx, numHere, pfxHere, is16);
        is8 = ite(ctx, numHere, pfxHere.not().and(zero), is8);
      } else if (base === 16) is16 = T;
      const digHere = dig.or(numHere.and(pfxHere.not()));
      const effBase = base === 0 ? ite(ctx, is16, byte(16), ite(ctx, is8, byte(8), byte(10))) : byte(base);
      const dv = digitOf(b);
      const valid = digHere.and(dv.ult(effBase));
      const stop = digHere.and(valid.not());
      const step = (k) => {
        const l = limits(k);
        return {
          over: mayOverflow ? acc.ugt(l.cutoff).or(acc.eq(l.cutoff).and(dv.ugt(l.cutlim))) : F_,
          next: l.times(acc).add(dv.zeroExt(A - 8))
        };
      };
      let over;
      let next;
      if (base === 0) {
        const [s16, s8, s10] = [step(16), step(8), step(10)];
        over = ite(ctx, is16, s16.over, ite(ctx, is8, s8.over, s10.over));
        next = ite(ctx, is16, s16.next, ite(ctx, is8, s8.next, s10.next));
      } else ({ over, next } = step(base));
      acc = ite(ctx, valid.and(ovf.not()).and(over.not()), next, acc);
      ovf = ovf.or(valid.and(over));
      nd = ite(ctx, valid, nd.add(bv64(1)), nd);
      end = ite(ctx, done.not().and(stop), bv64(m), end);
      neg = neg.or(signHere.and(b.eq(byte(45))));
      pfxAt = ite(ctx, pfxHere, bv64(m), pfxAt);
      pfx = pfx.or(pfxHere);
      done = done.or(stop);
      ws = wsHere;
      num2 = signHere;
      dig = skipX.or(valid);
      skipX = pfxHere;
    }
    noteRead(s, end);
    ub.push(...stringUb(s, inside(s, end), `${name} reads through`));
    const noDigits = nd.eq(bv64(0));
    const endOff = ite(ctx, noDigits, ite(ctx, pfx, pfxAt.add(bv64(1)), bv64(0)), end);
    const mag = A === W ? acc : acc.zeroExt(W - A);
    const negated = ite(ctx, neg, mag.neg(), mag);
    const half = 1n << BigInt(W - 1);
    let value;
    let rangeErr;
    if (signed) {
      rangeErr = ovf.or(mag.ugt(ite(ctx, neg, bvConst(ctx, half, W), bvConst(ctx, half - 1n, W))));
      value = ite(ctx, rangeErr, ite(ctx, neg, bvConst(ctx, -half, W), bvConst(ctx, half - 1n, W)), negated);
    } else {
      rangeErr = ovf;
      value = ite(ctx, ovf, bvConst(ctx, (1n << BigInt(W)) - 1n, W), negated);
    }
    if (!isStrto) {
      const rb = ret.bits;
      const rhalf = 1n << BigInt(rb - 1);
      const outside = rb >= W ? rangeErr : ovf.or(mag.ugt(ite(ctx, neg, bvConst(ctx, rhalf, W), bvConst(ctx, rhalf - 1n, W))));
      ub.push({ error: "overflow", cond: s.isNull.not().and(outside), detail: `${name} of a number outside the range of ${ret.name}` });
      return { val: { k: "bv", t: rb < W ? negated.extract(rb - 1, 0) : negated }, ub };
    }
    setErrno(rangeErr, ERANGE);
    const endArg = a[1];
    if (endArg && !(endArg.op.kind === "const" && endArg.op.value === 0n) && endArg.val.k === "ptr" && endArg.type.kind === "pointer") {
      const target = { k: "ptr", obj: s.p.obj, off: s.off.add(endOff) };
      ub.push(...writeThrough(endArg.val, endArg.type.to, target, env, `${name} stores the end pointer through`));
    }
    return { val: { k: "bv", t: ret.bits < W ? value.extract(ret.bits - 1, 0) : value }, ub };
  }
  return { call, writeThrough };
}
var ERANGE, EINVAL, CONVERSIONS;
var init_libconvert = __esm({
  "server/src/model/libconvert.ts"() {
    "use strict";
    init_types();
    init_semantics();
    init_values();
    init_state();
    ERANGE = 34;
    EINVAL = 22;
    CONVERSIONS = /* @__PURE__ */ new Set(["atoi", "atol", "atoll", "strtol", "strtoul", "strtoll", "strtoull"]);
  }
});

// server/src/model/library.ts
function libraryOps(st, ops, mem) {
  const { ctx, z, vars, objects, objIndex, taint, getVar, alive, assertions, allocNodes, nondetSite, program, opts, libObjects } = st;
  const { evalOperand, fitInt, resultUsed } = ops;
  const { candidates } = mem;
  const strs = stringOps(st, ops, mem);
  const conv = conversionOps(st, ops, mem, strs);
  function libraryCall(rv, dst, env, c, n, i) {
    const args = () => rv.args.map((a) => {
      const v = evalOperand(a, env, c, n.id);
      return { ...v, type: a.type, op: a };
    });
    const name = rv.callee.replace(/^__builtin_/, "");
    switch (name) {
      case "malloc":
      case "calloc": {
        const a = args();
        const ub = a.flatMap((x) => x.ub);
        const elem = allocatedType(dst, n, i);
        if (!elem) {
          taint(`${name} whose result is not converted to a typed pointer`);
          return { val: freshVal(ctx, rv.type, name), ub };
        }
        const esize = sizeOf(elem, program.dataModel);
        if (!esize) {
          taint(`${name} of an object of unknown size`);
          return { val: freshVal(ctx, rv.type, name), ub };
        }
        const toOff = (x) => toOffset(x.val, x.type);
        const bytes = name === "calloc" ? toOff(a[0]).mul(toOff(a[1])) : toOff(a[0]);
        const constBytes = a.every((x) => x.op.kind === "const") ? a.map((x) => x.op.value).reduce((p, q) => p * q, 1n) : null;
        const length = constBytes !== null && constBytes % BigInt(esize) === 0n ? Number(constBytes / BigInt(esize)) : null;
        const { val, fresh: fresh3 } = heapObject(name, elem, bytes.udiv(bvConst(ctx, BigInt(esize), OFF_BITS)), length, env);
        env.set(fresh3, name === "calloc" ? zeroVal(ctx, vars.get(fresh3).type) : freshVal(ctx, vars.get(fresh3).type, `heap@${st.cur.range.line}`));
        return { val, ub };
      }
      case VLA_ALLOC: {
        const [size] = args();
        const elem = dst?.type.kind === "pointer" ? dst.type.to : null;
        const esize = elem && sizeOf(elem, program.dataModel);
        if (!size || size.val.k !== "bv" || size.type.kind !== "int" || !elem || !esize) return null;
        const t = size.val.t;
        const w = size.type.bits;
        const positive = size.type.signed ? t.sgt(bvConst(ctx, 0n, w)) : t.neq(bvConst(ctx, 0n, w));
        const known = ctx.isBitVecVal(t) ? size.type.signed ? t.asSignedValue() : t.value() : null;
        const length = known !== null && known > 0n && known <= 1n << 24n ? Number(known) : null;
        const { val, fresh: fresh3 } = heapObject(
          dst.root.kind === "var" ? vars.get(dst.root.id)?.name ?? "vla" : "vla",
          elem,
          toOffset(size.val, size.type),
          length,
          env,
          void 0,
          true
        );
        env.set(fresh3, freshVal(ctx, vars.get(fresh3).type, `vla@${st.cur.range.line}`));
        return {
          val,
          ub: [...size.ub, { error: "vla-size", cond: positive.not(), detail: "variable-length array of a size not greater than 0 (C11 6.7.6.2p5)" }]
        };
      }
      case "realloc":
        return realloc(rv, dst, env, c, n, i);
      case "free": {
        const [p] = args();
        if (!p || p.val.k !== "ptr") return null;
        const obj = p.val.obj;
        const isNull = obj.eq(bvConst(ctx, 0n, OBJ_BITS));
        let ok = isNull;
        objects.forEach((o, k) => {
          if (!o.heap) return;
          const sel = obj.eq(bvConst(ctx, BigInt(k + 1), OBJ_BITS));
          ok = ok.or(sel.and(p.val.off.eq(bvConst(ctx, 0n, OFF_BITS))).and(alive(env, o.varId)));
          env.set(-o.varId, { k: "bv", t: ite(ctx, sel, bvConst(ctx, 0n, 1), tOf(getVar(env, -o.varId))) });
        });
        return { val: null, ub: [...p.ub, { error: "free", cond: ok.not(), detail: "free of a pointer that is not a live heap object" }] };
      }
      case "abs":
      case "labs":
      case "llabs": {
        const [x] = args();
        if (!x || x.val.k !== "bv" || x.type.kind !== "int") return null;
        const t = x.val.t;
        const w = x.type.bits;
        const neg = t.slt(bvConst(ctx, 0n, w));
        return {
          val: { k: "bv", t: ite(ctx, neg, t.neg(), t) },
          ub: [...x.ub, { error: "overflow", cond: t.eq(bvConst(ctx, -(1n << BigInt(w - 1)), w)), detail: `${name} of the minimum value` }]
        };
      }
      case "fabs":
      case "fabsf":
      case "sqrt":
      case "sqrtf": {
        const [x] = args();
        if (!x || x.val.k !== "fp") return null;
        const f = x.val.t;
        return { val: { k: "fp", t: name.startsWith("fabs") ? f.abs() : f.sqrt(ctx.FloatRM.RNE()) }, ub: x.ub };
      }
      case "floor":
      case "floorf":
      case "ceil":
      case "ceilf":
      case "round":
      case "roundf":
      case "trunc":
      case "truncf": {
        const [x] = args();
        if (!x || x.val.k !== "fp") return null;
        const f = x.val.t;
        const base = name.replace(/f$/, "");
        const rm2 = base === "floor" ? ctx.FloatRM.RTN() : base === "ceil" ? ctx.FloatRM.RTP() : base === "round" ? ctx.FloatRM.RNA() : ctx.FloatRM.RTZ();
        return { val: { k: "fp", t: z.wrap(f, z.api.mk_fpa_round_to_integral(ctx.ptr, rm2.ast, f.ast)) }, ub: x.ub };
      }
      case "fmin":
      case "fminf":
      case "fmax":
      case "fmaxf": {
        const [x, y] = args();
        if (!x || !y || x.val.k !== "fp" || y.val.k !== "fp") return null;
        const a = x.val.t;
        const b = y.val.t;
        const mk = name.startsWith("fmin") ? z.api.mk_fpa_min : z.api.mk_fpa_max;
        return { val: { k: "fp", t: z.wrap(a, mk(ctx.ptr, a.ast, b.ast)) }, ub: [...x.ub, ...y.ub] };
      }
      case "isnan":
      case "isinf":
      case "isfinite": {
        const [x] = args();
        if (!x || x.val.k !== "fp") return null;
        const f = x.val.t;
        const b = name === "isnan" ? f.isNaN() : name === "isinf" ? f.isInf() : f.isNaN().or(f.isInf()).not();
        return { val: { k: "bv", t: fitInt(boolToInt(ctx, b), rv.type) }, ub: x.ub };
      }
      default:
        if (isConversion(name)) return conv.call(name, rv, env, c, n);
        if (name in CTYPE_CLASSIFIERS || name === "tolower" || name === "toupper") return ctypeCall(name, rv, dst, env, c, n);
        if (LIB_OBJECT_CALLS.has(name)) return libObjectCall(name);
        if (OUTPUT_ONLY.has(name)) return outputCall(name, rv, env, c, n);
        return strs.call(name, rv, dst, env, c, n, i);
    }
  }
  function heapObject(name, elem, lengthTerm, length, env, dead, automatic = false) {
    const varId = st.newVarId();
    const type = { kind: "array", of: elem, length };
    vars.set(varId, { id: varId, name: `${name}@${st.cur.range.line}`, type, kind: "local", addressTaken: true, isConst: false, isStatic: false });
    objects.push({ varId, type, heap: !automatic, lengthTerm });
    objIndex.set(varId, objects.length);
    if (!automatic) allocNodes.push(st.cur.node);
    const objTerm = bvConst(ctx, BigInt(objects.length), OBJ_BITS);
    let failed = st.F_;
    if (opts.mallocMayFail && !automatic) {
      const f = nondetSite(name, INT_TYPE).t;
      assertions.push(f.ule(bvConst(ctx, 1n, 32)));
      failed = f.eq(bvConst(ctx, 1n, 32));
    }
    const none = dead ? failed.or(dead) : failed;
    env.set(-varId, { k: "bv", t: ite(ctx, none, bvConst(ctx, 0n, 1), bvConst(ctx, 1n, 1)) });
    return { val: { k: "ptr", obj: ite(ctx, none, bvConst(ctx, 0n, OBJ_BITS), objTerm), off: bvConst(ctx, 0n, OFF_BITS) }, fresh: varId, failed };
  }
  function realloc(rv, dst, env, c, n, i) {
    const [p, size] = rv.args.map((a) => ({ ...evalOperand(a, env, c, n.id), type: a.type, op: a }));
    if (!p || !size || p.val.k !== "ptr") return null;
    const ub = [...p.ub, ...size.ub];
    const elem = allocatedType(dst, n, i) ?? strs.elementTypeOf(rv.args[0], n, i);
    const esize = elem ? sizeOf(elem, program.dataModel) : null;
    if (!elem || !esize) {
      taint("realloc of an object of unknown type or size");
      return { val: freshVal(ctx, rv.type, "realloc"), ub };
    }
    const pv = p.val;
    const bytes = toOffset(size.val, size.type);
    const newLen = bytes.udiv(bvConst(ctx, BigInt(esize), OFF_BITS));
    const isNull = pv.obj.eq(bvConst(ctx, 0n, OBJ_BITS));
    const freesOnly = isNull.not().and(bytes.eq(bvConst(ctx, 0n, OFF_BITS)));
    const constLen = size.op.kind === "const" && size.op.value % BigInt(esize) === 0n ? Number(size.op.value / BigInt(esize)) : null;
    const olds = candidates(elem).filter((cand) => cand.heap);
    const oldVals = olds.map((cand) => getVar(env, cand.varId));
    const { val, fresh: fresh3, failed } = heapObject("realloc", elem, newLen, constLen, env, freesOnly);
    const type = vars.get(fresh3).type;
    let content = freshVal(ctx, type, `heap@${st.cur.range.line}`);
    const idx = ctx.BitVec.const(st.freshName("realloc.i"), OFF_BITS);
    let ok = isNull;
    olds.forEach((cand, k) => {
      const sel = pv.obj.eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS));
      ok = ok.or(sel.and(pv.off.eq(bvConst(ctx, 0n, OFF_BITS))).and(alive(env, cand.varId)));
      const oldLen = cand.lengthTerm ?? bvConst(ctx, BigInt(cand.length ?? 0), OFF_BITS);
      const keep = ite(ctx, oldLen.ult(newLen), oldLen, newLen);
      const kept = zipLeaves(oldVals[k], content, (o, f) => ctx.Lambda([idx], ite(ctx, idx.ult(keep), o.select(idx), f.select(idx))));
      content = zipLeaves(kept, content, (x, y) => ite(ctx, sel, x, y));
      env.set(-cand.varId, { k: "bv", t: ite(ctx, sel.and(failed.not()), bvConst(ctx, 0n, 1), tOf(getVar(env, -cand.varId))) });
    });
    env.set(fresh3, content);
    ub.push({ error: "free", cond: ok.not(), detail: "realloc of a pointer that is not a live heap object" });
    return { val, ub };
  }
  function runs(lo, hi, f, delta) {
    const out = [];
    for (let c = lo; c <= hi; c++) {
      const v = delta ? f(c) - c : f(c);
      const last = out[out.length - 1];
      if (last && last.v === v && last.to === c - 1) last.to = c;
      else out.push({ from: c, to: c, v });
    }
    return out;
  }
  function piecewise(x, f, delta, bits, other) {
    let r = other;
    const xb = x.size();
    for (const run8 of runs(-128, 255, f, delta).reverse()) {
      const inRun = x.sge(bvConst(ctx, BigInt(run8.from), xb)).and(x.sle(bvConst(ctx, BigInt(run8.to), xb)));
      const v = delta ? (bits === xb ? x : x.extract(bits - 1, 0)).add(bvConst(ctx, BigInt(run8.v), bits)) : bvConst(ctx, BigInt(run8.v), bits);
      r = ite(ctx, inRun, v, r);
    }
    return r;
  }
  function ctypeCall(name, rv, dst, env, c, n) {
    const [x] = rv.args.map((a) => ({ ...evalOperand(a, env, c, n.id), type: a.type }));
    if (!x || x.val.k !== "bv" || x.type.kind !== "int" || rv.type.kind !== "int") return null;
    const t = x.val.t;
    const v32 = x.type.bits === 32 ? t : x.type.bits > 32 ? t.extract(31, 0) : x.type.signed ? t.signExt(32 - x.type.bits) : t.zeroExt(32 - x.type.bits);
    const zero32 = bvConst(ctx, 0n, 32);
    if (name === "tolower" || name === "toupper") {
      return {
        val: {
          k: "bv",
          t: fitInt(
            piecewise(v32, (k) => ctypeConvert(k, name === "tolower"), true, 32, v32),
            rv.type
          )
        },
        ub: x.ub
      };
    }
    const mask = CTYPE_CLASSIFIERS[name];
    if (!strs.onlySignUsed(dst, n)) taint(`the value of ${name} beyond zero or nonzero (the compiler's or the C library's choice)`);
    const value = piecewise(v32, (k) => ctypeFlags(k) & mask, false, 32, zero32);
    const outside = v32.slt(bvConst(ctx, -128n, 32)).or(v32.sgt(bvConst(ctx, 255n, 32)));
    return {
      val: { k: "bv", t: fitInt(value, rv.type) },
      ub: [...x.ub, { error: "bounds", cond: outside, detail: `${name} of a value that is neither EOF nor an unsigned char (outside the C library's table)` }]
    };
  }
  function libObjectCall(name) {
    const key = name === "__errno_location" ? "errno" : name.replace(/^__ctype_(\w+)_loc$/, "ctype_$1");
    const varId = libObjects.get(key);
    const idx = varId === void 0 ? void 0 : objIndex.get(varId);
    if (idx === void 0) return null;
    return { val: { k: "ptr", obj: bvConst(ctx, BigInt(idx), OBJ_BITS), off: bvConst(ctx, 0n, OFF_BITS) }, ub: [] };
  }
  function outputCall(name, rv, env, c, n) {
    const a = rv.args.map((x) => ({ ...evalOperand(x, env, c, n.id), type: x.type, op: x }));
    const ub = a.flatMap((x) => x.ub);
    const readArg = (k, what, limit, mayBeNull = false) => {
      const p = a[k]?.val.k === "ptr" ? a[k].val : null;
      const v = p ? strs.view(p, CHAR_TYPE, env) : null;
      if (!v) {
        taint(`${name}: a string of unknown or large size`);
        return;
      }
      const r = strs.readString(v, what, limit);
      ub.push(...mayBeNull ? r.ub.filter((u) => u.error !== "null").map((u) => ({ ...u, cond: v.isNull.not().and(u.cond) })) : r.ub);
    };
    const fmtAt = FORMAT_ARG[name];
    if (fmtAt !== void 0) {
      const fmt = rv.args[fmtAt];
      if (!fmt || fmt.kind !== "string") taint(`${name} with a format that is not a string literal`);
      else {
        const conv2 = formatConversions(fmt.bytes);
        if (conv2 === null || name.startsWith("v") && conv2.some((x) => x.kind !== "other")) taint(`${name}: %n, %.*s or arguments of a va_list`);
        else {
          let k = fmtAt + 1;
          for (const x of conv2) {
            k += x.stars;
            if (x.kind === "s")
              readArg(k, `${name} reads a %s argument through`, x.precision === void 0 ? void 0 : bvConst(ctx, BigInt(x.precision), OFF_BITS));
            k++;
          }
        }
      }
    } else if (name === "puts" || name === "fputs") readArg(0, `${name} reads through`);
    else if (name === "perror") readArg(0, "perror reads through", void 0, true);
    if (resultUsed()) taint(`the result of ${name} (the C library's)`);
    return { val: rv.type.kind === "void" ? null : freshVal(ctx, rv.type, name), ub };
  }
  function allocatedType(dst, n, i) {
    if (dst && dst.type.kind === "pointer" && dst.type.to.kind !== "void") return dst.type.to;
    if (!dst || dst.root.kind !== "var" || dst.path.length) return null;
    const tmp = dst.root.id;
    for (let j = i + 1; j < n.block.instrs.length; j++) {
      const ins = n.block.instrs[j];
      if (ins.kind === "assign" && ins.value.op === "cast" && ins.value.a.kind === "var" && ins.value.a.id === tmp && ins.value.to.kind === "pointer" && ins.value.to.to.kind !== "void")
        return ins.value.to.to;
      if (ins.kind === "assign" && ins.dst && ins.dst.type.kind === "pointer" && ins.dst.type.to.kind !== "void" && ins.value.op === "use" && ins.value.a.kind === "var" && ins.value.a.id === tmp)
        return ins.dst.type.to;
    }
    return null;
  }
  return { libraryCall };
}
var LIB_OBJECT_CALLS;
var init_library = __esm({
  "server/src/model/library.ts"() {
    "use strict";
    init_layout();
    init_libc();
    init_semantics();
    init_values();
    init_state();
    init_libstrings();
    init_libconvert();
    LIB_OBJECT_CALLS = /* @__PURE__ */ new Set(["__errno_location", "__ctype_b_loc", "__ctype_tolower_loc", "__ctype_toupper_loc"]);
  }
});

// server/src/model/inputs.ts
function encodeInputs(st, ops) {
  const { ctx, program, u, vars, inputs, assertions, objIndex, addObject, boolConst, entry: entry2, opts } = st;
  const { initialValue } = ops;
  const top = u.top;
  const calls = calledFunctions(u);
  const referenced = referencedGlobals(program, u);
  for (const g of program.globals) {
    const v = vars.get(g);
    if (!referenced.has(g)) continue;
    if (opts.fromMain || v.isConst) {
      entry2.set(g, initialValue(v));
    } else {
      const val = consistentUnions(st.z, (f) => assertions.push(f), v.type, freshVal(ctx, v.type, v.name));
      opaqueFunctions(st, v.name, v.type, val);
      entry2.set(g, val);
      inputs.push({ name: v.name, kind: "global", varId: g, type: v.type, val });
    }
  }
  libraryObjects(st, calls);
  const strings = stringParams(program, u);
  const argv = mainArguments(st);
  for (const p of top.params) {
    if (argv.has(p)) continue;
    const v = vars.get(p);
    if (v.type.kind === "pointer" && v.type.to.kind !== "void" && v.type.to.kind !== "function") {
      const single = v.type.to.kind === "struct" && !selfReferential(v.type.to);
      const length = v.declaredLength ?? (single ? 1 : opts.pointerArrayLength);
      const objId = st.newVarId();
      const objType = { kind: "array", of: v.type.to, length };
      vars.set(objId, { id: objId, name: `*${v.name}`, type: objType, kind: "local", addressTaken: true, isConst: false, isStatic: false });
      const idx = addObject(objId, objType);
      const objVal = freshVal(ctx, objType, `${v.name}[]`);
      entry2.set(objId, objVal);
      if (v.declaredLength === void 0) {
        if (strings.has(p)) {
          const last = selectVal(objVal, bvConst(ctx, BigInt(length - 1), OFF_BITS));
          assertions.push(tOf(last).eq(bvConst(ctx, 0n, 8)));
          st.assumptions.push({
            text: `\`${v.name}\` is a string of at most ${length - 1} character${length === 2 ? "" : "s"} (--pointer-array-length)`,
            limit: { objIdx: idx, limit: length - 1 }
          });
        } else {
          st.assumptions.push({
            text: single ? `\`${v.name}\` points to one ${typeToString(v.type.to)}` : `\`${v.name}\` points to ${length} elements (--pointer-array-length)`,
            limit: { objIdx: idx, limit: length }
          });
        }
      }
      const nullLit = boolConst(`${v.name}.null`);
      let obj = ite(ctx, nullLit, bvConst(ctx, 0n, OBJ_BITS), bvConst(ctx, BigInt(idx), OBJ_BITS));
      let off = bvConst(ctx, 0n, OFF_BITS);
      const aliases = [];
      if (!v.restrict && !opts.withoutAliasing) {
        for (const earlier of inputs) {
          const eo = earlier.object;
          if (!eo || earlier.type.kind !== "pointer" || !sameType(earlier.type.to, v.type.to) || vars.get(earlier.varId)?.restrict) continue;
          const lit = boolConst(`${v.name}.aliases.${earlier.name}`);
          const at2 = ctx.BitVec.const(st.freshName(`${v.name}.at.${earlier.name}`), OFF_BITS);
          assertions.push(lit.implies(at2.ult(bvConst(ctx, BigInt(eo.length), OFF_BITS))));
          obj = ite(ctx, lit, bvConst(ctx, BigInt(objIndex.get(eo.varId)), OBJ_BITS), obj);
          off = ite(ctx, lit, at2, off);
          aliases.push({ name: earlier.name, lit, at: at2 });
        }
      }
      const val = { k: "ptr", obj, off };
      entry2.set(p, val);
      inputs.push({ name: v.name, kind: "param", varId: p, type: v.type, val: objVal, object: { varId: objId, length, nullLit, aliases } });
    } else {
      const val = consistentUnions(st.z, (f) => assertions.push(f), v.type, freshVal(ctx, v.type, v.name));
      opaqueFunctions(st, v.name, v.type, val);
      entry2.set(p, val);
      inputs.push({ name: v.name, kind: "param", varId: p, type: v.type, val });
    }
  }
  {
    const inputObjects = inputs.filter((i) => i.object && i.type.kind === "pointer");
    const pointerLeaves = (v, t, out) => {
      if (t.kind === "pointer" && v.k === "ptr") out.push({ obj: v.obj, off: v.off, to: t.to });
      else if (t.kind === "struct" && v.k === "struct") t.fields.forEach((f, k) => pointerLeaves(v.fields[k], f.type, out));
      else if (t.kind === "array" && v.k === "arr" && t.length !== null)
        for (let k = 0; k < t.length; k++) pointerLeaves(selectVal(v, bvConst(ctx, BigInt(k), OFF_BITS)), t.of, out);
      return out;
    };
    const nullOnly = /* @__PURE__ */ new Set();
    for (const input of inputObjects) {
      const objType = { kind: "array", of: input.type.to, length: input.object.length };
      for (const leaf of pointerLeaves(input.val, objType, [])) {
        let ok = leaf.obj.eq(bvConst(ctx, 0n, OBJ_BITS));
        let targets = 0;
        for (const target of inputObjects) {
          if (!sameType(target.type.to, leaf.to)) continue;
          const sel = leaf.obj.eq(bvConst(ctx, BigInt(objIndex.get(target.object.varId)), OBJ_BITS));
          ok = ok.or(sel.and(leaf.off.ule(bvConst(ctx, BigInt(target.object.length), OFF_BITS))));
          targets++;
        }
        if (!targets && leaf.to.kind !== "function") nullOnly.add(typeToString({ kind: "pointer", to: leaf.to }));
        assertions.push(ok);
      }
    }
    for (const t of nullOnly) st.assumptions.push({ text: `the \`${t}\` pointers inside input objects are NULL (no input object of their type)` });
  }
  const aliasLits = inputs.flatMap((i) => i.object?.aliases.map((a) => a.lit) ?? []);
  const noAlias = boolConst("noAlias");
  if (aliasLits.length) assertions.push(noAlias.implies(ctx.And(...aliasLits.map((l) => l.not()))));
  overlapAssumption(st);
  return { noAlias, aliasLits };
}
function opaqueFunctions(st, name, t, v) {
  if (t.kind === "pointer" && t.to.kind === "function" && v.k === "ptr") st.opaqueFunctionPointer(v, name, t.to);
}
function mainArguments(st) {
  const { ctx, u, vars, inputs, assertions, addObject, entry: entry2, opts } = st;
  const top = u.top;
  if (top.name !== "main" || top.params.length < 2) return /* @__PURE__ */ new Set();
  const [pc, pv] = top.params.map((id) => vars.get(id));
  const charPtr = pv.type.kind === "pointer" && pv.type.to.kind === "pointer" ? pv.type.to : null;
  if (pc.type.kind !== "int" || !charPtr || charPtr.to.kind !== "int" || charPtr.to.bits !== 8) return /* @__PURE__ */ new Set();
  const max2 = opts.argcMax;
  const len = opts.argLength;
  const bits = pc.type.bits;
  const argc = freshVal(ctx, pc.type, "argc");
  const count = tOf(argc);
  assertions.push(count.sge(bvConst(ctx, 0n, bits)).and(count.slt(bvConst(ctx, (1n << BigInt(bits - 1)) - 1n, bits))));
  const bound = st.boolConst("argcBound");
  assertions.push(bound.implies(count.sle(bvConst(ctx, BigInt(max2), bits))));
  const countText = `main gets at most ${max2} argument${max2 === 1 ? "" : "s"} (--argc-max)`;
  st.inputBounds.push({ lit: bound, text: countText });
  entry2.set(pc.id, argc);
  inputs.push({ name: pc.name, kind: "param", varId: pc.id, type: pc.type, val: argc });
  const count64 = bits === OFF_BITS ? count : count.zeroExt(OFF_BITS - bits);
  const strType = { kind: "array", of: charPtr.to, length: len + 1 };
  const strings = [];
  const arrType = { kind: "array", of: charPtr, length: max2 + 1 };
  const arrId = st.newVarId();
  vars.set(arrId, { id: arrId, name: `*${pv.name}`, type: arrType, kind: "local", addressTaken: true, isConst: false, isStatic: false });
  const arrIdx = addObject(arrId, arrType);
  st.objects[arrIdx - 1].lengthTerm = count64.add(bvConst(ctx, 1n, OFF_BITS));
  st.assumptions.push({ text: countText, limit: { objIdx: arrIdx, limit: max2, exact: true } });
  const lengthText = `main's arguments have at most ${len} character${len === 1 ? "" : "s"} (--arg-length)`;
  let arr = zeroVal(ctx, arrType);
  for (let k = 0; k < max2; k++) {
    const id = st.newVarId();
    vars.set(id, { id, name: `${pv.name}[${k}]`, type: strType, kind: "local", addressTaken: true, isConst: false, isStatic: false });
    const idx = addObject(id, strType);
    const val = freshVal(ctx, strType, `${pv.name}[${k}]`);
    const byteAt = (m) => tOf(selectVal(val, bvConst(ctx, BigInt(m), OFF_BITS)));
    assertions.push(byteAt(len).eq(bvConst(ctx, 0n, 8)));
    let nul = bvConst(ctx, BigInt(len), OFF_BITS);
    for (let m = len - 1; m >= 0; m--) nul = ite(ctx, byteAt(m).eq(bvConst(ctx, 0n, 8)), bvConst(ctx, BigInt(m), OFF_BITS), nul);
    st.objects[idx - 1].lengthTerm = nul.add(bvConst(ctx, 1n, OFF_BITS));
    st.assumptions.push({ text: lengthText, limit: { objIdx: idx, limit: len, exact: true } });
    entry2.set(id, val);
    strings.push({ varId: id, val });
    const present = count.sgt(bvConst(ctx, BigInt(k), bits));
    arr = storeVal(arr, bvConst(ctx, BigInt(k), OFF_BITS), {
      k: "ptr",
      obj: ite(ctx, present, bvConst(ctx, BigInt(idx), OBJ_BITS), bvConst(ctx, 0n, OBJ_BITS)),
      off: bvConst(ctx, 0n, OFF_BITS)
    });
  }
  entry2.set(arrId, arr);
  const argvVal = { k: "ptr", obj: bvConst(ctx, BigInt(arrIdx), OBJ_BITS), off: bvConst(ctx, 0n, OFF_BITS) };
  entry2.set(pv.id, argvVal);
  inputs.push({ name: pv.name, kind: "param", varId: pv.id, type: pv.type, val: argvVal, argv: { count, strings, length: len } });
  return /* @__PURE__ */ new Set([pc.id, pv.id]);
}
function overlapAssumption(st) {
  const ptrs = st.inputs.filter((i) => i.kind === "param" && i.object && i.type.kind === "pointer" && !st.vars.get(i.varId)?.restrict);
  const pairs = [];
  for (let x = 0; x < ptrs.length; x++)
    for (let y = x + 1; y < ptrs.length; y++) {
      const a = ptrs[x].type.to;
      const b = ptrs[y].type.to;
      if (mayOverlap(a, b))
        pairs.push(
          `\`${ptrs[y].name}\` and \`${ptrs[x].name}\` ${sameType(a, b) ? `overlap, if at all, only with \`${ptrs[y].name}\` pointing into \`${ptrs[x].name}\`` : "do not overlap"}`
        );
    }
  if (!pairs.length || !writesOrComparesPointers(st.u)) return;
  st.assumptions.push(...pairs.map((text) => ({ text })));
}
function mayOverlap(a, b) {
  const isChar2 = (t) => t.kind === "int" && t.bits === 8;
  const holds2 = (outer, inner) => sameType(outer, inner) || outer.kind === "struct" && outer.fields.some((f) => holds2(f.type, inner)) || outer.kind === "array" && holds2(outer.of, inner);
  return isChar2(a) || isChar2(b) || holds2(a, b) || holds2(b, a);
}
function writesOrComparesPointers(u) {
  const isNullConst = (op) => op.kind === "const" && op.value === 0n;
  for (const fn2 of new Set(u.contexts.map((c) => c.fn)))
    for (const b of fn2.blocks)
      for (const i of b.instrs) {
        if (i.kind !== "assign") continue;
        if (i.dst?.root.kind === "deref") return true;
        const rv = i.value;
        if (rv.op === "call" && rv.external && WRITERS.has(rv.callee)) return true;
        if (rv.op === "ptrdiff") return true;
        if (rv.op === "binary" && rv.a.type.kind === "pointer" && rv.b.type.kind === "pointer" && !isNullConst(rv.a) && !isNullConst(rv.b)) return true;
      }
  return false;
}
function stringParams(program, u) {
  const top = u.contexts[0];
  const derived = /* @__PURE__ */ new Map();
  for (const p of u.top.params) {
    const v = program.vars.get(p);
    if (v.declaredLength === void 0 && v.type.kind === "pointer" && v.type.to.kind === "int" && v.type.to.bits === 8 && v.type.to.name === "char")
      derived.set(resolveVar(top, p), /* @__PURE__ */ new Set([p]));
  }
  const used = /* @__PURE__ */ new Set();
  if (!derived.size) return used;
  const from = (c, op) => {
    if (!op) return void 0;
    if (op.kind === "var") return derived.get(resolveVar(c, op.id));
    if (op.kind === "addr" && op.place.root.kind === "deref") return from(c, op.place.root.ptr);
    return void 0;
  };
  const add2 = (id, ps) => {
    if (!ps?.size) return false;
    const cur = derived.get(id) ?? /* @__PURE__ */ new Set();
    const before = cur.size;
    for (const p of ps) cur.add(p);
    derived.set(id, cur);
    return cur.size > before;
  };
  const callOf = (c) => {
    const node = c.callNode === null ? void 0 : u.nodes[c.callNode];
    const ins = node?.block.instrs[node.end - 1];
    return ins?.kind === "assign" && ins.value.op === "call" ? { ins, rv: ins.value } : void 0;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const c of u.contexts) {
      for (const b of c.fn.blocks)
        for (const ins of b.instrs) {
          if (ins.kind !== "assign" || !ins.dst || ins.dst.root.kind !== "var" || ins.dst.path.length) continue;
          const rv = ins.value;
          const src = rv.op === "use" || rv.op === "cast" ? from(c, rv.a) : rv.op === "ptradd" ? from(c, rv.ptr) : void 0;
          if (add2(resolveVar(c, ins.dst.root.id), src)) changed = true;
        }
      if (c.parent) {
        const call = callOf(c);
        if (!call) continue;
        call.rv.args.forEach((arg, k) => {
          const pid = c.fn.params[k];
          if (pid !== void 0 && add2(resolveVar(c, pid), from(c.parent, arg))) changed = true;
        });
        const ret = c.fn.blocks[c.fn.exitBlock]?.terminator;
        if (ret?.kind === "return" && call.ins.dst?.root.kind === "var" && !call.ins.dst.path.length) {
          if (add2(resolveVar(c.parent, call.ins.dst.root.id), from(c, ret.value ?? void 0))) changed = true;
        }
      }
    }
  }
  const loaded = /* @__PURE__ */ new Map();
  for (const c of u.contexts)
    for (const b of c.fn.blocks)
      for (const ins of b.instrs) {
        if (ins.kind !== "assign") continue;
        const rv = ins.value;
        if (rv.op === "call" && rv.external) {
          const name = rv.callee.replace(/^__builtin_/, "");
          const fmt = FORMAT_ARG[name];
          const positions = STRING_ARGS[name] ?? (fmt !== void 0 ? rv.args.map((_, k) => k).filter((k) => k >= fmt) : []);
          for (const k of positions) for (const p of from(c, rv.args[k]) ?? []) used.add(p);
        }
        if (!ins.dst || ins.dst.root.kind !== "var" || ins.dst.path.length) continue;
        const dst = resolveVar(c, ins.dst.root.id);
        if (rv.op === "load" && rv.place.root.kind === "deref" && rv.place.type.kind === "int" && rv.place.type.bits === 8) {
          const ps = from(c, rv.place.root.ptr);
          if (ps) loaded.set(dst, ps);
        } else if (rv.op === "cast" && rv.a.kind === "var" && loaded.has(resolveVar(c, rv.a.id))) loaded.set(dst, loaded.get(resolveVar(c, rv.a.id)));
      }
  const zero = (op) => op.kind === "const" && op.value === 0n;
  const loadedFrom = (c, op) => op.kind === "var" ? loaded.get(resolveVar(c, op.id)) : void 0;
  for (const c of u.contexts)
    for (const b of c.fn.blocks) {
      for (const ins of b.instrs) {
        if (ins.kind !== "assign" || ins.value.op !== "binary" || ins.value.bop !== "==" && ins.value.bop !== "!=") continue;
        const { a, b: bb } = ins.value;
        const ps = zero(bb) ? loadedFrom(c, a) : zero(a) ? loadedFrom(c, bb) : void 0;
        for (const p of ps ?? []) used.add(p);
      }
      const t = b.terminator;
      if (t.kind === "branch") for (const p of loadedFrom(c, t.cond) ?? []) used.add(p);
    }
  return used;
}
function libraryObjects(st, calls) {
  const { ctx, vars, addObject, entry: entry2, inputs, opts } = st;
  if (calls.has("__errno_location") || [...calls].some((c) => /^strto/.test(c))) {
    const id = st.newVarId();
    vars.set(id, { id, name: "errno", type: INT, kind: "global", addressTaken: true, isConst: false, isStatic: false });
    addObject(id, INT);
    const val = opts.fromMain ? zeroVal(ctx, INT) : freshVal(ctx, INT, "errno");
    entry2.set(id, val);
    if (!opts.fromMain) inputs.push({ name: "errno", kind: "global", varId: id, type: INT, val });
    st.libObjects.set("errno", id);
  }
  const tables = [
    ["b", USHORT, ctypeFlags, false],
    ["tolower", INT, (c) => ctypeConvert(c, true), true],
    ["toupper", INT, (c) => ctypeConvert(c, false), true]
  ];
  for (const [key, elem, f, delta] of tables) {
    if (!calls.has(`__ctype_${key}_loc`)) continue;
    const tableType = { kind: "array", of: elem, length: 384 };
    const tid = st.newVarId();
    vars.set(tid, { id: tid, name: `ctype_${key} table`, type: tableType, kind: "global", addressTaken: true, isConst: true, isStatic: true });
    const tidx = addObject(tid, tableType, true);
    const i = ctx.BitVec.const(st.freshName(`ctype_${key}.i`), OFF_BITS);
    let body = bvConst(ctx, 0n, elem.bits);
    for (const run8 of runsOf(f, delta).reverse()) {
      const inRun = i.uge(bvConst(ctx, BigInt(run8.from + 128), OFF_BITS)).and(i.ule(bvConst(ctx, BigInt(run8.to + 128), OFF_BITS)));
      const v = delta ? i.extract(elem.bits - 1, 0).add(bvConst(ctx, BigInt(run8.v - 128), elem.bits)) : bvConst(ctx, BigInt(run8.v), elem.bits);
      body = ite(ctx, inRun, v, body);
    }
    entry2.set(tid, { k: "arr", lifted: { k: "bv", t: ctx.Lambda([i], body) } });
    const pid = st.newVarId();
    const ptrType = { kind: "pointer", to: elem };
    vars.set(pid, { id: pid, name: `ctype_${key}`, type: ptrType, kind: "global", addressTaken: true, isConst: true, isStatic: true });
    addObject(pid, ptrType, true);
    entry2.set(pid, { k: "ptr", obj: bvConst(ctx, BigInt(tidx), OBJ_BITS), off: bvConst(ctx, 128n, OFF_BITS) });
    st.libObjects.set(`ctype_${key}`, pid);
  }
}
function runsOf(f, delta) {
  const out = [];
  for (let c = -128; c <= 255; c++) {
    const v = delta ? f(c) - c : f(c);
    const last = out[out.length - 1];
    if (last && last.v === v) last.to = c;
    else out.push({ from: c, to: c, v });
  }
  return out;
}
function calledFunctions(u) {
  const out = /* @__PURE__ */ new Set();
  for (const fn2 of new Set(u.contexts.map((c) => c.fn)))
    for (const b of fn2.blocks) for (const i of b.instrs) if (i.kind === "assign" && i.value.op === "call" && i.value.external) out.add(i.value.callee);
  return out;
}
function selfReferential(t) {
  return t.fields.some((f) => f.type.kind === "pointer" && f.type.to.kind === "struct" && f.type.to.tag === t.tag);
}
function referencedGlobals(program, u) {
  const globals = new Set(program.globals);
  const seen = /* @__PURE__ */ new Set();
  const note = (id) => {
    if (globals.has(id)) seen.add(id);
  };
  for (const f of new Set(u.contexts.map((c) => c.fn)))
    for (const b of f.blocks) {
      for (const i of b.instrs) forEachVar(i, note);
      for (const op of terminatorOperands(b.terminator)) {
        if (op.kind === "var") note(op.id);
        else if (op.kind === "addr" && op.place.root.kind === "var") note(op.place.root.id);
      }
    }
  return seen;
}
var WRITERS;
var init_inputs = __esm({
  "server/src/model/inputs.ts"() {
    "use strict";
    init_types();
    init_libc();
    init_walk();
    init_unroll();
    init_semantics();
    init_unions();
    init_values();
    WRITERS = new Set("memset memcpy memmove strcpy strncpy strcat strncat realloc free".split(" "));
  }
});

// server/src/model/encode.ts
function encode(z, program, u, opts) {
  const st = new EncoderState(z, program, u, opts);
  const { ctx, T, F_, vars, boolConst, assertions, obligations, tracked, ubs, addOb, taint, deadFlag, typeOfVar, topCtx } = st;
  const late = {};
  const ops = operandOps(st, () => late.memory);
  const memory = late.memory = memoryOps(st, ops.evalOperand);
  const { writePlace } = memory;
  const { evalOperand, evalRvalue, condTrue, castVal } = ops;
  const { libraryCall } = libraryOps(st, ops, memory);
  for (const g of program.globals) if (vars.get(g)?.addressTaken) st.addObject(g, vars.get(g).type);
  for (const c of u.contexts)
    for (const id of c.fn.locals) {
      const v = program.vars.get(id);
      if (v?.addressTaken) st.addObject(resolveVar(c, id), v.type);
    }
  const { noAlias, aliasLits } = encodeInputs(st, ops);
  const nodes = u.nodes;
  const reach = [];
  const edges = /* @__PURE__ */ new Map();
  const entryEnv = [];
  const exitEnv = [];
  const incoming = nodes.map(() => []);
  let exitNode = null;
  let returnVal = null;
  const stops = [];
  const pointEnv = /* @__PURE__ */ new Map();
  const calleeCtxOf = /* @__PURE__ */ new Map();
  for (const c of u.contexts) if (c.callNode !== null) calleeCtxOf.set(c.callNode, c);
  const setEdge = (from, to, cond, trackRange, targets) => {
    const key = `${from}>${to}`;
    const lit = boolConst(`e.${from}.${to}`);
    const def = reach[from].and(cond);
    const prev = edges.get(key);
    const full2 = prev ? prev.or(lit) : lit;
    if (opts.explain && trackRange) {
      const trk = boolConst("trk.br");
      assertions.push(trk.implies(lit.eq(def)));
      assertions.push(lit.implies(reach[from]));
      tracked.push({ lit: trk, range: trackRange, kind: "branch", node: from, targets });
    } else {
      assertions.push(lit.eq(def));
    }
    if (prev) {
      const both = boolConst(`e.${from}.${to}`);
      assertions.push(both.eq(full2));
      edges.set(key, both);
      const list = incoming[to];
      list[list.length - 1] = { from, lit: both };
    } else {
      edges.set(key, lit);
      incoming[to].push({ from, lit });
    }
  };
  for (const n of nodes) {
    st.cur.node = n.id;
    st.cur.index = n.start;
    st.cur.range = n.block.range ?? n.ctx.fn.range;
    let env;
    if (n.id === 0) {
      reach.push(T);
      env = new Map(st.entry);
    } else {
      const inc = incoming[n.id];
      const r = boolConst(`r.${n.id}`);
      assertions.push(r.eq(inc.length ? ctx.Or(...inc.map((e) => e.lit)) : F_));
      reach.push(r);
      env = mergeEnvs(inc.map((e) => ({ lit: e.lit, env: exitEnv[e.from] })));
    }
    entryEnv.push(new Map(env));
    if (n.unwindOf !== void 0) {
      exitEnv.push(env);
      continue;
    }
    const c = n.ctx;
    const snap = opts.snapshotAt && c === topCtx && n.block.id === opts.snapshotAt.block ? opts.snapshotAt.index : void 0;
    for (let i = n.start; i < n.end; i++) {
      if (snap === i) pointEnv.set(n.id, new Map(env));
      st.cur.index = i;
      const ins = n.block.instrs[i];
      st.cur.range = ins.range;
      encodeInstr(ins, env, c, n, i);
    }
    if (snap !== void 0 && snap >= n.block.instrs.length && n.end === n.block.instrs.length) pointEnv.set(n.id, new Map(env));
    st.cur.index = n.block.instrs.length;
    const atBlockEnd = n.end === n.block.instrs.length && !n.inlinedCall;
    if (n.inlinedCall) {
      setEdge(n.id, n.succ.get(-1), T);
    } else if (!atBlockEnd) {
      setEdge(n.id, n.succ.get(-1), T);
    } else if (n.block.id === c.fn.exitBlock && c.parent) {
      const term = n.block.terminator;
      const caller = nodes[c.callNode];
      const call = caller.block.instrs[caller.end - 1];
      if (term.kind === "return" && term.value && call.kind === "assign" && call.dst) {
        st.cur.range = call.range;
        const rv = evalOperand(term.value, env, c, n.id);
        ubs(rv.ub, c);
        ubs(writePlace(call.dst, rv.val, env, caller.ctx), caller.ctx, { block: caller.block.id, index: caller.end - 1 });
      }
      for (const id of c.rename.values())
        if (!vars.get(id)?.addressTaken) {
          env.delete(id);
          env.delete(initFlagKey(id));
        }
      setEdge(n.id, n.succ.get(-1), T);
    } else {
      const term = n.block.terminator;
      if (term.range) st.cur.range = term.range;
      switch (term.kind) {
        case "goto":
          setEdge(n.id, n.succ.get(term.target), T);
          break;
        case "branch": {
          const cv = evalOperand(term.cond, env, c, n.id);
          ubs(cv.ub, c);
          const cond = condTrue(cv.val);
          const tThen = n.succ.get(term.then);
          const tElse = n.succ.get(term.else);
          const synthetic = c.fn.decisions.find((d) => d.id === term.decision)?.synthetic;
          const trackAt = synthetic ? void 0 : term.range;
          if (tThen === tElse) setEdge(n.id, tThen, T);
          else {
            setEdge(n.id, tThen, cond, trackAt, [tThen, tElse]);
            setEdge(n.id, tElse, cond.not(), trackAt, [tThen, tElse]);
          }
          break;
        }
        case "switch": {
          const sv = evalOperand(term.value, env, c, n.id);
          ubs(sv.ub, c);
          const bv = tOf(sv.val);
          const any = [];
          const byTarget = /* @__PURE__ */ new Map();
          for (const cs of term.cases) {
            const conds = cs.values.map((v) => bv.eq(bvConst(ctx, v, bv.size())));
            any.push(...conds);
            const tgt = n.succ.get(cs.target);
            (byTarget.get(tgt) ?? byTarget.set(tgt, []).get(tgt)).push(...conds);
          }
          const def = any.length ? ctx.Or(...any).not() : T;
          const dTarget = n.succ.get(term.default);
          (byTarget.get(dTarget) ?? byTarget.set(dTarget, []).get(dTarget)).push(def);
          const targets = [...byTarget.keys()];
          for (const [tgt, conds] of byTarget) setEdge(n.id, tgt, conds.length === 1 ? conds[0] : ctx.Or(...conds), term.range, targets);
          break;
        }
        case "return":
          if (!c.parent) {
            exitNode = n.id;
            if (term.value) {
              const rv = evalOperand(term.value, env, c, n.id);
              ubs(rv.ub, c);
              returnVal = rv.val;
            }
          }
          break;
        case "stop":
          if (term.why === "exit" || term.why === "abort") {
            let status2;
            if (term.status) {
              const s = evalOperand(term.status, env, c, n.id);
              ubs(s.ub, c);
              status2 = s.val;
            }
            stops.push({ node: n.id, why: term.why, line: term.range.line, status: status2 });
          }
          break;
      }
    }
    exitEnv.push(env);
  }
  function encodeInstr(ins, env, c, n, i) {
    switch (ins.kind) {
      case "assign": {
        const rv = ins.value;
        if (rv.op === "call" && !rv.external) {
          const cctx = calleeCtxOf.get(n.id);
          if (n.inlinedCall && i === n.end - 1 && cctx) {
            rv.args.forEach((arg, k) => {
              const a = evalOperand(arg, env, c, n.id);
              ubs(a.ub, c);
              const pid = cctx.fn.params[k];
              if (pid === void 0) return;
              const ptype = program.vars.get(pid)?.type;
              const val = ptype && !sameType(arg.type, ptype) ? castVal(a, arg.type, ptype).val : a.val;
              env.set(resolveVar(cctx, pid), val);
            });
            for (let k = rv.args.length; k < cctx.fn.params.length; k++) {
              const pid = cctx.fn.params[k];
              taint(`call of ${rv.callee} with fewer arguments than its parameters`);
              env.set(resolveVar(cctx, pid), freshVal(ctx, program.vars.get(pid).type, "missing-arg"));
            }
          } else if (n.inlinedCall && i === n.end - 1) {
            for (const arg of rv.args) ubs(evalOperand(arg, env, c, n.id).ub, c);
          } else {
            taint(`call of ${rv.callee} deeper than the inlining bound`);
            if (ins.dst) ubs(writePlace(ins.dst, freshVal(ctx, ins.dst.type, "deepcall"), env, c), c);
          }
          return;
        }
        if (rv.op === "call" && rv.external) {
          const lib = libraryCall(rv, ins.dst, env, c, n, i);
          if (lib) {
            ubs(lib.ub, c);
            if (ins.dst && lib.val) ubs(writePlace(ins.dst, lib.val, env, c), c);
            return;
          }
        }
        if (rv.op === "indeterminate" && ins.dst?.root.kind === "var" && ins.dst.path.length === 0) {
          const id = resolveVar(c, ins.dst.root.id);
          env.delete(initFlagKey(id));
          if (opts.uninitialisedNondet && indeterminateLocals(program).has(ins.dst.root.id)) env.set(id, st.indeterminateSite(ins.dst.root.id));
          else env.delete(id);
          return;
        }
        const r = evalRvalue(rv, env, c);
        ubs(r.ub, c);
        if (ins.dst) ubs(writePlace(ins.dst, r.val, env, c), c);
        if (rv.op === "fresh" && ins.dst?.root.kind === "var" && ins.dst.path.length === 0) {
          const id = resolveVar(c, ins.dst.root.id);
          if (st.tracksInit(id)) env.set(initFlagKey(id), { k: "bv", t: ctx.BitVec.const(`assigned.${id}.${st.cur.node}`, 1) });
        }
        return;
      }
      case "assume": {
        if (ins.origin === "requires" && c !== topCtx) return;
        const v = evalOperand(ins.cond, env, c, n.id);
        ubs(v.ub, c);
        addOb("assume", condTrue(v.val), ins.origin === "requires" ? "precondition" : "assumption");
        return;
      }
      case "assert": {
        const v = evalOperand(ins.cond, env, c, n.id);
        const holds2 = condTrue(v.val);
        if (ins.origin === "ensures" && c !== topCtx) {
          st.addSite(siteKey(c.fn.name, n.block.id, i), { node: n.id, ctx: c.id, cond: holds2 });
          return;
        }
        ubs(v.ub, c);
        addOb("assert", holds2, ins.text);
        st.addSite(siteKey(c.fn.name, n.block.id, i), { node: n.id, ctx: c.id, cond: holds2 });
        return;
      }
      case "error": {
        addOb("error", F_, ins.text);
        st.addSite(siteKey(c.fn.name, n.block.id, i), { node: n.id, ctx: c.id, cond: T });
        return;
      }
      case "unsupported":
        taint(ins.what);
        return;
    }
  }
  function mergeEnvs(ins) {
    if (ins.length === 0) return /* @__PURE__ */ new Map();
    if (ins.length === 1) return new Map(ins[0].env);
    const keys = /* @__PURE__ */ new Set();
    for (const e of ins) for (const k of e.env.keys()) keys.add(k);
    const out = /* @__PURE__ */ new Map();
    const one = bvConst(ctx, 1n, 1);
    const zero = bvConst(ctx, 0n, 1);
    for (const k of keys) {
      if (k < 0 || !st.tracksInit(k)) continue;
      const bits = ins.map((e) => !e.env.has(k) ? zero : e.env.get(initFlagKey(k)) ? tOf(e.env.get(initFlagKey(k))) : one);
      if (bits.every((b) => b === one)) continue;
      let acc = bits[bits.length - 1];
      for (let j = bits.length - 2; j >= 0; j--) acc = bits[j] === acc ? acc : ite(ctx, ins[j].lit, bits[j], acc);
      out.set(initFlagKey(k), { k: "bv", t: acc });
    }
    for (const k of keys) {
      if (isInitFlagKey(k)) continue;
      const vals = ins.map((e) => e.env.get(k));
      const first = vals[0];
      if (first !== void 0 && vals.every((v) => v === first)) {
        out.set(k, first);
        continue;
      }
      const filled = vals.map((v) => v ?? (k < 0 ? deadFlag() : freshVal(ctx, typeOfVar(k), `uninit.${vars.get(k)?.name ?? k}`)));
      let acc = filled[filled.length - 1];
      for (let j = filled.length - 2; j >= 0; j--) acc = iteVal(ctx, ins[j].lit, filled[j], acc);
      out.set(k, acc);
    }
    return out;
  }
  function evalCondition(code, env, node) {
    const mark = { taints: st.taints.length, obligations: obligations.length, assertions: assertions.length, nondet: st.nondet.length, trace: st.trace.length };
    const saved = { ...st.cur };
    for (const t of code.temps) vars.set(t.id, t);
    const e = new Map(env);
    Object.assign(st.cur, { node, index: u.nodes[node].start, range: code.instrs[0]?.range ?? saved.range });
    try {
      const invalid = [];
      const keep = (ub) => ub.forEach((x) => (x.error === "null" || x.error === "bounds") && invalid.push(x.cond));
      for (const ins of code.instrs)
        if (ins.kind === "assign" && ins.dst) {
          const r = evalRvalue(ins.value, e, topCtx);
          keep(r.ub);
          keep(writePlace(ins.dst, r.val, e, topCtx));
        }
      const c = evalOperand(code.cond, e, topCtx);
      keep(c.ub);
      const truth = condTrue(c.val);
      const taints = st.taints.slice(mark.taints);
      if (taints.length) throw new ConditionNotModelled([...new Set(taints.map((t) => t.what))].join("; "));
      const extra = [...assertions.slice(mark.assertions), ...invalid.map((x) => x.not())];
      return extra.length ? ctx.And(truth, ...extra) : truth;
    } finally {
      st.taints.length = mark.taints;
      obligations.length = mark.obligations;
      assertions.length = mark.assertions;
      st.nondet.length = mark.nondet;
      st.trace.length = mark.trace;
      Object.assign(st.cur, saved);
    }
  }
  const obsOf = nodes.map(() => []);
  for (const ob of obligations) {
    obsOf[ob.node].push(ob);
    assertions.push(ob.lit.implies(reach[ob.node].implies(ob.holds)));
    if (opts.explain) tracked.push({ lit: ob.lit, range: ob.range, kind: "obligation", node: ob.node });
  }
  const okNode = nodes.map((n) => {
    const lit = boolConst(`ok.${n.id}`);
    const obs = obsOf[n.id];
    if (obs.length) assertions.push(lit.implies(ctx.And(...obs.map((o) => o.lit))));
    return lit;
  });
  const okAll = boolConst("okAll");
  assertions.push(okAll.implies(ctx.And(...okNode)));
  const noUnwind = boolConst("noUnwind");
  const anyUnwind = boolConst("anyUnwind");
  const unwindReach = u.unwinds.map((id) => reach[id]);
  assertions.push(noUnwind.implies(unwindReach.length ? ctx.And(...unwindReach.map((r) => r.not())) : T));
  assertions.push(anyUnwind.eq(unwindReach.length ? ctx.Or(...unwindReach) : F_));
  return {
    unrolled: u,
    assertions,
    reach,
    edges,
    obligations,
    okNode,
    okAll,
    noUnwind,
    anyUnwind,
    inputs: st.inputs,
    nondet: st.nondet,
    taints: st.taints,
    sites: st.sites,
    exitEnv,
    entryEnv,
    exitNode,
    returnVal,
    stops,
    tracked,
    trace: st.trace,
    vars,
    allocNodes: st.allocNodes,
    aliasLits,
    noAlias,
    pointEnv,
    assumptions: st.assumptions,
    sizeHits: st.sizeHits,
    inputBounds: st.inputBounds,
    evalCondition,
    pointerText: (obj, off) => pointerText(st, obj, off)
  };
}
function pointerText(st, obj, off) {
  const name = (o2) => {
    const n = st.vars.get(o2.varId)?.name ?? `object${o2.varId}`;
    return n.startsWith("*") ? n.slice(1) : n;
  };
  const o = st.objects[obj - 1];
  if (!o) return `&object${obj}[${off}]`;
  if (!o.view) return `&${name(o)}[${off}]`;
  const base = st.objects[o.view.base - 1];
  let t = base.type;
  let text = name(base);
  if (o.view.baseArray && t.kind === "array") {
    text += `[${off >> BigInt(VIEW_SHIFT)}]`;
    t = t.of;
  }
  for (const f of o.view.fields) {
    if (t.kind !== "struct") break;
    text += `.${t.fields[f].name}`;
    t = t.fields[f].type;
  }
  const element = off & (1n << BigInt(VIEW_SHIFT)) - 1n;
  return o.type.kind !== "array" && element === 0n ? `&${text}` : `&${text}[${element}]`;
}
var ConditionNotModelled;
var init_encode = __esm({
  "server/src/model/encode.ts"() {
    "use strict";
    init_uninitialised();
    init_types();
    init_unroll();
    init_semantics();
    init_values();
    init_state();
    init_memory();
    init_operands();
    init_library();
    init_inputs();
    ConditionNotModelled = class extends Error {
    };
  }
});

// server/src/z3/relax.ts
var OP, SORT_BOOL, SORT_BV, SORT_ARRAY, SORT_FLOAT, SORT_ROUNDING, AST_APP, AST_NUMERAL, MAX_DEPTH, MAX_TERMS, TooLarge, IntRelaxation;
var init_relax = __esm({
  "server/src/z3/relax.ts"() {
    "use strict";
    OP = {
      TRUE: 256,
      FALSE: 257,
      EQ: 258,
      DISTINCT: 259,
      ITE: 260,
      AND: 261,
      OR: 262,
      IFF: 263,
      XOR: 264,
      NOT: 265,
      IMPLIES: 266,
      STORE: 768,
      SELECT: 769,
      CONST_ARRAY: 770,
      BNUM: 1024,
      BNEG: 1027,
      BADD: 1028,
      BSUB: 1029,
      BMUL: 1030,
      ULEQ: 1041,
      SLEQ: 1042,
      UGEQ: 1043,
      SGEQ: 1044,
      ULT: 1045,
      SLT: 1046,
      UGT: 1047,
      SGT: 1048,
      BNOT: 1051,
      CONCAT: 1056,
      SIGN_EXT: 1057,
      ZERO_EXT: 1058,
      EXTRACT: 1059,
      BSHL: 1064,
      BLSHR: 1065,
      BASHR: 1066,
      BSMUL_NO_OVFL: 1077,
      BUMUL_NO_OVFL: 1078,
      BSMUL_NO_UDFL: 1079,
      UNINTERPRETED: 49167
    };
    SORT_BOOL = 1;
    SORT_BV = 4;
    SORT_ARRAY = 5;
    SORT_FLOAT = 9;
    SORT_ROUNDING = 10;
    AST_APP = 1;
    AST_NUMERAL = 0;
    MAX_DEPTH = 1500;
    MAX_TERMS = 2e5;
    TooLarge = class extends Error {
    };
    IntRelaxation = class {
      constructor(z) {
        this.z = z;
        this.solver = new z.ctx.Solver();
      }
      z;
      solver;
      /** Some product of two non-constant terms is asserted: the relaxation may settle what bit-blasting cannot. */
      nonlinear = false;
      /** Some floating-point term is asserted (the relaxation makes it any value: rarely a proof then). */
      floating = false;
      /** The formula could not be relaxed (too large or too deep): never checked. */
      failed = false;
      // Keyed by ast id, each entry holding its term: a term Z3 freed could hand its id to another.
      memo = /* @__PURE__ */ new Map();
      side = [];
      /** The original assertions in the relaxation's solver, in order (held: their ids stay theirs). */
      relaxed = [];
      /** Original assertions not yet relaxed (none is, until the relaxation is `worth` a check). */
      pending = [];
      /** Terms the search for a nonlinear product has been through. */
      scanned = /* @__PURE__ */ new Map();
      fresh = 0;
      /** The bit-vector constants relaxed, with their integer counterparts. */
      constants = [];
      /** Brings the relaxation in step with `original`'s assertions (after a pop on the original it starts afresh). */
      sync(original) {
        if (this.failed) return;
        const all = original.assertions();
        const n = all.length();
        const seen = this.relaxed.length + this.pending.length;
        let same2 = seen <= n;
        for (let i = 0; same2 && i < this.relaxed.length; i++) same2 = all.get(i).id() === this.relaxed[i].id();
        for (let i = 0; same2 && i < this.pending.length; i++) same2 = all.get(this.relaxed.length + i).id() === this.pending[i].id();
        if (!same2) {
          this.solver.reset();
          this.relaxed = [];
          this.pending = [];
          this.memo.clear();
          this.scanned.clear();
          this.constants.length = 0;
          this.nonlinear = false;
          this.floating = false;
        }
        try {
          for (let i = this.relaxed.length + this.pending.length; i < n; i++) {
            const a = all.get(i);
            if (!this.nonlinear) this.scan(a);
            this.pending.push(a);
          }
          if (!this.worth) return;
          for (const a of this.pending) {
            this.side.length = 0;
            const r = this.bool(a, 0);
            this.solver.add(r, ...this.side);
            this.relaxed.push(a);
          }
          this.pending = [];
        } catch (e) {
          if (!(e instanceof TooLarge || e instanceof RangeError)) throw e;
          this.failed = true;
        }
      }
      /**
       * Whether a check of the relaxation may pay: always with products of variables; for a linear
       * formula, when it has no floating-point terms (Z3's linear integer arithmetic then decides what
       * bit-blasting adders and comparators can take seconds over, e.g. tritype's triangle inequalities).
       */
      get worth() {
        return this.nonlinear || !this.floating;
      }
      /** Looks for a product of two non-constant terms under `root`, noting floating-point terms on the way. */
      scan(root) {
        const { api, ctx } = this.z;
        const stack = [root];
        while (stack.length && !this.nonlinear) {
          const e = stack.pop();
          const id = e.id();
          if (this.scanned.has(id)) continue;
          this.scanned.set(id, e);
          if (this.scanned.size > MAX_TERMS) throw new TooLarge();
          const sort = this.sortKind(e);
          if (sort === SORT_FLOAT || sort === SORT_ROUNDING) this.floating = true;
          if (api.get_ast_kind(ctx.ptr, e.ast) !== AST_APP) continue;
          const app = e;
          const op = this.declKind(e);
          const n = app.numArgs();
          if (op === OP.BMUL) {
            let variables = 0;
            for (let i = 0; i < n; i++) if (this.declKind(app.arg(i)) !== OP.BNUM) variables++;
            if (variables >= 2) this.nonlinear = true;
          }
          for (let i = 0; i < n; i++) stack.push(app.arg(i));
        }
      }
      /**
       * The relaxation of a term of the formula's context (a truth value: assumption literals, which are
       * Boolean constants, are themselves; a bit-vector: its signed value), its side conditions asserted.
       */
      relax(e) {
        this.side.length = 0;
        const r = this.term(e, 0);
        if (this.side.length) this.solver.add(...this.side);
        return r;
      }
      /**
       * A model of the relaxation read back as values of the bit-vector constants (`c == v` each):
       * often the values of a model of the formula too, which a check under them confirms at once.
       */
      hints(model) {
        const { ctx } = this;
        const out = [];
        for (const { bv, int, w } of this.constants) {
          const v = model.eval(int, false);
          if (!ctx.isIntVal(v)) continue;
          const m = 1n << BigInt(w);
          out.push(ctx.Eq(bv, ctx.BitVec.val((v.value() % m + m) % m, w)));
        }
        return out;
      }
      get ctx() {
        return this.z.ctx;
      }
      declKind(e) {
        const { api, ctx } = this.z;
        const kind = api.get_ast_kind(ctx.ptr, e.ast);
        if (kind !== AST_APP && kind !== AST_NUMERAL) return -1;
        return api.get_decl_kind(ctx.ptr, api.get_app_decl(ctx.ptr, e.ast));
      }
      sortKind(e) {
        return e.sort.kind();
      }
      width(e) {
        return e.sort.size();
      }
      indexWidth(e) {
        return e.sort.domain().size();
      }
      freshBool() {
        return this.ctx.Bool.const(`relax!b${++this.fresh}`);
      }
      freshInt(w) {
        const k = this.ctx.Int.const(`relax!k${++this.fresh}`);
        this.side.push(this.inRange(k, w));
        return k;
      }
      inRange(k, w) {
        const { ctx } = this;
        const i = k;
        return ctx.And(i.ge(ctx.Int.val(-(1n << BigInt(w - 1)))), i.le(ctx.Int.val((1n << BigInt(w - 1)) - 1n)));
      }
      /** The signed value of a w-bit result computed exactly as `s`, which is at most one wrap-around away. */
      wrapOnce(s, w) {
        const { ctx } = this;
        const i = s;
        const m = 1n << BigInt(w);
        const hi = ctx.Int.val((1n << BigInt(w - 1)) - 1n);
        const lo = ctx.Int.val(-(1n << BigInt(w - 1)));
        return ctx.If(i.gt(hi), i.sub(ctx.Int.val(m)), ctx.If(i.lt(lo), i.add(ctx.Int.val(m)), i));
      }
      /** `s` where it fits in w bits, else any w-bit value. */
      fitOrAny(s, w) {
        return this.ctx.If(this.inRange(s, w), s, this.freshInt(w));
      }
      /** The unsigned value of a relaxed w-bit term. */
      unsigned(i, w) {
        const { ctx } = this;
        const v = i;
        return ctx.If(v.lt(0), v.add(ctx.Int.val(1n << BigInt(w))), v);
      }
      int(e, depth) {
        return this.term(e, depth);
      }
      bool(e, depth) {
        return this.term(e, depth);
      }
      /** The relaxation of a Boolean, bit-vector or array term (null: a sort the relaxation does not carry). */
      term(e, depth) {
        const id = e.id();
        const done = this.memo.get(id);
        if (done) return done.r;
        if (depth > MAX_DEPTH || this.memo.size > MAX_TERMS) throw new TooLarge();
        const r = this.translate(e, depth + 1);
        this.memo.set(id, { of: e, r });
        return r;
      }
      /** The relaxed sort of `e`'s sort, if it has one: Bool, Int for bit-vectors, arrays of those over those. */
      carried(e) {
        const k = this.sortKind(e);
        if (k === SORT_BOOL || k === SORT_BV) return true;
        if (k !== SORT_ARRAY) return false;
        const s = e.sort;
        const d = s.domain().kind();
        const r = s.range().kind();
        return d === SORT_BV && (r === SORT_BV || r === SORT_BOOL);
      }
      /** A fresh term of `e`'s relaxed sort: any value (an over-approximation of any operation). */
      any(e) {
        const k = this.sortKind(e);
        if (k === SORT_BOOL) return this.freshBool();
        if (k === SORT_BV) return this.freshInt(this.width(e));
        const { ctx } = this;
        const range = e.sort.range().kind() === SORT_BOOL ? ctx.Bool.sort() : ctx.Int.sort();
        return ctx.Array.const(`relax!a${++this.fresh}`, ctx.Int.sort(), range);
      }
      /** A bit-vector numeral's signed value. */
      numeral(e, w) {
        const v = e.value();
        return this.ctx.Int.val(v >= 1n << BigInt(w - 1) ? v - (1n << BigInt(w)) : v);
      }
      translate(e, depth) {
        const { ctx } = this;
        const sk = this.sortKind(e);
        const op = this.declKind(e);
        const app = e;
        const n = op < 0 ? 0 : app.numArgs();
        const args = () => Array.from({ length: n }, (_, i) => app.arg(i));
        const allCarried = () => args().every((a) => this.carried(a));
        const I = (a) => this.int(a, depth);
        const Bo = (a) => this.bool(a, depth);
        const w = sk === SORT_BV ? this.width(e) : 0;
        if (sk === SORT_BV && n > 0 && (op === OP.BMUL || op === OP.BSHL) && args().every((a) => this.declKind(a) === OP.BNUM)) {
          const [a, ...rest] = args().map((x) => x.value());
          const m = (1n << BigInt(w)) - 1n;
          const v = rest.reduce((acc, b) => (op === OP.BMUL ? acc * b : b >= BigInt(w) ? 0n : acc << b) & m, a);
          return ctx.Int.val(v >= 1n << BigInt(w - 1) ? v - (1n << BigInt(w)) : v);
        }
        switch (op) {
          case OP.TRUE:
          case OP.FALSE:
            return e;
          case OP.AND:
            return ctx.And(...args().map(Bo));
          case OP.OR:
            return ctx.Or(...args().map(Bo));
          case OP.NOT:
            return ctx.Not(Bo(app.arg(0)));
          case OP.IMPLIES:
            return ctx.Implies(Bo(app.arg(0)), Bo(app.arg(1)));
          case OP.IFF:
            return ctx.Eq(Bo(app.arg(0)), Bo(app.arg(1)));
          case OP.XOR:
            return ctx.Xor(Bo(app.arg(0)), Bo(app.arg(1)));
          case OP.EQ:
          case OP.DISTINCT: {
            if (!allCarried()) return this.freshBool();
            if (this.sortKind(app.arg(0)) === SORT_ARRAY && this.indexWidth(app.arg(0)) < 18) return this.freshBool();
            const xs = args().map((a) => this.term(a, depth));
            const eq = op === OP.EQ ? ctx.And(...xs.slice(1).map((x) => ctx.Eq(xs[0], x))) : ctx.Distinct(...xs);
            return eq;
          }
          case OP.ITE:
            if (!this.carried(e)) break;
            return ctx.If(Bo(app.arg(0)), this.term(app.arg(1), depth), this.term(app.arg(2), depth));
          case OP.BNUM:
            return this.numeral(e, w);
          case OP.BNEG: {
            const a = I(app.arg(0));
            return this.wrapOnce(a.neg(), w);
          }
          case OP.BADD:
          case OP.BSUB: {
            const xs = args().map(I);
            let acc = xs[0];
            for (const x of xs.slice(1)) acc = this.wrapOnce(op === OP.BADD ? acc.add(x) : acc.sub(x), w);
            return acc;
          }
          case OP.BMUL: {
            const xs = args().map(I);
            let acc = xs[0];
            for (const x of xs.slice(1)) acc = this.fitOrAny(acc.mul(x), w);
            return acc;
          }
          case OP.BSMUL_NO_OVFL:
          case OP.BSMUL_NO_UDFL:
          case OP.BUMUL_NO_OVFL: {
            const a = app.arg(0);
            const b = app.arg(1);
            const aw = this.width(a);
            if (op === OP.BUMUL_NO_OVFL) {
              const p2 = this.unsigned(I(a), aw).mul(this.unsigned(I(b), aw));
              return p2.le(ctx.Int.val((1n << BigInt(aw)) - 1n));
            }
            const p = I(a).mul(I(b));
            return op === OP.BSMUL_NO_OVFL ? p.le(ctx.Int.val((1n << BigInt(aw - 1)) - 1n)) : p.ge(ctx.Int.val(-(1n << BigInt(aw - 1))));
          }
          case OP.SLT:
          case OP.SLEQ:
          case OP.SGT:
          case OP.SGEQ:
          case OP.ULT:
          case OP.ULEQ:
          case OP.UGT:
          case OP.UGEQ: {
            const a = app.arg(0);
            const b = app.arg(1);
            const unsigned = op === OP.ULT || op === OP.ULEQ || op === OP.UGT || op === OP.UGEQ;
            const aw = this.width(a);
            const x = unsigned ? this.unsigned(I(a), aw) : I(a);
            const y = unsigned ? this.unsigned(I(b), aw) : I(b);
            if (op === OP.SLT || op === OP.ULT) return x.lt(y);
            if (op === OP.SLEQ || op === OP.ULEQ) return x.le(y);
            if (op === OP.SGT || op === OP.UGT) return x.gt(y);
            return x.ge(y);
          }
          case OP.BNOT:
            return I(app.arg(0)).neg().sub(1);
          case OP.SIGN_EXT:
            return I(app.arg(0));
          case OP.ZERO_EXT: {
            const a = app.arg(0);
            return w === this.width(a) ? I(a) : this.unsigned(I(a), this.width(a));
          }
          case OP.CONCAT: {
            const as = args();
            let acc = I(as[0]);
            for (const a of as.slice(1)) {
              const aw = this.width(a);
              acc = acc.mul(ctx.Int.val(1n << BigInt(aw))).add(this.unsigned(I(a), aw));
            }
            return acc;
          }
          case OP.EXTRACT: {
            const lo = app.decl().params()[1];
            if (lo === 0) return this.fitOrAny(I(app.arg(0)), w);
            break;
          }
          case OP.BSHL:
          case OP.BLSHR:
          case OP.BASHR: {
            const by = app.arg(1);
            if (this.declKind(by) !== OP.BNUM) break;
            const c = by.value();
            if (c >= BigInt(w)) break;
            const f = ctx.Int.val(1n << c);
            const a = I(app.arg(0));
            if (op === OP.BSHL) return this.fitOrAny(a.mul(f), w);
            if (op === OP.BASHR) return a.div(f);
            if (c === 0n) return a;
            return this.unsigned(a, w).div(f);
          }
          case OP.SELECT: {
            if (n !== 2 || !this.carried(app.arg(0)) || !this.carried(app.arg(1))) break;
            const arr = this.term(app.arg(0), depth);
            const v = arr.select(this.term(app.arg(1), depth));
            if (sk === SORT_BV) this.side.push(this.inRange(v, w));
            return v;
          }
          case OP.STORE: {
            if (n !== 3 || !this.carried(e) || !allCarried()) break;
            const arr = this.term(app.arg(0), depth);
            return arr.store(this.term(app.arg(1), depth), this.term(app.arg(2), depth));
          }
          case OP.CONST_ARRAY: {
            if (!this.carried(e) || !this.carried(app.arg(0))) break;
            return ctx.Array.K(ctx.Int.sort(), this.term(app.arg(0), depth));
          }
          case OP.UNINTERPRETED:
            if (n === 0 && sk === SORT_BOOL) return e;
            if (n === 0 && sk === SORT_BV) {
              const k = ctx.Int.const(`relax!${app.decl().name()}!${++this.fresh}`);
              this.side.push(this.inRange(k, w));
              this.constants.push({ bv: e, int: k, w });
              return k;
            }
            break;
        }
        if (!this.carried(e)) throw new Error(`relax: a term of an uncarried sort reached (${e.sexpr().slice(0, 80)})`);
        return this.any(e);
      }
    };
  }
});

// server/src/z3/z3.ts
async function solverCall(f) {
  inFlight++;
  try {
    return await f();
  } finally {
    inFlight--;
    if (inFlight === 0) for (const release of heldBack.splice(0)) release();
  }
}
function exclusive(f) {
  const result = operations.then(f, f);
  operations = result.then(
    () => void 0,
    () => void 0
  );
  return result;
}
async function yieldIfDue() {
  if (Date.now() - lastYield < YIELD_AFTER_MS) return;
  await new Promise((resolve8) => setImmediate(resolve8));
  lastYield = Date.now();
}
function queueCheck(f) {
  const run8 = async () => {
    await yieldIfDue();
    return solverCall(f);
  };
  const result = checks.then(run8, run8);
  checks = result.then(
    () => void 0,
    () => void 0
  );
  return result;
}
function getZ3() {
  handle ??= (async () => {
    const original = globalThis.FinalizationRegistry;
    globalThis.FinalizationRegistry = DeferringRegistry;
    (0, import_node_v8.setFlagsFromString)("--liftoff-only");
    (0, import_node_v8.setFlagsFromString)("--wasm-lazy-validation");
    let z3;
    try {
      const { init } = await import("z3-solver");
      z3 = await init();
    } finally {
      globalThis.FinalizationRegistry = original;
    }
    z3.Z3.global_param_set("model.compact", "false");
    const ctx = z3.Context("main");
    prestartThread(z3.em.PThread);
    const wrap = (like, ast) => {
      const Ctor = like.constructor;
      return new Ctor(ast);
    };
    return { api: z3.Z3, em: z3.em, ctx, wrap };
  })();
  return handle;
}
function prestartThread(pool) {
  if (!pool || typeof pool.allocateUnusedWorker !== "function" || !Array.isArray(pool.unusedWorkers) || pool.unusedWorkers.length > 0) return;
  pool.allocateUnusedWorker();
  const worker = pool.unusedWorkers[pool.unusedWorkers.length - 1];
  void pool.loadWasmModuleToWorker(worker).then(() => worker.unref?.()).catch(() => void 0);
}
function setSolverTimeout(solver, ms) {
  timeouts.set(solver, ms);
}
function setZ3Timeout(solver, ms) {
  const value = ms > 0 ? ms : 4294967295;
  if (z3Timeouts.get(solver) === value) return;
  solver.set("timeout", value);
  z3Timeouts.set(solver, value);
}
async function checkSolver(z, solver, assumptions) {
  relaxedCores.delete(solver);
  const limit = timeouts.get(solver) ?? 0;
  if (limit > 0 && limit < 2 * RELAX_AFTER_MS) return checkWithin(z, solver, assumptions, limit);
  const started = Date.now();
  const interrupted = interruptions;
  const early = relaxationPaid.has(solver);
  const first = await checkWithin(z, solver, assumptions, early ? RELAX_EARLY_MS : RELAX_AFTER_MS);
  if (first !== "unknown" || interruptions !== interrupted) return first;
  const left = () => limit > 0 ? limit - (Date.now() - started) : Infinity;
  let relax = relaxations.get(solver);
  if (!relax) relaxations.set(solver, relax = new IntRelaxation(z));
  relax.sync(solver);
  if (relax.worth && !relax.failed) {
    for (const brief of early ? [true, false] : [false]) {
      if (early && !brief) {
        const untilUsual = Math.min(RELAX_AFTER_MS - (Date.now() - started), left());
        const more = untilUsual > 0 ? await checkWithin(z, solver, assumptions, Math.round(untilUsual)) : "unknown";
        if (more !== "unknown" || interruptions !== interrupted) return more;
      }
      const ms = brief ? Math.min(RELAX_EARLY_MS, Math.floor(left() / 4)) : relax.nonlinear ? Math.min(RELAX_MS, Math.floor(left() / 2)) : Math.min(LINEAR_RELAX_MS, Math.floor(left() / 4));
      const relaxed = ms > 0 ? await checkRelaxed(z, relax, assumptions, ms) : null;
      if (relaxed?.core) {
        relaxationPaid.add(solver);
        relaxedCores.set(solver, relaxed.core);
        return "unsat";
      }
      if (interruptions !== interrupted) return "unknown";
      if ((!brief || relax.nonlinear) && relaxed?.hints?.length && await checkWithin(z, solver, [...assumptions, ...relaxed.hints], Math.min(HINT_MS, Math.max(1, left()))) === "sat")
        return "sat";
    }
    relaxationPaid.delete(solver);
  }
  const rest = left();
  if (rest <= 0) return "unknown";
  return checkWithin(z, solver, assumptions, Number.isFinite(rest) ? Math.max(1, Math.round(rest)) : 0);
}
function trueIn(z, model, b) {
  return z.api.get_bool_value(z.ctx.ptr, model.eval(b, true).ast) === 1;
}
function unsatCore(solver) {
  const relaxed = relaxedCores.get(solver);
  if (relaxed) return relaxed;
  const core = solver.unsatCore();
  return Array.from({ length: core.length() }, (_, i) => core.get(i));
}
async function checkRelaxed(z, relax, assumptions, ms) {
  const relaxedOf = /* @__PURE__ */ new Map();
  let relaxedAssumptions;
  try {
    relaxedAssumptions = assumptions.map((a) => {
      const r2 = relax.relax(a);
      relaxedOf.set(r2.id(), a);
      return r2;
    });
  } catch (e) {
    if (e instanceof RangeError || e instanceof TooLarge) return null;
    throw e;
  }
  setSolverTimeout(relax.solver, ms);
  const r = await checkWithin(z, relax.solver, relaxedAssumptions, ms);
  if (r === "sat") return { hints: relax.hints(relax.solver.model()) };
  if (r !== "unsat") return null;
  return { core: unsatCore(relax.solver).flatMap((lit) => relaxedOf.get(lit.id()) ?? []) };
}
async function checkWithin(z, solver, assumptions, limit) {
  const slice = onThreadSliceMs === void 0 ? limit : limit > 0 ? Math.min(onThreadSliceMs, limit) : onThreadSliceMs;
  const started = Date.now();
  setZ3Timeout(solver, slice);
  const r = checkOnThread(z, solver, assumptions);
  if (r !== "unknown" || slice === limit) return r;
  const left = limit > 0 ? limit - (Date.now() - started) : Infinity;
  if (left <= 0) return "unknown";
  setZ3Timeout(solver, Number.isFinite(left) ? Math.max(1, Math.round(left)) : 0);
  return await solver.check(...assumptions);
}
function checkOnThread(z, solver, assumptions) {
  const { em, api, ctx } = z;
  const ptr = em._malloc(Math.max(4, assumptions.length * 4));
  try {
    em.HEAPU32.set(
      assumptions.map((a) => a.ast),
      ptr / 4
    );
    const r = em._Z3_solver_check_assumptions(ctx.ptr, solver.ptr, assumptions.length, ptr);
    const code = api.get_error_code(ctx.ptr);
    if (code !== 0) throw new Error(api.get_error_msg(ctx.ptr, code));
    return r === 1 ? "sat" : r === -1 ? "unsat" : "unknown";
  } finally {
    em._free(ptr);
  }
}
function interruptCheck(z) {
  interruptions++;
  z.ctx.interrupt();
}
async function interruptibleBy(z, signal, f) {
  const onAbort = () => interruptCheck(z);
  signal?.addEventListener("abort", onAbort);
  try {
    return await f();
  } finally {
    signal?.removeEventListener("abort", onAbort);
  }
}
var import_node_v8, inFlight, heldBack, DeferringRegistry, operations, checks, YIELD_AFTER_MS, lastYield, handle, onThreadSliceMs, timeouts, z3Timeouts, RELAX_AFTER_MS, RELAX_EARLY_MS, RELAX_MS, LINEAR_RELAX_MS, HINT_MS, relaxations, relaxationPaid, relaxedCores, interruptions;
var init_z3 = __esm({
  "server/src/z3/z3.ts"() {
    "use strict";
    import_node_v8 = require("node:v8");
    init_relax();
    inFlight = 0;
    heldBack = [];
    DeferringRegistry = class extends FinalizationRegistry {
      constructor(cleanup) {
        super((held) => {
          if (inFlight > 0) heldBack.push(() => cleanup(held));
          else cleanup(held);
        });
      }
    };
    operations = Promise.resolve();
    checks = Promise.resolve();
    YIELD_AFTER_MS = 10;
    lastYield = Date.now();
    timeouts = /* @__PURE__ */ new WeakMap();
    z3Timeouts = /* @__PURE__ */ new WeakMap();
    RELAX_AFTER_MS = 150;
    RELAX_EARLY_MS = 30;
    RELAX_MS = 2e3;
    LINEAR_RELAX_MS = 1e3;
    HINT_MS = 200;
    relaxations = /* @__PURE__ */ new WeakMap();
    relaxationPaid = /* @__PURE__ */ new WeakSet();
    relaxedCores = /* @__PURE__ */ new WeakMap();
    interruptions = 0;
  }
});

// server/src/solve/inputs.ts
function typedLeaves(z, v, t, out = []) {
  const { ctx } = z;
  if (v.k === "arr" && t.kind === "array" && t.length !== null) {
    for (let i = 0; i < t.length; i++) typedLeaves(z, selectVal(v, bvConst(ctx, BigInt(i), 64)), t.of, out);
  } else if (v.k === "struct" && t.kind === "struct") {
    v.fields.forEach((f, i) => {
      if (!v.stale?.[i]) typedLeaves(z, f, t.fields[i].type, out);
    });
  } else if (v.k === "bv" || v.k === "fp") {
    out.push({ t: v.t, type: t });
  } else if (v.k === "ptr") {
    out.push({ t: v.obj, type: t }, { t: v.off, type: t });
  }
  return out;
}
function inputTyped(z, input) {
  if (input.argv) {
    const chars = { kind: "array", of: { kind: "int", bits: 8, signed: true, rank: "char", name: "char" }, length: input.argv.length + 1 };
    return input.argv.strings.flatMap((s) => typedLeaves(z, s.val, chars));
  }
  if (input.object) {
    const pointee = input.type.to;
    return typedLeaves(z, input.val, { kind: "array", of: pointee, length: input.object.length });
  }
  return typedLeaves(z, input.val, input.type);
}
function inputLeaves(z, input, all) {
  const { ctx } = z;
  const o = input.object;
  if (!o || input.type.kind !== "pointer") return inputTyped(z, input).map((x) => x.t);
  const pointee = input.type.to;
  const elemAt = (objVal, i) => typedLeaves(z, selectVal(objVal, i), pointee).map((x) => x.t);
  const zeroLike = (t) => ctx.isBitVec(t) ? bvConst(ctx, 0n, t.size()) : ctx.Float.val(0, t.sort);
  const anyAlias = o.aliases.length ? ctx.Or(...o.aliases.map((a) => a.lit)) : ctx.Bool.val(false);
  const isNull = o.nullLit.and(anyAlias.not());
  const out = [isNull];
  for (let i = 0; i < o.length; i++) {
    const idx = bvConst(ctx, BigInt(i), 64);
    let leaves = elemAt(input.val, idx).map((t) => ite(ctx, isNull, zeroLike(t), t));
    for (const a of [...o.aliases].reverse()) {
      const target = all.find((x) => x.name === a.name)?.object ? all.find((x) => x.name === a.name) : void 0;
      if (!target?.object) continue;
      const at2 = a.at.add(idx);
      const inside = at2.ult(bvConst(ctx, BigInt(target.object.length), 64));
      const theirs = elemAt(target.val, at2);
      leaves = leaves.map((t, k) => ite(ctx, a.lit, ite(ctx, inside, theirs[k], zeroLike(t)), t));
    }
    out.push(...leaves);
  }
  return out;
}
function boxConstraint(z, inputs, enc, size) {
  const { ctx } = z;
  const parts = [];
  const addFor = ({ t, type }) => {
    if (type.kind === "int" && type.bits > 1) {
      const bv = t;
      const w = type.bits;
      const lim = BigInt(Math.min(size, Number((1n << BigInt(w - 1)) - 1n)));
      parts.push(type.signed ? bv.sle(bvConst(ctx, lim, w)).and(bv.sge(bvConst(ctx, -lim, w))) : bv.ule(bvConst(ctx, lim, w)));
    } else if (type.kind === "float") {
      const f = t;
      parts.push(f.le(size).and(f.ge(-size)));
    }
  };
  for (const i of inputs) {
    if (!i.argv) inputTyped(z, i).forEach(addFor);
    else
      for (const { t } of inputTyped(z, i)) {
        const c = t;
        const range = (lo, hi) => c.sge(bvConst(ctx, BigInt(lo), 8)).and(c.sle(bvConst(ctx, BigInt(hi), 8)));
        const readable = size <= 16 ? ctx.Or(range(48, 57), range(65, 90), range(97, 122)) : range(32, 126);
        parts.push(c.eq(bvConst(ctx, 0n, 8)).or(readable));
      }
  }
  for (const n of enc.nondet) typedLeaves(z, n.val, n.type).forEach(addFor);
  return parts.length ? ctx.And(...parts) : ctx.Bool.val(true);
}
var init_inputs2 = __esm({
  "server/src/solve/inputs.ts"() {
    "use strict";
    init_semantics();
    init_values();
  }
});

// server/src/solve/level.ts
function encodeAt(z, program, fn2, options, bound, explain, snapshotAt, withoutAliasing = false) {
  const u = unroll(program, fn2, bound, options.inlineDepth);
  const enc = encode(z, program, u, {
    fromMain: fn2.name === "main",
    pointerArrayLength: options.pointerArrayLength,
    explain,
    mallocMayFail: options.mallocMayFail,
    uninitialisedNondet: options.uninitialisedNondet,
    argcMax: options.argcMax,
    argLength: options.argLength,
    snapshotAt,
    withoutAliasing
  });
  const solver = new z.ctx.Solver();
  setSolverTimeout(solver, options.timeoutMs);
  for (let i = 0; i < enc.assertions.length; i += 1e4) solver.add(...enc.assertions.slice(i, i + 1e4));
  return { u, enc, solver };
}
function buildLevel(z, program, fn2, options, bound, snapshotAt, withoutAliasing = false) {
  const { ctx } = z;
  const { u, enc, solver } = encodeAt(z, program, fn2, options, bound, false, snapshotAt, withoutAliasing);
  const ancestors = computeAncestors(u.nodes.map((n) => n.preds));
  const boxes = BOXES.map((size) => {
    const lit = ctx.Bool.const(`box${size}`);
    solver.add(lit.implies(boxConstraint(z, enc.inputs, enc, size)));
    return { size, lit };
  });
  return { bound, enc, solver, ancestors, boxes, unwindable: null, baseHits: enc.sizeHits.length, assumed: /* @__PURE__ */ new Map() };
}
function loopFreeBefore(level, nodes) {
  const u = level.enc.unrolled;
  if (u.contexts.some((c) => c.recursion > 0) || u.unwinds.some((n) => u.nodes[n].recursion !== void 0)) return false;
  const outsideLoops = (n) => u.nodes[n].counts.length === 0 && u.nodes[n].unwindOf === void 0;
  return nodes.every((n) => outsideLoops(n) && [...level.ancestors[n]].every(outsideLoops));
}
function acyclicLevel(enc, solver) {
  const ancestors = computeAncestors(enc.unrolled.nodes.map((n) => n.preds));
  return { bound: 1, enc, solver, ancestors, boxes: [], unwindable: false, baseHits: enc.sizeHits.length, assumed: /* @__PURE__ */ new Map() };
}
function computeAncestors(preds) {
  const anc = [];
  for (let i = 0; i < preds.length; i++) {
    const s = /* @__PURE__ */ new Set();
    for (const p of preds[i]) {
      s.add(p);
      for (const a of anc[p]) s.add(a);
    }
    anc.push(s);
  }
  return anc;
}
var BOXES;
var init_level = __esm({
  "server/src/solve/level.ts"() {
    "use strict";
    init_unroll();
    init_encode();
    init_z3();
    init_inputs2();
    BOXES = [16, 256, 32767];
  }
});

// shared/verdicts.ts
function lineList(lines2) {
  const sorted = [...new Set(lines2)].sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(j > i ? `${sorted[i]}-${sorted[j]}` : `${sorted[i]}`);
    i = j;
  }
  return parts.length > 1 || sorted.length > 1 ? `lines ${parts.join(", ")}` : `line ${parts[0]}`;
}
function causeText(c) {
  switch (c.kind) {
    case "timeout":
      return c.during === "unwinding check" ? `the check that loops stop within ${c.bound} iterations ran out of the time limit of ${c.limitMs} ms` : c.during === "enumeration" ? `the enumeration used up its time (10 times the limit of ${c.limitMs} ms per query)` : c.during === "goal" ? `the goal's queries used up its solver time (a few times the limit of ${c.limitMs} ms per query)` : c.during === "function" ? `the function's queries used up their solver time (30 times the limit of ${c.limitMs} ms per query); raise --timeout to go on` : `the solver gave up within the time limit of ${c.limitMs} ms`;
    case "solver-failed":
      return `the solver failed inside a query (Z3: ${c.message})`;
    case "not-modelled": {
      const list = mergeConstructs(c.constructs).map((x) => `${x.what} (${lineList(x.lines)})`).join("; ");
      return c.blocking ? `a candidate datum passes what CReach does not model: ${list}` : `depends on what CReach does not model: ${list}`;
    }
    case "loop-bound":
      return `not reached with loops unrolled ${c.bound} times; some executions run longer (raise the loop bound)`;
    case "too-large":
      return `not unrolled further: ${c.bound} loop iterations make ${c.nodes} nodes, more than the ${c.limit} CReach encodes`;
    case "no-path":
      return "no path of the function leads here";
    case "assumes":
      return `assuming ${c.assumptions.join(" and ")}`;
    case "data-count":
      return c.exact ? `exactly ${c.count} distinct input vectors reach it` : c.limitReached ? `at least ${c.count} distinct input vectors reach it (limit reached)` : c.assumed ? `at least ${c.count} distinct input vectors reach it (counted over inputs of the sizes assumed)` : `at least ${c.count} distinct input vectors reach it (others, if any, run loops more than ${c.bound ?? "the bound"} times, or the solver ran out of time)`;
    case "not-analysed":
      return "not analysed yet";
    case "in-program":
      return c.status === "violated" ? `also violated in the program (from ${c.entry})` : c.status === "holds" || c.status === "unreachable" ? `when called alone; it holds for every call from ${c.entry}` : `in the program (from ${c.entry}): ${c.status}`;
    case "invariant":
      return c.loops.length ? c.loops.map((l) => `the loop at line ${l.line}${l.function ? ` (in ${l.function})` : ""} keeps ${l.invariant.join(" && ")}`).join("; ") : "excluded whatever the loops do";
    case "accelerated":
      return `found past the loop bound by running ${c.loops.map((l) => `the loop at line ${l.line}${l.function ? ` (in ${l.function})` : ""}`).join(" and ")} many iterations at once (${c.loops.flatMap((l) => l.counters).join(", ")} in closed form)`;
    case "tried":
      return `also tried ${c.attempts.map((a) => `${a.method === "invariants" ? "loop invariants" : "loop acceleration"} (${a.outcome})`).join(" and ")}`;
  }
}
function causesText(causes) {
  if (!causes?.length) return void 0;
  return causes.map(causeText).join("; ");
}
function causesBesidesInvariant(causes) {
  return causesText(causes?.filter((c) => c.kind !== "invariant"));
}
function mergeConstructs(list) {
  const byWhat = /* @__PURE__ */ new Map();
  for (const x of list) {
    const s = byWhat.get(x.what) ?? /* @__PURE__ */ new Set();
    for (const l of x.lines) s.add(l);
    byWhat.set(x.what, s);
  }
  return [...byWhat].map(([what, lines2]) => ({ what, lines: [...lines2].sort((a, b) => a - b) }));
}
var init_verdicts = __esm({
  "shared/verdicts.ts"() {
    "use strict";
  }
});

// server/src/solve/targets.ts
function contextKeys(enc) {
  let keys = keysOf.get(enc);
  if (keys) return keys;
  keys = [];
  const u = enc.unrolled;
  for (const c of u.contexts) {
    if (!c.parent) {
      keys[c.id] = "";
      continue;
    }
    let folded;
    for (let a = c.parent; a && folded === void 0; a = a.parent) if (a.fn === c.fn) folded = keys[a.id];
    if (folded !== void 0) {
      keys[c.id] = folded;
      continue;
    }
    const call = u.nodes[c.callNode];
    const site = contextKey([{ function: c.parent.fn.name, block: call.block.id, index: call.end - 1 }]);
    keys[c.id] = keys[c.parent.id] ? `${keys[c.parent.id]}>${site}` : site;
  }
  keysOf.set(enc, keys);
  return keys;
}
function goalCopies(level, goal) {
  const { enc } = level;
  const u = enc.unrolled;
  const keys = contextKeys(enc);
  const key = goal.context?.key ?? "";
  const out = [];
  const t = goal.target;
  const inContext = u.nodes.filter((n) => n.unwindOf === void 0 && n.ctx.fn.name === goal.function && keys[n.ctx.id] === key);
  const sites = (k) => (enc.sites.get(k) ?? []).filter((site) => keys[site.ctx] === key);
  switch (t.kind) {
    case "block":
      for (const n of inContext) if (n.block.id === t.block && n.start === 0) out.push({ lit: enc.reach[n.id], node: n.id, upTo: -1 });
      break;
    case "point":
      for (const n of inContext) {
        if (n.block.id !== t.block || n.start > t.index) continue;
        const holds2 = t.index >= n.block.instrs.length ? n.end === n.block.instrs.length && !n.inlinedCall : t.index < n.end;
        if (holds2) out.push({ lit: enc.reach[n.id], node: n.id, upTo: t.index });
      }
      break;
    case "edges":
      for (const e of t.edges)
        for (const n of inContext) {
          if (n.block.id !== e.from || n.end !== n.block.instrs.length || n.inlinedCall) continue;
          const s = n.succ.get(e.to);
          if (s === void 0) continue;
          const lit = enc.edges.get(`${n.id}>${s}`);
          if (lit) out.push({ lit, node: n.id, upTo: Infinity });
        }
      break;
    case "assert":
      for (const site of sites(siteKey(goal.function, t.block, t.index)))
        out.push({ lit: enc.reach[site.node].and(site.cond.not()), node: site.node, upTo: t.index });
      break;
    case "error":
      for (const site of sites(siteKey(goal.function, t.block, t.index))) out.push({ lit: enc.reach[site.node], node: site.node, upTo: t.index });
      break;
    case "runtime-error":
      for (const site of sites(siteKey(goal.function, t.block, t.index, t.error))) {
        const lit = enc.reach[site.node].and(site.cond);
        out.push({ lit, node: site.node, upTo: t.index, prefer: site.prefer ? lit.and(site.prefer) : void 0 });
      }
      break;
  }
  return out;
}
function obligationBefore(ancestors, ob, copy) {
  return ancestors.has(ob.node) || ob.node === copy.node && (copy.upTo === Infinity || ob.index < copy.upTo);
}
function obligationsBefore(level, copy) {
  const { enc } = level;
  const lits = [...level.ancestors[copy.node]].map((a) => enc.okNode[a]);
  if (copy.upTo === Infinity) lits.push(enc.okNode[copy.node]);
  else for (const ob of enc.obligations) if (ob.node === copy.node && ob.index < copy.upTo) lits.push(ob.lit);
  return lits;
}
function withWhere(level, goal, copies, where) {
  if (!where) return copies;
  const { enc } = level;
  return copies.map((c) => {
    const n = enc.unrolled.nodes[c.node];
    const env = goal.target.kind === "edges" ? enc.exitEnv[c.node] : goal.target.kind === "point" && goal.target.index > n.start ? enc.pointEnv.get(c.node) : enc.entryEnv[c.node];
    if (!env) throw new Error(`no environment kept at goal ${goal.id} for its --where condition`);
    return { ...c, lit: c.lit.and(enc.evalCondition(where, env, c.node)) };
  });
}
function snapshotFor(goal, where) {
  return where && goal.target.kind === "point" ? { block: goal.target.block, index: goal.target.index } : void 0;
}
function taintBefore(level, t, c) {
  return level.ancestors[c.node].has(t.node) || t.node === c.node && t.index < c.upTo;
}
function taintsBefore(level, copies, counts = () => true) {
  const { enc } = level;
  const nodes = /* @__PURE__ */ new Set();
  for (const c of copies) {
    nodes.add(c.node);
    for (const a of level.ancestors[c.node]) nodes.add(a);
  }
  const out = [];
  enc.taints.forEach((t, k) => {
    if (counts(k) && copies.some((c) => taintBefore(level, t, c))) out.push({ what: t.what, lines: [t.line] });
  });
  for (const l of enc.unrolled.limits) if (nodes.has(l.node) || l.node === 0) out.push({ what: l.what, lines: [l.line] });
  return mergeConstructs(out);
}
function somethingAfter(level, copy) {
  const { enc } = level;
  const anc = level.ancestors[copy.node];
  return enc.obligations.some((ob) => !obligationBefore(anc, ob, copy));
}
var keysOf;
var init_targets = __esm({
  "server/src/solve/targets.ts"() {
    "use strict";
    init_state();
    init_catalogue();
    init_verdicts();
    keysOf = /* @__PURE__ */ new WeakMap();
  }
});

// server/src/solve/explain.ts
function explainLevel(z, program, fn2, options, bound) {
  return encodeAt(z, program, fn2, options, bound, true);
}
async function explainUnreachable(z, program, level, goal, signal, budgetMs) {
  const { ctx } = z;
  const { u, enc, solver } = level;
  const deadline = Date.now() + budgetMs;
  const copies = goalCopies({ enc }, goal);
  if (!copies.length) return [];
  const goalLit = copies.length === 1 ? copies[0].lit : ctx.Or(...copies.map((c) => c.lit));
  const before = ancestorsOf(
    u.nodes.map((n) => n.preds),
    copies.map((c) => c.node)
  );
  const earlier = new Set(enc.obligations.filter((ob) => copies.some((c) => obligationBefore(before, ob, c))).map((ob) => ob.lit));
  const goalNodes = new Set(copies.map((c) => c.node));
  const toward = (n) => goalNodes.has(n) || before.has(n);
  const items2 = enc.tracked.filter((t) => t.kind === "obligation" ? earlier.has(t.lit) : toward(t.node));
  const check = async (subset) => {
    if (signal?.aborted) throw EngineError.cancelled();
    return queueCheck(() => interruptibleBy(z, signal, () => checkSolver(z, solver, [goalLit, ...subset.map((t) => t.lit)])));
  };
  if (await check(items2) !== "unsat") return void 0;
  const inCore = (of) => {
    const coreIds = new Set(unsatCore(solver).map((lit) => lit.toString()));
    return of.filter((t) => coreIds.has(t.lit.toString()));
  };
  let core = inCore(items2);
  if (core.length <= MAX_CORE) {
    for (let i = 0; i < core.length; ) {
      const without = core.filter((_, j) => j !== i);
      if (Date.now() > deadline) break;
      if (await check(without) === "unsat") core = inCore(without);
      else i++;
    }
  }
  const rank = (t) => t.kind === "branch" ? 0 : t.kind === "obligation" ? 1 : 2;
  const reasons = /* @__PURE__ */ new Map();
  for (const item of [...core].sort((a, b) => rank(a) - rank(b))) {
    const r = describe(program.source, enc.obligations, item, toward);
    const key = `${r.line}:${r.column}:${r.endLine}:${r.endColumn}`;
    if (!reasons.has(key)) reasons.set(key, r);
  }
  return [...reasons.values()].sort((a, b) => a.line - b.line || a.column - b.column);
}
function ancestorsOf(preds, from) {
  const seen = /* @__PURE__ */ new Set();
  const stack = [...from];
  while (stack.length) {
    const n = stack.pop();
    for (const p of preds[n])
      if (!seen.has(p)) {
        seen.add(p);
        stack.push(p);
      }
  }
  return seen;
}
function describe(source, obligations, item, toward) {
  const text = sourceText(source, item.range);
  const pos = (r) => ({ line: r.line, column: r.column, endLine: r.endLine, endColumn: r.endColumn });
  if (item.kind === "branch") {
    const t = item.targets ?? [];
    const live = t.filter(toward);
    let role3 = `the condition \`${text}\` decides`;
    if (t.length === 2 && live.length === 1) role3 = `needs \`${text}\` to be ${live[0] === t[0] ? "true" : "false"}`;
    return { ...pos(item.range), text, role: role3 };
  }
  if (item.kind === "assign") return { ...pos(item.range), text, role: `\`${text}\`` };
  const ob = obligations.find((o) => o.lit === item.lit);
  const role2 = ob?.kind === "assume" ? `${ob.detail} \`${text}\`` : ob?.kind === "assert" ? `assertion \`${text}\` holds` : ob?.kind === "error" ? `\`${text}\` is not reached` : `no ${ob?.detail ?? "error"} in \`${text}\``;
  return { ...pos(item.range), text, role: role2 };
}
var MAX_CORE;
var init_explain = __esm({
  "server/src/solve/explain.ts"() {
    "use strict";
    init_source();
    init_errors2();
    init_z3();
    init_level();
    init_targets();
    MAX_CORE = 40;
  }
});

// server/src/solve/assumptions.ts
function okBefore(z, level) {
  let lits = okBeforeOf.get(level);
  if (lits) return lits;
  const { ctx } = z;
  const { enc } = level;
  lits = [];
  for (const n of enc.unrolled.nodes) {
    const lit = ctx.Bool.const(`okBefore.${n.id}`);
    if (n.preds.length) level.solver.add(lit.implies(ctx.And(...n.preds.map((p) => enc.okNode[p].and(lits[p])))));
    lits.push(lit);
  }
  okBeforeOf.set(level, lits);
  return lits;
}
function hitLiteral(z, level, h) {
  const { enc } = level;
  const before = enc.obligations.filter((ob) => ob.node === h.node && ob.index < h.index).map((ob) => ob.lit);
  return z.ctx.And(enc.reach[h.node], h.cond, okBefore(z, level)[h.node], ...before);
}
async function assumedBy(z, level, goal, goalCopies2, reachLits, whereHits, check) {
  const { enc } = level;
  const always = unique(enc.assumptions.filter((a) => !a.limit).map((a) => a.text));
  for (const bound of enc.inputBounds) {
    if (always.includes(bound.text)) continue;
    const others = enc.inputBounds.filter((b) => b !== bound).map((b) => b.lit);
    let more = await check([z.ctx.Or(...reachLits), ...others]) !== "unsat";
    if (!more && enc.unrolled.unwinds.length) more = await check([enc.okAll, enc.anyUnwind, ...others]) !== "unsat";
    if (more) always.push(bound.text);
  }
  const limited = unique(enc.assumptions.filter((a) => a.limit).map((a) => a.text));
  if (!limited.length) return always;
  if (goal.target.kind === "runtime-error" && goal.target.error === "bounds" && throughPointer(level, goal)) {
    const inexact = unique(enc.assumptions.filter((a) => a.limit && !a.limit.exact).map((a) => a.text));
    if (inexact.length) return unique([...always, ...inexact]);
  }
  const ancestors = /* @__PURE__ */ new Set([...goalCopies2.flatMap((c) => [...level.ancestors[c.node]]), ...enc.unrolled.unwinds.flatMap((w) => [w, ...level.ancestors[w]])]);
  const nullGoal = goal.target.kind === "runtime-error" && goal.target.error === "null";
  const atGoal = (h) => goalCopies2.some((c) => c.node === h.node && (nullGoal ? h.index < c.upTo : h.index <= c.upTo));
  const base = enc.sizeHits.slice(0, level.baseHits).filter((h) => ancestors.has(h.node) || atGoal(h));
  const key = base.map((h) => enc.sizeHits.indexOf(h)).join(",");
  let hit = whereHits.length ? void 0 : level.assumed.get(key);
  if (!hit) {
    hit = await sizeHits(z, level, [...base, ...whereHits], limited, check);
    if (!whereHits.length) level.assumed.set(key, hit);
  }
  return unique([...always, ...hit]);
}
function throughPointer(level, goal) {
  if (goal.target.kind !== "runtime-error") return false;
  const { block, index } = goal.target;
  const fn2 = level.enc.unrolled.contexts.find((c) => c.fn.name === goal.function)?.fn;
  const ins = fn2?.blocks.find((b) => b.id === block)?.instrs[index];
  if (!ins) return true;
  if (ins.kind === "assign" && ins.value.op === "call" && ins.value.external) return true;
  let deref = false;
  forEachPlace(ins, (place) => deref ||= place.root.kind === "deref");
  return deref;
}
async function sizeHits(z, level, hits, limited, check) {
  const open = new Set(limited);
  const found = [];
  while (open.size) {
    const cands = hits.filter((h) => open.has(h.assumption));
    if (!cands.length) break;
    const lits = cands.map((h) => hitLiteral(z, level, h));
    const r = await check([z.ctx.Or(...lits)]);
    if (r === "unsat") break;
    const model = r === "sat" ? level.solver.model() : null;
    const now = model ? new Set(cands.filter((_, k) => trueIn(z, model, lits[k])).map((h) => h.assumption)) : new Set(open);
    if (!now.size) for (const t of open) now.add(t);
    for (const t of now) {
      found.push(t);
      open.delete(t);
    }
  }
  return limited.filter((t) => found.includes(t));
}
var okBeforeOf, unique;
var init_assumptions = __esm({
  "server/src/solve/assumptions.ts"() {
    "use strict";
    init_walk();
    init_z3();
    okBeforeOf = /* @__PURE__ */ new WeakMap();
    unique = (xs) => [...new Set(xs)];
  }
});

// server/src/solve/datum.ts
function extractTest(z, enc, model, complete, traceFilter, withTrace = true) {
  const isTrue = (b) => trueIn(z, model, b);
  const inputs = {};
  const globals = {};
  const types = {};
  for (const i of enc.inputs) {
    types[i.name] = typeToString(i.type);
    let v;
    const alias = i.object?.aliases.find((a) => isTrue(a.lit));
    if (i.argv) {
      v = argvData(z, model, i.argv);
    } else if (alias) {
      v = `&${alias.name}[${valueToData(z, model, { k: "bv", t: alias.at }, { kind: "int", bits: 64, signed: false, rank: "long", name: "unsigned long" })}]`;
    } else if (i.object) {
      if (isTrue(i.object.nullLit)) v = null;
      else {
        const pointee = i.type.to;
        const objType = { kind: "array", of: pointee, length: i.object.length };
        const arr = valueToData(z, model, i.val, objType, enc.pointerText);
        v = pointee.kind === "struct" && i.object.length === 1 && Array.isArray(arr) ? arr[0] : arr;
      }
    } else v = valueToData(z, model, i.val, i.type, enc.pointerText);
    (i.kind === "param" ? inputs : globals)[i.name] = v;
  }
  const reached = enc.nondet.filter((n) => isTrue(enc.reach[n.node])).sort((a, b) => a.node - b.node || a.index - b.index);
  const nondet = reached.filter((n) => !n.uninitialised).map((n) => ({ call: n.call, line: n.line, value: valueToData(z, model, n.val, n.type, enc.pointerText), type: typeToString(n.type) }));
  const test = { inputs, globals, types, nondet };
  const indeterminate = reached.filter((n) => n.uninitialised).map((n) => ({ variable: n.call, line: n.line, value: valueToData(z, model, n.val, n.type, enc.pointerText), type: typeToString(n.type) }));
  if (indeterminate.length) test.indeterminate = indeterminate;
  const trace = [];
  for (const t of withTrace ? enc.trace : []) {
    if (trace.length >= 500) break;
    if (traceFilter && !traceFilter(t.node, t.index)) continue;
    if (isTrue(enc.reach[t.node]))
      trace.push({ line: t.range.line, column: t.range.column, variable: t.variable, value: valueToData(z, model, t.val, t.type, enc.pointerText) });
  }
  if (trace.length) test.trace = trace;
  const stop = complete ? enc.stops.find((s) => isTrue(enc.reach[s.node])) : void 0;
  if (stop?.why === "abort") test.end = { how: "abort", line: stop.line };
  else if (stop?.why === "exit") {
    const status2 = stop.status && valueToData(z, model, stop.status, INT);
    test.end = { how: "exit", line: stop.line, ...typeof status2 === "number" ? { status: status2 } : {} };
  }
  if (complete && enc.exitNode !== null && isTrue(enc.reach[enc.exitNode])) {
    const fnType = enc.unrolled.top.type;
    if (enc.returnVal && fnType.kind === "function" && fnType.ret.kind !== "void")
      test.result = valueToData(z, model, enc.returnVal, fnType.ret, enc.pointerText);
    const outputs = {};
    const exit = enc.exitEnv[enc.exitNode];
    for (const i of enc.inputs) {
      if (i.kind === "global" && !enc.vars.get(i.varId)?.isConst) {
        const v = exit.get(i.varId);
        if (v) outputs[i.name] = valueToData(z, model, v, i.type, enc.pointerText);
      } else if (i.object && !isTrue(i.object.nullLit) && !i.object.aliases.some((a) => isTrue(a.lit))) {
        const v = exit.get(i.object.varId);
        const pointee = i.type.to;
        if (v) {
          const arr = valueToData(z, model, v, { kind: "array", of: pointee, length: i.object.length }, enc.pointerText);
          outputs[`*${i.name}`] = pointee.kind === "struct" && i.object.length === 1 && Array.isArray(arr) ? arr[0] : arr;
        }
      }
    }
    if (Object.keys(outputs).length) test.outputs = outputs;
  }
  return test;
}
function argvData(z, model, argv) {
  const num2 = (t) => Number(model.eval(t, true).value());
  const count = num2(argv.count);
  const out = [];
  for (let k = 0; k < count && k < argv.strings.length; k++) {
    let s = "";
    for (let m = 0; m < argv.length; m++) {
      const leaf = selectVal(argv.strings[k].val, bvConst(z.ctx, BigInt(m), 64));
      const b = leaf.k === "bv" ? num2(leaf.t) : 0;
      if (b === 0) break;
      s += String.fromCharCode(b);
    }
    out.push(s);
  }
  return out;
}
function elementsOf(z, v, n) {
  let e = elements.get(v);
  if (!e || e.length !== n) elements.set(v, e = Array.from({ length: n }, (_, i) => selectVal(v, bvConst(z.ctx, BigInt(i), 64))));
  return e;
}
function valueToData(z, model, v, t, pointerText2 = (o, k) => `&object${o}[${k}]`) {
  switch (t.kind) {
    case "int": {
      if (v.k !== "bv") return null;
      const raw = BigInt(model.eval(v.t, true).value());
      const n = t.signed && raw >= 1n << BigInt(t.bits - 1) ? raw - (1n << BigInt(t.bits)) : raw;
      return Number.isSafeInteger(Number(n)) ? Number(n) : n.toString();
    }
    case "float": {
      if (v.k !== "fp") return null;
      const e = model.eval(v.t, true);
      return floatData(z, e, t.bits);
    }
    case "pointer": {
      if (v.k !== "ptr") return null;
      const obj = BigInt(model.eval(v.obj, true).value());
      if (obj === 0n) return null;
      const off = BigInt(model.eval(v.off, true).value());
      return pointerText2(Number(obj), off);
    }
    case "array": {
      if (v.k !== "arr") return null;
      return elementsOf(z, v, t.length ?? 0).map((e) => valueToData(z, model, e, t.of, pointerText2));
    }
    case "struct": {
      if (v.k !== "struct") return null;
      const o = {};
      const shown = t.union ? t.fields.findIndex((_, i) => !v.stale?.[i]) : -1;
      t.fields.forEach((f, i) => {
        if (!t.union || i === shown) o[f.name] = valueToData(z, model, v.fields[i], f.type, pointerText2);
      });
      return o;
    }
    default:
      return null;
  }
}
function floatData(_z, e, bits) {
  const s = e.toString();
  if (/NaN/.test(s)) return "nan";
  if (/\+oo/.test(s)) return "inf";
  if (/-oo/.test(s)) return "-inf";
  if (/-zero/.test(s)) return "-0";
  if (/\+zero/.test(s)) return 0;
  const parts = [...s.matchAll(/#([bx])([0-9a-fA-F]+)/g)].map(
    ([, base, digits]) => base === "b" ? digits : [...digits].map((d) => parseInt(d, 16).toString(2).padStart(4, "0")).join("")
  );
  if (parts.length !== 3) throw new Error(`unexpected float numeral ${s}`);
  const raw = BigInt(`0b${parts.join("")}`);
  const view = new DataView(new ArrayBuffer(8));
  let x;
  if (bits === 32) {
    view.setUint32(0, Number(raw));
    x = view.getFloat32(0);
  } else {
    view.setBigUint64(0, raw);
    x = view.getFloat64(0);
  }
  if (x === 0 && 1 / x < 0) return "-0";
  return x;
}
var elements;
var init_datum = __esm({
  "server/src/solve/datum.ts"() {
    "use strict";
    init_types();
    init_semantics();
    init_values();
    init_z3();
    elements = /* @__PURE__ */ new WeakMap();
  }
});

// server/src/solve/valid-model.ts
function satisfies(z, model, parts) {
  return trueIn(z, model, z.ctx.And(...parts));
}
async function validModel(z, formula, lits, model, timeoutMs, signal) {
  const parts = [formula, ...lits];
  if (satisfies(z, model, parts)) return { model };
  const fresh3 = new z.ctx.Solver();
  fresh3.add(...parts);
  setSolverTimeout(fresh3, timeoutMs);
  const r = await queueCheck(async () => {
    if (signal?.aborted) throw EngineError.cancelled();
    const r2 = await interruptibleBy(z, signal, () => checkSolver(z, fresh3, []));
    if (signal?.aborted) throw EngineError.cancelled();
    if (r2 !== "sat") return r2;
    const m = fresh3.model();
    return satisfies(z, m, parts) ? m : "invalid";
  });
  if (typeof r !== "string") return { model: r };
  if (r === "unsat") return { unsat: true };
  return { failure: `sat with a model that falsifies the formula; in a fresh solver, ${r === "invalid" ? "another such model" : "no answer in time"}` };
}
var init_valid_model = __esm({
  "server/src/solve/valid-model.ts"() {
    "use strict";
    init_errors2();
    init_z3();
  }
});

// server/src/solve/query.ts
var GOAL_BUDGET_QUERIES, ENUMERATION_BUDGET_QUERIES, SUITE_BUDGET_QUERIES, SUITE_EXPLAIN_BUDGET_MS, EXPLAIN_MIN_MS, MAX_UNROLLED_NODES, UnrollTooLarge, FunctionSolver;
var init_query = __esm({
  "server/src/solve/query.ts"() {
    "use strict";
    init_verdicts();
    init_errors2();
    init_z3();
    init_unroll();
    init_explain();
    init_assumptions();
    init_datum();
    init_inputs2();
    init_valid_model();
    init_level();
    init_targets();
    GOAL_BUDGET_QUERIES = 4;
    ENUMERATION_BUDGET_QUERIES = 10;
    SUITE_BUDGET_QUERIES = 30;
    SUITE_EXPLAIN_BUDGET_MS = 3e3;
    EXPLAIN_MIN_MS = 300;
    MAX_UNROLLED_NODES = 1e4;
    UnrollTooLarge = class extends Error {
      constructor(bound, nodes) {
        super(`the function unrolled to ${bound} has ${nodes} nodes`);
        this.bound = bound;
        this.nodes = nodes;
      }
      bound;
      nodes;
    };
    FunctionSolver = class {
      constructor(z, program, fn2, options) {
        this.z = z;
        this.program = program;
        this.fn = fn2;
        this.options = options;
        const bounds = [];
        for (let b = 1; b < options.maxLoopBound; b *= 2) bounds.push(b);
        bounds.push(Math.max(1, options.maxLoopBound));
        this.bounds = bounds;
      }
      z;
      program;
      fn;
      options;
      levels = /* @__PURE__ */ new Map();
      /** Levels whose solver failed inside a check: every later query on them answers unknown. */
      failed = /* @__PURE__ */ new WeakSet();
      lastExplain;
      bounds;
      /**
       * The encoding explanations use at a bound: kept for the next goal explained at the same bound
       * (one encoding per goal made explaining a long function quadratic); only the last one, for memory.
       */
      explainLevel(bound) {
        if (this.lastExplain?.bound !== bound) this.lastExplain = { bound, level: explainLevel(this.z, this.program, this.fn, this.options, bound) };
        return this.lastExplain.level;
      }
      /** A fresh budget for one suite of this function (see SuiteBudget). */
      suiteBudget() {
        return { solverMs: SUITE_BUDGET_QUERIES * this.options.timeoutMs, explainMs: SUITE_EXPLAIN_BUDGET_MS };
      }
      /** The level of a bound, built on first use and kept; UnrollTooLarge past MAX_UNROLLED_NODES. */
      level(bound, snapshotAt, withoutAliasing = false) {
        const key = (snapshotAt ? `${bound}@${snapshotAt.block}:${snapshotAt.index}` : `${bound}`) + (withoutAliasing ? " without aliasing" : "");
        let l = this.levels.get(key);
        if (!l) {
          l = Promise.resolve().then(() => {
            const nodes = this.unrolledSize(bound);
            if (nodes > MAX_UNROLLED_NODES) throw new UnrollTooLarge(bound, nodes);
            return buildLevel(this.z, this.program, this.fn, this.options, bound, snapshotAt, withoutAliasing);
          });
          this.levels.set(key, l);
        }
        return l;
      }
      sizes = /* @__PURE__ */ new Map();
      /** The number of nodes of the function unrolled to `bound` (the encoding and each node's ancestors grow with it). */
      unrolledSize(bound) {
        let n = this.sizes.get(bound);
        if (n === void 0) this.sizes.set(bound, n = unroll(this.program, this.fn, bound, this.options.inlineDepth).nodes.length);
        return n;
      }
      /** What a goal's search says when the next bound cannot be built: the last bound's answer (or unknown), and why it stopped. */
      tooLarge(last, e) {
        const cause = { kind: "too-large", bound: e.bound, nodes: e.nodes, limit: MAX_UNROLLED_NODES };
        if (last.status === "unknown" && !last.causes?.length) return { status: "unknown", causes: [cause] };
        return { ...last, causes: [...last.causes ?? [], cause] };
      }
      /**
       * A query on the level's solver, within the goal's `budget`; `anyInputs`: without the input bounds
       * (main's argc, \valid sizes), which every other query assumes (see Encoding.inputBounds).
       */
      check(level, assumptions, signal, budget, anyInputs = false) {
        return this.checkCore(level, assumptions, signal, budget, anyInputs).then((r) => r.result);
      }
      /**
       * A box of small inputs tried first (`[...assumptions, box]`), then, unless that is sat, the same
       * check without it; skipped when the boxed check is unsat without needing the box (its unsat core):
       * the proof is the same one (a float proof took 0.6 s, twice). `boxed`: the answer is the boxed check's.
       */
      async checkBoxFirst(level, assumptions, box, signal, budget) {
        if (!box) return { result: await this.check(level, assumptions, signal, budget), boxed: false };
        const boxed = await this.checkCore(level, [...assumptions, box], signal, budget, false, box);
        if (boxed.result === "sat" || boxed.result === "unsat" && !boxed.needed) return { result: boxed.result, boxed: true };
        return { result: await this.check(level, assumptions, signal, budget), boxed: false };
      }
      /** `check`, saying also, when unsat, whether `watch` is in the unsat core (`needed`). */
      checkCore(level, assumptions, signal, budget, anyInputs = false, watch) {
        if (!anyInputs) assumptions = [...assumptions, ...level.enc.inputBounds.map((b) => b.lit)];
        const run8 = async () => {
          if (signal?.aborted) throw EngineError.cancelled();
          if (budget && (budget.leftMs <= 0 || budget.suite && budget.suite.solverMs <= 0)) return { result: "unknown" };
          if (this.failed.has(level)) return { result: "unknown" };
          const started = Date.now();
          if (budget?.queryMs) setSolverTimeout(level.solver, budget.queryMs);
          try {
            let r;
            try {
              r = await interruptibleBy(this.z, signal, () => checkSolver(this.z, level.solver, assumptions));
            } catch (e) {
              if (signal?.aborted) throw EngineError.cancelled();
              this.failed.add(level);
              for (const [key, l] of this.levels) if (await l === level) this.levels.delete(key);
              if (budget) budget.failure = e instanceof Error ? e.message : String(e);
              r = "unknown";
            }
            if (budget) budget.leftMs -= Date.now() - started;
            if (budget?.suite) budget.suite.solverMs -= Date.now() - started;
            if (signal?.aborted) throw EngineError.cancelled();
            const needed = r === "unsat" && watch ? unsatCore(level.solver).some((lit) => lit.id() === watch.id()) : void 0;
            return { result: r, needed };
          } finally {
            if (budget?.queryMs) setSolverTimeout(level.solver, this.options.timeoutMs);
          }
        };
        return queueCheck(run8);
      }
      /**
       * Reach a goal: for statement/branch goals a datum that reaches it; for
       * assertion, error and runtime-error goals a datum that violates it.
       */
      async reach(goal, opts = {}) {
        opts = { ...opts, budget: opts.budget ?? this.goalBudget(opts) };
        let last = { status: "unknown" };
        for (let b = 0; b < this.bounds.length; b++) {
          if (opts.bounds?.from !== void 0 && this.bounds[b] < opts.bounds.from) continue;
          if (opts.bounds?.to !== void 0 && this.bounds[b] > opts.bounds.to) break;
          let level;
          try {
            level = await this.level(this.bounds[b], snapshotFor(goal, opts.where));
          } catch (e) {
            if (e instanceof UnrollTooLarge) return this.tooLarge(last, e);
            throw e;
          }
          const mark = level.enc.sizeHits.length;
          const copies = withWhere(level, goal, goalCopies(level, goal), opts.where);
          const whereHits = level.enc.sizeHits.slice(mark);
          const preferred = copies.filter((c) => c.prefer).map((c) => ({ ...c, lit: c.prefer }));
          if (preferred.length) {
            const p = await this.reachAt(level, goal, preferred, { ...opts, satOnly: true });
            if (p.datum) return p;
          }
          const v = await this.reachAt(level, goal, copies, opts, whereHits);
          if (v.status !== "not-reached") {
            const coverage = goal.kind === "statement" || goal.kind === "branch";
            if (coverage && v.datum && !v.datum.complete && level.enc.unrolled.unwinds.length && b + 1 < this.bounds.length) {
              const next = await this.level(this.bounds[b + 1], snapshotFor(goal, opts.where)).catch((e) => {
                if (e instanceof UnrollTooLarge) return null;
                throw e;
              });
              const better = next && await this.completeAt(next, goal, withWhere(next, goal, goalCopies(next, goal), opts.where), opts);
              if (better) return better;
            }
            return v;
          }
          last = v;
          if (v.causes?.some((c) => c.kind === "assumes")) break;
          if (level.enc.unrolled.unwinds.length === 0) break;
          if (level.enc.unrolled.recursionDepth < level.bound) break;
        }
        return last;
      }
      /** A goal's solver time for one reach (see GoalBudget); two reaches over parts of the bounds can share one. */
      goalBudget(opts = {}) {
        const quickMs = Math.max(100, Math.floor(this.options.timeoutMs / 10));
        return opts.quick ? { leftMs: GOAL_BUDGET_QUERIES * quickMs, queryMs: quickMs, suite: opts.suite } : { leftMs: GOAL_BUDGET_QUERIES * this.options.timeoutMs, suite: opts.suite };
      }
      /**
       * The taints before the copies (taintsBefore) that some execution may reach. A taint site counts as dead
       * when no execution reaches it (the obligations before it holding) and every taint site before it is dead
       * too: then its reachability was decided by modelled code alone (a reachable unmodelled construct before it
       * could change what follows). A function-pointer call's fallback (a pointer to none of the program's
       * functions) behind a pointer that is always one of them is such a site.
       */
      async liveTaintsBefore(level, copies, signal) {
        const { enc } = level;
        const dead = level.deadTaints ??= /* @__PURE__ */ new Map();
        const isDead = (k) => {
          let d = dead.get(k);
          if (!d) {
            const t = enc.taints[k];
            const at2 = { lit: enc.reach[t.node], node: t.node, upTo: t.index };
            d = (async () => {
              for (let j = 0; j < enc.taints.length; j++) if (j !== k && taintBefore(level, enc.taints[j], at2) && !await isDead(j)) return false;
              return await this.check(level, [at2.lit, ...obligationsBefore(level, at2)], signal) === "unsat";
            })();
            d.catch(() => dead.delete(k));
            dead.set(k, d);
          }
          return d;
        };
        const deadOnes = /* @__PURE__ */ new Set();
        for (let k = 0; k < enc.taints.length; k++) if (copies.some((c) => taintBefore(level, enc.taints[k], c)) && await isDead(k)) deadOnes.add(k);
        return taintsBefore(level, copies, (k) => !deadOnes.has(k));
      }
      /** Phase 1 alone: a complete valid execution reaching the goal, or null. */
      async completeAt(level, goal, copies, opts) {
        if (!copies.length) return null;
        const { enc } = level;
        const any = copies.length === 1 ? copies[0].lit : this.z.ctx.Or(...copies.map((c) => c.lit));
        const lits = [any, enc.okAll, enc.noUnwind];
        if ((await this.checkBoxFirst(level, lits, level.boxes[0].lit, opts.signal, opts.budget)).result !== "sat") return null;
        const found = await this.validModel(level, lits, level.solver.model(), opts.signal);
        if (!("model" in found)) return null;
        const v = this.verdictFromModel(level, goal, copies, found.model, true);
        return v.datum?.complete ? v : null;
      }
      /** The model of the level solver's last check (sat), or, when that was not boxed, of a smaller box if one works (readable data). */
      async smallerBoxModel(level, lits, boxed, signal, budget) {
        let model = level.solver.model();
        if (boxed) return model;
        for (const box of level.boxes.slice(1))
          if (await this.check(level, [...lits, box.lit], signal, budget) === "sat") {
            model = level.solver.model();
            break;
          }
        return model;
      }
      async reachAt(level, goal, copies, opts, whereHits = []) {
        const { ctx } = this.z;
        const { enc } = level;
        const signal = opts.signal;
        const started = Date.now();
        const tainted = taintsBefore(level, copies);
        const solverFailed = (message) => ({ status: "unknown", causes: [{ kind: "solver-failed", message }], bound: level.bound });
        if (copies.length) {
          const any = copies.length === 1 ? copies[0].lit : ctx.Or(...copies.map((c) => c.lit));
          const base = [any, enc.okAll, enc.noUnwind];
          let r = "unsat";
          for (const pref of enc.aliasLits.length ? [[enc.noAlias], []] : [[]]) {
            const lits = [...base, ...pref];
            const first = await this.checkBoxFirst(level, lits, opts.wide ? void 0 : level.boxes[0].lit, signal, opts.budget);
            r = first.result;
            if (r !== "sat") continue;
            const found = await this.validModel(level, lits, await this.smallerBoxModel(level, lits, first.boxed, signal, opts.budget), signal);
            if ("model" in found) return this.verdictFromModel(level, goal, copies, found.model, true);
            if ("failure" in found) return solverFailed(found.failure);
            r = "unsat";
          }
          let sawUnknown = r === "unknown";
          const phase2 = copies.filter((c) => somethingAfter(level, c));
          for (const copy of phase2) {
            const before = [copy.lit, ...obligationsBefore(level, copy)];
            const second = await this.checkBoxFirst(level, before, opts.wide ? void 0 : level.boxes[0].lit, signal, opts.budget);
            const r2 = second.result;
            if (r2 === "sat") {
              const found = await this.validModel(level, before, await this.smallerBoxModel(level, before, second.boxed, signal, opts.budget), signal);
              if ("model" in found) return this.verdictFromModel(level, goal, [copy], found.model, false);
              if ("failure" in found) return solverFailed(found.failure);
            }
            if (r2 === "unknown") sawUnknown = true;
          }
          if (sawUnknown) {
            if (opts.budget?.failure) return { status: "unknown", causes: [{ kind: "solver-failed", message: opts.budget.failure }], bound: level.bound };
            const during = opts.budget?.suite && opts.budget.suite.solverMs <= 0 ? "function" : opts.budget && opts.budget.leftMs <= 0 ? "goal" : "query";
            return { status: "unknown", causes: [{ kind: "timeout", limitMs: this.options.timeoutMs, during }], bound: level.bound };
          }
        }
        if (opts.satOnly) return { status: "not-reached" };
        if (tainted.length) {
          const live = await this.liveTaintsBefore(level, copies, signal);
          if (live.length) return { status: "unknown", causes: [{ kind: "not-modelled", constructs: live }], bound: level.bound };
        }
        const loopFree = loopFreeBefore(
          level,
          copies.map((c) => c.node)
        );
        const unwind = loopFree ? false : await this.unwindable(level, signal);
        if (unwind === "unknown")
          return {
            status: "unknown",
            causes: [{ kind: "timeout", limitMs: this.options.timeoutMs, during: "unwinding check", bound: level.bound }],
            bound: level.bound
          };
        if (unwind) return { status: "not-reached", proof: "bounded", bound: level.bound, causes: [{ kind: "loop-bound", bound: level.bound }] };
        const reachLits = copies.map((c) => ctx.And(c.lit, ...obligationsBefore(level, c)));
        const assumed = copies.length ? await assumedBy(this.z, level, goal, copies, reachLits, whereHits, (a) => this.check(level, a, signal, void 0, true)) : [];
        if (assumed.length)
          return {
            status: "not-reached",
            proof: "bounded",
            bound: enc.unrolled.unwinds.length && !loopFree ? level.bound : void 0,
            causes: [{ kind: "assumes", assumptions: assumed }]
          };
        const isProperty = goal.kind === "assertion" || goal.kind === "runtime-error";
        const suite = opts.explain === "loop-free";
        const ownMs = Math.max(EXPLAIN_MIN_MS, Date.now() - started);
        const explainLeft = opts.suite ? Math.min(opts.suite.explainMs, ownMs) : ownMs;
        const explain = (!suite || enc.unrolled.unwinds.length === 0) && explainLeft > 0;
        const explainStarted = Date.now();
        const why = !explain ? void 0 : await explainUnreachable(this.z, this.program, this.explainLevel(level.bound), goal, signal, explainLeft).catch((e) => {
          if (isCancellation(e)) throw e;
          return void 0;
        });
        if (explain && opts.suite) opts.suite.explainMs -= Date.now() - explainStarted;
        const allocBefore = !this.options.mallocMayFail && enc.allocNodes.some((a) => copies.some((c) => level.ancestors[c.node].has(a) || a === c.node));
        const causes = [];
        if (copies.length === 0) causes.push({ kind: "no-path" });
        if (allocBefore) causes.push({ kind: "assumes", assumptions: ["malloc and calloc succeed (--malloc-may-fail lets them fail)"] });
        return {
          status: isProperty ? "holds" : "unreachable",
          proof: "complete",
          bound: enc.unrolled.unwinds.length && !loopFree ? level.bound : void 0,
          causes: causes.length ? causes : void 0,
          why
        };
      }
      async unwindable(level, signal) {
        if (level.unwindable !== null) return level.unwindable;
        if (level.enc.unrolled.unwinds.length === 0) return level.unwindable = false;
        const r = await this.check(level, [level.enc.okAll, level.enc.anyUnwind], signal);
        if (r === "unknown") return "unknown";
        level.unwindable = r === "sat";
        return level.unwindable;
      }
      /** `validModel` for the level's solver (with the input bounds every query assumes). */
      validModel(level, lits, model, signal) {
        level.formula ??= this.z.ctx.And(...level.enc.assertions);
        return validModel(this.z, level.formula, [...lits, ...level.enc.inputBounds.map((b) => b.lit)], model, this.options.timeoutMs, signal);
      }
      verdictFromModel(level, goal, copies, model, complete, withTrace = true) {
        const { enc } = level;
        const isTrue = (b) => trueIn(this.z, model, b);
        const hit = copies.find((c) => isTrue(c.lit));
        const goalNode = hit?.node ?? copies[0]?.node ?? 0;
        const before = /* @__PURE__ */ new Set([...level.ancestors[goalNode], goalNode]);
        const onPath = enc.taints.filter((t) => isTrue(enc.reach[t.node]));
        const limits = enc.unrolled.limits.filter((l) => isTrue(enc.reach[l.node]));
        const isViolation = goal.kind === "assertion" || goal.kind === "runtime-error";
        const hitCopy = hit ?? copies[0];
        const traceFilter = isViolation && hitCopy ? (node, index) => level.ancestors[hitCopy.node].has(node) || node === hitCopy.node && index < hitCopy.upTo : void 0;
        const test = extractTest(this.z, enc, model, complete, traceFilter, withTrace);
        const datum = { test, model, level, complete };
        const blocking = [...onPath.filter((t) => hitCopy && taintBefore(level, t, hitCopy)), ...limits.filter((l) => before.has(l.node))].map((t) => ({
          what: t.what,
          lines: [t.line]
        }));
        if (blocking.length) {
          return { status: "unknown", causes: [{ kind: "not-modelled", constructs: mergeConstructs(blocking), blocking: true }], bound: level.bound };
        }
        if (onPath.length || limits.length) {
          delete datum.test.result;
          delete datum.test.outputs;
          datum.complete = false;
        }
        const isProperty = goal.kind === "assertion" || goal.kind === "runtime-error";
        return { status: isProperty ? "violated" : "covered", bound: enc.unrolled.unwinds.length ? level.bound : void 0, datum };
      }
      /** Whether a goal is met in a model of the given level (for marking goals a datum also reaches). */
      goalHolds(level, goal, model) {
        return goalCopies(level, goal).some((c) => trueIn(this.z, model, c.lit));
      }
      /**
       * Adds to `data` the data of `level` for `goal` that differ from every input vector in `seen`
       * (one check each), until there are none or `limit` are found. Says why it stopped early: the
       * limit, a check undecided before `deadline`, or a model without a datum (its verdict).
       * `within`: constraints on the executions asked for (the rest were drained before).
       */
      async drain(level, goal, opts, seen, data, limit, deadline, budget, within2 = []) {
        const { ctx } = this.z;
        const { enc } = level;
        const copies = withWhere(level, goal, goalCopies(level, goal), opts.where);
        if (!copies.length) return null;
        const any = copies.length === 1 ? copies[0].lit : ctx.Or(...copies.map((c) => c.lit));
        const terms = enc.inputs.flatMap((i) => inputLeaves(this.z, i, enc.inputs));
        const differs = (values) => ctx.Or(...terms.map((t, k) => t.neq(values[k])));
        if (seen.some((values) => values.length !== terms.length)) throw new EngineError("internal", `${this.fn.name}: input leaves differ between levels`);
        level.solver.push();
        try {
          level.solver.add(any, enc.okAll, enc.noUnwind, ...within2);
          const checked = ctx.And(any, enc.okAll, enc.noUnwind, ...within2);
          for (const values of seen) level.solver.add(differs(values));
          for (; ; ) {
            if (data.length >= limit) return {};
            budget.leftMs = deadline - Date.now();
            const r = await this.check(level, [], opts.signal, budget);
            if (r === "unknown") return { verdict: { status: "unknown", causes: [{ kind: "timeout", limitMs: this.options.timeoutMs, during: "enumeration" }] } };
            if (r === "unsat") return null;
            const model = level.solver.model();
            if (!trueIn(this.z, model, checked))
              return { verdict: { status: "unknown", causes: [{ kind: "solver-failed", message: "sat with a model that falsifies the formula" }] } };
            const v = this.verdictFromModel(level, goal, copies, model, true, false);
            if (!v.datum) return { verdict: v };
            data.push(v.datum);
            const values = terms.map((t) => model.eval(t, true));
            seen.push(values);
            level.solver.add(differs(values));
          }
        } finally {
          level.solver.pop();
        }
      }
      /**
       * Distinct data for a goal (complete executions), up to `limit`. Exhausted
       * only when no other datum exists at some bound that covers every
       * execution (the unwinding check); otherwise the bound is raised and the
       * data found so far are excluded there too.
       */
      async enumerate(goal, limit, opts = {}) {
        const first = await this.reach(goal, opts);
        const deadline = Date.now() + ENUMERATION_BUDGET_QUERIES * this.options.timeoutMs;
        const budget = { leftMs: ENUMERATION_BUDGET_QUERIES * this.options.timeoutMs };
        if (!first.datum) return { data: [], exhausted: first.status === "unreachable", verdict: first };
        const data = [];
        const seen = [];
        let foundBefore = -1;
        let emptyRounds = 0;
        let explored;
        for (let b = this.bounds.indexOf(first.datum.level.bound); b >= 0 && b < this.bounds.length && data.length < limit; b++) {
          const level = await this.level(this.bounds[b], snapshotFor(goal, opts.where)).catch((e) => {
            if (e instanceof UnrollTooLarge) return null;
            throw e;
          });
          if (!level) break;
          const { aliasLits } = level.enc;
          const stages = aliasLits.length ? [await this.level(this.bounds[b], snapshotFor(goal, opts.where), true), level] : [level];
          for (const stage of stages) {
            const within2 = stage === level && stages.length > 1 ? [this.z.ctx.Or(...aliasLits)] : [];
            const end = await this.drain(stage, goal, opts, seen, data, limit, deadline, budget, within2);
            if (end) return { ...end, data, exhausted: false, verdict: end.verdict ?? first };
          }
          const { enc } = level;
          const unwind = await this.unwindable(level, opts.signal);
          const assumes = enc.assumptions.map((a) => a.text);
          if (unwind === false) return assumes.length ? { data, exhausted: false, verdict: first, assumes } : { data, exhausted: true, verdict: first };
          if (unwind === "unknown") break;
          explored = level.bound;
          if (level.enc.unrolled.recursionDepth < level.bound) break;
          emptyRounds = data.length === foundBefore && b > this.bounds.indexOf(first.datum.level.bound) ? emptyRounds + 1 : 0;
          if (emptyRounds >= 2) break;
          foundBefore = data.length;
        }
        return { data, exhausted: false, verdict: first, bound: explored };
      }
    };
  }
});

// server/src/solve/suite.ts
async function buildSuite(fs11, goals, signal, onProgress, reach = (goal, opts) => fs11.reach(goal, opts)) {
  const verdicts = /* @__PURE__ */ new Map();
  const tests = [];
  const open = new Set(goals.map((g) => g.id));
  const order = await deepestFirst(fs11, goals);
  const suite = fs11.suiteBudget();
  const addTest = (datum) => {
    const id = `t${tests.length + 1}`;
    tests.push({ id, ...datum.test, goals: [] });
    return id;
  };
  for (const goal of order) {
    if (!open.has(goal.id)) continue;
    if (signal?.aborted) throw EngineError.cancelled();
    const v = await reach(goal, { signal, explain: "loop-free", suite });
    open.delete(goal.id);
    if (v.datum) {
      const testId = addTest(v.datum);
      const test = tests[tests.length - 1];
      verdicts.set(goal.id, { ...v, test: testId });
      test.goals.push(goal.id);
      if (v.datum.complete) {
        for (const other of goals) {
          if (!open.has(other.id) || other.kind === "assertion" || other.kind === "runtime-error") continue;
          if (fs11.goalHolds(v.datum.level, other, v.datum.model)) {
            open.delete(other.id);
            verdicts.set(other.id, { status: "covered", bound: v.bound, test: testId });
            test.goals.push(other.id);
          }
        }
      }
    } else {
      verdicts.set(goal.id, v);
      if (v.status === "unreachable")
        for (const other of dominatedBy(fs11.program, goal, goals)) {
          const was = verdicts.get(other.id);
          if (!open.has(other.id) && was?.status !== "unknown" && was?.status !== "not-reached") continue;
          open.delete(other.id);
          verdicts.set(other.id, v);
        }
    }
    onProgress?.(goals.length - open.size, goals.length);
  }
  return { verdicts, tests };
}
function graphOf(fn2) {
  let g = graphs.get(fn2);
  if (!g) graphs.set(fn2, g = { preds: predecessors(fn2), dom: dominators(fn2) });
  return g;
}
function dominatedBy(program, goal, goals) {
  const fn2 = program.functions.find((f) => f.name === goal.function);
  if (!fn2) return [];
  const t = goal.target;
  const only = t.kind === "edges" && t.edges.length === 1 ? t.edges[0] : null;
  const { preds, dom } = graphOf(fn2);
  const targets = (b) => {
    const term = fn2.blocks[b].terminator;
    return term.kind === "branch" ? [term.then, term.else] : term.kind === "switch" ? [...term.cases.map((c) => c.target), term.default] : successors(fn2.blocks[b]);
  };
  const onlyWayIn = (e) => e.to !== fn2.blocks[0]?.id && preds[e.to].every((p) => p === e.from) && targets(e.from).filter((x) => x === e.to).length === 1;
  const entry2 = t.kind === "block" ? t.block : only && onlyWayIn(only) ? only.to : null;
  if (entry2 === null) return [];
  return goals.filter((g) => {
    if (g === goal || g.function !== goal.function || g.context?.key !== goal.context?.key) return false;
    if (g.kind === "assertion" || g.kind === "runtime-error") return false;
    const at2 = g.target;
    const block = at2.kind === "block" || at2.kind === "point" ? at2.block : at2.kind === "edges" && at2.edges.every((e) => e.from === at2.edges[0].from) ? at2.edges[0].from : null;
    return block !== null && dom.dominates(entry2, block);
  });
}
async function deepestFirst(fs11, goals) {
  const level = await fs11.level(fs11.bounds[0]).catch((e) => {
    if (e instanceof UnrollTooLarge) return null;
    throw e;
  });
  if (!level) return goals;
  const depth = /* @__PURE__ */ new Map();
  const preds = level.enc.unrolled.nodes.map((n) => n.preds);
  const anc = computeAncestors(preds).map((a) => a.size);
  for (const g of goals) {
    const copies = goalCopies(level, g);
    depth.set(g.id, copies.length ? Math.max(...copies.map((c) => anc[c.node])) : -1);
  }
  return [...goals].sort((a, b) => depth.get(b.id) - depth.get(a.id));
}
var graphs;
var init_suite = __esm({
  "server/src/solve/suite.ts"() {
    "use strict";
    init_errors2();
    init_level();
    init_cfg();
    init_dominators();
    init_targets();
    init_query();
    graphs = /* @__PURE__ */ new WeakMap();
  }
});

// server/src/ir/callgraph.ts
function callTree(program, fn2) {
  const byName = new Map(program.functions.map((f) => [f.name, f]));
  const order = [];
  const state = /* @__PURE__ */ new Map();
  let recursive = false;
  const visit = (f) => {
    state.set(f.name, "active");
    for (const b of f.blocks)
      for (const ins of b.instrs) {
        if (ins.kind !== "assign" || ins.value.op !== "call" || ins.value.external) continue;
        const g = byName.get(ins.value.callee);
        if (!g) continue;
        const s = state.get(g.name);
        if (s === "active") recursive = true;
        else if (!s) visit(g);
      }
    state.set(f.name, "done");
    order.push(f);
  };
  visit(fn2);
  return { order, recursive };
}
var init_callgraph = __esm({
  "server/src/ir/callgraph.ts"() {
    "use strict";
  }
});

// server/src/prove/transform.ts
function abstractable(program, fn2) {
  if (!isReducible(fn2)) return { loops: [], refuse: "a loop with several entries (goto into a loop)" };
  const loops = findLoops(fn2);
  for (const l of loops) {
    if (l.header === 0) return { loops, refuse: "a loop at the function entry" };
    const e = loopEffects(program, fn2, l.body);
    if (e.refuse) return { loops, refuse: e.refuse };
  }
  return { loops };
}
function loopEffects(program, fn2, body) {
  const out = { vars: /* @__PURE__ */ new Set(), memory: false };
  const byName = new Map(program.functions.map((f) => [f.name, f]));
  const seen = /* @__PURE__ */ new Set();
  const visit = (f, blocks, top) => {
    for (const b of blocks)
      for (const ins of f.blocks[b].instrs) {
        if (ins.kind !== "assign") continue;
        if (ins.dst) {
          if (ins.dst.root.kind === "deref") out.memory = true;
          else {
            const id = ins.dst.root.id;
            if (top || program.vars.get(id)?.kind === "global") out.vars.add(id);
          }
        }
        const rv = ins.value;
        if (rv.op === "call" && !rv.external && byName.has(rv.callee)) {
          if (!seen.has(rv.callee)) {
            seen.add(rv.callee);
            const callee = byName.get(rv.callee);
            visit(
              callee,
              callee.blocks.map((x) => x.id),
              false
            );
          }
        } else if (rv.op === "call") {
          if (HEAP_FUNCTIONS.has(rv.callee)) out.refuse ??= `${rv.callee} called in the loop (line ${ins.range.line})`;
          if (rv.args.some((a) => a.type.kind === "pointer" || a.kind === "addr") && (isLibraryFunction(rv.callee) || !byName.has(rv.callee)))
            out.memory = true;
        } else if (rv.op === "icall") out.memory = true;
      }
  };
  visit(fn2, body, true);
  return out;
}
function abstractLoops(req) {
  const { program, fn: fn2 } = req;
  const check = abstractable(program, fn2);
  if (check.refuse) throw new Error(`cannot abstract the loops of ${fn2.name}: ${check.refuse}`);
  const blocks = fn2.blocks.map((b) => ({ ...b, instrs: [...b.instrs], edgeLabels: { ...b.edgeLabels }, terminator: { ...b.terminator } }));
  const vars = new Map(program.vars);
  const locals = [...fn2.locals];
  let nextId = Math.max(0, req.firstId ?? 0, ...vars.keys()) + 1;
  for (const cands of req.candidates.values()) for (const c of cands) for (const t of c.temps) nextId = Math.max(nextId, t.id + 1);
  for (const cands of req.candidates.values())
    for (const c of cands)
      for (const t of c.temps)
        if (!vars.has(t.id)) {
          vars.set(t.id, t);
          locals.push(t.id);
        }
  const newVar = (name, type) => {
    const id = nextId++;
    vars.set(id, { id, name, type, kind: "temp", addressTaken: false, isConst: false, isStatic: false });
    locals.push(id);
    return id;
  };
  const copyOf = /* @__PURE__ */ new Map();
  const copies = /* @__PURE__ */ new Map();
  const original = (b) => copyOf.get(b) ?? b;
  const cur = () => ({ ...fn2, blocks });
  const origin = /* @__PURE__ */ new Map();
  for (const b of fn2.blocks) for (const t of successors(b)) origin.set(`${b.id}>${t}`, `${b.id}>${t}`);
  const move = (b, from, to) => {
    const o = origin.get(`${b.id}>${from}`);
    retargetEdges(b, from, to);
    origin.delete(`${b.id}>${from}`);
    if (o) origin.set(`${b.id}>${to}`, o);
  };
  for (let round = 0; round < req.peel; round++) {
    for (const loop of findLoops(cur()).filter((l) => l.depth === 1)) {
      const map = /* @__PURE__ */ new Map();
      for (const b of [...loop.body].sort((x, y) => x - y)) map.set(b, blocks.length + map.size);
      for (const [b, nb] of map) {
        const src = blocks[b];
        const retarget = (t) => t !== loop.header && map.has(t) ? map.get(t) : t;
        blocks.push({
          ...src,
          id: nb,
          instrs: [...src.instrs],
          terminator: mapTargets(src.terminator, retarget),
          edgeLabels: Object.fromEntries(Object.entries(src.edgeLabels).map(([k, v]) => [retarget(Number(k)), v]))
        });
        copyOf.set(nb, original(b));
        copies.set(original(b), [...copies.get(original(b)) ?? [], nb]);
        for (const t of successors(src)) {
          const o = origin.get(`${b}>${t}`);
          if (o) origin.set(`${nb}>${retarget(t)}`, o);
        }
      }
      const made = new Set(map.values());
      for (const b of blocks) if (!loop.body.has(b.id) && !made.has(b.id) && successors(b).includes(loop.header)) move(b, loop.header, map.get(loop.header));
    }
  }
  const now = cur();
  const loops = findLoops(now);
  const checks2 = [];
  const marks = /* @__PURE__ */ new Map();
  const loopCopies = /* @__PURE__ */ new Map();
  for (const loop of loops) {
    const header = original(loop.header);
    loopCopies.set(header, [...loopCopies.get(header) ?? [], loop.header]);
    const cands = req.candidates.get(header) ?? [];
    const effects = loopEffects({ ...program, vars }, now, loop.body);
    const at2 = blocks[loop.header].terminator.range ?? blocks[loop.header].range ?? fn2.range;
    const code = cands.map((c) => candidateCode(c, newVar));
    const initId = blocks.length;
    const havocId = initId + 1;
    const stepId = initId + 2;
    const asserts = (block, role2, first = []) => {
      const out = [...first];
      const origin2 = role2 === "init" ? "invariant-init" : "invariant-step";
      if (req.mode === "separate") {
        code.forEach((c, k) => {
          out.push(...c.instrs);
          marks.set(`${block}:${out.length}`, { header, candidate: k });
          checks2.push({ header, candidate: k, role: role2, block, index: out.length });
          out.push({ kind: "assert", cond: c.ok, origin: origin2, text: cands[k].text, range: at2 });
        });
      } else {
        const all = conjunction(code, newVar, at2);
        out.push(...all.instrs);
        checks2.push({ header, candidate: -1, role: role2, block, index: out.length });
        out.push({ kind: "assert", cond: all.ok, origin: origin2, text: cands.map((c) => c.text).join(" && ") || "1", range: at2 });
      }
      return out;
    };
    const havoc = [];
    for (const id of [...effects.vars].sort((a, b) => a - b)) {
      const v = vars.get(id);
      if (!v || v.type.kind === "function" || v.type.kind === "void") continue;
      const dst = { root: { kind: "var", id }, path: [], type: v.type };
      havoc.push({ kind: "assign", dst, value: { op: "fresh", type: v.type }, range: at2 });
    }
    if (effects.memory) havoc.push({ kind: "assign", dst: null, value: { op: "fresh", type: VOID, memory: true }, range: at2 });
    const assumes = [];
    if (req.mode === "separate")
      code.forEach((c, k) => {
        assumes.push(...c.instrs);
        marks.set(`${havocId}:${havoc.length + assumes.length}`, { header, candidate: k });
        assumes.push({ kind: "assume", cond: c.ok, origin: "invariant", range: at2 });
      });
    else if (code.length) {
      const all = conjunction(code, newVar, at2);
      assumes.push(...all.instrs, { kind: "assume", cond: all.ok, origin: "invariant", range: at2 });
    }
    const base = { statements: [], hasCode: false, edgeLabels: {} };
    const entry2 = cands.flatMap((c) => (c.entry ?? []).map(unchecked));
    blocks.push({ ...base, id: initId, instrs: asserts(initId, "init", entry2), terminator: { kind: "goto", target: havocId } });
    blocks.push({ ...base, id: havocId, instrs: [...havoc, ...assumes], terminator: { kind: "goto", target: loop.header } });
    blocks.push({ ...base, id: stepId, instrs: asserts(stepId, "step"), terminator: { kind: "stop", why: "assume", range: at2 } });
    for (const b of blocks.slice(0, initId)) {
      if (!successors(b).includes(loop.header)) continue;
      move(b, loop.header, loop.body.has(b.id) ? stepId : initId);
    }
  }
  const newFn = { ...fn2, blocks, locals };
  const newProgram = { ...program, vars, functions: program.functions.map((f) => f.name === fn2.name ? newFn : f) };
  const byOrigin = /* @__PURE__ */ new Map();
  for (const [edge, o] of origin) {
    const [from, to] = edge.split(">").map(Number);
    byOrigin.set(o, [...byOrigin.get(o) ?? [], { from, to }]);
  }
  const edgesOf = (e) => byOrigin.get(`${e.from}>${e.to}`) ?? [];
  const goalsIn = (goal) => {
    if (goal.function !== fn2.name && !goal.context) return [goal];
    if (goal.context) {
      const [first, ...rest] = goal.context.sites;
      return [first.block, ...copies.get(first.block) ?? []].map((block) => {
        if (block === first.block) return goal;
        const sites = [{ ...first, block }, ...rest];
        return { ...goal, context: { ...goal.context, sites, key: contextKey(sites) } };
      });
    }
    const t = goal.target;
    if (t.kind === "edges") {
      const edges = t.edges.flatMap(edgesOf);
      return [{ ...goal, target: { ...t, edges } }];
    }
    const retarget = (block) => ({ ...t, block });
    return [t.block, ...copies.get(t.block) ?? []].map((block) => ({ ...goal, target: retarget(block) }));
  };
  return {
    program: newProgram,
    fn: newFn,
    checks: checks2,
    marks,
    loops: [...loopCopies].map(([header, c]) => ({ header, copies: c })),
    goalsIn,
    edgesIn: edgesOf
  };
}
function candidateCode(c, newVar) {
  const instrs = [];
  const range = c.instrs[0]?.range ?? { line: 0, column: 0, endLine: 0, endColumn: 0 };
  const defined = newVar("inv.defined", INT);
  const v = (id) => ({ kind: "var", id, type: INT });
  const to = (id) => ({ root: { kind: "var", id }, path: [], type: INT });
  instrs.push({ kind: "assign", dst: to(defined), value: { op: "use", a: { kind: "const", value: 1n, type: INT } }, range });
  for (const ins of c.instrs) {
    if (ins.kind !== "assign" || !ins.dst) {
      instrs.push(ins);
      continue;
    }
    const rv = ins.value;
    const d = newVar("inv.d", INT);
    instrs.push({ kind: "assign", dst: to(d), value: { op: "defined", value: rv, type: INT }, range: ins.range });
    instrs.push({ kind: "assign", dst: to(defined), value: { op: "binary", bop: "&", a: v(defined), b: v(d), type: INT }, range: ins.range });
    instrs.push({ kind: "assign", dst: ins.dst, value: { op: "unchecked", value: rv, type: ins.dst.type }, range: ins.range });
  }
  const truth = newVar("inv.true", INT);
  const ct = c.cond.type;
  const zero = { kind: "const", value: 0n, type: ct };
  instrs.push({ kind: "assign", dst: to(truth), value: { op: "binary", bop: "!=", a: c.cond, b: zero, type: INT }, range });
  const ok = newVar("inv.ok", INT);
  instrs.push({ kind: "assign", dst: to(ok), value: { op: "binary", bop: "&", a: v(defined), b: v(truth), type: INT }, range });
  return { instrs, ok: v(ok) };
}
function unchecked(ins) {
  if (ins.kind !== "assign" || !ins.dst) return ins;
  return { ...ins, value: { op: "unchecked", value: ins.value, type: ins.dst.type } };
}
function conjunction(code, newVar, range) {
  const all = newVar("inv.all", INT);
  const to = { root: { kind: "var", id: all }, path: [], type: INT };
  const v = { kind: "var", id: all, type: INT };
  const instrs = [{ kind: "assign", dst: to, value: { op: "use", a: { kind: "const", value: 1n, type: INT } }, range }];
  for (const c of code) instrs.push(...c.instrs, { kind: "assign", dst: to, value: { op: "binary", bop: "&", a: v, b: c.ok, type: INT }, range });
  return { instrs, ok: v };
}
function mapTargets(t, f) {
  switch (t.kind) {
    case "goto":
      return { ...t, target: f(t.target) };
    case "branch":
      return { ...t, then: f(t.then), else: f(t.else) };
    case "switch":
      return { ...t, cases: t.cases.map((c) => ({ ...c, target: f(c.target) })), default: f(t.default) };
    default:
      return t;
  }
}
function retargetEdges(b, from, to) {
  b.terminator = mapTargets(b.terminator, (t) => t === from ? to : t);
  if (b.edgeLabels[from]) {
    b.edgeLabels = { ...b.edgeLabels, [to]: b.edgeLabels[from] };
    delete b.edgeLabels[from];
  }
}
var HEAP_FUNCTIONS;
var init_transform = __esm({
  "server/src/prove/transform.ts"() {
    "use strict";
    init_types();
    init_loops();
    init_cfg();
    init_libc();
    init_catalogue();
    HEAP_FUNCTIONS = /* @__PURE__ */ new Set(["malloc", "calloc", "realloc", "free", "alloca", "__builtin_alloca", "strdup", "strndup"]);
  }
});

// server/src/prove/candidates.ts
function candidateTexts(program, fn2, loop, loops) {
  const facts = loopFacts(program, fn2, loop, loops);
  const consts = functionConstants(fn2);
  const out = [];
  const add2 = (t) => {
    if (!out.includes(t)) out.push(t);
  };
  const num2 = (c) => c < 0n ? `(${c})` : `${c}`;
  for (const v of facts.modified) {
    const init = facts.init.get(v);
    const bounds = [.../* @__PURE__ */ new Set([...consts, ...init !== void 0 ? [init] : []])];
    for (const c of bounds) {
      add2(`${v} >= ${num2(c)}`);
      add2(`${v} <= ${num2(c)}`);
    }
  }
  for (const v of facts.modified) {
    const cv = facts.init.get(v);
    const m = facts.modulus.get(v);
    if (cv === void 0 && m !== void 0 && m <= 4n) for (let r = 0n; r < m; r++) add2(`${v} % ${m} == ${r}`);
    if (facts.mixedParity.includes(v)) for (const r of [0, 1]) add2(`${v} % 2 == ${r}`);
    if (cv === void 0) continue;
    if (m !== void 0) {
      add2(`${v} % ${m} == ${cv % m}`);
      if (m % 2n === 0n && m !== 2n) add2(`${v} % 2 == ${cv % 2n}`);
    }
    const dv = facts.step.get(v);
    if (dv === void 0) continue;
    for (const w of facts.modified) {
      const cw = facts.init.get(w);
      const dw = facts.step.get(w);
      if (w === v || cw === void 0 || dw === void 0 || dw === 0n) continue;
      if (dv % dw === 0n) {
        const k = dv / dw;
        const rest = cv - k * cw;
        const times = k === 1n ? w : `${num2(k)} * ${w}`;
        add2(rest === 0n ? `${v} == ${times}` : `${v} == ${times} ${rest < 0n ? "-" : "+"} ${rest < 0n ? -rest : rest}`);
      } else if (dw % dv !== 0n) {
        const rest = dw * cv - dv * cw;
        add2(`${num2(dw)} * ${v} == ${num2(dv)} * ${w}${rest === 0n ? "" : ` ${rest < 0n ? "-" : "+"} ${rest < 0n ? -rest : rest}`}`);
      }
    }
  }
  for (const v of facts.modified)
    for (const w of [...facts.others, ...facts.modified]) {
      if (w === v) continue;
      add2(`${v} <= ${w}`);
      add2(`${v} >= ${w}`);
      const d = facts.step.get(v);
      if (d === void 0 || d === 0n || !facts.others.includes(w)) continue;
      const m = d < 0n ? -d : d;
      for (const k of m > 1n ? [m - 1n, m] : [m]) add2(d > 0n ? `${v} <= ${w} + ${k}` : `${v} >= ${w} - ${k}`);
    }
  for (const t of addressSetTexts(program, fn2, loop)) add2(t);
  return out;
}
function addressSetTexts(program, fn2, loop) {
  const named = (id) => {
    const v = program.vars.get(id);
    return v && (v.kind === "local" || v.kind === "param" || v.kind === "global") && /^[A-Za-z_]\w*$/.test(v.name) ? v : void 0;
  };
  const taken = /* @__PURE__ */ new Set();
  const nulled = /* @__PURE__ */ new Set();
  const outside = /* @__PURE__ */ new Set();
  for (const b of fn2.blocks)
    for (const ins of b.instrs) {
      if (ins.kind !== "assign") continue;
      if (!loop.body.has(b.id)) forEachVar(ins, (id) => outside.add(id));
      for (const o of rvalueOperands(ins.value))
        if (o.kind === "addr" && o.place.root.kind === "var" && !o.place.path.length) {
          taken.add(o.place.root.id);
          if (!loop.body.has(b.id)) outside.add(o.place.root.id);
        }
      const v = ins.value;
      if (ins.dst?.root.kind === "var" && !ins.dst.path.length && v.op === "use" && v.a.kind === "const" && v.a.value === 0n) nulled.add(ins.dst.root.id);
    }
  const out = [];
  for (const id of loopEffects(program, fn2, loop.body).vars) {
    const p = named(id);
    if (!p || p.type.kind !== "pointer") continue;
    const to = p.type.to;
    const objects = [...taken].map((x) => named(x)).filter((x) => x !== void 0 && x.id !== p.id && sameType(x.type, to) && (x.kind !== "local" || outside.has(x.id))).map((x) => x.name).sort();
    if (!objects.length || objects.length > MAX_ADDRESSES || new Set(objects).size !== objects.length) continue;
    const set = objects.map((x) => `${p.name} == &${x}`).join(" || ");
    out.push(set);
    if (nulled.has(p.id)) out.push(`${set} || ${p.name} == 0`);
  }
  return out;
}
function conservedCandidates(program, fn2, loop, loops, firstTempId, exact = false) {
  const facts = loopFacts(program, fn2, loop, loops);
  const head = fn2.blocks[loop.header];
  const range = head.terminator.range ?? head.range ?? fn2.range;
  const out = [];
  let next = firstTempId;
  for (const bits of [32, 64]) {
    const u = bits === 32 ? UINT : ULLONG;
    const names = facts.modified.filter((v) => {
      const x = program.vars.get(facts.ids.get(v));
      return x.type.kind === "int" && x.type.bits === bits && !x.addressTaken;
    }).sort().slice(0, MAX_KEPT_VARS);
    const rows = stepRows(
      fn2,
      loop,
      loops,
      names.map((v) => facts.ids.get(v))
    ) ?? [names.map((v) => facts.step.get(v))];
    const kept = names.map((_, k) => rows.every((r) => r[k] !== void 0));
    const vars = names.filter((_, k) => kept[k]);
    const matrix = rows.map((r) => r.filter((_, k) => kept[k]));
    const sums = keptSums(matrix, vars.length).flatMap((coef) => {
      const used = vars.filter((_, i) => coef[i] !== 0n);
      if (used.length === 2 && used.every((v) => facts.init.has(v) && facts.step.has(v))) return [];
      if (!exact) return [{ coef, u }];
      const signed = bits === 32 && used.every((v) => program.vars.get(facts.ids.get(v)).type.signed);
      return signed ? [{ coef, u: LLONG }] : [];
    });
    for (const { coef, u: u2 } of sums) {
      const { temps, instrs, temp, put } = candidateCode2(range, () => next++);
      let sum = null;
      let text = "";
      coef.forEach((k, i) => {
        if (k === 0n) return;
        const name = vars[i];
        const t = program.vars.get(facts.ids.get(name)).type;
        const x = { kind: "var", id: facts.ids.get(name), type: t };
        const same2 = t.signed === u2.signed && t.rank === u2.rank;
        const cast = same2 ? x : put("inv.u", u2, { op: "cast", a: x, to: u2 });
        const m = k < 0n ? -k : k;
        const times = m === 1n ? cast : put("inv.k", u2, { op: "binary", bop: "*", a: cast, b: { kind: "const", value: m, type: u2 }, type: u2 });
        const c = `${m === 1n ? "" : `${m} * `}${same2 ? name : `(${u2.name})${name}`}`;
        if (sum === null) {
          sum = times;
          text = k < 0n ? `-${c}` : c;
        } else {
          sum = put("inv.e", u2, { op: "binary", bop: k < 0n ? "-" : "+", a: sum, b: times, type: u2 });
          text += ` ${k < 0n ? "-" : "+"} ${c}`;
        }
      });
      if (sum === null) continue;
      const ghost = temp("inv.entry", u2);
      const entry2 = [
        ...instrs,
        { kind: "assign", dst: { root: { kind: "var", id: ghost.id }, path: [], type: u2 }, value: { op: "use", a: sum }, range }
      ];
      const cond = put("inv.kept", INT, { op: "binary", bop: "==", a: sum, b: { kind: "var", id: ghost.id, type: u2 }, type: INT });
      out.push({ text: `${text} == \\at(${text}, LoopEntry)`, instrs, cond, temps, entry: entry2 });
    }
  }
  return out;
}
function candidateCode2(range, nextId) {
  const temps = [];
  const instrs = [];
  const temp = (name, type) => {
    const t = { id: nextId(), name, type, kind: "temp", addressTaken: false, isConst: false, isStatic: false };
    temps.push(t);
    return t;
  };
  const put = (name, type, value) => {
    const t = temp(name, type);
    instrs.push({ kind: "assign", dst: { root: { kind: "var", id: t.id }, path: [], type }, value, range });
    return { kind: "var", id: t.id, type };
  };
  return { temps, instrs, temp, put };
}
function unassignedCandidates(program, fn2, loop, firstTempId) {
  const readUnassigned = new Set([...uninitialisedReads(program, fn2).values()].flatMap((m) => [...m.values()].flat()));
  const head = fn2.blocks[loop.header];
  const range = head.terminator.range ?? head.range ?? fn2.range;
  const out = [];
  let next = firstTempId;
  for (const id of [...loopEffects(program, fn2, loop.body).vars].sort((a, b) => a - b)) {
    const v = program.vars.get(id);
    if (!v || !tracksInitialisation(v) || !readUnassigned.has(id) || !/^[A-Za-z_]\w*$/.test(v.name)) continue;
    const { temps, instrs, put } = candidateCode2(range, () => next++);
    const assigned = put("inv.assigned", INT, { op: "assigned", id, type: INT });
    const cond = put("inv.unassigned", INT, { op: "binary", bop: "==", a: assigned, b: { kind: "const", value: 0n, type: INT }, type: INT });
    out.push({ text: `!\\initialized(&${v.name})`, instrs, cond, temps });
  }
  return out;
}
function stepRows(fn2, loop, loops, ids) {
  if (loops.some((l) => l !== loop && l.header !== loop.header && [...l.body].every((b) => loop.body.has(b)))) return null;
  const rows = [];
  const walk = (b, acc, seen) => {
    const next = acc.slice();
    for (const ins of fn2.blocks[b].instrs) {
      if (ins.kind !== "assign" || ins.dst?.root.kind !== "var") continue;
      const k = ids.indexOf(ins.dst.root.id);
      if (k < 0) continue;
      const d = ins.dst.path.length ? void 0 : stepOf(ins.value, ins.dst.root.id);
      next[k] = d === void 0 || next[k] === void 0 ? void 0 : next[k] + d;
    }
    for (const s of successors(fn2.blocks[b])) {
      if (s === loop.header) {
        rows.push(next);
        if (rows.length > MAX_PATHS) return false;
      } else if (loop.body.has(s) && !seen.has(s)) {
        seen.add(s);
        const ok = walk(s, next, seen);
        seen.delete(s);
        if (!ok) return false;
      }
    }
    return true;
  };
  return walk(
    loop.header,
    ids.map(() => 0n),
    /* @__PURE__ */ new Set([loop.header])
  ) ? rows : null;
}
function keptSums(m, n) {
  if (n < 2) return [];
  const ok = (c) => m.every((r) => r.reduce((s, x, i) => s + x * c[i], 0n) === 0n);
  const out = [];
  const add2 = (c) => {
    const g = c.reduce((a, x) => gcd(a, x), 0n);
    if (g === 0n || c.filter((x) => x !== 0n).length < 2) return;
    let v = c.map((x) => x / g);
    if (v.find((x) => x !== 0n) < 0n) v = v.map((x) => -x);
    if (!out.some((o) => o.every((x, i) => x === v[i]))) out.push(v);
  };
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const r = m.find((row) => row[i] !== 0n || row[j] !== 0n);
      if (!r) continue;
      const c = Array.from({ length: n }, () => 0n);
      [c[i], c[j]] = [r[j], -r[i]];
      if (ok(c)) add2(c);
    }
  const rows = m.map((r) => r.slice());
  const pivots = [];
  for (let col = 0; col < n; col++) {
    const k = rows.findIndex((r) => r[col] !== 0n);
    if (k < 0) continue;
    const [p] = rows.splice(k, 1);
    const reduce = (r) => {
      if (r[col] === 0n) return r;
      const q = r[col];
      const x = r.map((v, i) => p[col] * v - q * p[i]);
      const g = x.reduce((a, v) => gcd(a, v), 0n);
      return g > 1n ? x.map((v) => v / g) : x;
    };
    for (let i = 0; i < rows.length; i++) rows[i] = reduce(rows[i]);
    for (const pv of pivots) pv.row = reduce(pv.row);
    pivots.push({ row: p, col });
  }
  const lcm = pivots.reduce((l, pv) => {
    const a = pv.row[pv.col] < 0n ? -pv.row[pv.col] : pv.row[pv.col];
    return l * a / gcd(l, a);
  }, 1n);
  for (let f = 0; f < n; f++) {
    if (pivots.some((pv) => pv.col === f)) continue;
    const c = Array.from({ length: n }, () => 0n);
    c[f] = lcm;
    for (const pv of pivots) c[pv.col] = -lcm * pv.row[f] / pv.row[pv.col];
    if (ok(c)) add2(c);
  }
  return out;
}
function guardedTexts(program, fn2, loop, loops) {
  const guards = fn2.decisions.filter((d) => d.kind === "if" && !d.parent && d.outcomes.some((o) => o.edges.some((e) => loop.body.has(e.from)))).map((d) => d.text).slice(0, MAX_GUARDS);
  const atoms2 = candidateTexts(program, fn2, loop, loops);
  const facts = loopFacts(program, fn2, loop, loops);
  for (const [i, v] of facts.modified.entries())
    for (const w of facts.modified.slice(i + 1)) for (const u of facts.others) atoms2.push(`${v} + ${w} == ${u}`, `${v} - ${w} == ${u}`, `${w} - ${v} == ${u}`);
  const out = [];
  for (const g of guards) for (const a of atoms2) out.push(`((${g}) || ${a})`, `(!(${g}) || ${a})`);
  return out.slice(0, MAX_GUARDED);
}
function assertedTexts(program, fn2) {
  const out = [];
  for (const b of fn2.blocks)
    for (const ins of b.instrs) {
      if (ins.kind !== "assign" || ins.value.op !== "call" || ins.value.external || ins.value.args.length !== 1) continue;
      const callee = ins.value.callee;
      const text = sourceText(program.source, ins.range, 400);
      if (!text.startsWith(`${callee}(`) || !text.endsWith(")")) continue;
      const arg = text.slice(callee.length + 1, -1).trim();
      const cond = /\|\||\?/.test(arg) ? `(${arg})` : arg;
      if (arg && !out.includes(cond) && out.length < MAX_ASSERTED) out.push(cond);
    }
  return out;
}
async function lowerCandidates(program, fn2, loop, texts, firstTempId) {
  const at2 = headPoint(fn2, loop);
  if (!at2) return [];
  const out = [];
  let next = firstTempId;
  for (const text of texts) {
    try {
      const l = await lowerCondition(program, fn2, at2, text, { firstTempId: next });
      for (const t of l.temps) next = Math.max(next, t.id + 1);
      out.push({ text, ...l });
    } catch {
    }
  }
  return out;
}
function headPoint(fn2, loop) {
  const head = fn2.blocks[loop.header];
  if (head.terminator.kind === "branch" && head.terminator.decision) return { decision: head.terminator.decision };
  if (head.statements?.length) return { block: head.id, statement: 0 };
  return null;
}
function userInt(program, id) {
  const v = program.vars.get(id);
  if (!v || v.type.kind !== "int" || v.type.bits === 1) return null;
  if (v.kind !== "local" && v.kind !== "param" && v.kind !== "global") return null;
  return /^[A-Za-z_]\w*$/.test(v.name) ? v.name : null;
}
function loopFacts(program, fn2, loop, loops) {
  const effects = loopEffects(program, fn2, loop.body);
  const modified = [];
  const modifiedIds = /* @__PURE__ */ new Set();
  const ids = /* @__PURE__ */ new Map();
  for (const id of effects.vars) {
    const name = userInt(program, id);
    if (name && !modified.includes(name)) {
      modified.push(name);
      modifiedIds.add(id);
      ids.set(name, id);
    }
  }
  const others = [];
  const read = (o) => {
    if (o.kind !== "var" || modifiedIds.has(o.id)) return;
    const name = userInt(program, o.id);
    if (name && !others.includes(name)) others.push(name);
  };
  for (const b of loop.body) {
    const block = fn2.blocks[b];
    for (const ins of block.instrs) if (ins.kind === "assign") for (const o of rvalueOperands(ins.value)) read(o);
  }
  const init = /* @__PURE__ */ new Map();
  const preds = predecessors(fn2);
  const outside = preds[loop.header].filter((p) => !loop.body.has(p));
  if (outside.length === 1)
    for (const id of modifiedIds) {
      const c = valueAtEnd(fn2, preds, outside[0], id);
      if (c !== void 0) init.set(program.vars.get(id).name, c);
    }
  const step = /* @__PURE__ */ new Map();
  const modulus = /* @__PURE__ */ new Map();
  const mixedParity = [];
  const dom = dominators(fn2);
  const innermost = (b) => loops.filter((l) => l.body.has(b)).reduce((a, l) => !a || l.body.size < a.body.size ? l : a, null);
  for (const id of modifiedIds) {
    const sites = [];
    for (const b of loop.body)
      for (const ins of fn2.blocks[b].instrs)
        if (ins.kind === "assign" && ins.dst?.root.kind === "var" && ins.dst.root.id === id) sites.push({ block: b, value: ins.value });
    const steps = sites.map((s2) => stepOf(s2.value, id));
    const name = program.vars.get(id).name;
    if (steps.length && steps.every((d) => d !== void 0)) {
      const m = steps.reduce((g, d) => gcd(g, d), 0n);
      if (m >= 2n) modulus.set(name, m);
      else if (steps.some((d) => d % 2n === 0n)) mixedParity.push(name);
    }
    if (sites.length !== 1) continue;
    const [s] = sites;
    if (innermost(s.block) !== loop || !loop.latches.every((l) => dom.dominates(s.block, l))) continue;
    if (steps[0] !== void 0) step.set(name, steps[0]);
  }
  return { modified, ids, others, init, step, modulus, mixedParity };
}
function stepOf(rv, id) {
  if (rv.op !== "binary" || rv.bop !== "+" && rv.bop !== "-") return void 0;
  const isV = (o) => o.kind === "var" && o.id === id;
  if (isV(rv.a) && rv.b.kind === "const") return rv.bop === "+" ? rv.b.value : -rv.b.value;
  if (rv.bop === "+" && isV(rv.b) && rv.a.kind === "const") return rv.a.value;
  return void 0;
}
function valueAtEnd(fn2, preds, block, id) {
  const seen = /* @__PURE__ */ new Set();
  for (let b = block; b !== void 0 && !seen.has(b); b = preds[b].length === 1 ? preds[b][0] : void 0) {
    seen.add(b);
    const instrs = fn2.blocks[b].instrs;
    for (let i = instrs.length - 1; i >= 0; i--) {
      const ins = instrs[i];
      if (ins.kind !== "assign") continue;
      if (ins.value.op === "call" || ins.value.op === "icall") return void 0;
      if (ins.dst?.root.kind === "deref") return void 0;
      if (ins.dst?.root.kind === "var" && ins.dst.root.id === id) {
        if (ins.dst.path.length || ins.value.op !== "use" || ins.value.a.kind !== "const") return void 0;
        return ins.value.a.value;
      }
    }
  }
  return void 0;
}
function functionConstants(fn2) {
  const set = /* @__PURE__ */ new Set([0n]);
  const see = (o) => {
    if (o.kind === "const" && o.type.kind === "int" && (o.value < 0n ? -o.value : o.value) <= MAX_CONSTANT) set.add(o.value);
  };
  for (const b of fn2.blocks) for (const ins of b.instrs) if (ins.kind === "assign") for (const o of rvalueOperands(ins.value)) see(o);
  const abs = (x) => x < 0n ? -x : x;
  return [...set].sort((a, b) => abs(a) < abs(b) ? -1 : abs(a) > abs(b) ? 1 : a < b ? -1 : 1).slice(0, MAX_CONSTANTS);
}
function gcd(a, b) {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}
var MAX_CONSTANTS, MAX_CONSTANT, MAX_ADDRESSES, MAX_PATHS, MAX_KEPT_VARS, MAX_GUARDS, MAX_GUARDED, MAX_ASSERTED;
var init_candidates = __esm({
  "server/src/prove/candidates.ts"() {
    "use strict";
    init_types();
    init_walk();
    init_source();
    init_cfg();
    init_dominators();
    init_condition();
    init_transform();
    init_uninitialised();
    MAX_CONSTANTS = 12;
    MAX_CONSTANT = 1n << 24n;
    MAX_ADDRESSES = 8;
    MAX_PATHS = 64;
    MAX_KEPT_VARS = 12;
    MAX_GUARDS = 3;
    MAX_GUARDED = 200;
    MAX_ASSERTED = 4;
  }
});

// server/src/prove/spacer.ts
async function spacerCandidates(z, program, fn2, loops, goal, timeoutMs, signal) {
  const out = /* @__PURE__ */ new Map();
  if (!loops.length) return out;
  const chc = new HornClauses(program, fn2);
  const query = chc.goalRule(goal);
  if (!query) return out;
  const text = chc.text(query);
  const answer = await queueCheck(async () => {
    if (signal?.aborted) return null;
    const fp = new z.ctx.Fixedpoint();
    try {
      fp.set("engine", "spacer");
      fp.set("timeout", Math.max(1, Math.round(timeoutMs)));
      const queries = fp.fromString(text);
      if (queries.length() !== 1) return null;
      const r = await interruptibleBy(z, signal, () => fp.query(queries.get(0)));
      if (r !== "unsat") return null;
      const sorts = chc.args.map(() => z.ctx.Int.sort());
      const covers = /* @__PURE__ */ new Map();
      for (const loop of loops) {
        const rel = z.ctx.Function.declare(chc.relation(loop.header), ...sorts, z.ctx.Bool.sort());
        const cover = fp.getCoverDelta(-1, rel);
        if (cover) covers.set(loop.header, cover.toString());
      }
      return covers;
    } catch {
      return null;
    } finally {
      fp.release();
    }
  });
  if (!answer) return out;
  const names = new Map(chc.args.map((id, i) => [`var!${i}`, chc.cName(id)]));
  for (const [header, cover] of answer) {
    const texts = [];
    const add2 = (c) => {
      if (c && c.length <= MAX_TEXT && !texts.includes(c)) texts.push(c);
    };
    const linear = [];
    for (const atom of atoms(expand(parse(cover.replace(/\(:var (\d+)\)/g, "var!$1"))))) {
      const l = linearAtom(atom, names);
      if (l) linear.push(l);
      add2(l ? `${l.sum} ${l.op} ${l.k}` : toC(atom, names));
    }
    for (const a of linear) if (a.op === ">=" && linear.some((b) => b.op === "<=" && b.sum === a.sum && b.k === a.k)) texts.unshift(`${a.sum} == ${a.k}`);
    if (texts.length) out.set(header, texts);
  }
  return out;
}
function parse(text) {
  const tokens = text.match(/\(|\)|\|[^|]*\||[^\s()]+/g) ?? [];
  let i = 0;
  const read = () => {
    const t = tokens[i++];
    if (t !== "(") return t;
    const list = [];
    while (i < tokens.length && tokens[i] !== ")") list.push(read());
    i++;
    return list;
  };
  return read();
}
function expand(e, env = /* @__PURE__ */ new Map()) {
  if (typeof e === "string") return env.get(e) ?? e;
  if (e[0] === "let" && Array.isArray(e[1])) {
    const inner = new Map(env);
    for (const b of e[1]) if (Array.isArray(b) && typeof b[0] === "string") inner.set(b[0], expand(b[1], env));
    return expand(e[2], inner);
  }
  if (e[0] === "!") return expand(e[1], env);
  return e.map((x) => expand(x, env));
}
function atoms(e, negated = false) {
  if (typeof e === "string") return [];
  const [op, ...args] = e;
  if (op === "and" || op === "or") return args.flatMap((a) => atoms(a, negated));
  if (op === "not") return atoms(args[0], !negated);
  if (op === "<=" || op === "<" || op === ">=" || op === ">" || op === "=") {
    if (!negated) return [e];
    if (op === "=") return [];
    return [[{ "<=": ">", "<": ">=", ">=": "<", ">": "<=" }[op], ...args]];
  }
  return [];
}
function linearOf(e) {
  if (typeof e === "string") return /^\d+$/.test(e) ? { terms: /* @__PURE__ */ new Map(), k: BigInt(e) } : { terms: /* @__PURE__ */ new Map([[e, 1n]]), k: 0n };
  const [op, ...args] = e;
  const parts = args.map(linearOf);
  if (parts.some((p) => p === null)) return null;
  const ls = parts;
  const scale2 = (l, c) => ({ terms: new Map([...l.terms].map(([v, x]) => [v, x * c])), k: l.k * c });
  const plus = (a, b) => {
    const terms = new Map(a.terms);
    for (const [v, x] of b.terms) terms.set(v, (terms.get(v) ?? 0n) + x);
    return { terms, k: a.k + b.k };
  };
  switch (op) {
    case "+":
      return ls.reduce(plus);
    case "-":
      return ls.length === 1 ? scale2(ls[0], -1n) : ls.slice(1).reduce((acc, l) => plus(acc, scale2(l, -1n)), ls[0]);
    case "*": {
      if (ls.length !== 2) return null;
      const [a, b] = ls;
      if (!a.terms.size) return scale2(b, a.k);
      if (!b.terms.size) return scale2(a, b.k);
      return null;
    }
    default:
      return null;
  }
}
function linearAtom(e, names) {
  if (typeof e === "string" || e.length !== 3) return null;
  const [op, a, b] = e;
  const la = linearOf(a);
  const lb = linearOf(b);
  if (!la || !lb || typeof op !== "string") return null;
  const terms = new Map(la.terms);
  for (const [v, x] of lb.terms) terms.set(v, (terms.get(v) ?? 0n) - x);
  let k = lb.k - la.k;
  let entries = [...terms].filter(([, x]) => x !== 0n);
  if (!entries.length) return null;
  let rel = op === "=" ? "==" : op;
  if (rel === ">") [rel, k] = [">=", k + 1n];
  if (rel === "<") [rel, k] = ["<=", k - 1n];
  const named = entries.map(([v, x]) => [names.get(v), x]);
  if (named.some(([n]) => n === void 0 || n.startsWith("\0"))) return null;
  named.sort((p, q) => p[0] < q[0] ? -1 : 1);
  entries = named.map(([n, x]) => [n, x]);
  if (entries[0][1] < 0n) {
    entries = entries.map(([n, x]) => [n, -x]);
    k = -k;
    rel = { ">=": "<=", "<=": ">=", "==": "==" }[rel] ?? rel;
  }
  const term = (n, x, first) => {
    const mag = x < 0n ? -x : x;
    const body = mag === 1n ? first ? `(long long)${n}` : n : `${mag}LL * ${n}`;
    return first ? x < 0n ? `-${body}` : body : `${x < 0n ? "-" : "+"} ${body}`;
  };
  const sum = entries.map(([n, x], i) => term(n, x, i === 0)).join(" ");
  return { sum, op: rel, k };
}
function toC(e, names) {
  const ll = (x) => {
    if (typeof x === "string") {
      if (/^\d+$/.test(x)) return `${x}LL`;
      const n = names.get(x);
      return n === void 0 || n.startsWith("\0") ? null : `(long long)${n}`;
    }
    const [op, ...args] = x;
    const parts = args.map(ll);
    if (parts.some((p2) => p2 === null)) return null;
    const p = parts;
    switch (op) {
      case "+":
        return `(${p.join(" + ")})`;
      case "-":
        return p.length === 1 ? `(-${p[0]})` : `(${p.join(" - ")})`;
      case "*":
        return `(${p.join(" * ")})`;
      case "mod":
        return p.length === 2 && /^\d+LL$/.test(p[1]) ? `((${p[0]} % ${p[1]} + ${p[1]}) % ${p[1]})` : null;
      case "div":
        return p.length === 2 && /^\d+LL$/.test(p[1]) ? `((${p[0]} - (${p[0]} % ${p[1]} + ${p[1]}) % ${p[1]}) / ${p[1]})` : null;
      case "ite": {
        const c2 = cond(args[0]);
        return c2 && p.length === 3 ? `(${c2} ? ${p[1]} : ${p[2]})` : null;
      }
      default:
        return null;
    }
  };
  const cond = (x) => {
    if (typeof x === "string") return x === "true" ? "1" : x === "false" ? "0" : null;
    const [op, ...args] = x;
    switch (op) {
      case "and":
      case "or": {
        const cs = args.map(cond);
        return cs.some((c2) => c2 === null) ? null : `(${cs.join(op === "and" ? " && " : " || ")})`;
      }
      case "not": {
        const c2 = cond(args[0]);
        return c2 === null ? null : `!${c2}`;
      }
      case "<":
      case "<=":
      case ">":
      case ">=":
      case "=": {
        if (args.length !== 2) return null;
        const [a, b] = args.map(ll);
        return a === null || b === null ? null : `(${a} ${op === "=" ? "==" : op} ${b})`;
      }
      default:
        return null;
    }
  };
  const c = cond(e);
  return c === "1" || c === "0" ? null : c;
}
function targetBlocks(target) {
  if (target.kind === "edges") return [...new Set(target.edges.map((e) => e.from))];
  return [target.block];
}
var MAX_TEXT, MAX_PATHS2, HornClauses, and, or, num, asInt;
var init_spacer = __esm({
  "server/src/prove/spacer.ts"() {
    "use strict";
    init_interp();
    init_ranges();
    init_z3();
    init_walk();
    init_loops();
    init_cfg();
    MAX_TEXT = 160;
    MAX_PATHS2 = 32;
    HornClauses = class {
      constructor(program, fn2) {
        this.program = program;
        this.fn = fn2;
        const ids = /* @__PURE__ */ new Set();
        const see = (id) => {
          if (ownIntType(program, id)) ids.add(id);
        };
        for (const b of fn2.blocks)
          for (const ins of b.instrs) if (ins.kind === "assign" && ins.dst?.root.kind === "var" && !ins.dst.path.length) see(ins.dst.root.id);
        for (const id of fn2.params) see(id);
        const blocksOf = /* @__PURE__ */ new Map();
        for (const b of fn2.blocks) {
          const mention = (id) => (blocksOf.get(id) ?? blocksOf.set(id, /* @__PURE__ */ new Set()).get(id)).add(b.id);
          for (const ins of b.instrs) forEachVar(ins, mention);
          for (const op of terminatorOperands(b.terminator)) if (op.kind === "var") mention(op.id);
        }
        const local = (id) => program.vars.get(id).kind === "temp" && (blocksOf.get(id)?.size ?? 0) <= 1;
        this.args = [...ids].filter((id) => !local(id)).sort((a, b) => a - b);
        const sorts = this.args.map(() => "Int").join(" ");
        for (const b of fn2.blocks) this.decls.push(`(declare-rel ${this.relation(b.id)} (${sorts}))`);
        this.decls.push("(declare-rel goal ())");
        for (const id of this.args) this.decls.push(`(declare-var ${this.var(id)} Int)`);
        this.rules.push(
          `(rule (=> ${and(this.args.map((id) => this.inType(this.var(id), ownIntType(this.program, id))))} ${this.apply(
            0,
            this.args.map((id) => this.var(id))
          )}))`
        );
        for (const b of fn2.blocks) this.blockRules(b);
      }
      program;
      fn;
      /** The variables every relation takes, in order: integer locals, parameters and temps whose address is never taken. */
      args;
      decls = [];
      rules = [];
      fresh = 0;
      relation(block) {
        return `b${block}`;
      }
      /** A C name for an argument (temps have none a candidate could use). */
      cName(id) {
        const v = this.program.vars.get(id);
        return v.kind === "temp" || !/^[A-Za-z_]\w*$/.test(v.name) ? `\0${id}` : v.name;
      }
      var(id) {
        return `v${id}`;
      }
      apply(block, terms) {
        return terms.length ? `(${this.relation(block)} ${terms.join(" ")})` : this.relation(block);
      }
      newVar() {
        const name = `x${this.fresh++}`;
        this.decls.push(`(declare-var ${name} Int)`);
        return name;
      }
      inType(term, t) {
        return `(and (<= ${num(intMinOf(t))} ${term}) (<= ${term} ${num(intMaxOf(t))}))`;
      }
      /** A block's rules: to each successor, under the branch condition. */
      blockRules(b) {
        const run8 = this.run(b, b.instrs.length);
        if (!run8) return;
        const t = b.terminator;
        const to = (succ, cond) => this.rules.push(
          `(rule (=> ${and([run8.from, ...run8.constraints, cond])} ${this.apply(
            succ,
            this.args.map((id) => run8.cur.get(id))
          )}))`
        );
        if (t.kind === "goto") to(t.target, "true");
        else if (t.kind === "branch") {
          const c = this.operand(t.cond, run8.cur, run8.constraints);
          to(t.then, `(not (= ${c} 0))`);
          to(t.else, `(= ${c} 0)`);
        } else if (t.kind === "switch") {
          const v = this.operand(t.value, run8.cur, run8.constraints);
          const all = [];
          for (const c of t.cases) {
            const values = c.values.map((x) => asInt(x, t.value.type));
            all.push(...values);
            to(c.target, or(values.map((x) => `(= ${v} ${num(x)})`)));
          }
          to(t.default, and(all.map((x) => `(not (= ${v} ${num(x)}))`)));
        }
      }
      /**
       * The block's first `upTo` instructions from its relation: the variables' terms after them and the
       * constraints met on the way; null when an error call ends the execution before.
       */
      run(b, upTo) {
        const cur = new Map(this.args.map((id) => [id, this.var(id)]));
        const constraints = [];
        const from = this.apply(
          b.id,
          this.args.map((id) => this.var(id))
        );
        return this.exec(b, upTo, cur, constraints) ? { from, cur, constraints } : null;
      }
      /** Runs the block's first `upTo` instructions on `cur`, adding their constraints; false when an error call ends the execution. */
      exec(b, upTo, cur, constraints) {
        for (let i = 0; i < upTo; i++) {
          const ins = b.instrs[i];
          if (ins.kind === "error") return false;
          if (ins.kind === "assume" || ins.kind === "assert") constraints.push(`(not (= ${this.operand(ins.cond, cur, constraints)} 0))`);
          if (ins.kind !== "assign" || !ins.dst || ins.dst.root.kind !== "var" || ins.dst.path.length) continue;
          const t = ownIntType(this.program, ins.dst.root.id);
          if (!t) continue;
          const x = this.newVar();
          constraints.push(`(= ${x} ${this.rvalue(ins.value, t, cur, constraints)})`);
          cur.set(ins.dst.root.id, x);
        }
        return true;
      }
      operand(op, cur, constraints) {
        if (op.kind === "const" && op.type.kind === "int") return num(asInt(op.value, op.type));
        if (op.kind === "var" && cur.has(op.id)) return cur.get(op.id);
        return this.any(op.type.kind === "int" ? op.type : null, constraints);
      }
      /** A fresh value: any value of the integer type (any integer for another type). */
      any(t, constraints) {
        const x = this.newVar();
        if (t) constraints.push(this.inType(x, t));
        return x;
      }
      /** The term of an rvalue assigned to a variable of type t; the conditions for it to be defined go to `constraints`. */
      rvalue(rv, t, cur, constraints) {
        const o = (op) => this.operand(op, cur, constraints);
        const wrap = (raw, type) => {
          if (type.signed) {
            constraints.push(this.inType(raw, type));
            return raw;
          }
          return `(mod ${raw} ${num(1n << BigInt(type.bits))})`;
        };
        switch (rv.op) {
          case "use":
            return rv.a.type.kind === "int" ? o(rv.a) : this.any(t, constraints);
          case "cast": {
            if (rv.a.type.kind !== "int") return this.any(t, constraints);
            const a = o(rv.a);
            const from = rv.a.type;
            if (intMinOf(from) >= intMinOf(t) && intMaxOf(from) <= intMaxOf(t)) return a;
            const m = num(1n << BigInt(t.bits));
            if (!t.signed || t.bits === 1) return t.bits === 1 ? `(ite (= ${a} 0) 0 1)` : `(mod ${a} ${m})`;
            const lo = num(intMinOf(t));
            return `(+ (mod (- ${a} ${lo}) ${m}) ${lo})`;
          }
          case "unary": {
            if (rv.type.kind !== "int") return this.any(t, constraints);
            const a = o(rv.a);
            if (rv.uop === "!") return `(ite (= ${a} 0) 1 0)`;
            if (rv.uop === "-") return wrap(`(- ${a})`, rv.type);
            return rv.type.signed ? `(- (- ${a}) 1)` : `(- ${num(intMaxOf(rv.type))} ${a})`;
          }
          case "binary": {
            if (rv.type.kind !== "int" && !isComparison(rv.bop)) return this.any(t, constraints);
            if (rv.a.type.kind !== "int" || rv.b.type.kind !== "int") return this.any(t, constraints);
            const a = o(rv.a);
            const b = o(rv.b);
            const ty = rv.type;
            const c = rv.b.kind === "const" ? asInt(rv.b.value, rv.b.type) : null;
            switch (rv.bop) {
              case "<":
              case "<=":
              case ">":
              case ">=":
                return `(ite (${rv.bop} ${a} ${b}) 1 0)`;
              case "==":
                return `(ite (= ${a} ${b}) 1 0)`;
              case "!=":
                return `(ite (= ${a} ${b}) 0 1)`;
              case "+":
              case "-":
              case "*":
                return wrap(`(${rv.bop} ${a} ${b})`, ty);
              case "/":
              case "%": {
                if (c === null || c === 0n) {
                  constraints.push(`(not (= ${b} 0))`);
                  return this.any(t, constraints);
                }
                const k = c < 0n ? -c : c;
                const q0 = `(ite (>= ${a} 0) (div ${a} ${num(k)}) (- (div (- ${a}) ${num(k)})))`;
                const q = c < 0n ? `(- ${q0})` : q0;
                if (rv.bop === "/") return ty.signed ? wrap(q, ty) : q;
                return `(- ${a} (* ${num(c)} ${q}))`;
              }
              case "&":
                if (c !== null && c > 0n && (c & c + 1n) === 0n) return `(mod ${a} ${num(c + 1n)})`;
                return this.any(t, constraints);
              case ">>":
                if (c !== null && c >= 0n && c < BigInt(ty.bits)) return `(div ${a} ${num(1n << c)})`;
                return this.any(t, constraints);
              case "<<":
                if (c !== null && c >= 0n && c < BigInt(ty.bits)) {
                  if (ty.signed) constraints.push(`(>= ${a} 0)`);
                  return wrap(`(* ${a} ${num(1n << c)})`, ty);
                }
                return this.any(t, constraints);
              default:
                return this.any(t, constraints);
            }
          }
          default:
            return this.any(t, constraints);
        }
      }
      /**
       * The rules that derive `goal` when the goal's target is reached: in the analysed function, or in a
       * loop-free function it calls directly (`__VERIFIER_assert(cond)`'s error call), its parameters the
       * call's arguments. Null for a target it does not encode.
       */
      goalRule(goal) {
        const rule = (body) => `(rule (=> ${and(body)} goal))`;
        const target = goal.target;
        if (!goal.context) {
          if (goal.function !== this.fn.name) return null;
          if (target.kind === "block")
            return rule([
              this.apply(
                target.block,
                this.args.map((id) => this.var(id))
              )
            ]);
          const rules2 = [];
          for (const block of targetBlocks(target)) {
            const cur = new Map(this.args.map((id) => [id, this.var(id)]));
            const alternatives = this.atTarget(this.fn, target, block, cur, []);
            if (alternatives === null) return null;
            const from = this.apply(
              block,
              this.args.map((id) => this.var(id))
            );
            for (const alt of alternatives) rules2.push(rule([from, ...alt]));
          }
          return rules2.length ? rules2.join("\n") : null;
        }
        const sites = goal.context.sites;
        if (goal.context.entry !== this.fn.name || sites.length !== 1 || sites[0].function !== this.fn.name) return null;
        const callee = this.program.functions.find((f) => f.name === sites[0].callee);
        const call = this.fn.blocks[sites[0].block]?.instrs[sites[0].index];
        if (!callee || findLoops(callee).length || call?.kind !== "assign" || call.value.op !== "call") return null;
        const r = this.run(this.fn.blocks[sites[0].block], sites[0].index);
        if (!r) return null;
        const entry2 = /* @__PURE__ */ new Map();
        const args = call.value.args;
        callee.params.forEach((p, i) => {
          if (ownIntType(this.program, p) && args[i]) entry2.set(p, this.operand(args[i], r.cur, r.constraints));
        });
        const rules = [];
        for (const block of targetBlocks(target)) {
          const paths = this.pathsTo(callee, block, entry2);
          if (paths === null) return null;
          for (const path13 of paths) {
            const alternatives = this.atTarget(callee, target, block, path13.cur, path13.constraints);
            if (alternatives === null) return null;
            for (const alt of alternatives) rules.push(rule([r.from, ...r.constraints, ...alt]));
          }
        }
        return rules.length ? rules.join("\n") : null;
      }
      /**
       * The executions of a loop-free function from its entry to the start of `block`: the terms and
       * constraints of each path (at most MAX_PATHS; null past that).
       */
      pathsTo(func, block, entry2) {
        const out = [];
        const visit = (id, cur, constraints) => {
          if (id === block) {
            out.push({ cur, constraints });
            return out.length <= MAX_PATHS2;
          }
          const b = func.blocks[id];
          const c = new Map(cur);
          const cs = [...constraints];
          if (!this.exec(b, b.instrs.length, c, cs)) return true;
          for (const s of successors(b)) {
            const cs2 = [...cs];
            const cond = this.edgeCondition(b, s, c, cs2);
            if (cond === null) return false;
            if (!visit(s, new Map(c), [...cs2, cond])) return false;
          }
          return true;
        };
        return visit(0, new Map(entry2), []) ? out : null;
      }
      /**
       * At the start of `block` (one of the target's), the constraint lists under which the target is
       * reached from there: its instructions before the target run, then its own condition. Null for a
       * target this does not encode.
       */
      atTarget(func, target, block, cur, constraints) {
        const b = func.blocks[block];
        const cs = [...constraints];
        switch (target.kind) {
          case "block":
            return [cs];
          case "point":
          case "error":
            return this.exec(b, target.index, cur, cs) ? [cs] : [];
          case "assert": {
            const ins = b.instrs[target.index];
            if (ins?.kind !== "assert") return null;
            if (!this.exec(b, target.index, cur, cs)) return [];
            return [[...cs, `(= ${this.operand(ins.cond, cur, cs)} 0)`]];
          }
          case "edges": {
            if (!this.exec(b, b.instrs.length, cur, cs)) return [];
            const out = [];
            for (const e of target.edges.filter((x) => x.from === block)) {
              const c2 = [...cs];
              const cond = this.edgeCondition(b, e.to, cur, c2);
              if (cond === null) return null;
              out.push([...c2, cond]);
            }
            return out;
          }
          case "runtime-error": {
            const ins = b.instrs[target.index];
            if (ins?.kind !== "assign") return null;
            if (!this.exec(b, target.index, cur, cs)) return [];
            const rv = ins.value;
            if (target.error === "overflow" && rv.op === "binary" && (rv.bop === "+" || rv.bop === "-" || rv.bop === "*") && rv.type.kind === "int") {
              const raw = `(${rv.bop} ${this.operand(rv.a, cur, cs)} ${this.operand(rv.b, cur, cs)})`;
              return [[...cs, `(not ${this.inType(raw, rv.type)})`]];
            }
            if (target.error === "div-by-zero" && rv.op === "binary" && (rv.bop === "/" || rv.bop === "%"))
              return [[...cs, `(= ${this.operand(rv.b, cur, cs)} 0)`]];
            return null;
          }
        }
      }
      edgeCondition(b, to, cur, constraints) {
        const t = b.terminator;
        if (t.kind === "goto") return "true";
        if (t.kind === "branch") {
          const c = this.operand(t.cond, cur, constraints);
          if (t.then === t.else) return "true";
          return to === t.then ? `(not (= ${c} 0))` : `(= ${c} 0)`;
        }
        if (t.kind === "switch") {
          const v = this.operand(t.value, cur, constraints);
          const values = t.cases.filter((c) => c.target === to).flatMap((c) => c.values.map((x) => asInt(x, t.value.type)));
          const all = t.cases.flatMap((c) => c.values.map((x) => asInt(x, t.value.type)));
          const parts = values.map((x) => `(= ${v} ${num(x)})`);
          if (to === t.default) parts.push(and(all.map((x) => `(not (= ${v} ${num(x)}))`)));
          return or(parts);
        }
        return null;
      }
      /** The whole SMT-LIB2 text: declarations, rules, the goal's rule and the query. */
      text(goalRule) {
        return [...this.decls, ...this.rules, goalRule, "(query goal)"].join("\n");
      }
    };
    and = (xs) => xs.length === 0 ? "true" : xs.length === 1 ? xs[0] : `(and ${xs.join(" ")})`;
    or = (xs) => xs.length === 0 ? "false" : xs.length === 1 ? xs[0] : `(or ${xs.join(" ")})`;
    num = (x) => x < 0n ? `(- ${-x})` : `${x}`;
    asInt = (v, t) => t.kind === "int" ? wrapInt(v, t) : v;
  }
});

// server/src/prove/prover.ts
function reachableFunctions(program, fn2) {
  const { order, recursive } = callTree(program, fn2);
  if (recursive) return { fail: "recursion" };
  const out = [];
  for (const f of order) {
    const a = abstractable(program, f);
    if (a.refuse) return { fail: a.refuse };
    if (a.loops.length) out.push(f);
  }
  return out;
}
var CANDIDATE_TEMPS, HOUDINI_BUDGET, GOAL_BUDGET, MAX_CORE2, SPACER_SHARE, PEEL, proxies, InvariantProver;
var init_prover = __esm({
  "server/src/prove/prover.ts"() {
    "use strict";
    init_loops();
    init_callgraph();
    init_level();
    init_targets();
    init_state();
    init_errors2();
    init_z3();
    init_transform();
    init_candidates();
    init_spacer();
    CANDIDATE_TEMPS = 15e8;
    HOUDINI_BUDGET = 2;
    GOAL_BUDGET = 4;
    MAX_CORE2 = 8;
    SPACER_SHARE = 0.25;
    PEEL = 1;
    proxies = 0;
    InvariantProver = class {
      constructor(z, program, fn2, options) {
        this.z = z;
        this.program = program;
        this.fn = fn2;
        this.options = options;
      }
      z;
      program;
      fn;
      options;
      inductive = /* @__PURE__ */ new Map();
      /** Time the goal queries took so far: past the budget, no more are tried. */
      spentMs = 0;
      /**
       * `unreachable`/`holds` with proof `invariant` for a goal bounded unrolling
       * left open, or null (with no claim) when the invariants found do not exclude it.
       */
      async prove(goal, signal, effort = "full") {
        if (this.loopFree()) return null;
        this.reason = "no invariant found excludes it";
        const v = await this.attempt(goal, signal, effort);
        if (v) this.notProved.delete(goal.id);
        else this.notProved.set(goal.id, this.reason);
        return v;
      }
      loopless;
      loopFree() {
        if (this.loopless === void 0) {
          const withLoops = reachableFunctions(this.program, this.fn);
          this.loopless = !("fail" in withLoops) && withLoops.length === 0;
        }
        return this.loopless;
      }
      /** Why the last attempt on each goal made no claim, in words (the report's `tried` cause). */
      notProved = /* @__PURE__ */ new Map();
      /** Why the attempt under way has made no claim so far. */
      reason = "";
      async attempt(goal, signal, effort = "full") {
        const before = this.cheapLeft.get(goal.id);
        if (before === void 0) {
          const v = await this.cheap(goal, signal);
          if (v !== null && v !== "open") return v;
          this.cheapLeft.set(goal.id, v ?? { reason: this.reason });
          if (v === null) return null;
        } else if (before !== "open") {
          this.reason = before.reason;
          return null;
        }
        if (effort === "cheap") return null;
        const spacer = await this.withSpacer(goal, signal);
        if (spacer || this.spentMs > GOAL_BUDGET * this.options.timeoutMs) {
          if (!spacer) this.reason = `${this.reason} (its time for invariants was spent)`;
          return spacer;
        }
        if (effort === "quick") return null;
        const guarded = await this.inductiveOf("guarded", signal);
        if ("fail" in guarded) {
          if (guarded.fail === "the invariant checks ran out of time") this.reason = `${this.reason} (the last candidates' checks ran out of time)`;
          return null;
        }
        const g = await this.proveWith(guarded, goal, signal);
        return g === "open" ? null : g;
      }
      /** Goals the first stages (kept quantities, every candidate, exact sums) left open, or made no claim on (why). */
      cheapLeft = /* @__PURE__ */ new Map();
      /** The stages whose Houdini is quick: kept quantities and asserted conditions, every candidate, exact sums. */
      async cheap(goal, signal) {
        const kept = await this.inductiveOf("kept", signal);
        const first = "fail" in kept ? null : await this.proveWith(kept, goal, signal);
        if (first && first !== "open") return first;
        const all = await this.inductiveOf("all", signal);
        if ("fail" in all) {
          this.reason = `no invariant could be checked: ${all.fail}`;
          return null;
        }
        const v = await this.proveWith(all, goal, signal);
        if (v !== "open") return v;
        const exact = await this.inductiveOf("exact", signal);
        return "fail" in exact ? "open" : this.proveWith(exact, goal, signal);
      }
      inductiveOf(stage, signal) {
        let p = this.inductive.get(stage);
        if (!p) {
          this.inductive.set(stage, p = this.houdini(stage, signal));
          p.catch(() => this.inductive.delete(stage));
        }
        return p;
      }
      /** The verdict the alive invariants of `ind` give the goal; `open` when they do not exclude it, null when no claim can be made. */
      async proveWith(ind, goal, signal) {
        const { level, abstractions } = ind;
        const top = abstractions.get(this.fn.name);
        const goals = top ? top.goalsIn(goal) : [goal];
        const copies = [];
        for (const g of goals) {
          let target = g.target;
          const callee = g.function !== this.fn.name ? abstractions.get(g.function) : void 0;
          if (callee && target.kind === "edges") target = { ...target, edges: target.edges.flatMap((e) => callee.edgesIn(e)) };
          copies.push(...goalCopies(level, { ...g, target }));
        }
        if (!copies.length) return null;
        if (taintsBefore(level, [...copies, ...ind.checks.map((c) => c.copy)]).length) {
          this.reason = "no claim possible: what CReach does not model comes before the goal or the loop";
          return null;
        }
        if (this.spentMs > GOAL_BUDGET * this.options.timeoutMs) {
          this.reason = `${this.reason} (its time for invariants was spent)`;
          return null;
        }
        const used = /* @__PURE__ */ new Map();
        for (const copy of copies) {
          const t0 = Date.now();
          const core = await this.coreOf(ind, copy, signal).finally(() => this.spentMs += Date.now() - t0);
          if (core === null) return "open";
          for (const lit of core) {
            const a = ind.byLit.get(lit);
            const s = used.get(a.loop) ?? /* @__PURE__ */ new Set();
            s.add(a.candidate);
            used.set(a.loop, s);
          }
        }
        if (level.enc.sizeHits.length && !await this.noSizeHitBefore(ind, copies, signal)) {
          this.reason = "no claim possible: a run of the loops' abstraction reaches an input's assumed size first";
          return null;
        }
        const isProperty = goal.kind === "assertion" || goal.kind === "runtime-error";
        const loops = ind.loops.filter((l) => used.has(l)).map((l) => ({
          ...l.function !== this.fn.name ? { function: l.function } : {},
          line: l.line,
          invariant: [...used.get(l)].sort((a, b) => a - b).map((k) => l.candidates[k].text)
        }));
        const allocBefore = !this.options.mallocMayFail && level.enc.allocNodes.some((a) => copies.some((c) => level.ancestors[c.node].has(a) || a === c.node));
        return {
          status: isProperty ? "holds" : "unreachable",
          proof: "invariant",
          causes: [
            { kind: "invariant", loops },
            ...allocBefore ? [{ kind: "assumes", assumptions: ["malloc and calloc succeed (--malloc-may-fail lets them fail)"] }] : []
          ]
        };
      }
      /**
       * Once per goal the candidates could not exclude: Spacer's invariants for it (spacer.ts) join the
       * candidates of the function's loops, and the goal is tried again with a new Houdini (they are checked
       * like the others). Null when Spacer has nothing new.
       */
      async withSpacer(goal, signal) {
        if (this.spacerTried.has(goal.id) || this.spentMs > GOAL_BUDGET * this.options.timeoutMs) return null;
        this.spacerTried.add(goal.id);
        const t0 = Date.now();
        const found = await spacerCandidates(this.z, this.program, this.fn, findLoops(this.fn), goal, this.options.timeoutMs * SPACER_SHARE, signal).finally(
          () => this.spentMs += Date.now() - t0
        );
        if (signal?.aborted) throw EngineError.cancelled();
        let added = false;
        for (const [header, texts] of found) {
          const known = this.spacerTexts.get(header) ?? [];
          for (const t of texts)
            if (!known.includes(t)) {
              known.push(t);
              added = true;
            }
          this.spacerTexts.set(header, known);
        }
        if (!added) return null;
        this.inductive.delete("all");
        const t1 = Date.now();
        const ind = await this.inductiveOf("all", signal);
        if ("fail" in ind) return null;
        const v = await this.proveWith(ind, goal, signal).finally(() => this.spentMs += Date.now() - t1);
        return v === "open" ? null : v;
      }
      spacerTried = /* @__PURE__ */ new Set();
      /** Spacer's candidates so far, by loop header of the analysed function. */
      spacerTexts = /* @__PURE__ */ new Map();
      /**
       * No run of the abstracted function reaches an input object's assumed size limit before the goal (with the
       * obligations before the access holding): then a larger input behaves as one the model has up to the goal, and
       * the proof is about C (solve/assumptions.ts asks the same of bounded answers).
       */
      async noSizeHitBefore(ind, copies, signal) {
        const { level } = ind;
        const { enc } = level;
        const hits = enc.sizeHits.filter((h) => copies.some((c) => level.ancestors[c.node].has(h.node) || c.node === h.node && h.index <= c.upTo));
        if (!hits.length) return true;
        const lits = hits.map((h) => {
          const at2 = { lit: enc.reach[h.node], node: h.node, upTo: h.index };
          return this.z.ctx.And(enc.reach[h.node], h.cond, ...this.before(ind, at2, true));
        });
        return await this.check(level, [this.z.ctx.Or(...lits)], signal) === "unsat";
      }
      /**
       * The literals making the obligations before a copy hold, as a goal's
       * (solve/targets.ts `obligationsBefore`), but with the candidates' own
       * obligations only for those alive, and their checks only with `checks`.
       */
      before(ind, copy, checks2, without) {
        const { enc, ancestors } = ind.level;
        const wanted = (lit) => {
          const c = ind.byLit.get(lit);
          return !c || c.loop.alive[c.candidate] && (checks2 || c.role === "assume") && !without?.(c);
        };
        const lits = [];
        for (const a of ancestors[copy.node]) {
          if (!ind.split.has(a)) lits.push(enc.okNode[a]);
          else for (const ob of enc.obligations) if (ob.node === a && wanted(ob.lit)) lits.push(ob.lit);
        }
        for (const ob of enc.obligations) if (ob.node === copy.node && (copy.upTo === Infinity || ob.index < copy.upTo) && wanted(ob.lit)) lits.push(ob.lit);
        return lits;
      }
      /**
       * Whether the copy is unreachable with the obligations before it: null when
       * it may be reached (or the solver gave up); else the candidates'
       * assumption literals in the unsat core (the invariants the proof used).
       */
      async coreOf(ind, copy, signal) {
        const { level } = ind;
        const at2 = this.z.ctx.Bool.const(`goal.inv!${++proxies}`);
        level.solver.add(at2.implies(copy.lit));
        setSolverTimeout(level.solver, this.options.timeoutMs);
        const r = await this.check(level, [at2, ...this.before(ind, copy, true)], signal);
        if (r !== "unsat") return null;
        let out = [];
        for (const lit of unsatCore(level.solver)) {
          for (const [k, c] of ind.byLit) if (c.role === "assume" && k.eqIdentity(lit)) out.push(k);
        }
        if (out.length > 1 && out.length <= MAX_CORE2)
          for (let i = 0; i < out.length; ) {
            const key = (c) => `${ind.loops.indexOf(c.loop)}:${c.candidate}`;
            const keep = new Set(out.filter((_, j) => j !== i).map((k) => key(ind.byLit.get(k))));
            const without = (c) => !keep.has(key(c));
            if (await this.check(level, [at2, ...this.before(ind, copy, true, without)], signal) === "unsat") out = out.filter((_, j) => j !== i);
            else i++;
          }
        return out;
      }
      check(level, assumptions, signal) {
        return queueCheck(async () => {
          if (signal?.aborted) throw EngineError.cancelled();
          if (this.failed.has(level)) return "unknown";
          const r = await interruptibleBy(this.z, signal, () => checkSolver(this.z, level.solver, assumptions)).catch(() => {
            if (signal?.aborted) throw EngineError.cancelled();
            this.failed.add(level);
            return "unknown";
          });
          if (signal?.aborted) throw EngineError.cancelled();
          return r;
        });
      }
      /** Levels whose solver failed inside a check: every later query on them answers unknown. */
      failed = /* @__PURE__ */ new WeakSet();
      /**
       * Candidates for every loop, the abstraction encoded once, then Houdini
       * rounds: while some alive candidate's check can fail (the obligations
       * before it holding, the alive candidates assumed, the other checks not),
       * the candidates failing in the model die. Unsatisfiable: the alive ones
       * are inductive together (in any execution, the first failing check would
       * be a model).
       */
      async houdini(stage, signal) {
        const deadline = Date.now() + HOUDINI_BUDGET * this.options.timeoutMs;
        const { program } = this;
        const withLoops = reachableFunctions(program, this.fn);
        if ("fail" in withLoops) return withLoops;
        const loops = [];
        let temps = CANDIDATE_TEMPS;
        let exactSums = 0;
        for (const f of withLoops) {
          const fl = findLoops(f);
          for (const loop of fl) {
            const texts = stage === "kept" || stage === "exact" ? [...candidateTexts(program, f, loop, fl).filter((t) => t.includes(" == ") && !t.includes("%")), ...assertedTexts(program, f)] : [
              ...candidateTexts(program, f, loop, fl),
              ...assertedTexts(program, f),
              ...f === this.fn ? this.spacerTexts.get(loop.header) ?? [] : [],
              ...stage === "guarded" ? guardedTexts(program, f, loop, fl) : []
            ];
            const add2 = (more) => {
              candidates.push(...more);
              for (const c of more) for (const t of c.temps) temps = Math.max(temps, t.id + 1);
            };
            const candidates = [];
            add2(await lowerCandidates(program, f, loop, texts, temps));
            add2(unassignedCandidates(program, f, loop, temps));
            const conserved = conservedCandidates(program, f, loop, fl, temps, stage === "exact");
            exactSums += stage === "exact" ? conserved.length : 0;
            add2(conserved);
            const head = f.blocks[loop.header];
            const line = head.terminator.range?.line ?? head.range?.line ?? f.range.line;
            loops.push({ function: f.name, header: loop.header, line, candidates, alive: candidates.map(() => true) });
          }
        }
        if (signal?.aborted) throw EngineError.cancelled();
        if (stage === "kept" && !loops.some((l) => l.candidates.length)) return { fail: "no candidates" };
        if (stage === "exact" && !exactSums) return { fail: "no quantity kept exactly" };
        const ind = this.build(loops, withLoops, temps);
        if ("fail" in ind) return ind;
        if (taintsBefore(
          ind.level,
          ind.checks.map((c) => c.copy)
        ).length)
          return { fail: "what CReach does not model comes before a check of the invariants" };
        const { ctx } = this.z;
        const { level } = ind;
        for (; ; ) {
          const remaining = deadline - Date.now();
          if (remaining <= 0) return { fail: "the invariant checks ran out of time" };
          const live = ind.checks.filter((c) => c.loop.alive[c.candidate]);
          if (!live.length) return ind;
          const fails = live.map((c) => ctx.And(c.copy.lit, ...this.before(ind, c.copy, false)));
          const q = ctx.Bool.const(`houdini!${++proxies}`);
          level.solver.add(q.implies(ctx.Or(...fails)));
          setSolverTimeout(level.solver, Math.max(1, Math.min(this.options.timeoutMs, remaining)));
          const r = await this.check(level, [q], signal);
          if (r === "unknown") {
            const several = new Set(live.map((c) => c.loop.candidates[c.candidate])).size > 1;
            const limit = Math.max(1, Math.floor(this.options.timeoutMs / 4));
            if (several && await this.dropUndecided(level, live, fails, limit, deadline, signal)) continue;
            return { fail: "the invariant checks ran out of time" };
          }
          if (r === "unsat") return ind;
          const model = level.solver.model();
          let dropped = 0;
          live.forEach((c, k) => {
            if (c.loop.alive[c.candidate] && trueIn(this.z, model, fails[k])) {
              c.loop.alive[c.candidate] = false;
              dropped++;
            }
          });
          if (!dropped) return { fail: "no failing check in the model" };
        }
      }
      /** Asks each live candidate's checks alone (within `limitMs`): those that can fail, or that Z3 cannot decide, die. How many died. */
      async dropUndecided(level, live, fails, limitMs, deadline, signal) {
        const { ctx } = this.z;
        const byCandidate = /* @__PURE__ */ new Map();
        live.forEach((c, k) => {
          const key = c.loop.candidates[c.candidate];
          (byCandidate.get(key) ?? byCandidate.set(key, []).get(key)).push(k);
        });
        let dropped = 0;
        for (const ks of byCandidate.values()) {
          const remaining = deadline - Date.now();
          if (remaining <= 0) break;
          const q = ctx.Bool.const(`houdini!${++proxies}`);
          level.solver.add(q.implies(ctx.Or(...ks.map((k) => fails[k]))));
          setSolverTimeout(level.solver, Math.max(1, Math.min(limitMs, remaining)));
          if (await this.check(level, [q], signal) === "unsat") continue;
          const c = live[ks[0]];
          c.loop.alive[c.candidate] = false;
          dropped++;
        }
        return dropped;
      }
      /** The program with every loop abstracted under all its candidates, encoded, with its checks and the candidates' obligations. */
      build(loops, withLoops, firstId) {
        let program = this.program;
        const abstractions = /* @__PURE__ */ new Map();
        for (const f of withLoops) {
          const candidates = /* @__PURE__ */ new Map();
          for (const l of loops) if (l.function === f.name) candidates.set(l.header, l.candidates);
          const a = abstractLoops({
            program,
            fn: program.functions.find((x) => x.name === f.name),
            candidates,
            peel: f.name === this.fn.name ? PEEL : 0,
            mode: "separate",
            firstId
          });
          abstractions.set(f.name, a);
          program = a.program;
          for (const v of a.program.vars.keys()) firstId = Math.max(firstId, v + 1);
        }
        const top = program.functions.find((x) => x.name === this.fn.name);
        const { u, enc, solver } = encodeAt(this.z, program, top, this.options, 1, false);
        if (u.unwinds.length) return { fail: "recursion" };
        if (enc.inputBounds.length || enc.assumptions.some((a) => !a.limit)) return { fail: "the input model assumes overlaps, argument counts or \\valid sizes" };
        const level = acyclicLevel(enc, solver);
        const loopOf = (fnName, header) => loops.find((l) => l.function === fnName && l.header === header);
        const checks2 = [];
        for (const [name, a] of abstractions)
          for (const c of a.checks)
            for (const site of enc.sites.get(siteKey(name, c.block, c.index)) ?? [])
              checks2.push({
                copy: { lit: enc.reach[site.node].and(site.cond.not()), node: site.node, upTo: c.index },
                loop: loopOf(name, c.header),
                candidate: c.candidate
              });
        const byLit = /* @__PURE__ */ new Map();
        const split = /* @__PURE__ */ new Set();
        for (const ob of enc.obligations) {
          if (ob.kind !== "assume" && ob.kind !== "assert") continue;
          const n = enc.unrolled.nodes[ob.node];
          const mark = abstractions.get(n.ctx.fn.name)?.marks.get(`${n.block.id}:${ob.index}`);
          const ins = n.block.instrs[ob.index];
          if (!mark || !ins || ins.kind !== "assume" && ins.kind !== "assert") continue;
          byLit.set(ob.lit, { loop: loopOf(n.ctx.fn.name, mark.header), candidate: mark.candidate, role: ins.kind === "assume" ? "assume" : "check" });
          split.add(ob.node);
        }
        return { loops, level, abstractions, checks: checks2, byLit, split };
      }
    };
  }
});

// server/src/testgen/cvalues.ts
function declare(t, name) {
  switch (t.kind) {
    case "pointer": {
      const inner = t.to.kind === "array" || t.to.kind === "function" ? `(*${name})` : `*${name}`;
      return declare(t.to, inner);
    }
    case "array":
      return declare(t.of, `${name}[${t.length ?? ""}]`);
    case "function": {
      const params = t.params.length === 0 ? t.prototyped ? "void" : "" : t.params.map((p) => declare(p, "")).join(", ");
      return declare(t.ret, `${name}(${params}${t.variadic ? ", ..." : ""})`);
    }
    default:
      return name ? `${typeToString(t)} ${name}` : typeToString(t);
  }
}
function toBigInt(v, what) {
  if (typeof v === "boolean") return v ? 1n : 0n;
  if (typeof v === "number" && Number.isInteger(v)) return BigInt(v);
  if (typeof v === "string" && /^-?\d+$/.test(v.trim())) return BigInt(v.trim());
  throw new ValueError(`${what}: expected an integer, got ${JSON.stringify(v)}`);
}
function intSuffix(t) {
  const u = t.signed ? "" : "u";
  if (t.rank === "longlong") return `${u}LL`.replace("uLL", "ULL");
  if (t.rank === "long") return t.signed ? "L" : "UL";
  return u;
}
function intLiteral(value, t) {
  if (t.bits === 1) return value !== 0n ? "1" : "0";
  const bits = BigInt(t.bits);
  const mod = 1n << bits;
  let v = (value % mod + mod) % mod;
  if (t.signed && v >= mod >> 1n) v -= mod;
  const suffix = intSuffix(t);
  if (t.signed && v === -(mod >> 1n)) return `(-${(mod >> 1n) - 1n}${suffix} - 1)`;
  if (v < 0n) return `-${-v}${suffix}`;
  return `${v}${suffix}`;
}
function hexFloat(x) {
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, x);
  const hi = buf.getUint32(0);
  const lo = buf.getUint32(4);
  const sign = hi >>> 31 ? "-" : "";
  const exp = hi >>> 20 & 2047;
  const mant = (BigInt(hi & 1048575) << 32n | BigInt(lo)).toString(16).padStart(13, "0").replace(/0+$/, "");
  if (exp === 0 && mant === "") return `${sign}0x0p+0`;
  const lead = exp === 0 ? "0" : "1";
  const e = exp === 0 ? -1022 : exp - 1023;
  return `${sign}0x${lead}${mant ? "." + mant : ""}p${e >= 0 ? "+" : ""}${e}`;
}
function toFloat(v, t, what) {
  if (typeof v === "number") return t.bits === 32 ? Math.fround(v) : v;
  if (typeof v === "string") {
    const s = v.trim();
    if (s === "nan") return NaN;
    if (s === "inf") return Infinity;
    if (s === "-inf") return -Infinity;
    if (s === "-0") return -0;
    const n = Number(s);
    if (s !== "" && !Number.isNaN(n)) return t.bits === 32 ? Math.fround(n) : n;
  }
  throw new ValueError(`${what}: expected a ${t.name} value, got ${JSON.stringify(v)}`);
}
function floatLiteral(x, t) {
  const cast = `(${t.name})`;
  if (Number.isNaN(x)) return `${cast}NAN`;
  if (x === Infinity) return `${cast}INFINITY`;
  if (x === -Infinity) return `${cast}-INFINITY`;
  return hexFloat(x) + (t.bits === 32 ? "f" : "");
}
function describeValue(v) {
  return typeof v === "string" ? v : JSON.stringify(v);
}
function scalarLiteral(t, v, what) {
  if (t.kind === "int") return intLiteral(toBigInt(v, what), t);
  if (t.kind === "float") return floatLiteral(toFloat(v, t, what), t);
  throw new ValueError(`${what}: ${typeToString(t)} is not an arithmetic type`);
}
var ValueError, POINTS_INTO, ObjectBuilder;
var init_cvalues = __esm({
  "server/src/testgen/cvalues.ts"() {
    "use strict";
    init_types();
    ValueError = class extends Error {
    };
    POINTS_INTO = /^&([A-Za-z_][\w.@]*)\[(\d+)\]$/;
    ObjectBuilder = class {
      constructor(prefix) {
        this.prefix = prefix;
      }
      prefix;
      /** Declarations, in the order they must appear. */
      decls = [];
      /** Input objects by the name data give them (`&l[1]` points into object `l`), as C expressions. */
      objects = /* @__PURE__ */ new Map();
      /** Pointer fields that point into objects declared after them: assigned once all are declared. */
      pending = [];
      counter = 0;
      fresh(hint) {
        return `${this.prefix}${hint.replace(/[^A-Za-z0-9_]/g, "_")}_${++this.counter}`;
      }
      /** Statements that set pointers into objects declared after the pointer (run after the declarations). */
      fixups() {
        return this.pending.map((f) => {
          const target = this.objects.get(f.object);
          if (!target) throw new ValueError(`${f.what}: points into '${f.object}', which is not an input object`);
          return `${f.lvalue} = ${target} + ${f.index};`;
        });
      }
      /** A brace or scalar initializer for `t` holding `v`; `lvalue` names the object being initialised (for pointer fix-ups). */
      initializer(t, v, what, lvalue) {
        switch (t.kind) {
          case "int":
          case "float":
            return scalarLiteral(t, v, what);
          case "pointer":
            return this.pointer(t, v, what, lvalue);
          case "array": {
            if (!Array.isArray(v)) throw new ValueError(`${what}: expected an array, got ${JSON.stringify(v)}`);
            if (t.length !== null && v.length > t.length) throw new ValueError(`${what}: ${v.length} elements for ${typeToString(t)}`);
            if (v.length === 0) return "{ 0 }";
            return `{ ${v.map((e, i) => this.initializer(t.of, e, `${what}[${i}]`, lvalue === void 0 ? void 0 : `${lvalue}[${i}]`)).join(", ")} }`;
          }
          case "struct": {
            if (v === null || typeof v !== "object" || Array.isArray(v)) throw new ValueError(`${what}: expected a struct object, got ${JSON.stringify(v)}`);
            const parts = [];
            for (const [name, fv] of Object.entries(v)) {
              const f = t.fields.find((x) => x.name === name);
              if (!f) throw new ValueError(`${what}: ${typeToString(t)} has no field '${name}'`);
              parts.push(`.${name} = ${this.initializer(f.type, fv, `${what}.${name}`, lvalue === void 0 ? void 0 : `${lvalue}.${name}`)}`);
            }
            return parts.length ? `{ ${parts.join(", ")} }` : "{ 0 }";
          }
          default:
            throw new ValueError(`${what}: cannot build a value of type ${typeToString(t)}`);
        }
      }
      /** A pointer value: `0` for null, else the name of a fresh array holding the pointee(s). */
      pointer(t, v, what, lvalue) {
        if (v === null) return `(${declare(t, "")})0`;
        const named = typeof v === "string" ? POINTS_INTO.exec(v) : null;
        if (named) {
          const target = this.objects.get(named[1]);
          if (target) return `(${target} + ${named[2]})`;
          if (lvalue === void 0) throw new ValueError(`${what}: points into '${named[1]}', which is not an input object`);
          this.pending.push({ lvalue, object: named[1], index: named[2], what });
          return `(${declare(t, "")})0`;
        }
        let elem = t.to;
        if (elem.kind === "void") elem = { kind: "int", bits: 8, signed: false, rank: "char", name: "unsigned char" };
        if (elem.kind === "function") throw new ValueError(`${what}: function pointer values are not supported`);
        const items2 = Array.isArray(v) && elem.kind !== "array" ? v : [v];
        const name = this.fresh(what);
        const arrayType = { kind: "array", of: elem, length: Math.max(items2.length, 1) };
        if (/^[A-Za-z_]\w*$/.test(what) && !this.objects.has(what)) this.objects.set(what, name);
        this.decls.push(`${declare(arrayType, name)} = ${this.initializer(arrayType, items2, what, name)};`);
        return name;
      }
    };
  }
});

// server/src/testgen/inputs.ts
function inputFunctions(program, report) {
  const defined = new Set(program.functions.map((f) => f.name));
  const found = /* @__PURE__ */ new Map();
  const add2 = (name, type, role2) => {
    if (!found.has(name)) found.set(name, { name, type, defined: defined.has(name), role: role2 });
  };
  for (const f of program.functions) {
    for (const b of f.blocks) {
      for (const instr of b.instrs) {
        if (instr.kind !== "assign") continue;
        const rv = instr.value;
        if (rv.op === "nondet") add2(rv.name, fn(rv.type, []), "input");
        else if (rv.op === "call" && rv.external && !LIBRARY.has(rv.callee) && !VERIFIER.some((v) => v.name === rv.callee)) {
          const declared = program.externals.get(rv.callee);
          add2(
            rv.callee,
            declared?.kind === "function" ? declared : fn(
              rv.type,
              rv.args.map((a) => a.type)
            ),
            "input"
          );
        }
      }
    }
  }
  for (const r of report?.functions ?? []) {
    for (const t of r.tests) {
      for (const n of t.nondet) {
        const declared = program.externals.get(n.call);
        if (!found.has(n.call) && !LIBRARY.has(n.call) && declared?.kind === "function") add2(n.call, declared, "input");
      }
    }
  }
  for (const v of VERIFIER) {
    const mentioned = program.externals.has(v.name) || new RegExp(`\\b${v.name}\\s*\\(`).test(program.source);
    if (!mentioned) continue;
    const declared = program.externals.get(v.name);
    add2(v.name, declared?.kind === "function" && declared.params.length === v.type.params.length ? declared : v.type, v.role);
  }
  return [...found.values()];
}
var LIBRARY, fn, VERIFIER;
var init_inputs3 = __esm({
  "server/src/testgen/inputs.ts"() {
    "use strict";
    init_types();
    init_libc();
    LIBRARY = LIBC;
    fn = (ret, params) => ({ kind: "function", ret, params, variadic: false, prototyped: true });
    VERIFIER = [
      { name: "reach_error", role: "error", type: fn(VOID, []) },
      { name: "__VERIFIER_error", role: "error", type: fn(VOID, []) },
      { name: "__VERIFIER_assume", role: "assume", type: fn(VOID, [INT]) },
      { name: "__VERIFIER_assert", role: "assert", type: fn(VOID, [INT]) }
    ];
  }
});

// server/src/testgen/harness.ts
function expectationOf(test, goals, returnsValue = false) {
  for (const id of test.goals) {
    const g = goals.find((x) => x.id === id);
    if (!g || g.status !== "violated") continue;
    if (g.kind === "runtime-error") return { kind: "runtime-error", line: g.line, error: g.outcome ?? "runtime error", goal: g.id };
    if (ERROR_TAG.test(g.id)) return { kind: "error-call", line: g.line, goal: g.id };
    if (ASSERT_TAG.test(g.id)) return { kind: "assert-fails", line: g.label.startsWith("`__VERIFIER_assert(") ? 0 : g.line, goal: g.id };
  }
  if (test.end?.how === "exit") return { kind: "exits", line: test.end.line, status: test.end.status ?? null };
  if (test.end?.how === "abort") return { kind: "aborts", line: test.end.line };
  return returnsValue && test.result === void 0 ? { kind: "no-result" } : { kind: "returns" };
}
function harnessTests(report, program) {
  const returnsValue = (name) => {
    const t = program?.functions.find((f) => f.name === name)?.type;
    return t?.kind === "function" && t.ret.kind !== "void";
  };
  const count = /* @__PURE__ */ new Map();
  for (const f of report.functions) for (const t of f.tests) count.set(t.id, (count.get(t.id) ?? 0) + 1);
  return report.functions.flatMap(
    (f) => f.tests.map((t) => ({
      name: (count.get(t.id) ?? 0) > 1 ? `${f.name}.${t.id}` : t.id,
      function: f.name,
      test: t,
      expect: expectationOf(t, f.goals, returnsValue(f.name))
    }))
  );
}
function emitHarness(program, report, opts) {
  const out = [];
  out.push(`/* CReach test harness for ${comment(report.file)}.`);
  out.push(` * Build: cc -Wall -Wextra THIS_FILE.c -o tests   Run all: ./tests   Run one: ./tests t1`);
  out.push(` * Each test calls the function with one datum and checks what CReach expects. On POSIX systems each`);
  out.push(` * test runs in a process of its own (exit() or a crash ends only that test); -DCREACH_NO_FORK runs them`);
  out.push(` * all in one process (under a debugger), -DCREACH_TEST_TIMEOUT=S limits each to S seconds (default 10). */`);
  out.push("");
  out.push(...harnessCode(program, report, opts).code);
  out.push(MAIN);
  if (opts.after) out.push(opts.after);
  return out.join("\n") + "\n";
}
function harnessCode(program, report, opts, render = harnessCheck, runtime) {
  const inputs = inputFunctions(program, report);
  const tests = harnessTests(report, program);
  const out = [];
  out.push(...prototypesBefore(inputs));
  out.push("static inline unsigned long long creach_indeterminate_int(const char *creach_var);");
  out.push("static inline double creach_indeterminate_double(const char *creach_var);");
  if (opts.before) out.push(opts.before);
  const failing = new Set(report.functions.flatMap((f) => f.tests.flatMap((t) => t.nondet.map((n) => n.call).filter((c) => ALLOCATORS.has(c)))));
  const allocFailures = failing.size > 0;
  if (allocFailures) {
    out.push("#include <stdlib.h>");
    if (failing.has("malloc")) out.push("static void *creach_malloc(size_t creach_n);", "#define malloc(n) creach_malloc(n)");
    if (failing.has("calloc")) out.push("static void *creach_calloc(size_t creach_n, size_t creach_s);", "#define calloc(n, s) creach_calloc(n, s)");
    if (failing.has("realloc")) out.push("static void *creach_realloc(void *creach_p, size_t creach_n);", "#define realloc(p, n) creach_realloc(p, n)");
  }
  out.push("#define main creach_user_main");
  out.push(`#include ${cString(opts.sourcePath)}`);
  out.push("#undef main");
  if (failing.has("malloc")) out.push("#undef malloc");
  if (failing.has("calloc")) out.push("#undef calloc");
  if (failing.has("realloc")) out.push("#undef realloc");
  out.push("");
  const own = [...program.functions.map((f) => f.name), ...program.globals.map((g) => program.vars.get(g)?.name)];
  const clash = RUNNER_SYMBOLS.filter((n) => own.includes(n));
  if (clash.length) out.push(`#define CREACH_NO_FORK /* the program defines ${clash.join(", ")} itself */`);
  const ownError = inputs.filter((f) => f.role === "error" && f.defined).map((f) => f.name);
  if (ownError.length) out.push(`#define CREACH_OWN_ERROR_FUNCTION 1 /* ${ownError.join(", ")} */`);
  out.push(RUNTIME);
  if (runtime) out.push(runtime);
  if (failing.has("malloc")) out.push('static void *creach_malloc(size_t creach_n) { return creach_input("malloc")->i ? NULL : malloc(creach_n); }');
  if (failing.has("calloc"))
    out.push('static void *creach_calloc(size_t creach_n, size_t creach_s) { return creach_input("calloc")->i ? NULL : calloc(creach_n, creach_s); }');
  if (failing.has("realloc"))
    out.push('static void *creach_realloc(void *creach_p, size_t creach_n) { return creach_input("realloc")->i ? NULL : realloc(creach_p, creach_n); }');
  out.push(...stubs(inputs, program));
  const tables = [];
  const checks2 = [];
  for (const t of tests) {
    const f = program.functions.find((fn2) => fn2.name === t.function);
    const fr = report.functions.find((x) => x.name === t.function);
    out.push(...testBody(program, f, fr, t, inputs, tables, render, checks2));
  }
  out.push(...tables);
  out.push("static const struct creach_test creach_tests[] = {");
  for (const t of tests) {
    const id = cIdent(t.name);
    const line = "line" in t.expect ? t.expect.line : 0;
    const what = t.expect.kind === "runtime-error" ? t.expect.error : "";
    const status2 = t.expect.kind === "exits" && t.expect.status !== null ? (t.expect.status % 256 + 256) % 256 : -1;
    out.push(
      `    { ${cString(t.name)}, ${cString(t.test.goals.join(", "))}, creach_body_${id}, creach_inputs_${id}, ${t.test.nondet.length}, ${EXPECT_C[t.expect.kind]}, ${line}, ${cString(what)}, ${status2}, creach_indeterminate_${id}, ${t.test.indeterminate?.length ?? 0} },`
    );
  }
  if (tests.length === 0) out.push("    { 0, 0, 0, 0, 0, CREACH_RETURNS, 0, 0, -1, 0, 0 }");
  out.push("};");
  out.push(`#define CREACH_TEST_COUNT ${tests.length}`);
  return { code: out, tests, checks: checks2 };
}
function prototypesBefore(inputs) {
  const lines2 = [];
  for (const f of inputs) {
    if (f.defined || !(f.name.startsWith("__VERIFIER_") || f.role !== "input")) continue;
    if (f.type.params.some((p) => p.kind === "struct") || f.type.ret.kind === "struct") continue;
    lines2.push(`${declare(f.type, f.name)};`);
  }
  return lines2;
}
function stubs(inputs, program) {
  const out = ["/* Stubs: nondet and external functions return the values of the datum, in call order. */"];
  for (const f of inputs) {
    if (f.defined) continue;
    const params = f.type.params.map((p, i) => declare(p, `creach_a${i}`));
    const head = declare({ ...f.type, params: [], prototyped: false }, f.name).replace(
      /\(\)$/,
      `(${params.length ? params.join(", ") + (f.type.variadic ? ", ..." : "") : "void"})`
    );
    const unused = f.type.params.map((_, i) => `    (void)creach_a${i};`);
    out.push(`${head}`);
    out.push("{");
    out.push(...unused);
    if (f.role === "assume") {
      out.push(`    if (!creach_a0) creach_stop(CREACH_STOP_ASSUME, 0, ${cString(f.name)});`);
    } else if (f.role === "error") {
      out.push(`    creach_stop(CREACH_STOP_ERROR, 0, ${cString(f.name)});`);
    } else if (f.role === "assert") {
      out.push(`    if (!creach_a0) creach_stop(CREACH_STOP_ASSERT, 0, ${cString(f.name)});`);
    } else if (f.type.ret.kind !== "void") {
      out.push(`    return ${fromUnion(f.type.ret, `creach_input(${cString(f.name)})`, program)};`);
    }
    out.push("}");
  }
  return out;
}
function unionMember(t) {
  if (t.kind === "int") return t.signed ? "i" : "u";
  if (t.kind === "float") return t.bits === 32 ? "f" : "d";
  if (t.kind === "pointer") return "p";
  return null;
}
function fromUnion(t, value, _program) {
  const m = unionMember(t);
  if (!m) return `*(${declare(t, "*")})${value}->p`;
  return `(${declare(t, "")})${value}->${m}`;
}
function expectationComment(e) {
  switch (e.kind) {
    case "returns":
      return "";
    case "no-result":
      return "No expected result in the report: only the inputs, the goals and the end of the run are checked.";
    case "exits":
      return `Expected to end the process with exit(${e.status ?? ""}) at line ${e.line} (the test runs in a process of its own).`;
    case "aborts":
      return `Expected to end the process with abort() at line ${e.line} (the test runs in a process of its own).`;
    default:
      return `Expected to show: ${e.kind} at line ${e.line} (${e.goal}).`;
  }
}
function testBody(program, fn2, fr, t, inputs, tables, render, checksOut) {
  const id = cIdent(t.name);
  const out = [];
  const labels = t.test.goals.map((g) => {
    const goal = fr.goals.find((x) => x.id === g);
    return ` *   ${g}${goal ? ": " + comment(goal.label) : ""}`;
  });
  out.push(`/* ${t.name}: ${t.function}, generated for goals:`, ...labels);
  const expected = expectationComment(t.expect);
  if (expected) out.push(` * ${expected}`);
  out.push(" */");
  try {
    if (!fn2) throw new ValueError(`function ${t.function} is not in the program`);
    const body = new ObjectBuilder(`creach_${id}_`);
    const stmts = [];
    const inputTable = nondetTable(t.test, inputs, body, stmts, `creach_inputs_${id}`);
    const args = [];
    for (const [k, pid] of fn2.params.entries()) {
      const v = program.vars.get(pid);
      if (fn2.name === "main" && k === 1 && Array.isArray(t.test.inputs[v.name])) args.push(argvArg(v, t.test.inputs[v.name], body));
      else args.push(paramArg(program, v, t.test.inputs, body, args));
    }
    setGlobals(program, t.test.globals, body, stmts);
    const fnType = fn2.type.kind === "function" ? fn2.type : null;
    const ret = fnType?.ret ?? { kind: "void" };
    const callee = fn2.name === "main" ? "creach_user_main" : fn2.name;
    const callArgs = fn2.name === "main" && args.length === 2 && !fn2.params.some((p) => program.vars.get(p).name in t.test.inputs) ? ["1", "creach_main_argv"] : args.map((a) => a.expr);
    if (fn2.name === "main" && callArgs[1] === "creach_main_argv") body.decls.push('char *creach_main_argv[] = { (char *)"program", 0 };');
    const call = `${callee}(${callArgs.join(", ")})`;
    const checks2 = [];
    if (t.expect.kind === "returns") {
      if (t.test.result !== void 0 && ret.kind !== "void") {
        checks2.push(...compare3("creach_result", ret, t.test.result, "result", body.objects));
      }
      for (const [name, value] of Object.entries(t.test.outputs ?? {})) {
        const arg = args.find((a) => a.name === name.replace(/^\*/, ""));
        if (arg?.object) checks2.push(...compare3(arg.object.expr, arg.object.type, arg.object.asArray ? value : [value], name, body.objects));
        else if (name === "errno") checks2.push(...compare3("errno", INT, value, name, body.objects));
        else {
          const g = globalNamed(program, name);
          if (!g) throw new ValueError(`output '${name}' is neither a pointer parameter nor a global`);
          checks2.push(...compare3(name, g.type, value, name, body.objects));
        }
      }
    }
    tables.push(inputTable, indeterminateTable(t.test, `creach_indeterminate_${id}`));
    out.push(`static void creach_body_${id}(void)`);
    out.push("{");
    for (const d of body.decls) out.push(`    ${d}`);
    for (const f of body.fixups()) out.push(`    ${f}`);
    if (ret.kind !== "void" && checks2.length) out.push(`    ${declare(ret, "creach_result")};`);
    for (const s of stmts) out.push(`    ${s}`);
    out.push(ret.kind !== "void" && checks2.length ? `    creach_result = ${call};` : `    ${call};`);
    for (const c of checks2.flatMap(render)) out.push(`    ${c}`);
    out.push("}");
    checksOut.push(checks2);
  } catch (e) {
    if (!(e instanceof ValueError)) throw e;
    checksOut.push([]);
    tables.push(`static struct creach_input creach_inputs_${id}[1];`, `static struct creach_input creach_indeterminate_${id}[1];`);
    out.push(`static void creach_body_${id}(void)`);
    out.push("{");
    out.push(`    creach_cannot_build(${cString(e.message)});`);
    out.push("}");
  }
  out.push("");
  return out;
}
function argvArg(v, value, body) {
  const names = value.map((s, k) => {
    if (typeof s !== "string") throw new ValueError(`${v.name}[${k}]: expected a string, got ${JSON.stringify(s)}`);
    const name = body.fresh(`${v.name}${k}`);
    body.decls.push(`char ${name}[] = ${cStringBytes(s)};`);
    return name;
  });
  const arr = body.fresh(v.name);
  body.decls.push(`char *${arr}[] = { ${[...names, "0"].join(", ")} };`);
  return { name: v.name, expr: arr };
}
function cStringBytes(s) {
  let out = '"';
  for (const ch of s) {
    const b = ch.charCodeAt(0);
    if (b > 255 || b === 0) throw new ValueError(`a string of bytes cannot hold ${JSON.stringify(ch)}`);
    if (ch === '"' || ch === "\\" || ch === "?") out += `\\${ch}`;
    else if (b >= 32 && b <= 126) out += ch;
    else out += `\\${b.toString(8).padStart(3, "0")}`;
  }
  return out + '"';
}
function paramArg(program, v, inputs, body, earlier = []) {
  let t = v.type;
  if (t.kind === "array") t = { kind: "pointer", to: t.of };
  const value = v.name in inputs ? inputs[v.name] : zeroValue(t);
  const alias = t.kind === "pointer" && typeof value === "string" ? POINTS_INTO.exec(value) : null;
  if (alias) {
    const target = earlier.find((a) => a.name === alias[1]);
    if (!target?.object) throw new ValueError(`parameter ${v.name} aliases '${alias[1]}', which is not an earlier pointer parameter with an object`);
    return { name: v.name, expr: `(${target.object.expr} + ${alias[2]})` };
  }
  if (t.kind === "pointer") {
    const expr = body.pointer(t, value, v.name);
    if (value === null) return { name: v.name, expr };
    const elem = t.to.kind === "void" ? { kind: "int", bits: 8, signed: false, rank: "char", name: "unsigned char" } : t.to;
    const asArray = Array.isArray(value) && elem.kind !== "array";
    const length = asArray ? value.length : 1;
    return { name: v.name, expr, object: { expr, type: { kind: "array", of: elem, length }, asArray } };
  }
  const name = body.fresh(v.name);
  body.decls.push(`${declare(t, name)} = ${body.initializer(t, value, v.name)};`);
  void program;
  return { name: v.name, expr: name };
}
function zeroValue(t) {
  switch (t.kind) {
    case "pointer":
      return null;
    case "array":
      return [];
    case "struct":
      return {};
    default:
      return 0;
  }
}
function globalNamed(program, name) {
  for (const id of program.globals) {
    const v = program.vars.get(id);
    if (v && v.name === name) return v;
  }
  return void 0;
}
function setGlobals(program, globals, body, stmts) {
  for (const [name, value] of Object.entries(globals)) {
    if (name === "errno") {
      stmts.push(`errno = ${intLiteral(toBigInt(value, "errno"), INT)};`);
      continue;
    }
    const g = globalNamed(program, name);
    if (!g) throw new ValueError(`global '${name}' is not in the program`);
    if (name.includes(".")) throw new ValueError(`static local '${name}' cannot be set from outside its function`);
    if (g.isConst) continue;
    if (g.type.kind === "int" || g.type.kind === "float" || g.type.kind === "pointer") {
      stmts.push(`${name} = ${body.initializer(g.type, value, name)};`);
    } else {
      const tmp = body.fresh(name);
      body.decls.push(`${declare(g.type, tmp)} = ${body.initializer(g.type, value, name)};`);
      stmts.push(`memcpy(&${name}, &${tmp}, sizeof ${name});`);
    }
  }
}
function indeterminateTable(test, tableName) {
  const values = test.indeterminate ?? [];
  if (values.length === 0) return `static struct creach_input ${tableName}[1];`;
  const rows = values.map((u, i) => {
    const what = `uninitialised value ${i + 1} (${u.variable})`;
    const lit = u.type === "float" || u.type === "double" ? `.d = ${floatLiteral(toFloat(u.value, DOUBLE, what), DOUBLE)}` : `.u = ${intLiteral(toBigInt(u.value, what), ULLONG)}`;
    return `    { ${cString(u.variable)}, ${u.line}, { ${lit} } },`;
  });
  return `static struct creach_input ${tableName}[] = {
${rows.join("\n")}
};`;
}
function nondetTable(test, inputs, body, stmts, tableName) {
  if (test.nondet.length === 0) return `static struct creach_input ${tableName}[1];`;
  const rows = test.nondet.map((n, i) => {
    if (ALLOCATORS.has(n.call)) return `    { ${cString(n.call)}, ${n.line}, { .i = ${intLiteral(toBigInt(n.value, `input ${i + 1} (${n.call})`), INT)} } },`;
    const f = inputs.find((x) => x.name === n.call);
    if (!f) throw new ValueError(`input ${i + 1} comes from '${n.call}', which the program does not call`);
    const ret = f.type.ret;
    const m = unionMember(ret);
    if (!m) throw new ValueError(`'${n.call}' returns ${typeToString(ret)}: not supported as an input`);
    if (m === "p") {
      stmts.push(`${tableName}[${i}].v.p = ${body.pointer(ret, n.value, `${n.call}_${i}`)};`);
      return `    { ${cString(n.call)}, ${n.line}, { 0 } },`;
    }
    const lit = ret.kind === "int" ? intLiteral(toBigInt(n.value, `input ${i + 1} (${n.call})`), ret) : floatLiteral(toFloat(n.value, ret, `input ${i + 1}`), ret);
    return `    { ${cString(n.call)}, ${n.line}, { .${m} = ${lit} } },`;
  });
  return `static struct creach_input ${tableName}[] = {
${rows.join("\n")}
};`;
}
function harnessCheck(c) {
  switch (c.kind) {
    case "int": {
      const fn2 = c.type.signed ? "creach_mismatch_int" : "creach_mismatch_uint";
      const cast = c.type.signed ? "(long long)" : "(unsigned long long)";
      return [
        `{ ${declare(c.type, "creach_e")} = ${c.literal}; if (${c.expr} != creach_e) ${fn2}(${cString(c.label)}, ${cString(c.expected)}, ${cast}${c.expr}); }`
      ];
    }
    case "float":
      return [
        `{ ${declare(c.type, "creach_e")} = ${c.literal}; if (!creach_same_float(${c.expr}, creach_e)) creach_mismatch_float(${cString(c.label)}, ${cString(c.expected)}, ${c.expr}); }`
      ];
    case "null":
      return [`if (${c.expr} != 0) creach_mismatch_text(${cString(c.label)}, "null", "a non-null pointer");`];
    case "address":
      return [`if (${c.expr} != ${c.target}) creach_mismatch_text(${cString(c.label)}, ${cString(c.expected)}, "another address");`];
    case "non-null":
      return [`if (${c.expr} == 0) creach_mismatch_text(${cString(c.label)}, ${cString(c.expected)}, "null");`];
    case "pointee":
      return [
        `if (${c.expr} == 0) creach_mismatch_text(${cString(c.label)}, "a pointer to data", "null"); else {`,
        ...c.inner.flatMap(harnessCheck).map((s) => "    " + s),
        "}"
      ];
  }
}
function compare3(expr, t, value, label, objects = /* @__PURE__ */ new Map()) {
  switch (t.kind) {
    case "int":
      return [{ kind: "int", expr, type: t, literal: intLiteral(toBigInt(value, label), t), label, expected: describeValue(value) }];
    case "float":
      return [{ kind: "float", expr, type: t, literal: scalarLiteral(t, value, label), label, expected: describeValue(value) }];
    case "pointer": {
      if (value === null) return [{ kind: "null", expr, label }];
      const named = typeof value === "string" ? POINTS_INTO.exec(value) : null;
      if (!named && typeof value === "string" && value.startsWith("&")) return [{ kind: "non-null", expr, label, expected: value }];
      if (named) {
        const target = objects.get(named[1]);
        return target ? [{ kind: "address", expr, target: `${target} + ${named[2]}`, label, expected: value }] : [{ kind: "non-null", expr, label, expected: value }];
      }
      const items2 = Array.isArray(value) && t.to.kind !== "array" ? value : [value];
      return [{ kind: "pointee", expr, label, inner: items2.flatMap((v, i) => compare3(`${expr}[${i}]`, t.to, v, `${label}[${i}]`, objects)) }];
    }
    case "array": {
      if (!Array.isArray(value)) throw new ValueError(`${label}: expected an array, got ${JSON.stringify(value)}`);
      return value.flatMap((v, i) => compare3(`${expr}[${i}]`, t.of, v, `${label}[${i}]`, objects));
    }
    case "struct": {
      if (value === null || typeof value !== "object" || Array.isArray(value)) throw new ValueError(`${label}: expected a struct object`);
      return Object.entries(value).flatMap(([name, v]) => {
        const f = t.fields.find((x) => x.name === name);
        if (!f) throw new ValueError(`${label}: no field '${name}'`);
        return compare3(`${expr}.${name}`, f.type, v, `${label}.${name}`, objects);
      });
    }
    default:
      throw new ValueError(`${label}: cannot compare values of type ${typeToString(t)}`);
  }
}
var ALLOCATORS, ERROR_TAG, ASSERT_TAG, cString, cIdent, comment, RUNNER_SYMBOLS, EXPECT_C, RUNTIME, MAIN;
var init_harness = __esm({
  "server/src/testgen/harness.ts"() {
    "use strict";
    init_types();
    init_cvalues();
    init_inputs3();
    ALLOCATORS = /* @__PURE__ */ new Set(["malloc", "calloc", "realloc"]);
    ERROR_TAG = /:\d+:error(@\d+)?$/;
    ASSERT_TAG = /:\d+:assert(@\d+)?$/;
    cString = (s) => JSON.stringify(s).replace(/\?/g, "\\?");
    cIdent = (s) => s.replace(/[^A-Za-z0-9_]/g, "_");
    comment = (s) => s.replace(/\*\//g, "* /").replace(/\/\*/g, "/ *");
    RUNNER_SYMBOLS = ["fork", "waitpid", "alarm"];
    EXPECT_C = {
      returns: "CREACH_RETURNS",
      "no-result": "CREACH_NO_RESULT",
      "assert-fails": "CREACH_ASSERT_FAILS",
      "error-call": "CREACH_ERROR_CALL",
      "runtime-error": "CREACH_RUNTIME_ERROR",
      exits: "CREACH_EXITS",
      aborts: "CREACH_ABORTS"
    };
    RUNTIME = String.raw`#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <math.h>
#include <assert.h>
#include <errno.h>

union creach_value { long long i; unsigned long long u; double d; float f; void *p; };
struct creach_input { const char *call; int line; union creach_value v; };
enum { CREACH_RETURNS, CREACH_NO_RESULT, CREACH_ASSERT_FAILS, CREACH_ERROR_CALL, CREACH_RUNTIME_ERROR, CREACH_EXITS, CREACH_ABORTS };
enum { CREACH_STOP_NONE, CREACH_STOP_RETURNED, CREACH_STOP_ASSERT, CREACH_STOP_ERROR, CREACH_STOP_ASSUME, CREACH_STOP_INPUT };
struct creach_test {
    const char *name;
    const char *goals;
    void (*body)(void);
    struct creach_input *inputs;
    int n_inputs;
    int expect;
    int expect_line;
    const char *expect_what;
    int expect_status; /* CREACH_EXITS: the exit status (0-255), -1 for any */
    struct creach_input *indeterminate; /* values of uninitialised locals, per execution of their declaration */
    int n_indeterminate;
};

static jmp_buf creach_jump;
static const struct creach_test *creach_current;
static int creach_failures;
static int creach_next_input;
static int creach_next_indeterminate;
static int creach_stop_kind;
static unsigned int creach_stop_line;
static const char *creach_stop_text;

static inline void creach_fail_header(void)
{
    ++creach_failures;
    printf("%s (goals %s): ", creach_current->name, creach_current->goals);
}

static inline void creach_mismatch_int(const char *what, const char *expected, long long got)
{
    creach_fail_header();
    printf("expected %s %s, got %lld\n", what, expected, got);
}

static inline void creach_mismatch_uint(const char *what, const char *expected, unsigned long long got)
{
    creach_fail_header();
    printf("expected %s %s, got %llu\n", what, expected, got);
}

static inline void creach_mismatch_float(const char *what, const char *expected, double got)
{
    creach_fail_header();
    printf("expected %s %s, got %.17g (%a)\n", what, expected, got, got);
}

static inline void creach_mismatch_text(const char *what, const char *expected, const char *got)
{
    creach_fail_header();
    printf("expected %s %s, got %s\n", what, expected, got);
}

/* Same value: NaN matches NaN, and -0 differs from +0. */
static inline int creach_same_float(double a, double b)
{
    if (isnan(a) || isnan(b)) return isnan(a) && isnan(b);
    return a == b && !signbit(a) == !signbit(b);
}

static inline void creach_stop(int kind, unsigned int line, const char *text)
{
    creach_stop_kind = kind;
    creach_stop_line = line;
    creach_stop_text = text;
    longjmp(creach_jump, 1);
}

static inline void creach_cannot_build(const char *why)
{
    creach_fail_header();
    printf("this datum cannot be built: %s\n", why);
}

/* Any value (0), for one the datum does not give (creach_next_value, creach_indeterminate). */
static union creach_value creach_any_value;

/* The next value of one of the datum's streams (kind names its items, items their plural in messages): it must
 * be the one expected by name. A datum without an expected result runs past the loop bound the solver explored:
 * past its values, any value will do (0). */
static inline union creach_value *creach_next_value(struct creach_input *values, int n, int *next, const char *name, const char *kind, const char *items)
{
    struct creach_input *in;
    if (*next >= n && creach_current->expect == CREACH_NO_RESULT) {
        memset(&creach_any_value, 0, sizeof creach_any_value);
        return &creach_any_value;
    }
    if (*next >= n) {
        creach_fail_header();
        printf("%s %d is %s, but the datum has only %d %s\n", kind, *next + 1, name, n, items);
        creach_stop(CREACH_STOP_INPUT, 0, name);
    }
    in = &values[(*next)++];
    if (strcmp(in->call, name) != 0) {
        creach_fail_header();
        printf("%s %d is %s, expected %s (line %d)\n", kind, *next, name, in->call, in->line);
        creach_stop(CREACH_STOP_INPUT, 0, name);
    }
    return &in->v;
}

/* The next value of the datum's calls; the call must be the one the datum expects. */
static inline union creach_value *creach_input(const char *call)
{
    return creach_next_value(creach_current->inputs, creach_current->n_inputs, &creach_next_input, call, "call", "input values");
}

/* The value of an uninitialised local at its declaration (the source copy calls this); a datum without
 * such values reads none of them before assigning them: any value will do (0). */
static inline union creach_value *creach_indeterminate(const char *var)
{
    if (creach_current->n_indeterminate == 0) {
        memset(&creach_any_value, 0, sizeof creach_any_value);
        return &creach_any_value;
    }
    return creach_next_value(creach_current->indeterminate, creach_current->n_indeterminate, &creach_next_indeterminate, var,
                             "uninitialised local", "values of uninitialised locals");
}
static inline unsigned long long creach_indeterminate_int(const char *creach_var) { return creach_indeterminate(creach_var)->u; }
static inline double creach_indeterminate_double(const char *creach_var) { return creach_indeterminate(creach_var)->d; }

#if defined(__GLIBC__)
/* glibc's assert() calls this: the failure ends the test, not the harness. */
void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function)
{
    (void)file;
    (void)function;
    creach_stop(CREACH_STOP_ASSERT, line, assertion);
    abort();
}
#endif

static inline int creach_run(const struct creach_test *t)
{
    creach_current = t;
    creach_failures = 0;
    creach_next_input = 0;
    creach_next_indeterminate = 0;
    creach_stop_kind = CREACH_STOP_NONE;
    errno = 0; /* as at program start; a datum that reads it sets it */
    if (setjmp(creach_jump) == 0) {
        creach_current->body();
        creach_stop_kind = CREACH_STOP_RETURNED;
    }
    t = creach_current;
    if (creach_stop_kind == CREACH_STOP_INPUT) return 0;
    switch (t->expect) {
    case CREACH_RETURNS:
        if (creach_stop_kind == CREACH_STOP_ASSERT) {
            creach_fail_header();
            printf("assertion %s failed at line %u\n", creach_stop_text, creach_stop_line);
        } else if (creach_stop_kind == CREACH_STOP_ERROR) {
            creach_fail_header();
            printf("the error function %s was called\n", creach_stop_text);
        } else if (creach_stop_kind == CREACH_STOP_ASSUME) {
            creach_fail_header();
            printf("an assumption (%s) does not hold\n", creach_stop_text);
        } else if (creach_next_input < t->n_inputs) {
            creach_fail_header();
            printf("only %d of the %d input values were used\n", creach_next_input, t->n_inputs);
        } else if (creach_next_indeterminate < t->n_indeterminate) {
            creach_fail_header();
            printf("only %d of the %d values of uninitialised locals were used\n", creach_next_indeterminate, t->n_indeterminate);
        }
        break;
    case CREACH_NO_RESULT:
        if (creach_stop_kind == CREACH_STOP_ASSUME) {
            creach_fail_header();
            printf("an assumption (%s) does not hold\n", creach_stop_text);
        }
        break;
    case CREACH_ASSERT_FAILS:
        if (creach_stop_kind != CREACH_STOP_ASSERT || (t->expect_line != 0 && (int)creach_stop_line != t->expect_line)) {
            creach_fail_header();
            if (creach_stop_kind == CREACH_STOP_ASSERT)
                printf("expected the assertion at line %d to fail, but the one at line %u failed\n", t->expect_line, creach_stop_line);
            else
                printf("expected the assertion at line %d to fail, but it did not\n", t->expect_line);
        }
        break;
    case CREACH_ERROR_CALL:
        if (creach_stop_kind != CREACH_STOP_ERROR && creach_stop_kind != CREACH_STOP_ASSERT) {
            creach_fail_header();
            printf("expected the error call at line %d, but it was not reached\n", t->expect_line);
        }
        break;
    case CREACH_RUNTIME_ERROR:
        creach_fail_header();
        printf("expected a runtime error (%s) at line %d, which only a sanitizer build can see\n", t->expect_what, t->expect_line);
        break;
    case CREACH_EXITS:
    case CREACH_ABORTS:
        /* Reached only when the run came back: exit() and abort() end the (test's own) process. */
        creach_fail_header();
        printf("expected the run to end with %s at line %d, but %s\n", t->expect == CREACH_EXITS ? "exit()" : "abort()", t->expect_line,
               creach_stop_kind == CREACH_STOP_RETURNED ? "the function returned" : "it stopped before");
        break;
    }
    return creach_failures == 0;
}

#if (defined(__unix__) || defined(__APPLE__)) && (defined(__GNUC__) || defined(__clang__)) && !defined(CREACH_NO_FORK)
/* fork, waitpid and alarm by their symbols, without <unistd.h> or <sys/wait.h>: those headers
 * declare names (link, read, close...) the program under test may use for its own things. */
#include <signal.h>
#define CREACH_STR(x) #x
#define CREACH_XSTR(x) CREACH_STR(x)
#define CREACH_SYMBOL(name) CREACH_XSTR(__USER_LABEL_PREFIX__) #name
extern int creach_fork(void) __asm__(CREACH_SYMBOL(fork));
extern int creach_waitpid(int pid, int *status, int options) __asm__(CREACH_SYMBOL(waitpid));
extern unsigned creach_alarm(unsigned seconds) __asm__(CREACH_SYMBOL(alarm));
/* The wait status, encoded alike on Linux and the BSDs (macOS). */
#define CREACH_EXITED(s) (((s) & 0x7f) == 0)
#define CREACH_EXIT_STATUS(s) (((s) >> 8) & 0xff)
#define CREACH_SIGNALED(s) (((s) & 0x7f) != 0 && ((s) & 0x7f) != 0x7f)
#define CREACH_TERM_SIGNAL(s) ((s) & 0x7f)
#define CREACH_SIGALRM 14

#ifndef CREACH_TEST_TIMEOUT
#define CREACH_TEST_TIMEOUT 10 /* seconds a test may run (0: no limit) */
#endif

#ifdef CREACH_GCOV
/* Validation's coverage build: a test that aborts still writes its counts (gcov writes them at exit). */
extern void __gcov_dump(void);
static void creach_gcov_abort(int sig)
{
    __gcov_dump();
    signal(sig, SIG_DFL);
    raise(sig);
}
#endif

static inline const char *creach_signal_name(int sig)
{
    switch (sig) {
    case SIGABRT: return "SIGABRT";
    case SIGSEGV: return "SIGSEGV";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGTERM: return "SIGTERM";
    default: return "a signal";
    }
}

/* A test whose process ended without coming back to the harness: exit(), abort() or a crash.
 * It passes when that is the end its datum expects. */
static inline int creach_ended(const struct creach_test *t, int status)
{
    creach_current = t;
    creach_failures = 0;
    if (CREACH_EXITED(status)) {
        int code = CREACH_EXIT_STATUS(status);
        if (t->expect == CREACH_EXITS && (t->expect_status < 0 || code == t->expect_status)) return 1;
        creach_fail_header();
        if (t->expect == CREACH_EXITS)
            printf("expected exit status %d (exit() at line %d), got %d\n", t->expect_status, t->expect_line, code);
        else
            printf("the run ended the process with exit status %d\n", code);
    } else if (CREACH_SIGNALED(status)) {
        int sig = CREACH_TERM_SIGNAL(status);
        if (t->expect == CREACH_ABORTS && sig == SIGABRT) return 1;
#ifdef CREACH_OWN_ERROR_FUNCTION
        /* The error call expected ran the program's error function, which aborts. */
        if (t->expect == CREACH_ERROR_CALL && sig == SIGABRT) return 1;
#endif
        creach_fail_header();
        if (sig == CREACH_SIGALRM && CREACH_TEST_TIMEOUT > 0)
            printf("it did not finish within %d s\n", CREACH_TEST_TIMEOUT);
        else
            printf("the run ended with %s (signal %d)\n", creach_signal_name(sig), sig);
    } else {
        creach_fail_header();
        printf("the run ended abnormally\n");
    }
    return 0;
}

/* Each test in a process of its own (fork): exit(), abort() or a crash ends that test only, and
 * every test starts from the program's initial state. The child writes its verdict into a
 * temporary file the two processes share; no verdict means the program ended the process itself. */
static inline int creach_run_isolated(const struct creach_test *t)
{
    static FILE *verdicts;
    int pid, status = 0, verdict;
    fflush(stdout);
    fflush(stderr);
    if (!verdicts) verdicts = tmpfile();
    if (!verdicts) return creach_run(t);
    rewind(verdicts);
    fputc('?', verdicts);
    fflush(verdicts);
    rewind(verdicts);
    pid = creach_fork();
    if (pid < 0) return creach_run(t);
    if (pid == 0) {
        if (CREACH_TEST_TIMEOUT > 0) creach_alarm(CREACH_TEST_TIMEOUT);
#ifdef CREACH_GCOV
        signal(SIGABRT, creach_gcov_abort);
#endif
        fputc(creach_run(t) ? 'P' : 'F', verdicts);
        fflush(verdicts);
        fflush(stdout);
        exit(0); /* exit, not _exit: a coverage build writes its counts at exit */
    }
    while (creach_waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    fseek(verdicts, 0, SEEK_SET);
    verdict = fgetc(verdicts);
    if (verdict == 'P' || verdict == 'F') return verdict == 'P';
    return creach_ended(t, status);
}
#else
/* No fork here: the tests share one process, and exit() or abort() in one ends the run. */
static inline int creach_run_isolated(const struct creach_test *t) { return creach_run(t); }
#endif
`;
    MAIN = String.raw`
int main(int argc, char **argv)
{
    int i, passed = 0, failed = 0, selected = 0;
    for (i = 0; i < CREACH_TEST_COUNT; i++) {
        const struct creach_test *t = &creach_tests[i];
        if (argc > 1 && strcmp(argv[1], t->name) != 0) continue;
        selected++;
        if (argc <= 1 && t->expect == CREACH_RUNTIME_ERROR) {
            printf("%s: skipped: it shows a runtime error (%s, line %d); run it alone under -fsanitize=undefined\n", t->name, t->expect_what, t->expect_line);
            continue;
        }
        if (creach_run_isolated(t)) passed++;
        else failed++;
    }
    if (argc > 1 && selected == 0) {
        fprintf(stderr, "no test named %s\n", argv[1]);
        return 2;
    }
    printf("%d passed, %d failed\n", passed, failed);
    fflush(stdout);
    return failed != 0;
}
`;
  }
});

// server/src/testgen/indeterminate.ts
function setsIndeterminate(report) {
  return report.functions.some((f) => f.tests.some((t) => t.indeterminate?.length));
}
function indeterminateSettable(test) {
  return (test.indeterminate ?? []).every((u) => u.type === void 0 || !u.type.includes("*"));
}
function indeterminateInsertions(program) {
  const text = program.source;
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  const offset = (line, column) => (starts[line - 1] ?? text.length) + column - 1;
  const locals = indeterminateLocals(program);
  const out = [];
  for (const fn2 of program.functions)
    for (const b of fn2.blocks)
      for (const ins of b.instrs) {
        if (ins.kind !== "assign" || ins.value.op !== "indeterminate" || !ins.dst || ins.dst.root.kind !== "var" || ins.dst.path.length) continue;
        const id = ins.dst.root.id;
        const v = program.vars.get(id);
        if (!v || !locals.has(id)) continue;
        const r = ins.range;
        const start = offset(r.line, r.column);
        const end = offset(r.endLine, r.endColumn);
        if (text.slice(start, end) !== v.name) continue;
        const getter = v.type.kind === "float" ? "creach_indeterminate_double" : "creach_indeterminate_int";
        out.push({ at: end, text: ` = (${declare(v.type, "")})${getter}(${JSON.stringify(v.name)})` });
      }
  return out.sort((a, b) => a.at - b.at);
}
function sourceWithIndeterminate(program) {
  let out = "";
  let last = 0;
  for (const i of indeterminateInsertions(program)) {
    out += program.source.slice(last, i.at) + i.text;
    last = i.at;
  }
  return out + program.source.slice(last);
}
var init_indeterminate = __esm({
  "server/src/testgen/indeterminate.ts"() {
    "use strict";
    init_uninitialised();
    init_cvalues();
  }
});

// server/src/goals/mcdc.ts
function mcdcDecisions(fn2) {
  const out = { decisions: [], skipped: [] };
  const branchBlocks = /* @__PURE__ */ new Map();
  for (const b of fn2.blocks)
    if (b.terminator.kind === "branch") branchBlocks.set(b.terminator.decision, [...branchBlocks.get(b.terminator.decision) ?? [], b]);
  for (const d of fn2.decisions) {
    if (d.kind === "condition" && !d.parent && !d.synthetic)
      out.skipped.push({ id: d.id, text: d.text, range: d.range, why: "an operand of && or || used as a value, not in a branch decision" });
    if (d.synthetic || d.kind === "condition" || d.kind === "switch") continue;
    const skip = (why) => out.skipped.push({ id: d.id, text: d.text, range: d.range, why });
    const parts = conditionsOf(fn2, d.id);
    if (parts.length === 0) parts.push(d);
    if (parts.length > MAX_CONDITIONS) {
      skip(`more than ${MAX_CONDITIONS} conditions`);
      continue;
    }
    const conditions = [];
    for (const c of parts) {
      const blocks = branchBlocks.get(c.id) ?? [];
      const t = blocks[0]?.terminator;
      if (blocks.length !== 1 || t?.kind !== "branch" || t.then === t.else) break;
      conditions.push({ id: c.id, text: c.text, range: c.range, block: blocks[0].id });
    }
    if (conditions.length !== parts.length) {
      skip("a condition is not evaluated by a branch of its own (a constant, or code that was removed)");
      continue;
    }
    const paths = pathsThrough(fn2, d, conditions);
    if (typeof paths === "string") skip(paths);
    else out.decisions.push({ id: d.id, text: d.text, range: d.range, conditions, paths });
  }
  return out;
}
function conditionsOf(fn2, decision) {
  return fn2.decisions.filter((c) => c.kind === "condition" && c.parent === decision);
}
function pathsThrough(fn2, d, conditions) {
  const outcomeOf = /* @__PURE__ */ new Map();
  for (const o of d.outcomes) for (const e of o.edges) outcomeOf.set(`${e.from}>${e.to}`, o.outcome === "true");
  const indexOfBlock = new Map(conditions.map((c, i) => [c.block, i]));
  const next = (from, to) => {
    const outcome = outcomeOf.get(`${from}>${to}`);
    if (outcome !== void 0) return { outcome };
    const found = /* @__PURE__ */ new Set();
    const seen = /* @__PURE__ */ new Set([to]);
    const work = [to];
    while (work.length) {
      const b = work.pop();
      const i = indexOfBlock.get(b);
      if (i !== void 0) {
        found.add(i);
        continue;
      }
      for (const s of successors(fn2.blocks[b]))
        if (!seen.has(s)) {
          seen.add(s);
          work.push(s);
        }
    }
    const [only] = found;
    return found.size === 1 && only > (indexOfBlock.get(from) ?? -1) ? { condition: only } : null;
  };
  const paths = [];
  const walk = (i, vector, edges) => {
    const c = conditions[i];
    const t = fn2.blocks[c.block].terminator;
    if (t.kind !== "branch") return "a condition is not a branch";
    for (const value of [true, false]) {
      const to = value ? t.then : t.else;
      const v = [...vector];
      v[i] = value ? "T" : "F";
      const e = [...edges, { from: c.block, to }];
      const n = next(c.block, to);
      if (!n) return "its conditions are not evaluated one after another (control flow inside an operand)";
      if ("outcome" in n) paths.push({ vector: v.join(""), outcome: n.outcome, edges: e });
      else {
        const why2 = walk(n.condition, v, e);
        if (why2) return why2;
      }
      if (paths.length > MAX_PATHS3) return `more than ${MAX_PATHS3} ways through its conditions`;
    }
    return null;
  };
  const why = walk(
    0,
    conditions.map(() => "-"),
    []
  );
  return why ?? paths;
}
function independencePairs(d, i, mode) {
  const pairs = [];
  d.paths.forEach(
    (p, a) => d.paths.forEach((q, b) => {
      if (p.vector[i] !== "T" || q.vector[i] !== "F" || p.outcome === q.outcome) return;
      for (let j = 0; j < d.conditions.length; j++) {
        if (j === i || p.vector[j] === "-" || q.vector[j] === "-" || p.vector[j] === q.vector[j]) continue;
        if (mode === "unique-cause" || !masked(d, p, j) || !masked(d, q, j)) return;
      }
      pairs.push([a, b]);
    })
  );
  return pairs;
}
function masked(d, p, j) {
  const outcomes = /* @__PURE__ */ new Set();
  for (const q of d.paths) {
    const agrees = [...q.vector].every((v, k) => v === "-" || (k === j ? v !== p.vector[j] : p.vector[k] === "-" || v === p.vector[k]));
    if (agrees) outcomes.add(q.outcome);
  }
  return outcomes.size === 1 && outcomes.has(p.outcome);
}
function instrumentMcdc(program, fn2, structure) {
  let nextId = Math.max(0, ...program.vars.keys()) + 1;
  const vars = new Map(program.vars);
  const blocks = fn2.blocks.map((b) => ({ ...b, terminator: { ...b.terminator }, edgeLabels: { ...b.edgeLabels } }));
  const locals = [...fn2.locals];
  const decisions = [...fn2.decisions];
  const pathGoals = [];
  const moved = /* @__PURE__ */ new Map();
  const temp = (name, type = UINT) => {
    const id = nextId++;
    const v = { id, name, type, kind: "temp", addressTaken: false, isConst: false, isStatic: false };
    vars.set(id, v);
    locals.push(id);
    return { kind: "var", id, type };
  };
  const k = (value) => ({ kind: "const", value: BigInt(value), type: UINT });
  const block = (instrs, terminator) => {
    const id = blocks.length;
    blocks.push({ id, instrs, terminator, statements: [], hasCode: false, edgeLabels: {} });
    return id;
  };
  for (const d of structure.decisions) {
    const range = d.range;
    const trace = temp("mcdc.trace");
    const dst = { root: { kind: "var", id: trace.id }, path: [], type: UINT };
    const code = (vector) => [...vector].reduce((n, v) => v === "-" ? n : n * 3 + (v === "T" ? 1 : 2), 0);
    d.conditions.forEach((c, i) => {
      const t = blocks[c.block].terminator;
      if (t.kind !== "branch") return;
      for (const value of [true, false]) {
        const to = value ? t.then : t.else;
        const digit = k(value ? 1 : 2);
        const record = [];
        if (i === 0) record.push({ kind: "assign", dst, value: { op: "use", a: digit }, range });
        else {
          const times = temp("mcdc.t");
          const timesDst = { root: { kind: "var", id: times.id }, path: [], type: UINT };
          record.push({ kind: "assign", dst: timesDst, value: { op: "binary", bop: "*", a: trace, b: k(3), type: UINT }, range });
          record.push({ kind: "assign", dst, value: { op: "binary", bop: "+", a: times, b: digit, type: UINT }, range });
        }
        let after = to;
        const ending = d.paths.map((p, index) => ({ p, index })).filter(({ p }) => {
          const last = p.edges[p.edges.length - 1];
          return last.from === c.block && last.to === to;
        });
        for (const { p, index } of ending.reverse()) {
          const goalBlock = block([], { kind: "goto", target: to });
          const is = temp("mcdc.is", INT);
          const decision = `${d.id}:mcdc:${p.vector}`;
          decisions.push({ id: decision, kind: "if", synthetic: true, text: `path ${p.vector}`, range, outcomes: [] });
          after = block(
            [
              {
                kind: "assign",
                dst: { root: { kind: "var", id: is.id }, path: [], type: INT },
                value: { op: "binary", bop: "==", a: trace, b: k(code(p.vector)), type: INT },
                range
              }
            ],
            { kind: "branch", cond: is, then: goalBlock, else: after, decision, range }
          );
          pathGoals.push({ goal: pathGoal(fn2, d, p, goalBlock), decision: d.id, path: index });
        }
        const rec = block(record, { kind: "goto", target: after });
        const from = blocks[c.block];
        from.terminator = value ? { ...from.terminator, then: rec } : { ...from.terminator, else: rec };
        if (from.edgeLabels[to]) {
          from.edgeLabels = { ...from.edgeLabels, [rec]: from.edgeLabels[to] };
          delete from.edgeLabels[to];
        }
        moved.set(`${c.block}>${to}`, rec);
      }
    });
  }
  pathGoals.sort(
    (a, b) => structure.decisions.findIndex((d) => d.id === a.decision) - structure.decisions.findIndex((d) => d.id === b.decision) || a.path - b.path
  );
  const copy = { ...fn2, blocks, locals, decisions };
  const goalIn = (goal) => {
    if (goal.function !== fn2.name || goal.context || goal.target.kind !== "edges") return goal;
    const edges = goal.target.edges.map((e) => {
      const to = moved.get(`${e.from}>${e.to}`);
      return to === void 0 ? e : { from: e.from, to };
    });
    return { ...goal, target: { kind: "edges", edges } };
  };
  return {
    program: { ...program, vars, functions: program.functions.map((f) => f === fn2 ? copy : f) },
    fn: copy,
    pathGoals,
    goalIn
  };
}
function pathGoal(fn2, d, p, block) {
  const taken = d.conditions.map((c, i) => p.vector[i] === "-" ? null : `${c.text} ${p.vector[i] === "T" ? "true" : "false"}`).filter((x) => x !== null).join(", ");
  return {
    id: `${d.id}:mcdc:${p.vector}`,
    tag: "mcdc",
    kind: "branch",
    function: fn2.name,
    range: d.range,
    outcome: p.outcome ? "true" : "false",
    label: `\`${d.text}\` evaluated as ${taken} (${p.outcome ? "true" : "false"})`,
    target: { kind: "block", block },
    decision: d.id
  };
}
var MAX_CONDITIONS, MAX_PATHS3;
var init_mcdc = __esm({
  "server/src/goals/mcdc.ts"() {
    "use strict";
    init_cfg();
    init_types();
    MAX_CONDITIONS = 16;
    MAX_PATHS3 = 256;
  }
});

// server/src/testgen/instrument.ts
async function instrumentSource(program, functions, options = {}) {
  const text = program.source;
  const tree = await parseC(text);
  const lines2 = new LineIndex(text);
  const probes = [];
  const wraps = [];
  const skipped = [];
  const add2 = (start, end, pre, post) => wraps.push({ start, end, pre, post, seq: wraps.length });
  const rangeOf2 = (r) => [lines2.offset(r.line, r.column), lines2.offset(r.endLine, r.endColumn)];
  const nodeAt = (r) => {
    const [s, e] = rangeOf2(r);
    if (e <= s) return null;
    let n = tree.rootNode.descendantForIndex(s, e - 1);
    while (n && n.startIndex > s) n = n.parent;
    if (!n || n.startIndex !== s) return null;
    for (let p = n.parent; p && p.startIndex === s && p.type !== "translation_unit" && p.type !== "function_definition"; p = p.parent) {
      const extra = text.slice(e, p.endIndex);
      if (p.endIndex > e && !/^\s*;?$/.test(extra)) break;
      n = p;
    }
    return n;
  };
  const hitAt = (r, id) => {
    let n = nodeAt(r);
    if (!n) return false;
    if (n.type === "init_declarator" && n.parent?.type === "declaration") {
      const first = n.parent.childForFieldName("declarator");
      const value = n.childForFieldName("value");
      if (first && first.startIndex === n.startIndex) n = n.parent;
      else if (value) n = value;
      else return false;
    }
    if (n.type === "declaration" && n.parent?.type === "for_statement") n = n.parent;
    const call = `creach_probe_hit(${id})`;
    if (n.type === "case_statement" || n.type === "labeled_statement") {
      const colon = n.children.find((c) => c?.type === ":");
      if (!colon) return false;
      add2(colon.endIndex, colon.endIndex, ` ${call};`, "");
    } else if (n.type === "declaration") {
      add2(n.startIndex, n.startIndex, `${call}; `, "");
    } else if (STATEMENTS.has(n.type)) {
      add2(n.startIndex, n.endIndex, `{ ${call}; `, " }");
    } else {
      add2(n.startIndex, n.endIndex, `(${call}, (`, "))");
    }
    return true;
  };
  if (options.indeterminate) for (const i of indeterminateInsertions(program)) add2(i.at, i.at, i.text, "");
  for (const fn2 of program.functions) {
    if (functions && !functions.includes(fn2.name)) continue;
    for (const b of fn2.blocks) {
      if (b.hasCode && b.range) {
        const id = probes.length;
        if (hitAt(b.range, id)) probes.push({ kind: "block", fn: fn2.name, block: b.id, line: b.range.line });
        else skipped.push(`${fn2.name}: block ${b.id} at line ${b.range.line}`);
      }
      for (const { statement, start } of pointStatements(b)) {
        const id = probes.length;
        if (hitAt(start.range, id)) probes.push({ kind: "point", fn: fn2.name, block: b.id, statement, line: start.range.line });
        else skipped.push(`${fn2.name}: statement at line ${start.range.line}`);
      }
      b.instrs.forEach((instr, index) => {
        if (instr.kind === "error") {
          const id = probes.length;
          if (hitAt(instr.range, id)) probes.push({ kind: "error", fn: fn2.name, block: b.id, index, line: instr.range.line });
          else skipped.push(`${fn2.name}: error call at line ${instr.range.line}`);
        } else if (instr.kind === "assert" && instr.origin === "assert") {
          const id = probes.length;
          if (assertProbe(instr.range, id)) probes.push({ kind: "assert", fn: fn2.name, block: b.id, index, line: instr.range.line });
          else skipped.push(`${fn2.name}: assertion at line ${instr.range.line}`);
        }
      });
    }
    ensuresProbes(fn2);
    decisionProbes(fn2);
  }
  function ensuresProbes(fn2) {
    const clauses = [];
    for (const b of fn2.blocks)
      b.instrs.forEach((instr, index) => {
        if (instr.kind === "assert" && instr.origin === "ensures") clauses.push({ block: b.id, index, text: instr.text, line: instr.range.line });
      });
    if (!clauses.length) return;
    const skipAll = () => clauses.forEach((c) => skipped.push(`${fn2.name}: ensures at line ${c.line}`));
    const [defStart] = rangeOf2(fn2.range);
    let def = tree.rootNode.descendantForIndex(defStart, defStart);
    while (def && def.type !== "function_definition") def = def.parent;
    const body = def?.childForFieldName("body");
    const ret = fn2.type.kind === "function" ? fn2.type.ret : void 0;
    if (!def || !body || !ret || ret.kind === "array" || ret.kind === "function") return skipAll();
    const params = fn2.params.map((id) => program.vars.get(id)?.name).filter((n) => !!n);
    const entry2 = [];
    const checks2 = [];
    let olds = 0;
    for (const c of clauses) {
      const cText = ensuresAsC(c.text, params, (e) => {
        const name = `creach_old_${olds++}`;
        entry2.push(`__auto_type ${name} __attribute__((unused)) = (${e});`);
        return name;
      });
      if (cText === null) {
        skipped.push(`${fn2.name}: ensures at line ${c.line}`);
        continue;
      }
      const id = probes.length;
      probes.push({ kind: "assert", fn: fn2.name, block: c.block, index: c.index, line: c.line });
      checks2.push(`((${cText}) ? creach_probe_true(${id}) : creach_probe_false(${id}))`);
    }
    if (!checks2.length) return;
    const copies = params.map((p) => `__auto_type creach_param_${p} __attribute__((unused)) = ${p};`);
    const result = ret.kind === "void" ? [] : [`${declare(ret, "creach_result")} __attribute__((unused));`];
    add2(body.startIndex + 1, body.startIndex + 1, ` ${[...copies, ...entry2, ...result].join(" ")}`, "");
    const returns = [];
    const visit = (n) => {
      if (n.type === "return_statement") returns.push(n);
      for (const ch of n.namedChildren) if (ch) visit(ch);
    };
    visit(body);
    for (const r of returns) {
      const value = r.namedChildren[0];
      if (value && ret.kind !== "void") add2(value.startIndex, value.endIndex, "(creach_result = (", `), ${checks2.join(", ")}, creach_result)`);
      else if (!value) add2(r.startIndex, r.endIndex, `{ ${checks2.join("; ")}; `, " }");
    }
    if (ret.kind === "void") add2(body.endIndex - 1, body.endIndex - 1, ` ${checks2.join("; ")}; `, "");
  }
  function assertProbe(r, id) {
    const [s, e] = rangeOf2(r);
    let n = tree.rootNode.descendantForIndex(s, Math.max(s, e - 1));
    while (n && !(n.type === "call_expression" && ["assert", "__VERIFIER_assert"].includes(n.childForFieldName("function")?.text ?? ""))) n = n.parent;
    const args = n?.childForFieldName("arguments");
    const arg = args?.namedChildren[0];
    if (!arg || args.namedChildren.length !== 1) return false;
    add2(arg.startIndex, arg.endIndex, "((", `) ? creach_probe_true(${id}) : creach_probe_false(${id}))`);
    return true;
  }
  function decisionProbes(fn2) {
    const branching = /* @__PURE__ */ new Set();
    const switches = /* @__PURE__ */ new Set();
    for (const b of fn2.blocks) {
      if (b.terminator.kind === "branch") branching.add(b.terminator.decision);
      if (b.terminator.kind === "switch") switches.add(b.terminator.decision);
    }
    const vectorOf = /* @__PURE__ */ new Map();
    for (const d of fn2.decisions) {
      if (d.synthetic) continue;
      const [s, e] = rangeOf2(d.condition ?? d.range);
      if (e <= s) {
        skipped.push(`${fn2.name}: decision ${d.id}`);
        continue;
      }
      const id = probes.length;
      if (switches.has(d.id)) {
        add2(s, e, "({ __auto_type creach_sv = (", `); creach_probe_switch(${id}, (long long)creach_sv); creach_sv; })`);
        probes.push({ kind: "switch", fn: fn2.name, decision: d.id, line: d.range.line });
      } else if (branching.has(d.id) || d.kind !== "condition") {
        const whole = options.vectors ? vectorOf.get(d.parent ?? "") : void 0;
        const conditions = options.vectors ? conditionsOf(fn2, d.id).map((c) => c.id) : [];
        if (whole && whole.conditions.includes(d.id)) {
          const k = `${whole.probe}, ${whole.conditions.indexOf(d.id)}, ${whole.conditions.length}`;
          add2(s, e, "((", `) ? creach_probe_vtrue(${id}, ${k}) : creach_probe_vfalse(${id}, ${k}))`);
        } else if (conditions.length > 0) {
          vectorOf.set(d.id, { probe: id, conditions });
          add2(s, e, "((", `) ? creach_probe_dtrue(${id}) : creach_probe_dfalse(${id}))`);
        } else add2(s, e, "((", `) ? creach_probe_true(${id}) : creach_probe_false(${id}))`);
        probes.push({ kind: "decision", fn: fn2.name, decision: d.id, line: d.range.line });
      }
    }
  }
  return { text: applyWraps(text, wraps), probes, skipped };
}
function ensuresAsC(text, params, old) {
  if (/\\(?!result\b|old\b)|==>|<==>|\.\.|["']/.test(text)) return null;
  let out = "";
  let i = 0;
  for (; ; ) {
    const k = text.indexOf("\\old", i);
    if (k < 0) break;
    const open = text.indexOf("(", k);
    if (open < 0 || text.slice(k + 4, open).trim() !== "") return null;
    let depth = 0;
    let close = open;
    for (; close < text.length; close++) {
      if (text[close] === "(") depth++;
      else if (text[close] === ")" && --depth === 0) break;
    }
    if (close >= text.length) return null;
    out += `${text.slice(i, k)}\0${old(text.slice(open + 1, close))}\0`;
    i = close + 1;
  }
  out += text.slice(i);
  const names = new Set(params);
  return out.split("\0").map(
    (part, n) => n % 2 === 1 ? part : part.replace(/\\result\b/g, "creach_result").replace(/(?<!\.\s*)(?<!->\s*)\b[A-Za-z_]\w*\b/g, (id) => names.has(id) ? `creach_param_${id}` : id)
  ).join("");
}
function applyWraps(text, wraps) {
  const ins = [];
  for (const w of wraps) {
    if (w.pre) ins.push({ pos: w.start, text: w.pre, open: true, other: w.end, seq: w.seq });
    if (w.post) ins.push({ pos: w.end, text: w.post, open: false, other: w.start, seq: w.seq });
  }
  ins.sort((a, b) => {
    if (a.pos !== b.pos) return a.pos - b.pos;
    if (a.open !== b.open) return a.open ? 1 : -1;
    if (a.open) return b.other - a.other || a.seq - b.seq;
    return b.other - a.other || b.seq - a.seq;
  });
  let out = "";
  let last = 0;
  for (const i of ins) {
    out += text.slice(last, i.pos) + i.text;
    last = i.pos;
  }
  return out + text.slice(last);
}
function probeRuntime(count) {
  const before = [
    "/* Probes of the instrumented source (validation build only). */",
    "static void creach_probe_hit(int id);",
    "static int creach_probe_true(int id);",
    "static int creach_probe_false(int id);",
    "static void creach_probe_switch(int id, long long value);",
    "static int creach_probe_vtrue(int id, int d, int k, int n);",
    "static int creach_probe_vfalse(int id, int d, int k, int n);",
    "static int creach_probe_dtrue(int id);",
    "static int creach_probe_dfalse(int id);"
  ].join("\n");
  const after = String.raw`
/* Each distinct event is written once, at once (a crash or a sanitizer abort keeps what was seen). */
static unsigned char creach_probe_seen[${Math.max(count, 1)}][2];
static FILE *creach_probe_out;
static int creach_probe_open(void)
{
    if (!creach_probe_out) {
        const char *path = getenv("CREACH_PROBE_FILE");
        creach_probe_out = fopen(path ? path : "/dev/null", "a");
    }
    return creach_probe_out != 0;
}
static void creach_probe_emit(const char *kind, int id, long long value)
{
    if (!creach_probe_open()) return;
    fprintf(creach_probe_out, "%s %d %lld\n", kind, id, value);
    fflush(creach_probe_out);
}
static void creach_probe_hit(int id)
{
    if (!creach_probe_seen[id][0]) { creach_probe_seen[id][0] = 1; creach_probe_emit("H", id, 0); }
}
static int creach_probe_true(int id)
{
    if (!creach_probe_seen[id][1]) { creach_probe_seen[id][1] = 1; creach_probe_emit("T", id, 0); }
    return 1;
}
static int creach_probe_false(int id)
{
    if (!creach_probe_seen[id][0]) { creach_probe_seen[id][0] = 1; creach_probe_emit("F", id, 0); }
    return 0;
}
static void creach_probe_switch(int id, long long value)
{
    creach_probe_emit("S", id, value);
}
/* MC/DC: the conditions an evaluation of a decision took (T, F, - per condition), written with its outcome. */
static char creach_probe_vec[${Math.max(count, 1)}][40];
static char creach_probe_vlast[${Math.max(count, 1)}][40];
static int creach_probe_vcount[${Math.max(count, 1)}];
static void creach_probe_vmark(int d, int k, int n, char c)
{
    if (!creach_probe_vec[d][0]) { for (int i = 0; i < n && i < 37; i++) creach_probe_vec[d][i] = '-'; creach_probe_vec[d][n < 37 ? n : 37] = 0; }
    if (k < 37) creach_probe_vec[d][k] = c;
}
static int creach_probe_vtrue(int id, int d, int k, int n) { creach_probe_vmark(d, k, n, 'T'); return creach_probe_true(id); }
static int creach_probe_vfalse(int id, int d, int k, int n) { creach_probe_vmark(d, k, n, 'F'); return creach_probe_false(id); }
static void creach_probe_vector(int d, int outcome)
{
    char v[40];
    int n = 0;
    for (; creach_probe_vec[d][n] && n < 37; n++) v[n] = creach_probe_vec[d][n];
    v[n++] = ':';
    v[n++] = outcome ? '1' : '0';
    v[n] = 0;
    creach_probe_vec[d][0] = 0;
    /* The same evaluation again (a loop) is written once; at most 1000 lines per decision. */
    int same = 1;
    for (int i = 0; i <= n; i++) if (creach_probe_vlast[d][i] != v[i]) { same = 0; break; }
    if (same || creach_probe_vcount[d] >= 1000) return;
    creach_probe_vcount[d]++;
    for (int i = 0; i <= n; i++) creach_probe_vlast[d][i] = v[i];
    if (creach_probe_open()) { fprintf(creach_probe_out, "V %d %s\n", d, v); fflush(creach_probe_out); }
}
static int creach_probe_dtrue(int id) { creach_probe_vector(id, 1); return creach_probe_true(id); }
static int creach_probe_dfalse(int id) { creach_probe_vector(id, 0); return creach_probe_false(id); }
`;
  return { before, after };
}
function parseProbeRecord(text) {
  const rec = { hits: /* @__PURE__ */ new Set(), truths: /* @__PURE__ */ new Set(), falses: /* @__PURE__ */ new Set(), switchValues: /* @__PURE__ */ new Map(), vectors: /* @__PURE__ */ new Map() };
  for (const line of text.split("\n")) {
    const v = /^V (\d+) ([TF-]+:[01])$/.exec(line.trim());
    if (v) {
      const id2 = Number(v[1]);
      if (!rec.vectors.has(id2)) rec.vectors.set(id2, /* @__PURE__ */ new Set());
      rec.vectors.get(id2).add(v[2]);
      continue;
    }
    const m = /^([HTFS]) (\d+) (-?\d+)$/.exec(line.trim());
    if (!m) continue;
    const id = Number(m[2]);
    if (m[1] === "H") rec.hits.add(id);
    else if (m[1] === "T") rec.truths.add(id);
    else if (m[1] === "F") rec.falses.add(id);
    else {
      if (!rec.switchValues.has(id)) rec.switchValues.set(id, /* @__PURE__ */ new Set());
      rec.switchValues.get(id).add(BigInt(m[3]));
    }
  }
  return rec;
}
var STATEMENTS;
var init_instrument = __esm({
  "server/src/testgen/instrument.ts"() {
    "use strict";
    init_source();
    init_parser();
    init_catalogue();
    init_mcdc();
    init_cvalues();
    init_indeterminate();
    STATEMENTS = /* @__PURE__ */ new Set([
      "expression_statement",
      "return_statement",
      "if_statement",
      "while_statement",
      "do_statement",
      "for_statement",
      "switch_statement",
      "break_statement",
      "continue_statement",
      "goto_statement",
      "compound_statement",
      "labeled_statement",
      "case_statement",
      "declaration"
    ]);
  }
});

// server/src/testgen/run.ts
function runProcess(cmd, args, opts) {
  return new Promise((resolve8) => {
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    let child;
    try {
      child = (0, import_node_child_process2.spawn)(cmd, args, { cwd: opts.cwd, env: { ...process.env, ...opts.env }, stdio: ["ignore", "pipe", "pipe"] });
    } catch (e) {
      resolve8({ code: null, signal: null, stdout, stderr, timedOut, spawnError: String(e) });
      return;
    }
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, opts.timeoutMs);
    child.stdout.on("data", (d) => {
      if (stdout.length < MAX_OUTPUT) stdout += d.toString();
    });
    child.stderr.on("data", (d) => {
      if (stderr.length < MAX_OUTPUT) stderr += d.toString();
    });
    child.on("error", (e) => {
      clearTimeout(timer);
      resolve8({ code: null, signal: null, stdout, stderr, timedOut, spawnError: e.message });
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve8({ code, signal, stdout, stderr, timedOut });
    });
  });
}
var import_node_child_process2, MAX_OUTPUT;
var init_run = __esm({
  "server/src/testgen/run.ts"() {
    "use strict";
    import_node_child_process2 = require("node:child_process");
    MAX_OUTPUT = 1 << 20;
  }
});

// server/src/testgen/gcov.ts
function gcovFor(compiler) {
  const base = path3.basename(compiler);
  const m = /^(?:.*-)?gcc(-\d+)?$/.exec(base) ?? /^cc$/.exec(base);
  const suffix = m?.[1] ?? "";
  const beside = path3.join(path3.dirname(compiler), `gcov${suffix}`);
  return path3.dirname(compiler) !== "." && fs.existsSync(beside) ? beside : `gcov${suffix}`;
}
async function readGcov(gcov, workDir, objectFile, sourceFile) {
  const r = await runProcess(gcov, ["--json-format", "--stdout", "--branch-probabilities", objectFile], { cwd: workDir, timeoutMs: 3e4 });
  if (r.spawnError || r.code !== 0) return `gcov failed: ${r.spawnError ?? r.stderr.trim()}`;
  const want = path3.resolve(sourceFile);
  for (const chunk of r.stdout.split("\n")) {
    if (!chunk.trim().startsWith("{")) continue;
    let data;
    try {
      data = JSON.parse(chunk);
    } catch {
      continue;
    }
    for (const f of data.files ?? []) {
      if (path3.resolve(data.current_working_directory ?? workDir, f.file) !== want) continue;
      return f.lines.map((l) => ({ line: l.line_number, count: l.count, branches: l.branches.map((b) => b.count), function: l.function_name }));
    }
  }
  return `gcov has no counts for ${sourceFile}`;
}
function coverageOf(lines2, ranges) {
  const cov = { statements: { covered: 0, total: 0 }, branches: { covered: 0, total: 0 } };
  for (const l of linesWithin(lines2, ranges)) {
    cov.statements.total++;
    if (l.count > 0) cov.statements.covered++;
    cov.branches.total += l.branches.length;
    cov.branches.covered += l.branches.filter((c) => c > 0).length;
  }
  return cov;
}
function linesWithin(lines2, ranges) {
  return lines2.filter((l) => ranges.some((r) => l.line >= r.from && l.line <= r.to));
}
var fs, path3;
var init_gcov = __esm({
  "server/src/testgen/gcov.ts"() {
    "use strict";
    fs = __toESM(require("node:fs"));
    path3 = __toESM(require("node:path"));
    init_run();
  }
});

// server/src/testgen/validate.ts
function cannotBuildAndRun(compiler, flags, workDir) {
  const key = [compiler, ...flags].join("\0");
  let p = buildProbes.get(key);
  if (!p) {
    p = (async () => {
      fs2.mkdirSync(workDir, { recursive: true });
      const name = `build_probe_${buildProbes.size}`;
      const src = path4.join(workDir, `${name}.c`);
      fs2.writeFileSync(src, "int main(void) { return 0; }\n");
      const exe = path4.join(workDir, name);
      const c = await runProcess(compiler, [...flags, src, "-o", exe], { timeoutMs: 6e4 });
      if (c.code !== 0) return `'${[compiler, ...flags].join(" ")}' cannot build a program (${(c.spawnError ?? c.stderr).trim().split("\n")[0]})`;
      const r = await runProcess(exe, [], { timeoutMs: 1e4, env: RUN_ENV });
      if (r.code !== 0)
        return `this machine cannot run what '${[compiler, ...flags].join(" ")}' builds (an empty program ended with ${r.signal ?? `exit code ${r.code}`})`;
      return null;
    })();
    buildProbes.set(key, p);
  }
  return p;
}
async function supportsSanitizers(compiler, workDir, flags = []) {
  return await cannotBuildAndRun(compiler, [...flags, ...SANITIZE_FLAGS], workDir) === null;
}
function baseFlags(program, opts) {
  const flags = ["-O0", "-g", "-I", path4.dirname(path4.resolve(program.file))];
  if (program.dataModel === "ILP32") flags.push("-m32");
  for (const i of opts.includePaths ?? []) flags.push("-I", i);
  for (const d of opts.defines ?? []) flags.push(`-D${d}`);
  return flags;
}
function sanitizerReports(stderr, sourceBase) {
  const out = [];
  const lines2 = stderr.split("\n");
  lines2.forEach((l, k) => {
    const ub = /:(\d+):\d+: runtime error: (.*)$/.exec(l);
    if (ub) out.push({ line: Number(ub[1]), text: l.trim() });
    else if (/ERROR: AddressSanitizer/.test(l)) {
      let line = null;
      if (sourceBase) {
        for (const frame of lines2.slice(k + 1)) {
          if (!/^\s*#\d+ /.test(frame)) {
            if (line !== null || frame.trim() === "") break;
            continue;
          }
          const m = new RegExp(`[/ ]${sourceBase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:(\\d+)`).exec(frame);
          if (m) {
            line = Number(m[1]);
            break;
          }
        }
      }
      out.push({ line, text: l.trim() });
    }
  });
  return out;
}
async function validateSuite(program, report, opts) {
  const result = {
    available: true,
    sanitizers: false,
    tests: [],
    warnings: "",
    measured: null,
    lines: null,
    claimed: claimedCoverage(report),
    differences: [],
    reachedWhenRun: [],
    unobserved: []
  };
  const version = workingCompilers.has(opts.compiler) ? null : await runProcess(opts.compiler, ["--version"], { timeoutMs: 3e4 });
  if (version && (version.spawnError || version.code !== 0)) {
    result.available = false;
    result.message = `no C compiler: '${opts.compiler}' cannot be run (${version.spawnError ?? version.stderr.trim()}); the tests were exported but not validated`;
    return result;
  }
  workingCompilers.add(opts.compiler);
  fs2.mkdirSync(opts.workDir, { recursive: true });
  const workDir = path4.resolve(opts.workDir);
  if (program.dataModel === "ILP32") {
    const why = await cannotBuildAndRun(opts.compiler, ["-m32"], workDir);
    if (why) {
      result.available = false;
      result.message = `not validated: no 32-bit toolchain here: ${why} (Debian: gcc-multilib, and a kernel that runs 32-bit programs); the tests were exported`;
      return result;
    }
  }
  const base = path4.basename(program.file).replace(/[^A-Za-z0-9_.-]/g, "_") || "source.c";
  const setsValues = setsIndeterminate(report);
  fs2.writeFileSync(path4.join(workDir, base), setsValues ? sourceWithIndeterminate(program) : program.source);
  fs2.mkdirSync(path4.join(workDir, "instrumented"), { recursive: true });
  const tests = harnessTests(report, program);
  const flags = baseFlags(program, opts);
  result.sanitizers = opts.sanitize && await supportsSanitizers(opts.compiler, workDir, program.dataModel === "ILP32" ? ["-m32"] : []);
  const sanitize = result.sanitizers ? SANITIZE_FLAGS : [];
  fs2.writeFileSync(path4.join(workDir, "harness.c"), emitHarness(program, report, { sourcePath: base }));
  const coverageBuild = (async () => {
    const cc = await runProcess(opts.compiler, [...flags, "--coverage", "-DCREACH_GCOV", "-Wall", "-Wextra", "-c", "harness.c", "-o", "harness.o"], {
      cwd: workDir,
      timeoutMs: 12e4
    });
    const link = cc.code === 0 ? await runProcess(opts.compiler, [...program.dataModel === "ILP32" ? ["-m32"] : [], "--coverage", "harness.o", "-o", "harness_cov", "-lm"], {
      cwd: workDir,
      timeoutMs: 12e4
    }) : cc;
    return { warnings: cc.stderr.trim(), link };
  })();
  const probeBuild = (async () => {
    const functions = calledFrom(
      program,
      report.functions.map((f) => f.name)
    );
    try {
      const inst = await instrumentSource(program, functions, { vectors: report.functions.some((f) => f.mcdc), indeterminate: setsValues });
      fs2.writeFileSync(path4.join(workDir, "instrumented", base), inst.text);
      const rt = probeRuntime(inst.probes.length);
      fs2.writeFileSync(
        path4.join(workDir, "probe_harness.c"),
        emitHarness(program, report, { sourcePath: `instrumented/${base}`, before: rt.before, after: rt.after })
      );
      const pc = await runProcess(opts.compiler, [...flags, ...sanitize, "-w", "probe_harness.c", "-o", "harness_probe", "-lm"], {
        cwd: workDir,
        timeoutMs: 12e4
      });
      if (pc.code === 0) return { probes: inst.probes, probeExe: "harness_probe" };
      return {
        probes: [],
        probeExe: "",
        problem: `internal: the instrumented source does not compile, goals cannot be observed: ${pc.stderr.trim().split("\n").slice(0, 4).join(" | ")}`
      };
    } catch (e) {
      return { probes: [], probeExe: "", problem: `internal: instrumentation failed: ${e instanceof Error ? e.message : String(e)}` };
    }
  })();
  const [coverage, probed] = await Promise.all([coverageBuild, probeBuild]);
  result.warnings = coverage.warnings;
  if (coverage.link.code !== 0) {
    const why = `the harness does not compile: ${(coverage.link.spawnError ?? coverage.link.stderr).trim().split("\n").slice(0, 8).join("\n")}`;
    result.differences.push(why);
    for (const t of tests) fail(t, why, result);
    return result;
  }
  const probes = probed.probes;
  let probeExe = probed.probeExe;
  if (probed.problem) result.differences.push(probed.problem);
  if (!probeExe) {
    const sc = await runProcess(opts.compiler, [...flags, ...sanitize, "-w", "harness.c", "-o", "harness_san", "-lm"], { cwd: workDir, timeoutMs: 12e4 });
    if (sc.code !== 0) {
      for (const t of tests) fail(t, `the harness does not compile with sanitizers: ${sc.stderr.trim()}`, result);
      return result;
    }
    probeExe = "harness_san";
  }
  const catalogues = /* @__PURE__ */ new Map();
  for (const f of report.functions) {
    const fn2 = program.functions.find((x) => x.name === f.name);
    if (fn2) catalogues.set(f.name, { fn: fn2, goals: buildCatalogue(program, fn2, { runtimeErrors: true, contextDepth: CONTEXT_DEPTH }) });
  }
  const observer = new GoalObserver(probes, catalogues, program);
  const records = [];
  for (const f of fs2.readdirSync(workDir)) if (f.endsWith(".gcda")) fs2.rmSync(path4.join(workDir, f));
  const coverageRuns = (async () => {
    for (const t of tests) {
      if (t.expect.kind === "runtime-error") continue;
      await runProcess(path4.join(workDir, "harness_cov"), [t.name], { cwd: workDir, timeoutMs: opts.timeoutMs, env: RUN_ENV });
    }
  })();
  for (const [i, t] of tests.entries()) {
    const unseen = unobservableError(t, catalogues);
    if (unseen) {
      delete t.test.validated;
      t.test.validation = `not checked by running: no gcc sanitizer detects ${unseen}`;
      continue;
    }
    if (t.test.indeterminate?.length && !indeterminateSettable(t.test)) {
      const reads = t.test.indeterminate.map((u) => `\`${u.variable}\` (line ${u.line})`);
      delete t.test.validated;
      t.test.validation = `not checked by running: the run reads uninitialised ${[...new Set(reads)].join(", ")}, whose value a compiled run does not choose`;
      continue;
    }
    const probeFile = path4.join(workDir, `probes-${i}.txt`);
    fs2.rmSync(probeFile, { force: true });
    const r = await runProcess(path4.join(workDir, probeExe), [t.name], {
      cwd: workDir,
      timeoutMs: opts.timeoutMs,
      env: { ...RUN_ENV, CREACH_PROBE_FILE: probeFile }
    });
    const rec = parseProbeRecord(fs2.existsSync(probeFile) ? fs2.readFileSync(probeFile, "utf8") : "");
    const reports = sanitizerReports(r.stderr, base);
    const sanitizerLines = reports.flatMap((s) => s.line === null ? [] : [s.line]);
    records.push({ test: t, rec, sanitizerLines });
    const expectedError = t.expect.kind === "runtime-error" ? t.expect.line : null;
    const unexpected = reports.filter((s) => s.line === null || s.line !== expectedError);
    let resultsMatch;
    if (t.expect.kind === "runtime-error") resultsMatch = sanitizerLines.includes(t.expect.line);
    else resultsMatch = r.code === 0 && /^1 passed, 0 failed$/m.test(r.stdout);
    const missed = [];
    let reached = true;
    for (const g of t.test.goals) {
      const seen = observer.reached(t.function, g, rec, sanitizerLines, probeExe === "harness_san");
      if (seen !== true) missed.push(g);
      if (seen === false) reached = false;
      else if (seen === null && reached === true) reached = null;
    }
    result.tests.push({
      name: t.name,
      function: t.function,
      id: t.test.id,
      reached,
      missed,
      resultsMatch,
      sanitizer: unexpected.length ? unexpected.map((s) => s.text).join("\n") : null,
      output: outputOf(r)
    });
    setVerdict(t.test, result.tests[result.tests.length - 1], r);
    const wraps = boundsErrorOf(t, catalogues);
    if (t.expect.kind === "runtime-error" && wraps?.op === "cast" && wraps.index && t.test.validated !== true && !sanitizerLines.includes(t.expect.line)) {
      delete t.test.validated;
      t.test.validation = "not checked by running: no gcc sanitizer detected the index past PTRDIFF_MAX (the address wraps around to memory it may own)";
    }
    if (probeExe === "harness_probe") checkMcdcPaths(report, t, rec, observer);
  }
  await coverageRuns;
  const lines2 = await readGcov(gcovFor(opts.compiler), workDir, "harness.o", path4.join(workDir, base));
  const ranges = [...catalogues.values()].map(({ fn: fn2 }) => ({ from: fn2.range.line, to: fn2.range.endLine }));
  if (typeof lines2 === "string") result.differences.push(`internal: ${lines2}`);
  else {
    result.measured = coverageOf(lines2, ranges);
    result.lines = linesWithin(lines2, ranges);
    compareClaims(report, observer, records, lines2, result);
  }
  return result;
}
function fail(t, why, result) {
  result.tests.push({
    name: t.name,
    function: t.function,
    id: t.test.id,
    reached: null,
    missed: t.test.goals,
    resultsMatch: false,
    sanitizer: null,
    output: why
  });
  t.test.validated = false;
  t.test.validation = why;
}
function setVerdict(test, v, r) {
  const why = [];
  if (v.reached === false) why.push(`it does not reach ${v.missed.join(", ")}`);
  if (v.reached === null) why.push(`whether it reaches ${v.missed.join(", ")} could not be observed`);
  if (!v.resultsMatch) {
    const msg = r.timedOut ? "it did not finish within the time limit" : r.stdout.split("\n").find((l) => /\(goals /.test(l)) ?? `the run ended with ${r.signal ?? `exit code ${r.code}`}`;
    why.push(msg.replace(/^\S+ \(goals [^)]*\): /, ""));
  }
  if (v.sanitizer) why.push(`sanitizer: ${v.sanitizer.split("\n")[0]}`);
  test.validated = why.length === 0;
  if (why.length) test.validation = why.join("; ");
  else delete test.validation;
}
function checkMcdcPaths(report, t, rec, observer) {
  const f = report.functions.find((x) => x.name === t.function);
  for (const d of f?.mcdc?.decisions ?? []) {
    const probe = observer.decisionProbe(t.function, d.id);
    for (const p of d.paths) {
      if (p.test !== t.test.id || probe === void 0) continue;
      p.validated = d.conditions.length === 1 ? (p.outcome ? rec.truths : rec.falses).has(probe) : rec.vectors.get(probe)?.has(`${p.vector}:${p.outcome ? 1 : 0}`) ?? false;
    }
  }
}
function keyOf(p) {
  switch (p.kind) {
    case "block":
      return `${p.fn}|block|${p.block}`;
    case "point":
      return `${p.fn}|point|${p.block}|${p.statement}`;
    case "decision":
    case "switch":
      return `${p.fn}|${p.kind}|${p.decision}`;
    case "assert":
    case "error":
      return `${p.fn}|${p.kind}|${p.block}|${p.index}`;
  }
}
function isCoverageGoal(g) {
  return g.kind === "statement" || g.kind === "branch";
}
function claimedCoverage(report) {
  const claimed = { statements: { covered: 0, total: 0 }, branches: { covered: 0, total: 0 } };
  for (const f of report.functions) {
    const inTests = new Set(f.tests.flatMap((t) => t.goals));
    for (const g of f.goals) {
      if (!isCoverageGoal(g)) continue;
      const c = g.kind === "statement" ? claimed.statements : claimed.branches;
      c.total++;
      if (g.status === "covered" || inTests.has(g.id)) c.covered++;
    }
  }
  return claimed;
}
function compareClaims(report, observer, records, lines2, result) {
  const where = (g) => `${report.file}:${g.line}:${g.column}`;
  for (const f of report.functions) {
    const inTests = new Set(f.tests.flatMap((t) => t.goals));
    const mine = records.filter((r) => r.test.function === f.name);
    for (const g of f.goals) {
      if (!isCoverageGoal(g)) continue;
      const claimed = g.status === "covered" || inTests.has(g.id);
      const seen = mine.map((r) => observer.reached(f.name, g.id, r.rec, r.sanitizerLines, false));
      if (seen.some((s) => s === null)) {
        result.unobserved.push(g.id);
        continue;
      }
      const by = mine.filter((_, i) => seen[i]).map((r) => r.test.name);
      if (claimed && by.length === 0) result.differences.push(`${where(g)}: goal ${g.id} is claimed covered, but no test of the suite reaches it`);
      if (!claimed && by.length > 0 && (g.status === "unknown" || g.status === "not-reached"))
        result.reachedWhenRun.push(`${where(g)}: goal ${g.id} is left ${g.status}, but test ${by.join(", ")} reaches it when run`);
      else if (!claimed && by.length > 0)
        result.differences.push(`${where(g)}: goal ${g.id} is reported ${g.status}${g.proof ? ` (${g.proof})` : ""}, but test ${by.join(", ")} reaches it`);
    }
    const cat = observer.catalogues.get(f.name);
    if (!cat) continue;
    const plain = mine.filter((r) => r.test.expect.kind !== "runtime-error");
    const fired = (id) => plain.some((r) => r.rec.hits.has(id) || r.rec.truths.has(id) || r.rec.falses.has(id) || r.rec.switchValues.has(id));
    const leafDecisions = new Set(cat.fn.blocks.flatMap((b) => b.terminator.kind === "branch" ? [b.terminator.decision] : []));
    for (const l of lines2) {
      if (l.line < cat.fn.range.line || l.line > cat.fn.range.endLine) continue;
      const ids = observer.probesOnLine(f.name, l.line);
      if (ids.length === 0) continue;
      const probeSaw = ids.some(fired);
      if (probeSaw && l.count === 0) result.differences.push(`${report.file}:${l.line}: the tests run this line, but gcov counts it 0 times`);
      if (!probeSaw && l.count > 0) result.differences.push(`${report.file}:${l.line}: gcov counts this line ${l.count} times, but no probe on it fired`);
      const leaves = ids.map((id) => observer.probe(id)).filter((p) => p.kind === "decision" && leafDecisions.has(p.decision));
      const others = ids.map((id) => observer.probe(id)).filter((p) => p.kind === "switch" || p.kind === "assert");
      if (others.length || l.branches.length !== 2 * leaves.length || leaves.length === 0) continue;
      const probeTaken = ids.filter((id) => leafDecisions.has(observer.probe(id).decision ?? "")).reduce((n, id) => n + (plain.some((r) => r.rec.truths.has(id)) ? 1 : 0) + (plain.some((r) => r.rec.falses.has(id)) ? 1 : 0), 0);
      const gcovTaken = l.branches.filter((c) => c > 0).length;
      if (probeTaken !== gcovTaken)
        result.differences.push(`${report.file}:${l.line}: gcov sees ${gcovTaken} of ${l.branches.length} branch outcomes taken, the probes ${probeTaken}`);
    }
  }
}
function calledFrom(program, names) {
  const seen = new Set(names);
  const work = [...names];
  while (work.length) {
    const name = work.pop();
    const fn2 = program.functions.find((f) => f.name === name);
    for (const b of fn2?.blocks ?? [])
      for (const i of b.instrs)
        if (i.kind === "assign" && i.value.op === "call" && !i.value.external && !seen.has(i.value.callee)) {
          seen.add(i.value.callee);
          work.push(i.value.callee);
        }
  }
  return [...seen];
}
function boundsErrorOf(t, catalogues) {
  if (t.expect.kind !== "runtime-error" || t.expect.error !== "bounds") return null;
  const goal = t.expect.goal;
  const cat = catalogues.get(t.function);
  const target = cat?.goals.find((g) => g.id === goal)?.target;
  if (!cat || target?.kind !== "runtime-error") return null;
  const instr = cat.fn.blocks[target.block]?.instrs[target.index];
  return instr?.kind === "assign" ? instr.value : null;
}
function unobservableError(t, catalogues) {
  if (t.expect.kind === "runtime-error" && t.expect.error === "uninit") return "a read of an uninitialised variable";
  return boundsErrorOf(t, catalogues)?.op === "ptradd" ? "a pointer formed outside its object by arithmetic" : null;
}
var fs2, path4, CONTEXT_DEPTH, SANITIZE_FLAGS, RUN_ENV, buildProbes, workingCompilers, outputOf, GoalObserver;
var init_validate = __esm({
  "server/src/testgen/validate.ts"() {
    "use strict";
    fs2 = __toESM(require("node:fs"));
    path4 = __toESM(require("node:path"));
    init_catalogue();
    init_harness();
    init_indeterminate();
    init_instrument();
    init_run();
    init_gcov();
    CONTEXT_DEPTH = 64;
    SANITIZE_FLAGS = ["-fsanitize=undefined,address,float-cast-overflow", "-fno-sanitize-recover=undefined,float-cast-overflow"];
    RUN_ENV = { ASAN_OPTIONS: "detect_leaks=0", UBSAN_OPTIONS: "print_stacktrace=0" };
    buildProbes = /* @__PURE__ */ new Map();
    workingCompilers = /* @__PURE__ */ new Set();
    outputOf = (r) => (r.stdout + r.stderr).trim() + (r.timedOut ? "\n(timed out)" : "") + (r.spawnError ? `
(${r.spawnError})` : "");
    GoalObserver = class {
      constructor(probes, catalogues, program) {
        this.probes = probes;
        this.catalogues = catalogues;
        this.program = program;
        probes.forEach((p, id) => this.byKey.set(keyOf(p), id));
      }
      probes;
      catalogues;
      program;
      byKey = /* @__PURE__ */ new Map();
      goal(fnName, goalId) {
        return this.catalogues.get(fnName)?.goals.find((g) => g.id === goalId);
      }
      /** true / false, or null when the goal cannot be observed. */
      reached(fnName, goalId, rec, sanitizerLines, noProbes) {
        const entry2 = this.catalogues.get(fnName);
        const goal = this.goal(fnName, goalId);
        if (!entry2 || !goal) return null;
        const t = goal.target;
        if (t.kind === "runtime-error") return sanitizerLines.includes(goal.range.line) ? true : noProbes ? null : false;
        if (noProbes) return null;
        const code = this.program.functions.find((f) => f.name === goal.function) ?? entry2.fn;
        const probe = (k) => this.byKey.get(`${code.name}|${k}`);
        switch (t.kind) {
          case "point": {
            const id = t.statement === void 0 ? void 0 : probe(`point|${t.block}|${t.statement}`);
            return id === void 0 ? null : rec.hits.has(id);
          }
          case "block": {
            const id = probe(`block|${t.block}`);
            return id === void 0 ? null : rec.hits.has(id);
          }
          case "error": {
            const id = probe(`error|${t.block}|${t.index}`);
            return id === void 0 ? null : rec.hits.has(id);
          }
          case "assert": {
            const id = probe(`assert|${t.block}|${t.index}`);
            if (id === void 0) return null;
            const instr = code.blocks.find((b) => b.id === t.block)?.instrs[t.index];
            if (instr?.kind === "assert" && instr.origin === "ensures") return rec.falses.has(id);
            return rec.truths.has(id) || rec.falses.has(id);
          }
          case "edges": {
            const d = code.decisions.find((x) => x.id === goal.decision);
            if (!d) return null;
            const sw = probe(`switch|${d.id}`);
            if (sw !== void 0) {
              const block = code.blocks.find((b) => b.terminator.kind === "switch" && b.terminator.decision === d.id);
              if (!block || block.terminator.kind !== "switch") return null;
              const term = block.terminator;
              for (const v of rec.switchValues.get(sw) ?? []) {
                const target = term.cases.find((c) => c.values.some((x) => BigInt.asIntN(64, x) === v))?.target ?? term.default;
                if (t.edges.some((e) => e.from === block.id && e.to === target)) return true;
              }
              return false;
            }
            const id = probe(`decision|${d.id}`);
            if (id === void 0) return null;
            if (goal.outcome === "true") return rec.truths.has(id);
            if (goal.outcome === "false") return rec.falses.has(id);
            return null;
          }
        }
      }
      /** The probe of a decision's outcome in function fnName. */
      decisionProbe(fnName, decision) {
        return this.byKey.get(`${fnName}|decision|${decision}`);
      }
      /** Probes whose code starts on `line` in function fnName. */
      probesOnLine(fnName, line) {
        const ids = [];
        this.probes.forEach((p, id) => {
          if (p.fn === fnName && p.line === line) ids.push(id);
        });
        return ids;
      }
      probe(id) {
        return this.probes[id];
      }
    };
  }
});

// server/src/testgen/frameworks.ts
function observe(c) {
  const label = cString2(c.label);
  switch (c.kind) {
    case "int":
      return c.type.signed ? [`creach_observe_i(${label}, (long long)(${c.expr}));`] : [`creach_observe_u(${label}, (unsigned long long)(${c.expr}));`];
    case "float":
      return [`creach_observe_d(${label}, (double)(${c.expr}));`];
    case "null":
    case "non-null":
      return [`creach_observe_p(${label}, (const void *)(${c.expr}));`];
    case "address":
      return [`creach_observe_i(${label}, (${c.expr}) == (${c.target}));`];
    case "pointee":
      return [`creach_observe_p(${label}, (const void *)(${c.expr}));`, `if (${c.expr} != 0) {`, ...c.inner.flatMap(observe).map((s) => "    " + s), "}"];
  }
}
function goalsComment(t, report, indent) {
  const fr = report.functions.find((f) => f.name === t.function);
  const lines2 = [`${indent}/* ${t.name}: ${t.function}, generated for goals:`];
  for (const g of t.test.goals) {
    const goal = fr?.goals.find((x) => x.id === g);
    lines2.push(`${indent} *   ${g}${goal ? ": " + comment2(goal.label) : ""}`);
  }
  const expected = expectationComment(t.expect);
  if (expected) lines2.push(`${indent} * ${expected}`);
  lines2.push(`${indent} */`);
  return lines2;
}
function frameworkCode(program, report, sourcePath) {
  const max2 = Math.max(1, ...harnessCode(program, report, { sourcePath }, observe).checks.map((c) => flat(c).length));
  const r = harnessCode(program, report, { sourcePath }, observe, OBSERVATIONS(max2));
  r.code.push(RUN_TEST);
  return r;
}
function emitCmocka(program, report, sourcePath) {
  const { code, tests, checks: checks2 } = frameworkCode(program, report, sourcePath);
  const out = [];
  out.push(`/* CReach tests for ${comment2(report.file)}, for CMocka (Debian: libcmocka-dev).`);
  out.push(` * Build: cc THIS_FILE.c -lcmocka -o tests   Run: ./tests`);
  out.push(` * One test per datum: it calls the function with the datum (nondet and external calls return`);
  out.push(` * the datum's values, in order) and asserts the expected result and outputs. */`);
  out.push("");
  out.push(...code);
  out.push("");
  out.push("#include <stdarg.h>");
  out.push("#include <stddef.h>");
  out.push("#include <stdint.h>");
  out.push("#include <cmocka.h>");
  out.push("");
  out.push(
    String.raw`/* The value observed under label, failing the test when there is none. */
static inline const union creach_value *creach_expect_observed(const char *label)
{
    const union creach_value *v = creach_observation(label);
    if (!v) fail_msg("%s was not observed: the run stopped before", label);
    return v;
}
#define creach_observed_i(label) (creach_expect_observed(label)->i)
#define creach_observed_u(label) (creach_expect_observed(label)->u)
#define creach_observed_d(label) (creach_expect_observed(label)->d)
#define creach_observed_p(label) (creach_expect_observed(label)->p)
`
  );
  const names = [];
  tests.forEach((t, k) => {
    const fn2 = `creach_test_${cIdent2(t.function)}_${cIdent2(t.test.id)}`;
    names.push({ display: `${t.function} ${t.test.id}`, fn: fn2 });
    out.push(...goalsComment(t, report, ""));
    out.push(`static void ${fn2}(void **state)`);
    out.push("{");
    out.push("    (void)state;");
    const skip = sanitizerOnly(t);
    if (skip) {
      out.push(`    /* ${comment2(skip)} */`);
      out.push(`    print_message("%s\\n", ${cString2(`skipped: ${skip}`)});`);
      out.push("    skip();");
    } else {
      out.push(`    assert_true(creach_run_test(${k})); /* the run ends as the datum expects (why not: printed above) */`);
      for (const c of flat(checks2[k])) out.push(`    ${cmockaAssert(c)}`);
    }
    out.push("}");
    out.push("");
  });
  out.push("int main(void)");
  out.push("{");
  out.push("    const struct CMUnitTest creach_cmocka_tests[] = {");
  for (const n of names) out.push(`        { ${cString2(n.display)}, ${n.fn}, NULL, NULL, NULL },`);
  if (names.length === 0) out.push('        { "no data", NULL, NULL, NULL, NULL },');
  out.push("    };");
  out.push(`    return cmocka_run_group_tests_name(${cString2(`CReach tests of ${report.file}`)}, creach_cmocka_tests, NULL, NULL);`);
  out.push("}");
  return out.join("\n") + "\n";
}
function cmockaAssert(c) {
  const label = cString2(c.label);
  switch (c.kind) {
    case "int":
      return c.type.signed ? `assert_int_equal(creach_observed_i(${label}), ${c.literal});` : `assert_int_equal(creach_observed_u(${label}), ${c.literal});`;
    case "float":
      return `assert_true(creach_same_float(creach_observed_d(${label}), ${c.literal})); /* ${comment2(c.expected)} */`;
    case "null":
      return `assert_null(creach_observed_p(${label}));`;
    case "non-null":
    case "pointee":
      return `assert_non_null(creach_observed_p(${label}));`;
    case "address":
      return `assert_true(creach_observed_i(${label})); /* points to ${comment2(c.expected)} */`;
  }
}
function emitGtest(program, report, sourcePath, cName) {
  const { code, tests, checks: checks2 } = frameworkCode(program, report, sourcePath);
  const c = [];
  c.push(`/* CReach: the C part of the GoogleTest tests of ${comment2(report.file)} (the tests: the .cc file beside it).`);
  c.push(` * It includes the source (compiled as C), with the stubs and one body per datum. */`);
  c.push("");
  c.push(...code);
  c.push("");
  c.push(
    String.raw`/* What the C++ tests call. */
int creach_gtest_run(int k) { return creach_run_test(k); }
int creach_gtest_observed(const char *label, union creach_value *out)
{
    const union creach_value *v = creach_observation(label);
    if (!v) return 0;
    *out = *v;
    return 1;
}
int creach_gtest_same_float(double a, double b) { return creach_same_float(a, b); }`
  );
  const cc = [];
  cc.push(`// CReach tests of ${report.file}, for GoogleTest (Debian: libgtest-dev).`);
  cc.push(`// Build: cc -c ${cName} -o creach_c.o`);
  cc.push(`//        c++ THIS_FILE.cc creach_c.o -lgtest_main -lgtest -pthread -o tests   Run: ./tests`);
  cc.push("// One test per datum: it calls the function with the datum (nondet and external calls return");
  cc.push("// the datum's values, in order) and asserts the expected result and outputs. The function runs");
  cc.push(`// in C (${cName}), which records the values it sees.`);
  cc.push("");
  cc.push("#include <cmath>");
  cc.push("#include <gtest/gtest.h>");
  cc.push("");
  cc.push(
    String.raw`extern "C" {
union creach_value { long long i; unsigned long long u; double d; float f; void *p; };
int creach_gtest_run(int k);
int creach_gtest_observed(const char *label, union creach_value *out);
int creach_gtest_same_float(double a, double b);
}

namespace {

// The value observed under label; the test fails when there is none.
// (inline: a suite uses only some of these, and unused inline functions draw no warning.)
inline creach_value observed(const char *label)
{
    creach_value v{};
    if (!creach_gtest_observed(label, &v)) ADD_FAILURE() << label << " was not observed: the run stopped before";
    return v;
}
inline long long observed_i(const char *label) { return observed(label).i; }
inline unsigned long long observed_u(const char *label) { return observed(label).u; }
inline double observed_d(const char *label) { return observed(label).d; }
inline const void *observed_p(const char *label) { return observed(label).p; }
// The same value: NaN matches NaN, and -0 differs from +0.
inline bool same_float(double a, double b) { return creach_gtest_same_float(a, b) != 0; }

}  // namespace
`
  );
  tests.forEach((t, k) => {
    cc.push(...goalsComment(t, report, ""));
    cc.push(`TEST(${cIdent2(t.function)}, ${cIdent2(t.test.id)})`);
    cc.push("{");
    const skip = sanitizerOnly(t);
    if (skip) cc.push(`    GTEST_SKIP() << ${cString2(skip)};`);
    else {
      cc.push(`    ASSERT_TRUE(creach_gtest_run(${k})) << "the run does not end as the datum expects (why: printed above)";`);
      for (const x of flat(checks2[k])) cc.push(`    ${gtestAssert(x)}`);
    }
    cc.push("}");
    cc.push("");
  });
  return { c: c.join("\n") + "\n", cc: cc.join("\n") + "\n" };
}
function gtestAssert(c) {
  const label = cString2(c.label);
  switch (c.kind) {
    case "int":
      return c.type.signed ? `EXPECT_EQ(observed_i(${label}), ${c.literal});` : `EXPECT_EQ(observed_u(${label}), ${c.literal});`;
    case "float":
      return `EXPECT_PRED2(same_float, observed_d(${label}), ${c.literal}) << ${cString2(`expected ${c.expected}`)};`;
    case "null":
      return `EXPECT_EQ(observed_p(${label}), nullptr);`;
    case "non-null":
    case "pointee":
      return `EXPECT_NE(observed_p(${label}), nullptr);`;
    case "address":
      return `EXPECT_TRUE(observed_i(${label})) << ${cString2(`expected it to point to ${c.expected}`)};`;
  }
}
var cString2, cIdent2, comment2, flat, OBSERVATIONS, RUN_TEST, sanitizerOnly;
var init_frameworks = __esm({
  "server/src/testgen/frameworks.ts"() {
    "use strict";
    init_harness();
    cString2 = (s) => JSON.stringify(s).replace(/\?/g, "\\?");
    cIdent2 = (s) => s.replace(/[^A-Za-z0-9_]/g, "_");
    comment2 = (s) => s.replace(/\*\//g, "* /").replace(/\/\*/g, "/ *");
    flat = (checks2) => checks2.flatMap((c) => c.kind === "pointee" ? [c, ...flat(c.inner)] : [c]);
    OBSERVATIONS = (max2) => String.raw`/* Observations: the values a test's body saw after the call, by name; the framework's
 * assertions compare them with the datum's expected values. */
struct creach_observation { const char *label; union creach_value v; };
static struct creach_observation creach_observed[${max2}];
static int creach_n_observed;

static inline void creach_observe(const char *label, union creach_value v)
{
    if (creach_n_observed < ${max2}) {
        creach_observed[creach_n_observed].label = label;
        creach_observed[creach_n_observed].v = v;
        creach_n_observed++;
    }
}
static inline void creach_observe_i(const char *label, long long x) { union creach_value v; v.i = x; creach_observe(label, v); }
static inline void creach_observe_u(const char *label, unsigned long long x) { union creach_value v; v.u = x; creach_observe(label, v); }
static inline void creach_observe_d(const char *label, double x) { union creach_value v; v.d = x; creach_observe(label, v); }
static inline void creach_observe_p(const char *label, const void *x) { union creach_value v; v.p = (void *)x; creach_observe(label, v); }

/* The observation named label, or 0 when the body did not get that far. */
static inline const union creach_value *creach_observation(const char *label)
{
    int k;
    for (k = 0; k < creach_n_observed; k++)
        if (strcmp(creach_observed[k].label, label) == 0) return &creach_observed[k].v;
    return 0;
}

`;
    RUN_TEST = String.raw`/* Runs test k of creach_tests with the harness's runner: 1 when the run ended as the datum
 * expects (it returned having used every input value, or the expected assertion failed, ...);
 * otherwise 0, and the reason is printed. */
static inline int creach_run_test(int k)
{
    int ok;
    creach_n_observed = 0;
    /* A datum that ends the process (exit(), abort()) runs in a process of its own: it has no observations. */
    ok = creach_tests[k].expect == CREACH_EXITS || creach_tests[k].expect == CREACH_ABORTS ? creach_run_isolated(&creach_tests[k]) : creach_run(&creach_tests[k]);
    fflush(stdout);
    return ok;
}
`;
    sanitizerOnly = (t) => t.expect.kind === "runtime-error" ? `it shows a runtime error (${t.expect.error}, line ${t.expect.line}), which only a sanitizer build can see: run the C harness under -fsanitize=undefined` : "";
  }
});

// server/src/testgen/testcomp.ts
function xmlEscape(s) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
function inputText(v, what) {
  if (typeof v === "boolean") return v ? "1" : "0";
  if (typeof v === "number") return Object.is(v, -0) ? "-0.0" : String(v);
  if (typeof v === "string" && /^(-?\d+(\.\d*)?([eE][-+]?\d+)?|nan|inf|-inf|-0)$/.test(v)) return v === "-0" ? "-0.0" : v;
  throw new TestCompError(`${what}: ${JSON.stringify(v)} cannot be written as a Test-Comp input`);
}
function mainReport(report) {
  const main2 = report.functions.find((f) => f.name === "main");
  if (!main2) {
    const names = report.functions.map((f) => f.name).join(", ") || "none";
    throw new TestCompError(
      `${report.file}: the Test-Comp format needs tests of 'main' (whole programs whose inputs are __VERIFIER_nondet_* calls); this report has tests of: ${names}. Use --function main, or --format c`
    );
  }
  return main2;
}
function testCompSuite(program, report, opts = {}) {
  const main2 = mainReport(report);
  const hasErrorCall = program.functions.some((f) => f.name === "reach_error" || f.blocks.some((b) => b.instrs.some((i) => i.kind === "error")));
  const spec = opts.specification ?? (hasErrorCall ? "error" : "coverage");
  const files = [{ name: "metadata.xml", text: metadataXml(program, report, spec, opts) }];
  for (const t of main2.tests) files.push({ name: `testcase-${t.id.replace(/[^A-Za-z0-9_.-]/g, "_")}.xml`, text: testcaseXml(t) });
  return files;
}
function metadataXml(program, report, spec, opts) {
  const hash = (0, import_node_crypto.createHash)("sha256").update(program.source, "utf8").digest("hex");
  const fields = [
    ["sourcecodelang", "C"],
    ["producer", "CReach"],
    ["specification", spec === "error" ? SPEC_ERROR : SPEC_COVER_BRANCHES],
    ["programfile", opts.programFile ?? report.file],
    ["programhash", hash],
    ["entryfunction", "main"],
    ["architecture", program.dataModel === "ILP32" ? "32bit" : "64bit"],
    ["creationtime", (opts.creationTime ?? /* @__PURE__ */ new Date()).toISOString()]
  ];
  return [XML_HEAD, METADATA_DOCTYPE, "<test-metadata>", ...fields.map(([k, v]) => `  <${k}>${xmlEscape(v)}</${k}>`), "</test-metadata>", ""].join("\n");
}
function testcaseXml(t) {
  const inputs = t.nondet.map((n, i) => `  <input>${xmlEscape(inputText(n.value, `test ${t.id}, input ${i + 1} (${n.call})`))}</input>`);
  return [
    XML_HEAD,
    TESTCASE_DOCTYPE,
    `<!-- CReach test ${xmlEscape(t.id)}: goals ${xmlEscape(t.goals.join(", ")).replace(/--/g, "- -")} -->`,
    "<testcase>",
    ...inputs,
    "</testcase>",
    ""
  ].join("\n");
}
function xmlUnescape(s) {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e) => {
    if (e[0] === "#") return String.fromCodePoint(e[1] === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[e];
  });
}
function stripComments(xml) {
  return xml.replace(/<!--[\s\S]*?-->/g, "");
}
function elementText(inner) {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(inner);
  return cdata ? cdata[1] : xmlUnescape(inner).trim();
}
function parseTestcase(xml) {
  const doctype = /<!DOCTYPE\s+([^>]*)>/.exec(xml)?.[1] ?? null;
  const body = stripComments(xml);
  if (!/<testcase(\s[^>]*)?>[\s\S]*<\/testcase>|<testcase(\s[^>]*)?\/>/.test(body)) throw new TestCompError("not a Test-Comp testcase: no <testcase> element");
  const inputs = [];
  for (const m of body.matchAll(/<input(\s[^>]*)?(?:\/>|>([\s\S]*?)<\/input>)/g)) inputs.push(m[2] === void 0 ? "" : elementText(m[2]));
  return { doctype, inputs };
}
function parseMetadata(xml) {
  const doctype = /<!DOCTYPE\s+([^>]*)>/.exec(xml)?.[1] ?? null;
  const body = stripComments(xml);
  const root = /<test-metadata(\s[^>]*)?>([\s\S]*)<\/test-metadata>/.exec(body);
  if (!root) throw new TestCompError("not a Test-Comp metadata file: no <test-metadata> element");
  const fields = {};
  for (const m of root[2].matchAll(/<([A-Za-z_][\w.-]*)(\s[^>]*)?>([\s\S]*?)<\/\1>/g)) fields[m[1]] = elementText(m[3]);
  return { doctype, fields };
}
var import_node_crypto, METADATA_DOCTYPE, TESTCASE_DOCTYPE, SPEC_COVER_BRANCHES, SPEC_ERROR, XML_HEAD, TestCompError;
var init_testcomp = __esm({
  "server/src/testgen/testcomp.ts"() {
    "use strict";
    import_node_crypto = require("node:crypto");
    METADATA_DOCTYPE = '<!DOCTYPE test-metadata PUBLIC "+//IDN sosy-lab.org//DTD test-format test-metadata 1.1//EN" "https://sosy-lab.org/test-format/test-metadata-1.1.dtd">';
    TESTCASE_DOCTYPE = '<!DOCTYPE testcase PUBLIC "+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN" "https://sosy-lab.org/test-format/testcase-1.1.dtd">';
    SPEC_COVER_BRANCHES = "CHECK( init(main()), FQL(cover EDGES(@DECISIONEDGE)) )";
    SPEC_ERROR = "CHECK( init(main()), LTL(G ! call(reach_error())) )";
    XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>';
    TestCompError = class extends Error {
    };
  }
});

// server/src/testgen/export.ts
function stem(file) {
  return path5.basename(file).replace(/\.[^.]*$/, "").replace(/[^A-Za-z0-9_.-]/g, "_") || "source";
}
function suiteFiles(program, report, dir, format) {
  const copy = format !== "testcomp" && format !== "json" && setsIndeterminate(report);
  const source = copy ? [{ name: `${stem(program.file)}_source.c`, text: sourceWithIndeterminate(program) }] : [];
  const include = copy ? source[0].name : path5.relative(path5.resolve(dir), path5.resolve(program.file)).split(path5.sep).join("/");
  switch (format) {
    case "c":
      return [...source, { name: `${stem(program.file)}_tests.c`, text: emitHarness(program, report, { sourcePath: include }) }];
    case "cmocka":
      return [...source, { name: `${stem(program.file)}_cmocka.c`, text: emitCmocka(program, report, include) }];
    case "gtest": {
      const cName = `${stem(program.file)}_creach.c`;
      const { c, cc } = emitGtest(program, report, include, cName);
      return [...source, { name: cName, text: c }, { name: `${stem(program.file)}_gtest.cc`, text: cc }];
    }
    case "testcomp":
      return testCompSuite(program, report, { programFile: program.file });
    case "json":
      return [{ name: `${stem(program.file)}.creach.json`, text: JSON.stringify(report, null, 2) + "\n" }];
  }
}
async function validateForExport(program, report, opts) {
  const result = { messages: [], bugs: [] };
  if (!opts.validate) return result;
  const workDir = opts.workDir ?? fs3.mkdtempSync(path5.join(os.tmpdir(), "creach-validate-"));
  try {
    const v = await validateSuite(program, report, {
      compiler: opts.compiler,
      workDir,
      timeoutMs: opts.timeoutMs,
      sanitize: opts.sanitize ?? true,
      includePaths: opts.includePaths,
      defines: opts.defines
    });
    result.validation = v;
    if (!v.available) result.messages.push(v.message ?? "validation is not available");
    else {
      const ok = v.tests.filter((t) => t.reached && t.resultsMatch && !t.sanitizer).length;
      result.messages.push(
        `validation: ${ok} of ${v.tests.length} tests confirmed by the compiled program${v.sanitizers ? " (with sanitizers)" : " (sanitizers not available)"}`
      );
      for (const t of v.tests) {
        const tr = report.functions.find((f) => f.name === t.function)?.tests.find((x) => x.id === t.id);
        if (tr && tr.validated === false) result.messages.push(`  ${t.name}: not validated: ${tr.validation}`);
      }
      if (v.measured) {
        const pct = (c) => `${c.covered}/${c.total}`;
        result.messages.push(
          `measured by gcov: lines ${pct(v.measured.statements)}, branches ${pct(v.measured.branches)}; claimed: statements ${pct(v.claimed.statements)}, branch outcomes ${pct(v.claimed.branches)}`
        );
      }
      if (v.warnings) result.messages.push(`the harness compiles with warnings:
${v.warnings}`);
      result.messages.push(...v.reachedWhenRun);
      result.bugs.push(...v.differences);
    }
  } finally {
    if (!opts.workDir) fs3.rmSync(workDir, { recursive: true, force: true });
  }
  return result;
}
var fs3, os, path5;
var init_export = __esm({
  "server/src/testgen/export.ts"() {
    "use strict";
    fs3 = __toESM(require("node:fs"));
    os = __toESM(require("node:os"));
    path5 = __toESM(require("node:path"));
    init_harness();
    init_indeterminate();
    init_frameworks();
    init_testcomp();
    init_validate();
  }
});

// server/src/testgen/replay.ts
function parser(type) {
  if (type === "float" || type === "double") return `(${type})strtod(creach_next_text(NAME), 0)`;
  if (type.endsWith("*")) return `(${type})(unsigned long)creach_parse_unsigned(creach_next_text(NAME))`;
  if (type === "_Bool") return `creach_parse_signed(creach_next_text(NAME)) != 0`;
  if (type.startsWith("unsigned")) return `(${type})creach_parse_unsigned(creach_next_text(NAME))`;
  return `(${type})creach_parse_signed(creach_next_text(NAME))`;
}
function replayHarness(source, sourcePath) {
  const names = [...new Set([...source.matchAll(/\b__VERIFIER_nondet_(\w+)\s*\(/g)].map((m) => m[1]))];
  const defines = (fn2) => new RegExp(`\\b${fn2}\\s*\\([^;{)]*\\)\\s*\\{`).test(source);
  const out = ["/* CReach replay harness: nondet values come from the test case file given as argv[1]. */"];
  const stubs2 = [];
  for (const n of names) {
    const type = NONDET_TYPES2[n];
    const name = `__VERIFIER_nondet_${n}`;
    if (!type || defines(name)) continue;
    out.push(`${type} ${name}(void);`);
    stubs2.push(`${type} ${name}(void)
{
    return ${parser(type).replace("NAME", JSON.stringify(name))};
}`);
  }
  const defineReachError = /\breach_error\s*\(/.test(source) && !defines("reach_error");
  if (defineReachError) out.push("void reach_error(void);");
  const defineAssume = /\b__VERIFIER_assume\s*\(/.test(source) && !defines("__VERIFIER_assume");
  if (defineAssume) out.push("void __VERIFIER_assume(int cond);");
  out.push("#define main creach_user_main", `#include ${JSON.stringify(sourcePath)}`, "#undef main", REPLAY_RUNTIME, ...stubs2);
  if (defineReachError) out.push('void reach_error(void)\n{\n    creach_end("CREACH-ERROR reach_error", 100);\n}');
  if (defineAssume) out.push('void __VERIFIER_assume(int cond)\n{\n    if (!cond) creach_end("CREACH-ASSUME failed", 0);\n}');
  const mainArgs = /\bmain\s*\(\s*(void\s*)?\)/.test(source) ? "" : "1, creach_argv";
  out.push(`int main(int argc, char **argv)
{
    static char *creach_argv[] = { (char *)"program", 0 };
    (void)creach_argv;
    if (argc < 2 || !(creach_in = fopen(argv[1], "r"))) {
        fprintf(stderr, "usage: %s TESTCASE_INPUTS\\n", argv[0]);
        return 2;
    }
    signal(SIGABRT, creach_on_signal);
    signal(SIGSEGV, creach_on_signal);
    signal(SIGFPE, creach_on_signal);
    creach_user_main(${mainArgs});
    creach_end("CREACH-RETURNED", 0);
    return 0;
}`);
  return out.join("\n") + "\n";
}
async function replaySuite(suite, file, source, opts) {
  const result = { program: file, metadata: {}, tests: [], errorReached: false, coverage: null, messages: [] };
  const texts = new Map(suite.filter((f) => f.name.endsWith(".xml")).map((f) => [f.name, f.text]));
  const entries = [...texts.keys()].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  const metadata = texts.get("metadata.xml");
  if (metadata !== void 0) {
    try {
      result.metadata = parseMetadata(metadata).fields;
    } catch (e) {
      result.messages.push(`metadata.xml: ${e.message}`);
    }
  } else result.messages.push("the suite has no metadata.xml");
  const { createHash: createHash3 } = await import("node:crypto");
  const hash = createHash3("sha256").update(source, "utf8").digest("hex");
  if (result.metadata.programhash && result.metadata.programhash.toLowerCase() !== hash)
    result.messages.push(`the suite was made for another version of the program (programhash ${result.metadata.programhash}, file ${hash})`);
  const workDir = path6.resolve(opts.workDir);
  fs4.mkdirSync(workDir, { recursive: true });
  const base = path6.basename(file).replace(/[^A-Za-z0-9_.-]/g, "_");
  fs4.writeFileSync(path6.join(workDir, base), source);
  fs4.writeFileSync(path6.join(workDir, "replay.c"), replayHarness(source, base));
  const arch = opts.architecture ?? (result.metadata.architecture === "32bit" ? "32bit" : "64bit");
  const flags = ["-O0", "-g", "--coverage", "-w", "-I", path6.dirname(path6.resolve(file)), ...arch === "32bit" ? ["-m32"] : []];
  const cc = await runProcess(opts.compiler, [...flags, "-c", "replay.c", "-o", "replay.o"], { cwd: workDir, timeoutMs: 12e4 });
  const link = cc.code === 0 ? await runProcess(opts.compiler, [...flags, "replay.o", "-o", "replay", "-lm"], { cwd: workDir, timeoutMs: 12e4 }) : cc;
  if (link.code !== 0)
    throw new TestCompError(`${file}: the replay harness does not compile: ${(link.spawnError ?? link.stderr).trim().split("\n").slice(0, 6).join("\n")}`);
  for (const f of fs4.readdirSync(workDir)) if (f.endsWith(".gcda")) fs4.rmSync(path6.join(workDir, f));
  for (const [i, name] of entries.entries()) {
    if (name === "metadata.xml") continue;
    let inputs;
    try {
      inputs = parseTestcase(texts.get(name)).inputs;
    } catch (e) {
      result.messages.push(`${name}: ${e.message}`);
      continue;
    }
    const inputFile = path6.join(workDir, `inputs-${i}.txt`);
    fs4.writeFileSync(inputFile, inputs.map((s) => s.replace(/[\r\n]/g, " ")).join("\n") + (inputs.length ? "\n" : ""));
    const r = await runProcess(path6.join(workDir, "replay"), [inputFile], { cwd: workDir, timeoutMs: opts.timeoutMs });
    const t = { file: name, inputs: inputs.length, outcome: "returned" };
    if (r.timedOut) t.outcome = "timed-out";
    else if (/^CREACH-ERROR/m.test(r.stderr)) t.outcome = "error-reached";
    else if (/^CREACH-ASSERT (.*)$/m.test(r.stderr)) {
      t.outcome = "assertion-failed";
      t.detail = /^CREACH-ASSERT (.*)$/m.exec(r.stderr)[1];
    } else if (/^CREACH-EXHAUSTED (.*)$/m.test(r.stderr)) {
      t.outcome = "inputs-exhausted";
      t.detail = /^CREACH-EXHAUSTED (.*)$/m.exec(r.stderr)[1];
    } else if (!/^CREACH-(RETURNED|ASSUME)/m.test(r.stderr) && r.code !== 0) {
      t.outcome = "crashed";
      t.detail = r.signal ?? `exit code ${r.code}`;
    }
    if (t.outcome === "error-reached") result.errorReached = true;
    result.tests.push(t);
  }
  const lines2 = await readGcov(gcovFor(opts.compiler), workDir, "replay.o", path6.join(workDir, base));
  if (typeof lines2 === "string") result.messages.push(lines2);
  else result.coverage = coverageOf(lines2, [{ from: 1, to: Number.MAX_SAFE_INTEGER }]);
  return result;
}
var fs4, path6, NONDET_TYPES2, REPLAY_RUNTIME;
var init_replay = __esm({
  "server/src/testgen/replay.ts"() {
    "use strict";
    fs4 = __toESM(require("node:fs"));
    path6 = __toESM(require("node:path"));
    init_testcomp();
    init_run();
    init_gcov();
    NONDET_TYPES2 = {
      bool: "_Bool",
      char: "char",
      uchar: "unsigned char",
      schar: "signed char",
      short: "short",
      ushort: "unsigned short",
      int: "int",
      uint: "unsigned int",
      unsigned: "unsigned int",
      unsigned_int: "unsigned int",
      long: "long",
      ulong: "unsigned long",
      longlong: "long long",
      ulonglong: "unsigned long long",
      float: "float",
      double: "double",
      size_t: "unsigned long",
      loff_t: "long",
      u8: "unsigned char",
      u16: "unsigned short",
      u32: "unsigned int",
      u64: "unsigned long long",
      s8: "signed char",
      s16: "short",
      s32: "int",
      s64: "long long",
      int128: "__int128",
      uint128: "unsigned __int128",
      pointer: "void *",
      pchar: "char *",
      charp: "char *",
      sector_t: "unsigned long"
    };
    REPLAY_RUNTIME = String.raw`#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>
#include <assert.h>

extern void __gcov_dump(void);
static FILE *creach_in;
static int creach_calls;

static void creach_end(const char *what, int code)
{
    fprintf(stderr, "%s\n", what);
    exit(code);
}

/* Abnormal ends still write the coverage counts. */
static void creach_on_signal(int sig)
{
    __gcov_dump();
    _exit(128 + sig);
}

static const char *creach_next_text(const char *call)
{
    static char line[4096];
    char *p, *q;
    creach_calls++;
    if (!fgets(line, sizeof line, creach_in)) {
        fprintf(stderr, "CREACH-EXHAUSTED call %d (%s)\n", creach_calls, call);
        exit(0);
    }
    for (p = line; *p == ' ' || *p == '\t'; p++) continue;
    for (q = p + strlen(p); q > p && (q[-1] == '\n' || q[-1] == '\r' || q[-1] == ' '); q--) continue;
    *q = 0;
    return p;
}

static long long creach_parse_signed(const char *s)
{
    if (s[0] == '\'' && s[1] && s[2] == '\'') return (unsigned char)s[1];
    if ((s[0] == '-' && s[1] == '0' && (s[2] == 'x' || s[2] == 'X')) || (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))) return strtoll(s, 0, 16);
    return strtoll(s, 0, 10);
}

static unsigned long long creach_parse_unsigned(const char *s)
{
    if (s[0] == '-') return (unsigned long long)creach_parse_signed(s);
    if (s[0] == '\'' && s[1] && s[2] == '\'') return (unsigned char)s[1];
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) return strtoull(s, 0, 16);
    return strtoull(s, 0, 10);
}

#if defined(__GLIBC__)
void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function)
{
    (void)file;
    if (function && strcmp(function, "reach_error") == 0) creach_end("CREACH-ERROR reach_error", 100);
    fprintf(stderr, "CREACH-ASSERT %u %s\n", line, assertion);
    exit(101);
}
#endif
`;
  }
});

// server/src/engine/reports.ts
function goalReport(goal, v, test) {
  const r = {
    id: goal.id,
    kind: goal.kind,
    line: goal.range.line,
    column: goal.range.column,
    endLine: goal.range.endLine,
    endColumn: goal.range.endColumn,
    label: goal.label,
    status: v.status
  };
  if (goal.outcome !== void 0) r.outcome = goal.outcome;
  if (v.proof) r.proof = v.proof;
  if (v.bound !== void 0) r.bound = v.bound;
  if (v.causes?.length) {
    r.causes = v.causes;
    r.reason = causesText(v.causes);
  }
  if (v.why) r.why = v.why;
  if (test) r.test = test;
  if (goal.context)
    r.context = {
      function: goal.function,
      calls: goal.context.sites.map((s) => ({ function: s.function, callee: s.callee, line: s.range.line, column: s.range.column }))
    };
  return r;
}
function mergeAnalysis(cover, check) {
  const functions = cover.functions.map((f) => ({ ...f, goals: [...f.goals], tests: [...f.tests] }));
  for (const cf of check.functions) {
    let target = functions.find((f) => f.name === cf.name);
    if (!target) {
      target = { ...cf, goals: [], tests: [] };
      functions.push(target);
    }
    const usedIds = new Set(target.tests.map((t) => t.id));
    const renamed = /* @__PURE__ */ new Map();
    for (const t of cf.tests) {
      let id = t.id;
      for (let n = 1; usedIds.has(id); n++) id = `${t.id}c${n}`;
      usedIds.add(id);
      renamed.set(t.id, id);
      target.tests.push({ ...t, id });
    }
    const goalIds = new Set(target.goals.map((g) => g.id));
    for (const g of cf.goals) {
      if (goalIds.has(g.id)) continue;
      target.goals.push(g.test ? { ...g, test: renamed.get(g.test) ?? g.test } : g);
    }
    if (cf.unsupported) {
      const seen = new Set((target.unsupported ?? []).map((u) => `${u.line}:${u.what}`));
      target.unsupported = [...target.unsupported ?? [], ...cf.unsupported.filter((u) => !seen.has(`${u.line}:${u.what}`))];
    }
  }
  const diagnostics = [...cover.diagnostics ?? []];
  const seenDiagnostics = new Set(diagnostics.map((d) => `${d.line}:${d.column}:${d.message}`));
  for (const d of check.diagnostics ?? []) if (!seenDiagnostics.has(`${d.line}:${d.column}:${d.message}`)) diagnostics.push(d);
  return { file: cover.file, functions, ...diagnostics.length > 0 ? { diagnostics } : {} };
}
var init_reports = __esm({
  "server/src/engine/reports.ts"() {
    "use strict";
    init_verdicts();
  }
});

// server/src/prove/accelerate.ts
function accelerateLoops(program, backEdges) {
  const ids = new IdSource(program);
  const vars = new Map(program.vars);
  const loops = [];
  const moved = /* @__PURE__ */ new Map();
  const functions = program.functions.map((fn2) => {
    if (!isReducible(fn2)) return fn2;
    const plans = findLoops(fn2).map((loop) => ({ loop, paths: pathsOf(program, fn2, loop, ids) })).filter((p) => p.paths.length);
    if (!plans.length) return fn2;
    const blocks = fn2.blocks.map((b) => ({ ...b, terminator: { ...b.terminator }, edgeLabels: { ...b.edgeLabels } }));
    const locals = [...fn2.locals];
    const decisions = [...fn2.decisions];
    const temp = (name, type) => {
      const id = ids.take();
      const v = { id, name, type, kind: "temp", addressTaken: false, isConst: false, isStatic: false };
      vars.set(id, v);
      locals.push(id);
      return { kind: "var", id, type };
    };
    for (const { loop, paths } of plans) {
      const head = fn2.blocks[loop.header];
      const range = head.terminator.range ?? head.range ?? fn2.range;
      const into = blocks.filter((b) => b.id < fn2.blocks.length && successors(b).includes(loop.header) && (backEdges || !loop.body.has(b.id)));
      if (!into.some((b) => !loop.body.has(b.id))) continue;
      const base = { statements: [], hasCode: false, edgeLabels: {} };
      const assign = (dst, value) => ({ kind: "assign", dst: placeOf2(dst), value, range });
      const assume = (cond) => ({ kind: "assume", cond, origin: "assume", range });
      const jump = (steps, m) => {
        const out = [];
        for (const [id, step] of steps) {
          if (step === 0n) continue;
          const t = vars.get(id).type;
          const cur = { kind: "var", id, type: t };
          const jt = t.signed && t.bits >= INT.bits ? t : LLONG;
          const k = (v) => ({ kind: "const", value: v, type: jt });
          const mj = temp("accel.mj", jt);
          out.push(assign(mj, jt === INT ? { op: "use", a: m } : { op: "cast", a: m, to: jt }));
          const at2 = jt === t ? cur : temp("accel.w", jt);
          if (at2 !== cur) out.push(assign(at2, { op: "cast", a: cur, to: jt }));
          const by = step === 1n ? mj : temp("accel.d", jt);
          if (by !== mj) out.push(assign(by, { op: "binary", bop: "*", a: mj, b: k(step), type: jt }));
          out.push(assign(at2, { op: "binary", bop: "+", a: at2, b: by, type: jt }));
          if (at2 === cur) continue;
          for (const [bop, bound] of [
            [">=", intMinOf(t)],
            ["<=", intMaxOf(t)]
          ]) {
            const ok = temp("accel.ok", INT);
            out.push(assign(ok, { op: "binary", bop, a: at2, b: k(bound), type: INT }));
            out.push(assume(ok));
          }
          out.push(assign(cur, { op: "cast", a: at2, to: t }));
        }
        return out;
      };
      let instrs = [];
      const fresh3 = () => {
        const m = temp("accel.m", INT);
        instrs.push(assign(m, { op: "fresh", type: INT }));
        const mOk = temp("accel.ok", INT);
        instrs.push(assign(mOk, { op: "binary", bop: ">=", a: m, b: { kind: "const", value: 0n, type: INT }, type: INT }));
        instrs.push(assume(mOk));
        return m;
      };
      const first = blocks.length;
      paths.forEach((path13, k) => {
        const choose = first + 2 * k;
        const run8 = choose + 1;
        const next = k + 1 < paths.length ? choose + 2 : loop.header;
        const decision = `${fn2.name}:accelerate:${loop.header}:${k}`;
        decisions.push({ id: decision, kind: "if", synthetic: true, text: "accelerate", range, outcomes: [] });
        for (const v of path13.vars) {
          vars.set(v.id, v);
          locals.push(v.id);
        }
        const chooser = temp("accel.choose", INT);
        instrs = [];
        const orders = /* @__PURE__ */ new Map();
        const iteration = (start) => path13.items.forEach((item, at2) => {
          if (item.kind === "code") {
            instrs.push(...item.instrs);
            return;
          }
          if (item.kind === "jump") {
            instrs.push(...jump(item.steps, item.by === null ? fresh3() : { kind: "const", value: item.by, type: INT }));
            return;
          }
          if (item.then) instrs.push(assume(item.cond));
          else {
            const not = temp("accel.not", INT);
            instrs.push(assign(not, { op: "binary", bop: "==", a: item.cond, b: { kind: "const", value: 0n, type: item.cond.type }, type: INT }));
            instrs.push(assume(not));
          }
          if (!item.order) return;
          const lt = temp("accel.lt", INT);
          instrs.push(assign(lt, { op: "binary", bop: "<", a: item.order.a, b: item.order.b, type: INT }));
          if (start) orders.set(at2, lt);
          else {
            const same2 = temp("accel.same", INT);
            instrs.push(assign(same2, { op: "binary", bop: "==", a: lt, b: orders.get(at2), type: INT }));
            instrs.push(assume(same2));
          }
        });
        iteration(true);
        instrs.push(...jump(path13.steps, fresh3()));
        iteration(false);
        blocks.push({
          ...base,
          id: choose,
          instrs: [assign(chooser, { op: "fresh", type: INT })],
          terminator: { kind: "branch", cond: chooser, then: run8, else: next, decision, range }
        });
        blocks.push({ ...base, id: run8, instrs, terminator: { kind: "goto", target: loop.header } });
        loops.push({
          function: fn2.name,
          header: loop.header,
          line: range.line,
          steps: [...path13.steps].filter(([, st]) => st !== 0n).map(([id, step]) => ({ variable: program.vars.get(id).name, step })),
          run: run8
        });
      });
      for (const b of into) {
        retargetEdges(b, loop.header, first);
        moved.set(`${fn2.name}:${b.id}>${loop.header}`, first);
      }
    }
    return { ...fn2, blocks, locals, decisions };
  });
  if (!loops.length) return null;
  const goalIn = (goal) => {
    const t = goal.target;
    if (t.kind !== "edges") return goal;
    const edges = t.edges.map((e) => {
      const to = moved.get(`${goal.function}:${e.from}>${e.to}`);
      return to === void 0 ? e : { from: e.from, to };
    });
    return { ...goal, target: { ...t, edges } };
  };
  return { program: { ...program, vars, functions }, loops, goalIn };
}
function pathsOf(program, fn2, loop, ids = new IdSource(program)) {
  const out = [];
  const inner = /* @__PURE__ */ new Map();
  for (const l of findLoops(fn2)) {
    if (l.header === loop.header || !loop.body.has(l.header) || l.parent !== loop.header) continue;
    const t = fn2.blocks[l.header].terminator;
    if (t.kind !== "branch" || l.body.has(t.then) === l.body.has(t.else)) continue;
    const runs = pathsOf(program, fn2, l, ids).filter((r) => r.blocks.every((b) => !b.run));
    if (runs.length) inner.set(l.header, { loop: l, exit: !l.body.has(t.then), runs });
  }
  let steps = 0;
  const walk = (block, path13) => {
    if (out.length >= MAX_PATHS4 || ++steps > MAX_WALK) return;
    if (block === loop.header && path13.length) {
      const plan = planOf(program, fn2, path13, ids);
      if (!("refuse" in plan)) out.push(plan);
      return;
    }
    if (!loop.body.has(block) || path13.some((p) => p.block === block)) return;
    const t = fn2.blocks[block].terminator;
    const run8 = inner.get(block);
    if (run8 && t.kind === "branch")
      for (const r of run8.runs) {
        const exit = { block, branch: { then: run8.exit, cond: t.cond } };
        walk(run8.exit ? t.then : t.else, [...path13, { block, run: r }, exit]);
      }
    if (t.kind === "goto") walk(t.target, [...path13, { block }]);
    else if (t.kind === "branch")
      for (const side of [true, false]) {
        const to = side ? t.then : t.else;
        if (loop.body.has(to)) walk(to, [...path13, { block, branch: { then: side, cond: t.cond } }]);
      }
  };
  walk(loop.header, []);
  return out;
}
function planOf(program, fn2, path13, ids = new IdSource(program)) {
  const env = /* @__PURE__ */ new Map();
  const exposed = /* @__PURE__ */ new Set();
  const written = /* @__PURE__ */ new Set();
  const read = (o) => {
    if (o.kind === "const") return o.type.kind === "int" ? { kind: "linear", e: { c: o.value, terms: /* @__PURE__ */ new Map(), exact: true } } : null;
    if (o.kind !== "var" || o.type.kind !== "int") return null;
    const known = env.get(o.id);
    if (known) return known;
    exposed.add(o.id);
    return { kind: "linear", e: { c: 0n, terms: /* @__PURE__ */ new Map([[o.id, 1n]]), exact: true } };
  };
  const conditions = [];
  const items2 = [];
  const vars = [];
  const varOf = (id) => vars.find((v) => v.id === id) ?? program.vars.get(id);
  const instr = (ins, inner, depth) => {
    if (ins.kind !== "assign") return `a ${ins.kind} in the loop`;
    if (ins.value.op === "call" && !ins.value.external) return call(ins, ins.value, inner, depth);
    const dst = ins.dst;
    if (!dst || dst.root.kind !== "var" || dst.path.length || dst.type.kind !== "int") return "an assignment other than to a scalar integer variable";
    const v = varOf(dst.root.id);
    if (!v || v.addressTaken || v.kind !== "local" && v.kind !== "param" && v.kind !== "temp")
      return "an assignment to a global or an address-taken variable";
    const value = symbolic(ins.value, read);
    if (!value) return `an operation the acceleration does not model (line ${ins.range.line})`;
    env.set(v.id, value);
    written.add(v.id);
    code(ins);
    return null;
  };
  const code = (ins) => {
    const last = items2[items2.length - 1];
    if (last?.kind === "code") last.instrs.push(ins);
    else items2.push({ kind: "code", instrs: [ins] });
  };
  const branch = (instrs, br, inner) => {
    const cond = read(br.cond);
    if (cond?.kind === "linear" && !cond.e.terms.size) {
      return cond.e.c !== 0n === br.then ? null : "a side of a constant condition that is never taken";
    }
    if (!cond || cond.kind !== "compare" || !cond.a.exact || !cond.b.exact) return "a condition that is not a linear comparison";
    if (!cond.a.terms.size && !cond.b.terms.size)
      return holds(cond.op, cond.a.c, cond.b.c) === br.then ? null : "a side of a constant condition that is never taken";
    conditions.push(cond.a, cond.b);
    const op = br.then ? cond.op : NEGATED[cond.op];
    if (op !== "!=") {
      items2.push({ kind: "branch", ...br });
      return null;
    }
    if (inner) return "a != condition in a nested loop";
    const c = br.cond;
    let at2 = -1;
    instrs.forEach((i, k) => {
      if (c.kind === "var" && i.kind === "assign" && i.dst?.root.kind === "var" && i.dst.root.id === c.id) at2 = k;
    });
    const def = instrs[at2];
    if (!def || def.kind !== "assign" || def.value.op !== "binary") return "a != condition the acceleration cannot order";
    const { a, b } = def.value;
    if (read(a)?.kind !== "linear" || read(b)?.kind !== "linear") return "a != condition the acceleration cannot order";
    const later = instrs.slice(at2 + 1);
    const changed = (o) => o.kind === "var" && later.some((i) => i.kind === "assign" && i.dst?.root.kind === "var" && i.dst.root.id === o.id);
    if (changed(a) || changed(b)) return "a != condition the acceleration cannot order";
    items2.push({ kind: "branch", ...br, order: { a, b } });
    return null;
  };
  const blocks = (pbs, inner) => {
    for (const pb of pbs) {
      const r = pb.run ? run8(pb.block, pb.run) : block(fn2.blocks[pb.block].instrs, pb.branch, inner);
      if (r) return r;
    }
    return null;
  };
  const block = (instrs, br, inner, depth = 0) => {
    for (const ins of instrs) {
      const r = instr(ins, inner, depth);
      if (r) return r;
    }
    return br ? branch(instrs, br, inner) : null;
  };
  const run8 = (head, p) => {
    const stay = p.blocks[0];
    if (stay.block !== head || !stay.branch) return "a nested loop whose head does not decide";
    const J = -1;
    const scratch = new Map(env);
    for (const [id, step] of p.steps) {
      const c0 = env.get(id) ?? { kind: "linear", e: { c: 0n, terms: /* @__PURE__ */ new Map([[id, 1n]]), exact: true } };
      if (c0.kind !== "linear" || !c0.e.exact) return "a nested loop whose counters are not linear where it is entered";
      scratch.set(id, { kind: "linear", e: add(c0.e, { c: 0n, terms: /* @__PURE__ */ new Map([[J, step]]), exact: true }, 1n) });
    }
    const readScratch = (o) => {
      if (o.kind === "const") return o.type.kind === "int" ? { kind: "linear", e: { c: o.value, terms: /* @__PURE__ */ new Map(), exact: true } } : null;
      if (o.kind !== "var" || o.type.kind !== "int") return null;
      return scratch.get(o.id) ?? { kind: "linear", e: { c: 0n, terms: /* @__PURE__ */ new Map([[o.id, 1n]]), exact: true } };
    };
    for (const ins of fn2.blocks[head].instrs) {
      if (ins.kind !== "assign" || !ins.dst || ins.dst.root.kind !== "var" || ins.dst.path.length) return "a nested loop whose head does more than compare";
      const value = symbolic(ins.value, readScratch);
      if (!value) return "a nested loop whose head does more than compare";
      scratch.set(ins.dst.root.id, value);
    }
    const cond = readScratch(stay.branch.cond);
    if (!cond || cond.kind !== "compare" || !cond.a.exact || !cond.b.exact) return "a nested loop whose head does not compare linear values";
    const d = add(cond.a, cond.b, -1n);
    const k = d.terms.get(J) ?? 0n;
    const d0 = { c: d.c, terms: new Map([...d.terms].filter(([id]) => id !== J)), exact: true };
    const op = stay.branch.then ? cond.op : NEGATED[cond.op];
    let n = null;
    if (!d0.terms.size) {
      let count = 0n;
      while (count <= MAX_TRIP && holds(op, d0.c + k * count, 0n)) count++;
      if (count === 0n || count > MAX_TRIP) return "a nested loop that does not run a bounded number of iterations";
      n = { c: count, terms: /* @__PURE__ */ new Map(), exact: true };
    } else if (k === 1n && (op === "<" || op === "<=")) n = add(scale(d0, -1n), { c: op === "<" ? 0n : 1n, terms: /* @__PURE__ */ new Map(), exact: true }, 1n);
    else if (k === -1n && (op === ">" || op === ">=")) n = add(d0, { c: op === ">" ? 0n : 1n, terms: /* @__PURE__ */ new Map(), exact: true }, 1n);
    if (!n) return "a nested loop whose number of iterations is not linear in the values where it is entered";
    const constant = n.terms.size ? null : n.c;
    let r = blocks(p.blocks, true);
    if (r || constant === 1n) return r;
    const by = add(n, { c: -2n, terms: /* @__PURE__ */ new Map(), exact: true }, 1n);
    if (constant === null || constant > 2n) {
      for (const [id, step] of p.steps) {
        const cur = read({ kind: "var", id, type: INT });
        if (cur?.kind !== "linear") return "a nested loop whose counters are unknown where it is entered";
        env.set(id, { kind: "linear", e: add(cur.e, scale(by, step), 1n) });
      }
      items2.push({ kind: "jump", steps: p.steps, by: constant === null ? null : constant - 2n });
    }
    r = blocks(p.blocks, true);
    if (r || constant !== null) return r;
    r = block(fn2.blocks[head].instrs, void 0, true);
    items2.push({ kind: "branch", then: !stay.branch.then, cond: stay.branch.cond });
    return r;
  };
  const call = (ins, rv, inner, depth) => {
    const callee = program.functions.find((f) => f.name === rv.callee);
    if (!callee || callee === fn2 || depth >= MAX_CALL_DEPTH) return `a call in the loop (line ${ins.range.line})`;
    const route = onlyReturn(program, callee);
    if (!route) return `a call of ${callee.name}, which has more than one way to return (line ${ins.range.line})`;
    const copies = /* @__PURE__ */ new Map();
    for (const id of callee.locals) {
      const v = program.vars.get(id);
      if (!v || v.addressTaken || v.isStatic || v.kind === "old") return `a call of ${callee.name}, whose variables are not all plain locals`;
      const copy = { ...v, id: ids.take(), name: `${callee.name}.${v.name}`, kind: "temp" };
      vars.push(copy);
      copies.set(id, copy.id);
    }
    const renamer = { use: (id) => copies.get(id) ?? id };
    const local = (id) => ({ kind: "var", id: copies.get(id), type: program.vars.get(id).type });
    if (rv.args.length !== callee.params.length) return `a call of ${callee.name} whose arguments do not match its parameters`;
    for (const [k, pid] of callee.params.entries()) {
      const p = local(pid);
      const arg = rv.args[k];
      const r = instr(
        { kind: "assign", dst: placeOf2(p), value: sameType(arg.type, p.type) ? { op: "use", a: arg } : { op: "cast", a: arg, to: p.type }, range: ins.range },
        inner,
        depth
      );
      if (r) return r;
    }
    for (const pb of route) {
      const instrs = callee.blocks[pb.block].instrs.map((i) => renameInstr2(i, renamer));
      const br = pb.branch && { then: pb.branch.then, cond: renameOperand(pb.branch.cond, renamer) };
      const r = block(instrs, br, inner, depth + 1);
      if (r) return r;
    }
    if (!ins.dst) return null;
    if (callee.returnVar === null) return `a call of ${callee.name} whose result is used`;
    const result = local(callee.returnVar);
    return instr(
      {
        kind: "assign",
        dst: ins.dst,
        value: sameType(result.type, ins.dst.type) ? { op: "use", a: result } : { op: "cast", a: result, to: ins.dst.type },
        range: ins.range
      },
      inner,
      depth
    );
  };
  const refused = blocks(path13, false);
  if (refused) return { refuse: refused };
  const steps = /* @__PURE__ */ new Map();
  for (const id of written) {
    const s = env.get(id);
    const isStep = s.kind === "linear" && s.e.terms.size === 1 && s.e.terms.get(id) === 1n;
    if (isStep) steps.set(id, s.e.c);
    else if (exposed.has(id)) return { refuse: `'${varOf(id).name}' changes across iterations other than by a constant` };
  }
  for (const id of steps.keys()) {
    const ty = varOf(id).type;
    if (steps.get(id) !== 0n && (ty.bits < 8 || ty.bits > 64 || !ty.signed && ty.bits >= 64 || ty.signed && ty.bits < INT.bits))
      return { refuse: `a counter of type ${ty.name}` };
  }
  for (const side of conditions)
    for (const id of side.terms.keys()) if (written.has(id) && !steps.has(id)) return { refuse: "a condition reads a non-counter" };
  return { blocks: path13, items: items2, steps, vars };
}
function onlyReturn(program, fn2) {
  const found = [];
  let refused = false;
  const walk = (block, path13) => {
    if (found.length > 1 || refused) return;
    if (path13.some((p) => p.block === block)) {
      refused = true;
      return;
    }
    const b = fn2.blocks[block];
    if (b.instrs.some((i) => i.kind === "error" || i.kind === "assign" && i.value.op === "call" && neverReturns(program, i.value.callee))) return;
    const t = b.terminator;
    if (t.kind === "return") found.push([...path13, { block }]);
    else if (t.kind === "goto") walk(t.target, [...path13, { block }]);
    else if (t.kind === "branch") for (const then of [true, false]) walk(then ? t.then : t.else, [...path13, { block, branch: { then, cond: t.cond } }]);
    else if (t.kind === "switch") refused = true;
  };
  walk(0, []);
  return found.length === 1 && !refused ? found[0] : null;
}
function neverReturns(program, name) {
  const fn2 = program.functions.find((f) => f.name === name);
  if (!fn2) return false;
  const reachable = reachableFromEntry(fn2);
  return !fn2.blocks.some((b, k) => b.terminator.kind === "return" && reachable.has(k));
}
function renameInstr2(ins, r) {
  switch (ins.kind) {
    case "assign":
      return { ...ins, dst: ins.dst && renamePlace(ins.dst, r), value: renameRvalue(ins.value, r) };
    case "assume":
    case "assert":
      return { ...ins, cond: renameOperand(ins.cond, r) };
    default:
      return ins;
  }
}
function holds(op, a, b) {
  switch (op) {
    case "<":
      return a < b;
    case "<=":
      return a <= b;
    case ">":
      return a > b;
    case ">=":
      return a >= b;
    case "==":
      return a === b;
    case "!=":
      return a !== b;
  }
}
function symbolic(rv, read) {
  const other = { kind: "other" };
  switch (rv.op) {
    case "use":
      return read(rv.a);
    case "cast": {
      const a = read(rv.a);
      if (!a || rv.to.kind !== "int" || rv.a.type.kind !== "int") return null;
      if (a.kind === "linear" && preserves(rv.a.type, rv.to)) return a;
      return other;
    }
    case "unary": {
      const a = read(rv.a);
      if (!a || rv.type.kind !== "int") return null;
      if (rv.uop === "-") {
        if (!rv.type.signed) return other;
        return a.kind === "linear" && a.e.exact ? { kind: "linear", e: scale(a.e, -1n) } : null;
      }
      return other;
    }
    case "binary": {
      const a = read(rv.a);
      const b = read(rv.b);
      if (!a || !b || rv.type.kind !== "int") return null;
      switch (rv.bop) {
        case "<":
        case "<=":
        case ">":
        case ">=":
        case "==":
        case "!=":
          if (a.kind === "linear" && b.kind === "linear") return { kind: "compare", op: rv.bop, a: a.e, b: b.e };
          return truthOf(rv.bop, a, b) ?? truthOf(rv.bop, b, a) ?? other;
        case "+":
        case "-":
        case "*": {
          const signed = rv.type.signed;
          const linear = a.kind === "linear" && b.kind === "linear" && (rv.bop !== "*" || !a.e.terms.size || !b.e.terms.size);
          if (!linear) return signed ? null : other;
          const [x, y] = [a.e, b.e];
          const e = rv.bop === "+" ? add(x, y, 1n) : rv.bop === "-" ? add(x, y, -1n) : !x.terms.size ? scale(y, x.c) : scale(x, y.c);
          if (signed && !(x.exact && y.exact)) return null;
          return { kind: "linear", e: { ...e, exact: signed } };
        }
        case "&":
        case "|":
        case "^":
          return other;
        default:
          return null;
      }
    }
    default:
      return null;
  }
}
function truthOf(bop, cmp, k) {
  if (bop !== "==" && bop !== "!=" || cmp.kind !== "compare" || k.kind !== "linear" || k.e.terms.size || k.e.c !== 0n && k.e.c !== 1n) return null;
  return bop === "==" === (k.e.c === 1n) ? cmp : { ...cmp, op: NEGATED[cmp.op] };
}
function preserves(from, to) {
  if (from.kind !== "int" || to.kind !== "int") return false;
  return intMinOf(to) <= intMinOf(from) && intMaxOf(from) <= intMaxOf(to);
}
function add(x, y, sign) {
  const terms = new Map(x.terms);
  for (const [k, v] of y.terms) {
    const n = (terms.get(k) ?? 0n) + sign * v;
    if (n === 0n) terms.delete(k);
    else terms.set(k, n);
  }
  return { c: x.c + sign * y.c, terms, exact: x.exact && y.exact };
}
function scale(x, k) {
  if (k === 0n) return { c: 0n, terms: /* @__PURE__ */ new Map(), exact: x.exact };
  return { c: x.c * k, terms: new Map([...x.terms].map(([id, v]) => [id, v * k])), exact: x.exact };
}
function placeOf2(o) {
  return { root: { kind: "var", id: o.id }, path: [], type: o.type };
}
var NEGATED, IdSource, MAX_PATHS4, MAX_WALK, MAX_TRIP, MAX_CALL_DEPTH;
var init_accelerate = __esm({
  "server/src/prove/accelerate.ts"() {
    "use strict";
    init_types();
    init_walk();
    init_loops();
    init_transform();
    init_cfg();
    init_interp();
    NEGATED = { "<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "==" };
    IdSource = class {
      next;
      constructor(program) {
        this.next = Math.max(0, ...program.vars.keys()) + 1;
      }
      take() {
        return this.next++;
      }
    };
    MAX_PATHS4 = 8;
    MAX_WALK = 1e4;
    MAX_TRIP = 100000n;
    MAX_CALL_DEPTH = 2;
  }
});

// server/src/prove/deep.ts
function runGoal(fn2, block) {
  const range = { line: 0, column: 0, endLine: 0, endColumn: 0 };
  return { id: `${fn2}:accelerated:${block}`, tag: "stmt", kind: "statement", function: fn2, range, label: "", target: { kind: "block", block } };
}
var AFTER_ACCELERATION_BOUND, SEARCH_BUDGET_QUERIES, FUNCTION_BUDGET_QUERIES, DeepSearch;
var init_deep = __esm({
  "server/src/prove/deep.ts"() {
    "use strict";
    init_query();
    init_accelerate();
    init_loops();
    init_callgraph();
    init_verdicts();
    AFTER_ACCELERATION_BOUND = 4;
    SEARCH_BUDGET_QUERIES = 2;
    FUNCTION_BUDGET_QUERIES = 8;
    DeepSearch = class {
      /** Loops accelerated where they are entered (cheap), then also where they go back (paths taking turns). */
      stages = [];
      timeoutMs;
      /** Time the searches took so far. */
      spentMs = 0;
      /** Goals every stage answered without running out of time: nothing to find, asking again would only repeat it. */
      settled = /* @__PURE__ */ new Set();
      /** The function and those it calls: their loops are the ones on the way (the program's others are accelerated too). */
      onTheWay;
      constructor(fs11, options) {
        this.timeoutMs = options.timeoutMs;
        this.onTheWay = new Set(callTree(fs11.program, fs11.fn).order.map((f) => f.name));
        const maxLoopBound = Math.min(options.maxLoopBound, nestingDepth(fs11.fn) >= 3 ? 2 : AFTER_ACCELERATION_BOUND);
        for (const backEdges of [false, true]) {
          const acceleration = accelerateLoops(fs11.program, backEdges);
          const fn2 = acceleration?.program.functions.find((f) => f.name === fs11.fn.name);
          if (!acceleration || !fn2 || !acceleration.loops.some((l) => this.onTheWay.has(l.function))) continue;
          this.stages.push({ acceleration, solver: new FunctionSolver(fs11.z, acceleration.program, fn2, { ...options, maxLoopBound }) });
        }
      }
      /** A datum reaching (violating) the goal through accelerated loops, as a verdict; null when none was found. */
      async find(goal, signal, within2 = {}) {
        const queryMs = within2.quick ? Math.max(100, Math.floor(this.timeoutMs / 10)) : this.timeoutMs;
        if (!this.stages.length) {
          this.notFound.set(goal.id, "no loop on the way has a path it can run many iterations at once");
          return null;
        }
        if (this.settled.has(goal.id)) return null;
        if (this.spentMs > FUNCTION_BUDGET_QUERIES * this.timeoutMs) {
          this.notFound.set(goal.id, "the function's time for it was spent");
          return null;
        }
        const budget = { leftMs: SEARCH_BUDGET_QUERIES * queryMs, ...within2.quick ? { queryMs } : {}, suite: within2.suite };
        const started = Date.now();
        try {
          return await this.search(goal, budget, signal);
        } finally {
          this.spentMs += Date.now() - started;
        }
      }
      async search(goal, budget, signal) {
        let outOfTime = false;
        for (const [stage, { acceleration, solver }] of this.stages.entries()) {
          const v = await solver.reach(acceleration.goalIn(goal), { signal, satOnly: true, wide: true, budget });
          if (v.datum && (v.status === "covered" || v.status === "violated")) {
            this.notFound.delete(goal.id);
            return { status: v.status, datum: v.datum, causes: [this.cause(this.stages[stage], v.datum)], stage };
          }
          if (v.status !== "not-reached") outOfTime = true;
        }
        if (!outOfTime) this.settled.add(goal.id);
        const loops = [...new Set(this.stages.flatMap((s) => s.acceleration.loops.filter((l) => this.onTheWay.has(l.function)).map((l) => l.line)))];
        this.notFound.set(
          goal.id,
          `${outOfTime ? "ran out of time" : "no execution found"} with the loop${loops.length > 1 ? "s" : ""} at ${lineList(loops)} run many iterations at once`
        );
        return null;
      }
      /** Why the searches for each goal found nothing, in words (the report's `tried` cause). */
      notFound = /* @__PURE__ */ new Map();
      /** Whether another goal is reached by the same (complete) execution `find` gave. */
      alsoReaches(found, goal) {
        const { acceleration, solver } = this.stages[found.stage];
        return solver.goalHolds(found.datum.level, acceleration.goalIn(goal), found.datum.model);
      }
      /** The loops of the analysed function the execution accelerated (those of callees are listed when no own loop was). */
      cause({ acceleration, solver }, datum) {
        const fn2 = solver.fn.name;
        const entered = acceleration.loops.filter((l) => l.function === fn2 && solver.goalHolds(datum.level, runGoal(fn2, l.run), datum.model));
        const used = entered.length ? entered : acceleration.loops.filter((l) => l.function !== fn2);
        const loops = /* @__PURE__ */ new Map();
        for (const l of used) {
          const key = `${l.function}:${l.header}`;
          const entry2 = loops.get(key) ?? { ...l.function !== fn2 ? { function: l.function } : {}, line: l.line, counters: [] };
          for (const s of l.steps) if (!entry2.counters.includes(s.variable)) entry2.counters.push(s.variable);
          loops.set(key, entry2);
        }
        return { kind: "accelerated", loops: [...loops.values()] };
      }
    };
  }
});

// server/src/engine/mcdc.ts
function mcdcReport(structure, pathGoalId, verdictOf) {
  const decisions = structure.decisions.map((d) => decisionReport(d, (i) => verdictOf(pathGoalId(d.id, i))));
  const skipped = structure.skipped.map((s) => ({ line: s.range.line, column: s.range.column, text: s.text, why: s.why }));
  return { decisions, skipped };
}
function decisionReport(d, verdict) {
  const paths = d.paths.map((p, i) => {
    const v = verdict(i);
    const r = { vector: p.vector, outcome: p.outcome, status: v?.status ?? "unknown" };
    if (v?.test) r.test = v.test;
    if (v?.causes?.length) r.reason = causesText(v.causes);
    else if (!v) r.reason = "not analysed";
    if (v?.why?.length) r.why = v.why;
    return r;
  });
  const independence = d.conditions.map((_, i) => independenceOf(d, paths, i));
  return {
    id: d.id,
    text: d.text,
    line: d.range.line,
    column: d.range.column,
    conditions: d.conditions.map((c) => ({ text: c.text, line: c.range.line, column: c.range.column })),
    paths,
    independence,
    shown: independence.filter((x) => x.status === "shown").length
  };
}
function independenceOf(d, paths, i) {
  const name = `\`${d.conditions[i].text}\``;
  const show = (p) => `${paths[p].vector} \u2192 ${paths[p].outcome}`;
  for (const mode of ["unique-cause", "masking"]) {
    const pair = independencePairs(d, i, mode).find(([a2, b2]) => paths[a2].test && paths[b2].test);
    if (!pair) continue;
    const [a, b] = pair;
    const others = mode === "unique-cause" ? "every other condition both evaluate the same" : "the other conditions that differ do not affect the outcome (masking)";
    return {
      condition: i,
      status: "shown",
      mode,
      pair,
      tests: [paths[a].test, paths[b].test],
      reason: paths[a].test === paths[b].test ? `${name} shown by two evaluations in one run of ${paths[a].test} (${show(a)} and ${show(b)}): ${others}` : `${name} shown by ${paths[a].test} (${show(a)}) and ${paths[b].test} (${show(b)}): ${others}`
    };
  }
  const candidates = independencePairs(d, i, "masking");
  if (candidates.length === 0)
    return { condition: i, status: "impossible", reason: `no two evaluations of the decision differ in ${name} and in the outcome alone` };
  const blocked = (p) => paths[p].status === "unreachable";
  if (candidates.every(([a, b]) => blocked(a) || blocked(b))) {
    const never = [...new Set(candidates.flatMap(([a, b]) => [a, b]).filter(blocked))];
    const why = never.map((p) => `${show(p)}${paths[p].why?.length ? ` (${paths[p].why.map((r) => `line ${r.line}: ${r.text}`).join("; ")})` : ""}`);
    return {
      condition: i,
      status: "impossible",
      reason: `no pair can exist for ${name}: each needs an evaluation no input takes: ${why.join(", ")}`
    };
  }
  const open = [...new Set(candidates.flatMap(([a, b]) => [a, b]).filter((p) => !paths[p].test && !blocked(p)))];
  return {
    condition: i,
    status: "not-shown",
    reason: `no pair found for ${name}: ${open.map((p) => `${show(p)} ${paths[p].reason ?? paths[p].status}`).join("; ")}`
  };
}
var init_mcdc2 = __esm({
  "server/src/engine/mcdc.ts"() {
    "use strict";
    init_mcdc();
    init_verdicts();
  }
});

// server/src/engine/engine.ts
function earlyBound(fn2) {
  const depth = nestingDepth(fn2);
  return depth <= 1 ? 8 : depth === 2 ? 4 : 2;
}
function invariantMode(invariants) {
  return { on: invariants !== false, full: invariants === void 0 || invariants === true, effort: invariants === "cheap" ? "cheap" : "quick" };
}
function openAtLoopBound(v) {
  return v.status === "not-reached" && (v.causes ?? []).some((c) => c.kind === "loop-bound");
}
async function createEngine(options) {
  const engine = await createUnserializedEngine(options);
  const op = (f) => (...a) => exclusive(() => f(...a)).catch((e) => {
    throw asEngineError(e);
  });
  return {
    reach: op(engine.reach),
    check: op(engine.check),
    cover: op(engine.cover),
    analyse: op(engine.analyse),
    validate: op(engine.validate),
    outline: op(engine.outline),
    cfg: op(engine.cfg),
    harness: op(engine.harness),
    exportSuite: op(engine.exportSuite),
    replay: op(engine.replay),
    runSuite: op(engine.runSuite),
    dispose: () => engine.dispose()
  };
}
function asEngineError(e) {
  if (e instanceof EngineError) return e;
  if (isCancellation(e)) return EngineError.cancelled();
  if (e instanceof FrontendError) {
    const errors = e.diagnostics.filter((d) => d.severity === "error");
    return new EngineError(
      "input",
      e.message,
      (errors.length ? errors : e.diagnostics).map((d) => ({ file: d.file, line: d.range.line, column: d.range.column, message: d.message }))
    );
  }
  if (e instanceof ConditionNotModelled) return new EngineError("request", `--where: the condition uses what CReach does not model: ${e.message}`);
  if (e instanceof TestCompError) return new EngineError("input", e.message);
  return new EngineError("internal", e instanceof Error ? e.stack ?? e.message : String(e));
}
async function createUnserializedEngine(options) {
  let cache = null;
  async function load(input) {
    const key = (0, import_node_crypto2.createHash)("sha256").update(input.file).update("\0").update(input.text).update(JSON.stringify(options)).digest("hex");
    if (cache?.key === key) return cache;
    const program = await loadProgram({ file: input.file, text: input.text }, options);
    cache = { key, program, solvers: /* @__PURE__ */ new Map(), catalogues: /* @__PURE__ */ new Map() };
    return cache;
  }
  const laterValidations = /* @__PURE__ */ new Map();
  let validationQueue = Promise.resolve();
  const validationKey = (req) => (0, import_node_crypto2.createHash)("sha256").update(req.file).update("\0").update(req.text).update("\0").update(req.function).digest("hex");
  const solverFor = async (l, fn2) => {
    let s = l.solvers.get(fn2.name);
    if (s) l.solvers.delete(fn2.name);
    else s = new FunctionSolver(await getZ3(), l.program, fn2, options);
    l.solvers.set(fn2.name, s);
    while (l.solvers.size > KEPT_SOLVERS) l.solvers.delete(l.solvers.keys().next().value);
    return s;
  };
  const startZ3 = () => void getZ3().catch(() => void 0);
  const provers = /* @__PURE__ */ new WeakMap();
  const byInvariant = (fs11, goal, signal, effort) => {
    let p = provers.get(fs11);
    if (!p) provers.set(fs11, p = new InvariantProver(fs11.z, fs11.program, fs11.fn, options));
    return p.prove(goal, signal, effort);
  };
  const beyondBound = async (fs11, goal, v, signal) => {
    if (!openAtLoopBound(v)) return v;
    return await byInvariant(fs11, goal, signal) ?? v;
  };
  const deepSearches = /* @__PURE__ */ new WeakMap();
  const deepSearch = (fs11) => {
    let d = deepSearches.get(fs11);
    if (!d) deepSearches.set(fs11, d = new DeepSearch(fs11, options));
    return d;
  };
  const deepen = async (fs11, goal, opts, invariants, past = {}) => {
    if (!invariants) return fs11.reach(goal, opts);
    const { search = true, prove = true, upTo = "all", effort = "quick" } = past;
    const budget = opts.budget ?? fs11.goalBudget(opts);
    const early = earlyBound(fs11.fn);
    const low = await fs11.reach(goal, { ...opts, budget, bounds: { to: early } });
    if (!openAtLoopBound(low)) return low;
    const cheaply = await byInvariant(fs11, goal, opts.signal, "cheap");
    if (cheaply) return cheaply;
    if (effort !== "cheap") {
      const brief = fs11.goalBudget({ quick: true, suite: opts.suite });
      const next = await fs11.reach(goal, { ...opts, satOnly: true, budget: { ...brief, leftMs: brief.queryMs }, bounds: { from: early + 1, to: 2 * early } });
      if (next.datum) return next;
      const bySpacer = await byInvariant(fs11, goal, opts.signal, effort);
      if (bySpacer) return bySpacer;
    }
    const deep = search ? await deepSearch(fs11).find(goal, opts.signal, opts) : null;
    if (deep) return deep;
    const proved = prove ? await beyondBound(fs11, goal, low, opts.signal) : low;
    if (proved !== low) return proved;
    return upTo === "early" ? low : deeper(fs11, goal, low, { ...opts, budget }, prove);
  };
  const withTried = (fs11, goal, v) => {
    if (!openAtLoopBound(v) && v.status !== "unknown") return v;
    const attempts = [];
    const invariants = provers.get(fs11)?.notProved.get(goal.id);
    if (invariants) attempts.push({ method: "invariants", outcome: invariants });
    const acceleration = deepSearches.get(fs11)?.notFound.get(goal.id);
    if (acceleration) attempts.push({ method: "acceleration", outcome: acceleration });
    return attempts.length ? { ...v, causes: [...v.causes ?? [], { kind: "tried", attempts }] } : v;
  };
  const deeper = async (fs11, goal, v, opts, prove = true) => {
    if (!openAtLoopBound(v) || (v.bound ?? 0) >= options.maxLoopBound || v.causes?.some((c) => c.kind === "too-large")) return v;
    const next = await fs11.reach(goal, { ...opts, bounds: { from: (v.bound ?? 0) + 1 } });
    const tooLarge = next.status === "unknown" && next.causes?.length === 1 && next.causes[0].kind === "too-large";
    const deepest = tooLarge ? { ...v, causes: [...v.causes ?? [], ...next.causes] } : next;
    return prove ? beyondBound(fs11, goal, deepest, opts.signal) : deepest;
  };
  const goalsOf = (l, fn2, contexts = true) => {
    const key = `${fn2.name}${contexts ? "" : "/alone"}`;
    let g = l.catalogues.get(key);
    if (!g)
      l.catalogues.set(
        key,
        g = buildCatalogue(l.program, fn2, {
          runtimeErrors: options.runtimeErrors,
          uninitialisedNondet: options.uninitialisedNondet,
          contextDepth: contexts ? options.inlineDepth : 0
        })
      );
    return g;
  };
  const functionsOf = (l, name) => {
    if (name === void 0) return l.program.functions;
    const f = l.program.functions.find((x) => x.name === name);
    if (!f)
      throw EngineError.at(
        "request",
        l.program.file,
        1,
        1,
        `no function '${name}' with a body in this file (functions: ${l.program.functions.map((x) => x.name).join(", ") || "none"})`
      );
    return [f];
  };
  const baseReport = (l) => ({
    file: l.program.file,
    functions: [],
    diagnostics: l.program.diagnostics.map((d) => ({ line: d.range.line, column: d.range.column, severity: d.severity, message: d.message }))
  });
  const fnReport = (fn2, goals, tests) => {
    const unsupported = collectUnsupported(fn2);
    return { name: fn2.name, line: fn2.range.line, goals, tests, ...unsupported.length ? { unsupported } : {} };
  };
  const goalOf = (l, req) => {
    if (req.goal !== void 0) {
      for (const fn3 of functionsOf(l, req.function)) {
        const goal = goalsOf(l, fn3).find((g) => g.id === req.goal);
        if (goal) return { fn: fn3, goal };
      }
      throw EngineError.at("request", l.program.file, 1, 1, `no goal '${req.goal}'${req.function ? ` in ${req.function}` : ""} (creach cfg lists the goals)`);
    }
    if (req.line === void 0) throw new EngineError("request", "a reach request needs a goal id or a line");
    const line = req.line;
    const fn2 = req.function ? functionsOf(l, req.function)[0] : functionAtLine(l.program, line);
    try {
      const coverage = goalsOf(l, fn2).filter((g) => g.kind === "statement" || g.kind === "branch");
      const own = coverage.filter((g) => !g.context && g.range.line === line);
      return { fn: fn2, goal: goalAt(own.length ? own : coverage, line, req.column, req.outcome) };
    } catch (e) {
      throw EngineError.at("request", l.program.file, line, req.column ?? 1, e.message);
    }
  };
  async function mcdcCover(l, fn2, goals, signal) {
    const structure = mcdcDecisions(fn2);
    const mc = instrumentMcdc(l.program, fn2, structure);
    const fs11 = new FunctionSolver(await getZ3(), mc.program, mc.fn, options);
    const suite = await buildSuite(fs11, [...mc.pathGoals.map((p) => p.goal), ...goals.map(mc.goalIn)], signal);
    const pathIds = new Set(mc.pathGoals.map((p) => p.goal.id));
    for (const t of suite.tests) t.goals = t.goals.filter((g) => !pathIds.has(g));
    const reports = goals.map(
      (g) => goalReport(g, suite.verdicts.get(g.id) ?? { status: "unknown", causes: [{ kind: "not-analysed" }] }, suite.verdicts.get(g.id)?.test)
    );
    const byPath = new Map(mc.pathGoals.map((p) => [`${p.decision}#${p.path}`, p.goal.id]));
    const mcdc = mcdcReport(
      structure,
      (d, i) => byPath.get(`${d}#${i}`),
      (id) => suite.verdicts.get(id)
    );
    return { ...fnReport(fn2, reports, suite.tests), mcdc };
  }
  async function runData(l, report) {
    const workDir = await (0, import_promises2.mkdtemp)(path7.join((0, import_node_os.tmpdir)(), "creach-validate-"));
    try {
      return await validateSuite(l.program, report, {
        compiler: options.compiler,
        workDir,
        timeoutMs: RUN_TIMEOUT_MS,
        sanitize: true,
        includePaths: options.includePaths,
        defines: options.defines
      });
    } finally {
      await (0, import_promises2.rm)(workDir, { recursive: true, force: true });
    }
  }
  async function validated(l, report, signal) {
    if (options.validate !== true || report.functions.every((f) => f.tests.length === 0)) return report;
    throwIfCancelled(signal);
    const v = await runData(l, report);
    if (!v.available) {
      for (const t of report.functions.flatMap((f) => f.tests)) {
        delete t.validated;
        t.validation = v.message ?? "no C compiler to validate with";
      }
    }
    return report;
  }
  async function checkReport(l, req, signal) {
    const report = baseReport(l);
    const checkFunction = async (fn2, contexts) => {
      const fs11 = await solverFor(l, fn2);
      const goals = [];
      const tests = [];
      const properties = goalsOf(l, fn2, contexts).filter((g) => g.kind === "assertion" || g.kind === "runtime-error");
      const addTest = (goal, datum) => {
        const id = `t${tests.length + 1}`;
        tests.push({ id, ...datum.test, goals: [goal.id] });
        return id;
      };
      const quick = /* @__PURE__ */ new Map();
      const suite = fs11.suiteBudget();
      const { on: invariants, full: full2, effort } = invariantMode(req.invariants);
      const past = full2 ? {} : { search: false, prove: false, effort };
      for (const goal of properties)
        quick.set(goal.id, await deepen(fs11, goal, { signal, explain: "loop-free", quick: true, suite }, invariants, { ...past, upTo: "early" }));
      const answered = req.untilViolated === true && [...quick.values()].some((v) => v.status === "violated");
      for (const goal of properties) {
        const first = quick.get(goal.id);
        if (answered) {
          goals.push(goalReport(goal, first, first.datum ? addTest(goal, first.datum) : void 0));
          continue;
        }
        const timedOut = first.status === "unknown" && (first.causes ?? []).some((c) => c.kind === "timeout");
        const again = { signal, explain: "loop-free", suite };
        const v = timedOut ? (invariants ? await byInvariant(fs11, goal, signal, past.effort) : void 0) ?? await deepen(fs11, goal, again, invariants, past) : invariants && openAtLoopBound(first) ? (full2 ? await deepSearch(fs11).find(goal, signal, again) : null) ?? await deeper(fs11, goal, first, again, full2) : first;
        goals.push(goalReport(goal, withTried(fs11, goal, v), v.datum ? addTest(goal, v.datum) : void 0));
      }
      return fnReport(fn2, goals, tests);
    };
    const entry2 = req.function === void 0 ? l.program.functions.find((f) => f.name === "main") : void 0;
    if (!entry2) {
      for (const fn2 of functionsOf(l, req.function)) report.functions.push(await checkFunction(fn2, true));
      return report;
    }
    const program = { ...await checkFunction(entry2, true), role: "program" };
    report.functions.push(program);
    for (const fn2 of l.program.functions) {
      if (fn2 === entry2 || ERROR_FUNCTIONS.has(fn2.name)) continue;
      const unit = { ...await checkFunction(fn2, false), role: "unit" };
      for (const g of unit.goals) {
        const inProgram = program.goals.filter((p) => p.id.endsWith(`>${g.id}`));
        if (g.status !== "violated" || inProgram.length === 0) continue;
        const status2 = inProgram.some((p) => p.status === "violated") ? "violated" : inProgram.every((p) => p.status === "holds") ? "holds" : inProgram[0].status;
        g.causes = [...g.causes ?? [], { kind: "in-program", entry: entry2.name, status: status2 }];
        g.reason = causesText(g.causes);
      }
      report.functions.push(unit);
    }
    return report;
  }
  const engine = {
    async outline(req) {
      const l = await load(req);
      const report = baseReport(l);
      for (const fn2 of functionsOf(l))
        report.functions.push(
          fnReport(
            fn2,
            goalsOf(l, fn2, false).map((g) => goalReport(g, { status: "unknown", causes: [{ kind: "not-analysed" }] })),
            []
          )
        );
      return report;
    },
    async reach(req, signal) {
      throwIfCancelled(signal);
      startZ3();
      const l = await load(req);
      const { fn: fn2, goal } = goalOf(l, req);
      const fs11 = await solverFor(l, fn2);
      const where = req.where !== void 0 ? await whereAt(l.program, fn2, goal, req.where) : void 0;
      const report = baseReport(l);
      if (req.all) {
        const limit = req.limit ?? 100;
        const { data, exhausted, verdict, bound, assumes } = await fs11.enumerate(goal, limit, { signal, where });
        const tests2 = data.map((d, i) => ({ id: `t${i + 1}`, ...d.test, goals: [goal.id] }));
        const count = {
          kind: "data-count",
          count: tests2.length,
          exact: exhausted,
          limitReached: !exhausted && tests2.length >= limit,
          ...bound !== void 0 ? { bound } : {},
          ...assumes?.length ? { assumed: true } : {}
        };
        const causes = assumes?.length ? [count, { kind: "assumes", assumptions: assumes }] : [count];
        if (verdict.status === "unknown" && tests2.length) causes.push(...verdict.causes ?? []);
        const gr = goalReport(goal, tests2.length ? { status: "covered", bound: verdict.bound, causes } : verdict, tests2[0]?.id);
        report.functions.push(fnReport(fn2, [gr], tests2));
        return validated(l, report, signal);
      }
      const v = await deepen(fs11, goal, { signal, where }, where === void 0 && invariantMode(req.invariants).on);
      const tests = v.datum ? [{ id: "t1", ...v.datum.test, goals: [goal.id] }] : [];
      report.functions.push(fnReport(fn2, [goalReport(goal, withTried(fs11, goal, v), tests[0]?.id)], tests));
      return validated(l, report, signal);
    },
    async check(req, signal) {
      throwIfCancelled(signal);
      startZ3();
      const l = await load(req);
      return validated(l, await checkReport(l, req, signal), signal);
    },
    async cover(req, signal) {
      throwIfCancelled(signal);
      startZ3();
      const l = await load(req);
      const report = baseReport(l);
      for (const fn2 of functionsOf(l, req.function)) {
        const all = goalsOf(l, fn2);
        const goals = req.criterion === "error-calls" ? all.filter((g) => g.target.kind === "error") : all.filter((g) => g.kind === "statement" || req.criterion !== "statement" && g.kind === "branch");
        if (req.criterion === "mcdc") {
          report.functions.push(await mcdcCover(l, fn2, goals, signal));
          continue;
        }
        const fs11 = await solverFor(l, fn2);
        const invariants = invariantMode(req.invariants);
        const suiteReach = (goal, opts) => deepen(fs11, goal, opts, invariants.on, { search: false, prove: false, effort: invariants.effort });
        const suite = await buildSuite(fs11, goals, signal, void 0, suiteReach);
        if (invariants.full)
          for (const g of goals) {
            const v = suite.verdicts.get(g.id);
            if (!v || !openAtLoopBound(v)) continue;
            const proved = await beyondBound(fs11, g, v, signal);
            const found = proved === v ? await deepSearch(fs11).find(g, signal) : null;
            if (!found?.datum) {
              suite.verdicts.set(g.id, proved);
              continue;
            }
            const id = `t${suite.tests.length + 1}`;
            const test = { id, ...found.datum.test, goals: [g.id] };
            suite.tests.push(test);
            suite.verdicts.set(g.id, { status: found.status, causes: found.causes, datum: found.datum, test: id });
            if (!found.datum.complete) continue;
            for (const other of goals) {
              const ov = suite.verdicts.get(other.id);
              if (other === g || !ov || !openAtLoopBound(ov) || !deepSearch(fs11).alsoReaches(found, other)) continue;
              suite.verdicts.set(other.id, { status: "covered", causes: found.causes, test: id });
              test.goals.push(other.id);
            }
          }
        const reports = goals.map((g) => {
          const v = suite.verdicts.get(g.id);
          return goalReport(g, v ? withTried(fs11, g, v) : { status: "unknown", causes: [{ kind: "not-analysed" }] }, v?.test);
        });
        report.functions.push(fnReport(fn2, reports, suite.tests));
      }
      return req.validate === false ? report : validated(l, report, signal);
    },
    async analyse(req, signal) {
      const cover = req.coverage ?? await engine.cover({ file: req.file, text: req.text, function: req.function, criterion: "decision", invariants: "cheap", validate: false }, signal);
      throwIfCancelled(signal);
      const l = await load(req);
      const later = req.validate === "later";
      const coverValidated = later ? validationQueue.then(() => validated(l, cover)) : validated(l, cover, signal);
      if (later) validationQueue = coverValidated.catch(() => void 0);
      coverValidated.catch(() => void 0);
      const check = await checkReport(l, { file: req.file, text: req.text, function: req.function, invariants: "cheap" }, signal);
      if (!later) {
        await coverValidated;
        return mergeAnalysis(cover, await validated(l, check, signal));
      }
      const verdicts = mergeAnalysis(structuredClone(cover), structuredClone(check));
      const outcome = coverValidated.then(async () => mergeAnalysis(cover, await validated(l, check)));
      validationQueue = outcome.catch(() => void 0);
      laterValidations.set(validationKey(req), { verdicts: JSON.stringify(verdicts), outcome });
      while (laterValidations.size > LATER_VALIDATIONS_KEPT) laterValidations.delete(laterValidations.keys().next().value);
      return verdicts;
    },
    async validate(req, signal) {
      throwIfCancelled(signal);
      const key = validationKey(req);
      const later = laterValidations.get(key);
      if (later?.verdicts === JSON.stringify(req.report)) {
        const report = await untilSettled(later.outcome, signal);
        laterValidations.delete(key);
        return report;
      }
      return validated(await load(req), structuredClone(req.report), signal);
    },
    async cfg(req) {
      const l = await load(req);
      const details = req.details ? { ssa: true, controlDependence: true } : void 0;
      return functionsOf(l, req.function).map((fn2) => cfgView(l.program, fn2, goalsOf(l, fn2, false), details));
    },
    async harness(req) {
      const l = await load(req);
      return emitHarness(l.program, req.report, { sourcePath: req.includePath ?? req.file });
    },
    async exportSuite(req, signal) {
      throwIfCancelled(signal);
      const l = await load(req);
      const v = await validateForExport(l.program, req.report, {
        validate: Boolean(req.validate),
        compiler: options.compiler,
        timeoutMs: RUN_TIMEOUT_MS,
        includePaths: options.includePaths,
        defines: options.defines
      });
      return { files: suiteFiles(l.program, req.report, req.dir, req.format), report: req.report, messages: v.messages, bugs: v.bugs };
    },
    async runSuite(req, signal) {
      throwIfCancelled(signal);
      const l = await load(req);
      const report = structuredClone(req.report);
      const v = await runData(l, report);
      if (!v.available) return { available: false, message: v.message, tests: [], lines: null, bugs: [] };
      const tests = report.functions.flatMap(
        (f) => f.tests.map((t) => {
          const run8 = v.tests.find((x) => x.function === f.name && x.id === t.id);
          const passed = t.validated === void 0 ? null : t.validated;
          const message = passed ? "passed" : t.validation ?? (run8 ? "failed" : "not run");
          return { function: f.name, id: t.id, passed, message, output: run8?.output ?? "", missed: run8?.missed ?? [] };
        })
      );
      return { available: true, tests, lines: v.lines, bugs: v.differences };
    },
    async replay(req) {
      const workDir = await (0, import_promises2.mkdtemp)(path7.join((0, import_node_os.tmpdir)(), "creach-replay-"));
      try {
        return await replaySuite(req.suite, req.file, req.text, {
          compiler: options.compiler,
          workDir,
          timeoutMs: RUN_TIMEOUT_MS,
          ...options.dataModel === "ILP32" ? { architecture: "32bit" } : {}
        });
      } finally {
        await (0, import_promises2.rm)(workDir, { recursive: true, force: true });
      }
    },
    dispose() {
      cache = null;
    }
  };
  return engine;
}
async function whereAt(program, fn2, goal, text) {
  let at2;
  const t = goal.target;
  if (goal.decision !== void 0) at2 = { decision: goal.decision };
  else if (t.kind === "block" || t.kind === "point") {
    const statements = fn2.blocks[t.block].statements ?? [];
    const k = t.kind === "point" && t.statement !== void 0 ? t.statement : statements.findIndex((st) => !st.jump);
    at2 = k >= 0 ? { block: t.block, statement: k } : { line: goal.range.line, column: goal.range.column };
  } else at2 = { line: goal.range.line, column: goal.range.column };
  try {
    return await lowerCondition(program, fn2, at2, text, { firstTempId: WHERE_TEMPS });
  } catch (e) {
    if (e instanceof FrontendError) throw new EngineError("request", `--where '${text}': ${e.message}`);
    throw e;
  }
}
function functionAtLine(program, line) {
  const fn2 = program.functions.find((f) => f.range.line <= line && line <= f.range.endLine);
  if (!fn2) throw EngineError.at("request", program.file, line, 1, `line ${line} is not inside a function`);
  return fn2;
}
function collectUnsupported(fn2) {
  const out = [];
  for (const b of fn2.blocks)
    for (const i of b.instrs) {
      if (i.kind === "unsupported") out.push({ line: i.range.line, what: i.what });
      else if (i.kind === "assign" && (i.value.op === "havoc" || i.value.op === "icall"))
        out.push({ line: i.range.line, what: i.value.op === "havoc" ? i.value.what : "call through a function pointer to no function of this file" });
    }
  return out;
}
function untilSettled(p, signal) {
  throwIfCancelled(signal);
  if (!signal) return p;
  return new Promise((resolve8, reject) => {
    const onAbort = () => reject(EngineError.cancelled());
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(resolve8, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
var import_node_crypto2, import_promises2, import_node_os, path7, KEPT_SOLVERS, LATER_VALIDATIONS_KEPT, RUN_TIMEOUT_MS, WHERE_TEMPS;
var init_engine = __esm({
  "server/src/engine/engine.ts"() {
    "use strict";
    import_node_crypto2 = require("node:crypto");
    import_promises2 = require("node:fs/promises");
    import_node_os = require("node:os");
    path7 = __toESM(require("node:path"));
    init_libc();
    init_errors2();
    init_frontend();
    init_catalogue();
    init_cfgView();
    init_suite();
    init_query();
    init_prover();
    init_condition();
    init_encode();
    init_z3();
    init_validate();
    init_harness();
    init_export();
    init_replay();
    init_testcomp();
    init_reports();
    init_verdicts();
    init_deep();
    init_mcdc();
    init_mcdc2();
    init_loops();
    init_z3();
    KEPT_SOLVERS = 2;
    LATER_VALIDATIONS_KEPT = 64;
    RUN_TIMEOUT_MS = 1e4;
    WHERE_TEMPS = 1e9;
  }
});

// server/src/api.ts
async function readSource(file) {
  try {
    return { file, text: await (0, import_promises3.readFile)(file, "utf8") };
  } catch (e) {
    throw EngineError.at("input", file, 1, 1, `cannot read the file: ${readFailure(e)}`);
  }
}
var import_promises3, EXPORT_FORMATS, isExportFormat;
var init_api = __esm({
  "server/src/api.ts"() {
    "use strict";
    import_promises3 = require("node:fs/promises");
    init_errors2();
    init_errors2();
    init_options();
    init_engine();
    init_libc();
    init_parser();
    init_preprocess();
    EXPORT_FORMATS = ["c", "cmocka", "gtest", "testcomp", "json"];
    isExportFormat = (f) => EXPORT_FORMATS.includes(f);
  }
});

// server/src/cli/options.ts
function engineFlags(groups) {
  return optionSpecs.filter((o) => o.cli && groups.includes(o.cli.group));
}
function parseSpecs(groups) {
  const out = { help: { type: "boolean", short: "h" } };
  if (groups.includes("common")) out.ilp32 = { type: "boolean" };
  for (const o of engineFlags(groups)) {
    const c = o.cli;
    out[flagName(o)] = {
      type: o.type === "boolean" ? "boolean" : "string",
      ...c.short ? { short: c.short } : {},
      ...c.repeatable ? { multiple: true } : {}
    };
  }
  return out;
}
function engineOptionsHelp(groups) {
  const lines2 = [];
  for (const o of engineFlags(groups)) {
    const c = o.cli;
    const name = `${c.short ? `-${c.short}, ` : ""}--${flagName(o)}${c.argument ? ` ${c.argument}` : ""}`;
    lines2.push([name, o.summary ?? o.description]);
    if (o.key === "dataModel") lines2.push(["--ilp32", "same as --data-model ILP32"]);
  }
  lines2.push(["-h, --help", "show this help"]);
  const width = Math.max(26, ...lines2.map(([n]) => n.length + 2));
  return lines2.map(([n, d]) => `  ${n.padEnd(width)}${d}`).join("\n");
}
function parseCommandLine(args, groups, extra, usage8, fileOr, fileName = "FILE") {
  let parsed;
  try {
    parsed = (0, import_node_util.parseArgs)({ args, options: { ...parseSpecs(groups), ...extra }, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(`${e instanceof Error ? e.message : String(e)}
${usage8}`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${usage8}
`);
    return null;
  }
  if (fileOr && values[fileOr] !== void 0) {
    if (positionals.length > 0) throw new UsageError(`${fileName} '${positionals[0]}' and --${fileOr} contradict each other
${usage8}`);
    return { file: "", rest: [], values, engine: engineOptionsFrom(values, groups, usage8) };
  }
  const [file, ...rest] = positionals;
  if (!file) throw new UsageError(`missing ${fileName}${fileOr ? ` (or --${fileOr})` : ""}
${usage8}`);
  return { file, rest, values, engine: engineOptionsFrom(values, groups, usage8) };
}
function engineOptionsFrom(values, groups, usage8) {
  const options = { ...defaultEngineOptions };
  for (const o of engineFlags(groups)) {
    const v = values[flagName(o)];
    if (v === void 0) continue;
    switch (o.type) {
      case "boolean":
        options[o.key] = o.default === true ? !v : Boolean(v);
        break;
      case "integer":
        options[o.key] = integerOption(values, flagName(o), o.default, o.minimum ?? 0, o.maximum);
        break;
      case "strings":
        options[o.key] = Array.isArray(v) ? v.map(String) : [String(v)];
        break;
      case "dataModel":
        if (v !== "LP64" && v !== "ILP32") throw new UsageError(`--${o.cli.flag} must be LP64 or ILP32, got '${String(v)}'
${usage8}`);
        options[o.key] = v;
        break;
      case "string":
        options[o.key] = String(v);
        break;
    }
  }
  if (values.ilp32) options.dataModel = "ILP32";
  return options;
}
function integerOption(values, name, fallback, minimum = 0, maximum = Number.MAX_SAFE_INTEGER) {
  const v = values[name];
  if (v === void 0) return fallback;
  if (typeof v !== "string" || !/^\d+$/.test(v) || Number(v) < minimum || Number(v) > maximum || !Number.isSafeInteger(Number(v))) {
    const range = maximum === Number.MAX_SAFE_INTEGER ? `of at least ${minimum}` : `from ${minimum} to ${maximum}`;
    throw new UsageError(`--${name} expects an integer ${range}, got '${String(v)}'`);
  }
  return Number(v);
}
var import_node_util, flagName;
var init_options2 = __esm({
  "server/src/cli/options.ts"() {
    "use strict";
    import_node_util = require("node:util");
    init_api();
    init_errors();
    flagName = (o) => o.type === "boolean" && o.default === true ? `no-${o.cli.flag}` : o.cli.flag;
  }
});

// shared/editor-protocol.ts
function formatValue(value, type) {
  const scalarChar = isChar(type) && !/[*[]/.test(type);
  if (value === null) return "NULL";
  if (Array.isArray(value)) return `{${value.map((v) => formatElement(v, type)).join(", ")}}`;
  if (typeof value === "object") {
    return `{${Object.entries(value).map(([k, v]) => `.${k} = ${formatValue(v)}`).join(", ")}}`;
  }
  if (scalarChar && typeof value === "number" && printable(value)) return `${charLiteral(value)} (${value})`;
  return String(value);
}
function formatElement(v, type) {
  return isChar(type) && typeof v === "number" && printable(v) ? charLiteral(v) : formatValue(v);
}
function formatInputs(test) {
  const calls = /* @__PURE__ */ new Map();
  for (const n of test.nondet) {
    const site = `${n.call}()@${n.line}`;
    if (!calls.has(site)) calls.set(site, []);
    calls.get(site).push(n);
  }
  const named = (k, v) => k === "argv" && Array.isArray(v) && v.every((s) => typeof s === "string") ? `{${v.map((s) => JSON.stringify(s)).join(", ")}}` : formatValue(v, test.types?.[k]);
  const parts = [
    ...Object.entries(test.inputs).map(([k, v]) => `${k} = ${named(k, v)}`),
    ...Object.entries(test.globals).map(([k, v]) => `${k} = ${named(k, v)}`),
    ...[...calls].map(
      ([site, ns]) => `${site} = ${ns.length === 1 ? formatValue(ns[0].value, ns[0].type) : `[${ns.map((n) => formatElement(n.value, n.type)).join(", ")}]`}`
    ),
    ...(test.indeterminate ?? []).map((u) => `${u.variable} (uninitialised, line ${u.line}) = ${formatValue(u.value, u.type)}`)
  ];
  return parts.length > 0 ? parts.join(", ") : "(no inputs)";
}
function formatEnd(test) {
  if (!test.end) return "";
  const call = test.end.how === "abort" ? "abort()" : `exit(${test.end.status ?? ""})`;
  return `${call} at line ${test.end.line}`;
}
var isChar, printable, charLiteral;
var init_editor_protocol = __esm({
  "shared/editor-protocol.ts"() {
    "use strict";
    isChar = (type) => type !== void 0 && /^(?:const )?(?:signed |unsigned )?char\b/.test(type);
    printable = (v) => v >= 32 && v < 127;
    charLiteral = (v) => `'${v === 39 || v === 92 ? "\\" : ""}${String.fromCharCode(v)}'`;
  }
});

// server/src/cli/report.ts
function status(g) {
  switch (g.status) {
    case "covered":
      return `covered by ${g.test}`;
    case "violated":
      return `VIOLATED (counter-example ${g.test})`;
    case "unreachable":
    case "holds": {
      const inv = g.proof === "invariant" ? g.causes?.find((c) => c.kind === "invariant") : void 0;
      if (inv) return `${g.status} (invariant): ${causeText(inv)}`;
      return `${g.status} (${g.proof === "complete" ? "proved" : g.proof ?? "proved"}${g.bound ? `, loops fully unrolled within ${g.bound}` : ""})`;
    }
    case "not-reached":
      return g.causes?.some((c) => c.kind === "loop-bound") || !g.causes?.some((c) => c.kind === "assumes") ? `not reached within ${g.bound} loop iterations (not a proof)` : "not reached for the inputs considered (not a proof)";
    case "unknown":
      return "unknown";
  }
}
function formatReport(report) {
  const out = [];
  for (const d of report.diagnostics ?? []) out.push(`${report.file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`);
  for (const f of report.functions) out.push(...formatFunction(report.file, f));
  return out.join("\n") + "\n";
}
function formatFunction(file, f) {
  const role2 = f.role === "program" ? ": the program, from its entry point" : f.role === "unit" ? ": called alone, with free parameters" : "";
  const out = [`${f.name} (${file}:${f.line})${role2}`];
  for (const g of f.goals) {
    const where = g.context ? ` [in ${g.context.function}, called at ${g.context.calls.map((c) => `${c.function}:${c.line}`).join(" \u2192 ")}]` : "";
    out.push(`  ${file}:${g.line}:${g.column}: ${g.label}${where}: ${status(g)}`);
    const reason = g.proof === "invariant" ? causesBesidesInvariant(g.causes) : g.reason;
    if (reason) out.push(`      ${reason}`);
    if (g.why?.length) {
      out.push("      because:");
      for (const r of g.why) out.push(`        line ${r.line}: ${r.role}`);
    }
  }
  if (f.mcdc) out.push(...formatMcdc(file, f.mcdc));
  const shown = f.tests.slice(0, 50);
  if (shown.length) out.push("  tests:");
  for (const t of shown) {
    let line = `    ${t.id}: ${formatInputs(t)}`;
    if (t.result !== void 0) line += ` -> returns ${formatValue(t.result)}`;
    if (t.end) line += ` -> ends with ${formatEnd(t)}`;
    if (t.validated === true) line += "  \u2713 validated";
    else if (t.validated === false) line += `  \u2717 not validated: ${t.validation ?? ""}`;
    else if (t.validation) line += `  \xB7 not validated: ${t.validation}`;
    out.push(line);
  }
  if (f.tests.length > shown.length) out.push(`    ... and ${f.tests.length - shown.length} more (use --json for all)`);
  for (const u of mergeConstructs((f.unsupported ?? []).map((x) => ({ what: x.what, lines: [x.line] }))))
    out.push(`  note: not modelled: ${u.what} (${lineList(u.lines)})`);
  const counts = /* @__PURE__ */ new Map();
  for (const g of f.goals) counts.set(g.status, (counts.get(g.status) ?? 0) + 1);
  out.push(`  summary: ${[...counts].map(([s, n]) => `${n} ${s}`).join(", ")}`);
  return out;
}
function formatMcdc(file, m) {
  const out = ["  MC/DC (unique-cause for short-circuit C; masking where no unique-cause pair exists):"];
  for (const d of m.decisions) {
    const vectors = d.conditions.map((c, i) => `${i + 1}: ${c.text}`).join(", ");
    out.push(`    ${file}:${d.line}:${d.column}: \`${d.text}\`: ${d.shown}/${d.conditions.length} conditions shown (conditions ${vectors})`);
    for (const x of d.independence) {
      const mark = x.status === "shown" ? `shown (${x.mode})` : x.status === "impossible" ? "impossible (proved)" : "not shown";
      out.push(`      condition ${x.condition + 1} \`${d.conditions[x.condition].text}\`: ${mark}: ${x.reason}`);
    }
    for (const p of d.paths) {
      const by = p.status === "covered" ? `taken by ${p.test}${p.validated === true ? " \u2713 validated" : p.validated === false ? " \u2717 not seen when run" : ""}` : `${p.status}${p.reason ? `: ${p.reason}` : ""}`;
      out.push(`      path ${p.vector} \u2192 ${p.outcome}: ${by}`);
    }
  }
  for (const s of m.skipped) out.push(`    ${file}:${s.line}:${s.column}: \`${s.text}\`: not analysed for MC/DC: ${s.why}`);
  return out;
}
var init_report = __esm({
  "server/src/cli/report.ts"() {
    "use strict";
    init_verdicts();
    init_editor_protocol();
  }
});

// server/src/cli/run-engine.ts
async function withEngine(file, options, f) {
  let engine;
  try {
    const source = await readSource(file);
    engine = await createEngine(options);
    return await f(engine, source);
  } catch (e) {
    if (e instanceof EngineError && (e.kind === "input" || e.kind === "request")) throw new InputError(e.message);
    throw e;
  } finally {
    engine?.dispose();
  }
}
function printReport(report, json) {
  process.stdout.write(json ? `${JSON.stringify(report, null, 2)}
` : formatReport(report));
}
function checkViolated(report) {
  const program = report.functions.filter((f) => f.role === "program");
  return (program.length ? program : report.functions).some((f) => f.goals.some((g) => g.status === "violated"));
}
function toolVersion() {
  try {
    const pkg = JSON.parse(fs5.readFileSync(path8.join(__dirname, "..", "package.json"), "utf8"));
    return pkg.name === "creach" ? pkg.version : void 0;
  } catch {
    return void 0;
  }
}
var fs5, path8, reportOptionSpecs;
var init_run_engine = __esm({
  "server/src/cli/run-engine.ts"() {
    "use strict";
    fs5 = __toESM(require("node:fs"));
    path8 = __toESM(require("node:path"));
    init_api();
    init_errors();
    init_report();
    reportOptionSpecs = {
      json: { type: "boolean" },
      function: { type: "string", short: "f" }
    };
  }
});

// server/src/cli/cfg.ts
var cfg_exports = {};
__export(cfg_exports, {
  run: () => run,
  toDot: () => toDot,
  toText: () => toText
});
async function run(args) {
  const cl = parseCommandLine(args, ["common"], { function: { type: "string" }, json: { type: "boolean" }, dot: { type: "boolean" } }, usage);
  if (!cl) return 0;
  if (cl.values.json && cl.values.dot) throw new UsageError(`--json and --dot exclude each other
${usage}`);
  if (cl.rest.length > 0) throw new UsageError(`unexpected argument '${cl.rest[0]}'
${usage}`);
  const only = typeof cl.values.function === "string" ? cl.values.function : void 0;
  const { views, diagnostics } = await withEngine(cl.file, cl.engine, async (e, source) => {
    const outline = await e.outline(source);
    return { views: await e.cfg({ ...source, function: only, details: true }), diagnostics: outline.diagnostics ?? [] };
  });
  for (const d of diagnostics) process.stderr.write(`${cl.file}:${d.line}:${d.column}: ${d.severity === "error" ? "" : `${d.severity}: `}${d.message}
`);
  if (cl.values.json) process.stdout.write(`${JSON.stringify(only === void 0 ? views : views[0], null, 2)}
`);
  else if (cl.values.dot) process.stdout.write(views.map(toDot).join("\n"));
  else process.stdout.write(views.map(toText).join("\n"));
  return 0;
}
function lines(first, last) {
  if (first === null || last === null) return "no source";
  return first === last ? `line ${first}` : `lines ${first}-${last}`;
}
function toText(v) {
  const out = [`function ${v.function}`, "  blocks:"];
  for (const b of v.blocks) {
    out.push(`    B${b.id} (${lines(b.firstLine, b.lastLine)})`);
    for (const t of b.text) out.push(`      ${t}`);
  }
  out.push("  edges:");
  for (const e of v.edges) out.push(`    B${e.from} -> B${e.to}${e.label ? `  [${e.label}]` : ""}`);
  out.push("  loops:");
  if (v.loops.length === 0) out.push("    none");
  for (const l of v.loops) out.push(`    header B${l.header}, body ${l.body.map((b) => `B${b}`).join(" ")}`);
  out.push("  goals:");
  if (v.goals.length === 0) out.push("    none");
  const width = Math.max(0, ...v.goals.map((g) => g.id.length));
  for (const g of v.goals) out.push(`    ${g.id.padEnd(width)}  ${g.label}`);
  return `${out.join("\n")}
`;
}
function toDot(v) {
  const q = (s) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  const headers = new Set(v.loops.map((l) => l.header));
  const out = [`digraph ${q(v.function)} {`, '  node [shape=box, fontname="monospace"];'];
  for (const b of v.blocks) {
    const label = [`B${b.id} (${lines(b.firstLine, b.lastLine)})`, ...b.text].map((t) => t.replace(/\\/g, "\\\\").replace(/"/g, '\\"')).join("\\l") + "\\l";
    out.push(`  B${b.id} [label="${label}"${headers.has(b.id) ? ", peripheries=2" : ""}];`);
  }
  for (const e of v.edges) out.push(`  B${e.from} -> B${e.to}${e.label ? ` [label=${q(e.label)}]` : ""};`);
  out.push("}");
  return `${out.join("\n")}
`;
}
var usage;
var init_cfg2 = __esm({
  "server/src/cli/cfg.ts"() {
    "use strict";
    init_errors();
    init_options2();
    init_run_engine();
    usage = `usage: creach cfg FILE [--function F] [--json | --dot] [options]

Shows the control-flow graph of each function: blocks (id, source lines,
statements), edges (with the decision outcome they stand for), loop headers
and goals.

  --function F              only the function F
  --json                    CfgView objects (an array, or one object with --function)
  --dot                     Graphviz digraphs
${engineOptionsHelp(["common"])}`;
  }
});

// server/src/cli/reach.ts
var reach_exports = {};
__export(reach_exports, {
  run: () => run2
});
async function run2(args) {
  const cl = parseCommandLine(
    args,
    ["common", "solver"],
    {
      ...reportOptionSpecs,
      line: { type: "string", short: "l" },
      column: { type: "string" },
      outcome: { type: "string" },
      goal: { type: "string" },
      where: { type: "string" },
      all: { type: "boolean" },
      limit: { type: "string" },
      validate: { type: "boolean" }
    },
    usage2
  );
  if (!cl) return 0;
  const { values } = cl;
  if (values.line === void 0 && values.goal === void 0) throw new UsageError(`--line or --goal is required
${usage2}`);
  if (values.line !== void 0 && values.goal !== void 0) throw new UsageError(`--line and --goal exclude each other
${usage2}`);
  if (cl.rest.length > 0) throw new UsageError(`unexpected argument '${cl.rest[0]}'
${usage2}`);
  const report = await withEngine(
    cl.file,
    { ...cl.engine, validate: Boolean(values.validate) },
    (e, source) => e.reach({
      ...source,
      ...values.goal !== void 0 ? { goal: String(values.goal) } : { line: integerOption(values, "line", 0, 1) },
      column: values.column === void 0 ? void 0 : integerOption(values, "column", 1, 1),
      outcome: values.outcome,
      function: values.function,
      where: values.where,
      all: Boolean(values.all),
      limit: integerOption(values, "limit", 100, 1)
    })
  );
  printReport(report, Boolean(values.json));
  return 0;
}
var usage2;
var init_reach = __esm({
  "server/src/cli/reach.ts"() {
    "use strict";
    init_options2();
    init_run_engine();
    init_errors();
    usage2 = `usage: creach reach FILE (--line L [--column C] [--outcome true|false] | --goal ID) [--where 'C expression'] [--all [--limit N]] [options]
Finds a test datum that reaches the statement (or, with --outcome, the decision outcome) at line L.
  --line L                  1-based line of the statement or decision
  --column C                1-based column, to choose among several goals on the line
  --outcome true|false      a decision's outcome (or 'case 3', 'default' for switches)
  --goal ID                 the goal by its id (as 'creach cfg' lists them), instead of --line
  --where 'C expression'    extra condition on the variables in scope at the goal
  --all                     enumerate distinct data (up to --limit, default 100)
  --limit N
  --function F, -f F        the function (default: the one around the line)
  --json                    the report as JSON
  --validate                compile and run the data (with gcc's sanitizers when available), each marked validated or not
${engineOptionsHelp(["solver", "common"])}`;
  }
});

// server/src/cli/sarif.ts
function ruleKey(g) {
  if (g.kind === "runtime-error") return g.outcome && g.outcome in RULES ? g.outcome : void 0;
  if (g.kind !== "assertion") return void 0;
  const tag = (g.id.split(">").pop() ?? "").split(":")[2]?.replace(/[@.].*$/, "");
  return tag && tag in RULES ? tag : void 0;
}
function violatedText(g, key) {
  if (key === "assert" || key === "ensures") return `${g.label} fails`;
  if (key === "error") return g.label;
  return g.label.replace(/ may (\w+)/, (_, verb) => ` ${verb}${/(s|x|sh|ch)$/.test(verb) ? "es" : "s"}`);
}
function provedText(g, key) {
  if (key === "assert" || key === "ensures") return `${g.label} holds for every execution`;
  if (key === "error") return g.label.replace(/ is reached$/, " is never reached");
  return g.label.replace(/ may (\w+)/, (_, verb) => ` never ${verb}${/(s|x|sh|ch)$/.test(verb) ? "es" : "s"}`);
}
function sarifLog(report, opts = {}) {
  return sarifLogOf([{ file: report.file, report }], opts);
}
function sarifLogOf(files, opts = {}) {
  const cwd = opts.cwd ?? process.cwd();
  const artifacts = files.map(
    (x) => path9.isAbsolute(x.file) ? { uri: (0, import_node_url.pathToFileURL)(x.file).href } : { uri: x.file.split(path9.sep).map(encodeURIComponent).join("/"), uriBaseId: "SRCROOT" }
  );
  const relative3 = artifacts.some((a) => a.uriBaseId);
  const keys = Object.keys(RULES);
  const rules = keys.map((id) => ({
    id,
    name: RULES[id].name,
    shortDescription: { text: RULES[id].short },
    fullDescription: { text: RULES[id].full },
    defaultConfiguration: { level: "error" },
    properties: { tags: ["correctness", id === "assert" || id === "ensures" || id === "error" ? "property" : "undefined-behavior"] }
  }));
  const results = [];
  const notifications = [];
  files.forEach((x, index) => {
    const artifact = artifacts[index];
    const at2 = (line, column, endLine, endColumn, fn2, message) => ({
      physicalLocation: {
        artifactLocation: { ...artifact, index },
        region: {
          startLine: Math.max(1, line),
          ...column ? { startColumn: column } : {},
          ...endLine ? { endLine } : {},
          ...endColumn ? { endColumn } : {}
        }
      },
      ...fn2 ? { logicalLocations: [{ name: fn2, kind: "function" }] } : {},
      ...message ? { message: { text: message } } : {}
    });
    if (x.error !== void 0 || x.skipped !== void 0)
      notifications.push({
        descriptor: { id: NOT_ANALYSED_DESCRIPTOR.id, index: 2 },
        level: x.error !== void 0 ? "error" : "note",
        message: { text: `${x.file}: not analysed: ${x.error ?? x.skipped}` },
        locations: [{ physicalLocation: { artifactLocation: { ...artifact, index } } }]
      });
    const report = x.report;
    if (!report) return;
    for (const d of report.diagnostics ?? [])
      notifications.push({
        descriptor: { id: FRONTEND_DESCRIPTOR.id, index: 1 },
        level: d.severity === "info" ? "note" : d.severity,
        message: { text: d.message },
        locations: [at2(d.line, d.column)]
      });
    for (const f of report.functions) {
      for (const g of f.goals) {
        const key = ruleKey(g);
        if (!key) continue;
        const rule = { id: key, index: keys.indexOf(key) };
        const fn2 = g.context?.function ?? f.name;
        const where = at2(g.line, g.column, g.endLine, g.endColumn, fn2);
        const inContext = g.context ? ` (in ${g.context.function}, called at ${g.context.calls.map((c) => `${c.function}:${c.line}`).join(" \u2192 ")})` : "";
        const because = causesText(g.causes);
        const properties = { goal: g.id, function: f.name, status: g.status, ...f.role ? { role: f.role } : {} };
        switch (g.status) {
          case "violated": {
            const t = f.tests.find((x2) => x2.id === g.test);
            const datum = t ? `for ${formatInputs(t)}` : "(no datum in the report)";
            const alone = f.role === "unit" && !g.causes?.some((c) => c.kind === "in-program") ? ` (${f.name} called alone, with free parameters)` : "";
            const text = `${violatedText(g, key)}${inContext}${alone} ${datum}${t?.validated === true ? " (confirmed by running the compiled code)" : ""}${because ? `: ${because}` : ""}.`;
            results.push({
              ruleId: key,
              ruleIndex: rule.index,
              level: f.role === "unit" ? "warning" : "error",
              message: { text },
              locations: [where],
              ...g.context ? {
                relatedLocations: g.context.calls.map((c, k) => ({
                  id: k + 1,
                  ...at2(c.line, c.column, void 0, void 0, c.function, `call of ${c.callee}`)
                }))
              } : {},
              ...t ? { codeFlows: [codeFlow(f, g, t, at2)] } : {},
              properties: { ...properties, ...t ? { test: t.id } : {} }
            });
            break;
          }
          case "unknown":
          case "not-reached": {
            const what = g.status === "unknown" ? "unknown: neither a counter-example nor a proof" : `no violation within ${g.bound ?? "the"} loop iterations (bounded: not a proof)`;
            results.push({
              ruleId: key,
              ruleIndex: rule.index,
              level: "note",
              message: { text: `${g.label}${inContext}: ${what}${because ? `: ${because}` : ""}.` },
              locations: [where],
              properties
            });
            break;
          }
          case "holds":
          case "unreachable": {
            const how = g.proof === "bounded" && g.bound ? `, every loop fully unrolled within ${g.bound} iterations` : "";
            const fact = g.status === "holds" ? "" : " (it cannot be reached)";
            const why = g.why?.length ? `; because of ${g.why.map((r) => `line ${r.line}: ${r.role}`).join(", ")}` : "";
            notifications.push({
              descriptor: { id: PROOF_DESCRIPTOR.id, index: 0 },
              associatedRule: rule,
              level: "note",
              message: { text: `${provedText(g, key)}${inContext}${fact}: proved${how}${because ? `, ${because}` : ""}${why}.` },
              locations: [where]
            });
            break;
          }
          default:
            break;
        }
      }
    }
  });
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "CReach",
            ...opts.toolVersion ? { version: opts.toolVersion } : {},
            rules,
            notifications: [PROOF_DESCRIPTOR, FRONTEND_DESCRIPTOR, NOT_ANALYSED_DESCRIPTOR]
          }
        },
        ...relative3 ? { originalUriBaseIds: { SRCROOT: { uri: (0, import_node_url.pathToFileURL)(cwd + path9.sep).href } } } : {},
        artifacts: artifacts.map((location) => ({ location })),
        invocations: [{ executionSuccessful: files.every((x) => x.error === void 0), toolExecutionNotifications: notifications }],
        results
      }
    ]
  };
}
function codeFlow(f, g, t, at2) {
  const state = (entries) => Object.fromEntries(entries.map(([k, v]) => [k, { text: v }]));
  const inputs = [...Object.entries(t.inputs), ...Object.entries(t.globals)].map(([k, v]) => [k, formatValue(v)]);
  const locations = [
    {
      location: at2(f.line, void 0, void 0, void 0, f.name, `${f.name} called with ${formatInputs(t)}`),
      ...inputs.length ? { state: state(inputs) } : {},
      importance: "important"
    }
  ];
  for (const e of t.trace ?? []) {
    const last = locations[locations.length - 1];
    const text = `${e.variable} = ${formatValue(e.value)}`;
    if (locations.length > 1 && last.location.physicalLocation.region?.startLine === e.line) {
      last.state[e.variable] = { text: formatValue(e.value) };
      last.location.message.text += `, ${text}`;
    } else locations.push({ location: at2(e.line, e.column, void 0, void 0, void 0, text), state: state([[e.variable, formatValue(e.value)]]) });
  }
  locations.push({
    location: at2(g.line, g.column, g.endLine, g.endColumn, g.context?.function ?? f.name, `${g.label}: violated here`),
    importance: "essential"
  });
  return { message: { text: `counter-example ${t.id}: ${formatInputs(t)}` }, threadFlows: [{ locations }] };
}
var path9, import_node_url, RULES, PROOF_DESCRIPTOR, NOT_ANALYSED_DESCRIPTOR, FRONTEND_DESCRIPTOR;
var init_sarif = __esm({
  "server/src/cli/sarif.ts"() {
    "use strict";
    path9 = __toESM(require("node:path"));
    import_node_url = require("node:url");
    init_verdicts();
    init_report();
    RULES = {
      assert: { name: "AssertionViolated", short: "An assertion can fail", full: "Some execution makes the assert() condition false." },
      ensures: { name: "EnsuresViolated", short: "An ACSL ensures clause can fail", full: "Some execution returns with the ensures clause false." },
      error: {
        name: "ErrorCallReached",
        short: "An error function is reached",
        full: "Some execution calls the error function (reach_error, __VERIFIER_error, abort)."
      },
      overflow: { name: "SignedOverflow", short: "Signed integer overflow", full: "A signed arithmetic result does not fit its type (undefined behaviour)." },
      "div-by-zero": { name: "DivisionByZero", short: "Division by zero", full: "`/` or `%` by zero (undefined behaviour)." },
      "div-overflow": { name: "DivisionOverflow", short: "Division overflow", full: "The minimum value divided by -1 (undefined behaviour)." },
      shift: {
        name: "InvalidShift",
        short: "Invalid shift",
        full: "A shift by a negative or too large count, or a left shift of a negative value (undefined behaviour)."
      },
      bounds: { name: "OutOfBounds", short: "Out-of-bounds access", full: "An access outside the object (array index out of bounds, or a freed object)." },
      null: { name: "NullDereference", short: "Null or invalid pointer dereference", full: "A dereference of a null or invalid pointer." },
      "float-to-int": {
        name: "FloatToIntOutOfRange",
        short: "Floating value out of the integer range",
        full: "A conversion of a floating value (or NaN) that the integer type cannot hold (undefined behaviour)."
      },
      free: { name: "InvalidFree", short: "Invalid free", full: "free() of a pointer that is not a live heap object (double free, or not from malloc)." },
      uninit: {
        name: "UninitialisedRead",
        short: "Read of an uninitialised variable",
        full: "A local variable whose address is never taken is read before any assignment (undefined behaviour)."
      },
      "vla-size": {
        name: "VlaSizeNotPositive",
        short: "Variable-length array of a size not greater than 0",
        full: "A variable-length array declared with a size that is zero or negative (undefined behaviour, C11 6.7.6.2p5)."
      }
    };
    PROOF_DESCRIPTOR = {
      id: "proof",
      name: "PropertyProved",
      shortDescription: { text: "A property holds for every execution" },
      fullDescription: { text: "CReach proved the property (assertion, ensures clause, error call, runtime error) for every execution, with the reasons." },
      defaultConfiguration: { level: "note" },
      properties: { tags: ["proof"] }
    };
    NOT_ANALYSED_DESCRIPTOR = {
      id: "not-analysed",
      name: "FileNotAnalysed",
      shortDescription: { text: "A file of the project was not analysed" },
      fullDescription: { text: "A file of the compilation database could not be analysed (an error: it is missing or cannot be parsed), or is not C." },
      defaultConfiguration: { level: "error" },
      properties: { tags: ["project"] }
    };
    FRONTEND_DESCRIPTOR = {
      id: "front-end",
      name: "FrontEndMessage",
      shortDescription: { text: "A message of the C front end" },
      fullDescription: { text: "A warning or an unsupported construct met while reading the C file." },
      defaultConfiguration: { level: "warning" },
      properties: { tags: ["front-end"] }
    };
  }
});

// server/src/cli/property.ts
function readProperty(file) {
  let text;
  try {
    text = fs6.readFileSync(file, "utf8");
  } catch (e) {
    throw new InputError(`${file}: cannot read the property file: ${e.code ?? String(e)}`);
  }
  const p = parseProperty(text);
  if (!p) {
    throw new InputError(
      `${file}: unsupported property '${text.trim().slice(0, 120)}' (supported: unreach-call, coverage-error-call, coverage-branches of SV-COMP and Test-Comp)`
    );
  }
  return p;
}
function parseProperty(text) {
  const s = text.replace(/\/\/.*$/gm, "").replace(/\s+/g, "");
  let m = /^CHECK\(init\((\w+)\(\)\),LTL\(G!call\((\w+)\(\)\)\)\)$/.exec(s);
  if (m && ERROR_FUNCTIONS.has(m[2])) return { kind: "unreach-call", entry: m[1] };
  m = /^COVER\(init\((\w+)\(\)\),FQL\(COVEREDGES\(@CALL\((\w+)\)\)\)\)$/.exec(s);
  if (m && ERROR_FUNCTIONS.has(m[2])) return { kind: "coverage-error-call", entry: m[1] };
  m = /^COVER\(init\((\w+)\(\)\),FQL\(COVEREDGES\(@DECISIONEDGE\)\)\)$/.exec(s);
  if (m) return { kind: "coverage-branches", entry: m[1] };
  return null;
}
function svcompVerdict(report, entry2) {
  const fn2 = report.functions.find((f) => f.name === entry2);
  if (!fn2) return "unknown";
  if (fn2.goals.some((g) => g.status === "violated")) return "false(unreach-call)";
  return fn2.goals.every((g) => g.status === "holds" && g.proof !== "bounded") ? "true" : "unknown";
}
var fs6;
var init_property = __esm({
  "server/src/cli/property.ts"() {
    "use strict";
    fs6 = __toESM(require("node:fs"));
    init_api();
    init_errors();
  }
});

// server/src/cli/project-report.ts
function zeroCounts() {
  return { statements: { covered: 0, total: 0 }, branches: { covered: 0, total: 0 }, unreachable: 0, violated: 0, holds: 0, notReached: 0, unknown: 0 };
}
function addCounts(a, b) {
  a.statements.covered += b.statements.covered;
  a.statements.total += b.statements.total;
  a.branches.covered += b.branches.covered;
  a.branches.total += b.branches.total;
  a.unreachable += b.unreachable;
  a.violated += b.violated;
  a.holds += b.holds;
  a.notReached += b.notReached;
  a.unknown += b.unknown;
  return a;
}
function functionCounts(f) {
  const c = zeroCounts();
  for (const g of f.goals) {
    if (g.kind === "statement" || g.kind === "branch") {
      const k = g.kind === "statement" ? c.statements : c.branches;
      k.total++;
      if (g.status === "covered") k.covered++;
    }
    if (g.status === "unreachable") c.unreachable++;
    else if (g.status === "violated") c.violated++;
    else if (g.status === "holds") c.holds++;
    else if (g.status === "not-reached") c.notReached++;
    else if (g.status === "unknown") c.unknown++;
  }
  return c;
}
function reportCounts(r) {
  return r.functions.reduce((c, f) => addCounts(c, functionCounts(f)), zeroCounts());
}
function projectReport(meta, files) {
  const sorted = [...files].sort((a, b) => compare4(a.file, b.file));
  const analysed = sorted.filter((f) => f.report);
  const summary = {
    files: sorted.length,
    analysed: analysed.length,
    errors: sorted.filter((f) => f.error !== void 0).length,
    skipped: sorted.filter((f) => f.skipped !== void 0).length,
    functions: analysed.reduce((n, f) => n + f.report.functions.length, 0),
    ...analysed.reduce((c, f) => addCounts(c, reportCounts(f.report)), zeroCounts())
  };
  return {
    kind: "creach-project",
    version: PROJECT_REPORT_VERSION,
    ...meta.toolVersion !== void 0 ? { toolVersion: meta.toolVersion } : {},
    command: meta.command,
    ...meta.criterion !== void 0 ? { criterion: meta.criterion } : {},
    ...meta.shard ? { shard: meta.shard } : {},
    files: sorted.map((f) => ({
      file: f.file,
      ...f.report ? { report: f.report } : {},
      ...f.error !== void 0 ? { error: f.error } : {},
      ...f.skipped !== void 0 ? { skipped: f.skipped } : {}
    })),
    summary
  };
}
function projectExitCode(r) {
  if (r.files.some((f) => f.error !== void 0)) return 2;
  return r.command === "check" && r.files.some((f) => f.report && checkViolated(f.report)) ? 1 : 0;
}
function summaryText(r) {
  const s = r.summary;
  const shard = r.shard ? ` (shard ${r.shard.index}/${r.shard.count} of ${r.shard.projectFiles} files)` : "";
  return `project${shard}: ${s.files} files (${s.analysed} analysed, ${s.errors} with errors, ${s.skipped} not C), ${s.functions} functions; statements ${s.statements.covered}/${s.statements.total} covered, branches ${s.branches.covered}/${s.branches.total} covered; ${s.unreachable} unreachable (proved), ${s.violated} violated, ${s.holds} proved to hold, ${s.notReached} not reached (bounded), ${s.unknown} unknown`;
}
var PROJECT_REPORT_VERSION, compare4;
var init_project_report = __esm({
  "server/src/cli/project-report.ts"() {
    "use strict";
    init_run_engine();
    PROJECT_REPORT_VERSION = 1;
    compare4 = (a, b) => a < b ? -1 : a > b ? 1 : 0;
  }
});

// server/src/cli/project-html.ts
function ratio(r) {
  if (r.total === 0) return '<td class="num none">\u2013</td>';
  const pct = Math.floor(100 * r.covered / r.total);
  return `<td class="num${r.covered === r.total ? " full" : ""}" title="${pct}%">${r.covered}/${r.total}<span class="bar"><span style="width:${pct}%"></span></span></td>`;
}
function cells(c) {
  const n = (v, cls) => `<td class="num ${cls}${v ? "" : " zero"}">${v}</td>`;
  return ratio(c.statements).replace('class="num', 'class="num statements') + ratio(c.branches).replace('class="num', 'class="num branches') + n(c.unreachable, "unreachable") + n(c.violated, "violated") + n(c.holds, "holds") + n(c.notReached, "not-reached") + n(c.unknown, "unknown");
}
function role(f) {
  return f.role === "program" ? ' <span class="role">program, from its entry point</span>' : f.role === "unit" ? ' <span class="role">alone</span>' : "";
}
function projectHtml(r) {
  const s = r.summary;
  const title = `CReach ${r.command}${r.criterion ? ` (${r.criterion})` : ""}${r.shard ? `, shard ${r.shard.index}/${r.shard.count}` : ""}`;
  const rows = [];
  for (const f of r.files) {
    const name = escapeHtml(f.file);
    if (f.report) {
      rows.push(`<tr class="file" data-file="${name}"><th scope="row">${name}</th>${cells(reportCounts(f.report))}</tr>`);
      for (const fn2 of f.report.functions)
        rows.push(
          `<tr class="function" data-file="${name}" data-function="${escapeHtml(fn2.name)}"><td class="name">${escapeHtml(fn2.name)} <span class="line">line ${fn2.line}</span>${role(fn2)}</td>${cells(functionCounts(fn2))}</tr>`
        );
    } else
      rows.push(
        `<tr class="file ${f.error !== void 0 ? "error" : "skipped"}" data-file="${name}"><th scope="row">${name}</th><td colspan="7" class="message">${f.error !== void 0 ? `error: ${escapeHtml(f.error)}` : `not analysed: ${escapeHtml(f.skipped ?? "")}`}</td></tr>`
      );
  }
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; }
th, td { padding: 3px 10px; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top; }
thead th { border-bottom: 2px solid #888; }
tr.file th, tr.file td { background: #f3f3f3; border-top: 2px solid #bbb; }
tr.function td.name { padding-left: 2em; }
td.num { text-align: right; white-space: nowrap; }
td.zero, td.none { color: #aaa; }
td.violated:not(.zero) { color: #b00; font-weight: bold; }
td.unknown:not(.zero), td.not-reached:not(.zero) { color: #a60; }
td.unreachable:not(.zero), td.holds:not(.zero) { color: #060; }
tr.error td.message { color: #b00; white-space: pre-wrap; font-family: monospace; }
tr.skipped td.message { color: #777; }
.bar { display: inline-block; width: 50px; height: 6px; margin-left: 6px; background: #eee; vertical-align: middle; }
.bar span { display: block; height: 100%; background: #4a4; }
td.full .bar span { background: #282; }
.line, .role { color: #777; font-size: 90%; }
dl.summary { display: grid; grid-template-columns: max-content auto; gap: 2px 12px; }
dl.summary dt { color: #555; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<dl class="summary">
<dt>Files</dt><dd>${s.files} (${s.analysed} analysed, ${s.errors} with errors, ${s.skipped} not C)</dd>
<dt>Functions</dt><dd>${s.functions}</dd>
<dt>Statements covered</dt><dd>${s.statements.covered} of ${s.statements.total}</dd>
<dt>Branches covered</dt><dd>${s.branches.covered} of ${s.branches.total}</dd>
<dt>Unreachable (proved)</dt><dd>${s.unreachable}</dd>
<dt>Violations</dt><dd>${s.violated}</dd>
<dt>Properties proved</dt><dd>${s.holds}</dd>
<dt>Not reached within the bounds</dt><dd>${s.notReached}</dd>
<dt>Unknown</dt><dd>${s.unknown}</dd>
</dl>
<table>
<thead><tr><th>File / function</th><th>Statements</th><th>Branches</th><th>Unreachable (proved)</th><th>Violated</th><th>Proved</th><th>Not reached (bounded)</th><th>Unknown</th></tr></thead>
<tbody>
${rows.join("\n")}
</tbody>
</table>
<p class="legend">Statements and branches: covered (a datum reaches them) of all goals. Unreachable: proved never reached. Violated and
proved: assertions, error calls and runtime errors. Not reached: none within the loop bound or the input sizes assumed (not a proof).
Unknown: neither a datum nor a proof. A function's counts include the goals of the functions it calls, in its context.</p>
</body>
</html>
`;
}
var escapeHtml;
var init_project_html = __esm({
  "server/src/cli/project-html.ts"() {
    "use strict";
    init_project_report();
    escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  }
});

// server/src/cli/project.ts
function outputFormat(values, usage8) {
  const format = String(values.format ?? (values.json ? "json" : "text"));
  if (!OUTPUT_FORMATS.includes(format)) throw new UsageError(`--format must be text, json, sarif or html
${usage8}`);
  if (values.json && format !== "json") throw new UsageError(`--json and --format ${format} contradict each other
${usage8}`);
  return format;
}
function writeProject(r, format, output) {
  const text = format === "json" ? `${JSON.stringify(r, null, 2)}
` : format === "sarif" ? `${JSON.stringify(sarifLogOf(r.files, { toolVersion: r.toolVersion }), null, 2)}
` : format === "html" ? projectHtml(r) : projectText(r);
  if (output === void 0) {
    process.stdout.write(text);
    return;
  }
  try {
    fs7.writeFileSync(output, text);
  } catch (e) {
    throw new InputError(`${output}: cannot write the report: ${e.message}`);
  }
}
function projectText(r) {
  const out = [];
  for (const f of r.files) {
    if (f.report) out.push(formatReport(f.report).trimEnd());
    else if (f.error !== void 0) out.push(`${f.file}: error: ${f.error}`);
    else out.push(`${f.file}: not analysed: ${f.skipped}`);
  }
  out.push(summaryText(r));
  return `${out.join("\n")}
`;
}
function parseShard(v) {
  const m = /^(\d+)\/(\d+)$/.exec(v);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || !Number.isSafeInteger(count) || count < 1 || index < 1 || index > count)
    throw new UsageError(`--shard expects i/n with 1 <= i <= n (the i-th of n parts), got '${v}'`);
  return { index, count };
}
function displayName(abs, cwd) {
  const rel = path10.relative(cwd, abs);
  return rel && !rel.startsWith(`..${path10.sep}`) && rel !== ".." && !path10.isAbsolute(rel) ? rel : abs;
}
function projectFiles(database, cwd) {
  let entries;
  try {
    entries = readCompileCommands(database);
  } catch (e) {
    if (e instanceof EngineError) throw new InputError(e.message);
    throw e;
  }
  const names = [...new Set(entries.map((e) => displayName(e.file, cwd)))].sort(compare4);
  return names.map((file) => /\.[ci]$/.test(file) ? { file } : { file, skipped: `not a C file (${path10.extname(file) || "no extension"})` });
}
function shardOf(units, shard) {
  return units.filter((_, k) => k % shard.count === shard.index - 1);
}
function cores() {
  return typeof os2.availableParallelism === "function" ? os2.availableParallelism() : Math.max(1, os2.cpus().length);
}
function runUnit(req) {
  return new Promise((resolve8) => {
    const child = (0, import_node_child_process3.spawn)(process.execPath, [__filename, "__unit"], { stdio: ["pipe", "pipe", "pipe"] });
    const out = [];
    const err = [];
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => err.push(d));
    child.stdin.on("error", () => void 0);
    child.on("error", (e) => resolve8({ file: req.file, error: `internal error: cannot start the analysis: ${e.message}` }));
    child.on("close", (code, signal) => {
      const stderr = Buffer.concat(err).toString("utf8").trim();
      if (code === 0) {
        try {
          resolve8({ file: req.file, report: JSON.parse(Buffer.concat(out).toString("utf8")) });
          if (stderr) process.stderr.write(`${stderr}
`);
          return;
        } catch (e) {
          resolve8({ file: req.file, error: `internal error: the analysis wrote no report (${e.message})` });
          return;
        }
      }
      if (code === 2 && stderr) resolve8({ file: req.file, error: stderr });
      else {
        if (stderr) process.stderr.write(`${stderr}
`);
        resolve8({
          file: req.file,
          error: `internal error: the analysis ended with ${signal ? `signal ${signal}` : `exit code ${code}`}${stderr ? `: ${stderr.split("\n")[0]}` : ""}`
        });
      }
    });
    child.stdin.end(JSON.stringify(req));
  });
}
async function inParallel(items2, jobs, f) {
  const results = new Array(items2.length);
  let next = 0;
  const worker = async () => {
    while (next < items2.length) {
      const k = next++;
      results[k] = await f(items2[k]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, items2.length) }, worker));
  return results;
}
async function runProject(command, values, engine, usage8, criterion) {
  for (const flag of ["function", "property", "emit-tests", "validate"])
    if (values[flag] !== void 0) throw new UsageError(`--${flag} cannot be used with --project
${usage8}`);
  if (engine.compileCommands !== void 0)
    throw new UsageError(`--compile-commands and --project contradict each other (--project gives each file its flags)
${usage8}`);
  const format = outputFormat(values, usage8);
  const shard = values.shard === void 0 ? void 0 : parseShard(String(values.shard));
  const jobsGiven = integerOption(values, "jobs", 0, 1);
  const database = path10.resolve(String(values.project));
  const cwd = process.cwd();
  const all = projectFiles(database, cwd);
  const mine = shard ? shardOf(all, shard) : all;
  const jobs = Math.max(1, Math.min(jobsGiven || cores(), mine.length));
  let done = 0;
  const files = await inParallel(mine, jobs, async (u) => {
    const r = u.skipped !== void 0 ? u : await runUnit({ command, file: u.file, ...criterion ? { criterion } : {}, engine: { ...engine, compileCommands: database } });
    done++;
    process.stderr.write(`creach: [${done}/${mine.length}] ${r.file}: ${r.error !== void 0 ? "error" : r.skipped !== void 0 ? "not C" : "analysed"}
`);
    return r;
  });
  const report = projectReport({ command, criterion, toolVersion: toolVersion(), ...shard ? { shard: { ...shard, projectFiles: all.length } } : {} }, files);
  writeProject(report, format, values.output === void 0 ? void 0 : String(values.output));
  if (format !== "text") process.stderr.write(`creach: ${summaryText(report)}
`);
  return projectExitCode(report);
}
var import_node_child_process3, fs7, os2, path10, OUTPUT_FORMATS, projectOptionSpecs, projectUsage;
var init_project = __esm({
  "server/src/cli/project.ts"() {
    "use strict";
    import_node_child_process3 = require("node:child_process");
    fs7 = __toESM(require("node:fs"));
    os2 = __toESM(require("node:os"));
    path10 = __toESM(require("node:path"));
    init_api();
    init_errors();
    init_options2();
    init_report();
    init_run_engine();
    init_sarif();
    init_project_html();
    init_project_report();
    OUTPUT_FORMATS = ["text", "json", "sarif", "html"];
    projectOptionSpecs = {
      project: { type: "string" },
      jobs: { type: "string", short: "j" },
      shard: { type: "string" },
      output: { type: "string", short: "o" }
    };
    projectUsage = `  --project FILE            every C file of a compile_commands.json (its flags for each), instead of FILE:
                            a report per file, merged (one file's failure is that file's error: exit code 2)
  -j, --jobs N              with --project: files analysed at once, each in a process of its own (default: cores)
  --shard i/n               with --project: only the i-th of n parts of the files (creach merge joins the parts)
  --format text|json|sarif|html   with --project: the project report as text, JSON, SARIF 2.1.0, or a one-page HTML summary
  -o, --output FILE         with --project: write the report to FILE instead of standard output`;
  }
});

// server/src/cli/check.ts
var check_exports = {};
__export(check_exports, {
  run: () => run3
});
async function run3(args) {
  const cl = parseCommandLine(
    args,
    ["common", "solver"],
    { ...reportOptionSpecs, format: { type: "string" }, property: { type: "string" }, validate: { type: "boolean" }, ...projectOptionSpecs },
    usage3,
    "project"
  );
  if (!cl) return 0;
  const { values } = cl;
  if (values.project !== void 0) return runProject("check", values, cl.engine, usage3);
  for (const flag of ["jobs", "shard", "output"]) if (values[flag] !== void 0) throw new UsageError(`--${flag} is an option of --project
${usage3}`);
  const format = values.format ?? (values.json ? "json" : "text");
  if (format !== "text" && format !== "json" && format !== "sarif") throw new UsageError(`--format must be text, json or sarif
${usage3}`);
  if (values.json && format !== "json") throw new UsageError(`--json and --format ${format} contradict each other
${usage3}`);
  const property = values.property === void 0 ? void 0 : readProperty(String(values.property));
  if (property && property.kind !== "unreach-call") throw new UsageError(`${property.kind} is a coverage property: use creach cover --property
${usage3}`);
  if (property && values.function !== void 0 && values.function !== property.entry)
    throw new UsageError(`--function ${String(values.function)} contradicts the property's entry function ${property.entry}
${usage3}`);
  const fn2 = property?.entry ?? values.function;
  const options = { ...cl.engine, validate: Boolean(values.validate) };
  const engine = property ? { ...options, runtimeErrors: false, uninitialisedNondet: true } : options;
  const report = await withEngine(cl.file, engine, (e, source) => e.check({ ...source, function: fn2, ...property ? { untilViolated: true } : {} }));
  if (format === "sarif") process.stdout.write(`${JSON.stringify(sarifLog(report, { toolVersion: toolVersion() }), null, 2)}
`);
  else printReport(report, format === "json");
  if (property && format === "text") process.stdout.write(`SV-COMP verdict: ${svcompVerdict(report, property.entry)}
`);
  return checkViolated(report) ? 1 : 0;
}
var usage3;
var init_check = __esm({
  "server/src/cli/check.ts"() {
    "use strict";
    init_options2();
    init_run_engine();
    init_errors();
    init_sarif();
    init_property();
    init_project();
    usage3 = `usage: creach check FILE [options]
       creach check --project compile_commands.json [options]
Checks assertions, ACSL ensures clauses, error calls and possible runtime errors: a counter-example or a proof for each,
in the function and in everything it calls (in its context). A file with main is checked as a program: main's verdicts
are the program's; every other function is also checked alone (with free parameters), and says what the same property
is from main. Exit code 1 when a violation is found (for a program: a violation from main).
  --function F, -f F        only the function F
  --property FILE.prp       an SV-COMP property: unreach-call (the error calls of its entry function; runtime errors
                            are not part of it); the text output ends with the verdict: true, false(unreach-call) or unknown
  --json                    the report as JSON (the same as --format json)
  --format text|json|sarif  the output: text (the default), the report as JSON, or a SARIF 2.1.0 log for code scanning
                            (violations: results of level error, or warning for a function checked alone; unknown and
                            bounded verdicts: results of level note with their cause; proofs: notifications of the run)
  --validate                compile and run the counter-examples (with gcc's sanitizers when available), each marked
                            validated or not
${projectUsage}
${engineOptionsHelp(["solver", "common"])}`;
  }
});

// server/src/cli/cover.ts
var cover_exports = {};
__export(cover_exports, {
  run: () => run4
});
async function run4(args) {
  const cl = parseCommandLine(
    args,
    ["common", "solver"],
    {
      ...reportOptionSpecs,
      criterion: { type: "string" },
      "emit-tests": { type: "string" },
      format: { type: "string" },
      validate: { type: "boolean" },
      property: { type: "string" },
      ...projectOptionSpecs
    },
    usage4,
    "project"
  );
  if (!cl) return 0;
  const { values } = cl;
  const property = values.property === void 0 ? void 0 : readProperty(String(values.property));
  if (property?.kind === "unreach-call") throw new UsageError(`unreach-call is a property to check: use creach check --property
${usage4}`);
  if (property && values.criterion !== void 0) throw new UsageError(`--criterion and --property contradict each other
${usage4}`);
  if (property && values.function !== void 0 && values.function !== property.entry)
    throw new UsageError(`--function ${String(values.function)} contradicts the property's entry function ${property.entry}
${usage4}`);
  const criterion = property ? property.kind === "coverage-branches" ? "decision" : "error-calls" : values.criterion ?? "decision";
  if (criterion !== "statement" && criterion !== "decision" && criterion !== "mcdc" && criterion !== "error-calls")
    throw new UsageError(`--criterion must be statement, decision or mcdc
${usage4}`);
  if (values.project !== void 0) return runProject("cover", values, cl.engine, usage4, criterion === "error-calls" ? void 0 : criterion);
  const fn2 = property?.entry ?? values.function;
  for (const flag of ["jobs", "shard", "output"]) if (values[flag] !== void 0) throw new UsageError(`--${flag} is an option of --project
${usage4}`);
  const format = values.format ?? "c";
  if (!isExportFormat(format)) throw new UsageError(`--format must be c, cmocka, gtest, testcomp or json
${usage4}`);
  if (cl.rest.length > 0) throw new UsageError(`unexpected argument '${cl.rest[0]}'
${usage4}`);
  const dir = values["emit-tests"];
  const report = await withEngine(cl.file, cl.engine, async (e, source) => {
    const r = await e.cover({ ...source, function: fn2, criterion });
    if (!dir && !values.validate) return r;
    const exported = await e.exportSuite({ ...source, report: r, format, dir: dir ?? ".", validate: Boolean(values.validate) });
    for (const m of exported.messages) process.stderr.write(`${m}
`);
    for (const b of exported.bugs) process.stderr.write(`CREACH BUG: ${b}
`);
    if (dir) {
      try {
        makeDirectory(dir);
        for (const f of exported.files) {
          const p = path11.join(dir, f.name);
          fs8.writeFileSync(p, f.text);
          process.stderr.write(`wrote ${p}
`);
        }
      } catch (e2) {
        const err = e2;
        throw new InputError(
          `${dir}: cannot write the suite there: ${err.code === "EEXIST" || err.code === "ENOTDIR" ? "not a directory" : err.code === "EACCES" ? "permission denied" : err.message}`
        );
      }
    }
    return exported.report;
  });
  printReport(report, Boolean(values.json));
  return 0;
}
function makeDirectory(dir) {
  const missing = [];
  let d = path11.resolve(dir);
  while (!fs8.existsSync(d)) {
    missing.push(d);
    const parent = path11.dirname(d);
    if (parent === d) break;
    d = parent;
  }
  for (const m of missing.reverse()) fs8.mkdirSync(m);
}
var fs8, path11, usage4;
var init_cover = __esm({
  "server/src/cli/cover.ts"() {
    "use strict";
    fs8 = __toESM(require("node:fs"));
    path11 = __toESM(require("node:path"));
    init_options2();
    init_run_engine();
    init_errors();
    init_api();
    init_property();
    init_project();
    usage4 = `usage: creach cover FILE [options]
       creach cover --project compile_commands.json [options]
Generates a test suite for the statement, decision or MC/DC criterion (decision: every outcome of every decision and
condition; mcdc: also, for each condition of each decision, a pair of data that shows its independent effect on the
outcome, or a proof that none exists).
  --criterion statement|decision|mcdc   (default decision)
  --emit-tests DIR          write the suite into DIR
  --format FORMAT           format of the written suite: c (a self-contained harness, the default),
                            cmocka (CMocka tests), gtest (GoogleTest tests: a C part and a C++ part),
                            testcomp (Test-Comp test cases) or json (the report)
  --validate                compile and run the suite, and mark each datum validated or not
  --function F, -f F        only the function F
  --property FILE.prp       a Test-Comp property: coverage-branches (the decision criterion on its entry function) or
                            coverage-error-call (a test reaching an error call); with --format testcomp for Test-Comp
  --json                    the report as JSON
${projectUsage}
${engineOptionsHelp(["solver", "common"])}`;
  }
});

// server/src/cli/replay.ts
var replay_exports = {};
__export(replay_exports, {
  formatReplay: () => formatReplay,
  run: () => run5
});
async function run5(args) {
  const cl = parseCommandLine(args, ["common"], { json: { type: "boolean" } }, usage5);
  if (!cl) return 0;
  if (cl.rest.length !== 1) throw new UsageError(usage5);
  const suiteDir = cl.file;
  const [file] = cl.rest;
  if (!fs9.existsSync(suiteDir) || !fs9.statSync(suiteDir).isDirectory()) throw new InputError(`${suiteDir}: no such suite directory`);
  const suite = fs9.readdirSync(suiteDir).filter((f) => f.endsWith(".xml")).map((name) => ({ name, text: fs9.readFileSync(path12.join(suiteDir, name), "utf8") }));
  const result = await withEngine(file, cl.engine, (e, source) => e.replay({ ...source, suite }));
  process.stdout.write((cl.values.json ? JSON.stringify(result, null, 2) : formatReplay(result)) + "\n");
  return 0;
}
function formatReplay(r) {
  const out = [`${r.program}: ${r.tests.length} test cases replayed`];
  for (const t of r.tests) out.push(`  ${t.file}: ${t.inputs} inputs, ${t.outcome}${t.detail ? ` (${t.detail})` : ""}`);
  if (r.coverage) {
    const pct = (c) => `${c.covered}/${c.total} (${c.total ? (100 * c.covered / c.total).toFixed(1) : "100.0"}%)`;
    out.push(`lines: ${pct(r.coverage.statements)}`, `branches: ${pct(r.coverage.branches)}`);
  }
  out.push(`error call reached: ${r.errorReached ? "yes" : "no"}`);
  for (const m of r.messages) out.push(`note: ${m}`);
  return out.join("\n");
}
var fs9, path12, usage5;
var init_replay2 = __esm({
  "server/src/cli/replay.ts"() {
    "use strict";
    fs9 = __toESM(require("node:fs"));
    path12 = __toESM(require("node:path"));
    init_errors();
    init_options2();
    init_run_engine();
    usage5 = `usage: creach replay SUITE_DIR FILE [--json] [options]
Runs each test case of a Test-Comp suite against the program, and reports measured coverage and whether an error call was reached.
  --json                    the result as JSON
${engineOptionsHelp(["common"])}`;
  }
});

// server/src/cli/merge.ts
var merge_exports = {};
__export(merge_exports, {
  mergeReports: () => mergeReports,
  run: () => run6
});
function readReport(file) {
  let doc;
  try {
    doc = JSON.parse(fs10.readFileSync(file, "utf8"));
  } catch (e) {
    const why = e instanceof SyntaxError ? `invalid JSON (${e.message})` : e.code === "ENOENT" ? "no such file" : e.message;
    throw new InputError(`${file}: cannot read the report: ${why}`);
  }
  const r = doc;
  if (!r || typeof r !== "object" || r.kind !== "creach-project" || !Array.isArray(r.files))
    throw new InputError(`${file}: not a CReach project report (creach cover|check --project ... --format json)`);
  if (r.version !== PROJECT_REPORT_VERSION)
    throw new InputError(`${file}: a project report of version ${String(r.version)}; this CReach reads version ${PROJECT_REPORT_VERSION}`);
  return r;
}
function same(reports, what, get) {
  const [file0, r0] = reports[0];
  for (const [file, r] of reports)
    if (get(r) !== get(r0))
      throw new InputError(`${file0} and ${file} are reports of different ${what} (${String(get(r0) ?? "none")}, ${String(get(r) ?? "none")})`);
}
function mergeReports(reports) {
  same(reports, "commands", (r) => r.command);
  same(reports, "criteria", (r) => r.criterion);
  same(reports, "CReach versions", (r) => r.toolVersion);
  const sharded = reports.filter(([, r]) => r.shard);
  if (sharded.length > 0 && sharded.length < reports.length) {
    const [whole] = reports.find(([, r]) => !r.shard);
    throw new InputError(`${whole} is the report of a whole run, ${sharded[0][0]} of a shard: merge the shards of one run`);
  }
  if (sharded.length > 0) {
    same(reports, "shard counts", (r) => r.shard.count);
    same(reports, "projects (files in the whole project)", (r) => r.shard.projectFiles);
    const count = reports[0][1].shard.count;
    const seen = /* @__PURE__ */ new Map();
    for (const [name, r] of reports) {
      const other = seen.get(r.shard.index);
      if (other !== void 0) throw new InputError(`shard ${r.shard.index}/${count} is given twice: ${other} and ${name}`);
      seen.set(r.shard.index, name);
    }
    const missing = Array.from({ length: count }, (_, k) => k + 1).filter((k) => !seen.has(k));
    if (missing.length > 0) throw new InputError(`${missing.length === 1 ? "shard" : "shards"} ${missing.map((k) => `${k}/${count}`).join(", ")} missing`);
  }
  const owner = /* @__PURE__ */ new Map();
  const files = [];
  for (const [name, r] of reports)
    for (const f of r.files) {
      const other = owner.get(f.file);
      if (other !== void 0) throw new InputError(`${f.file} is in both ${other} and ${name}: the reports overlap`);
      owner.set(f.file, name);
      files.push(f);
    }
  if (sharded.length > 0) {
    const projectFiles2 = reports[0][1].shard.projectFiles;
    if (files.length !== projectFiles2) throw new InputError(`the shards hold ${files.length} files, their project ${projectFiles2}: shards of different runs`);
  }
  const r0 = reports[0][1];
  return projectReport({ command: r0.command, criterion: r0.criterion, toolVersion: r0.toolVersion }, files);
}
async function run6(args) {
  const cl = parseCommandLine(
    args,
    [],
    { format: { type: "string" }, json: { type: "boolean" }, output: { type: "string", short: "o" } },
    usage6,
    void 0,
    "REPORT.json"
  );
  if (!cl) return 0;
  const format = outputFormat(cl.values, usage6);
  const names = [cl.file, ...cl.rest];
  const merged = mergeReports(names.map((n) => [n, readReport(n)]));
  writeProject(merged, format, cl.values.output === void 0 ? void 0 : String(cl.values.output));
  if (format !== "text") process.stderr.write(`creach: ${summaryText(merged)}
`);
  return projectExitCode(merged);
}
var fs10, usage6;
var init_merge = __esm({
  "server/src/cli/merge.ts"() {
    "use strict";
    fs10 = __toESM(require("node:fs"));
    init_errors();
    init_options2();
    init_project();
    init_project_report();
    usage6 = `usage: creach merge REPORT.json... [options]
Joins the JSON project reports of the shards of a project run (creach cover|check --project FILE --shard i/n
--format json) into the report of the whole run: the same JSON as the run without --shard, and its exit code
(2 when a file failed, 1 when check found a violation). Refuses reports of different commands, criteria or CReach
versions, a file present in two reports, a shard given twice or missing, and shards of different projects.
  --format text|json|sarif|html   the merged report as text (the default), JSON, SARIF 2.1.0, or a one-page HTML summary
  --json                    the same as --format json
  -o, --output FILE         write it to FILE instead of standard output
  -h, --help                show this help`;
  }
});

// server/src/cli/unit.ts
var unit_exports = {};
__export(unit_exports, {
  run: () => run7
});
async function readStdin() {
  const chunks = [];
  for await (const c of process.stdin) chunks.push(c);
  return Buffer.concat(chunks).toString("utf8");
}
async function run7() {
  const req = JSON.parse(await readStdin());
  const report = await withEngine(
    req.file,
    req.engine,
    (e, source) => req.command === "cover" ? e.cover({ ...source, criterion: req.criterion ?? "decision" }) : e.check(source)
  );
  process.stdout.write(JSON.stringify(report));
  return 0;
}
var init_unit = __esm({
  "server/src/cli/unit.ts"() {
    "use strict";
    init_run_engine();
  }
});

// server/src/cli.ts
var cli_exports = {};
__export(cli_exports, {
  runCli: () => runCli
});
module.exports = __toCommonJS(cli_exports);
init_errors();
var commands = {
  cfg: { summary: "show blocks, edges, loops and goals of each function", load: async () => (await Promise.resolve().then(() => (init_cfg2(), cfg_exports))).run },
  reach: { summary: "find a test datum that reaches a statement or branch", load: async () => (await Promise.resolve().then(() => (init_reach(), reach_exports))).run },
  check: { summary: "check assertions, ensures clauses and runtime errors", load: async () => (await Promise.resolve().then(() => (init_check(), check_exports))).run },
  cover: { summary: "generate a statement or decision coverage suite", load: async () => (await Promise.resolve().then(() => (init_cover(), cover_exports))).run },
  replay: { summary: "run a Test-Comp suite against a program and measure coverage", load: async () => (await Promise.resolve().then(() => (init_replay2(), replay_exports))).run },
  merge: { summary: "join the project reports of the shards of a project run (cover/check --shard)", load: async () => (await Promise.resolve().then(() => (init_merge(), merge_exports))).run },
  // Not for people: one file of a project run, in a child process (cli/project.ts).
  __unit: { summary: "", load: async () => (await Promise.resolve().then(() => (init_unit(), unit_exports))).run }
};
function usage7() {
  const lines2 = Object.entries(commands).filter(([name]) => !name.startsWith("__")).map(([name, c]) => `  ${name.padEnd(8)} ${c.summary}`);
  return `usage: creach <command> FILE [options]  (cover and check: or --project compile_commands.json)

commands:
${lines2.join("\n")}

Run 'creach <command> --help' for the options of a command.`;
}
async function main(argv) {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h") {
    process.stdout.write(usage7() + "\n");
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`creach: unknown command '${name}'
${usage7()}
`);
    return 2;
  }
  try {
    return await (await command.load())(rest);
  } catch (e) {
    if (e instanceof UsageError || e instanceof InputError) {
      process.stderr.write(`${e.message}
`);
      return 2;
    }
    if (e instanceof Error && /Cannot enlarge memory arrays/.test(e.message)) {
      process.stderr.write("creach: the analysis needs more memory than the solver has (Z3, 2 GB); a lower --loop-bound or --inline-depth asks less\n");
      return 2;
    }
    process.stderr.write(`creach: internal error: ${e instanceof Error ? e.stack ?? e.message : String(e)}
`);
    return 3;
  }
}
async function runCli(argv, io) {
  if (!io) return main(argv);
  const out = process.stdout.write;
  const err = process.stderr.write;
  const sink = (to) => function write(chunk, ...rest) {
    to(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    const done = rest.find((r) => typeof r === "function");
    if (done) queueMicrotask(done);
    return true;
  };
  process.stdout.write = sink((t) => io.stdout(t));
  process.stderr.write = sink((t) => io.stderr(t));
  try {
    return await main(argv);
  } catch (e) {
    io.stderr(`creach: internal error: ${String(e)}
`);
    return 3;
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
}
var asLibrary = globalThis[/* @__PURE__ */ Symbol.for("creach.cli.library")] === true;
if (!asLibrary) {
  const exitAfterFlush = (code) => process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
  main(process.argv.slice(2)).then(
    (code) => exitAfterFlush(code),
    (e) => {
      process.stderr.write(`creach: internal error: ${String(e)}
`);
      process.exit(3);
    }
  );
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  runCli
});
//# sourceMappingURL=cli.js.map
