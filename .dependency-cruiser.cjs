// Which folder may import which (ARCHITECTURE.md, "Layers"). Checked in CI by
// `npm run lint:deps`. Each stage imports only the stages below it; the
// drivers (cli/, lsp/, bench/) reach the engine only through server/src/api.ts.
//
//   cli/  lsp/  bench/            drivers: api.ts and shared/ only
//   api.ts -> engine/             the one door, and the engine behind it
//   testgen/                      harness, validation, formats
//   prove/                        proofs by loop invariant (uses solve/ and the front end's conditions)
//   solve/                        queries, suites, explanations
//   model/                        unrolling and the formula
//   goals/   frontend/            goal catalogue | C to IR
//   ir/   z3/   errors.ts   options.ts
//   shared/                       plain data shared with the client and webview

const S = '^server/src/';

/** A rule: files matching `from` may import (besides themselves, node: and npm packages) only paths matching `allowed`. */
function layer(name, from, allowed) {
  return {
    name: `layer-${name}`,
    comment: `${from} may import only ${allowed.join(', ')}`,
    severity: 'error',
    from: { path: from },
    to: { path: '^(server|shared|client|media|bench)/', pathNot: [from, ...allowed] },
  };
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles between files (type-only imports of the API by the engine excepted).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'only-client-imports-vscode',
      severity: 'error',
      from: { pathNot: '^client/' },
      to: { path: '^vscode$', dependencyTypes: ['core', 'npm', 'npm-dev', 'npm-peer', 'unknown', 'undetermined'] },
    },
    layer('shared', '^shared/', []),
    layer('errors', `${S}errors\\.ts$`, []),
    layer('ir', `${S}ir/`, ['^shared/', `${S}errors\\.ts$`]),
    layer('z3', `${S}z3/`, []),
    layer('options', `${S}options\\.ts$`, [`${S}ir/`]),
    layer('frontend', `${S}frontend/`, [`${S}ir/`, '^shared/', `${S}errors\\.ts$`]),
    layer('goals', `${S}goals/`, [`${S}ir/`, '^shared/', `${S}errors\\.ts$`]),
    layer('model', `${S}model/`, [`${S}ir/`, `${S}z3/`, '^shared/', `${S}errors\\.ts$`]),
    layer('solve', `${S}solve/`, [`${S}model/`, `${S}goals/`, `${S}ir/`, `${S}z3/`, '^shared/', `${S}errors\\.ts$`]),
    layer('prove', `${S}prove/`, [`${S}solve/`, `${S}model/`, `${S}goals/`, `${S}frontend/`, `${S}ir/`, `${S}z3/`, '^shared/', `${S}errors\\.ts$`]),
    layer('testgen', `${S}testgen/`, [`${S}frontend/parser\\.ts$`, `${S}goals/`, `${S}ir/`, '^shared/', `${S}errors\\.ts$`]),
    layer('engine', `${S}engine/`, [
      `${S}api\\.ts$`,
      `${S}options\\.ts$`,
      `${S}errors\\.ts$`,
      `${S}frontend/`,
      `${S}goals/`,
      `${S}solve/`,
      `${S}prove/`,
      `${S}testgen/`,
      `${S}model/`,
      `${S}ir/`,
      `${S}z3/`,
      '^shared/',
    ]),
    layer('api', `${S}api\\.ts$`, [
      `${S}engine/engine\\.ts$`,
      `${S}options\\.ts$`,
      `${S}errors\\.ts$`,
      `${S}testgen/replay\\.ts$`,
      `${S}frontend/parser\\.ts$`,
      // The one reader of compile_commands.json, for project runs (cli/project.ts).
      `${S}frontend/preprocess\\.ts$`,
      `${S}ir/`,
      '^shared/',
    ]),
    layer('cli', `${S}cli(\\.ts$|/)`, [`${S}api\\.ts$`, `${S}cli/`, '^shared/']),
    layer('lsp', `${S}lsp/`, [`${S}api\\.ts$`, '^shared/']),
    layer('bench', '^bench/', [`${S}api\\.ts$`, '^shared/']),
    layer('client', '^client/', ['^shared/']),
    layer('media', '^media/', ['^shared/']),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '(^|/)(node_modules|dist|out)/' },
  },
};
