import { and, arrayOverlaps, asc, desc, eq, getTableName, gte, inArray, lt, or, sql, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { users } from '../db/schema.ts';
import { LIMITS, type TListRequestBase } from '@tracehub/contract';
import { dialectOf, type Db } from '../db/client.ts';
import type { TenantContext } from './context.ts';

/** A paged, sorted and counted query of one table. */
export interface PagedQuery<TSelect extends Record<string, PgColumn | SQL.Aliased>> {
  table: PgTable;
  /**
   * Inner joins to tables with exactly one row per row of `table` (its account, its parent), so that
   * paging and the count still count rows of `table`.
   */
  joins?: { table: PgTable; on: SQL }[];
  /**
   * Left joins that only decorate the page's rows (the name of a row's account): in the page's statement, not
   * in its count, so a list names its rows without a query per lookup. Select their columns as nullable.
   */
  lookups?: { table: PgTable; on: SQL }[];
  select: TSelect;
  /** Extra conditions; undefined entries (unset filters) are skipped. */
  where?: (SQL | undefined)[];
  /** sortField value -> column. Anything else is ignored. */
  sortable: Record<string, PgColumn>;
  defaultSort: { column: PgColumn; order: 'asc' | 'desc' };
  /** Unique column for a deterministic order between equal sort keys. */
  tieBreak: PgColumn;
  page: TListRequestBase;
}

/**
 * The one list query of the server: tenant scope (always), filters, whitelisted sorting with a stable
 * tie-break, paging, and a total counted up to LIMITS.maxCountedTotal (spec 9) so counting never
 * scans a whole large table.
 */
export interface ListQuery<
  TSelect extends Record<string, PgColumn | SQL.Aliased>,
> extends PagedQuery<TSelect> {
  /** The table's enterprise column: the scope is applied here, never by hand in callers. */
  tenantColumn: PgColumn;
  /** The column of the account that created a row: with it the data permission is applied too. */
  ownerColumn?: PgColumn;
  tenant: TenantContext;
}

/** The scope of a list: its enterprise, and the data permission when the table records its creator. */
function listScope(q: ListQuery<Record<string, PgColumn | SQL.Aliased>>): (SQL | undefined)[] {
  return [
    eq(q.tenantColumn, q.tenant.enterpriseUuid),
    q.ownerColumn ? ownRowsOnly(q.ownerColumn, q.tenant) : undefined,
  ];
}

/** The caller's view of a tenant: its enterprise, its account and its roles' data permission. */
export type TenantScope = Pick<TenantContext, 'enterpriseUuid' | 'userId' | 'dataScope'>;

/**
 * The data permission of spec 6 ("all company data" versus "all account data"): with the 'account' scope a
 * member sees only the rows its account created. Undefined (no condition) with the company scope.
 */
export function ownRowsOnly(createdBy: PgColumn, tenant: TenantScope): SQL | undefined {
  return tenant.dataScope === 'account' ? eq(createdBy, tenant.userId) : undefined;
}

/** The rows of a business table the caller may see or change: its enterprise's, within its data permission. */
export function visibleRows(
  table: { enterpriseUuid: PgColumn; createdBy: PgColumn },
  tenant: TenantScope,
): SQL {
  return and(eq(table.enterpriseUuid, tenant.enterpriseUuid), ownRowsOnly(table.createdBy, tenant))!;
}

export function runListQuery<TSelect extends Record<string, PgColumn | SQL.Aliased>>(
  db: Db,
  q: ListQuery<TSelect>,
) {
  return runPaged(db, [...listScope(q), ...(q.where ?? [])], q);
}

/**
 * The operator end's lists, which span every enterprise: the same paging, sorting and capped count
 * without a tenant scope. Only operator endpoints may call it; tenant lists use runListQuery.
 */
export function runPlatformListQuery<TSelect extends Record<string, PgColumn | SQL.Aliased>>(
  db: Db,
  q: PagedQuery<TSelect>,
) {
  return runPaged(db, q.where ?? [], q);
}

/**
 * The rows a list would show for a request, from its first row on, at most `limit` of them (exports): the
 * same tenant scope, filters and order as runListQuery, written by the same statement, without paging or
 * counting.
 */
export function runListRows<TSelect extends Record<string, PgColumn | SQL.Aliased>>(
  db: Db,
  q: ListQuery<TSelect>,
  limit: number,
): Promise<SelectResultFields<TSelect>[]> {
  const parts = listParts([...listScope(q), ...(q.where ?? [])], q);
  const fields = selectedFields(q.select);
  return selectRows(db, rowsStatement(parts, q, fields, limit, 0), fields) as Promise<
    SelectResultFields<TSelect>[]
  >;
}

/**
 * What a requested sort field sorts by, or undefined for a field the list does not sort by. Own keys only:
 * `sortField=constructor` or `__proto__` must not reach Object.prototype's members. Every list's sort goes
 * through here, including those written in SQL by hand.
 */
export function sortableBy<T>(
  sortable: Readonly<Record<string, T>>,
  field: string | undefined,
): T | undefined {
  return field !== undefined && Object.hasOwn(sortable, field) ? sortable[field] : undefined;
}

const ordered = (column: PgColumn, order: 'asc' | 'desc') => (order === 'asc' ? asc(column) : desc(column));

/** The requested order (a whitelisted sort field, else the default), then the tie-break in the same direction. */
function requestedOrder(q: PagedQuery<Record<string, PgColumn | SQL.Aliased>>): SQL[] {
  const chosen = sortableBy(q.sortable, q.page.sortField);
  const order = chosen ? (q.page.sortOrder ?? 'asc') : q.defaultSort.order;
  return [ordered(chosen ?? q.defaultSort.column, order), ordered(q.tieBreak, order)];
}

/**
 * What every statement of a list shares: the `WITH` of the search views its conditions search (empty without),
 * its table with the inner joins, and its WHERE.
 */
function listParts(conditions: (SQL | undefined)[], q: PagedQuery<Record<string, PgColumn | SQL.Aliased>>) {
  const where = and(...conditions.filter((w): w is SQL => !!w));
  const withViews = searchViewsClause(conditions);
  return {
    withViews: withViews ?? sql``,
    searched: withViews !== undefined,
    from: sql.join(
      [sql`${q.table}`, ...(q.joins ?? []).map((j) => sql`inner join ${j.table} on ${j.on}`)],
      sql` `,
    ),
    where: where ? sql` where ${where}` : sql``,
  };
}
type ListParts = ReturnType<typeof listParts>;

/** A selection's fields in its order, as Drizzle maps a flat selection's rows. */
const selectedFields = (select: Record<string, PgColumn | SQL.Aliased | SQL>): SelectedFieldsOrdered =>
  Object.entries(select).map(([name, field]) => ({ path: [name], field }));

/**
 * The list's rows in the requested order with their lookups, `limit` of them from `offset` on. No OFFSET from
 * the first row, as Drizzle writes it: a generic plan that must allow for any offset may give up the index that
 * serves the list's order.
 */
function rowsStatement(
  parts: ListParts,
  q: PagedQuery<Record<string, PgColumn | SQL.Aliased>>,
  fields: SelectedFieldsOrdered,
  limit: number,
  offset: number,
): SQL {
  const lookups = (q.lookups ?? []).map((j) => sql` left join ${j.table} on ${j.on}`);
  return sql`${parts.withViews}select ${sql.join(fields.map(selected), sql`, `)} from ${parts.from}${sql.join(lookups)}${parts.where} order by ${sql.join(requestedOrder(q), sql`, `)} limit ${limit}${offset ? sql` offset ${offset}` : sql``}`;
}

/**
 * The statement of a list page: its rows, each carrying the total counted up to LIMITS.maxCountedTotal (a
 * scalar subquery, evaluated once), so a page costs one round trip. Without a search, the count walks the rows
 * in the list's default order (without the tie-break, which counting needs not): the index that serves the
 * first page serves it too, where without an order the planner may prefer a sequential scan that stops at the
 * cap, and reads the whole table when the rows it counts lie at its end. A search's count is left unordered:
 * its rows come from a search index in a bitmap, which stops at the cap only unsorted (an unselective search
 * counted 10,000 of 43,000 rows in 21 ms instead of 91 ms). A search keeps two statements: its tenant view's
 * CTE named twice in one statement would be materialised, not inlined, and the search index left unused. A page
 * past the last row carries no total either: the count then runs alone.
 *
 * Written as SQL templates rather than through Drizzle's select builder: building the builder and its SQL was
 * a tenth of a list request's CPU (docs/performance.md, ninth pass), for statements whose every part is known
 * here. Their text is Drizzle's writing of the template, kept by shape (db/statement-cache.ts), and their rows
 * are mapped by Drizzle from the same ordered fields the builder would give.
 */
function pageStatements<TSelect extends Record<string, PgColumn | SQL.Aliased>>(
  conditions: (SQL | undefined)[],
  q: PagedQuery<TSelect>,
) {
  const parts = listParts(conditions, q);
  const capped = sql`(select 1 from ${parts.from}${parts.where}${parts.searched ? sql`` : sql` order by ${ordered(q.defaultSort.column, q.defaultSort.order)}`} limit ${LIMITS.maxCountedTotal}) ${sql.identifier('capped')}`;
  const fields = selectedFields({
    ...q.select,
    [TOTAL]: parts.searched ? sql<number | null>`null` : sql<number>`(select count(*)::int from ${capped})`,
  });
  const offset = (q.page.pageNo - 1) * q.page.pageSize;
  const rows = rowsStatement(parts, q, fields, q.page.pageSize, offset);
  const count = () => sql`${parts.withViews}select count(*)::int from ${capped}`;
  return { rows, fields, count };
}

/** A selected field as the select list writes it: a column, or an expression with its alias. */
const selected = ({ field }: SelectedFieldsOrdered[number]): SQL =>
  field instanceof SQL.Aliased ? sql`${field.sql} as ${sql.identifier(field.fieldAlias)}` : sql`${field}`;

/** Runs a statement of this module and maps its rows as Drizzle maps a select's: by the fields' order. */
function selectRows(
  db: Db,
  statement: SQL,
  fields: SelectedFieldsOrdered,
): Promise<Record<string, unknown>[]> {
  const query = dialectOf(db).sqlToQuery(statement);
  return db._.session.prepareQuery(query, fields, undefined, true).execute() as Promise<
    Record<string, unknown>[]
  >;
}

const hasSearch = (conditions: readonly (SQL | undefined)[]) =>
  conditions.some((c) => c !== undefined && searchedTables.has(c));

/** The field of a page's rows that carries the list's total (no table has a column of that name). */
const TOTAL = 'tracehub_total';

async function runPaged<TSelect extends Record<string, PgColumn | SQL.Aliased>>(
  db: Db,
  conditions: (SQL | undefined)[],
  q: PagedQuery<TSelect>,
) {
  const { rows, fields, count } = pageStatements(conditions, q);
  type PageRow = SelectResultFields<TSelect>;
  const found = (await selectRows(db, rows, fields)) as (PageRow & Record<typeof TOTAL, number | null>)[];
  const list = found.map(({ [TOTAL]: _total, ...row }) => row as PageRow);
  const carried = found[0]?.[TOTAL];
  if (carried !== undefined && carried !== null) return { list, total: carried };
  // An empty first page of a list without a search means no rows at all.
  if (found.length === 0 && q.page.pageNo === 1 && !hasSearch(conditions)) return { list, total: 0 };
  const [counted] = await selectRows(db, count(), [{ path: ['n'], field: sql<number>`count(*)::int` }]);
  return { list, total: (counted?.n as number | undefined) ?? 0 };
}

// Time bounds are clamped to years 1-9999: epoch milliseconds beyond them are valid integers, but neither a
// JavaScript Date nor a PostgreSQL timestamp can hold every one of them, and no stored row lies outside.
const MIN_TIME_MS = Date.parse('0001-01-01T00:00:00.000Z');
const MAX_TIME_MS = Date.parse('9999-12-31T23:59:59.999Z');
const timeBound = (ms: number) => new Date(Math.min(Math.max(ms, MIN_TIME_MS), MAX_TIME_MS));

/** `%text%` for LIKE, with the text's own wildcards escaped. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The column contains the text, whatever the case: `lower(column) LIKE lower('%text%')`, the expression the
 * trigram indexes of migration 0013 hold (ILIKE on the column itself would not reach them).
 */
const containsText = (col: PgColumn, text: string): SQL =>
  sql`lower(${col}) like lower(${likePattern(text)})`;

/**
 * Tables searched through their tenant view (migration 0013). LIKE, lower() and && are not leakproof, so under
 * row-level security PostgreSQL evaluates them only after the policy's condition, never as an index
 * condition: a search would read every row of the enterprise. A statement that searches one of these tables
 * reads it through its view instead, which has the table's columns and restricts it to the transaction's
 * tenant itself, as its owner: `WITH documents AS (SELECT * FROM documents_search) SELECT ... FROM documents`.
 * The CTE takes the table's name, so every column the query names stays valid, and PostgreSQL inlines it:
 * the planner sees the search on the table and picks the trigram index or the list's order, as it pays.
 */
const SEARCH_VIEWS: Readonly<Record<string, string>> = {
  documents: 'documents_search',
  materials: 'materials_search',
  products: 'products_search',
  partners: 'partners_search',
  material_relations: 'material_relations_search',
  ledger_events: 'ledger_events_search',
};

/** The table each search condition (contains, containsAny, overlaps) searches. */
const searchedTables = new WeakMap<SQL, string>();

function searchOf(table: PgTable, condition: SQL): SQL {
  searchedTables.set(condition, getTableName(table));
  return condition;
}

/** What a query starts from: the database handle, or one with the CTEs of the tenant views it searches. */
export type Reader = Pick<Db, 'select'>;

/**
 * The handle to read with when `conditions` may search a table with a tenant view: `db.with(<table> AS
 * (SELECT * FROM <view>))`, else `db` itself. Only for tenant transactions (the view is empty outside).
 */
export function searchReader(db: Db, conditions: readonly (SQL | undefined)[]): Reader {
  const ctes = searchViews(db, conditions);
  return ctes.length ? db.with(...ctes) : db;
}

/** The tables with a tenant view that `conditions` search, each with its view. */
function searchedViews(conditions: readonly (SQL | undefined)[]): [table: string, view: string][] {
  const tables = new Set(conditions.flatMap((c) => (c ? [searchedTables.get(c)] : [])));
  return [...tables].flatMap((table) => {
    const view = table && SEARCH_VIEWS[table];
    return view ? [[table, view] as [string, string]] : [];
  });
}

/** The CTEs `<table> AS (SELECT * FROM <view>)` of the tables with a tenant view that `conditions` search. */
const searchViews = (db: Db, conditions: readonly (SQL | undefined)[]) =>
  searchedViews(conditions).map(([table, view]) =>
    db.$with(table, {}).as(sql`select * from ${sql.identifier(view)}`),
  );

/** The same CTEs as the `WITH …` clause that opens a statement written as SQL, or undefined without any. */
function searchViewsClause(conditions: readonly (SQL | undefined)[]): SQL | undefined {
  const views = searchedViews(conditions);
  if (views.length === 0) return undefined;
  const ctes = views.map(
    ([table, view]) => sql`${sql.identifier(table)} as (select * from ${sql.identifier(view)})`,
  );
  return sql`with ${sql.join(ctes, sql`, `)} `;
}

/** Filter helpers: each returns undefined when the filter is not set. */
export const filters = {
  eq: <T>(col: PgColumn, v: T | undefined) => (v === undefined ? undefined : eq(col, v)),
  oneOf: <T>(col: PgColumn, v: T | T[] | undefined) =>
    v === undefined ? undefined : Array.isArray(v) ? (v.length ? inArray(col, v) : undefined) : eq(col, v),
  /** Spec 2.5: some inputs take several comma-separated exact values. */
  commaExact: (col: PgColumn, v: string | undefined) => {
    const values =
      v
        ?.split(/[,，]/)
        .map((s) => s.trim())
        .filter(Boolean) ?? [];
    return values.length ? inArray(col, values) : undefined;
  },
  contains: (col: PgColumn, v: string | undefined) =>
    v ? searchOf(col.table, containsText(col, v)) : undefined,
  /**
   * The column contains the text, or `also` holds: a condition the caller derived from the text (rows found
   * by it elsewhere, as values). Still a search of the column's table, through its tenant view.
   */
  containsOr: (col: PgColumn, v: string | undefined, also: SQL | undefined) =>
    v ? searchOf(col.table, also ? or(containsText(col, v), also)! : containsText(col, v)) : undefined,
  /**
   * {@link filters.containsOr} where only the rows `among` selects are searched for the text: the predicate
   * of a partial trigram index, stated beside the search so the planner may answer it with that index.
   */
  containsAmongOr: (col: PgColumn, v: string | undefined, among: SQL, also: SQL | undefined) => {
    if (!v) return undefined;
    const contains = and(among, containsText(col, v))!;
    return searchOf(col.table, also ? or(contains, also)! : contains);
  },
  /** Any of the columns (of one table) contains the text (a name in Chinese or English, a code or a name). */
  containsAny: (cols: readonly [PgColumn, ...PgColumn[]], v: string | undefined) =>
    v ? searchOf(cols[0].table, or(...cols.map((col) => containsText(col, v)))!) : undefined,
  /** The jsonb array of texts holds any of `values` (a partner's tags): `?|`. */
  hasAny: (col: PgColumn, values: readonly string[] | undefined) =>
    values?.length
      ? sql`${col} ?| array[${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )}]::text[]`
      : undefined,
  /** The text array column shares a value with `values` (a document's related numbers). */
  overlaps: (col: PgColumn, values: readonly string[] | undefined) =>
    values?.length ? searchOf(col.table, arrayOverlaps(col, [...values])) : undefined,
  from: (col: PgColumn, ms: number | undefined) => (ms === undefined ? undefined : gte(col, timeBound(ms))),
  /** Inclusive of the whole millisecond: stored times carry microseconds that clients never see. */
  to: (col: PgColumn, ms: number | undefined) => (ms === undefined ? undefined : lt(col, timeBound(ms + 1))),
};

/** The join naming the account that created a row (select `createdBy: users.username` with it). */
export const creatorJoin = (createdBy: PgColumn): { table: PgTable; on: SQL } => ({
  table: users,
  on: eq(users.id, createdBy),
});
