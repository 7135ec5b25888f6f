// Bulk import at the limit: 20,000 products (each with a project code and two tracing materials) imported
// through the real pipeline, on a server in a process of its own (bench/lib/import-server.ts: the app as
// `npm start` runs it, its job worker polling the queue): the multipart upload over HTTP, the queued job
// picked up by the worker, every row validated, resolved, written and recorded as evidence in chunks. On the
// embedded PGlite (a temporary directory, as `npm start` keeps it) and, when BENCH_DATABASE_URL is set, on a
// fresh database created on that PostgreSQL server (and dropped afterwards), each in a fresh server process.
//
// What is measured is the server's process: its resident set is read from /proc/<pid>/status every 50 ms
// while the job runs (PGlite's WebAssembly heap and the sheet worker thread included); the bench process,
// which builds the workbook and probes, is not counted (until 2026-11-27 the server ran inside the bench
// process, whose workbook, earlier scenario and garbage were counted as the server's). The import's progress
// is read from its record every 100 ms: the longest time it stood still is reported. A prober in another
// thread checks /api/health every 20 ms over HTTP: its p99 beside the same probe on the idle server (same
// run). Then hostile workbooks go through the same pipeline (a row numbered 100,000,000; zip bombs whose
// directory declares 4 KB or 99 MB and that inflate to 200 MB), each with its outcome and the peak RSS while
// it was imported. Last, the same-run reference runs in the same server process on the same database.
import { multipartBody } from '../../apps/server/test/support/multipart.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { ERRORS, LIMITS } from '@tracehub/contract';
import {
  SHEET_CLOSE,
  SHEET_OPEN,
  deflatedRepeat,
  inlineCell,
  xlsxOfSheetXml,
} from '../../apps/server/test/support/zip.ts';
import { PREPARE_ONLY_ENV } from '../../apps/server/src/config.ts';
import type { LedgerFigure } from './ledger.ts';
import { formatProbe, probeHealth } from '../lib/health-probe.ts';
import type { BenchRequest, ServerMessage } from '../lib/import-server.ts';
import { freshPostgres } from '../lib/postgres.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? LIMITS.bulkImportMaxRows);
const SAMPLE_MS = 50;
const POLL_MS = 100;
/** How long the idle server is probed for the reference figure. */
const IDLE_PROBE_MS = Number(process.env.BENCH_IDLE_PROBE_MS ?? 5000);
const MB = 1024 * 1024;
const SERVER_SOURCE = path.resolve(import.meta.dirname, '../lib/import-server.ts');

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

/** The server process: its pid, address, a session token, and a way to ask it and to stop it. */
interface ServerProcess {
  child: ChildProcess;
  address: string;
  token: string;
  ask(request: BenchRequest): Promise<ServerMessage>;
  stop(): Promise<void>;
}

/**
 * The bench server bundled as `npm run build` bundles the app (apps/server/build.mjs: the workspace's sources
 * in, npm packages external), beside dist/main.js so that it finds the migrations, the web build and the
 * sheet worker as the server does. Until 2026-12-06 it ran from the TypeScript sources under tsx, whose
 * compiler, sources and source maps added about 280 MB to the resident set measured.
 */
let bundled: Promise<string> | undefined;
function bundledServer(): Promise<string> {
  bundled ??= (async () => {
    const { build } = await import('esbuild');
    const serverDir = path.resolve(import.meta.dirname, '../../apps/server');
    const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@tracehub/'));
    const outfile = path.join(serverDir, 'dist/bench-import-server.js');
    await build({
      entryPoints: [SERVER_SOURCE],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      external: [...external, ...external.map((d) => `${d}/*`)],
      logLevel: 'warning',
    });
    return outfile;
  })();
  return bundled;
}

/**
 * A new embedded database prepared as `npm start` prepares it (apps/server/src/main.ts): created, migrated and
 * seeded by dist/main.js in a process of its own that exits, so the measured server opens a prepared directory.
 */
async function prepareAsNpmStart(env: Record<string, string>): Promise<void> {
  const main = path.resolve(import.meta.dirname, '../../apps/server/dist/main.js');
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, [PREPARE_ONLY_ENV]: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`preparing the bench database failed (${code})`);
}

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  // BENCH_IMPORT_NODE_ARGS: extra options of the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = process.env.BENCH_IMPORT_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // BENCH_IMPORT_ENV: settings of the server, e.g. `PGLITE_SHARED_BUFFERS_MB=128` (comma-separated).
  const extraEnv = Object.fromEntries(
    (process.env.BENCH_IMPORT_ENV ?? '')
      .split(',')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
  const child = spawn(process.execPath, [...nodeArgs, await bundledServer()], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...extraEnv, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const next = () =>
    new Promise<ServerMessage>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the bench server exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (m: ServerMessage) => {
        child.off('exit', onExit);
        resolve(m);
      });
    });
  const ready = await next();
  if (ready.type !== 'ready') throw new Error(`unexpected message from the bench server: ${ready.type}`);
  return {
    child,
    address: ready.address,
    token: ready.token,
    ask(request) {
      const answer = next();
      child.send(request);
      return answer;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A field of /proc/<pid>/status in bytes (VmRSS: resident now, VmHWM: the peak so far). */
function procMemory(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

/** What the import has written, as last polled (the RSS sampler notes it at the peak). */
interface Written {
  rows: number;
}

/**
 * Samples the resident set of a process until stopped; answers the peak and how many rows `written` said
 * were written when it was reached (0: while the sheet was read, before the first chunk).
 */
function sampleRss(pid: number, written: Written = { rows: 0 }) {
  let peak = procMemory(pid, 'VmRSS');
  let peakWritten = written.rows;
  const sample = () => {
    const now = procMemory(pid, 'VmRSS');
    if (now > peak) {
      peak = now;
      peakWritten = written.rows;
    }
  };
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { peak, peakWritten };
    },
  };
}

interface ImportState {
  status: string;
  processed: number;
  successNum: number;
  errorCode: string | null;
}

async function importRecord(server: ServerProcess, id: string): Promise<ImportState> {
  const res = await fetch(`${server.address}/api/import/records/${id}`, {
    headers: { authorization: `Bearer ${server.token}` },
  });
  return ((await res.json()) as { data: ImportState }).data;
}

/**
 * Uploads a workbook and follows its import until it is over: the time from the upload to the record's end
 * (within the 100 ms of the poll), the record, and the longest time its `processed` count stood still.
 */
async function importOver(
  server: ServerProcess,
  fileName: string,
  content: Buffer,
  written: Written = { rows: 0 },
) {
  const { payload, contentType } = multipartBody({ file: { name: fileName, content } });
  const started = performance.now();
  const res = await fetch(`${server.address}/api/product/importExcel`, {
    method: 'POST',
    body: payload,
    headers: {
      'content-type': contentType,
      authorization: `Bearer ${server.token}`,
    },
  });
  const envelope = (await res.json()) as { code: string; msg: string; data: { id: string } };
  if (envelope.code !== '0000') throw new Error(`upload ${fileName}: ${envelope.msg}`);
  let lastChange = started;
  let processed = -1;
  let longestStill = 0;
  let updates = 0;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const record = await importRecord(server, envelope.data.id);
    const now = performance.now();
    if (record.processed !== processed) {
      if (processed >= 0) updates++;
      longestStill = Math.max(longestStill, now - lastChange);
      processed = record.processed;
      written.rows = Math.max(processed, 0);
      lastChange = now;
    }
    if (record.status === 'completed' || record.status === 'failed') {
      return { ms: now - started, record, longestStill, updates };
    }
  }
}

/** One run on a database: PGlite in `dataDir`, or PostgreSQL at `databaseUrl`; a server process of its own. */
async function importOn(
  label: string,
  workbook: Buffer,
  where: { dataDir: string; databaseUrl?: string },
): Promise<LedgerFigure[]> {
  const env = {
    DATA_DIR: where.dataDir,
    MASTER_KEY: randomBytes(32).toString('hex'),
    ...(where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : {}),
  };
  if (!where.databaseUrl) await prepareAsNpmStart(env);
  const server = await startServer(env);
  const pid = server.child.pid!;
  try {
    const healthUrl = `${server.address}/api/health`;
    const idle = probeHealth(healthUrl);
    await new Promise((resolve) => setTimeout(resolve, IDLE_PROBE_MS));
    const idleHealth = await idle.stop();

    const before = procMemory(pid, 'VmRSS');
    const written: Written = { rows: 0 };
    const memory = sampleRss(pid, written);
    const busy = probeHealth(healthUrl);
    const run = await importOver(server, 'bench-products.xlsx', workbook, written);
    const busyHealth = await busy.stop();
    const { peak, peakWritten } = memory.stop();
    if (run.record.status !== 'completed' || run.record.successNum !== ROWS) {
      throw new Error(`import did not complete: ${JSON.stringify(run.record)}`);
    }
    const hostile: LedgerFigure[] = [];
    for (const file of await hostileWorkbooks()) {
      const rssBefore = procMemory(pid, 'VmRSS');
      const sampled = sampleRss(pid);
      const probe = probeHealth(healthUrl);
      const outcome = await importOver(server, 'hostile.xlsx', file.content);
      const hostileHealth = await probe.stop();
      const hostilePeak = sampled.stop().peak;
      const reason = Object.entries(ERRORS).find(([, e]) => e.code === outcome.record.errorCode)?.[0];
      hostile.push({
        scenario: `  hostile workbook (${label}): ${file.name}`,
        figure: `${outcome.record.status} ${outcome.record.errorCode ?? ''} ${reason ?? ''} in ${(outcome.ms / 1000).toFixed(2)} s; server peak RSS ${mb(hostilePeak)} (before: ${mb(rssBefore)}); health ${formatProbe(hostileHealth)}`,
      });
    }
    const workbookPath = path.join(where.dataDir, 'bench-reference.xlsx');
    writeFileSync(workbookPath, workbook);
    const reference = await server.ask({ type: 'reference', workbookPath });
    if (reference.type !== 'reference') throw new Error('the bench server did not run the reference');
    const highWater = procMemory(pid, 'VmHWM');
    const rows = ROWS.toLocaleString('en');
    const perSecond = (n: number) => `${Math.round((ROWS / n) * 1000).toLocaleString('en')} rows/s`;
    return [
      {
        scenario: `import ${rows} products (upload to completed, with evidence; ${label})`,
        figure: `${(run.ms / 1000).toFixed(1)} s, ${perSecond(run.ms)} (${(run.ms / reference.ms).toFixed(1)}× the reference)`,
        reference: `ExcelJS read + plain INSERT of the same cells, 500 per transaction: ${(reference.ms / 1000).toFixed(1)} s, ${perSecond(reference.ms)}`,
      },
      {
        scenario: `  server process peak RSS during the import (${label})`,
        figure: `${mb(peak)} at ${peakWritten.toLocaleString('en')} rows written (before the import: ${mb(before)}; the process's high-water mark at the end of the run: ${mb(highWater)})`,
      },
      {
        scenario: `  progress during the import (${label})`,
        figure: `${run.updates} updates; longest time without progress ${(run.longestStill / 1000).toFixed(2)} s (reading the sheet included)`,
      },
      {
        scenario: `  /api/health over HTTP while the import runs (${label})`,
        figure: formatProbe(busyHealth),
        reference: `the idle server, same run: ${formatProbe(idleHealth)}`,
      },
      ...hostile,
    ];
  } finally {
    await server.stop();
  }
}

export async function importScenarios(): Promise<LedgerFigure[]> {
  const workbook = await productWorkbook();
  console.log(
    `  import: workbook of ${ROWS.toLocaleString('en')} products, ${(workbook.length / MB).toFixed(1)} MB`,
  );
  // Each database in a server process of its own (PGlite's WebAssembly memory, once grown, stays resident).
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
  // BENCH_IMPORT_SKIP_PGLITE=1 runs PostgreSQL alone.
  if (process.env.BENCH_IMPORT_SKIP_PGLITE === '1') return postgres;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracehub-bench-import-'));
  try {
    return [...(await importOn('PGlite', workbook, { dataDir })), ...postgres];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
