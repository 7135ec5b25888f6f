import { LIMITS, type TErrorKey } from '@tracehub/contract';
import type { ImportColumn } from './importer.ts';

/*
 * What every workbook format shares once its cells are text (workbook-read.ts for xlsx, workbook-read-xls.ts
 * for Excel 97-2003): finding the header row, keeping the data rows in the importer's columns, merged
 * ranges, the row limit, and how numbers in a date format read.
 */

/** A data row of the sheet: its worksheet row number and its cells as text, in the importer's column order. */
export interface SheetRow {
  rowNumber: number;
  cells: string[];
}

/** The header row must be among the first rows that have content (a title row above it is common). */
const HEADER_SEARCH_ROWS = 10;
/** Excel's own bounds: a row or column beyond them is no sheet Excel wrote. */
export const MAX_SHEET_ROW = 1_048_576;
export const MAX_SHEET_COLUMN = 16_384;

/** Stops the reading of a sheet with the reason the import fails for. */
export class SheetStop extends Error {
  constructor(readonly failure: TErrorKey) {
    super(failure);
  }
}

/** A merged range's corners, 1-based. */
export interface CellRange {
  r1: number;
  c1: number;
  r2: number;
  c2: number;
}

/** Excel's built-in number formats that show a date or time (zh-CN's for the locale-dependent ids). */
export const BUILT_IN_FORMATS: Readonly<Record<number, string>> = {
  14: 'mm-dd-yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy "h":mm',
  27: 'yyyy"年"m"月"',
  28: 'm"月"d"日"',
  29: 'm"月"d"日"',
  30: 'm-d-yy',
  31: 'yyyy"年"m"月"d"日"',
  32: 'h"时"mm"分"',
  33: 'h"时"mm"分"ss"秒"',
  34: '上午/下午 h"时"mm"分"',
  35: '上午/下午 h"时"mm"分"ss"秒"',
  36: 'yyyy"年"m"月"',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
  50: 'yyyy"年"m"月"',
  51: 'm"月"d"日"',
  52: 'yyyy"年"m"月"',
  53: 'm"月"d"日"',
  54: 'm"月"d"日"',
  55: '上午/下午 h"时"mm"分"',
  56: '上午/下午 h"时"mm"分"ss"秒"',
  57: 'yyyy"年"m"月"',
  58: 'm"月"d"日"',
};

/** A format shows a date when, outside [..] and "..", it has date or time letters (as ExcelJS decides). */
export function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  return /[ymdhMsb]+/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An Excel date serial as the text the user sees: YYYY-MM-DD, with the time when it has one. */
export function serialDateText(serial: number, date1904: boolean): string {
  const value = new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
  if (Number.isNaN(value.getTime())) return '';
  // A serial is a wall-clock time: read as UTC, it shows the clock the sheet shows.
  const date = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  const time = `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
  return time === '00:00:00' ? date : `${date} ${time}`;
}

/**
 * The zone an exported time column names after its header (exportWorkbook): `创建时间 (UTC+08:00)`, or a
 * zone name when its times carry their own offsets.
 */
const ZONE_SUFFIX = /\s*\((?:UTC|GMT)([+-]\d{2}:\d{2})\)\s*$|\s*\([A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)+\)\s*$/;

/** Headers compare without spaces, required-marks (*), case and an export's zone suffix. */
const normalHeader = (text: string) =>
  text
    .replace(ZONE_SUFFIX, '')
    .replace(/[\s*＊]/g, '')
    .toLowerCase();
const isBlank = (text: string | undefined) => !text || text.trim() === '';

/** Where each importer column is in the sheet, and the offset its header names (an exported time column). */
interface HeaderColumn {
  position: number;
  offset: string | null;
}

/** The sheet column of each importer column, or null when the row is not the header (a column is missing). */
function headerColumns(cells: Map<number, string>, columns: readonly ImportColumn[]): HeaderColumn[] | null {
  const at = new Map<string, HeaderColumn>();
  for (const col of [...cells.keys()].sort((x, y) => x - y)) {
    const raw = cells.get(col)!;
    const text = normalHeader(raw);
    if (text && !at.has(text)) at.set(text, { position: col, offset: ZONE_SUFFIX.exec(raw)?.[1] ?? null });
  }
  const found: HeaderColumn[] = [];
  for (const column of columns) {
    const p = at.get(normalHeader(column.zh)) ?? at.get(normalHeader(column.en));
    if (p === undefined) return null;
    found.push(p);
  }
  return found;
}

/** First index of `rows` (sorted by number) whose row number is at least `n`. */
function lowerBound(rows: readonly SheetRow[], n: number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid]!.rowNumber < n) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Takes a sheet's rows in order, as text by column: before the header it keeps every cell of the few rows
 * it looks at; after, only the cells in the importer's columns of rows that have content there.
 */
export class RowCollector {
  private positions: number[] | null = null;
  /** The offset each column's header names (null: none). */
  private offsets: (string | null)[] = [];
  /** The sheet columns of `positions`. */
  private wanted: Set<number> | null = null;
  private headerRow = 0;
  private rowsBeforeHeader = 0;
  /** The rows up to the header, all their cells (merged ranges may start there). */
  private readonly topRows = new Map<number, Map<number, string>>();
  private readonly rows: SheetRow[] = [];
  private readonly merges: CellRange[] = [];
  private readonly maxRows = LIMITS.bulkImportMaxRows;

  constructor(private readonly columns: readonly ImportColumn[]) {}

  /** Whether a cell of this column matters (after the header only the importer's columns cost anything). */
  wants(col: number): boolean {
    return !this.wanted || this.wanted.has(col);
  }

  merge(range: CellRange): void {
    this.merges.push(range);
  }

  /** The next row with content, its non-empty cells' text by column (1-based). */
  row(rowNumber: number, cells: Map<number, string>): void {
    if (!this.positions) {
      if ([...cells.values()].every((t) => isBlank(t))) return;
      this.topRows.set(rowNumber, cells);
      const header = headerColumns(cells, this.columns);
      if (header) {
        this.positions = header.map((h) => h.position);
        this.offsets = header.map((h) => h.offset);
        this.headerRow = rowNumber;
        this.wanted = new Set(this.positions);
      } else if (++this.rowsBeforeHeader >= HEADER_SEARCH_ROWS) throw new SheetStop('IMPORT_HEADER_MISMATCH');
      return;
    }
    const row = this.positions.map((p) => cells.get(p) ?? '');
    if (row.every((t) => isBlank(t))) return;
    // A time under a header that names its offset is read in that offset (cells.ts readWallClockTime).
    this.offsets.forEach((offset, i) => {
      if (offset && !isBlank(row[i]) && !/[+-]\d{2}:\d{2}$/.test(row[i]!.trim()))
        row[i] = `${row[i]} ${offset}`;
    });
    if (this.rows.length >= this.maxRows) throw new SheetStop('IMPORT_TOO_MANY_ROWS');
    this.rows.push({ rowNumber, cells: row });
  }

  result(): { rows: SheetRow[] } | { failure: TErrorKey } {
    if (!this.positions) return { failure: 'IMPORT_HEADER_MISMATCH' };
    const rows = this.merges.length ? this.applyMerges(this.positions) : this.rows;
    if (rows.length > this.maxRows) return { failure: 'IMPORT_TOO_MANY_ROWS' };
    if (rows.length === 0) return { failure: 'IMPORT_NO_ROWS' };
    return { rows };
  }

  /**
   * A merged range shows its first (top-left) cell in each of its cells, as ExcelJS reads it: data rows get
   * that text in the importer's columns the range covers, rows the range reaches without content of their
   * own included. The work is bounded by the cells it fills (at most the sheet's limit), not by the
   * range's size.
   */
  private applyMerges(positions: readonly number[]): SheetRow[] {
    const byNumber = new Map(this.rows.map((r) => [r.rowNumber, r]));
    const sorted = this.rows;
    const budget = { cells: (this.maxRows + 1) * positions.length };
    const masterText = (r: number, c: number): string => {
      if (r <= this.headerRow) return this.topRows.get(r)?.get(c) ?? '';
      const i = positions.indexOf(c);
      return i < 0 ? '' : (byNumber.get(r)?.cells[i] ?? '');
    };
    for (const m of this.merges) {
      if (m.r2 <= this.headerRow) continue;
      const covered = positions.flatMap((p, i) => (p >= m.c1 && p <= m.c2 ? [i] : []));
      if (covered.length === 0) continue;
      const text = masterText(m.r1, m.c1);
      const fill = (row: SheetRow) => {
        for (const i of covered) {
          if (row.rowNumber === m.r1 && positions[i] === m.c1) continue;
          if (--budget.cells < 0) throw new SheetStop('IMPORT_SHEET_TOO_LARGE');
          row.cells[i] = text;
        }
      };
      const from = Math.max(m.r1, this.headerRow + 1);
      if (isBlank(text)) {
        // A blank first cell blanks the others: only rows that exist can change.
        for (let i = lowerBound(sorted, from); i < sorted.length && sorted[i]!.rowNumber <= m.r2; i++) {
          fill(sorted[i]!);
        }
        continue;
      }
      for (let r = from; r <= m.r2; r++) {
        let row = byNumber.get(r);
        if (!row) {
          if (byNumber.size > this.maxRows) throw new SheetStop('IMPORT_TOO_MANY_ROWS');
          row = { rowNumber: r, cells: positions.map(() => '') };
          byNumber.set(r, row);
        }
        fill(row);
      }
    }
    return [...byNumber.values()]
      .filter((r) => !r.cells.every((t) => isBlank(t)))
      .sort((x, y) => x.rowNumber - y.rowNumber);
  }
}
