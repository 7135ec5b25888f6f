import type { LoadResult } from './load.ts';
import os from 'node:os';

export interface Row {
  scenario: string;
  ours: LoadResult;
  reference: LoadResult;
  referenceName: string;
  /** The target for ours/reference throughput, in per cent (printed as met or not). */
  targetPercent?: number;
}

const fmt = (r: LoadResult) => `${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`;

/** One table: scenario, our figure, the same-run reference, and ours/reference throughput. */
export function printTable(rows: Row[]): void {
  const cpus = os.cpus();
  console.log(
    `\nMachine: ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  const withTargets = rows.some((r) => r.targetPercent !== undefined);
  const header = ['scenario', 'ours', 'reference', 'ratio (throughput)', ...(withTargets ? ['target'] : [])];
  const body = rows.map((r) => [
    r.scenario,
    fmt(r.ours) +
      (r.ours.errors || r.ours.non2xx ? ` (${r.ours.errors} errors, ${r.ours.non2xx} non-2xx)` : ''),
    `${r.referenceName}: ${fmt(r.reference)}` +
      (r.reference.errors || r.reference.non2xx
        ? ` (${r.reference.errors} errors, ${r.reference.non2xx} non-2xx)`
        : ''),
    `${((r.ours.rps / r.reference.rps) * 100).toFixed(1)} %`,
    ...(withTargets ? [targetCell(r)] : []),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const b of body) console.log(line(b));
}

function targetCell(r: Row): string {
  if (r.targetPercent === undefined) return '';
  const met = (r.ours.rps / r.reference.rps) * 100 >= r.targetPercent;
  return `≥ ${r.targetPercent} %: ${met ? 'met' : 'NOT met'}`;
}
