import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { validationMessage, type TProjectCode } from '@tracehub/contract';
import { auditLog, ledgerEvents, materials, productMaterials, products } from '../src/db/schema.ts';
import { importChunkRows } from '../src/platform/imports/job.ts';
import { AS_AUTO, AUTO_UUID, call, useTestApp } from './support/app.ts';
import { dbOf, expectOk } from './support/helpers.ts';
import { download, importAndRun, sheetRows, xlsxOf, type Cell } from './support/workbooks.ts';

// A product import writes each chunk set-based (one INSERT of its products, one of their material links, one
// evidence batch, one count update), yet stays all-or-nothing per row: a chunk holding good and bad rows
// writes its good rows with their evidence, and nothing of a bad row, whether the row is refused before the
// write (its cells, its references) or by the database during it (then the chunk is written row by row).

const HEADER = [
  '产品名称',
  '英文名称',
  '产品编码',
  '批次号',
  '车架号/序列号',
  '描述/规格',
  '单位',
  '重量（kg）',
  '项目编号',
  '溯源物料编码',
];

const row = (code: string, extra: { weight?: string; project?: string; materials?: string } = {}): Cell[] => [
  `产品 ${code}`,
  '',
  code,
  'L1',
  '',
  '',
  '件',
  extra.weight ?? '2.5',
  extra.project ?? 'PRJ-CHUNK',
  extra.materials ?? 'CHUNK-M1,CHUNK-M2',
];

describe('product import: per-row all-or-nothing inside a set-based chunk', () => {
  const t = useTestApp({ a: AS_AUTO });
  let material1: number;
  let material2: number;

  beforeAll(async () => {
    expectOk(await call<TProjectCode>(t.app, '/project/add', { token: t.a, body: { code: 'PRJ-CHUNK' } }));
    const rows = await dbOf(t)
      .insert(materials)
      .values(
        ['CHUNK-M1', 'CHUNK-M2'].map((code) => ({
          enterpriseUuid: AUTO_UUID,
          nature: 'purchased' as const,
          code,
          name: code,
          createdBy: 1,
        })),
      )
      .returning({ id: materials.id });
    [material1, material2] = rows.map((r) => r.id) as [number, number];
  });

  /** What is stored of the products whose code starts with `prefix`: rows, links, evidence and audit rows. */
  async function stored(prefix: string) {
    const db = dbOf(t);
    const rows = await db
      .select()
      .from(products)
      .where(and(eq(products.enterpriseUuid, AUTO_UUID), like(products.code, `${prefix}%`)));
    const ids = rows.map((r) => r.id);
    const links = ids.length
      ? await db.select().from(productMaterials).where(inArray(productMaterials.productId, ids))
      : [];
    const events = await db
      .select({ subjectId: ledgerEvents.subjectId, code: sql<string>`${ledgerEvents.payload}->>'code'` })
      .from(ledgerEvents)
      .where(
        and(
          eq(ledgerEvents.eventType, 'product.created'),
          sql`${ledgerEvents.payload}->>'code' like ${`${prefix}%`}`,
        ),
      );
    const audited = await db
      .select({ code: sql<string>`${auditLog.after}->>'code'` })
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'products'), sql`${auditLog.after}->>'code' like ${`${prefix}%`}`));
    return { rows, links, events, audited };
  }

  const errorLog = async (id: string) =>
    (await sheetRows((await download(t.app, `/import/records/${id}/errorLog`, { token: t.a })).raw)).slice(1);

  it('writes the good rows of a chunk together with their evidence; the refused rows write nothing', async () => {
    const content = await xlsxOf([
      HEADER,
      row('OK-1'),
      row('OK-2'),
      row('BAD-WEIGHT', { weight: '12kg' }),
      row('OK-3'),
      row('BAD-MATERIAL', { materials: 'CHUNK-M1,CHUNK-NONE' }),
      row('BAD-PROJECT', { project: 'PRJ-NONE' }),
      row('OK-2'),
      row('OK-4'),
    ]);
    expect(8).toBeLessThan(importChunkRows(t.runtime.deps.dbKind));
    const done = await importAndRun(t.app, t.runtime.deps, '/product/importExcel', { token: t.a, content });
    expect(done).toMatchObject({
      status: 'completed',
      importNum: 8,
      successNum: 4,
      defeatNum: 3,
      existNum: 1,
    });

    const good = await stored('OK-');
    expect(good.rows.map((r) => r.code).sort()).toEqual(['OK-1', 'OK-2', 'OK-3', 'OK-4']);
    // One chunk, one transaction: the good rows share the transaction's time.
    expect(new Set(good.rows.map((r) => r.createdAt.getTime())).size).toBe(1);
    expect(good.links).toHaveLength(8);
    for (const r of good.rows) {
      const own = good.links.filter((l) => l.productId === r.id).map((l) => l.materialId);
      expect(own.sort((x, y) => x - y)).toEqual([material1, material2].sort((x, y) => x - y));
    }
    expect(good.events.map((e) => Number(e.subjectId)).sort((x, y) => x - y)).toEqual(
      good.rows.map((r) => r.id).sort((x, y) => x - y),
    );
    expect(good.audited).toHaveLength(4);

    const bad = await stored('BAD-');
    expect(bad).toEqual({ rows: [], links: [], events: [], audited: [] });
    const log = await errorLog(done.id);
    expect(log.map((r) => [r[0], r[3]])).toEqual([
      [4, 'BAD-WEIGHT'],
      [6, 'BAD-MATERIAL'],
      [7, 'BAD-PROJECT'],
      [8, 'OK-2'],
    ]);
    expect(log.map((r) => r[11])).toEqual([
      validationMessage('v.weight.format', 'zh', { field: '重量（kg）' }),
      validationMessage('v.product.materialsUnknown', 'zh', { codes: 'CHUNK-NONE' }),
      validationMessage('v.product.projectUnknown', 'zh', { code: 'PRJ-NONE' }),
      validationMessage('v.import.duplicate', 'zh', { row: 3 }),
    ]);
  });

  it('writes a chunk row by row when the database refuses one of its rows: that row alone writes nothing', async () => {
    const db = dbOf(t);
    await db.execute(
      sql.raw(`create or replace function th_test_refuse_product() returns trigger language plpgsql as $$
      begin if new.code = 'DB-REFUSED' then raise exception 'refused by test'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw(
        'create trigger th_test_refuse_product before insert on products for each row execute function th_test_refuse_product()',
      ),
    );
    try {
      const content = await xlsxOf([
        HEADER,
        row('DB-1'),
        row('DB-REFUSED'),
        row('DB-2'),
        row('DB-BAD', { materials: 'CHUNK-NONE' }),
        row('DB-3'),
      ]);
      const done = await importAndRun(t.app, t.runtime.deps, '/product/importExcel', { token: t.a, content });
      expect(done).toMatchObject({
        status: 'completed',
        importNum: 5,
        successNum: 3,
        defeatNum: 2,
        existNum: 0,
      });
      const log = await errorLog(done.id);
      expect(log.map((r) => [r[0], r[3], r[11]])).toEqual([
        [3, 'DB-REFUSED', validationMessage('v.import.notSaved', 'zh')],
        [5, 'DB-BAD', validationMessage('v.product.materialsUnknown', 'zh', { codes: 'CHUNK-NONE' })],
      ]);
    } finally {
      await db.execute(sql.raw('drop trigger th_test_refuse_product on products'));
      await db.execute(sql.raw('drop function th_test_refuse_product()'));
    }
    const written = await stored('DB-');
    expect(written.rows.map((r) => r.code).sort()).toEqual(['DB-1', 'DB-2', 'DB-3']);
    expect(written.links).toHaveLength(6);
    expect(written.events.map((e) => e.code).sort()).toEqual(['DB-1', 'DB-2', 'DB-3']);
    expect(written.audited.map((e) => e.code).sort()).toEqual(['DB-1', 'DB-2', 'DB-3']);
  });
});
