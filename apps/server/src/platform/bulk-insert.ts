import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/**
 * Set-based writes of many rows (imports): one INSERT whose rows travel as ONE parameter, a JSON array read
 * back by `jsonb_to_recordset`. Drizzle's `values()` builds a multi-row INSERT from one SQL fragment per cell
 * and the driver sends one parameter per cell: profiled on a 20,000-product import, that query building alone
 * was 15 % of the import's CPU on PGlite (docs/bench/2026-11-27-import.md). Here the statement's text is the
 * same for every chunk and the rows are one string. Values go through each column's own driver mapping, and
 * the returned rows through its result mapping, so callers get what `.returning()` gives.
 */

/** Most rows one statement carries: bounds the one JSON parameter (a few hundred kilobytes). */
const ROWS_PER_STATEMENT = 2000;

type Columns<T extends PgTable> = Record<keyof T['$inferInsert'] & string, PgColumn>;

/**
 * The rows grouped by the columns they set (their defined keys), each group with its columns in the table's
 * order: a column a row leaves out takes its default, as with `values()`. An import's rows are one group.
 */
function byColumns<T extends PgTable>(table: T, rows: readonly T['$inferInsert'][]) {
  const all = Object.entries(getTableColumns(table) as unknown as Columns<T>) as [string, PgColumn][];
  const groups = new Map<string, { columns: [string, PgColumn][]; rows: T['$inferInsert'][] }>();
  for (const row of rows) {
    const set = row as Record<string, unknown>;
    const columns = all.filter(([key]) => set[key] !== undefined);
    const signature = columns.map(([key]) => key).join(',');
    const group = groups.get(signature) ?? { columns, rows: [] };
    group.rows.push(row);
    groups.set(signature, group);
  }
  // Each group in slices that bound the one JSON parameter.
  return [...groups.values()].flatMap((g) =>
    Array.from({ length: Math.ceil(g.rows.length / ROWS_PER_STATEMENT) }, (_, i) => ({
      columns: g.columns,
      rows: g.rows.slice(i * ROWS_PER_STATEMENT, (i + 1) * ROWS_PER_STATEMENT),
    })),
  );
}

const isJson = (column: PgColumn) => ['json', 'jsonb'].includes(column.getSQLType());

function insertStatement<T extends PgTable>(
  table: T,
  columns: readonly [string, PgColumn][],
  rows: readonly T['$inferInsert'][],
  returning: boolean,
): SQL {
  const json = JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const [key, column] of columns) {
        const value = (row as Record<string, unknown>)[key];
        // A json(b) column's value stays JSON inside the array (its driver mapping would make it a string).
        out[column.name] = value === null ? null : isJson(column) ? value : column.mapToDriverValue(value);
      }
      return out;
    }),
  );
  const names = sql.join(
    columns.map(([, c]) => sql.identifier(c.name)),
    sql`, `,
  );
  const types = sql.join(
    columns.map(([, c]) => sql`${sql.identifier(c.name)} ${sql.raw(c.getSQLType())}`),
    sql`, `,
  );
  return sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${json}::jsonb) as r(${types})${
    returning ? sql` returning *` : sql``
  }`;
}

/** A returned row (driver values, by column name) as the table's typed row. */
function typedRow<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table) as Record<string, PgColumn>)) {
    const value = raw[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}

/** Inserts rows set-based (see above); nothing is returned. */
export async function bulkInsert<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  for (const slice of byColumns(table, rows)) {
    await db.execute(insertStatement(table, slice.columns, slice.rows, false));
  }
}

/** Inserts rows set-based and answers the stored rows (every column), in no guaranteed order. */
export async function bulkInsertReturning<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<T['$inferSelect'][]> {
  const out: T['$inferSelect'][] = [];
  for (const slice of byColumns(table, rows)) {
    const result = (await db.execute(insertStatement(table, slice.columns, slice.rows, true))) as unknown as {
      rows: Record<string, unknown>[];
    };
    for (const raw of result.rows) out.push(typedRow(table, raw));
  }
  return out;
}
