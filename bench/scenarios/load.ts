// Load and soak: a mixed read/write workload at 50 concurrent connections for 60 seconds (BENCH_LOAD_SECONDS,
// BENCH_LOAD_CONNECTIONS) against the built server as `npm start` runs it (one process, embedded PGlite) and,
// when BENCH_DATABASE_URL is set, scaled out on PostgreSQL (`--api 2 --workers 1`: two HTTP processes behind
// one port and a background worker). Each connection cycles through: the receipts list, a batch search, the
// materials list, a new purchase receipt (written with its evidence, sealed by the background work), and the
// account log. Every answer must be HTTP 2xx with envelope code 0000; errors are counted, never hidden.
// The resident memory of the server's processes is read before and after the run (the soak).
// BENCH_LOAD_ONLY=pglite or postgres runs one of the two servers. The run is made of BENCH_LOAD_ROUNDS parts
// (4), its p50 and p99 the slowest part's, the memory read after each part.
// Reference: a bare Fastify process answering the same five JSON bodies from memory.
import type autocannon from 'autocannon';
import { ACCOUNT_LOG_PAGE, httpCall, signInWith, type TEnvelope } from '../lib/api-client.ts';
import { load, type LoadResult } from '../lib/load.ts';
import { freshPostgres } from '../lib/postgres.ts';
import { startReference, startTracehub, treeRssMb, type Running } from '../lib/processes.ts';
import type { Row } from '../lib/report.ts';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 50);
/** The run is made of this many equal parts, the memory read after each (BENCH_LOAD_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 4);

/** One figure of several equal parts of a run: requests averaged, the slowest part's percentiles. */
function combined(parts: LoadResult[]): LoadResult {
  return {
    rps: parts.reduce((sum, p) => sum + p.rps, 0) / parts.length,
    p50: Math.max(...parts.map((p) => p.p50)),
    p99: Math.max(...parts.map((p) => p.p99)),
    errors: parts.reduce((sum, p) => sum + p.errors, 0),
    non2xx: parts.reduce((sum, p) => sum + p.non2xx, 0),
  };
}
/** Signs `account` (demo password) into its first enterprise over HTTP; answers the session token. */
export const signIn = (base: string, account: string): Promise<string> => signInWith(httpCall(base), account);

/** The body of the mix's write: purchase receipt `n` of run `run` (its bill number unique across runs). */
export function receiptBody(run: string, n: number) {
  return {
    billNo: `LOAD-${run}-${n}`,
    bizTime: Date.UTC(2026, 10, 1) + n * 1000,
    partnerCode: 'HX-BAT',
    itemCode: 'XH-CELL',
    batchNo: `LOAD-${n % 500}`,
    quantity: '12',
    unitPrice: '3.5',
    currency: 'CNY',
    amount: '42',
  };
}

/** The five steps of the mix; `write` numbers each new receipt uniquely across all connections. */
export function mixedWorkload(token: string, run: string) {
  let written = 0;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const json = (body: unknown) => JSON.stringify(body);
  const steps = [
    { path: '/api/stagePurchase/receipt/page', body: json({ pageNo: 1, pageSize: 20 }) },
    { path: '/api/stagePurchase/receipt/page', body: json({ pageNo: 1, pageSize: 20, batchNo: 'LOAD-1' }) },
    { path: '/api/materialData/page', body: json({ pageNo: 1, pageSize: 20 }) },
    {
      path: '/api/stagePurchase/receipt/add',
      body: '',
      write: () => json(receiptBody(run, ++written)),
    },
    { path: ACCOUNT_LOG_PAGE.path, body: json(ACCOUNT_LOG_PAGE.body) },
  ];
  let failures = 0;
  const firstFailures: string[] = [];
  const requests: autocannon.Request[] = steps.map((step) => ({
    method: 'POST',
    path: step.path,
    headers,
    body: step.body,
    ...(step.write ? { setupRequest: (req: autocannon.Request) => ({ ...req, body: step.write() }) } : {}),
    onResponse: (status: number, body: string) => {
      let code: string;
      try {
        code = (JSON.parse(body) as TEnvelope<unknown>).code;
      } catch {
        code = 'not JSON';
      }
      if (status >= 300 || code !== '0000') {
        failures++;
        if (firstFailures.length < 3) firstFailures.push(`${step.path}: ${status} ${body.slice(0, 200)}`);
      }
    },
  }));
  return { steps, requests, failures: () => failures, firstFailures, written: () => written };
}

export interface SoakFigure {
  scenario: string;
  written: number;
  envelopeErrors: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  processes: number;
}

async function soak(server: Running, label: string): Promise<{ row: Row; soak: SoakFigure }> {
  const token = await signIn(server.url, 'demo-auto');
  const workload = mixedWorkload(token, label.replace(/\W+/g, '').slice(0, 12));
  // Warm-up: each step once (the first write also proves the receipt body is valid).
  const samples: Record<string, string> = {};
  for (const step of workload.steps) {
    const body = step.write ? step.write() : step.body;
    const res = await fetch(`${server.url}${step.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    });
    const text = await res.text();
    if ((JSON.parse(text) as TEnvelope<unknown>).code !== '0000') throw new Error(`${step.path}: ${text}`);
    samples[`POST ${step.path}`] = text;
  }
  const before = treeRssMb(server.child.pid!);
  // The run in ROUNDS parts, the memory read after each: flat memory levels off, a leak keeps climbing.
  const rounds: LoadResult[] = [];
  const rssAfterRounds: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    rounds.push(
      await load({
        url: server.url,
        requests: workload.requests,
        connections: CONNECTIONS,
        durationSeconds: SECONDS / ROUNDS,
      }),
    );
    rssAfterRounds.push(treeRssMb(server.child.pid!).total);
  }
  const ours = combined(rounds);
  const after = treeRssMb(server.child.pid!);
  console.log(
    `  ${label}: RSS of all processes after each of ${ROUNDS} parts: ${rssAfterRounds.join(', ')} MiB`,
  );
  console.log(
    `  ${label}: RSS by process before → after: ${after.processes
      .map((p) => `${before.processes.find((b) => b.pid === p.pid)?.rssMb ?? '?'} → ${p.rssMb} MiB`)
      .join(', ')}`,
  );
  if (workload.firstFailures.length)
    console.error(`${label}: first failures:\n  ${workload.firstFailures.join('\n  ')}`);

  const reference = await startReference(samples);
  let ref: LoadResult;
  try {
    ref = await load({
      url: reference.url,
      requests: workload.steps.map((s) => ({
        method: 'POST',
        path: s.path,
        headers: { 'content-type': 'application/json' },
        body: s.body || '{}',
      })),
      connections: CONNECTIONS,
      durationSeconds: SECONDS,
    });
  } finally {
    await reference.stop();
  }
  const failures = workload.failures();
  return {
    row: {
      scenario: `${label}: mixed 80 % read / 20 % write, ${CONNECTIONS} connections, ${SECONDS} s`,
      ours: { ...ours, errors: ours.errors + failures },
      reference: ref,
      referenceName: 'bare Fastify, same JSON',
    },
    soak: {
      scenario: label,
      written: workload.written(),
      envelopeErrors: failures,
      rssBeforeMb: before.total,
      rssAfterMb: after.total,
      processes: after.processes.length,
    },
  };
}

export async function loadScenarios(): Promise<{ rows: Row[]; soaks: SoakFigure[] }> {
  const rows: Row[] = [];
  const soaks: SoakFigure[] = [];
  // BENCH_LOAD_ONLY=pglite or postgres runs one of the two.
  const only = process.env.BENCH_LOAD_ONLY;
  if (only !== 'postgres') {
    const single = await startTracehub({ LOG_LEVEL: 'error' });
    try {
      const { row, soak: s } = await soak(single, 'one process, PGlite');
      rows.push(row);
      soaks.push(s);
    } finally {
      await single.stop();
    }
  }
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl && only !== 'pglite') {
    const db = await freshPostgres('load', adminUrl);
    try {
      const scaled = await startTracehub({ LOG_LEVEL: 'error', DATABASE_URL: db.url }, [
        '--api',
        '2',
        '--workers',
        '1',
      ]);
      try {
        const { row, soak: s } = await soak(scaled, '2 API + 1 worker, PostgreSQL');
        rows.push(row);
        soaks.push(s);
      } finally {
        await scaled.stop();
      }
    } finally {
      await db.drop();
    }
  }
  return { rows, soaks };
}

export function printSoakTable(soaks: SoakFigure[]): void {
  console.log('\nSoak: resident memory of the server (all its processes) before and after the load');
  console.log('| server | processes | receipts written | envelope errors | RSS before | RSS after |');
  console.log('|---|---|---|---|---|---|');
  for (const s of soaks) {
    console.log(
      `| ${s.scenario} | ${s.processes} | ${s.written} | ${s.envelopeErrors} | ${s.rssBeforeMb} MiB | ${s.rssAfterMb} MiB |`,
    );
  }
}
