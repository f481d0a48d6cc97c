// `creach __unit` (not for people): the child process of a project run (project.ts). It reads one
// UnitRequest as JSON on standard input, analyses that file as `creach cover|check FILE` would,
// and writes the report as JSON; an input error goes the usual way (message, exit code 2).

import { withEngine } from './run-engine';
import type { UnitRequest } from './project';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function run(): Promise<number> {
  const req = JSON.parse(await readStdin()) as UnitRequest;
  const report = await withEngine(req.file, req.engine, (e, source) =>
    req.command === 'cover' ? e.cover({ ...source, criterion: req.criterion ?? 'decision' }) : e.check(source),
  );
  process.stdout.write(JSON.stringify(report));
  return 0;
}
