import { sql, type SQL } from 'drizzle-orm';
import { index, timestamp, type PgColumn } from 'drizzle-orm/pg-core';

// Column helpers shared by the per-domain table files.

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * One trigram GIN index over the text columns a list searches with "contains" (`lower(column) LIKE
 * lower('%text%')`, pg_trgm, migration 0013): any of them, alone or together, is answered by the index. On
 * lower(column), not the column: pg_trgm also answers equality, and the planner took it for the trace's
 * exact look-ups (a bill number among a completion's related numbers) over the btree indexes, ten times
 * slower. New entries gather in a pending list of at most 1 MB, merged into the index by the insert that fills
 * it (PGlite has no autovacuum): written straight into the index, 43,000 documents took 8.6 s to insert
 * instead of 2.1 s, while a search reads a full list in about a millisecond (docs/performance.md).
 */
export const searchIndex = (name: string, ...columns: [PgColumn, ...PgColumn[]]) =>
  index(name)
    .using('gin', ...(columns.map((c) => sql`lower(${c}) gin_trgm_ops`) as [SQL, ...SQL[]]))
    .with({ gin_pending_list_limit: 1024 });
