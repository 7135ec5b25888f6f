import type {
  TListRequestBase,
  TRecordDeclaration,
  TRecordExportColumn,
  TRecordField,
} from '@tracehub/contract';
import type { WriteCell } from '../imports/workbook-write.ts';
import { readWallClockTime, readYesNo } from '../imports/cells.ts';
import type { ExportColumn, ExportFormat, Exporter } from '../imports/export.ts';
import { defineImporter, type ImportColumn, type Importer } from '../imports/importer.ts';
import { existingNaturalKeys } from '../imports/natural-keys.ts';
import { runListRows } from '../list-query.ts';
import type { RecordStore, RowValues, StoredRow } from './store.ts';

/*
 * The import and export of a record declaration (platform/imports): the template's columns are the fields
 * marked `import`, each row is checked with the create schema and its natural key, written with its
 * evidence; the export writes the list's rows for its filters in the columns marked `export`.
 */

type Decl = TRecordDeclaration<Record<string, TRecordField>>;

const YES_NO = { yes: { zh: '是', en: 'yes' }, no: { zh: '否', en: 'no' } } as const;

/** How a cell of a field's kind is read (yes/no, a wall-clock time); as its text otherwise. */
function readerOf(kind: TRecordField['kind']): ImportColumn['read'] {
  if (kind === 'boolean') return readYesNo;
  if (kind === 'datetime' || kind === 'date') return readWallClockTime;
  return undefined;
}

/** Declares the importer of a declaration (its kind is the declaration's name). */
export function recordImporter<D extends Decl, Row extends StoredRow>(
  store: RecordStore<D, Row>,
): Importer<RowValues> {
  const { decl } = store;
  return defineImporter<RowValues>({
    kind: decl.name,
    title: decl.title,
    columns: decl.importColumns.map(({ key, zh, en, example, kind }) => {
      const read = readerOf(kind);
      return { key, zh, en, example, ...(read ? { read } : {}) };
    }),
    schema: decl.create as unknown as Importer<RowValues>['schema'],
    naturalKey: (row) => store.keyOf(row),
    existingKeys: (ctx, keys) =>
      existingNaturalKeys(ctx.db, ctx.tenant.enterpriseUuid, store.naturalKey, keys),
    async insertRows(ctx, rows) {
      await store.insert(ctx.db, ctx.keys, ctx.tenant, rows);
    },
  });
}

/** A stored value as an export cell of its column's kind. */
function cellOf(column: TRecordExportColumn, value: unknown, format: ExportFormat): WriteCell {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return format.dateTime(value.getTime());
  if (column.kind === 'boolean') return YES_NO[value ? 'yes' : 'no'][format.lang];
  if (column.kind === 'enum') {
    const option = column.options?.find((o) => o.value === value);
    return option ? option.label[format.lang] : String(value);
  }
  return value as WriteCell;
}

/** The exporter of a declaration: its export columns over the rows its list shows for the filters. */
export function recordExporter<D extends Decl, Row extends StoredRow>(
  store: RecordStore<D, Row>,
): Exporter<TListRequestBase & Record<string, unknown>, Row> {
  const columns: ExportColumn<Row>[] = store.decl.exportColumns.map((c) => ({
    zh: c.zh,
    en: c.en,
    value: (row, format) => cellOf(c, row[c.key], format),
  }));
  return {
    title: store.decl.title,
    columns,
    rows: async (db, tenant, filters, limit) =>
      (await runListRows(db, store.listQuery(tenant, filters), limit)) as unknown as Row[],
  };
}
