// Troubleshooting at volume (issue 16: 10,000 VINs × the checks of a package in < 10 s on PostgreSQL, with
// progress throughout). The documents fixture (documents.ts) with 2,500 chains: 10,000 vehicles of the
// automaker, each down four tiers to a mine lot, 67,750 document rows, none sealed (so every record fails
// "record not sealed": a worst case for writing findings). Two tasks through the real service and its task
// kit (createTask over HTTP inject, the task run by the job runner): internal by VIN over all 10,000 VINs,
// and linked by business time (January 2026) against the tier-1 supplier. The task's progress is sampled every 50 ms while it runs.
// Reference, same run and database: one pass reading the scope's document rows as the owner (the least any
// check of them must do).
import { sql } from 'drizzle-orm';
import type { TCheckPackage, TCheckTask } from '@tracehub/contract';
import type { Runtime } from '../../apps/server/src/bootstrap.ts';
import { runJobsUntilIdle } from '../../apps/server/src/platform/jobs/worker.ts';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo.ts';
import {
  ENT,
  VINS_PER_PACK,
  onEachDatabase,
  openWithDocuments,
  vinOf,
  type BenchDatabase,
} from './documents.ts';
import type { LedgerFigure } from './ledger.ts';

const VINS = Number(process.env.BENCH_CHECK_VINS ?? 10_000);
const FAMILIES = Math.ceil(VINS / VINS_PER_PACK);
const DAY = 86_400_000;

interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}

async function call<T>(runtime: Runtime, path: string, body: unknown, token?: string): Promise<T> {
  const res = await runtime.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as object,
  });
  const envelope = res.json() as Envelope<T>;
  if (envelope.code !== '0000') throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

async function signIn(runtime: Runtime): Promise<string> {
  const step = await call<{ verifyKey: string }>(runtime, '/login/loginByPwd', {
    loginAccount: 'demo-auto',
    password: DEMO_PASSWORD,
  });
  const session = await call<{ token: string }>(runtime, '/login/selectEnterprise', {
    isLogined: false,
    loginAccount: 'demo-auto',
    enterpriseUuid: ENT.auto,
    verifyKey: step.verifyKey,
  });
  return session.token;
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
  const { runtime, rows } = await openWithDocuments(label, where, FAMILIES);
  try {
    const token = await signIn(runtime);
    const packages = await call<TCheckPackage[]>(runtime, '/dataChecking/packages', {}, token);
    const standard = packages.find((p) => p.id === 'standard')!;
    const vins = Array.from({ length: FAMILIES * VINS_PER_PACK }, (_, i) =>
      vinOf(1 + Math.floor(i / VINS_PER_PACK), 1 + (i % VINS_PER_PACK)),
    ).slice(0, VINS);
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
      { keyword: 'S-T1' },
      token,
    );
    const linked = await runTask(runtime, token, {
      taskType: 'linked',
      dimension: 'time',
      timeBasis: 'business',
      // The fixture's business times: from 2 January 2026 on (documents.ts).
      from: Date.UTC(2026, 0, 1),
      to: Date.UTC(2026, 0, 1) + 30 * DAY,
      maxAmount: 10_000,
      supplierIds: [supplier!.id],
      packageId: 'standard',
      checkIds: standard.checkIds,
    });

    // Reference: the scope's rows read once, straight from the table as its owner.
    const db = runtime.deps.db;
    const refStarted = performance.now();
    const read = (await db.execute(
      sql`select d.* from documents d where d.enterprise_uuid = ${ENT.auto}
          and (d.vin_sn = any(${sql.param(vins)}::text[]) or d.batch_no <> '')`,
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
    const reference = `one read of the scope's ${read.rows.length.toLocaleString('en')} rows as owner: ${refMs.toFixed(0)} ms (${(byVin.ms / refMs).toFixed(1)}×)`;
    return [
      {
        scenario: `troubleshooting fixture: ${rows.toLocaleString('en')} document rows, ${VINS.toLocaleString('en')} VINs (${label})`,
        figure: `${standard.checkIds.length} checks in the standard package`,
      },
      {
        scenario: `  internal by VIN, ${VINS.toLocaleString('en')} VINs (${label})`,
        figure: describe(byVin),
        reference,
      },
      { scenario: `  linked by time vs tier-1 supplier (${label})`, figure: describe(linked), reference },
    ];
  } finally {
    await runtime.app.close();
  }
}

export async function checkingScenarios(): Promise<LedgerFigure[]> {
  return onEachDatabase('checking', runOn);
}
