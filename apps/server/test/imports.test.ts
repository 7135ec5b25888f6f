import { randomBytes } from 'node:crypto';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ERRORS,
  LIMITS,
  validationMessage,
  type TImportRecord,
  type TListResponse,
  type TProjectCode,
} from '@tracehub/contract';
import type { Db } from '../src/db/client.ts';
import { importRecords, jobs, ledgerEvents, projectCodes } from '../src/db/schema.ts';
import { defineJob } from '../src/platform/jobs/queue.ts';
import { runJobsUntilIdle, startJobWorker } from '../src/platform/jobs/worker.ts';
import { importChunkRows } from '../src/platform/imports/job.ts';
import { withTenant } from '../src/platform/tenancy.ts';
import {
  AS_AUTO,
  AUTO_UUID,
  SUPPLIER_UUID,
  call,
  signIn,
  startTestApp,
  usePersistentStore,
  useTestApp,
} from './support/app.ts';
import { pdfBytes } from './support/files.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import {
  download,
  importAndRun,
  importFile,
  importRecord,
  sheetRows,
  xlsxOf,
  type Cell,
} from './support/workbooks.ts';

const HEADER_ZH = ['项目编号', '备注'];
const HEADER_EN = ['Project code', 'Notes'];
const IMPORT = '/project/importExcel';

/** The enterprise's project codes starting with a prefix. */
const codesLike = (db: Db, prefix: string) =>
  db
    .select({ id: projectCodes.id, code: projectCodes.code })
    .from(projectCodes)
    .where(and(eq(projectCodes.enterpriseUuid, AUTO_UUID), like(projectCodes.code, `${prefix}%`)));

/** project.created events of these rows. */
async function creationEvents(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ subjectId: ledgerEvents.subjectId, payload: ledgerEvents.payload })
    .from(ledgerEvents)
    .where(
      and(eq(ledgerEvents.eventType, 'project.created'), inArray(ledgerEvents.subjectId, ids.map(String))),
    );
}

const eventCount = async (db: Db) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(ledgerEvents))[0]!.n;

describe('bulk import of project codes (platform/imports)', () => {
  const t = useTestApp({ a: AS_AUTO });
  const run = (content: Buffer, opts: { lang?: 'zh' | 'en'; fileName?: string; token?: string } = {}) =>
    importAndRun(t.app, t.runtime.deps, IMPORT, { token: t.a, content, ...opts });

  it('imports a clean 20,000-row workbook: every row written with its evidence', async () => {
    const rows: Cell[][] = [HEADER_ZH];
    for (let i = 1; i <= LIMITS.bulkImportMaxRows; i++) rows.push([`BULK-${i}`, `备注 ${i}`]);
    const content = await xlsxOf(rows);
    const queued = expectOk(await importFile(t.app, IMPORT, { token: t.a, fileName: '批量.xlsx', content }));
    expect(queued).toMatchObject({ status: 'queued', kind: 'project', fileName: '批量.xlsx', importNum: 0 });
    expect(queued.fileHash).toMatch(/^[0-9a-f]{64}$/);

    const started = performance.now();
    expect(await runJobsUntilIdle(t.runtime.deps)).toBe(1);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `20,000-row import on ${t.runtime.deps.dbKind}: ${seconds.toFixed(1)} s (${Math.round(LIMITS.bulkImportMaxRows / seconds)} rows/s)`,
    );

    const done = await importRecord(t.app, t.a, queued.id);
    expect(done).toMatchObject({
      status: 'completed',
      importNum: 20_000,
      processed: 20_000,
      successNum: 20_000,
      defeatNum: 0,
      existNum: 0,
      hasErrorLog: false,
      errorCode: null,
      operator: 'demo-auto',
    });
    expect(done.finishedAt).toBeGreaterThanOrEqual(done.createdAt);
    const written = await codesLike(dbOf(t), 'BULK-');
    expect(written).toHaveLength(20_000);
    const events = await creationEvents(
      dbOf(t),
      written.map((w) => w.id),
    );
    expect(events).toHaveLength(20_000);
    const codeOf = new Map(written.map((w) => [String(w.id), w.code]));
    expect(events.every((e) => (e.payload as { code: string }).code === codeOf.get(e.subjectId))).toBe(true);
    const [job] = await dbOf(t).select().from(jobs).where(eq(jobs.kind, 'import'));
    expect(job).toMatchObject({
      status: 'done',
      attempts: 1,
      progress: { processed: 20_000, total: 20_000 },
    });
  }, 300_000);

  it('writes the valid rows of a file with bad ones; the error log lists each refused row with its reasons', async () => {
    const content = await xlsxOf([
      ['Project codes'], // a title row above the header
      HEADER_EN,
      ['BAD-1', 'fine'],
      ['', 'no code'],
      ['x'.repeat(101), 'too long'],
      [null, null], // empty rows are skipped, not counted
      ['BAD-2', 'n'.repeat(101)],
      [1234, 'a number is a code too'],
      ['=HYPERLINK("http://evil","x")', 'n'.repeat(101)],
    ]);
    const before = await eventCount(dbOf(t));
    for (const lang of ['zh', 'en'] as const) {
      const done = await run(content, { lang, fileName: `bad-${lang}.xlsx` });
      expect(done).toMatchObject(
        lang === 'zh'
          ? { status: 'completed', importNum: 6, successNum: 2, defeatNum: 4, existNum: 0, hasErrorLog: true }
          : {
              status: 'completed',
              importNum: 6,
              successNum: 0,
              defeatNum: 4,
              existNum: 2,
              hasErrorLog: true,
            },
      );
      const log = await download(t.app, `/import/records/${done.id}/errorLog`, { token: t.a });
      expect(log.status).toBe(200);
      expect(log.headers['content-type']).toContain('spreadsheetml');
      const header = {
        zh: ['行号', '项目编号', '备注', '失败原因'],
        en: ['Row', 'Project code', 'Notes', 'Reasons'],
      };
      const code = { zh: '项目编号', en: 'Project code' }[lang];
      const notes = { zh: '备注', en: 'Notes' }[lang];
      const rows = await sheetRows(log.raw);
      expect(rows[0]).toEqual(header[lang]);
      const reasonsByRow = new Map(rows.slice(1).map((r) => [r[0], r[3]]));
      expect(reasonsByRow.get(4)).toBe(validationMessage('v.required', lang, { field: code }));
      expect(reasonsByRow.get(5)).toBe(validationMessage('v.tooLong', lang, { field: code, max: 100 }));
      expect(reasonsByRow.get(7)).toBe(validationMessage('v.tooLong', lang, { field: notes, max: 100 }));
      // The user's own cells come back as they were, as text (string cells: see import-hostile.test.ts).
      expect(rows.find((r) => r[0] === 9)).toEqual([
        9,
        '=HYPERLINK("http://evil","x")',
        'n'.repeat(101),
        validationMessage('v.tooLong', lang, { field: notes, max: 100 }),
      ]);
      if (lang === 'en') {
        // The second import finds the first one's rows: existing data.
        expect(reasonsByRow.get(3)).toBe(validationMessage('v.import.exists', 'en'));
        expect(reasonsByRow.get(8)).toBe(validationMessage('v.import.exists', 'en'));
        expect(rows).toHaveLength(1 + 6);
      } else {
        expect(rows).toHaveLength(1 + 4);
        expect(rows[1]).toEqual([4, null, 'no code', reasonsByRow.get(4)]);
      }
    }
    const written = await codesLike(dbOf(t), 'BAD-');
    expect(written.map((w) => w.code)).toEqual(['BAD-1']);
    const numeric = await dbOf(t).select().from(projectCodes).where(eq(projectCodes.code, '1234'));
    expect(numeric).toHaveLength(1);
    // One evidence event per written row, none for refused ones.
    expect((await eventCount(dbOf(t))) - before).toBe(2);
  });

  it('counts duplicates within the file and rows that already exist as existing data', async () => {
    expectOk(await call(t.app, '/project/add', { token: t.a, body: { code: 'DUP-OLD', notes: 'before' } }));
    const done = await run(
      await xlsxOf([
        HEADER_ZH,
        ['DUP-NEW', 'first'],
        ['DUP-OLD', 'already stored'],
        ['DUP-NEW', 'second in the file'],
        [' DUP-NEW ', 'trimmed, the same code'],
        ['DUP-OTHER', ''],
      ]),
    );
    expect(done).toMatchObject({ importNum: 5, successNum: 2, defeatNum: 0, existNum: 3 });
    const rows = await sheetRows(
      (await download(t.app, `/import/records/${done.id}/errorLog`, { token: t.a, lang: 'en' })).raw,
    );
    expect(rows.slice(1).map((r) => [r[0], r[3]])).toEqual([
      [3, validationMessage('v.import.exists', 'zh')],
      [4, validationMessage('v.import.duplicate', 'zh', { row: 2 })],
      [5, validationMessage('v.import.duplicate', 'zh', { row: 2 })],
    ]);
    const [kept] = await dbOf(t).select().from(projectCodes).where(eq(projectCodes.code, 'DUP-NEW'));
    expect(kept!.notes).toBe('first');
    const [old] = await dbOf(t).select().from(projectCodes).where(eq(projectCodes.code, 'DUP-OLD'));
    expect(old!.notes).toBe('before');
  });

  it('refuses files that are not xlsx or xls, by extension and by content, and files over 5 MB', async () => {
    const workbook = await xlsxOf([HEADER_ZH, ['TYPE-1', '']]);
    for (const lang of ['zh', 'en'] as const) {
      for (const [fileName, content] of [
        ['data.xlsx', pdfBytes()],
        ['data.csv', workbook],
        ['data.pdf', workbook],
        ['data.xls', workbook], // zip content under an .xls name
        ['data', workbook],
      ] as const) {
        expectError(
          await importFile(t.app, IMPORT, { token: t.a, fileName, content, lang }),
          'FILE_TYPE_INVALID',
          lang,
          { types: 'xls/xlsx' },
        );
      }
      const big = Buffer.concat([workbook, randomBytes(LIMITS.fileMaxBytes)]);
      expectError(
        await importFile(t.app, IMPORT, { token: t.a, fileName: 'big.xlsx', content: big, lang }),
        'FILE_TOO_LARGE',
        lang,
      );
    }
    const none = await call(t.app, IMPORT, { token: t.a, body: {} });
    expect(none.body.code).toMatch(/^E100[17]$/);
    expect(await dbOf(t).select().from(importRecords).where(like(importRecords.fileName, 'data%'))).toEqual(
      [],
    );
    expect(await codesLike(dbOf(t), 'TYPE-')).toEqual([]);
  });

  /** Imports a file that cannot be used as a whole: the record fails with its code, nothing is written. */
  async function expectWholeFailure(fileName: string, content: Buffer, reason: keyof typeof ERRORS) {
    const events = await eventCount(dbOf(t));
    const projects = (
      await dbOf(t)
        .select({ n: sql<number>`count(*)::int` })
        .from(projectCodes)
    )[0]!.n;
    const done = await run(content, { fileName });
    expect(done).toMatchObject({
      status: 'failed',
      errorCode: ERRORS[reason].code,
      successNum: 0,
      defeatNum: 0,
      existNum: 0,
      hasErrorLog: false,
    });
    expect(done.finishedAt).not.toBeNull();
    expect(await eventCount(dbOf(t))).toBe(events);
    expect(
      (
        await dbOf(t)
          .select({ n: sql<number>`count(*)::int` })
          .from(projectCodes)
      )[0]!.n,
    ).toBe(projects);
    return done;
  }

  it('fails a corrupt workbook, a damaged .xls, a wrong header and an empty sheet with their own codes', async () => {
    const good = await xlsxOf([HEADER_ZH, ['WHOLE-1', '']]);
    const corrupt = Buffer.concat([good.subarray(0, 4), randomBytes(4000)]);
    await expectWholeFailure('corrupt.xlsx', corrupt, 'IMPORT_FILE_UNREADABLE');
    await expectWholeFailure('truncated.xlsx', good.subarray(0, good.length - 100), 'IMPORT_FILE_UNREADABLE');
    const ole = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      randomBytes(2000),
    ]);
    // An OLE container that holds no readable workbook (real .xls files import: import-xls.test.ts).
    await expectWholeFailure('old.xls', ole, 'IMPORT_FILE_UNREADABLE');
    await expectWholeFailure(
      'header.xlsx',
      await xlsxOf([
        ['编号', '备注'],
        ['WHOLE-2', ''],
      ]),
      'IMPORT_HEADER_MISMATCH',
    );
    await expectWholeFailure('empty.xlsx', await xlsxOf([HEADER_EN, [null, null]]), 'IMPORT_NO_ROWS');
    // Both languages have a message for every such code.
    for (const reason of ['IMPORT_FILE_UNREADABLE', 'IMPORT_TOO_MANY_ROWS'] as const) {
      expect(ERRORS[reason].zh).not.toBe('');
      expect(ERRORS[reason].en).not.toBe('');
    }
  });

  it('fails a file of more than 20,000 rows as a whole: nothing written', async () => {
    const rows: Cell[][] = [HEADER_ZH];
    for (let i = 0; i <= LIMITS.bulkImportMaxRows; i++) rows.push([`MANY-${i}`, '']);
    await expectWholeFailure('many.xlsx', await xlsxOf(rows), 'IMPORT_TOO_MANY_ROWS');
    expect(await codesLike(dbOf(t), 'MANY-')).toEqual([]);
  });

  it('leaves no half-written row when the database refuses one: its chunk is retried row by row', async () => {
    const db = dbOf(t);
    await db.execute(
      sql.raw(`create or replace function th_test_refuse() returns trigger language plpgsql as $$
      begin if new.code = 'HALF-700' then raise exception 'refused by test'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw(
        'create trigger th_test_refuse before insert on project_codes for each row execute function th_test_refuse()',
      ),
    );
    try {
      const rows: Cell[][] = [HEADER_ZH];
      for (let i = 1; i <= 1200; i++) rows.push([`HALF-${i}`, '']);
      const done = await run(await xlsxOf(rows));
      expect(done).toMatchObject({
        status: 'completed',
        importNum: 1200,
        successNum: 1199,
        defeatNum: 1,
        existNum: 0,
      });
      const log = await sheetRows(
        (await download(t.app, `/import/records/${done.id}/errorLog`, { token: t.a })).raw,
      );
      expect(log.slice(1)).toEqual([[701, 'HALF-700', null, validationMessage('v.import.notSaved', 'zh')]]);
    } finally {
      await db.execute(sql.raw('drop trigger th_test_refuse on project_codes'));
      await db.execute(sql.raw('drop function th_test_refuse()'));
    }
    const written = await codesLike(db, 'HALF-');
    expect(written).toHaveLength(1199);
    expect(written.some((w) => w.code === 'HALF-700')).toBe(false);
    // Exactly one creation event per written row, and none for the refused one.
    const events = await creationEvents(
      db,
      written.map((w) => w.id),
    );
    expect(events).toHaveLength(1199);
    const refusedEvidence = await db
      .select()
      .from(ledgerEvents)
      .where(
        sql`${ledgerEvents.eventType} = 'project.created' and ${ledgerEvents.payload}->>'code' = 'HALF-700'`,
      );
    expect(refusedEvidence).toEqual([]);
  });

  it('resumes an interrupted import after its last committed chunk, counting nothing twice', async () => {
    const rows: Cell[][] = [HEADER_ZH];
    for (let i = 1; i <= 1200; i++) rows.push([`RESUME-${i}`, '']);
    const queued = expectOk(
      await importFile(t.app, IMPORT, { token: t.a, fileName: 'resume.xlsx', content: await xlsxOf(rows) }),
    );
    // A shutdown after the first chunk: the job goes back to the queue, uncounted.
    let asked = 0;
    await runJobsUntilIdle(t.runtime.deps, { stopping: () => ++asked > 2 });
    const chunk = importChunkRows(t.runtime.deps.dbKind);
    expect(await importRecord(t.app, t.a, queued.id)).toMatchObject({
      status: 'running',
      processed: chunk,
      successNum: chunk,
    });
    const [job] = await dbOf(t)
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'importId' = ${queued.id}`);
    expect(job).toMatchObject({ status: 'queued', attempts: 0, lockedAt: null });

    await runJobsUntilIdle(t.runtime.deps);
    expect(await importRecord(t.app, t.a, queued.id)).toMatchObject({
      status: 'completed',
      processed: 1200,
      successNum: 1200,
      existNum: 0,
      defeatNum: 0,
    });
    expect(await codesLike(dbOf(t), 'RESUME-')).toHaveLength(1200);
  });

  it('claims a job left running by a crashed process only once its lease has expired', async () => {
    const queued = expectOk(
      await importFile(t.app, IMPORT, {
        token: t.a,
        fileName: 'lease.xlsx',
        content: await xlsxOf([HEADER_ZH, ['LEASE-1', '']]),
      }),
    );
    const ofThis = sql`${jobs.payload}->>'importId' = ${queued.id}`;
    // As a process that claimed it and died would leave it.
    await dbOf(t).update(jobs).set({ status: 'running', attempts: 1, lockedAt: new Date() }).where(ofThis);
    expect(await runJobsUntilIdle(t.runtime.deps)).toBe(0);
    await dbOf(t)
      .update(jobs)
      .set({ lockedAt: new Date(Date.now() - t.runtime.deps.config.JOB_LEASE_MS - 1000) })
      .where(ofThis);
    expect(await runJobsUntilIdle(t.runtime.deps)).toBe(1);
    expect(await importRecord(t.app, t.a, queued.id)).toMatchObject({ status: 'completed', successNum: 1 });
    expect((await dbOf(t).select().from(jobs).where(ofThis))[0]).toMatchObject({
      status: 'done',
      attempts: 2,
    });
  });

  it('lists the imports of the resource, newest first, with filters', async () => {
    const records = expectOk(
      await call<TListResponse<TImportRecord>>(t.app, '/project/uploadRecord', {
        token: t.a,
        body: { pageSize: 100 },
      }),
    );
    expect(records.total).toBeGreaterThan(5);
    const times = records.list.map((r) => r.createdAt);
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const failed = expectOk(
      await call<TListResponse<TImportRecord>>(t.app, '/project/uploadRecord', {
        token: t.a,
        body: { status: 'failed', fileName: 'corrupt' },
      }),
    );
    expect(failed.list.map((r) => [r.fileName, r.errorCode])).toEqual([['corrupt.xlsx', 'F1003']]);
    expectError(await call(t.app, '/import/records/no-such-id', { token: t.a, method: 'GET' }), 'NOT_FOUND');
    const clean = records.list.find((r) => !r.hasErrorLog)!;
    expectError(
      (await download(t.app, `/import/records/${clean.id}/errorLog`, { token: t.a })).res,
      'NOT_FOUND',
    );
  });
  it('caps an export at 20,000 rows', async () => {
    const total = (
      await dbOf(t)
        .select({ n: sql<number>`count(*)::int` })
        .from(projectCodes)
        .where(eq(projectCodes.enterpriseUuid, AUTO_UUID))
    )[0]!.n;
    expect(total).toBeGreaterThan(LIMITS.bulkImportMaxRows);
    const started = performance.now();
    const res = await download(t.app, '/project/export', { token: t.a, method: 'POST', body: {} });
    console.log(`export of 20,000 rows: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    expect(res.status).toBe(200);
    expect(await sheetRows(res.raw)).toHaveLength(1 + LIMITS.bulkImportMaxRows);
  }, 120_000);
});

describe('templates and exports', () => {
  const t = useTestApp({ a: AS_AUTO });

  it("answers the import template in the request's language, with an example row", async () => {
    const zh = await download(t.app, '/project/template', { token: t.a });
    expect(zh.status).toBe(200);
    expect(zh.headers['content-disposition']).toContain(encodeURIComponent('项目编号 导入模板.xlsx'));
    const zhRows = await sheetRows(zh.raw);
    expect(zhRows).toHaveLength(2);
    expect(zhRows[0]).toEqual(HEADER_ZH);
    const en = await download(t.app, '/project/template', { token: t.a, lang: 'en' });
    expect((await sheetRows(en.raw))[0]).toEqual(HEADER_EN);
    // The template imports as it is.
    const done = await importAndRun(t.app, t.runtime.deps, IMPORT, { token: t.a, content: en.raw });
    expect(done).toMatchObject({ status: 'completed', successNum: 1 });
  });

  it('exports the rows the list shows, as text cells whatever a value starts with', async () => {
    const values = ['=1+2', '+SUM(A1:A2)', '-3', '@cmd', 'plain', '=HYPERLINK("http://evil","click")'];
    for (const [i, v] of values.entries()) {
      expectOk(
        await call(t.app, '/project/add', {
          token: t.a,
          body: { code: `EXP-${i} ${v}`.slice(0, 100), notes: v },
        }),
      );
    }
    const b = await signIn(t.app, 'demo-supplier', SUPPLIER_UUID);
    expectOk(await call(t.app, '/project/add', { token: b, body: { code: 'EXP-theirs', notes: '' } }));

    const zh = await download(t.app, '/project/export', {
      token: t.a,
      method: 'POST',
      body: { code: 'EXP-', sortField: 'code', sortOrder: 'asc' },
    });
    expect(zh.status).toBe(200);
    expect(zh.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const rows = await sheetRows(zh.raw);
    // Times in the default zone (China) without a tz: the header says so.
    expect(rows[0]).toEqual(['项目编号', '备注', '创建时间 (UTC+08:00)']);
    // Values unchanged, no apostrophe: the cells are string cells, never formulas (import-hostile.test.ts).
    expect(rows.slice(1).map((r) => r[1])).toEqual(values);
    expect(rows.slice(1).every((r) => String(r[2]).match(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/))).toBe(
      true,
    );
    expect(rows.some((r) => r[0] === 'EXP-theirs')).toBe(false);

    const list = expectOk(
      await call<TListResponse<TProjectCode>>(t.app, '/project/page', {
        token: t.a,
        body: { code: 'EXP-', sortField: 'code', sortOrder: 'asc', pageSize: 100 },
      }),
    );
    expect(rows.slice(1).map((r) => r[0])).toEqual(list.list.map((p) => p.code));

    const en = await download(t.app, '/project/export', {
      token: t.a,
      method: 'POST',
      lang: 'en',
      body: { code: 'EXP-0', tz: 'UTC' },
    });
    const enRows = await sheetRows(en.raw);
    expect(enRows[0]).toEqual(['Project code', 'Notes', 'Created (UTC+00:00)']);
    const created = list.list[0]!.createdAt;
    const utc = new Date(created).toISOString().replace('T', ' ').slice(0, 19).replace(/-/g, '/');
    expect(enRows[1]).toEqual(['EXP-0 =1+2', '=1+2', utc]);
    expect(en.headers['content-disposition']).toMatch(
      /filename\*=UTF-8''Project%20Codes%20export%20\d{8}-\d{6}\.xlsx/,
    );
  });

  it('describes the import and export endpoints in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { produces?: string[] }>>;
    };
    for (const p of ['importExcel', 'template', 'export', 'uploadRecord'])
      expect(doc.paths[`/api/project/${p}`]).toBeDefined();
    expect(doc.paths['/api/import/records/{id}']).toBeDefined();
    expect(doc.paths['/api/import/records/{id}/errorLog']).toBeDefined();
  });

  it('refuses invalid export filters with an envelope', async () => {
    const res = await download(t.app, '/project/export', {
      token: t.a,
      method: 'POST',
      body: { pageSize: 'x' },
    });
    expectError(res.res, 'VALIDATION', 'zh', {
      detail: validationMessage('v.type', 'zh', { field: 'pageSize' }),
    });
  });
});

describe('job queue (platform/jobs)', () => {
  const t = useTestApp();
  const ran: number[] = [];
  const failures: [number, string][] = [];
  const counter = defineJob({
    kind: 'test.count',
    payload: z.object({ n: z.number().int() }),
    async run(_deps, { n }) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      ran.push(n);
    },
  });
  const flaky = defineJob({
    kind: 'test.flaky',
    payload: z.object({ n: z.number().int() }),
    maxAttempts: 2,
    async run() {
      throw new Error('flaky by design');
    },
    async onFailed(_deps, { n }, error) {
      failures.push([n, error]);
    },
  });

  it('runs each job exactly once with concurrent workers (FOR UPDATE SKIP LOCKED)', async () => {
    for (let n = 0; n < 30; n++) await counter.enqueue(dbOf(t), null, { n });
    const counts = await Promise.all([
      runJobsUntilIdle(t.runtime.deps),
      runJobsUntilIdle(t.runtime.deps),
      runJobsUntilIdle(t.runtime.deps),
    ]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(30);
    expect([...ran].sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    const states = await dbOf(t)
      .select({ status: jobs.status, attempts: jobs.attempts })
      .from(jobs)
      .where(eq(jobs.kind, 'test.count'));
    expect(states.every((s) => s.status === 'done' && s.attempts === 1)).toBe(true);
  });

  it('retries a failing job later, then fails it for good and tells its definition', async () => {
    const id = await flaky.enqueue(dbOf(t), null, { n: 7 });
    expect(await runJobsUntilIdle(t.runtime.deps)).toBe(1);
    const [retry] = await dbOf(t).select().from(jobs).where(eq(jobs.id, id));
    expect(retry).toMatchObject({ status: 'queued', attempts: 1, error: 'flaky by design' });
    expect(retry!.runAfter.getTime()).toBeGreaterThan(Date.now());
    // Not due yet.
    expect(await runJobsUntilIdle(t.runtime.deps)).toBe(0);
    await dbOf(t)
      .update(jobs)
      .set({ runAfter: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, id));
    expect(await runJobsUntilIdle(t.runtime.deps)).toBe(1);
    expect((await dbOf(t).select().from(jobs).where(eq(jobs.id, id)))[0]).toMatchObject({
      status: 'failed',
      attempts: 2,
      error: 'flaky by design',
    });
    expect(failures).toEqual([[7, 'flaky by design']]);
  });

  it('works the queue in the background and stops on request', async () => {
    const worker = startJobWorker(t.runtime.deps, { intervalMs: 20, leaseMs: 60_000, log: console });
    try {
      await counter.enqueue(dbOf(t), null, { n: 100 });
      for (let i = 0; i < 200 && !ran.includes(100); i++) await new Promise((r) => setTimeout(r, 25));
      expect(ran).toContain(100);
    } finally {
      await worker.stop();
    }
    await counter.enqueue(dbOf(t), null, { n: 101 });
    await new Promise((r) => setTimeout(r, 100));
    expect(ran).not.toContain(101);
    await runJobsUntilIdle(t.runtime.deps);
  });

  it('lets a tenant enqueue only its own jobs and never change one', async () => {
    const tenant = { enterpriseUuid: AUTO_UUID, userId: 1 };
    const own = await withTenant(dbOf(t), tenant, (tx) => counter.enqueue(tx, AUTO_UUID, { n: 200 }));
    expect(own).toBeGreaterThan(0);
    await expect(
      withTenant(dbOf(t), tenant, (tx) => counter.enqueue(tx, SUPPLIER_UUID, { n: 201 })),
    ).rejects.toThrow();
    await expect(
      withTenant(dbOf(t), tenant, (tx) => tx.update(jobs).set({ status: 'done' }).where(eq(jobs.id, own))),
    ).rejects.toThrow();
    const seen = await withTenant(dbOf(t), tenant, (tx) => tx.select({ e: jobs.enterpriseUuid }).from(jobs));
    expect(seen.every((j) => j.e === AUTO_UUID)).toBe(true);
    await runJobsUntilIdle(t.runtime.deps);
  });
});

describe('an import survives a restart', () => {
  const store = usePersistentStore('import-restart');

  it('completes a job queued before the app closed once the app is reopened on the same data', async () => {
    const first = await startTestApp(store());
    let id: string;
    try {
      const token = await signIn(first.app, 'demo-auto', AUTO_UUID);
      const rows: Cell[][] = [HEADER_ZH];
      for (let i = 1; i <= 800; i++) rows.push([`RESTART-${i}`, '']);
      id = expectOk(
        await importFile(first.app, IMPORT, { token, fileName: 'restart.xlsx', content: await xlsxOf(rows) }),
      ).id;
    } finally {
      await first.close();
    }
    const second = await startTestApp(store());
    try {
      expect(second.runtime.seeded).toBe(false);
      const token = await signIn(second.app, 'demo-auto', AUTO_UUID);
      expect(await importRecord(second.app, token, id)).toMatchObject({ status: 'queued' });
      expect(await runJobsUntilIdle(second.runtime.deps)).toBe(1);
      expect(await importRecord(second.app, token, id)).toMatchObject({
        status: 'completed',
        successNum: 800,
      });
      expect(await codesLike(dbOf(second), 'RESTART-')).toHaveLength(800);
    } finally {
      await second.close();
    }
  });
});
