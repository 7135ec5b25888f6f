import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { validationMessage, type TMaterial } from '@tracehub/contract';
import type { Db } from '../src/db/client.ts';
import { ledgerEvents, materials } from '../src/db/schema.ts';
import { AS_AUTO, AUTO_UUID, call, useTestApp } from './support/app.ts';
import { dbOf, expectOk } from './support/helpers.ts';
import { MATERIAL_IMPORT_HEADERS as HEADER } from './support/material-headers.ts';
import { download, importAndRun, sheetRows, xlsxOf, type Cell } from './support/workbooks.ts';

/** The enterprise's materials of a nature whose code starts with a prefix, by code and batch. */
const stored = (db: Db, nature: 'purchased' | 'homemade', prefix: string) =>
  db
    .select()
    .from(materials)
    .where(
      and(
        eq(materials.enterpriseUuid, AUTO_UUID),
        eq(materials.nature, nature),
        like(materials.code, `${prefix}%`),
      ),
    )
    .orderBy(materials.code, materials.batchNo);

const eventCount = async (db: Db) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(ledgerEvents))[0]!.n;

/** China time (UTC+8), as the sheet's wall-clock times are read. */
const chinaTime = (text: string) => Date.parse(`${text}+08:00`);

describe('bulk import and export of materials', () => {
  const t = useTestApp({ a: AS_AUTO });

  it('offers each nature its own template, headers in the language, an example row', async () => {
    for (const nature of ['purchased', 'homemade'] as const) {
      const base = nature === 'purchased' ? '/materialData' : '/materialDataIn';
      for (const lang of ['zh', 'en'] as const) {
        const res = await download(t.app, `${base}/template`, { token: t.a, lang });
        expect(res.status).toBe(200);
        const rows = await sheetRows(res.raw);
        expect(rows[0]).toEqual(HEADER[nature][lang]);
        // The example row names a tracing object the way the language does.
        expect(rows[1]![4]).toBe(lang === 'zh' ? '是' : 'yes');
        expect(rows).toHaveLength(2);
      }
    }
  });

  it('writes the good rows of a file with bad ones; the error log lists the row numbers and reasons', async () => {
    expectOk(
      await call<TMaterial>(t.app, '/materialData/add', {
        token: t.a,
        body: { code: 'IMP-OLD', name: '已有', batchNo: 'B1' },
      }),
    );
    const before = await eventCount(dbOf(t));
    const h = HEADER.purchased.zh;
    const row = (cells: Partial<Record<(typeof h)[number], Cell>>): Cell[] =>
      h.map((name) => cells[name] ?? null);
    const content = await xlsxOf([
      ['外购物料'], // a title row above the header
      [...h],
      row({
        物料编号: 'IMP-1',
        物料名称: '电芯',
        英文名称: 'Cell',
        批次号: 'B1',
        是否溯源对象: '是',
        '重量（kg）': '123456789.1234',
        单位: 'pcs',
        供应商物料编码: 'SUP-9',
        采购入库单号: 'RK-1',
        采购入库时间: '2026-01-15 10:30:00',
        描述: 'good',
      }),
      // The same code in another batch is another material; a real date cell and a number weight.
      row({
        物料编号: 'IMP-1',
        物料名称: '电芯',
        批次号: 'B2',
        是否溯源对象: 'no',
        '重量（kg）': 12.5,
        采购入库时间: new Date(Date.UTC(2026, 1, 3)),
      }),
      row({ 物料名称: '无编号' }),
      row({ 物料编号: 'IMP-2', 物料名称: '负重', '重量（kg）': '-1' }),
      row({ 物料编号: 'IMP-3', 物料名称: '五位小数', '重量（kg）': '1.12345' }),
      row({ 物料编号: 'IMP-4', 物料名称: '溯源不明', 是否溯源对象: 'maybe' }),
      row({ 物料编号: 'IMP-5', 物料名称: '日期不存在', 采购入库时间: '2026-02-30' }),
      row({ 物料编号: 'IMP-1', 物料名称: '重复', 批次号: 'B1' }),
      row({ 物料编号: 'IMP-OLD', 物料名称: '已有', 批次号: 'B1' }),
      row({ 物料编号: 'IMP-6', 物料名称: '最少字段' }),
    ]);
    const done = await importAndRun(t.app, t.runtime.deps, '/materialData/importExcel', {
      token: t.a,
      content,
      fileName: '物料.xlsx',
    });
    expect(done).toMatchObject({
      kind: 'materialData',
      status: 'completed',
      importNum: 10,
      successNum: 3,
      defeatNum: 5,
      existNum: 2,
      hasErrorLog: true,
    });

    const log = await download(t.app, `/import/records/${done.id}/errorLog`, { token: t.a });
    expect(log.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(log.raw);
    expect(rows[0]).toEqual(['行号', ...h, '失败原因']);
    const reasons = new Map(rows.slice(1).map((r) => [r[0], r.at(-1)]));
    const weight = validationMessage('v.weight.format', 'zh', { field: '重量（kg）' });
    expect([...reasons.entries()]).toEqual([
      [5, validationMessage('v.required', 'zh', { field: '物料编号' })],
      [6, weight],
      [7, weight],
      [8, validationMessage('v.type', 'zh', { field: '是否溯源对象' })],
      [9, validationMessage('v.type', 'zh', { field: '采购入库时间' })],
      [10, validationMessage('v.import.duplicate', 'zh', { row: 3 })],
      [11, validationMessage('v.import.exists', 'zh')],
    ]);
    // The refused row is logged as it was written.
    expect(rows.find((r) => r[0] === 8)?.slice(1, 6)).toEqual(['IMP-4', '溯源不明', null, null, 'maybe']);

    const written = await stored(dbOf(t), 'purchased', 'IMP-');
    expect(written.map((m) => [m.code, m.batchNo])).toEqual([
      ['IMP-1', 'B1'],
      ['IMP-1', 'B2'],
      ['IMP-6', ''],
      ['IMP-OLD', 'B1'],
    ]);
    expect(written[0]).toMatchObject({
      name: '电芯',
      nameEn: 'Cell',
      tracingObject: true,
      weight: '123456789.1234',
      unit: 'pcs',
      supplierMaterialCode: 'SUP-9',
      receiptNo: 'RK-1',
      description: 'good',
    });
    expect(written[0]!.receiptTime?.getTime()).toBe(chinaTime('2026-01-15T10:30:00'));
    expect(written[1]).toMatchObject({ tracingObject: false, weight: '12.5000' });
    expect(written[1]!.receiptTime?.getTime()).toBe(chinaTime('2026-02-03T00:00:00'));
    expect(written[2]).toMatchObject({ tracingObject: false, weight: null, receiptTime: null });
    // One evidence event per written row, none for refused ones.
    expect((await eventCount(dbOf(t))) - before).toBe(3);
    const created = await dbOf(t)
      .select()
      .from(ledgerEvents)
      .where(
        and(
          eq(ledgerEvents.eventType, 'material.created'),
          inArray(
            ledgerEvents.subjectId,
            written.slice(0, 3).map((m) => String(m.id)),
          ),
        ),
      );
    expect(created.map((e) => (e.payload as { code: string; batchNo: string }).batchNo).sort()).toEqual([
      '',
      'B1',
      'B2',
    ]);
  });

  it('imports homemade products on their own page, in English, apart from purchased ones', async () => {
    const h = HEADER.homemade.en;
    const done = await importAndRun(t.app, t.runtime.deps, '/materialDataIn/importExcel', {
      token: t.a,
      lang: 'en',
      content: await xlsxOf([
        [...h],
        // The same code and batch as a purchased material: another nature, another record.
        ['IMP-1', 'Module', '', 'B1', 'YES', '3', '', 'WG-1', '2026/03/01 08:00', ''],
        ['IMP-7', 'Pack', '', '', 'TRUE', 'heavy', '', '', '', ''],
        ['', '', '', '', '', '', '', '', '', 'only a description'],
      ]),
    });
    expect(done).toMatchObject({
      kind: 'materialDataIn',
      importNum: 3,
      successNum: 1,
      defeatNum: 2,
      existNum: 0,
    });
    const rows = await sheetRows(
      (await download(t.app, `/import/records/${done.id}/errorLog`, { token: t.a })).raw,
    );
    expect(rows[0]).toEqual(['Row', ...h, 'Reasons']);
    expect(rows.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([
      [3, validationMessage('v.weight.format', 'en', { field: 'Weight (kg)' })],
      [
        4,
        [
          validationMessage('v.required', 'en', { field: 'Product code' }),
          validationMessage('v.required', 'en', { field: 'Product name' }),
        ].join('; '),
      ],
    ]);
    const [made] = await stored(dbOf(t), 'homemade', 'IMP-');
    expect(made).toMatchObject({ code: 'IMP-1', batchNo: 'B1', tracingObject: true, receiptNo: 'WG-1' });
    expect(made!.receiptTime?.getTime()).toBe(chinaTime('2026-03-01T08:00:00'));
    expect(await stored(dbOf(t), 'purchased', 'IMP-1')).toHaveLength(2);
  });

  it('exports what the list shows, in the language and time zone, with yes/no and exact weights', async () => {
    const exported = await download(t.app, '/materialData/export', {
      token: t.a,
      method: 'POST',
      lang: 'en',
      body: { code: 'IMP-1', sortField: 'batchNo', sortOrder: 'asc', tz: 'Asia/Shanghai' },
    });
    expect(exported.status).toBe(200);
    const rows = await sheetRows(exported.raw);
    // Time columns name their zone's offset (the export reads back: export-roundtrip.test.ts).
    const inZone = (headers: readonly string[], zone: string) =>
      headers.map((h) => (/time$|时间$/i.test(h) ? `${h} (${zone})` : h));
    expect(rows[0]).toEqual([
      ...inZone(HEADER.purchased.en, 'UTC+08:00'),
      'Quality inspection report',
      'Created (UTC+08:00)',
    ]);
    expect(rows.slice(1).map((r) => r.slice(0, 11))).toEqual([
      [
        'IMP-1',
        '电芯',
        'Cell',
        'B1',
        'yes',
        123456789.1234,
        'pcs',
        'SUP-9',
        'RK-1',
        '2026/01/15 10:30:00',
        'good',
      ],
      ['IMP-1', '电芯', null, 'B2', 'no', 12.5, null, null, null, '2026/02/03 00:00:00', null],
    ]);
    const homemade = await sheetRows(
      (
        await download(t.app, '/materialDataIn/export', {
          token: t.a,
          method: 'POST',
          body: { code: 'IMP-', tz: 'UTC' },
        })
      ).raw,
    );
    expect(homemade[0]).toEqual([
      ...inZone(HEADER.homemade.zh, 'UTC+00:00'),
      '质检报告',
      '创建时间 (UTC+00:00)',
    ]);
    expect(homemade.slice(1).map((r) => [r[0], r[4], r[8]])).toEqual([
      ['IMP-1', '是', '2026/03/01 00:00:00'],
    ]);
  });
});
