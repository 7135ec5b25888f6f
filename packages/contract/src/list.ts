import { z } from 'zod';
import { LIMITS } from './limits.ts';

/** Empty strings, null and undefined are dropped from list requests (spec section 3). */
export function dropEmpty<T extends Record<string, unknown>>(input: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (v === '' || v === null || v === undefined) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    out[k] = v;
  }
  return out as Partial<T>;
}

export const ZSortOrder = z.enum(['asc', 'desc']);

/**
 * The list request: paging, sort and search fields. Search fields and column filters are passed beside
 * the paging keys; each list endpoint extends this with its own whitelisted filter schema.
 */
export const ZListRequestBase = z.object({
  pageNo: z.coerce.number().int().min(1).max(LIMITS.maxPageNo).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(Math.max(...LIMITS.pageSizeOptions))
    .default(LIMITS.defaultPageSize),
  /** A column key; anything the list does not sort by is ignored, anything not shaped like a key refused. */
  sortField: z
    .string()
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_.]*$/)
    .optional(),
  sortOrder: ZSortOrder.optional(),
});

/** Builds a list request schema: paging plus the endpoint's filters; empty strings are dropped first. */
export function listRequest<F extends z.ZodRawShape>(filters: F) {
  return z.preprocess(
    (v) => (v && typeof v === 'object' && !Array.isArray(v) ? dropEmpty(v as Record<string, unknown>) : v),
    ZListRequestBase.extend(filters),
  );
}

export type TListRequestBase = z.infer<typeof ZListRequestBase>;

/** The list response: `list` and `total` (total is capped at LIMITS.maxCountedTotal). */
export const ZListResponse = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int().min(0),
  });

export type TListResponse<T> = { list: T[]; total: number };
