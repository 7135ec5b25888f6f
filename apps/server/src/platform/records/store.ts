import { and, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type {
  TErrorKey,
  TListRequestBase,
  TListResponse,
  TRecordDeclaration,
  TRecordField,
} from '@tracehub/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../context.ts';
import { uniqueAsError } from '../db-errors.ts';
import { AppError } from '../errors.ts';
import { isRowId } from '../ids.ts';
import type { NaturalKeyColumns } from '../imports/natural-keys.ts';
import { existingNaturalKeys } from '../imports/natural-keys.ts';
import { appendEvidenceBatch, type EvidenceKeys, type NewEvidence } from '../ledger/append.ts';
import { latestChainDetails } from '../ledger/records.ts';
import { filters, runListQuery, type ListQuery, type TenantScope, visibleRows } from '../list-query.ts';
import { assertNotReferenced, type TReferencedKind } from '../references.ts';

/*
 * The server side of a record declaration (contract record-catalogue.ts): its list query, detail, writes
 * and evidence, derived from the field table and the drizzle table. Every query is scoped by the
 * enterprise and the caller's data permission (visibleRows); every write appends its evidence in the same
 * tenant transaction. Domain rules plug in as the few named hooks of RecordHooks.
 */

type Fields = Record<string, TRecordField>;
type Decl = TRecordDeclaration<Fields>;

/** The columns every record table has (see db/schema/columns.ts). */
export interface RecordColumns {
  id: PgColumn;
  enterpriseUuid: PgColumn;
  createdBy: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
}
export type RecordTable = PgTable & RecordColumns;

/** A stored row as the store sees it: its columns by key. */
export type StoredRow = Record<string, unknown> & {
  id: number;
  enterpriseUuid: string;
  createdAt: Date;
  updatedAt: Date;
};

/** A request's column values: the declaration's written fields, or what the `values` hook makes of them. */
export type RowValues = Record<string, unknown>;

/** Domain rules of one resource, each named for the moment it runs. */
export interface RecordHooks<Row extends StoredRow> {
  /** The column values a create or update request (or an imported row) writes; its written fields by default. */
  values?(input: RowValues): RowValues;
  /** Item fields the declaration's field table cannot give (a nested file, a joined name). */
  present?(row: Row): Record<string, unknown>;
  /** The evidence payload; the declaration's evidence fields by default. */
  evidence?(row: Row): unknown;
}

export interface RecordStoreOptions<Row extends StoredRow> {
  table: RecordTable;
  /**
   * The resource's share of a table several pages share (a material's nature): rows are read, checked for
   * their natural key and written with this column fixed to this value.
   */
  scope?: { column: PgColumn; key: string; value: string };
  /** Several columns a contains-search reads (a name in Chinese or English), by field key. */
  searchColumns?: Record<string, readonly [PgColumn, ...PgColumn[]]>;
  /** The kind business data references these records as: deletion, and a change of the key, are guarded. */
  references?: TReferencedKind;
  /** The evidence subject type (events `<subject>.created|updated|deleted`); the declaration's name by default. */
  subject?: string;
  hooks?: RecordHooks<Row>;
}

/** What the routes, the importer and the exporter of a declaration use. */
export interface RecordStore<D extends Decl, Row extends StoredRow = StoredRow> {
  decl: D;
  table: RecordTable;
  naturalKey: NaturalKeyColumns;
  subject: string;
  listQuery(
    tenant: TenantContext,
    req: TListRequestBase & Record<string, unknown>,
  ): ListQuery<Record<string, PgColumn>>;
  present(db: Db, rows: readonly Row[]): Promise<Item<D>[]>;
  page(
    db: Db,
    tenant: TenantContext,
    req: TListRequestBase & Record<string, unknown>,
  ): Promise<TListResponse<Item<D>>>;
  find(db: Db, tenant: TenantScope, id: number): Promise<Row | null>;
  detail(db: Db, tenant: TenantContext, id: number): Promise<Item<D>>;
  /** Inserts rows (already checked) and their evidence; answers the rows. */
  insert(
    db: Db,
    keys: EvidenceKeys,
    tenant: Pick<TenantContext, 'enterpriseUuid' | 'userId'>,
    inputs: readonly RowValues[],
  ): Promise<Row[]>;
  add(db: Db, keys: EvidenceKeys, tenant: TenantContext, input: RowValues): Promise<Item<D>>;
  update(
    db: Db,
    keys: EvidenceKeys,
    tenant: TenantContext,
    input: RowValues & { id: number },
  ): Promise<Item<D>>;
  /** Deletes all of them or none (unknown, other enterprise's, referenced: refused); answers how many. */
  remove(db: Db, keys: EvidenceKeys, tenant: TenantContext, ids: readonly number[]): Promise<number>;
  /** The evidence of a change of `row`. */
  evidence(change: 'created' | 'updated' | 'deleted', row: Row): NewEvidence;
  /** The row's natural key, its parts in the declaration's order. */
  keyOf(values: RowValues): string[];
}

export type Item<D extends Decl> = z.input<D['item']>;

const toJson = (v: unknown) => (v instanceof Date ? v.getTime() : v);
const same = (a: unknown, b: unknown) => toJson(a) === toJson(b);

/** The unique indexes of the table (their names), so that a race for a natural key answers like a duplicate. */
function uniqueIndexErrors(table: PgTable, exists: TErrorKey): Record<string, TErrorKey> {
  return Object.fromEntries(
    getTableConfig(table)
      .indexes.filter((i) => i.config.unique && i.config.name)
      .map((i) => [i.config.name!, exists]),
  );
}

export function defineRecordStore<D extends Decl, Row extends StoredRow = StoredRow>(
  decl: D,
  o: RecordStoreOptions<Row>,
): RecordStore<D, Row> {
  const { table, scope, hooks = {} } = o;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const column = (key: string): PgColumn => {
    const c = columns[key];
    if (!c) throw new Error(`${decl.name}: the table has no column ${key}`);
    return c;
  };
  const subject = o.subject ?? decl.name;
  const fieldEntries = Object.entries(decl.fields);
  const written = fieldEntries.filter(([, f]) => f.schema).map(([k]) => k);
  const itemKeys = fieldEntries.filter(([, f]) => f.item).map(([k]) => k);
  // Every field the declaration writes, shows or sorts by is a column (a hook's extra items need not be).
  for (const k of [...written, ...decl.sortable]) column(k);
  const keyColumns = decl.naturalKey.fields.map(column) as [PgColumn, ...PgColumn[]];
  const inScope = scope ? eq(scope.column, scope.value) : undefined;
  const naturalKey: NaturalKeyColumns = {
    enterpriseColumn: table.enterpriseUuid,
    columns: keyColumns,
    ...(inScope ? { where: inScope } : {}),
  };
  const duplicate = uniqueIndexErrors(table, decl.naturalKey.exists);
  const visible = (tenant: TenantScope): SQL =>
    and(visibleRows(table as unknown as Parameters<typeof visibleRows>[0], tenant), inScope)!;

  const valuesOf = (input: RowValues): RowValues =>
    hooks.values ? hooks.values(input) : Object.fromEntries(written.map((k) => [k, input[k]]));
  const keyOf = (values: RowValues) => decl.naturalKey.fields.map((k) => String(values[k] ?? ''));

  function searchCondition(key: string, f: TRecordField, req: Record<string, unknown>): (SQL | undefined)[] {
    switch (f.search) {
      case 'contains': {
        const text = req[key] as string | undefined;
        const several = o.searchColumns?.[key];
        return [several ? filters.containsAny(several, text) : filters.contains(column(key), text)];
      }
      case 'equals':
        return [filters.eq(column(key), req[key])];
      case 'range': {
        const stem = key.replace(/(At|Time)$/, '');
        return [
          filters.from(column(key), req[`${stem}From`] as number | undefined),
          filters.to(column(key), req[`${stem}To`] as number | undefined),
        ];
      }
      default:
        return [];
    }
  }

  const listQuery: RecordStore<D, Row>['listQuery'] = (tenant, req) => ({
    table,
    select: columns,
    tenantColumn: table.enterpriseUuid,
    ownerColumn: table.createdBy,
    tenant,
    where: [inScope, ...fieldEntries.flatMap(([k, f]) => searchCondition(k, f, req))],
    sortable: Object.fromEntries([...decl.sortable, 'createdAt', 'updatedAt'].map((k) => [k, column(k)])),
    defaultSort: { column: table.createdAt, order: 'desc' },
    tieBreak: table.id,
    page: req,
  });

  async function present(db: Db, rows: readonly Row[]): Promise<Item<D>[]> {
    const chains = await latestChainDetails(
      db,
      subject,
      rows.map((r) => String(r.id)),
    );
    return rows.map(
      (r) =>
        ({
          id: r.id,
          ...Object.fromEntries(itemKeys.map((k) => [k, toJson(r[k])])),
          ...hooks.present?.(r),
          createdAt: r.createdAt.getTime(),
          updatedAt: r.updatedAt.getTime(),
          chain: chains.get(String(r.id)) ?? null,
        }) as Item<D>,
    );
  }

  const evidence = (change: 'created' | 'updated' | 'deleted', row: Row): NewEvidence => ({
    type: `${subject}.${change}`,
    subjectType: subject,
    enterpriseUuid: row.enterpriseUuid,
    subjectId: String(row.id),
    payload: hooks.evidence
      ? hooks.evidence(row)
      : Object.fromEntries(decl.evidence.map((k) => [k, toJson(row[k])])),
  });

  async function find(db: Db, tenant: TenantScope, id: number): Promise<Row | null> {
    if (!isRowId(id)) return null;
    const [row] = await db
      .select()
      .from(table)
      .where(and(visible(tenant), eq(table.id, id)))
      .limit(1);
    return (row as Row | undefined) ?? null;
  }

  async function mustFind(db: Db, tenant: TenantScope, id: number): Promise<Row> {
    const row = await find(db, tenant, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async function assertKeyFree(db: Db, tenant: TenantContext, values: RowValues): Promise<void> {
    const found = await existingNaturalKeys(db, tenant.enterpriseUuid, naturalKey, [keyOf(values)]);
    if (found.length > 0) throw new AppError(decl.naturalKey.exists);
  }

  /** Business data names a record by its id or by the first part of its natural key (its code). */
  const referenced = (rows: readonly Row[]) =>
    rows.map((r) => ({ id: r.id, code: String(r[decl.naturalKey.fields[0]!] ?? '') }));
  const guard = async (db: Db, tenant: TenantContext, rows: readonly Row[]) => {
    if (o.references) await assertNotReferenced(db, tenant, o.references, referenced(rows));
  };

  async function insertRows(
    db: Db,
    keys: EvidenceKeys,
    tenant: Pick<TenantContext, 'enterpriseUuid' | 'userId'>,
    inputs: readonly RowValues[],
  ): Promise<Row[]> {
    if (inputs.length === 0) return [];
    const stamp = { enterpriseUuid: tenant.enterpriseUuid, createdBy: tenant.userId };
    const rows = (await db
      .insert(table)
      .values(
        inputs.map((input) => ({
          ...valuesOf(input),
          ...stamp,
          ...(scope ? { [scope.key]: scope.value } : {}),
        })) as never,
      )
      .returning()) as unknown as Row[];
    await appendEvidenceBatch(
      db,
      keys,
      rows.map((row) => evidence('created', row)),
    );
    return rows;
  }

  return {
    decl,
    table,
    naturalKey,
    subject,
    listQuery,
    present,
    find,
    evidence,
    keyOf,
    insert: insertRows,
    async page(db, tenant, req) {
      const { list, total } = await runListQuery(db, listQuery(tenant, req));
      return { list: await present(db, list as unknown as Row[]), total };
    },
    async detail(db, tenant, id) {
      return (await present(db, [await mustFind(db, tenant, id)]))[0]!;
    },
    async add(db, keys, tenant, input) {
      await assertKeyFree(db, tenant, valuesOf(input));
      const [row] = await uniqueAsError(() => insertRows(db, keys, tenant, [input]), duplicate);
      return (await present(db, [row!]))[0]!;
    },
    /**
     * Changes a record. A new natural key must be free, and business data must not reference the old one
     * (it may name the record by its code). Nothing changed: nothing recorded.
     */
    async update(db, keys, tenant, input) {
      const current = await mustFind(db, tenant, input.id);
      const values = valuesOf(input);
      if (Object.entries(values).every(([k, v]) => same(current[k], v))) {
        return (await present(db, [current]))[0]!;
      }
      if (keyOf(values).some((part, i) => part !== keyOf(current)[i])) {
        await assertKeyFree(db, tenant, values);
        await guard(db, tenant, [current]);
      }
      const [row] = (await uniqueAsError(
        () =>
          db
            .update(table)
            .set({ ...values, updatedAt: new Date() } as never)
            .where(and(visible(tenant), eq(table.id, current.id)))
            .returning(),
        duplicate,
      )) as unknown as Row[];
      if (!row) throw new AppError('NOT_FOUND');
      await appendEvidenceBatch(db, keys, [evidence('updated', row)]);
      return (await present(db, [row]))[0]!;
    },
    async remove(db, keys, tenant, ids) {
      const wanted = [...new Set(ids)].filter(isRowId);
      const rows = wanted.length
        ? ((await db
            .select()
            .from(table)
            .where(and(visible(tenant), inArray(table.id, wanted)))) as unknown as Row[])
        : [];
      // An id that is unknown, another enterprise's or of another page's scope fails the whole request.
      if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
      await guard(db, tenant, rows);
      const deleted = (await db
        .delete(table)
        .where(and(visible(tenant), inArray(table.id, wanted)))
        .returning()) as unknown as Row[];
      if (deleted.length !== rows.length) throw new AppError('NOT_FOUND');
      await appendEvidenceBatch(
        db,
        keys,
        deleted.map((row) => evidence('deleted', row)),
      );
      return deleted.length;
    },
  };
}
