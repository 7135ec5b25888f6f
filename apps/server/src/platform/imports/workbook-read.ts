import ExcelJS from 'exceljs';
import { LIMITS, detectFileKind, type TErrorKey } from '@tracehub/contract';
import type { ImportColumn } from './importer.ts';

/** A data row of the sheet: its worksheet row number and its cells as text, in the importer's column order. */
export interface SheetRow {
  rowNumber: number;
  cells: string[];
}

/** The data rows, or why the file cannot be imported at all (a catalogue key: the record's errorCode). */
export type SheetResult = { rows: SheetRow[] } | { failure: TErrorKey };

/** The header row must be among the first rows that have content (a title row above it is common). */
const HEADER_SEARCH_ROWS = 10;
/**
 * Most a workbook may inflate to (the sizes its zip directory declares): a 20,000-row sheet is a few tens of
 * megabytes of XML, a 5 MB "zip bomb" could be gigabytes.
 */
const MAX_INFLATED_BYTES = 100 * 1024 * 1024;

/**
 * Reads the first worksheet of an uploaded workbook: finds the header row (each column by its zh or en header,
 * in any order), then collects the data rows, skipping empty ones; more than LIMITS.bulkImportMaxRows data
 * rows is a failure. Old .xls (BIFF) files, which ExcelJS cannot read, and anything that is not a readable
 * xlsx are failures, never exceptions.
 *
 * The whole workbook is loaded (its inflated size is bounded first): ExcelJS 4.4's streaming reader races on
 * the order of zip entries and intermittently loses the workbook part or the shared strings of files that
 * ExcelJS itself wrote (exceljs/exceljs#3064), which includes our own templates.
 */
export async function readImportSheet(
  content: Buffer,
  columns: readonly ImportColumn[],
): Promise<SheetResult> {
  const kind = detectFileKind(content);
  if (kind === 'ole') return { failure: 'IMPORT_XLS_UNSUPPORTED' };
  if (kind !== 'zip' || !inflatesWithinLimit(content)) return { failure: 'IMPORT_FILE_UNREADABLE' };

  const workbook = new ExcelJS.Workbook();
  try {
    // ExcelJS types its argument with an older Buffer declaration than @types/node 20.
    await workbook.xlsx.load(content as unknown as ExcelJS.Buffer);
  } catch {
    return { failure: 'IMPORT_FILE_UNREADABLE' };
  }
  const sheet = workbook.worksheets[0];
  return sheet ? readRows(sheet, columns) : { failure: 'IMPORT_FILE_UNREADABLE' };
}

function readRows(sheet: ExcelJS.Worksheet, columns: readonly ImportColumn[]): SheetResult {
  let positions: number[] | null = null;
  let rowsBeforeHeader = 0;
  const rows: SheetRow[] = [];
  for (let n = 1; n <= sheet.rowCount; n++) {
    const row = sheet.getRow(n);
    const values = row.values as ExcelJS.CellValue[];
    if (!positions) {
      if (values.every((v) => cellText(v).trim() === '')) continue;
      positions = headerPositions(values, columns);
      if (!positions && ++rowsBeforeHeader >= HEADER_SEARCH_ROWS)
        return { failure: 'IMPORT_HEADER_MISMATCH' };
      continue;
    }
    const cells = positions.map((p) => cellText(values[p]));
    if (cells.every((c) => c.trim() === '')) continue;
    if (rows.length >= LIMITS.bulkImportMaxRows) return { failure: 'IMPORT_TOO_MANY_ROWS' };
    rows.push({ rowNumber: row.number, cells });
  }
  if (!positions) return { failure: 'IMPORT_HEADER_MISMATCH' };
  if (rows.length === 0) return { failure: 'IMPORT_NO_ROWS' };
  return { rows };
}

/** Headers compare without spaces, required-marks (*) and case. */
const normalHeader = (text: string) => text.replace(/[\s*＊]/g, '').toLowerCase();

/** The sheet column of each importer column, or null when the row is not the header (a column is missing). */
function headerPositions(values: ExcelJS.CellValue[], columns: readonly ImportColumn[]): number[] | null {
  const at = new Map<string, number>();
  values.forEach((v, i) => {
    const text = normalHeader(cellText(v));
    if (text && !at.has(text)) at.set(text, i);
  });
  const positions: number[] = [];
  for (const column of columns) {
    const p = at.get(normalHeader(column.zh)) ?? at.get(normalHeader(column.en));
    if (p === undefined) return null;
    positions.push(p);
  }
  return positions;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as the text the user sees (dates as YYYY-MM-DD, with the time when it has one). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    // ExcelJS gives a sheet's wall-clock time as that time in UTC.
    const date = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const time = `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
    return time === '00:00:00' ? date : `${date} ${time}`;
  }
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('hyperlink' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('error' in value) return value.error;
  if ('result' in value) return cellText(value.result ?? null);
  return '';
}

/**
 * Whether the zip's central directory declares at most MAX_INFLATED_BYTES of content (false also when the
 * directory cannot be found: then it is not a zip file at all).
 */
function inflatesWithinLimit(zip: Buffer): boolean {
  // The end-of-central-directory record: 22 bytes plus a comment of up to 65,535 bytes, at the very end.
  const floor = Math.max(0, zip.length - 22 - 0xffff);
  let end = -1;
  for (let i = zip.length - 22; i >= floor; i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return false;
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) return false;
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    let size = zip.readUInt32LE(at + 24);
    if (size === 0xffffffff)
      size = zip64Size(zip.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    total += size;
    if (total > MAX_INFLATED_BYTES) return false;
    at += 46 + nameLength + extraLength + commentLength;
  }
  return true;
}

/** The uncompressed size in a ZIP64 extra field (header 0x0001), or Infinity when there is none. */
function zip64Size(extra: Buffer): number {
  for (let i = 0; i + 4 <= extra.length;) {
    const id = extra.readUInt16LE(i);
    const length = extra.readUInt16LE(i + 2);
    if (id === 0x0001 && length >= 8 && i + 12 <= extra.length) return Number(extra.readBigUInt64LE(i + 4));
    i += 4 + length;
  }
  return Infinity;
}
