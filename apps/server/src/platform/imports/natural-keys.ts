import { and, eq, inArray, type SQL } from 'drizzle-orm';
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
 * enterprise): one query narrowed by the first part, then matched exactly part by part.
 */
export async function existingNaturalKeys(
  db: Db,
  enterpriseUuid: string,
  at: NaturalKeyColumns,
  keys: readonly NaturalKey[],
): Promise<NaturalKey[]> {
  if (keys.length === 0) return [];
  const [first] = at.columns;
  const selection = Object.fromEntries(at.columns.map((c, i) => [`k${i}`, c]));
  const rows = await db
    .select(selection)
    .from(first.table)
    .where(
      and(
        eq(at.enterpriseColumn, enterpriseUuid),
        at.where,
        inArray(first, [...new Set(keys.map((k) => k[0] ?? ''))]),
      ),
    );
  const wanted = new Set(keys.map(encodeKey));
  return rows
    .map((r) => at.columns.map((_, i) => String(r[`k${i}`])))
    .filter((k) => wanted.has(encodeKey(k)));
}
