import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  DOCUMENT_TYPES,
  VIN_TABLE_CODES,
  defaultVinTables,
  ERRORS,
  documentRecords,
  documentType,
  validationMessage,
  type TMenuNode,
  type ZOperatorEnterprise,
} from '@tracehub/contract';
import { AS_AUTO, AS_SUPPLIER, SUPPLIER_UUID, call, useTestApp } from './support/app.ts';
import { operatorSignIn } from './support/company.ts';
import { expectError, expectOk } from './support/helpers.ts';
import { documentSheet } from './support/document-sheets.ts';
import { download, importAndRun, sheetRows } from './support/workbooks.ts';

type TEnterprise = z.infer<typeof ZOperatorEnterprise>;

const T0 = Date.parse('2026-03-01T08:00:00Z');
const MONEY = ['unitPrice', 'currency', 'amount'];
const VIN_TABLES = DOCUMENT_TYPES.filter((d) => d.family === 'internal');
const base = (code: string) => `/${documentType(code).route}`;

function pagePaths(nodes: readonly TMenuNode[]): string[] {
  return nodes.flatMap((n) => [...(n.type === 1 ? [n.path] : []), ...pagePaths(n.childs)]);
}

describe('VIN tables A-E: their own fields, the VIN first (issue 15 item 9)', () => {
  it('put the VIN/SN first on the form, the list, the template and the export of every table', () => {
    expect(VIN_TABLES.map((d) => d.code)).toEqual(VIN_TABLE_CODES);
    expect(VIN_TABLES).toHaveLength(23);
    for (const def of VIN_TABLES) {
      const record = documentRecords[def.code]!;
      const listed = Object.entries(record.fields as Record<string, { list?: unknown }>)
        .filter(([, f]) => f.list)
        .map(([k]) => k);
      expect(listed[0], def.code).toBe('vinSn');
      expect(record.formFields[0]?.key, def.code).toBe('vinSn');
      expect(record.importColumns[0]?.key, def.code).toBe('vinSn');
      expect(record.exportColumns[0]?.key, def.code).toBe('vinSn');
    }
    // A stage document keeps its number first.
    expect(documentRecords.PurchaseReceipt!.importColumns[0]?.key).toBe('billNo');
  });

  it('give each table its own fields: no money on a recall or a mine, the fitted part on B1-1', () => {
    const columns = (code: string) => documentRecords[code]!.importColumns.map((c) => c.key);
    expect(columns('InternalA4')).toEqual(['vinSn', 'billNo', 'bizTime', 'itemCode', 'itemName', 'notes']);
    expect(columns('InternalE2')).toEqual([
      'vinSn',
      'billNo',
      'bizTime',
      'itemCode',
      'itemName',
      'batchNo',
      'interiorBatchNo',
      'quantity',
      'unit',
      'siteName',
      'siteCountry',
      'siteLatitude',
      'siteLongitude',
      'notes',
    ]);
    expect(columns('InternalB11')).toEqual([
      'vinSn',
      'billNo',
      'bizTime',
      'partnerCode',
      'itemCode',
      'itemName',
      'batchNo',
      'interiorBatchNo',
      'quantity',
      'unit',
      'notes',
    ]);
    for (const code of [
      'InternalA4',
      'InternalE2',
      'InternalA13',
      'InternalA3',
      'InternalB11',
      'InternalD12',
    ]) {
      const record = documentRecords[code]!;
      const shown = [
        ...record.importColumns.map((c) => c.key),
        ...record.exportColumns.map((c) => c.key),
        ...record.formFields.map((c) => c.key),
      ];
      expect(
        shown.filter((k) => MONEY.includes(k)),
        code,
      ).toEqual([]);
    }
    // Sold vehicles and bought consumables keep their money.
    expect(columns('InternalA11')).toEqual(expect.arrayContaining(MONEY));
    expect(columns('InternalC4')).toEqual(expect.arrayContaining(MONEY));
  });

  it("refuses a value for a field the table does not have, and takes the table's own fields", () => {
    const a4 = documentRecords.InternalA4!;
    const refused = a4.create.safeParse({
      billNo: 'R-1',
      bizTime: T0,
      vinSn: 'LSVAU2180N2183294',
      amount: 100,
      currency: 'CNY',
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message]).sort()).toEqual([
      ['amount', 'v.document.notOfType'],
      ['currency', 'v.document.notOfType'],
    ]);
    expect(
      a4.create.safeParse({ billNo: 'R-1', bizTime: T0, vinSn: 'LSVAU2180N2183294', itemCode: 'XH-EV7' })
        .success,
    ).toBe(true);
  });
});

describe('VIN tables on the server: records, template, import, export and the tables of each kind', () => {
  const t = useTestApp({ auto: AS_AUTO, supplier: AS_SUPPLIER });
  let operator: string;

  const menuPaths = async (token: string) =>
    pagePaths(expectOk(await call<TMenuNode[]>(t.app, '/menu/selectMenusByUserId', { token })));
  const setTables = (enterpriseUuid: string, vinTables: string[] | null) =>
    call<TEnterprise>(t.app, '/operator/enterprise/updateVinTables', {
      token: operator,
      body: { enterpriseUuid, vinTables },
    });

  beforeAll(async () => {
    operator = await operatorSignIn(t.app);
  });

  it('records a recall without money, refuses one with it, and writes the VIN first in its files', async () => {
    const path = base('InternalA4');
    const ok = expectOk(
      await call<{ vinSn: string; amount: string | null }>(t.app, `${path}/add`, {
        token: t.auto,
        body: { billNo: 'ZH-T-1', bizTime: T0, vinSn: 'LVIN000000000001', itemCode: 'XH-EV7', notes: 'BMS' },
      }),
    );
    expect(ok).toMatchObject({ vinSn: 'LVIN000000000001', amount: null });
    for (const lang of ['zh', 'en'] as const) {
      const res = await call(t.app, `${path}/add`, {
        token: t.auto,
        lang,
        body: { billNo: 'ZH-T-2', bizTime: T0, vinSn: 'LVIN000000000002', amount: 5, currency: 'CNY' },
      });
      expect(res.body.code).toBe(ERRORS.VALIDATION.code);
      const fields = (res.body.data as { fields: { field: string; message: string }[] }).fields;
      expect(fields.map((f) => f.field).sort()).toEqual(['amount', 'currency']);
      expect(fields[0]?.message).toContain(validationMessage('v.document.notOfType', lang, { field: '' }));
    }

    const template = await download(t.app, `${path}/template`, { token: t.auto, lang: 'en' });
    const [header] = await sheetRows(Buffer.from(template.raw));
    expect(header?.[0]).toBe('VIN/SN');
    expect(header).not.toContain('Amount');

    const record = await importAndRun(t.app, t.runtime.deps, `${path}/importExcel`, {
      token: t.auto,
      content: await documentSheet('InternalA4', 'zh', [
        { vinSn: 'LVIN000000000003', billNo: 'ZH-T-3', bizTime: '2026-03-02 10:00:00', itemCode: 'XH-EV7' },
      ]),
    });
    expect(record).toMatchObject({ status: 'completed', successNum: 1 });

    const exported = await download(t.app, `${path}/export`, {
      token: t.auto,
      method: 'POST',
      body: {},
      lang: 'en',
    });
    const rows = await sheetRows(Buffer.from(exported.raw));
    expect(rows[0]?.[0]).toBe('VIN/SN');
    expect(rows[0]).not.toContain('Amount');
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['LVIN000000000001', 'LVIN000000000003']);
  });

  it("shows an automaker every table and a battery supplier only its kind's, until the operator chooses", async () => {
    const everyTable = VIN_TABLES.map((d) => `/${d.route}`);
    expect(await menuPaths(t.auto)).toEqual(expect.arrayContaining(everyTable));

    // 恒信电池 is a manufacturer: the sources of what it makes (D, E), not the automaker's tables.
    const ownTables = defaultVinTables('manufacturing').map((c) => `/${documentType(c).route}`);
    expect(ownTables).toEqual(['/internalD/D1-1', '/internalD/D1-2', '/internalE/E1', '/internalE/E2']);
    const shown = (await menuPaths(t.supplier)).filter((p) => p.startsWith('/internal'));
    expect(shown.filter((p) => !p.endsWith('/uploadOperation'))).toEqual(ownTables);
    expectError(
      await call(t.app, `${base('InternalB11')}/page`, { token: t.supplier, body: {} }),
      'FORBIDDEN',
    );
    expectOk(await call(t.app, `${base('InternalE2')}/page`, { token: t.supplier, body: {} }));

    // The operator gives it B1-1 as well: its menu and endpoints follow on the next request.
    const chosen = expectOk(await setTables(SUPPLIER_UUID, ['InternalB11', 'InternalE2', 'InternalB11']));
    expect(chosen.vinTables).toEqual(['InternalB11', 'InternalE2']);
    const now = (await menuPaths(t.supplier)).filter(
      (p) => p.startsWith('/internal') && !p.endsWith('/uploadOperation'),
    );
    expect(now).toEqual(['/internalB/B1-1', '/internalE/E2']);
    expectOk(await call(t.app, `${base('InternalB11')}/page`, { token: t.supplier, body: {} }));
    expectError(
      await call(t.app, `${base('InternalD11')}/page`, { token: t.supplier, body: {} }),
      'FORBIDDEN',
    );

    expect((await setTables(SUPPLIER_UUID, ['PurchaseReceipt'])).body.code).toBe(ERRORS.VALIDATION.code);
    expect(expectOk(await setTables(SUPPLIER_UUID, null)).vinTables).toBeNull();
    expect((await menuPaths(t.supplier)).filter((p) => p.startsWith('/internal'))).toEqual(
      expect.arrayContaining(ownTables),
    );
    expectError(
      await call(t.app, `${base('InternalA11')}/page`, { token: t.supplier, body: {} }),
      'FORBIDDEN',
    );
  });
});
