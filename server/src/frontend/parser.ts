// Loads web-tree-sitter and the tree-sitter-c grammar once per process and
// parses C text. The .wasm files are found through Node's module resolution
// so this works from the TS sources (vitest) and from the esbuild bundle
// (node_modules stays external).

import { createRequire } from 'node:module';
import * as path from 'node:path';
import { Parser, Language, type Node, type Tree } from 'web-tree-sitter';

export type { Node as SyntaxNode, Tree as SyntaxTree };

// `__filename` exists in the CJS bundle; under vitest (ESM) use the cwd as anchor.
const anchor = typeof __filename === 'string' ? __filename : path.join(process.cwd(), 'index.js');
const requireHere = createRequire(anchor);

let parserPromise: Promise<Parser> | null = null;

async function makeParser(): Promise<Parser> {
  const runtimeWasm = requireHere.resolve('web-tree-sitter/web-tree-sitter.wasm');
  await Parser.init({ locateFile: () => runtimeWasm });
  const grammarWasm = path.join(path.dirname(requireHere.resolve('tree-sitter-c/package.json')), 'tree-sitter-c.wasm');
  const language = await Language.load(grammarWasm);
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}

/** The shared parser (created on first use). */
export function getParser(): Promise<Parser> {
  if (!parserPromise) {
    parserPromise = makeParser();
    parserPromise.catch(() => (parserPromise = null));
  }
  return parserPromise;
}

export async function parseC(text: string): Promise<Tree> {
  const parser = await getParser();
  const tree = parser.parse(text);
  if (!tree) throw new Error('tree-sitter returned no tree');
  return tree;
}
