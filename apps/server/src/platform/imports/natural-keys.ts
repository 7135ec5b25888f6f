import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { encodeKey, type NaturalKey } from './importer.ts';

/** Where a resource's natural key lives: the enterprise column, the key's columns in order, and its scope. */
export interface NaturalKeyColumns {
  enterpriseColumn: PgColumn;
  /** The key's parts, in the order naturalKey gives them; all text columns. */
  columns: readonly [PgColumn, ...PgColumn[]];
  /** Rows that share the key's uniqueness besides the enterprise (a nature, a direction). */
  where?: SQL;
}

/**
 * Which of `keys` the enterprise already holds, whoever created them (a natural key is unique in the
 * enterprise): one query that looks up each distinct first part through the key's index, then matched
 * exactly part by part.
 *
 * Each first part is its own index probe (a LATERAL subquery kept apart by OFFSET 0) rather than an IN list:
 * PostgreSQL's default costs make a sequential scan look cheaper than hundreds of probes until a table holds
 * far more rows than an import's chunk has keys, and an import of 20,000 products into an empty table paid
 * for that with a scan of every row already written, once per chunk (17 ms per 500 keys at 15,000 rows,
 * against 1 ms by the index; docs/performance.md, eleventh pass).
 */
export async function existingNaturalKeys(
  db: Db,
  enterpriseUuid: string,
  at: NaturalKeyColumns,
  keys: readonly NaturalKey[],
): Promise<NaturalKey[]> {
  if (keys.length === 0) return [];
  const firstParts = [...new Set(keys.map((k) => k[0] ?? ''))];
  const found = (await db.execute(naturalKeysQuery(enterpriseUuid, at, firstParts))) as unknown as {
    rows: Record<string, unknown>[];
  };
  const wanted = new Set(keys.map(encodeKey));
  return found.rows
    .map((r) => at.columns.map((_, i) => String(r[`k${i}`])))
    .filter((k) => wanted.has(encodeKey(k)));
}

/**
 * The statement of existingNaturalKeys: the key's columns (as k0, k1, ...) of the enterprise's rows whose
 * first part is one of `firstParts`.
 */
export function naturalKeysQuery(
  enterpriseUuid: string,
  at: NaturalKeyColumns,
  firstParts: readonly string[],
): SQL {
  const [first] = at.columns;
  const selection = sql.join(
    at.columns.map((c, i) => sql`${c} as ${sql.identifier(`k${i}`)}`),
    sql`, `,
  );
  return sql`select t.* from unnest(${sql.param(firstParts)}::text[]) as k(v) cross join lateral (
    select ${selection} from ${first.table}
    where ${and(eq(at.enterpriseColumn, enterpriseUuid), at.where, eq(first, sql`k.v`))}
    offset 0) as t`;
}
