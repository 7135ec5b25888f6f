// The server process of the import bench (bench/scenarios/import.ts bundles it beside the server's dist/main.js
// and starts it with node): the
// app as `npm start` runs it (HTTP on loopback, the job worker polling the queue, the sealer off), configured
// by the environment, with the bench's project code and tracing materials. The bench talks to it over HTTP and
// reads its memory from /proc, so that what is measured is the server's process alone, not the bench's
// workbook, prober or reference. Over IPC it answers its address and a session token once ready, and on request
// runs the same-run reference (ExcelJS read + plain INSERT) on its own database.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createRuntime, type Runtime } from '../../apps/server/src/bootstrap.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { materials } from '../../apps/server/src/db/schema.ts';
import { injectCall, signInWith } from './api-client.ts';

export const AUTOMAKER = 'e0a1c2d3-0001-4000-8000-000000000001';

/** What the server process says over IPC. */
export type ServerMessage =
  { type: 'ready'; address: string; token: string } | { type: 'reference'; ms: number };
/** What the bench asks of it. */
export type BenchRequest = { type: 'reference'; workbookPath: string };

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

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  LEDGER_SEAL_INTERVAL_MS: '0',
  JOB_POLL_INTERVAL_MS: '100',
  ...process.env,
});
const runtime = await createRuntime(config, { serveWeb: false, logger: false });
// Bundled beside dist/main.js, the app finds the built sheet worker (dist/sheet-worker.js) itself, as under
// `npm start`.
await runtime.app.ready();
const call = injectCall(runtime);
const token = await signInWith(call, 'demo-auto', AUTOMAKER);
await call('/project/add', { code: 'PRJ-BENCH' }, token);
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
const send = (m: ServerMessage) => process.send!(m);
process.on('message', (m: BenchRequest) => {
  if (m.type === 'reference') {
    void plainReference(runtime, readFileSync(m.workbookPath)).then((ms) => send({ type: 'reference', ms }));
  }
});
process.on('SIGTERM', () => {
  void runtime.app.close().then(() => process.exit(0));
});
send({ type: 'ready', address, token });
