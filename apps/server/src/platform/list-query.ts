import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LIMITS, type TListRequestBase } from '@tracehub/contract';
import type { Db } from '../db/client.ts';
import type { TenantContext } from './context.ts';

/** A paged, sorted and counted query of one table. */
export interface PagedQuery<TSelect extends Record<string, PgColumn | SQL.Aliased>> {
  table: PgTable;
  /**
   * Inner joins to tables with exactly one row per row of `table` (its account, its parent), so that
   * paging and the count still count rows of `table`.
   */
  joins?: { table: PgTable; on: SQL }[];
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
 * Adds the inner joins. The row type stays the query's own: fields are selected explicitly, and inner
 * joins make none of them nullable, which is why the joined builder may keep the type it came with.
 */
function withJoins<T>(qb: T, joins: PagedQuery<never>['joins'] = []): T {
  let out = qb;
  for (const j of joins) out = (out as unknown as Joinable).innerJoin(j.table, j.on) as T;
  return out;
}
type Joinable = { innerJoin(table: PgTable, on: SQL): unknown };

/**
 * The rows a list would show for a request, from its first row on, at most `limit` of them (exports): the
 * same tenant scope, filters and order as runListQuery, without paging or counting.
 */
export function runListRows<TSelect extends Record<string, PgColumn | SQL.Aliased>>(
  db: Db,
  q: ListQuery<TSelect>,
  limit: number,
) {
  return sortedRows(db, and(...listScope(q), ...(q.where ?? [])), q).limit(limit);
}

/** The query's rows in the requested order (a whitelisted sort field, else the default) with the tie-break. */
function sortedRows<TSelect extends Record<string, PgColumn | SQL.Aliased>>(
  db: Db,
  where: SQL | undefined,
  q: PagedQuery<TSelect>,
) {
  const sortColumn = (q.page.sortField && q.sortable[q.page.sortField]) || q.defaultSort.column;
  const order =
    q.page.sortField && q.sortable[q.page.sortField] ? (q.page.sortOrder ?? 'asc') : q.defaultSort.order;
  const dir = order === 'asc' ? asc : desc;
  return withJoins(db.select(q.select).from(q.table), q.joins)
    .where(where)
    .$dynamic()
    .orderBy(dir(sortColumn), dir(q.tieBreak));
}

async function runPaged<TSelect extends Record<string, PgColumn | SQL.Aliased>>(
  db: Db,
  conditions: (SQL | undefined)[],
  q: PagedQuery<TSelect>,
) {
  const where = and(...conditions.filter((w): w is SQL => !!w));
  const rows = await sortedRows(db, where, q)
    .limit(q.page.pageSize)
    .offset((q.page.pageNo - 1) * q.page.pageSize);
  const capped = withJoins(db.select({ one: sql`1` }).from(q.table), q.joins)
    .where(where)
    .limit(LIMITS.maxCountedTotal)
    .as('capped');
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return { list: rows, total: counted?.n ?? 0 };
}

// Time bounds are clamped to years 1-9999: epoch milliseconds beyond them are valid integers, but neither a
// JavaScript Date nor a PostgreSQL timestamp can hold every one of them, and no stored row lies outside.
const MIN_TIME_MS = Date.parse('0001-01-01T00:00:00.000Z');
const MAX_TIME_MS = Date.parse('9999-12-31T23:59:59.999Z');
const timeBound = (ms: number) => new Date(Math.min(Math.max(ms, MIN_TIME_MS), MAX_TIME_MS));

/** `%text%` for ILIKE, with the text's own wildcards escaped. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
  contains: (col: PgColumn, v: string | undefined) => (v ? ilike(col, likePattern(v)) : undefined),
  /** Any of the columns contains the text (a name in Chinese or English, a code or a name). */
  containsAny: (cols: readonly PgColumn[], v: string | undefined) =>
    v ? or(...cols.map((col) => ilike(col, likePattern(v)))) : undefined,
  from: (col: PgColumn, ms: number | undefined) => (ms === undefined ? undefined : gte(col, timeBound(ms))),
  /** Inclusive of the whole millisecond: stored times carry microseconds that clients never see. */
  to: (col: PgColumn, ms: number | undefined) => (ms === undefined ? undefined : lt(col, timeBound(ms + 1))),
};
