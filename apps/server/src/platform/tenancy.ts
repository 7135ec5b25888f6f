import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { TenantContext } from './context.ts';

/** The database role tenant requests run as; row-level security policies apply to it (migration 0002). */
export const TENANT_ROLE = 'tracehub_app';

/**
 * Runs `fn` in one transaction scoped to the tenant: `app.enterprise_uuid` is set and the role switched,
 * so even a query that forgot its own scope sees only this enterprise's rows, and a failure anywhere
 * rolls back every write of the request. `app.user_id` lets the caller read its own links to other
 * enterprises (migration 0004). `app.client_ip` and `app.on_behalf_of` (with `app.user_id`) say who
 * wrote what the audit trigger records (migration 0017), set in the same statement: no extra round trip.
 * Inside, use only the given `tx` (PGlite has one connection: a query on the outer handle would wait for
 * this transaction forever).
 */
export function withTenant<T>(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid' | 'userId' | 'ip' | 'onBehalfOf'>,
  fn: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.enterprise_uuid', ${tenant.enterpriseUuid}, true), set_config('app.user_id', ${String(tenant.userId)}, true), set_config('app.client_ip', ${tenant.ip ?? ''}, true), set_config('app.on_behalf_of', ${tenant.onBehalfOf ?? ''}, true)`,
    );
    await tx.execute(sql.raw(`set local role ${TENANT_ROLE}`));
    return fn(tx as unknown as Db);
  });
}
