import type { FastifyInstance } from 'fastify';
import type { TEndpoint } from '@tracehub/contract';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { AppDeps, TenantContext } from './context.ts';
import { registerEndpoint } from './http.ts';

/*
 * The server side of the contract's recordEndpoints: the six endpoints of an editable list resource, each
 * handled in the request's tenant transaction by the resource's service. A page that fixes something for
 * all its calls (a material's nature, a document's type) closes over it in the service it passes.
 */

type Ep<R extends z.ZodType = z.ZodType> = TEndpoint<z.ZodType, R, 'enterprise'>;

/** The endpoints recordEndpoints declares. */
export interface RecordEndpoints {
  page: Ep;
  detail: Ep;
  add: Ep;
  update: Ep;
  delete: Ep<z.ZodType<null>>;
  /** Answers how many were deleted (or null where the contract says so: batchDeleteCount). */
  batchDelete: Ep<z.ZodType<{ deleted: number } | null>>;
}

type Req<E extends Ep> = z.output<E['input']>;
type Res<E extends Ep> = Promise<z.input<E['output']>>;

/** What a resource's service does for them; writes get the evidence keys (deps) themselves. */
export interface RecordService<E extends RecordEndpoints> {
  page(db: Db, tenant: TenantContext, req: Req<E['page']>): Res<E['page']>;
  detail(db: Db, tenant: TenantContext, id: number): Res<E['detail']>;
  add(db: Db, tenant: TenantContext, input: Req<E['add']>): Res<E['add']>;
  update(db: Db, tenant: TenantContext, input: Req<E['update']>): Res<E['update']>;
  /** Deletes all of them or none; answers how many. */
  remove(db: Db, tenant: TenantContext, ids: readonly number[]): Promise<number>;
}

export function registerRecordEndpoints<E extends RecordEndpoints>(
  app: FastifyInstance,
  deps: AppDeps,
  e: E,
  service: RecordService<E>,
  o: { batchDeleteCount?: boolean } = {},
): void {
  // Each request was parsed with that endpoint's own schema: its input is the service's request type, which
  // TypeScript cannot see through the generic endpoint set (the call sites are typed by RecordService<E>).
  const on = (ep: Ep, handle: (input: never, db: Db, tenant: TenantContext) => Promise<unknown>) =>
    registerEndpoint<Ep>(app, deps, ep, (input, { db, tenant }) => handle(input as never, db, tenant));
  on(e.page, (req: Req<E['page']>, db, tenant) => service.page(db, tenant, req));
  on(e.detail, (req: { id: number }, db, tenant) => service.detail(db, tenant, req.id));
  on(e.add, (req: Req<E['add']>, db, tenant) => service.add(db, tenant, req));
  on(e.update, (req: Req<E['update']>, db, tenant) => service.update(db, tenant, req));
  on(e.delete, async (req: { id: number }, db, tenant) => {
    await service.remove(db, tenant, [req.id]);
    return null;
  });
  on(e.batchDelete, async (req: { ids: number[] }, db, tenant) => {
    const deleted = await service.remove(db, tenant, req.ids);
    return o.batchDeleteCount === false ? null : { deleted };
  });
}
