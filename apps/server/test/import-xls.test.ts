import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@tracehub/contract';
import { ledgerEvents, projectCodes } from '../src/db/schema.ts';
import type { ImportColumn } from '../src/platform/imports/importer.ts';
import { readImportSheet } from '../src/platform/imports/workbook-read.ts';
import { AS_AUTO, AUTO_UUID, useTestApp } from './support/app.ts';
import { dbOf } from './support/helpers.ts';
import { importAndRun } from './support/workbooks.ts';

/*
 * Excel 97-2003 workbooks (.xls), which the spec's imports accept beside .xlsx. The fixtures are real
 * BIFF8 files written by LibreOffice Calc 7.4 (`soffice --headless --convert-to xls`) from the .xlsx
 * beside them, so an .xls must read exactly as its .xlsx original does.
 */

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));

const CELL_COLUMNS: ImportColumn[] = [
  { key: 'code', zh: '编码', en: 'Code', example: '' },
  { key: 'time', zh: '时间', en: 'Time', example: '' },
  { key: 'flag', zh: '标记', en: 'Flag', example: '' },
  { key: 'quantity', zh: '数量', en: 'Quantity', example: '' },
];

describe('Excel 97-2003 workbooks', () => {
  it('reads cells as the xlsx reader reads the same sheet: text, dates and times, booleans, decimals, merges', async () => {
    const xls = await readImportSheet(fixture('cells-excel97.xls'), CELL_COLUMNS);
    const xlsx = await readImportSheet(fixture('cells-excel97.xlsx'), CELL_COLUMNS);
    expect('rows' in xls && xls.rows).toEqual([
      { rowNumber: 2, cells: ['A-1', '2026-01-15 10:30:00', 'TRUE', '12.5'] },
      { rowNumber: 3, cells: ['A-2', '2026-02-01', 'FALSE', '3'] },
      { rowNumber: 4, cells: ['M', '2026-03-03 08:00:00', 'TRUE', '0.0001'] },
      // A4:A5 is merged: the second row shows the first cell's text, as in Excel.
      { rowNumber: 5, cells: ['M', '2026-03-04 09:15:30', 'FALSE', '123456789.5'] },
    ]);
    expect('rows' in xls && xls.rows).toEqual('rows' in xlsx && xlsx.rows);
  });

  it('finds the header below a title row and skips empty rows', async () => {
    const columns: ImportColumn[] = [
      { key: 'code', zh: '项目编号', en: 'Project code', example: '' },
      { key: 'notes', zh: '备注', en: 'Notes', example: '' },
    ];
    const xls = await readImportSheet(fixture('projects-excel97.xls'), columns);
    expect(xls).toEqual({
      rows: [
        { rowNumber: 3, cells: ['XLS-PRJ-001', '来自 Excel 97-2003 的项目'] },
        { rowNumber: 5, cells: ['20260001', 'A "quoted" note & <tag>'] },
        { rowNumber: 6, cells: ['XLS-PRJ-003', ''] },
      ],
      inflatedBytes: 0,
    });
  });

  it('refuses an OLE file that is no workbook, and a workbook without the header', async () => {
    const notABook = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(2000, 7),
    ]);
    expect(await readImportSheet(notABook, CELL_COLUMNS)).toMatchObject({
      failure: 'IMPORT_FILE_UNREADABLE',
    });
    expect(
      await readImportSheet(fixture('projects-excel97.xls'), [
        { key: 'x', zh: '不存在的列', en: 'No such column', example: '' },
      ]),
    ).toMatchObject({ failure: 'IMPORT_HEADER_MISMATCH' });
  });

  describe('through the import API', () => {
    const t = useTestApp({ token: AS_AUTO });

    it('imports project codes from an .xls file, each recorded as evidence', async () => {
      const record = await importAndRun(t.app, t.runtime.deps, '/project/importExcel', {
        token: t.token,
        fileName: '项目编号.xls',
        content: fixture('projects-excel97.xls'),
      });
      expect(record).toMatchObject({
        status: 'completed',
        importNum: 3,
        successNum: 3,
        defeatNum: 0,
        existNum: 0,
      });
      const stored = await dbOf(t)
        .select({ id: projectCodes.id, code: projectCodes.code, notes: projectCodes.notes })
        .from(projectCodes)
        .where(
          and(
            eq(projectCodes.enterpriseUuid, AUTO_UUID),
            inArray(projectCodes.code, ['XLS-PRJ-001', '20260001', 'XLS-PRJ-003']),
          ),
        );
      expect(
        stored.map(({ code, notes }) => ({ code, notes })).sort((x, y) => x.code.localeCompare(y.code)),
      ).toEqual([
        { code: '20260001', notes: 'A "quoted" note & <tag>' },
        { code: 'XLS-PRJ-001', notes: '来自 Excel 97-2003 的项目' },
        { code: 'XLS-PRJ-003', notes: '' },
      ]);
      const evidence = await dbOf(t)
        .select({ subjectId: ledgerEvents.subjectId })
        .from(ledgerEvents)
        .where(
          and(
            eq(ledgerEvents.eventType, 'project.created'),
            inArray(
              ledgerEvents.subjectId,
              stored.map((r) => String(r.id)),
            ),
          ),
        );
      expect(evidence).toHaveLength(3);
    });

    it('fails a damaged .xls as a whole with a message in both languages', async () => {
      const damaged = fixture('projects-excel97.xls').subarray(0, 1500);
      const record = await importAndRun(t.app, t.runtime.deps, '/project/importExcel', {
        token: t.token,
        fileName: 'damaged.xls',
        content: damaged,
      });
      expect(record).toMatchObject({ status: 'failed', errorCode: ERRORS.IMPORT_FILE_UNREADABLE.code });
    });
  });
});
