// Troubleshooting at volume (issue 16: 10,000 VINs × the checks of a package in < 10 s on PostgreSQL, with
// progress throughout), on PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL; the embedded PGlite too with
// BENCH_CHECK_PGLITE=1). The data (BENCH_CHECK_DATA):
// - `scale` (default): `seed:scale` with 5 enterprises (one per tier: mine, smelter, tier 2, tier 1,
//   automaker), BENCH_CHECK_VINS vehicles (10,000) and 6 documents a vehicle, written through the services
//   and importers with their evidence, sealed;
// - `fixture`: the documents bench's SQL fixture (documents.ts), 2,500 chains of four vehicles down four
//   tiers to a mine lot, none sealed (every record fails "record not sealed": a worst case for writing).
// Two tasks through the real service and its task kit (createTask over HTTP inject, the task run by the job
// runner): internal by VIN over the automaker's VINs, and linked by time against its first direct supplier.
// The task's progress is sampled every 20 ms while it runs; the checks' share of the run is read from it.
// Reference, same run and database: one read of the automaker's document rows as the owner (the least any
// check of them must do).
import { sql } from 'drizzle-orm';
import type { TCheckPackage, TCheckTask } from '@tracehub/contract';
import type { Runtime } from '../../apps/server/src/bootstrap.ts';
import { randomBytes } from 'node:crypto';
import { createRuntime } from '../../apps/server/src/bootstrap.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { runJobsUntilIdle } from '../../apps/server/src/platform/jobs/worker.ts';
import { planScale, seedScale } from '../../apps/server/src/seed/scale/index.ts';
import {
  ENT,
  VINS_PER_PACK,
  onEachDatabase,
  openWithDocuments,
  vinOf,
  type BenchDatabase,
} from './documents.ts';
import { envelopeData, signInWith, type TEnvelope } from '../lib/api-client.ts';
import type { LedgerFigure } from './ledger.ts';

const VINS = Number(process.env.BENCH_CHECK_VINS ?? 10_000);
const FAMILIES = Math.ceil(VINS / VINS_PER_PACK);
const DAY = 86_400_000;

async function call<T>(runtime: Runtime, path: string, body: unknown, token?: string): Promise<T> {
  const res = await runtime.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as object,
  });
  return envelopeData(path, res.json() as TEnvelope<T>);
}

const signIn = (runtime: Runtime, account: string, enterpriseUuid: string) =>
  signInWith((path, body, token) => call(runtime, path, body, token), account, enterpriseUuid);

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
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: where.dataDir,
    MASTER_KEY: randomBytes(32).toString('hex'),
    LEDGER_SEAL_INTERVAL_MS: '0',
    JOB_POLL_INTERVAL_MS: '0',
    SEED_DEMO_CHAIN: 'false',
    ...(where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : {}),
  });
  const runtime = await createRuntime(config, { serveWeb: false, logger: false });
  try {
    const sizes = { enterprises: 5, vins: VINS, documents: VINS * 6, seed: 42, concurrency: 2, workers: 2 };
    const started = performance.now();
    const summary = await seedScale(runtime.deps, {
      ...sizes,
      plan: planScale(sizes),
      log: (line) => console.log(`  checking (${label}): ${line}`),
    });
    const seconds = (performance.now() - started) / 1000;
    // Planner statistics, as autovacuum gathers them on PostgreSQL after a load this size.
    await runtime.deps.db.execute(sql`analyze`);
    const auto = summary.credentials.find((c) => c.role === 'automaker')!;
    const rows = (await runtime.deps.db.execute(
      sql`select e.uuid, (select min(biz_time) from documents d where d.enterprise_uuid = e.uuid and d.vin_sn <> '') as first,
                 (select array_agg(distinct d.vin_sn) from documents d
                   where d.enterprise_uuid = e.uuid and d.vin_sn <> '') as vins,
                 (select p.code from partners p where p.enterprise_uuid = e.uuid and p.partner_type = 'supplier'
                   and p.partner_enterprise_uuid is not null order by p.id limit 1) as supplier
          from enterprises e join enterprise_users eu on eu.enterprise_uuid = e.uuid
          join users u on u.id = eu.user_id where u.username = ${auto.username} limit 1`,
    )) as unknown as { rows: { uuid: string; first: string | Date; vins: string[]; supplier: string }[] };
    const found = rows.rows[0]!;
    const first = new Date(found.first).getTime();
    return {
      runtime,
      describe:
        `seed:scale, 5 enterprises, ${summary.counts.documents?.toLocaleString('en') ?? '?'} documents ` +
        `written with their evidence in ${seconds.toFixed(0)} s`,
      account: auto.username,
      enterpriseUuid: found.uuid,
      vins: found.vins.slice(0, VINS),
      supplierKeyword: found.supplier,
      window: { from: first, to: first + 30 * DAY },
    };
  } catch (error) {
    await runtime.app.close();
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
  return { done, ms, readings: readings.length, checksMs };
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
      `${r.readings} progress readings` +
      (r.checksMs === null
        ? ''
        : `; checks ${(r.checksMs / 1000).toFixed(2)} s (${(r.checksMs / standard.checkIds.length).toFixed(0)} ms a check: ` +
          `100 such checks ≈ ${((r.ms + (r.checksMs / standard.checkIds.length) * (100 - standard.checkIds.length)) / 1000).toFixed(1)} s)`);
    const reference = `one read of the automaker's ${read.rows.length.toLocaleString('en')} document rows as owner: ${refMs.toFixed(0)} ms (${(byVin.ms / refMs).toFixed(1)}×)`;
    return [
      {
        scenario: `troubleshooting data: ${data.describe}, ${vins.length.toLocaleString('en')} VINs (${label})`,
        figure: `${standard.checkIds.length} checks in the standard package`,
      },
      {
        scenario: `  internal by VIN, ${vins.length.toLocaleString('en')} VINs (${label})`,
        figure: describe(byVin),
        reference,
      },
      {
        scenario: `  linked by time, 30 days, vs a direct supplier (${label})`,
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
