import { describe, expect, it } from 'vitest';
import type { TListResponse, TPartner, TProjectCode } from '@tracehub/contract';
import { AS_AUTO, AS_SUPPLIER, call, useTestApp } from './support/app.ts';
import { expectOk } from './support/helpers.ts';
import { download, importAndRun, sheetRows } from './support/workbooks.ts';
import { zipPartText } from './support/zip.ts';

// Finding 9 of the security review: an export neutralises formulas by the cell's type (a string cell),
// not by changing the value, so that whatever an export writes, the import reads back.

/** Every cell of the first sheet: its reference, its type attribute, and whether it holds a formula. */
function sheetCells(xlsx: Buffer) {
  const xml = zipPartText(xlsx, 'xl/worksheets/sheet1.xml');
  return {
    xml,
    cells: [...xml.matchAll(/<c r="([A-Z]+\d+)"([^>]*?)(\/>|>(.*?)<\/c>)/g)].map((m) => ({
      ref: m[1]!,
      type: /\bt="(\w+)"/.exec(m[2]!)?.[1] ?? null,
      formula: /<f[\s>/]/.test(m[4] ?? ''),
    })),
  };
}

describe('exports that read back (string cells, no apostrophe)', () => {
  const t = useTestApp({ a: AS_AUTO, b: AS_SUPPLIER });

  const projects = async (token: string) =>
    expectOk(
      await call<TListResponse<TProjectCode>>(t.app, '/project/page', {
        token,
        body: { code: 'RT', sortField: 'code', sortOrder: 'asc', pageSize: 100 },
      }),
    ).list.map((p) => ({ code: p.code, notes: p.notes }));

  it('exports values starting with = + - @ as string cells and imports them back unchanged', async () => {
    const written = [
      { code: '=RT-1', notes: '=1+2' },
      { code: '+RT-2', notes: '+86 571-8888 6666' },
      { code: '-RT-3', notes: '-3' },
      { code: '@RT-4', notes: '@SUM(A1:A2)' },
      { code: 'RT-5', notes: '=HYPERLINK("http://evil","click")' },
      { code: 'RT-6', notes: 'first line\r\nsecond line' },
      { code: 'RT-7', notes: 'an escape-looking _x000D_ stays text' },
      { code: 'RT-8', notes: "'quoted already" },
    ];
    for (const body of written) expectOk(await call(t.app, '/project/add', { token: t.a, body }));
    const stored = await projects(t.a);
    expect(stored).toHaveLength(written.length);

    const exported = await download(t.app, '/project/export', {
      token: t.a,
      method: 'POST',
      body: { code: 'RT', sortField: 'code', sortOrder: 'asc' },
    });
    expect(exported.status).toBe(200);
    // In the file: no formula anywhere, every text a shared-string cell, the values as they are.
    const { xml, cells } = sheetCells(exported.raw);
    expect(xml).not.toMatch(/<f[\s>/]/);
    const textColumns = cells.filter((c) => /^[AB]\d+$/.test(c.ref));
    expect(textColumns).toHaveLength(2 * (1 + written.length));
    expect(textColumns.every((c) => c.type === 's' && !c.formula)).toBe(true);
    const rows = await sheetRows(exported.raw);
    expect(rows.slice(1).map((r) => ({ code: r[0], notes: r[1] }))).toEqual(stored);

    // Imported by another enterprise, the file gives exactly the records it was written from.
    const done = await importAndRun(t.app, t.runtime.deps, '/project/importExcel', {
      token: t.b,
      content: exported.raw,
      fileName: 'roundtrip.xlsx',
    });
    expect(done).toMatchObject({ status: 'completed', successNum: written.length, defeatNum: 0 });
    expect(await projects(t.b)).toEqual(stored);
    expect(stored.find((p) => p.code === 'RT-6')?.notes).toBe('first line\r\nsecond line');
  });

  it("imports the partner template's own example row (+86 571-8888 6666) in both languages", async () => {
    for (const [lang, token] of [
      ['zh', t.a],
      ['en', t.b],
    ] as const) {
      const template = await download(t.app, '/partner/template', { token, lang });
      const { xml, cells } = sheetCells(template.raw);
      expect(xml).not.toMatch(/<f[\s>/]/);
      expect(cells.filter((c) => c.type !== 's')).toEqual([]);
      const [header, example] = await sheetRows(template.raw);
      const phone = example![header!.indexOf(lang === 'zh' ? '联系电话' : 'Phone')];
      expect(phone).toBe('+86 571-8888 6666');

      const done = await importAndRun(t.app, t.runtime.deps, '/partner/importExcel', {
        token,
        content: template.raw,
        fileName: `template-${lang}.xlsx`,
        lang,
      });
      expect(done).toMatchObject({ status: 'completed', successNum: 1, defeatNum: 0, hasErrorLog: false });
      const partners = expectOk(
        await call<TListResponse<TPartner>>(t.app, '/partner/page', { token, body: { code: 'SUP-001' } }),
      ).list;
      expect(partners.map((p) => p.phone)).toEqual(['+86 571-8888 6666']);
    }
  });
  it('writes times in the requested zone, names the offset in the header, and reads them back in it', async () => {
    // Berlin moves to summer time at 01:00 UTC on 29 March 2026: one receipt before, one after.
    const written = [
      { code: 'TZ-1', name: '时区物料', batchNo: 'TZ-B1', receiptTime: Date.UTC(2026, 2, 28, 23, 30) },
      { code: 'TZ-1', name: '时区物料', batchNo: 'TZ-B2', receiptTime: Date.UTC(2026, 2, 29, 12, 0) },
    ];
    for (const body of written) expectOk(await call(t.app, '/materialData/add', { token: t.a, body }));
    const exported = (tz: string) =>
      download(t.app, '/materialData/export', {
        token: t.a,
        method: 'POST',
        body: { code: 'TZ-1', sortField: 'batchNo', sortOrder: 'asc', tz },
      });

    const inUtc = await sheetRows((await exported('UTC')).raw);
    const at = inUtc[0]!.indexOf('采购入库时间 (UTC+00:00)');
    expect(at).toBeGreaterThan(0);
    expect(inUtc.slice(1).map((r) => r[at])).toEqual(['2026/03/28 23:30:00', '2026/03/29 12:00:00']);
    expect(inUtc[0]).toContain('创建时间 (UTC+00:00)');

    // Both sides of the change in one column: it names the zone, and each time its own offset.
    const berlin = await exported('Europe/Berlin');
    const inBerlin = await sheetRows(berlin.raw);
    expect(inBerlin[0]![at]).toBe('采购入库时间 (Europe/Berlin)');
    expect(inBerlin.slice(1).map((r) => r[at])).toEqual([
      '2026/03/29 00:30:00 UTC+01:00',
      '2026/03/29 14:00:00 UTC+02:00',
    ]);

    // Read back: the file's own offsets, not China time, decide the instants.
    for (const file of [await exported('UTC'), berlin]) {
      expectOk(
        await call(t.app, '/materialData/batchDelete', { token: t.a, body: { ids: await idsOf('TZ-1') } }),
      );
      const record = await importAndRun(t.app, t.runtime.deps, '/materialData/importExcel', {
        token: t.a,
        content: file.raw,
        fileName: 'zoned.xlsx',
      });
      expect(record).toMatchObject({ status: 'completed', successNum: 2 });
      const back = expectOk(
        await call<TListResponse<{ batchNo: string; receiptTime: number | null }>>(
          t.app,
          '/materialData/page',
          {
            token: t.a,
            body: { code: 'TZ-1', sortField: 'batchNo', sortOrder: 'asc' },
          },
        ),
      ).list;
      expect(back.map((m) => m.receiptTime)).toEqual(written.map((w) => w.receiptTime));
    }
  });

  const idsOf = async (code: string) =>
    expectOk(
      await call<TListResponse<{ id: number }>>(t.app, '/materialData/page', { token: t.a, body: { code } }),
    ).list.map((m) => m.id);
});
