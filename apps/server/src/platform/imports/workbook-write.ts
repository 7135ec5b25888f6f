import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/** What a written cell may hold. */
export type WriteCell = string | number | null;

/** Spreadsheet programs run a cell that starts with one of these as a formula (CSV/formula injection). */
const FORMULA_TRIGGER = /^[=+\-@\t\r]/;

/**
 * A text cell made inert: one that a spreadsheet would take for a formula gets a leading single quote, so
 * it shows as the text it is (OWASP "CSV injection"). Numbers are numbers and stay as they are.
 */
export function neutralisedCell(value: WriteCell): WriteCell {
  return typeof value === 'string' && FORMULA_TRIGGER.test(value) ? `'${value}` : value;
}

/** Column widths from the header, within the spec's 88-500 px (about 12-70 characters). */
const widthOf = (header: string) => Math.min(70, Math.max(12, [...header].length * 2 + 4));

/**
 * Writes a one-sheet workbook with ExcelJS's streaming writer (rows are committed as they come, so a large
 * export never holds a workbook model) and returns its bytes. Every text cell, the header included, is
 * neutralised against formula injection.
 */
export async function writeWorkbook(
  sheetName: string,
  header: readonly string[],
  rows: Iterable<readonly WriteCell[]>,
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = header.map((h) => ({ width: widthOf(h) }));
  sheet.addRow(header.map(neutralisedCell)).commit();
  for (const row of rows) sheet.addRow(row.map(neutralisedCell)).commit();
  sheet.commit();
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}
