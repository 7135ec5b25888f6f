import { sql, type SQL } from 'drizzle-orm';
import { documentType } from '@tracehub/contract';
import type { Db } from '../../../db/client.ts';
import { typesOf } from '../../trace/public.ts';

/* SQL helpers of the checks and the scope. */

/** Numeric type codes of trace roles, as an int[] parameter. */
export const roleTypes = (...roles: Parameters<typeof typesOf>): SQL =>
  sql`${sql.param(typesOf(...roles))}::int[]`;

/** Numeric type codes of named document types. */
export const typeCodes = (...codes: readonly string[]): number[] =>
  codes.map((c) => documentType(c).typeCode);

/** Numeric type codes of named document types, as an int[] parameter. */
export const docTypes = (...codes: readonly string[]): SQL => sql`${sql.param(typeCodes(...codes))}::int[]`;

/** Purchase returns: leave a lot like a delivery. */
export const RETURN_TYPES = (): SQL => docTypes('PurchaseReturn');

/** Rows of a raw query (both drivers answer `{ rows }`). */
export async function rowsOf<T>(tx: Db, query: SQL): Promise<T[]> {
  const res = (await tx.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** A text[] parameter. */
export const textArray = (values: readonly string[]): SQL => sql`${sql.param([...values])}::text[]`;
