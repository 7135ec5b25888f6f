// Troubleshooting at volume (issue 16: 10,000 VINs × 100 checks in < 10 s on PostgreSQL, with progress
// throughout), on PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL; the embedded PGlite too with
// BENCH_CHECK_PGLITE=1, where progress shows through the task kit's steps). The data (BENCH_CHECK_DATA):
// - `scale` (default): `seed:scale` with 5 enterprises (one per tier: mine, smelter, tier 2, tier 1,
//   automaker), BENCH_CHECK_VINS vehicles (10,000) and 6 documents a vehicle, written through the services
//   and importers with their evidence, sealed;
// - `fixture`: the documents bench's SQL fixture (documents.ts), 2,500 chains of four vehicles down four
//   tiers to a mine lot, none sealed (every record fails "record not sealed": a worst case for writing).
// Two tasks of the standard package's 100 checks through the real service and its task kit (createTask over
// HTTP inject, the task run by the job runner): internal by VIN over the automaker's VINs, and linked by time
// against its first direct supplier. The task's progress is sampled through the API every 20 ms while it
// runs; the checks' share of the run is read from it.
// Reference, same run and database: one read of the automaker's document rows as the owner (the least any
// check of them must do).
import { sql } from 'drizzle-orm';
import type { TCheckPackage, TCheckTask } from '@tracehub/contract';
import type { Runtime } from '../../apps/server/src/bootstrap.ts';
import { runJobsUntilIdle } from '../../apps/server/src/platform/jobs/worker.ts';
import {
  ENT,
  VINS_PER_PACK,
  onEachDatabase,
  openWithDocuments,
  vinOf,
  type BenchDatabase,
} from './documents.ts';
import { injectCall } from '../lib/api-client.ts';
import { injectSignIn, openScaleData } from '../lib/scale-data.ts';
import type { LedgerFigure } from './ledger.ts';

const VINS = Number(process.env.BENCH_CHECK_VINS ?? 10_000);
const FAMILIES = Math.ceil(VINS / VINS_PER_PACK);
const DAY = 86_400_000;

const call = <T>(runtime: Runtime, path: string, body: unknown, token?: string): Promise<T> =>
  injectCall(runtime)<T>(path, body, token);

const signIn = injectSignIn;

/** The data a run checks: the automaker, its VINs, a direct supplier and the business-time window. */
interface Prepared {
  runtime: Runtime;
  describe: string;
  account: string;
  enterpriseUuid: string;
  vins: string[];
  supplierKeyword: string;
  window: { from: number; to: number };
}

/** The documents bench's SQL fixture (documents.ts), sized to the VINs. */
async function fixtureData(label: string, where: BenchDatabase): Promise<Prepared> {
  const { runtime, rows } = await openWithDocuments(label, where, FAMILIES);
  const vins = Array.from({ length: FAMILIES * VINS_PER_PACK }, (_, i) =>
    vinOf(1 + Math.floor(i / VINS_PER_PACK), 1 + (i % VINS_PER_PACK)),
  ).slice(0, VINS);
  return {
    runtime,
    describe: `documents fixture: ${rows.toLocaleString('en')} document rows, unsealed`,
    account: 'demo-auto',
    enterpriseUuid: ENT.auto,
    vins,
    supplierKeyword: 'S-T1',
    // The fixture's business times: from 2 January 2026 on (documents.ts).
    window: { from: Date.UTC(2026, 0, 1), to: Date.UTC(2026, 0, 1) + 30 * DAY },
  };
}

/** seed:scale with one enterprise per tier, its one automaker holding every VIN. */
async function scaleData(label: string, where: BenchDatabase): Promise<Prepared> {
  const data = await openScaleData(label, where, VINS, (line) => console.log(`  checking (${line})`));
  try {
    const rows = (await data.runtime.deps.db.execute(
      sql`select (select min(biz_time) from documents d where d.enterprise_uuid = ${data.enterpriseUuid} and d.vin_sn <> '') as first,
                 (select p.code from partners p where p.enterprise_uuid = ${data.enterpriseUuid} and p.partner_type = 'supplier'
                   and p.partner_enterprise_uuid is not null order by p.id limit 1) as supplier`,
    )) as unknown as { rows: { first: string | Date; supplier: string }[] };
    const found = rows.rows[0]!;
    const first = new Date(found.first).getTime();
    return { ...data, supplierKeyword: found.supplier, window: { from: first, to: first + 30 * DAY } };
  } catch (error) {
    await data.runtime.app.close();
    throw error;
  }
}

/** Creates a task, runs it with the job runner and samples its progress; answers the task and the figures. */
async function runTask(runtime: Runtime, token: string, body: Record<string, unknown>) {
  const created = await call<TCheckTask>(runtime, '/dataChecking/createTask', body, token);
  const started = performance.now();
  // Each new progress reading, with when it was first seen.
  const readings: { at: number; phase: string | null; done: number }[] = [];
  let running = true;
  const sampler = (async () => {
    while (running) {
      const t = await call<TCheckTask>(runtime, '/dataChecking/taskDetail', { taskId: created.id }, token);
      const last = readings.at(-1);
      const done = t.task.progress.done;
      if (!last || last.phase !== t.task.progress.phase || last.done !== done)
        readings.push({ at: performance.now() - started, phase: t.task.progress.phase, done });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  await runJobsUntilIdle(runtime.deps);
  const ms = performance.now() - started;
  running = false;
  await sampler;
  const done = await call<TCheckTask>(runtime, '/dataChecking/taskDetail', { taskId: created.id }, token);
  if (done.task.status !== 'completed')
    throw new Error(`task ${done.task.status}: ${done.task.reason ?? ''}`);
  // The checks' share of the run: from the first check's progress to the 'finishing' reading.
  const first = readings.find((r) => r.phase === 'checking');
  const finishing = readings.find((r) => r.phase === 'finishing');
  const checksMs = first && finishing ? finishing.at - first.at : null;
  const checking = readings.filter((r) => r.phase === 'checking').length;
  return { done, ms, readings: readings.length, checking, checksMs };
}

async function runOn(label: string, where: BenchDatabase): Promise<LedgerFigure[]> {
  const data =
    process.env.BENCH_CHECK_DATA === 'fixture'
      ? await fixtureData(label, where)
      : await scaleData(label, where);
  const { runtime, vins } = data;
  try {
    const token = await signIn(runtime, data.account, data.enterpriseUuid);
    const packages = await call<TCheckPackage[]>(runtime, '/dataChecking/packages', {}, token);
    const standard = packages.find((p) => p.id === 'standard')!;
    const byVin = await runTask(runtime, token, {
      taskType: 'internal',
      dimension: 'vin',
      vins,
      maxAmount: 10_000,
      packageId: 'standard',
      checkIds: standard.checkIds,
    });
    const [supplier] = await call<{ id: number; code: string }[]>(
      runtime,
      '/dataChecking/suppliers',
      { keyword: data.supplierKeyword },
      token,
    );
    const linked = await runTask(runtime, token, {
      taskType: 'linked',
      dimension: 'time',
      timeBasis: 'business',
      ...data.window,
      maxAmount: 10_000,
      supplierIds: [supplier!.id],
      packageId: 'standard',
      checkIds: standard.checkIds,
    });

    // Reference: the scope's rows read once, straight from the table as its owner.
    const db = runtime.deps.db;
    const refStarted = performance.now();
    const read = (await db.execute(
      sql`select d.* from documents d where d.enterprise_uuid = ${data.enterpriseUuid}`,
    )) as unknown as { rows: unknown[] };
    const refMs = performance.now() - refStarted;

    const describe = (r: typeof byVin) =>
      `${(r.ms / 1000).toFixed(2)} s; ${r.done.vinAmount.toLocaleString('en')} VINs (${r.done.completeVinAmount.toLocaleString('en')} complete), ` +
      `fatal ${r.done.counts.fatal} urgent ${r.done.counts.urgent} minor ${r.done.counts.minor} unknown ${r.done.counts.unknown}, ` +
      `${r.done.counts.pass.toLocaleString('en')} passes; ${r.readings} progress readings (${r.checking} while checking)` +
      (r.checksMs === null ? '' : `; checks ${(r.checksMs / 1000).toFixed(2)} s`);
    const reference = `one read of the automaker's ${read.rows.length.toLocaleString('en')} document rows as owner: ${refMs.toFixed(0)} ms (${(byVin.ms / refMs).toFixed(1)}×)`;
    return [
      {
        scenario: `troubleshooting data: ${data.describe}, ${vins.length.toLocaleString('en')} VINs (${label})`,
        figure: `${standard.checkIds.length} checks in the standard package`,
      },
      {
        scenario: `  internal by VIN, ${vins.length.toLocaleString('en')} VINs × ${standard.checkIds.length} checks (${label})`,
        figure: describe(byVin),
        reference,
      },
      {
        scenario: `  linked by time, 30 days, vs a direct supplier, ${standard.checkIds.length} checks (${label})`,
        figure: describe(linked),
        reference,
      },
    ];
  } finally {
    await runtime.app.close();
  }
}

export async function checkingScenarios(): Promise<LedgerFigure[]> {
  // The target is PostgreSQL's; the embedded database only when asked for.
  const skip = process.env.BENCH_DOCUMENTS_SKIP_PGLITE;
  if (process.env.BENCH_CHECK_PGLITE !== '1') process.env.BENCH_DOCUMENTS_SKIP_PGLITE = '1';
  try {
    return await onEachDatabase('checking', runOn);
  } finally {
    if (skip === undefined) delete process.env.BENCH_DOCUMENTS_SKIP_PGLITE;
    else process.env.BENCH_DOCUMENTS_SKIP_PGLITE = skip;
  }
}
