import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/** What a written cell may hold. */
export type WriteCell = string | number | null;

/**
 * A text as an OOXML string: `_xHHHH_` is how a sheet escapes a character, so a text that has such a
 * sequence gets its underscore escaped (`_x005F_`), and control characters that XML cannot carry or would
 * normalise (a carriage return becomes a line feed) are written escaped. Every reader of xlsx (Excel,
 * ExcelJS, our import) turns them back into the same text.
 */
export function sheetText(value: string): string {
  // Control characters are what this escapes: the rule against them in patterns does not apply.
  // eslint-disable-next-line no-control-regex
  return value.replace(/_x[0-9A-Fa-f]{4}_|[\x00-\x08\x0B-\x0D\x0E-\x1F]/g, (m) =>
    m.length > 1
      ? `_x005F_${m.slice(1)}`
      : `_x${m.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
  );
}

/**
 * A cell as written: text as a string cell of the shared-string table (`t="s"`), which spreadsheet programs
 * show as the text it is and never run as a formula, whatever it starts with (= + - @, tab, carriage
 * return: OWASP "CSV injection"). The value itself is not changed, so what an export writes, an import
 * reads back. Numbers are numbers.
 */
const cellOf = (value: WriteCell): WriteCell =>
  // An empty text is an empty cell (a string cell of '' would read back as '' where a blank reads as none).
  typeof value === 'string' ? (value === '' ? null : sheetText(value)) : value;

/** Column widths from the header, within the spec's 88-500 px (about 12-70 characters). */
const widthOf = (header: string) => Math.min(70, Math.max(12, [...header].length * 2 + 4));

/**
 * Writes a one-sheet workbook with ExcelJS's streaming writer (rows are committed as they come, so a large
 * export never holds a workbook model) and returns its bytes. Every text cell, the header included, is a
 * shared-string cell (see cellOf): no cell is ever a formula.
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
    // Without the table ExcelJS writes text as t="str", the type of a formula's string result.
    useSharedStrings: true,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = header.map((h) => ({ width: widthOf(h) }));
  sheet.addRow(header.map(cellOf)).commit();
  for (const row of rows) sheet.addRow(row.map(cellOf)).commit();
  sheet.commit();
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}
