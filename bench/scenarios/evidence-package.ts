// Evidence packages at volume (issue 17 item 5: a package of 500 VINs in < 60 s, streamed with memory
// bounded, verified offline in < 10 s). By default (BENCH_PACKAGE_DATA=scale) on seed:scale data through the
// product's path: VIN list upload, task, job runner writing to the file storage, download link (see
// scaleScenario). With BENCH_PACKAGE_DATA=fixture: the documents fixture (documents.ts) with 125 chains: 500 vehicles
// of the automaker, each down four tiers to a mine lot; every document row then gets its evidence through
// the real append (appendEvidenceBatch: salted v3 leaves, batch-signed by certified enterprises) and is
// sealed. Then the automaker's type 1 package of the 500 VINs is written to a file as a stream
// (writeEvidencePackage + fileSink), the process's peak RSS sampled every 20 ms, and the file verified by
// the offline core (apps/verify). References, same run and database: reading the package's event rows once
// (one query), and unzipping the package without checking it.
import { multipartBody } from '../../apps/server/test/support/multipart.ts';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { unzipBounded, verifyPackage } from '@tracehub/verify';
import type { TEvidenceTask, TEvidenceUploadResult } from '@tracehub/contract';
import type { Runtime } from '../../apps/server/src/bootstrap.ts';
import type { TenantContext } from '../../apps/server/src/platform/context.ts';
import { writeWorkbook } from '../../apps/server/src/platform/imports/workbook-write.ts';
import { runJobsUntilIdle } from '../../apps/server/src/platform/jobs/worker.ts';
import { appendEvidenceBatch, type NewEvidence } from '../../apps/server/src/platform/ledger/append.ts';
import { sealPending } from '../../apps/server/src/platform/ledger/sealer.ts';
import { fileSink, writeEvidencePackage } from '../../apps/server/src/modules/evidence-package/public.ts';
import {
  ENT,
  VINS_PER_PACK,
  onEachDatabase,
  openWithDocuments,
  vinOf,
  type BenchDatabase,
} from './documents.ts';
import { envelopeData, type TEnvelope } from '../lib/api-client.ts';
import { injectCall } from '../lib/api-client.ts';
import { injectSignIn, openScaleData } from '../lib/scale-data.ts';
import type { LedgerFigure } from './ledger.ts';

const VINS = Number(process.env.BENCH_PACKAGE_VINS ?? 500);
const FAMILIES = Math.ceil(VINS / VINS_PER_PACK);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Runs `work` sampling the process's RSS every 20 ms: its result, time and the peak over the start. */
async function withPeakRss<T>(work: () => Promise<T>) {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = Date.now();
  try {
    const result = await work();
    return { result, ms: Date.now() - t0, rss: { base, peak } };
  } finally {
    clearInterval(sampler);
  }
}

/** The offline verification of a package, timed, beside unzipping it alone; a package that fails throws. */
function verifyTimed(bytes: Uint8Array) {
  const v0 = Date.now();
  const report = verifyPackage(bytes);
  const verifyMs = Date.now() - v0;
  const u0 = Date.now();
  unzipBounded(bytes);
  const unzipMs = Date.now() - u0;
  if (!report.ok)
    throw new Error(`the bench package does not verify: ${JSON.stringify(report.problems.slice(0, 3))}`);
  return { report, verifyMs, unzipMs };
}

/** The peak-memory and verification rows of a scenario. */
function memoryAndVerifyFigures(
  label: string,
  during: string,
  rss: { base: number; peak: number },
  size: number,
  { report, verifyMs, unzipMs }: ReturnType<typeof verifyTimed>,
): LedgerFigure[] {
  return [
    {
      scenario: `package ${label}: peak RSS ${during}`,
      figure: `${mb(rss.peak)} (+${mb(rss.peak - rss.base)} over the start)`,
      reference: `package size ${mb(size)}`,
    },
    {
      scenario: `package ${label}: verify offline (apps/verify core)`,
      figure: `${s(verifyMs)}: ${report.records.length.toLocaleString('en')} records, ${report.tiers.length} tiers, all pass`,
      reference: `unzip only: ${s(unzipMs)}`,
    },
  ];
}

async function scenario(label: string, where: BenchDatabase): Promise<LedgerFigure[]> {
  const { runtime } = await openWithDocuments(`package-${label}`, where, FAMILIES);
  const out = mkdtempSync(path.join(os.tmpdir(), 'tracehub-bench-package-'));
  try {
    const { db } = runtime.deps;
    // Evidence for every fixture row, as a business write records it, then sealed.
    const started = Date.now();
    const rows = (
      (await db.execute(
        sql`select id, enterprise_uuid, row_to_json(d)::jsonb - 'search_text' as payload from documents d order by id`,
      )) as unknown as { rows: { id: number; enterprise_uuid: string; payload: unknown }[] }
    ).rows;
    for (let i = 0; i < rows.length; i += 5000) {
      const events: NewEvidence[] = rows.slice(i, i + 5000).map((r) => ({
        type: 'document.created',
        enterpriseUuid: r.enterprise_uuid,
        subjectType: 'document',
        subjectId: String(r.id),
        payload: r.payload,
      }));
      await db.transaction((tx) => appendEvidenceBatch(tx, { masterKey: runtime.deps.masterKey }, events));
    }
    await sealPending(db, runtime.deps.platformKey);
    const evidenceMs = Date.now() - started;

    const tenant: TenantContext = {
      enterpriseUuid: ENT.auto,
      userId: 1,
      permissions: new Set(),
      dataScope: 'company',
      unconfigured: new Set(),
    };
    const vins = Array.from({ length: VINS }, (_, i) =>
      vinOf(Math.floor(i / VINS_PER_PACK) + 1, (i % VINS_PER_PACK) + 1),
    );
    const file = path.join(out, 'package.zip');
    const {
      result: summary,
      ms: buildMs,
      rss,
    } = await withPeakRss(() =>
      writeEvidencePackage(
        runtime.deps,
        tenant,
        { scope: { kind: 'vin', values: vins }, type: 1, withheldFields: [] },
        fileSink(file),
        { limit: vins.length, maxBytes: Number.MAX_SAFE_INTEGER },
      ),
    );
    const size = statSync(file).size;

    // Reference: the package's event rows read once.
    const r0 = Date.now();
    await db.execute(
      sql`select * from ledger_events where subject_type = 'document' and leaf_index is not null`,
    );
    const readMs = Date.now() - r0;

    const verified = verifyTimed(new Uint8Array(readFileSync(file)));

    return [
      {
        scenario: `package ${label}: evidence for ${rows.length.toLocaleString('en')} fixture rows`,
        figure: `${s(evidenceMs)} (append + seal)`,
      },
      {
        scenario: `package ${label}: write ${VINS} VINs (type 1, streamed to a file)`,
        figure: `${s(buildMs)}: ${summary.records.toLocaleString('en')} records, ${summary.blocks} blocks, ${mb(size)}`,
        reference: `reading all ${rows.length.toLocaleString('en')} document events once: ${s(readMs)}`,
      },
      ...memoryAndVerifyFigures(label, 'while writing', rss, size, verified),
    ];
  } finally {
    rmSync(out, { recursive: true, force: true });
    await runtime.app.close();
  }
}

/** The VIN list as the console uploads it: an xlsx through /task/importExcel (multipart). */
async function uploadVinList(runtime: Runtime, token: string, vins: readonly string[]): Promise<string> {
  const content = await writeWorkbook(
    'VINs',
    ['VIN/SN'],
    vins.map((v) => [v]),
  );
  const { payload, contentType } = multipartBody({ file: { name: 'vins.xlsx', content } });
  const res = await runtime.app.inject({
    method: 'POST',
    url: '/api/task/importExcel',
    headers: {
      'content-type': contentType,
      authorization: `Bearer ${token}`,
    },
    payload,
  });
  const read = envelopeData('/task/importExcel', res.json() as TEnvelope<TEvidenceUploadResult>);
  if (!read.uniqueKey) throw new Error(`the VIN list was refused: ${read.errorMsg ?? ''}`);
  return read.uniqueKey;
}

/**
 * The seed:scale data through the product's own path: the automaker uploads its 500 VINs as a list, creates
 * the task, the job runner writes the package to the file storage as a stream (peak RSS sampled), and the
 * package is fetched through its 3-minute link and verified offline.
 */
async function scaleScenario(label: string, where: BenchDatabase): Promise<LedgerFigure[]> {
  const data = await openScaleData(`package ${label}`, where, VINS, (line) => console.log(`  ${line}`));
  const { runtime } = data;
  try {
    const call = injectCall(runtime);
    const token = await injectSignIn(runtime, data.account, data.enterpriseUuid);
    const uniqueKey = await uploadVinList(runtime, token, data.vins);
    const task = await call<TEvidenceTask>(
      '/task/artificialBatchCreateEvidenceTask',
      { taskType: 1, uniqueKey },
      token,
    );
    const { ms: buildMs, rss } = await withPeakRss(() => runJobsUntilIdle(runtime.deps));
    const done = await call<TEvidenceTask>('/task/findMainEvidenceByTaskId', { taskId: task.taskId }, token);
    if (done.status !== 'completed' || !done.counts)
      throw new Error(`the bench task did not complete: ${done.status} ${JSON.stringify(done.task.reason)}`);

    // Reference: every sealed event of the ledger read once.
    const r0 = Date.now();
    const all = (await runtime.deps.db.execute(
      sql`select * from ledger_events where leaf_index is not null`,
    )) as unknown as { rows: unknown[] };
    const readMs = Date.now() - r0;

    const link = await call<{ url: string }>('/file/preDownload', { taskId: task.taskId }, token);
    const res = await runtime.app.inject({ method: 'GET', url: link.url });
    const bytes = new Uint8Array(res.rawPayload);
    const verified = verifyTimed(bytes);
    return [
      { scenario: `package ${label}: data`, figure: data.describe },
      {
        scenario: `package ${label}: task of ${data.vins.length} uploaded VINs (type 1, streamed to the file storage)`,
        figure: `${s(buildMs)}: ${done.counts.records.toLocaleString('en')} records, ${done.counts.blocks} blocks, ${mb(bytes.length)}`,
        reference: `reading all ${all.rows.length.toLocaleString('en')} sealed events once: ${s(readMs)}`,
      },
      ...memoryAndVerifyFigures(label, 'while the task ran', rss, bytes.length, verified),
    ];
  } finally {
    await runtime.app.close();
  }
}

/** BENCH_PACKAGE_DATA: `scale` (default, seed:scale through the task) or `fixture` (the SQL fixture). */
export function evidencePackageScenarios(): Promise<LedgerFigure[]> {
  return onEachDatabase('package', process.env.BENCH_PACKAGE_DATA === 'fixture' ? scenario : scaleScenario);
}
