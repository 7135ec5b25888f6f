import { multipartBody } from './multipart.ts';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { TImportRecord } from '@tracehub/contract';
import type { AppDeps } from '../../src/platform/context.ts';
import { runJobsUntilIdle } from '../../src/platform/jobs/worker.ts';
import { call, type Envelope } from './app.ts';
import { expectOk, type Res } from './helpers.ts';

/** Bulk import and export through the API: real xlsx workbooks built and read with ExcelJS. */

export type Cell = string | number | boolean | Date | null;

/** An xlsx workbook of one sheet with these rows (the first is usually the header). */
export async function xlsxOf(rows: readonly (readonly Cell[])[], sheetName = 'Sheet1'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The first sheet of a workbook as rows of cell values (1-based sheet columns become 0-based). */
export async function sheetRows(content: Buffer): Promise<Cell[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const rows: Cell[][] = [];
  workbook.worksheets[0]!.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as Cell[];
    // row.values is sparse and 1-based: holes (empty cells) become null.
    rows.push(Array.from({ length: values.length - 1 }, (_, i) => values[i + 1] ?? null));
  });
  return rows;
}

/** POST a workbook to a resource's importExcel as a browser does it: multipart, one `file` part. */
export async function importFile(
  app: FastifyInstance,
  path: string,
  opts: { token: string; fileName: string; content: Buffer; lang?: 'zh' | 'en' },
): Promise<Res<TImportRecord>> {
  const { payload, contentType } = multipartBody({ file: { name: opts.fileName, content: opts.content } });
  const res = await app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: {
      'content-type': contentType,
      authorization: `Bearer ${opts.token}`,
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
    payload,
  });
  return { status: res.statusCode, body: res.json() as Envelope<TImportRecord>, text: res.body };
}

/** A workbook answer: its bytes and headers, and the envelope when it failed. */
export async function download(
  app: FastifyInstance,
  path: string,
  opts: { token: string; method?: 'GET' | 'POST'; body?: unknown; lang?: 'zh' | 'en' },
) {
  const res = await app.inject({
    method: opts.method ?? 'GET',
    url: `/api${path}`,
    headers: {
      authorization: `Bearer ${opts.token}`,
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
    ...(opts.method === 'POST' ? { payload: (opts.body ?? {}) as object } : {}),
  });
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  return {
    status: res.statusCode,
    headers: res.headers,
    raw: res.rawPayload,
    res: {
      status: res.statusCode,
      body: (isJson ? res.json() : { code: '', msg: '', data: null }) as Envelope,
      text: res.body,
    },
  };
}

/** Imports a workbook, runs the job queue until idle, and answers the finished import record. */
export async function importAndRun(
  app: FastifyInstance,
  deps: AppDeps,
  path: string,
  opts: { token: string; fileName?: string; content: Buffer; lang?: 'zh' | 'en' },
): Promise<TImportRecord> {
  const queued = expectOk(await importFile(app, path, { fileName: 'import.xlsx', ...opts }));
  await runJobsUntilIdle(deps);
  return importRecord(app, opts.token, queued.id);
}

export async function importRecord(app: FastifyInstance, token: string, id: string): Promise<TImportRecord> {
  return expectOk(await call<TImportRecord>(app, `/import/records/${id}`, { token, method: 'GET' }));
}
