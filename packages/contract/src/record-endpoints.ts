import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { LIMITS } from './limits.ts';
import { listRequest, ZListResponse } from './list.ts';

/*
 * The six endpoints every editable list resource has (page, detail, add, update, delete, batchDelete) under
 * its base path and page code, with the permissions `<code>`, `<code>:Create`, `:Edit`, `:Delete` and
 * `:BatchDelete`. A resource names its schemas and says in its summaries what is particular to it.
 */

const ZId = z.object({ id: z.number().int() });

export const ZBatchDeleteRequest = z.object({
  ids: z
    .array(z.number().int())
    .min(1)
    .max(Math.max(...LIMITS.pageSizeOptions)),
});

interface RecordEndpointsOptions<
  F extends z.ZodRawShape,
  L extends z.ZodType,
  D extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
> {
  /** Path below /api, e.g. '/stagePurchase/receipt'. */
  base: string;
  /** The page's menu code. */
  code: string;
  tag: string;
  filters: F;
  /** One row of the list. */
  item: L;
  /** What detail, add and update answer (the list row when absent). */
  detail?: D;
  create: C;
  update: U;
  summaries: Record<'page' | 'detail' | 'add' | 'update' | 'delete' | 'batchDelete', string>;
  /** The page writes as it reads: not a read-only call (endpoint `reads`). */
  pageWrites?: true;
}

const ZDeletedCount = z.object({ deleted: z.number().int() });

export function recordEndpoints<
  F extends z.ZodRawShape,
  L extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  D extends z.ZodType = L,
>(o: RecordEndpointsOptions<F, L, D, C, U>) {
  const detail = (o.detail ?? o.item) as D;
  const common = { method: 'POST', auth: 'enterprise', tag: o.tag } as const;
  return {
    page: endpoint({
      ...common,
      path: `${o.base}/page`,
      input: listRequest(o.filters),
      output: ZListResponse(o.item),
      ...(o.pageWrites ? {} : { reads: true as const }),
      permission: o.code,
      summary: o.summaries.page,
    }),
    detail: endpoint({
      ...common,
      path: `${o.base}/detail`,
      input: ZId,
      output: detail,
      permission: o.code,
      summary: o.summaries.detail,
    }),
    add: endpoint({
      ...common,
      path: `${o.base}/add`,
      input: o.create,
      output: detail,
      permission: `${o.code}:Create`,
      summary: o.summaries.add,
    }),
    update: endpoint({
      ...common,
      path: `${o.base}/update`,
      input: o.update,
      output: detail,
      permission: `${o.code}:Edit`,
      summary: o.summaries.update,
    }),
    delete: endpoint({
      ...common,
      path: `${o.base}/delete`,
      input: ZId,
      output: z.null(),
      permission: `${o.code}:Delete`,
      summary: o.summaries.delete,
    }),
    batchDelete: endpoint({
      ...common,
      path: `${o.base}/batchDelete`,
      input: ZBatchDeleteRequest,
      output: ZDeletedCount,
      permission: `${o.code}:BatchDelete`,
      summary: o.summaries.batchDelete,
    }),
  };
}
