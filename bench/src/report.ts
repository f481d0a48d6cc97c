// The markdown tables printed by `npm run bench`, the targets of issue 14 (and of issue 8)
// beside what was measured, and the scale plot (SVG).

import type { SeedResult } from './seeds';
import type { LatencyResult } from './latency';
import type { ScalePoint } from './scale';
import type { LspResult } from './lsp';
import type { ColdSplit, ProfileSummary } from './profile';
import { formatMs, formatSummary, markdownTable } from './stats';

export interface Results {
  machine?: { cpus: number; node: string; date: string; cpuModel: string };
  seeds?: SeedResult[];
  latency?: LatencyResult | { error: string };
  scale?: ScalePoint[];
  lsp?: LspResult;
  /** The same editor file with 300 functions (issue 14: memory bounded by the functions kept, not by the file's size). */
  lspLarge?: LspResult;
  profile?: { split?: ColdSplit; profiles: ProfileSummary[] };
}

export function seedTable(seeds: SeedResult[]): string {
  return markdownTable(
    [
      'file',
      'goal',
      'answer',
      'as expected',
      'cold CLI: median (min–max)',
      'first in engine',
      'warm engine: median (min–max)',
      'warm process peak',
      'seed reported',
    ],
    seeds.map((s) => [
      s.file,
      s.goal + (s.suite ? ` **[${s.suite}]**` : ''),
      s.answer.length > 90 ? `${s.answer.slice(0, 87)}...` : s.answer,
      s.expected ? 'yes' : `**no**: ${s.mismatch}`,
      formatSummary(s.cold),
      s.firstInEngine === undefined ? '—' : formatMs(s.firstInEngine),
      formatSummary(s.warm),
      s.peakMB === undefined ? '—' : `${s.peakMB.toFixed(0)} MB`,
      s.seed,
    ]),
  );
}

export function latencyTable(l: LatencyResult | { error: string }): string {
  if ('error' in l) return `Not measured: the latency process failed: ${l.error}`;
  const row = (name: string, p: LatencyResult['warm']) => [name, formatMs(p.p50), formatMs(p.p95), formatMs(p.max)];
  const slow = [...l.goals].sort((a, b) => b.warmMs - a.warmMs).slice(0, 6);
  return [
    `${l.goals.length} statement and branch goals of ${new Set(l.goals.map((g) => g.file)).size} fixtures, asked one by one with \`engine.reach\` (line, column, outcome).`,
    '',
    markdownTable(
      ['pass', 'p50', 'p95', 'max'],
      [row('first ask (first goal of a function also encodes it)', l.first), row('warm (same goal again, file unchanged)', l.warm)],
    ),
    '',
    `Slowest warm goals: ${slow.map((g) => `${g.id} (${g.file}) ${formatMs(g.warmMs)} ${g.status}`).join('; ')}.`,
    ...(l.mismatched.length ? ['', `Goals answered as another goal: ${l.mismatched.join('; ')}`] : []),
    ...(l.errors.length ? ['', `Errors: ${l.errors.join('; ')}`] : []),
    '',
    `Resident memory of the one engine process after each file: ${l.rssAfter.map((x) => `${x.file} ${x.rssMB.toFixed(0)} MB`).join(', ')}.`,
  ].join('\n');
}

export function scaleTable(points: ScalePoint[]): string {
  const f = (ms?: number) => (ms === undefined ? '—' : formatMs(ms));
  return markdownTable(
    ['family', 'size', 'lines', 'goals', 'outline (front end)', 'goal: first', 'goal: again', 'goal status', 'decision suite', 'covered', 'peak memory'],
    points.map((p) => [
      p.family,
      String(p.size),
      String(p.lines),
      String(p.goals ?? '—'),
      f(p.outlineMs),
      f(p.goalMs),
      f(p.goalWarmMs),
      p.goalStatus ?? '—',
      f(p.coverMs),
      p.covered ?? p.error ?? '—',
      p.peakMB === undefined ? '—' : `${p.peakMB.toFixed(0)} MB`,
    ]),
  );
}

export function lspTable(rows: LspResult[]): string {
  return (
    markdownTable(
      [
        'file',
        'workers',
        'first CodeLens summary',
        'all CodeLens summaries (coverage)',
        'all final (properties too)',
        'all data validated',
        'one function edited',
        'failed',
        'server peak memory',
      ],
      rows.map((l) => [
        `${l.lines} lines, ${l.functions} functions`,
        l.workers,
        l.firstLensMs === undefined ? '—' : formatMs(l.firstLensMs),
        l.allLensesMs === undefined ? (l.error ?? '—') : formatMs(l.allLensesMs),
        l.allFinalMs === undefined ? (l.error ?? '—') : formatMs(l.allFinalMs),
        l.allValidatedMs === undefined ? '—' : formatMs(l.allValidatedMs),
        l.editLensMs === undefined
          ? '—'
          : `coverage ${formatMs(l.editCoverageMs ?? l.editLensMs)}, final ${formatMs(l.editLensMs)}${l.editValidatedMs === undefined ? '' : `, validated ${formatMs(l.editValidatedMs)}`} (${l.editOthersReanalysed} other${l.editOthersReanalysed === 1 ? '' : 's'} re-analysed)`,
        String(l.failed),
        `${l.serverPeakMB.toFixed(0)} MB`,
      ]),
    ) + (rows[0].sampleTitles.length ? `\n\nSample summaries: ${rows[0].sampleTitles.map((t) => `\`${t}\``).join(', ')}` : '')
  );
}

/** The seed rows of the bench run stored when issue 14 was filed (results.json at 28955e8), and their cold medians' sum. */
const FILED_SEED_ROWS = [
  'factorial',
  'example2',
  'sample-first',
  'sample-1953',
  'sample-pyth-first',
  'sample-pyth-all',
  'cl2000-first',
  'cl2000-all',
  'tcas-violated',
  'tcas-violated-rte',
  'tcas-holds',
  'tcas-holds-rte',
  'modular',
  'tritype-decisions',
  'tritype-checked',
  'product-bounded',
  'product-overflow',
  'power',
  'sum',
  'gcd',
  'ptr-alias',
  'ptr-foo',
  'ptr-lh98',
  'ptr-jos97',
  'josephus',
  'fp1',
  'fp2',
  'fp2d',
];
const FILED_SEED_SUM_MS = 64_804;

interface Target {
  what: string;
  target: string;
  measured: string;
  met: boolean | undefined;
}

export function targets(r: Results): Target[] {
  const out: Target[] = [];
  const seed = (id: string) => r.seeds?.find((s) => s.id === id);
  const t = (what: string, target: string, value: number | undefined, limit: number, unit: 'ms' | 'MB' = 'ms', note = '') =>
    out.push({
      what,
      target,
      measured: value === undefined || Number.isNaN(value) ? 'not measured' : `${unit === 'ms' ? formatMs(value) : `${value.toFixed(0)} MB`}${note}`,
      met: value === undefined || Number.isNaN(value) ? undefined : value <= limit,
    });
  const lat = r.latency && !('error' in r.latency) ? r.latency : undefined;
  // Issue 14's targets (issue 8's, where issue 14 has none, in brackets).
  t('warm per-goal answer, p50', '≤ 20 ms', lat?.warm.p50, 20);
  t('warm per-goal answer, p95', '≤ 150 ms', lat?.warm.p95, 150);
  const tri = seed('tritype-decisions');
  const wrong = (x: typeof tri) => (x?.expected === false ? ' (answer not as expected)' : '');
  t('tritype decision suite, cold CLI (`creach cover`)', '≤ 1 s', tri?.cold?.median, 1000, 'ms', wrong(tri));
  t('tritype decision suite, warm', '[≤ 0.5 s]', tri?.warm?.median, 500, 'ms', wrong(tri));
  const s1953 = seed('sample-1953');
  t('SAMPLE 1953 data, warm', '≤ 5 s', s1953?.warm?.median, 5000, 'ms', wrong(s1953));
  t('SAMPLE 1953 data, cold CLI', '≤ 5 s', s1953?.cold?.median, 5000);
  const pyth = seed('sample-pyth-all');
  t('SAMPLE with the Pythagorean condition (all 6), cold CLI', '≤ 1 s', pyth?.cold?.median, 1000, 'ms', wrong(pyth));
  t('CLI cold start to first answer (factorial `i = 2;`)', '[≤ 1.5 s]', seed('factorial')?.cold?.median, 1500);
  const reachRows = (r.seeds ?? []).filter((s) => s.cli.startsWith('creach reach') && !s.cli.includes('--all') && s.cold);
  const worst = reachRows.sort((a, b) => b.cold!.median - a.cold!.median)[0];
  if (worst) t('CLI cold start to first answer, slowest single reach', '[≤ 1.5 s]', worst.cold!.median, 1500, 'ms', ` (${worst.file} ${worst.goal})`);
  t('1,000-line file to the first CodeLens', '≤ 1 s', r.lsp?.firstLensMs, 1000);
  t('1,000-line file to all CodeLens (coverage; properties follow)', '≤ 5 s', r.lsp?.allLensesMs, 5000);
  const others = r.lsp?.editOthersReanalysed;
  t(
    'after an edit inside one function, its CodeLens final again',
    '≤ 1 s',
    r.lsp?.editLensMs,
    1000,
    'ms',
    others === undefined ? '' : ` (${others} other function${others === 1 ? '' : 's'} re-analysed)`,
  );
  t('language server peak memory (1,000-line file)', '≤ 300 MB', r.lsp?.serverPeakMB, 300, 'MB');
  const large = r.lspLarge;
  t(
    `language server peak memory (${large ? `${large.lines}-line file, ${large.functions} functions` : '300-function file'})`,
    '≤ 400 MB',
    large?.serverPeakMB,
    400,
    'MB',
  );
  const tcas = (r.seeds ?? []).filter((s) => s.id.startsWith('tcas-P') && s.cold);
  const slowest = tcas.sort((a, b) => b.cold!.median - a.cold!.median)[0];
  const tcasNote = slowest ? ` (slowest of ${tcas.length}: ${slowest.id.slice(5)}${tcas.some((s) => !s.expected) ? '; some answer not as expected' : ''})` : '';
  t('each TCAS property of the EUCLIDE paper, cold CLI `check`', '≤ 1 s', slowest?.cold?.median, 1000, 'ms', tcasNote);
  // The seed rows of the run stored when issue 14 was filed (28955e8), whose cold medians summed to 64.8 s.
  const filed = (r.seeds ?? []).filter((s) => FILED_SEED_ROWS.includes(s.id) && s.cold);
  const filedSum = filed.length === FILED_SEED_ROWS.length ? filed.reduce((sum, s) => sum + s.cold!.median, 0) : undefined;
  t(
    `the seed rows of issue 14's filing (${FILED_SEED_ROWS.length}), sum of cold medians`,
    `≤ ${formatMs(FILED_SEED_SUM_MS / 3)} (3× faster than ${formatMs(FILED_SEED_SUM_MS)})`,
    filedSum,
    FILED_SEED_SUM_MS / 3,
  );
  return out;
}

export function targetTable(r: Results): string {
  return markdownTable(
    ['target (issue 14; [issue 8])', 'goal', 'measured', 'met'],
    targets(r).map((x) => [x.what, x.target, x.measured, x.met === undefined ? '—' : x.met ? 'yes' : '**no**']),
  );
}

export function profileTable(p: NonNullable<Results['profile']>): string {
  const parts: string[] = [];
  if (p.split) {
    const s = p.split;
    parts.push(
      markdownTable(
        ['cold process phase (factorial.c `i = 2;`)', 'time'],
        [
          ['node boot and bundle load', formatMs(s.bootMs)],
          ['Z3 initialisation (wasm)', formatMs(s.z3InitMs)],
          ['front end: cc -E, tree-sitter, lowering, goals', formatMs(s.frontEndMs)],
          ['first reach: unroll, encode, solve', formatMs(s.firstReachMs)],
          ['same reach again', formatMs(s.againMs)],
        ],
      ),
    );
  }
  for (const pr of p.profiles) {
    const share = (ms: number) => `${formatMs(ms)} (${((100 * ms) / pr.totalMs).toFixed(0)}%)`;
    parts.push(
      `**${pr.id}** \`${pr.cli}\`: ${formatMs(pr.totalMs)} sampled. ${pr.buckets
        .slice(0, 6)
        .map(([b, ms]) => `${b} ${share(ms)}`)
        .join('; ')}.` +
        (pr.topOurs.length
          ? ` Our hottest functions: ${pr.topOurs
              .slice(0, 5)
              .map(([f, ms]) => `${f} ${formatMs(ms)}`)
              .join(', ')}.`
          : ''),
    );
  }
  return parts.join('\n\n');
}

/** Time and memory against size, one panel per family, logarithmic axes. */
export function scaleSvg(points: ScalePoint[]): string {
  const families = [...new Set(points.map((p) => p.family))];
  const W = 360;
  const H = 260;
  const pad = { l: 56, r: 52, t: 30, b: 40 };
  const series: { key: keyof ScalePoint; color: string; label: string }[] = [
    { key: 'outlineMs', color: '#888', label: 'front end' },
    { key: 'goalMs', color: '#1f77b4', label: 'goal, first' },
    { key: 'goalWarmMs', color: '#2ca02c', label: 'goal, again' },
    { key: 'coverMs', color: '#d62728', label: 'decision suite' },
  ];
  const panels = families.map((fam, i) => {
    const ps = points.filter((p) => p.family === fam);
    const xs = ps.map((p) => p.size);
    const [x0, x1] = [Math.log2(Math.min(...xs)), Math.log2(Math.max(...xs))];
    const X = (v: number) => pad.l + ((Math.log2(v) - x0) / Math.max(1e-9, x1 - x0)) * (W - pad.l - pad.r);
    const Y = (ms: number) => {
      const lo = 0;
      const hi = 6;
      const v = Math.min(hi, Math.max(lo, Math.log10(Math.max(1, ms))));
      return H - pad.b - ((v - lo) / (hi - lo)) * (H - pad.t - pad.b);
    };
    const memMax = Math.max(100, ...ps.map((p) => p.peakMB ?? 0));
    const YM = (mb: number) => H - pad.b - (mb / memMax) * (H - pad.t - pad.b);
    const g: string[] = [
      `<g transform="translate(${(i % 2) * W},${Math.floor(i / 2) * H})">`,
      `<text x="${W / 2}" y="18" text-anchor="middle" font-weight="bold">${fam}</text>`,
    ];
    for (let d = 0; d <= 6; d++)
      g.push(
        `<line x1="${pad.l}" x2="${W - pad.r}" y1="${Y(10 ** d)}" y2="${Y(10 ** d)}" stroke="#eee"/><text x="${pad.l - 4}" y="${Y(10 ** d) + 4}" text-anchor="end" font-size="10">${['1 ms', '10 ms', '100 ms', '1 s', '10 s', '100 s', '1000 s'][d]}</text>`,
      );
    for (const x of xs) g.push(`<text x="${X(x)}" y="${H - pad.b + 14}" text-anchor="middle" font-size="10">${x}</text>`);
    g.push(
      `<text x="${W / 2}" y="${H - 8}" text-anchor="middle" font-size="11">size (${fam === 'functions' ? 'functions' : fam === 'decisions' ? 'decisions' : fam === 'nesting' ? 'depth' : 'loop bound'})</text>`,
    );
    for (const s of series) {
      const pts = ps.filter((p) => typeof p[s.key] === 'number').map((p) => `${X(p.size).toFixed(1)},${Y(p[s.key] as number).toFixed(1)}`);
      if (pts.length)
        g.push(
          `<polyline fill="none" stroke="${s.color}" stroke-width="2" points="${pts.join(' ')}"/>`,
          ...pts.map((q) => `<circle cx="${q.split(',')[0]}" cy="${q.split(',')[1]}" r="2.5" fill="${s.color}"/>`),
        );
    }
    const mem = ps.filter((p) => p.peakMB !== undefined).map((p) => `${X(p.size).toFixed(1)},${YM(p.peakMB!).toFixed(1)}`);
    if (mem.length) g.push(`<polyline fill="none" stroke="#9467bd" stroke-dasharray="4 3" stroke-width="1.5" points="${mem.join(' ')}"/>`);
    g.push(
      `<text x="${W - pad.r + 4}" y="${YM(memMax) + 4}" font-size="10" fill="#9467bd">${memMax.toFixed(0)} MB</text><text x="${W - pad.r + 4}" y="${YM(0)}" font-size="10" fill="#9467bd">0 MB</text>`,
    );
    g.push('</g>');
    return g.join('\n');
  });
  const rows = Math.ceil(families.length / 2);
  const legend = [...series.map((s) => [s.color, s.label, '']), ['#9467bd', 'peak memory (right, linear)', '4 3']].map(
    ([c, l, dash], i) =>
      `<line x1="${10 + i * 140}" x2="${30 + i * 140}" y1="${rows * H + 14}" y2="${rows * H + 14}" stroke="${c}" stroke-width="2" ${dash ? `stroke-dasharray="${dash}"` : ''}/><text x="${34 + i * 140}" y="${rows * H + 18}" font-size="11">${l}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${2 * W + 40}" height="${rows * H + 30}" font-family="sans-serif" font-size="12">\n<rect width="100%" height="100%" fill="white"/>\n${panels.join('\n')}\n${legend.join('\n')}\n</svg>\n`;
}

export function markdown(r: Results): string {
  const parts: string[] = [`# CReach benchmark${r.machine ? ` (${r.machine.date}, ${r.machine.cpus} × ${r.machine.cpuModel}, node ${r.machine.node})` : ''}`];
  if (r.seeds)
    parts.push(
      '## Seed goals (EXPECTED.md)',
      'Cold: a new `creach ... --json` process per run (bin/creach), wall clock from spawn to exit. First in engine: a fresh engine in a process whose Z3 is already initialised. Warm: the same query repeated on the unchanged file in that engine (the engine keeps the program and the encodings per file, not the verdicts, so each repeat solves again).',
      seedTable(r.seeds),
    );
  if (r.latency) parts.push('## Per-goal latency', latencyTable(r.latency));
  if (r.scale)
    parts.push(
      '## Scale',
      'Each point in its own process; peak memory is its VmHWM (all threads, Z3 included). Plot: bench/out/scale.svg.',
      scaleTable(r.scale),
    );
  const servers = [r.lsp, r.lspLarge].filter((l): l is LspResult => l !== undefined);
  if (servers.length) parts.push('## Language server', lspTable(servers));
  parts.push('## Targets', targetTable(r));
  if (r.profile) parts.push('## Profile', profileTable(r.profile));
  return parts.join('\n\n') + '\n';
}
