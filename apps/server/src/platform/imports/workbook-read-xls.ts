import * as XLSX from '@e965/xlsx';
import type { TErrorKey } from '@tracehub/contract';
import type { ImportColumn } from './importer.ts';
import {
  isDateFormat,
  MAX_SHEET_ROW,
  RowCollector,
  serialDateText,
  SheetStop,
  type SheetRow,
} from './sheet-rows.ts';

/*
 * Excel 97-2003 workbooks (.xls, the BIFF format in an OLE container), which the spec's imports accept
 * beside .xlsx. SheetJS (the maintained 0.20 line, republished on npm as @e965/xlsx; the npm `xlsx` 0.18
 * has known vulnerabilities) parses the first sheet; its cells then read as the xlsx reader reads them and
 * go through the same row collector (header, columns, merged ranges, row limit). It runs where the xlsx
 * reader runs: in the import's worker thread, whose heap and time are bounded (sheet-thread.ts). A BIFF8
 * sheet ends at row 65,536, so a file's size bounds its work.
 */

type XlsResult = ({ rows: SheetRow[] } | { failure: TErrorKey }) & { inflatedBytes: number };

/** A cell as the text the user sees (numbers in a date format as dates, booleans TRUE/FALSE). */
function cellText(cell: XLSX.CellObject, date1904: boolean): string {
  switch (cell.t) {
    case 'n':
      return typeof cell.v === 'number'
        ? isDateFormat(typeof cell.z === 'string' ? cell.z : undefined)
          ? serialDateText(cell.v, date1904)
          : String(cell.v)
        : '';
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'e':
      return cell.w ?? '';
    case 's':
      return cell.v === undefined || cell.v === null ? '' : String(cell.v);
    default:
      return '';
  }
}

export function readXlsSheet(content: Buffer, columns: readonly ImportColumn[]): XlsResult {
  const inflatedBytes = 0;
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(content, {
      type: 'buffer',
      dense: true,
      sheets: 0,
      cellNF: true,
      cellDates: false,
      cellFormula: false,
      cellHTML: false,
      cellText: true,
      cellStyles: false,
    });
  } catch {
    return { failure: 'IMPORT_FILE_UNREADABLE', inflatedBytes };
  }
  const sheet = book.SheetNames[0] === undefined ? undefined : book.Sheets[book.SheetNames[0]];
  const data = (sheet as XLSX.DenseWorkSheet | undefined)?.['!data'];
  if (!sheet || !data) return { failure: 'IMPORT_FILE_UNREADABLE', inflatedBytes };
  const date1904 = Boolean(book.Workbook?.WBProps?.date1904);
  const collector = new RowCollector(columns);
  try {
    for (const m of sheet['!merges'] ?? []) {
      collector.merge({ r1: m.s.r + 1, c1: m.s.c + 1, r2: m.e.r + 1, c2: m.e.c + 1 });
    }
    for (let r = 0; r < data.length; r++) {
      const row = data[r];
      if (!row) continue;
      if (r + 1 > MAX_SHEET_ROW) throw new SheetStop('IMPORT_SHEET_TOO_LARGE');
      const cells = new Map<number, string>();
      for (let c = 0; c < row.length; c++) {
        const cell = row[c];
        if (!cell || !collector.wants(c + 1)) continue;
        const text = cellText(cell, date1904);
        if (text !== '') cells.set(c + 1, text);
      }
      if (cells.size > 0) collector.row(r + 1, cells);
    }
  } catch (err) {
    if (err instanceof SheetStop) return { failure: err.failure, inflatedBytes };
    return { failure: 'IMPORT_FILE_UNREADABLE', inflatedBytes };
  }
  return { ...collector.result(), inflatedBytes };
}
