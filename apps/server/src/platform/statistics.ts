import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { startPeriodic, type PeriodicJob } from './jobs/periodic.ts';
import { rowsOf } from './ledger/nodes.ts';

/*
 * Table statistics kept fresh by the server itself. The embedded PGlite has no autovacuum, so without this
 * no table is ever analysed; and a prepared statement (db/pglite-statements.ts, and the PostgreSQL pool's
 * PipeliningClient) keeps its generic plan until its tables' statistics change. A plan made while a table held
 * a few rows (a sequential scan) then stays while an import grows it to 20,000: each chunk's look-up of
 * existing keys read the whole table, 39 ms a chunk at the end (docs/performance.md). So a table that has
 * grown to more than twice the pages of its last analysis is analysed again, which also makes PostgreSQL plan
 * its statements anew. On PostgreSQL autovacuum does the same, but only every minute at best.
 */

/** Pages a table may have before its size matters to a plan (16 pages: 128 kB). */
const SMALL_TABLE_PAGES = 16;

/** Tables of the public schema grown past twice their pages at the last analysis (never analysed: 0). */
async function outgrownTables(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
      and pg_relation_size(c.oid) / current_setting('block_size')::int > 2 * greatest(c.relpages, 0) + ${SMALL_TABLE_PAGES}`);
  return rowsOf<{ name: string }>(result).map((r) => r.name);
}

/**
 * A pause between two analyses: an ANALYZE holds PGlite's one connection for up to a few hundred
 * milliseconds, and requests that arrived meanwhile are read only when the event loop gets a turn; without
 * it they queued behind the next table's ANALYZE (an API health check waited 1.3 s during an import).
 */
const BETWEEN_TABLES_MS = 25;

/** Analyses every table that outgrew its statistics, one at a time; answers their names. */
export async function refreshStatistics(db: Db): Promise<string[]> {
  const tables = await outgrownTables(db);
  for (const [i, table] of tables.entries()) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, BETWEEN_TABLES_MS));
    await db.execute(sql`analyze ${sql.identifier(table)}`);
  }
  return tables;
}

/** Checks every `intervalMs` in the background (worker processes). */
export function startStatisticsKeeper(
  db: Db,
  opts: { intervalMs: number; log: { error(obj: unknown, msg: string): void } },
): PeriodicJob {
  return startPeriodic({
    name: 'statistics',
    intervalMs: opts.intervalMs,
    log: opts.log,
    run: () => refreshStatistics(db),
  });
}
