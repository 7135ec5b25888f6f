import { sql, type SQL } from 'drizzle-orm';
import { EXAMINE_STATUS } from '@tracehub/contract';
import { PRELUDE_REFUSED_MARK, readWith, transactionWith, type Db } from '../db/client.ts';
import {
  enterpriseUsers,
  enterprises,
  rolePermissions,
  roles,
  sessions,
  userRoles,
  users,
} from '../db/schema.ts';
import type { TenantContext } from './context.ts';
import type { SessionProof } from './session.ts';

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
  proof?: SessionProof,
  opts: { reads?: boolean } = {},
): Promise<T> {
  // One statement sets the settings and the role (set_config('role') is SET LOCAL ROLE), and it travels
  // with the BEGIN (transactionWith): opening the tenant transaction costs one round trip, not three. With a
  // cached session's proof it sets them only if the proof holds, else answers no row (PreludeRefused).
  const settings = sql`set_config('app.enterprise_uuid', ${tenant.enterpriseUuid}, true), set_config('app.user_id', ${String(tenant.userId)}, true), set_config('app.client_ip', ${tenant.ip ?? ''}, true), set_config('app.on_behalf_of', ${tenant.onBehalfOf ?? ''}, true), set_config('role', ${TENANT_ROLE}, true)`;
  const open = proof ? sql`select ${settings} ${proofCondition(proof)}` : sql`select ${settings}`;
  if (!opts.reads) return transactionWith(db, open, fn);
  // A handler that only reads: on PostgreSQL the opening travels with each of its statements (readWith), so
  // a refused proof must stop that message by failing, not by answering no row.
  const guard = proof
    ? sql`select case when count(opened.s) = 1 then 1 else (${sql.raw(`'${PRELUDE_REFUSED_MARK}:'`)} || count(opened.s))::int end
        from (select concat(${settings}) as s ${proofCondition(proof)}) opened`
    : sql`select concat(${settings})`;
  return readWith(db, { select: open, guard }, fn);
}

/**
 * The FROM and WHERE of a SessionProof: the checks of resolveSession and memberAccess on the same rows, run
 * as the connection's own role before the statement switches to the tenant role.
 */
function proofCondition(proof: SessionProof): SQL {
  const roleWhere = sql`where ${userRoles.enterpriseUuid} = ${proof.enterpriseUuid} and ${userRoles.userId} = ${proof.userId}
      and ${roles.enterpriseUuid} = ${proof.enterpriseUuid} and ${roles.status} = 'enabled'`;
  const roleJoin = sql`${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}`;
  const access =
    proof.access === null
      ? sql``
      : sql`and (select coalesce(string_agg(c, ',' order by c collate "C"), '') from (select distinct ${rolePermissions.code} as c from ${roleJoin} join ${rolePermissions} on ${rolePermissions.roleId} = ${roles.id} ${roleWhere}) codes)
        || '|' || (select coalesce(bool_or(${roles.dataScope} = 'company'), false)::text from ${roleJoin} ${roleWhere}) = ${proof.access}`;
  return sql`from ${sessions}
    join ${users} on ${users.id} = ${sessions.userId}
    join ${enterpriseUsers} on ${enterpriseUsers.enterpriseUuid} = ${sessions.enterpriseUuid}
      and ${enterpriseUsers.userId} = ${sessions.userId} and ${enterpriseUsers.examineStatus} = ${EXAMINE_STATUS.approved}
    join ${enterprises} on ${enterprises.uuid} = ${sessions.enterpriseUuid}
    where ${sessions.id} = ${proof.sessionId} and ${sessions.enterpriseUuid} = ${proof.enterpriseUuid}
      and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now()
      and ${users.status} = 'enabled' and not ${users.mustChangePassword}
      and ${enterpriseUsers.status} <> 'disabled' and ${enterpriseUsers.isAdmin} = ${proof.isAdmin}
      and ${enterprises.status} = 'enabled' and ${enterprises.unconfiguredCodes} = ${proof.unconfiguredJson}::jsonb
      ${access}`;
}
