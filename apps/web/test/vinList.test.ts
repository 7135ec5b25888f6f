import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readVinList, VIN_LIST_MAX_BYTES } from '../src/features/checking/vinList';

async function workbook(rows: (string | number | null)[][]): Promise<Blob> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('VIN');
  for (const row of rows) sheet.addRow(row);
  return new Blob([await book.xlsx.writeBuffer()]);
}

describe('VIN list from an xlsx file (troubleshooting scope)', () => {
  it('reads the first column in order, skipping the header, blanks and repeats', async () => {
    const file = await workbook([
      ['车架号', 'note'],
      [' LGXCE4CB0N0000011 ', 'a'],
      [null, 'no VIN on this row'],
      ['LGXCE4CB0N0000022', 'b'],
      ['LGXCE4CB0N0000011', 'again'],
      [12345, 'a number reads as its text'],
    ]);
    expect(await readVinList(file)).toEqual({
      vins: ['LGXCE4CB0N0000011', 'LGXCE4CB0N0000022', '12345'],
    });
  });

  it('reads an English header too, and says when there is no VIN', async () => {
    expect(await readVinList(await workbook([['VIN'], ['V1']]))).toEqual({ vins: ['V1'] });
    expect(await readVinList(await workbook([['VIN'], [null, 'x']]))).toEqual({ error: 'empty' });
  });

  it('refuses a file that is no workbook, and one over the size limit before reading it', async () => {
    expect(await readVinList(new Blob(['VIN\nLGXCE4CB0N0000011']))).toEqual({ error: 'unreadable' });
    const huge = new Blob([new Uint8Array(VIN_LIST_MAX_BYTES + 1)]);
    expect(await readVinList(huge)).toEqual({ error: 'tooLarge' });
  });
});
