import type {
  TListRequestBase,
  TRecordDeclaration,
  TRecordExportColumn,
  TRecordField,
  TRecordOption,
} from '@tracehub/contract';
import type { WriteCell } from '../imports/workbook-write.ts';
import { readWallClockTime, readYesNo } from '../imports/cells.ts';
import type { ExportColumn, ExportFormat, Exporter } from '../imports/export.ts';
import {
  defineImporter,
  type ImportColumn,
  type ImportContext,
  type Importer,
  type PreparedRow,
} from '../imports/importer.ts';
import { existingNaturalKeys } from '../imports/natural-keys.ts';
import { runListRows } from '../list-query.ts';
import type { RecordStore, RowValues, StoredRow } from './store.ts';

/*
 * The import and export of a record declaration (platform/imports): the template's columns are the fields
 * marked `import`, each row is checked with the import row schema and its natural key, written with its
 * evidence; the export writes the list's rows for its filters in the columns marked `export`.
 */

type Decl = TRecordDeclaration<Record<string, TRecordField>>;

const YES_NO = { yes: { zh: '是', en: 'yes' }, no: { zh: '否', en: 'no' } } as const;

/** An enum cell: an option's value or its name in either language (any case); other text as it is. */
const optionReader =
  (options: readonly TRecordOption[]) =>
  (text: string): unknown => {
    const v = text.trim().toLowerCase();
    const found = options.find(
      (o) => o.value.toLowerCase() === v || o.label.zh === v || o.label.en.toLowerCase() === v,
    );
    return found ? found.value : text;
  };

/** Tags (or related numbers) separated by commas, semicolons or line breaks; blanks dropped. */
const readTags = (text: string) =>
  text
    .split(/[,，;；\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * How a cell of a field is read (yes/no, a wall-clock time, an option by its name, tags); as its text
 * otherwise.
 */
function readerOf(f: TRecordField | undefined): ImportColumn['read'] {
  switch (f?.kind) {
    case 'boolean':
      return readYesNo;
    case 'datetime':
    case 'date':
      return readWallClockTime;
    case 'enum':
      return f.options ? optionReader(f.options) : undefined;
    case 'tags':
      return readTags;
    default:
      return undefined;
  }
}

/** What a page's import does besides the declaration's. */
export interface RecordImporterOptions<Row extends StoredRow> {
  /**
   * Checks the new rows against stored data the schema cannot see (the codes they name, what is left to
   * return), in the chunk's transaction and in file order: each row as it is written, or the reasons it is
   * refused for (in `ctx.lang`). Without it, rows are written as parsed.
   */
  prepareRows?(ctx: ImportContext, rows: readonly RowValues[]): Promise<readonly PreparedRow<RowValues>[]>;
  /** After the rows were written (with their evidence), in the chunk's transaction: `rows` as imported. */
  afterInsert?(ctx: ImportContext, rows: readonly RowValues[], inserted: readonly Row[]): Promise<void>;
}

/**
 * Declares the importer of a declaration (its kind is the declaration's name): its import columns, each
 * row checked with the import row schema (the create request's, and the import-only columns).
 */
export function recordImporter<D extends Decl, Row extends StoredRow>(
  store: RecordStore<D, Row>,
  o: RecordImporterOptions<Row> = {},
): Importer<RowValues> {
  const { decl } = store;
  return defineImporter<RowValues>({
    kind: decl.name,
    title: decl.title,
    columns: decl.importColumns.map(({ key, zh, en, example }) => {
      const read = readerOf(decl.fields[key]);
      return { key, zh, en, example, ...(read ? { read } : {}) };
    }),
    schema: decl.importRow as unknown as Importer<RowValues>['schema'],
    naturalKey: (row) => store.keyOf(row),
    existingKeys: (ctx, keys) =>
      existingNaturalKeys(ctx.db, ctx.tenant.enterpriseUuid, store.naturalKey, keys),
    ...(o.prepareRows ? { prepareRows: o.prepareRows } : {}),
    async insertRows(ctx, rows) {
      const inserted = await store.insert(ctx.db, ctx.keys, ctx.tenant, rows);
      await o.afterInsert?.(ctx, rows, inserted);
    },
  });
}

/** A value as an export cell of its column's kind. */
function cellOf(column: TRecordExportColumn, value: unknown, format: ExportFormat): WriteCell {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return format.dateTime(value.getTime());
  if (column.kind === 'datetime' && typeof value === 'number') return format.dateTime(value);
  const option = column.options?.find((o) => o.value === String(value));
  if (option) return option.label[format.lang];
  if (column.kind === 'boolean') return YES_NO[value ? 'yes' : 'no'][format.lang];
  // The exact value as a number cell (at most 13 significant digits: a double holds it exactly enough).
  if (column.kind === 'decimal') return Number(value);
  if (column.kind === 'tags' && Array.isArray(value)) return value.join(',');
  return value as WriteCell;
}

/** The exporter of a declaration: its export columns over the rows its list shows for the filters. */
export function recordExporter<D extends Decl, Row extends StoredRow>(
  store: RecordStore<D, Row>,
): Exporter<TListRequestBase & Record<string, unknown>, Row> {
  const computed = store.exportValues;
  const columns: ExportColumn<Row>[] = store.decl.exportColumns.map((c) => {
    const compute = computed[c.key];
    return {
      zh: c.zh,
      en: c.en,
      value: (row, format) => cellOf(c, compute ? compute(row, format) : store.valueOf(c.key, row), format),
    };
  });
  return {
    title: store.decl.title,
    columns,
    rows: async (db, tenant, filters, limit) =>
      (await runListRows(db, store.listQuery(tenant, filters), limit)) as unknown as Row[],
  };
}
