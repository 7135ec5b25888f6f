// Bulk import at the limit: 20,000 products (each with a project code and two tracing materials) imported
// through the real pipeline: the multipart upload through the HTTP app (inject), the queued job run by the
// worker's own function, every row validated, resolved, written and recorded as evidence in chunks. On the
// embedded PGlite (a temporary directory, as `npm start` keeps it) and, when BENCH_DATABASE_URL is set, on a
// fresh database created on that PostgreSQL server (and dropped afterwards). Memory is sampled while the
// job runs: peak resident set (PGlite's WebAssembly heap included) and peak V8 heap in use.
//
// The server listens on loopback while the import runs, and a prober in another thread checks /api/health
// every 20 ms over HTTP: its p99 beside the same probe on the idle server (same run). Then hostile
// workbooks go through the same pipeline (a row numbered 100,000,000; zip bombs whose directory declares
// 4 KB or 99 MB and that inflate to 200 MB), each with its outcome and the peak RSS while it was imported.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { ERRORS, LIMITS } from '@tracehub/contract';
import { createRuntime, type Runtime } from '../../apps/server/src/bootstrap.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { materials } from '../../apps/server/src/db/schema.ts';
import { runJobsUntilIdle } from '../../apps/server/src/platform/jobs/worker.ts';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo.ts';
import {
  SHEET_CLOSE,
  SHEET_OPEN,
  deflatedRepeat,
  inlineCell,
  xlsxOfSheetXml,
} from '../../apps/server/test/support/zip.ts';
import type { LedgerFigure } from './ledger.ts';
import { formatProbe, probeHealth } from '../lib/health-probe.ts';
import { freshPostgres } from '../lib/postgres.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? LIMITS.bulkImportMaxRows);
const AUTOMAKER = 'e0a1c2d3-0001-4000-8000-000000000001';
const SAMPLE_MS = 50;
/** How long the idle server is probed for the reference figure. */
const IDLE_PROBE_MS = Number(process.env.BENCH_IDLE_PROBE_MS ?? 5000);
const MB = 1024 * 1024;

// A full collection before the baseline is taken, so that "before" is live memory, not the garbage of
// building the workbook (the flag can be set at run time; `gc` then exists in a new context).
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** The product template's English headers. */
const HEADER = [
  'Product name',
  'English name',
  'Product code',
  'Batch number',
  'VIN/SN',
  'Description/specification',
  'Unit',
  'Weight (kg)',
  'Project code',
  'Tracing material codes',
];

/** The import workbook: the template's English headers and ROWS products. */
async function productWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Products');
  sheet.addRow([...HEADER]);
  for (let i = 1; i <= ROWS; i++) {
    sheet.addRow([
      `动力电池包 ${i}`,
      `Battery pack ${i}`,
      `BENCH-${i}`,
      `LOT-${i % 97}`,
      `SN-${String(i).padStart(8, '0')}`,
      '75 kWh / 400 V',
      'set',
      `${450 + (i % 50)}.25`,
      'PRJ-BENCH',
      'BENCH-CELL,BENCH-BMS',
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function call<T>(runtime: Runtime, url: string, body: unknown, token?: string): Promise<T> {
  const res = await runtime.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: body as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const envelope = res.json() as { code: string; msg: string; data: T };
  if (envelope.code !== '0000') throw new Error(`${url}: ${envelope.msg}`);
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
    enterpriseUuid: AUTOMAKER,
    verifyKey: step.verifyKey,
  });
  return session.token;
}

function multipart(fileName: string, content: Buffer) {
  const boundary = `----tracehub${randomBytes(8).toString('hex')}`;
  return {
    boundary,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

async function upload(runtime: Runtime, token: string, fileName: string, content: Buffer): Promise<string> {
  const { boundary, payload } = multipart(fileName, content);
  const queued = await runtime.app.inject({
    method: 'POST',
    url: '/api/product/importExcel',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
  });
  const envelope = queued.json() as { code: string; msg: string; data: { id: string } };
  if (envelope.code !== '0000') throw new Error(`upload ${fileName}: ${envelope.msg}`);
  return envelope.data.id;
}

async function importRecord(runtime: Runtime, token: string, id: string) {
  const done = await runtime.app.inject({
    method: 'GET',
    url: `/api/import/records/${id}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return (done.json() as { data: { status: string; successNum: number; errorCode: string | null } }).data;
}

/** Workbooks built to hurt: each with what it is, as the report names it. */
async function hostileWorkbooks(): Promise<{ name: string; content: Buffer }[]> {
  const letters = 'ABCDEFGHIJ';
  const header = `<row r="1">${HEADER.map((h, i) => inlineCell(`${letters[i]}1`, h)).join('')}</row>`;
  // 200 MB of blank space inside sheetData, deflated to a few hundred kilobytes.
  const bomb = await deflatedRepeat(SHEET_OPEN + header, ' '.repeat(1024), 200 * MB, SHEET_CLOSE);
  return [
    {
      name: 'one data row numbered 100,000,000',
      content: xlsxOfSheetXml(
        `${SHEET_OPEN}${header}<row r="100000000">${inlineCell('A100000000', 'x')}</row>${SHEET_CLOSE}`,
      ),
    },
    {
      name: `zip bomb: ${(bomb.bytes.length / 1024).toFixed(0)} KB declaring 4 KB, inflating to 200 MB`,
      content: xlsxOfSheetXml({ bytes: bomb.bytes, crc: bomb.crc, declaredSize: 4096 }),
    },
    {
      name: 'zip bomb declaring 99 MB, inflating to 200 MB',
      content: xlsxOfSheetXml({ bytes: bomb.bytes, crc: bomb.crc, declaredSize: 99 * MB }),
    },
  ];
}

/** Samples process memory until stopped; answers the peaks. */
function sampleMemory() {
  let rss = 0;
  let heapUsed = 0;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heapUsed = Math.max(heapUsed, m.heapUsed);
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { rss, heapUsed };
    },
  };
}

/**
 * The same-run reference: the workbook read with ExcelJS and its cells inserted as text into a bare table of
 * the same database, 500 rows per transaction: no validation, references, evidence or import records.
 */
async function plainReference(runtime: Runtime, workbook: Buffer): Promise<number> {
  const db = runtime.deps.db;
  await db.execute(sql`create table bench_plain_products (id bigserial primary key, cells text)`);
  const started = performance.now();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(workbook as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push((row.values as ExcelJS.CellValue[]).slice(1).map((v) => String(v ?? '')));
  });
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await db.transaction((tx) =>
      tx.execute(
        sql`insert into bench_plain_products (cells) values ${sql.join(
          chunk.map((cells) => sql`(${JSON.stringify(cells)})`),
          sql`, `,
        )}`,
      ),
    );
  }
  const ms = performance.now() - started;
  await db.execute(sql`drop table bench_plain_products`);
  return ms;
}

/** One run on a database: PGlite in `dataDir`, or PostgreSQL at `databaseUrl`. */
async function importOn(
  label: string,
  workbook: Buffer,
  where: { dataDir: string; databaseUrl?: string },
): Promise<LedgerFigure[]> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: where.dataDir,
    MASTER_KEY: randomBytes(32).toString('hex'),
    LEDGER_SEAL_INTERVAL_MS: '0',
    JOB_POLL_INTERVAL_MS: '0',
    ...(where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : {}),
  });
  const runtime = await createRuntime(config, { serveWeb: false, logger: false });
  try {
    await runtime.app.ready();
    const token = await signIn(runtime);
    await call(runtime, '/project/add', { code: 'PRJ-BENCH' }, token);
    await runtime.deps.db.insert(materials).values(
      ['BENCH-CELL', 'BENCH-BMS'].map((code) => ({
        enterpriseUuid: AUTOMAKER,
        nature: 'purchased' as const,
        code,
        name: code,
        createdBy: 1,
      })),
    );
    const address = await runtime.app.listen({ host: '127.0.0.1', port: 0 });
    const healthUrl = `${address}/api/health`;
    const idle = probeHealth(healthUrl);
    await new Promise((resolve) => setTimeout(resolve, IDLE_PROBE_MS));
    const idleHealth = await idle.stop();

    const id = await upload(runtime, token, 'bench-products.xlsx', workbook);
    collectGarbage();
    const before = process.memoryUsage();
    const memory = sampleMemory();
    const busy = probeHealth(healthUrl);
    const started = performance.now();
    await runJobsUntilIdle(runtime.deps);
    const ms = performance.now() - started;
    const busyHealth = await busy.stop();
    const peak = memory.stop();

    const result = await importRecord(runtime, token, id);
    if (result.status !== 'completed' || result.successNum !== ROWS) {
      throw new Error(`import did not complete: ${JSON.stringify(result)}`);
    }
    const hostile: LedgerFigure[] = [];
    for (const file of await hostileWorkbooks()) {
      const hostileId = await upload(runtime, token, 'hostile.xlsx', file.content);
      collectGarbage();
      const rssBefore = process.memoryUsage().rss;
      const sampled = sampleMemory();
      const probe = probeHealth(healthUrl);
      const t = performance.now();
      await runJobsUntilIdle(runtime.deps);
      const hostileMs = performance.now() - t;
      const hostileHealth = await probe.stop();
      const hostilePeak = sampled.stop();
      const outcome = await importRecord(runtime, token, hostileId);
      const reason = Object.entries(ERRORS).find(([, e]) => e.code === outcome.errorCode)?.[0];
      hostile.push({
        scenario: `  hostile workbook (${label}): ${file.name}`,
        figure: `${outcome.status} ${outcome.errorCode ?? ''} ${reason ?? ''} in ${(hostileMs / 1000).toFixed(2)} s; peak RSS ${mb(hostilePeak.rss)} (before: ${mb(rssBefore)}); health ${formatProbe(hostileHealth)}`,
      });
    }
    const referenceMs = await plainReference(runtime, workbook);
    const rows = ROWS.toLocaleString('en');
    const perSecond = (n: number) => `${Math.round((ROWS / n) * 1000).toLocaleString('en')} rows/s`;
    return [
      {
        scenario: `import ${rows} products (job, with evidence; ${label})`,
        figure: `${(ms / 1000).toFixed(1)} s, ${perSecond(ms)}`,
        reference: `ExcelJS read + plain INSERT of the same cells, 500 per transaction: ${(referenceMs / 1000).toFixed(1)} s, ${perSecond(referenceMs)}`,
      },
      {
        scenario: `  peak RSS during the import (${label})`,
        figure: `${mb(peak.rss)} (before the import: ${mb(before.rss)})`,
      },
      {
        scenario: `  peak V8 heap used during the import (${label})`,
        figure: `${mb(peak.heapUsed)} (before the import: ${mb(before.heapUsed)})`,
      },
      {
        scenario: `  /api/health over HTTP while the import runs (${label})`,
        figure: formatProbe(busyHealth),
        reference: `the idle server, same run: ${formatProbe(idleHealth)}`,
      },
      ...hostile,
    ];
  } finally {
    await runtime.app.close();
  }
}

export async function importScenarios(): Promise<LedgerFigure[]> {
  const workbook = await productWorkbook();
  console.log(
    `  import: workbook of ${ROWS.toLocaleString('en')} products, ${(workbook.length / MB).toFixed(1)} MB`,
  );
  // PostgreSQL first: PGlite's WebAssembly memory, once grown, stays in the process's resident set.
  const postgres: LedgerFigure[] = [];
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) {
    const database = await freshPostgres('import', adminUrl);
    const filesDir = mkdtempSync(path.join(os.tmpdir(), 'tracehub-bench-import-pg-'));
    try {
      postgres.push(
        ...(await importOn('PostgreSQL', workbook, { dataDir: filesDir, databaseUrl: database.url })),
      );
    } finally {
      await database.drop();
      rmSync(filesDir, { recursive: true, force: true });
    }
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracehub-bench-import-'));
  try {
    return [...(await importOn('PGlite', workbook, { dataDir })), ...postgres];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
