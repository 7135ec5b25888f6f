import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { startPeriodic, type PeriodicJob } from './jobs/periodic.ts';
import { rowsOf } from './ledger/nodes.ts';

/*
 * Table statistics kept fresh by the server itself. The embedded PGlite has no autovacuum, so without this
 * no table is ever analysed; and a prepared statement (db/pglite-statements.ts, and the PostgreSQL pool's
 * PipeliningClient) keeps its generic plan until its tables' statistics change. A plan made while a table held
 * a few rows (a sequential scan) then stays while an import grows it to 20,000: each chunk's look-up of
 * existing keys read the whole table, 39 ms a chunk at the end (docs/performance.md). So a table whose rows
 * changed more than it held at its last analysis (or, checked less often, that grew past twice its pages) is
 * analysed again, which also makes PostgreSQL plan its statements anew. On PostgreSQL autovacuum does the
 * same, but only every minute at best.
 *
 * Without autovacuum nothing vacuums the embedded database either, so the keeper vacuums too, by autovacuum's
 * own rules (`dueForVacuum`). Unvacuumed, the rows an update or a delete leaves dead (a session's sliding
 * expiry, an event's seal, a job's status) stay in the table and its indexes, no page is ever marked
 * all-visible, so a list's capped count reads every row's heap page where an index-only scan would do (4,000
 * receipts on PGlite: 2.6-2.8 ms a count, 1.05-1.13 ms once vacuumed), and no row is ever frozen against
 * transaction-ID wraparound. On PostgreSQL it vacuums for the same reason it analyses: autovacuum comes a
 * minute later at best (4,000 receipts counted by a sequential scan and a sort, 4.7 ms, against 1.5 ms), and a
 * table autovacuum is already at is skipped.
 */

/** Pages a table may have before its size matters to a plan (16 pages: 128 kB). */
const SMALL_TABLE_PAGES = 16;
/** Rows a table may gain (or change) since its last analysis before that matters to a plan. */
const SMALL_TABLE_ROWS = 500;

/**
 * Tables of the public schema grown past twice their pages at the last analysis (never analysed: 0). Asks
 * each table's size of the file system (`pg_relation_size`): on PGlite 12-16 ms for the demo's 61 tables,
 * and 45-63 ms under load, holding the one connection (docs/performance.md, tenth pass).
 */
async function outgrownBySize(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
      and pg_relation_size(c.oid) / current_setting('block_size')::int > 2 * greatest(c.relpages, 0) + ${SMALL_TABLE_PAGES}`);
  return rowsOf<{ name: string }>(result).map((r) => r.name);
}

/**
 * Tables of the public schema whose rows changed since their last analysis more than they held then: the
 * same question from the statistics PostgreSQL keeps in memory (`n_mod_since_analyze`), without touching a
 * file (2-3 ms on PGlite). Those counters start again from zero after a crash, hence the size check too.
 */
async function outgrownByChanges(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select s.relname as name
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public' and s.n_mod_since_analyze > greatest(c.reltuples, 0) + ${SMALL_TABLE_ROWS}`);
  return rowsOf<{ name: string }>(result).map((r) => r.name);
}

/** How tables that outgrew their statistics are found: by their changes (cheap) or their files' sizes. */
export type OutgrownCheck = 'changes' | 'size';

/**
 * A pause between two analyses: an ANALYZE holds PGlite's one connection for up to a few hundred
 * milliseconds, and requests that arrived meanwhile are read only when the event loop gets a turn; without
 * it they queued behind the next table's ANALYZE (an API health check waited 1.3 s during an import).
 */
const BETWEEN_TABLES_MS = 25;

/** Runs `statement` on each table, one at a time with a pause between; answers the tables' names. */
async function eachTable(db: Db, tables: string[], statement: (table: SQLWrapper) => SQL): Promise<string[]> {
  for (const [i, table] of tables.entries()) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, BETWEEN_TABLES_MS));
    await db.execute(statement(sql.identifier(table)));
  }
  return tables;
}

/** Analyses every table that outgrew its statistics, one at a time; answers their names. */
export async function refreshStatistics(db: Db, check: OutgrownCheck = 'changes'): Promise<string[]> {
  const tables = await (check === 'size' ? outgrownBySize(db) : outgrownByChanges(db));
  return eachTable(db, tables, (table) => sql`analyze ${table}`);
}

/**
 * Tables of the public schema that autovacuum would vacuum with its default settings: dead rows past 50 and a
 * fifth of the table, rows inserted since the last vacuum past 1,000 and a fifth (so that their pages are
 * marked all-visible), or a transaction-ID age past 150 million (`vacuum_freeze_table_age`: the vacuum then
 * freezes every row it finds, as wraparound requires). The counters are PostgreSQL's, kept in memory.
 */
async function dueForVacuum(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select s.relname as name
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public' and (
      s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
      or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
      or age(c.relfrozenxid) > 150000000)`);
  return rowsOf<{ name: string }>(result).map((r) => r.name);
}

/**
 * Vacuums every table autovacuum would (`dueForVacuum`), one at a time; answers their names. A vacuum reads
 * only the pages changed since the last one (the others are marked all-visible) and skips index cleanup while
 * few rows died, so a run after a burst of writes is short. A table another vacuum holds (autovacuum, another
 * worker's keeper) is skipped rather than waited for.
 */
export async function vacuumTables(db: Db): Promise<string[]> {
  return eachTable(db, await dueForVacuum(db), (table) => sql`vacuum (skip_locked) ${table}`);
}

/**
 * The size check's turn among the keeper's runs: its first (changes counted before a crash or a restart are
 * gone) and one in this many after it (about every five minutes at the default interval of 5 s).
 */
const SIZE_CHECK_EVERY = 60;

/** Checks every `intervalMs` in the background (worker processes): vacuums, then analyses. */
export function startStatisticsKeeper(
  db: Db,
  opts: { intervalMs: number; log: { error(obj: unknown, msg: string): void } },
): PeriodicJob {
  let runs = 0;
  return startPeriodic({
    name: 'statistics',
    intervalMs: opts.intervalMs,
    log: opts.log,
    run: async () => {
      await vacuumTables(db);
      await refreshStatistics(db, runs++ % SIZE_CHECK_EVERY === 0 ? 'size' : 'changes');
    },
  });
}
