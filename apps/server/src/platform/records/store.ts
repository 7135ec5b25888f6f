import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type {
  TChainDetail,
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
import { decimalInput, decimalText } from '../decimal.ts';
import { AppError } from '../errors.ts';
import { isRowId } from '../ids.ts';
import type { ExportFormat } from '../imports/export.ts';
import type { NaturalKeyColumns } from '../imports/natural-keys.ts';
import { existingNaturalKeys } from '../imports/natural-keys.ts';
import {
  appendEvidenceBatch,
  evidenceSigners,
  type EvidenceKeys,
  type NewEvidence,
} from '../ledger/append.ts';
import { appendedChainDetail, latestChainDetails } from '../ledger/records.ts';
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
/** Chain details by subject id (a row's id as text). */
type ChainsById = ReadonlyMap<string, TChainDetail>;

/** What a hook that reads or writes the database gets: the request's (or import chunk's) tenant transaction. */
export interface RecordHookContext {
  db: Db;
  tenant: Pick<TenantContext, 'enterpriseUuid'>;
}

/** One write of a batch: its column values, and the row it changes (null: a new one). */
export interface RecordWrite<Row extends StoredRow> {
  values: RowValues;
  current: Row | null;
}

/** Domain rules of one resource, each named for the moment it runs. */
export interface RecordHooks<Row extends StoredRow> {
  /** The column values a create or update request (or an imported row) writes; its written fields by default. */
  values?(input: RowValues): RowValues;
  /**
   * Column values the database gives, for a batch of writes (a partner's platform enterprise, looked up by
   * its USCI): one object per write, in order, merged over its values.
   */
  valuesBatch?(ctx: RecordHookContext, writes: readonly RecordWrite<Row>[]): Promise<RowValues[]>;
  /** Item fields the declaration's field table cannot give (a nested file, a joined name, a type's code). */
  present?(row: Row): Record<string, unknown>;
  /**
   * Item fields the database gives, for a batch of rows (a partner's settlement refreshed with its DID, a
   * material's quality report with the evidence of its upload): one object per row, in order.
   */
  presentBatch?(ctx: RecordHookContext, rows: readonly Row[]): Promise<Record<string, unknown>[]>;
  /**
   * What the detail (and add and update) answers beyond the item: the declaration's `detail` (a document's
   * related numbers resolved, its returns).
   */
  detail?(ctx: RecordHookContext, row: Row): Promise<Record<string, unknown>>;
  /**
   * Before a request creates (`current` null) or changes a row, in its transaction, once its values are known
   * and its keys free: a domain rule refuses it by throwing (a return beyond what its goods left). An import
   * checks its rows in its importer's `prepareRows` instead, with the rows before them in the file.
   */
  beforeWrite?(ctx: RecordHookContext, write: RecordWrite<Row>): Promise<void>;
  /** Before rows are deleted (all or none), in the transaction: a domain rule refuses by throwing. */
  beforeRemove?(ctx: RecordHookContext, rows: readonly Row[]): Promise<void>;
  /** The evidence payload; `payload` is the declaration's evidence fields (the default). */
  evidence?(row: Row, payload: Record<string, unknown>): unknown;
  /**
   * After rows were created (by request or import) or changed, in the same transaction: other modules follow
   * (material code mappings take a partner's new code and name).
   */
  afterWrite?(ctx: RecordHookContext, rows: readonly Row[]): Promise<void>;
  /** Conditions of the list's extra filters (the declaration's `extraFilters`), read from the request. */
  listWhere?(req: Record<string, unknown>): (SQL | undefined)[];
  /**
   * The values of export columns the stored row does not hold as such (a settlement, an invitation with its
   * reason), by field key; written as the field's kind says (a text as it is).
   */
  exportValues?: Partial<Record<string, (row: Row, format: ExportFormat) => unknown>>;
}

export interface RecordStoreOptions<Row extends StoredRow> {
  table: RecordTable;
  /**
   * The resource's share of a table several pages share (a material's nature, a document's type): rows are
   * read, checked for their natural key and written with this column fixed to this value; `also`: further
   * column values its rows are written with (a document type's stage).
   */
  scope?: { column: PgColumn; key: string; value: string | number; also?: Record<string, unknown> };
  /**
   * Fields kept as the keys of one jsonb column (`column`, a key of the table) rather than in columns of
   * their own (a document type's extra fields): written when not blank, read with their kind's blank ('' for
   * a text, null otherwise), searched `equals` (a yes/no: 'no' matches an absent one), and in the evidence as
   * that column's stored object.
   */
  jsonFields?: { column: string; fields: readonly string[] };
  /** Several columns a contains-search reads (a name in Chinese or English), by field key. */
  searchColumns?: Record<string, readonly [PgColumn, ...PgColumn[]]>;
  /** The kind business data references these records as: deletion, and a change of the key, are guarded. */
  references?: TReferencedKind;
  /**
   * The fields whose change business data must allow (checked like a deletion): the natural key's by
   * default; a partner's type alone (its code and name changes reach the mappings that name it).
   */
  guarded?: readonly string[];
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
  /** The rows as items; `tenant` (the rows' enterprise by default) is what `presentBatch` gets. */
  present(db: Db, rows: readonly Row[], tenant?: Pick<TenantContext, 'enterpriseUuid'>): Promise<Item<D>[]>;
  /** A row as the detail answers it: its item and the `detail` hook's fields. */
  presentDetail(db: Db, row: Row, tenant: Pick<TenantContext, 'enterpriseUuid'>): Promise<Detail<D>>;
  page(
    db: Db,
    tenant: TenantContext,
    req: TListRequestBase & Record<string, unknown>,
  ): Promise<TListResponse<Item<D>>>;
  find(db: Db, tenant: TenantScope, id: number): Promise<Row | null>;
  /** The visible rows among `ids`, by id (unknown and other enterprises' ids are left out). */
  findMany(db: Db, tenant: TenantScope, ids: readonly number[]): Promise<Row[]>;
  detail(db: Db, tenant: TenantContext, id: number): Promise<Detail<D>>;
  /** Inserts rows (already checked) and their evidence; answers the rows. */
  insert(
    db: Db,
    keys: EvidenceKeys,
    tenant: Pick<TenantContext, 'enterpriseUuid' | 'userId'>,
    inputs: readonly RowValues[],
  ): Promise<Row[]>;
  add(db: Db, keys: EvidenceKeys, tenant: TenantContext, input: RowValues): Promise<Detail<D>>;
  update(
    db: Db,
    keys: EvidenceKeys,
    tenant: TenantContext,
    input: RowValues & { id: number },
  ): Promise<Detail<D>>;
  /** Deletes all of them or none (unknown, other enterprise's, referenced: refused); answers how many. */
  remove(db: Db, keys: EvidenceKeys, tenant: TenantContext, ids: readonly number[]): Promise<number>;
  /**
   * The evidence of a change of `row` (event `<subject>.<change>`): created, updated, deleted, or a domain
   * event (a partner invited); `extra` joins the payload.
   */
  evidence(change: string, row: Row, extra?: Record<string, unknown>): NewEvidence;
  /** A stored column's value as the item and the evidence have it (a decimal as its exact text). */
  valueOf(key: string, row: Row): unknown;
  /** The hook's values of computed export columns, by field key. */
  exportValues: Partial<Record<string, (row: Row, format: ExportFormat) => unknown>>;
  /** The row's natural key, its parts in the declaration's order. */
  keyOf(values: RowValues): string[];
}

export type Item<D extends Decl> = z.input<D['item']>;
export type Detail<D extends Decl> = z.input<D['detailItem']>;

const toJson = (v: unknown) => (v instanceof Date ? v.getTime() : v);
/** JSON with the keys of objects in order (a jsonb column answers its keys in its own order). */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  );
/** Values compare as JSON (times as instants, lists by their items, objects by their keys' values). */
const same = (a: unknown, b: unknown) => canonical(toJson(a)) === canonical(toJson(b));
const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/** A key unique in the enterprise (the natural key or another), its columns and its error. */
interface UniqueKey {
  fields: readonly string[];
  at: NaturalKeyColumns;
  exists: TErrorKey;
}

/**
 * The errors of the table's unique indexes (by name), so that a race for a key answers like a duplicate:
 * each index is the key whose columns it holds (besides the enterprise and the scope), the natural key's
 * error otherwise.
 */
function uniqueIndexErrors(
  table: PgTable,
  keys: readonly UniqueKey[],
  ignored: readonly PgColumn[],
): Record<string, TErrorKey> {
  const names = (cols: readonly { name: string }[]) =>
    cols
      .map((c) => c.name)
      .filter((n) => !ignored.some((i) => i.name === n))
      .sort()
      .join();
  return Object.fromEntries(
    getTableConfig(table)
      .indexes.filter((i) => i.config.unique && i.config.name)
      .map((i) => {
        const held = names(i.config.columns as { name: string }[]);
        const key = keys.find((k) => names(k.at.columns) === held) ?? keys[0]!;
        return [i.config.name!, key.exists];
      }),
  );
}

/**
 * A request's value as its column takes it, by the field's kind: a time as an instant, a decimal as text;
 * an optional one left out is none (null).
 */
function columnValue(f: TRecordField | undefined, v: unknown): unknown {
  if (f?.kind === 'datetime' && (typeof v === 'number' || v === null || v === undefined)) {
    return typeof v === 'number' ? new Date(v) : null;
  }
  if (f?.kind === 'decimal' && (typeof v === 'number' || v === null || v === undefined)) {
    return decimalInput(v);
  }
  return v === undefined ? null : v;
}

/** A field's value where a row has none: a text's is '', any other's null. */
const blankOf = (f: TRecordField | undefined) => (f?.kind === 'text' || f?.kind === 'textarea' ? '' : null);

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
  const json = o.jsonFields;
  const inJson = new Set(json?.fields ?? []);
  // Every field the declaration writes, shows or sorts by is a column (a hook's extra items need not be), or
  // a key of the jsonb column, searched only `equals`.
  for (const k of [
    ...written.filter((w) => !inJson.has(w)),
    ...decl.sortable,
    ...(json ? [json.column] : []),
  ]) {
    column(k);
  }
  for (const k of inJson) {
    const f = decl.fields[k];
    if (!f) throw new Error(`${decl.name}: the jsonb field ${k} is not a field`);
    if ((f.search && f.search !== 'equals') || f.sort) {
      throw new Error(`${decl.name}: the jsonb field ${k} is searched only equals and not sorted`);
    }
  }
  /** The stored object of the jsonb column. */
  const jsonOf = (row: Record<string, unknown>) =>
    json ? (row[json.column] as Record<string, unknown>) : {};
  const inScope = scope ? eq(scope.column, scope.value) : undefined;
  const keyAt = (fields: readonly string[]): NaturalKeyColumns => ({
    enterpriseColumn: table.enterpriseUuid,
    columns: fields.map(column) as [PgColumn, ...PgColumn[]],
    ...(inScope ? { where: inScope } : {}),
  });
  const naturalKey = keyAt(decl.naturalKey.fields);
  // The natural key first: a request that repeats several keys is refused for it.
  const keys: UniqueKey[] = [decl.naturalKey, ...(decl.unique ?? [])].map((k) => ({
    fields: k.fields,
    at: keyAt(k.fields),
    exists: k.exists,
  }));
  const duplicate = uniqueIndexErrors(table, keys, [table.enterpriseUuid, ...(scope ? [scope.column] : [])]);
  const guarded = o.guarded ?? decl.naturalKey.fields;
  const visible = (tenant: TenantScope): SQL =>
    and(visibleRows(table as unknown as Parameters<typeof visibleRows>[0], tenant), inScope)!;

  /** A stored column's (or jsonb key's) value as items and evidence have it. */
  const valueOf = (key: string, row: Row): unknown => {
    if (inJson.has(key)) return jsonOf(row)?.[key] ?? blankOf(decl.fields[key]);
    const v = row[key];
    if (decl.fields[key]?.kind === 'decimal' && typeof v === 'string') return decimalText(v);
    return toJson(v);
  };
  /** The written fields' column values, the jsonb fields' as one object of those not blank. */
  const defaultValues = (input: RowValues): RowValues => ({
    ...Object.fromEntries(
      written.filter((k) => !inJson.has(k)).map((k) => [k, columnValue(decl.fields[k], input[k])]),
    ),
    ...(json
      ? {
          [json.column]: Object.fromEntries(
            json.fields.flatMap((k) => (isBlank(input[k]) ? [] : [[k, input[k]]])),
          ),
        }
      : {}),
  });
  const requestValues = (input: RowValues): RowValues =>
    hooks.values ? hooks.values(input) : defaultValues(input);
  /** The column values of a batch of writes: the request's, then what the database adds (valuesBatch). */
  async function valuesOf(
    db: Db,
    tenant: Pick<TenantContext, 'enterpriseUuid'>,
    inputs: readonly { input: RowValues; current: Row | null }[],
  ): Promise<RowValues[]> {
    const writes = inputs.map(({ input, current }) => ({ values: requestValues(input), current }));
    if (!hooks.valuesBatch || writes.length === 0) return writes.map((w) => w.values);
    const added = await hooks.valuesBatch({ db, tenant }, writes);
    return writes.map((w, i) => ({ ...w.values, ...added[i] }));
  }
  const partsOf = (fields: readonly string[], values: RowValues) =>
    fields.map((k) => String(toJson(values[k]) ?? ''));
  const keyOf = (values: RowValues) => partsOf(decl.naturalKey.fields, values);

  /** A jsonb field's condition: its text equal, a yes/no's 'no' also where it is absent. */
  function jsonCondition(key: string, f: TRecordField, v: unknown): SQL | undefined {
    if (v === undefined) return undefined;
    const text = sql`(${column(json!.column)} ->> ${key})`;
    if (f.kind !== 'boolean') return sql`${text} = ${String(v)}`;
    return v ? sql`${text} = 'true'` : sql`coalesce(${text}, 'false') <> 'true'`;
  }

  function searchCondition(key: string, f: TRecordField, req: Record<string, unknown>): (SQL | undefined)[] {
    const prop = f.searchKey ?? key;
    if (f.search && inJson.has(key)) return [jsonCondition(key, f, req[prop])];
    switch (f.search) {
      case 'contains': {
        const text = req[prop] as string | undefined;
        const several =
          o.searchColumns?.[key] ??
          (f.searchAlso ? ([key, ...f.searchAlso].map(column) as [PgColumn, ...PgColumn[]]) : undefined);
        return [several ? filters.containsAny(several, text) : filters.contains(column(key), text)];
      }
      case 'equals': {
        const v = req[prop];
        if (f.kind !== 'tags') return [filters.eq(column(key), v)];
        // A list holds the value: a text array's overlap, a jsonb array's `?|`.
        const values = typeof v === 'string' ? [v] : undefined;
        const col = column(key);
        return [col.dataType === 'array' ? filters.overlaps(col, values) : filters.hasAny(col, values)];
      }
      case 'any':
        return [filters.hasAny(column(key), req[prop] as string[] | undefined)];
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
    where: [
      inScope,
      ...fieldEntries.flatMap(([k, f]) => searchCondition(k, f, req)),
      ...(hooks.listWhere?.(req) ?? []),
    ],
    sortable: Object.fromEntries([...decl.sortable, 'createdAt', 'updatedAt'].map((k) => [k, column(k)])),
    defaultSort: { column: table.createdAt, order: 'desc' },
    tieBreak: table.id,
    page: req,
  });

  async function present(
    db: Db,
    rows: readonly Row[],
    tenant: Pick<TenantContext, 'enterpriseUuid'> | undefined = rows[0],
    /** The rows' chain details when the caller knows them (the evidence it is appending), else asked for. */
    known?: Promise<ChainsById>,
  ): Promise<Item<D>[]> {
    if (rows.length === 0) return [];
    // Asked together: on PostgreSQL a read sends both before either answers (db/client.ts readWith).
    const [chains, batch] = await Promise.all([
      known ??
        latestChainDetails(
          db,
          subject,
          rows.map((r) => String(r.id)),
        ),
      hooks.presentBatch && tenant ? hooks.presentBatch({ db, tenant }, rows) : [],
    ]);
    return rows.map(
      (r, i) =>
        ({
          id: r.id,
          ...Object.fromEntries(itemKeys.map((k) => [k, valueOf(k, r)])),
          ...hooks.present?.(r),
          ...batch[i],
          createdAt: r.createdAt.getTime(),
          updatedAt: r.updatedAt.getTime(),
          chain: chains.get(String(r.id)) ?? null,
        }) as Item<D>,
    );
  }

  function evidence(change: string, row: Row, extra?: Record<string, unknown>): NewEvidence {
    // The jsonb fields as the column's stored object, under its key.
    const payload = Object.fromEntries(
      decl.evidence.map((k) =>
        inJson.has(k) ? [json!.column, toJson(row[json!.column])] : [k, valueOf(k, row)],
      ),
    );
    const shown = hooks.evidence ? hooks.evidence(row, payload) : payload;
    return {
      type: `${subject}.${change}`,
      subjectType: subject,
      enterpriseUuid: row.enterpriseUuid,
      subjectId: String(row.id),
      payload: extra ? { ...(shown as Record<string, unknown>), ...extra } : shown,
    };
  }

  async function find(db: Db, tenant: TenantScope, id: number): Promise<Row | null> {
    if (!isRowId(id)) return null;
    const [row] = await db
      .select()
      .from(table)
      .where(and(visible(tenant), eq(table.id, id)))
      .limit(1);
    return (row as Row | undefined) ?? null;
  }

  async function findMany(db: Db, tenant: TenantScope, ids: readonly number[]): Promise<Row[]> {
    const wanted = [...new Set(ids)].filter(isRowId);
    if (wanted.length === 0) return [];
    return (await db
      .select()
      .from(table)
      .where(and(visible(tenant), inArray(table.id, wanted)))
      .orderBy(asc(table.id))) as unknown as Row[];
  }

  /** The row's item with the `detail` hook's fields. */
  async function presentDetail(
    db: Db,
    row: Row,
    tenant: Pick<TenantContext, 'enterpriseUuid'>,
    known?: Promise<ChainsById>,
  ): Promise<Detail<D>> {
    // Asked together: on PostgreSQL their statements leave in one write (db/client.ts).
    const [[item], more] = await Promise.all([
      present(db, [row], tenant, known),
      hooks.detail ? hooks.detail({ db, tenant }, row) : {},
    ]);
    return { ...item, ...more } as Detail<D>;
  }

  async function mustFind(db: Db, tenant: TenantScope, id: number): Promise<Row> {
    const row = await find(db, tenant, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  const sameParts = (fields: readonly string[], a: RowValues, b: RowValues) => {
    const other = partsOf(fields, b);
    return partsOf(fields, a).every((p, i) => p === other[i]);
  };

  /**
   * The unique keys of `values` that another row holds; on an update only the keys it changes are asked
   * for. The keys are asked for together (one round trip on PostgreSQL).
   */
  async function takenKeys(
    db: Db,
    tenant: TenantContext,
    values: RowValues,
    current: Row | null,
  ): Promise<Set<UniqueKey>> {
    const asked = keys.filter((key) => !(current && sameParts(key.fields, values, current)));
    const found = await Promise.all(
      asked.map((key) =>
        existingNaturalKeys(db, tenant.enterpriseUuid, key.at, [partsOf(key.fields, values)]),
      ),
    );
    return new Set(asked.filter((_, i) => found[i]!.length > 0));
  }

  /**
   * The column values of one write, each unique key free (else the first taken key's error). The keys of
   * the request's own values are asked for together with what the database adds (valuesBatch): one round
   * trip on PostgreSQL, not two. A key whose parts valuesBatch changed is asked for again; a failure of
   * valuesBatch comes first, as when they ran in turn.
   */
  async function checkedValues(
    db: Db,
    tenant: TenantContext,
    input: RowValues,
    current: Row | null,
  ): Promise<RowValues> {
    const requested = requestValues(input);
    const [added, early] = await Promise.allSettled([
      valuesOf(db, tenant, [{ input, current }]),
      takenKeys(db, tenant, requested, current),
    ]);
    if (added.status === 'rejected') throw added.reason;
    if (early.status === 'rejected') throw early.reason;
    const [values] = added.value as [RowValues];
    const moved = keys.some((key) => !sameParts(key.fields, values, requested));
    const taken = moved ? await takenKeys(db, tenant, values, current) : early.value;
    const first = keys.find((key) => taken.has(key));
    if (first) throw new AppError(first.exists);
    return values;
  }

  /** Business data names a record by its id or by the first part of its natural key (its code). */
  const referenced = (rows: readonly Row[]) =>
    rows.map((r) => ({ id: r.id, code: String(r[decl.naturalKey.fields[0]!] ?? '') }));
  const guard = async (db: Db, tenant: TenantContext, rows: readonly Row[]) => {
    if (o.references) await assertNotReferenced(db, tenant, o.references, referenced(rows));
  };

  /**
   * Runs a statement that writes rows of the tenant's and appends their evidence. The enterprise's signer is
   * asked for together with the statement, so that on PostgreSQL both travel in one round trip (pipelined).
   * A write that creates or changes rows (`then`) runs the store's `afterWrite` after the evidence, and its
   * `answer` (what the request answers about the rows), with the rows' chain details taken from that
   * evidence: while the evidence is appended, its statements in the same round trip, when there is no
   * afterWrite hook; after the hook otherwise, since it may change what the answer reads.
   */
  async function writeWithEvidence<T = undefined>(
    db: Db,
    evidenceKeys: EvidenceKeys,
    tenant: Pick<TenantContext, 'enterpriseUuid' | 'userId'>,
    change: string,
    write: () => Promise<Row[]>,
    then?: { answer?: (rows: Row[], chains: Promise<ChainsById>) => Promise<T> },
  ): Promise<{ rows: Row[]; answered: T | undefined }> {
    const answer = then?.answer;
    const afterWrite = then ? hooks.afterWrite : undefined;
    const [rows, signers] = await Promise.all([
      write(),
      evidenceSigners(db, evidenceKeys, [tenant.enterpriseUuid]),
    ]);
    const events = rows.map((row) => evidence(change, row));
    const appending = appendEvidenceBatch(db, evidenceKeys, events, signers);
    const chains = appending.then(
      (appended) => new Map(events.map((e, i) => [e.subjectId, appendedChainDetail(e, appended[i]!)])),
    );
    chains.catch(() => undefined); // the append's failure is answered below
    if (!afterWrite) {
      const [, answered] = await Promise.all([appending, answer?.(rows, chains)]);
      return { rows, answered };
    }
    await appending;
    await afterWrite({ db, tenant }, rows);
    return { rows, answered: await answer?.(rows, chains) };
  }

  /** Inserts rows of column values with their evidence; other modules follow (afterWrite). */
  async function insertValues<T = undefined>(
    db: Db,
    evidenceKeys: EvidenceKeys,
    tenant: Pick<TenantContext, 'enterpriseUuid' | 'userId'>,
    values: readonly RowValues[],
    answer?: (rows: Row[], chains: Promise<ChainsById>) => Promise<T>,
  ): Promise<{ rows: Row[]; answered: T | undefined }> {
    if (values.length === 0) return { rows: [], answered: undefined };
    const stamp = { enterpriseUuid: tenant.enterpriseUuid, createdBy: tenant.userId };
    return writeWithEvidence(
      db,
      evidenceKeys,
      tenant,
      'created',
      async () =>
        (await db
          .insert(table)
          .values(
            values.map((v) => ({
              ...v,
              ...stamp,
              ...(scope ? { [scope.key]: scope.value, ...scope.also } : {}),
            })) as never,
          )
          .returning()) as unknown as Row[],
      { answer },
    );
  }

  return {
    decl,
    table,
    naturalKey,
    subject,
    listQuery,
    present,
    presentDetail,
    find,
    findMany,
    evidence,
    valueOf,
    exportValues: hooks.exportValues ?? {},
    keyOf,
    async insert(db, evidenceKeys, tenant, inputs) {
      const values = await valuesOf(
        db,
        tenant,
        inputs.map((input) => ({ input, current: null })),
      );
      return (await insertValues(db, evidenceKeys, tenant, values)).rows;
    },
    async page(db, tenant, req) {
      const { list, total } = await runListQuery(db, listQuery(tenant, req));
      return { list: await present(db, list as unknown as Row[], tenant), total };
    },
    async detail(db, tenant, id) {
      return presentDetail(db, await mustFind(db, tenant, id), tenant);
    },
    async add(db, evidenceKeys, tenant, input) {
      const values = await checkedValues(db, tenant, input, null);
      await hooks.beforeWrite?.({ db, tenant }, { values, current: null });
      const { answered } = await uniqueAsError(
        () =>
          insertValues(db, evidenceKeys, tenant, [values], ([row], chains) =>
            presentDetail(db, row!, tenant, chains),
          ),
        duplicate,
      );
      return answered!;
    },
    /**
     * Changes a record. A new key must be free, and business data must not reference the record when a
     * guarded field changes (it may name the record by its code). Nothing changed: nothing recorded.
     */
    async update(db, evidenceKeys, tenant, input) {
      const current = await mustFind(db, tenant, input.id);
      // A key the update leaves as it is, is not asked for: an unchanged row asks for none.
      const values = await checkedValues(db, tenant, input, current);
      const changed = (k: string) => !same(valueOf(k, current), values[k]);
      if (!Object.keys(values).some(changed)) return presentDetail(db, current, tenant);
      if (guarded.some(changed)) await guard(db, tenant, [current]);
      await hooks.beforeWrite?.({ db, tenant }, { values, current });
      const { answered } = await writeWithEvidence(
        db,
        evidenceKeys,
        tenant,
        'updated',
        async () =>
          (await uniqueAsError(
            () =>
              db
                .update(table)
                .set({ ...values, updatedAt: new Date() } as never)
                .where(and(visible(tenant), eq(table.id, current.id)))
                .returning(),
            duplicate,
          )) as unknown as Row[],
        { answer: async ([row], chains) => (row ? presentDetail(db, row, tenant, chains) : undefined) },
      );
      if (!answered) throw new AppError('NOT_FOUND');
      return answered;
    },
    async remove(db, evidenceKeys, tenant, ids) {
      const rows = await findMany(db, tenant, ids);
      // An id that is unknown, another enterprise's or of another page's scope fails the whole request.
      if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
      await hooks.beforeRemove?.({ db, tenant }, rows);
      await guard(db, tenant, rows);
      const { rows: deleted } = await writeWithEvidence(
        db,
        evidenceKeys,
        tenant,
        'deleted',
        async () =>
          (await db
            .delete(table)
            .where(
              and(
                visible(tenant),
                inArray(
                  table.id,
                  rows.map((r) => r.id),
                ),
              ),
            )
            .returning()) as unknown as Row[],
      );
      // Evidence of a partial delete is rolled back with it.
      if (deleted.length !== rows.length) throw new AppError('NOT_FOUND');
      return deleted.length;
    },
  };
}
