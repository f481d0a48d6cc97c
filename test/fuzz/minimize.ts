// Delta debugging of a failing case: removes chunks of lines, then single
// tokens, from one input file while the run still fails the same way (same
// verdict, same first line of the error with numbers blanked).

import { caseHash, type FuzzCase } from './corpus';
import { tokenize } from './mutate';
import { FuzzPool, type CaseReport, type RunnerOptions } from './runner';

const signature = (r: CaseReport) => `${r.judgement.verdict}: ${r.judgement.detail.replace(/\d+/g, 'N').slice(0, 160)}`;

const asText = (content: string | Uint8Array) => (typeof content === 'string' ? content : Buffer.from(content).toString('latin1'));

export interface Minimized {
  text: string;
  signature: string;
  runs: number;
}

export async function minimizeCase(c: FuzzCase, file: string, options: RunnerOptions, log: (s: string) => void = () => {}): Promise<Minimized> {
  const original = c.files[file];
  if (original === undefined) throw new Error(`case ${c.id} has no file ${file}`);
  const pool = new FuzzPool({ ...options, jobs: 1, retryHangs: false });
  let runs = 0;
  const run = (text: string) => {
    runs++;
    const files = { ...c.files, [file]: text };
    return pool.run({ ...c, files, hash: caseHash(files, c.dirs, c.argv) });
  };
  try {
    const first = await run(asText(original));
    if (first.judgement.verdict === 'ok') throw new Error(`case ${c.id} does not fail`);
    const sig = signature(first);
    log(`signature: ${sig}`);
    const fails = async (text: string) => signature(await run(text)) === sig;

    // Chunks of lines, halving the chunk size down to single lines.
    let lines = asText(original).split('\n');
    for (let chunk = 2 ** Math.floor(Math.log2(Math.max(1, lines.length / 2))); chunk >= 1; chunk = Math.floor(chunk / 2)) {
      for (let i = 0; i < lines.length;) {
        const t = [...lines.slice(0, i), ...lines.slice(i + chunk)];
        if (await fails(t.join('\n'))) {
          lines = t;
          log(`${lines.length} lines`);
        } else i += chunk;
      }
    }
    // Then single tokens.
    let toks = tokenize(lines.join('\n'));
    for (let i = 0; i < toks.length;) {
      const t = [...toks.slice(0, i), ...toks.slice(i + 1)];
      if (!/^\s+$/.test(toks[i]) && (await fails(t.join('')))) toks = t;
      else i++;
    }
    return { text: toks.join(''), signature: sig, runs };
  } finally {
    pool.dispose();
  }
}
