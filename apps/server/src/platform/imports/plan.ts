import { describeIssue, validationMessage, type TLang } from '@tracehub/contract';
import { encodeKey, type ImportColumn, type Importer, type NaturalKey } from './importer.ts';
import type { SheetRow } from './workbook-read.ts';

/**
 * A row to write (validated, first of its key in the file), or a refused one with its reasons. Plain data
 * (structured-clone safe): the sheet worker builds them and posts them to the job.
 */
export type PlannedRow = SheetRow &
  ({ row: unknown; key: NaturalKey } | { refused: 'invalid' | 'exists'; reasons: string[] });

export const isWritable = (p: PlannedRow): p is SheetRow & { row: unknown; key: NaturalKey } => 'key' in p;

/** The schema's input from a row's cells: empty cells are absent, others read as the column says. */
function rowInput(columns: readonly ImportColumn[], cells: readonly string[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  columns.forEach((column, i) => {
    const text = cells[i] ?? '';
    if (text.trim() !== '') input[column.key] = column.read ? column.read(text) : text;
  });
  return input;
}

/**
 * Validates rows one after the other with the importer's contract schema and finds the repeats of a key
 * within the file (the first occurrence is kept): call it for every row of a sheet, in sheet order.
 */
export function rowPlanner(
  importer: Pick<Importer<unknown>, 'columns' | 'schema' | 'naturalKey'>,
  lang: TLang,
): (sheetRow: SheetRow) => PlannedRow {
  const headerOf = new Map(importer.columns.map((c) => [c.key, c[lang]]));
  const firstRowOf = new Map<string, number>();
  return (sheetRow) => {
    const input = rowInput(importer.columns, sheetRow.cells);
    const parsed = importer.schema.safeParse(input);
    if (!parsed.success) {
      // Messages name the column as its header says, in the importer's language. Zod leaves the input out
      // of its issues; without it a cell of the wrong type (text in a yes/no column) would read as missing.
      const reasons = parsed.error.issues.map((issue) => {
        const key = String(issue.path[0]);
        const header = headerOf.get(key);
        const located = { ...issue, input: issue.input ?? input[key] } as typeof issue;
        return describeIssue(header ? { ...located, path: [header, ...issue.path.slice(1)] } : located, lang);
      });
      return { ...sheetRow, refused: 'invalid', reasons };
    }
    const key = importer.naturalKey(parsed.data);
    const first = firstRowOf.get(encodeKey(key));
    if (first !== undefined) {
      return {
        ...sheetRow,
        refused: 'exists',
        reasons: [validationMessage('v.import.duplicate', lang, { row: first })],
      };
    }
    firstRowOf.set(encodeKey(key), sheetRow.rowNumber);
    return { ...sheetRow, row: parsed.data, key };
  };
}
