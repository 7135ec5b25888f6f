import { sql, type Placeholder, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { EXAMINE_STATUS } from '@tracehub/contract';
import { PRELUDE_REFUSED_MARK, readWith, transactionWith, type Db, type Prelude } from '../db/client.ts';
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
  // with the BEGIN and, on PostgreSQL, the handler's first statements (transactionWith, readWith): opening
  // the tenant transaction costs no round trip of its own. With a cached session's proof it sets them only
  // if the proof holds, else the transaction is refused (PreludeRefused) and nothing it did is kept.
  const values: PreludeValues = {
    enterpriseUuid: tenant.enterpriseUuid,
    userId: String(tenant.userId),
    clientIp: tenant.ip ?? '',
    onBehalfOf: tenant.onBehalfOf ?? '',
    ...(proof && {
      sessionId: proof.sessionId,
      proofUserId: proof.userId,
      proofEnterpriseUuid: proof.enterpriseUuid,
      isAdmin: proof.isAdmin,
      unconfiguredJson: proof.unconfiguredJson,
      access: proof.access,
    }),
  };
  const shape = !proof ? 'plain' : proof.access === null ? 'admin' : 'member';
  // On PostgreSQL the opening travels with the handler's first statement (db/client.ts), so a refused proof
  // must stop what follows it by failing (the guard); on PGlite it answers no row (the select).
  const prelude: Prelude = { select: PRELUDES[shape].select(values), guard: PRELUDES[shape].guard(values) };
  // On PGlite, the same without the proof when no fact it compares has changed since the session was resolved
  // (the expiry, which only the clock changes, compared here).
  if (proof && proof.sessionFactsChanges !== null && proof.expiresAt > Date.now()) {
    prelude.unproven = {
      select: PRELUDES.plain.select(values),
      guard: PRELUDES.plain.guard(values),
      sessionFactsChanges: proof.sessionFactsChanges,
    };
  }
  return opts.reads ? readWith(db, prelude, fn) : transactionWith(db, prelude, fn);
}

/** The values of an opening statement, by placeholder name. */
type PreludeValues = Record<string, unknown>;

/**
 * An opening statement compiled once: Drizzle's building of it (the proof's joins) cost more per request than
 * PostgreSQL's or PGlite's running of it. Its text is fixed; each request fills its parameters.
 */
function compiled(statement: SQL): (values: PreludeValues) => Query {
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
  const names = params.map((p) => (p as Placeholder).name as string);
  return (values) => ({ sql: text, params: names.map((n) => values[n]) });
}

const p = (name: string) => sql.placeholder(name);

const SETTINGS = sql`set_config('app.enterprise_uuid', ${p('enterpriseUuid')}, true), set_config('app.user_id', ${p('userId')}, true), set_config('app.client_ip', ${p('clientIp')}, true), set_config('app.on_behalf_of', ${p('onBehalfOf')}, true), set_config('role', ${sql.raw(`'${TENANT_ROLE}'`)}, true)`;

/** The opening (answers no row when the proof fails) and the guard (fails instead) of each kind of caller. */
function prelude(proof: SQL | null) {
  return {
    select: compiled(proof ? sql`select ${SETTINGS} ${proof}` : sql`select ${SETTINGS}`),
    guard: compiled(
      proof
        ? sql`select case when count(opened.s) = 1 then 1 else (${sql.raw(`'${PRELUDE_REFUSED_MARK}:'`)} || count(opened.s))::int end
        from (select concat(${SETTINGS}) as s ${proof}) opened`
        : sql`select concat(${SETTINGS})`,
    ),
  };
}

/**
 * The FROM and WHERE of a SessionProof: the checks of resolveSession and memberAccess on the same rows, run
 * as the connection's own role before the statement switches to the tenant role. A member's proof also
 * compares its roles' codes and data scope (`access`); an administrator holds every code.
 */
function proofCondition(member: boolean): SQL {
  const roleWhere = sql`where ${userRoles.enterpriseUuid} = ${p('proofEnterpriseUuid')} and ${userRoles.userId} = ${p('proofUserId')}
      and ${roles.enterpriseUuid} = ${p('proofEnterpriseUuid')} and ${roles.status} = 'enabled'`;
  const roleJoin = sql`${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}`;
  const access = !member
    ? sql``
    : sql`and (select coalesce(string_agg(c, ',' order by c collate "C"), '') from (select distinct ${rolePermissions.code} as c from ${roleJoin} join ${rolePermissions} on ${rolePermissions.roleId} = ${roles.id} ${roleWhere}) codes)
        || '|' || (select coalesce(bool_or(${roles.dataScope} = 'company'), false)::text from ${roleJoin} ${roleWhere}) = ${p('access')}`;
  return sql`from ${sessions}
    join ${users} on ${users.id} = ${sessions.userId}
    join ${enterpriseUsers} on ${enterpriseUsers.enterpriseUuid} = ${sessions.enterpriseUuid}
      and ${enterpriseUsers.userId} = ${sessions.userId} and ${enterpriseUsers.examineStatus} = ${sql.raw(String(EXAMINE_STATUS.approved))}
    join ${enterprises} on ${enterprises.uuid} = ${sessions.enterpriseUuid}
    where ${sessions.id} = ${p('sessionId')} and ${sessions.enterpriseUuid} = ${p('proofEnterpriseUuid')}
      and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now()
      and ${users.status} = 'enabled' and not ${users.mustChangePassword}
      and ${enterpriseUsers.status} <> 'disabled' and ${enterpriseUsers.isAdmin} = ${p('isAdmin')}
      and ${enterprises.status} = 'enabled' and ${enterprises.unconfiguredCodes} = ${p('unconfiguredJson')}::jsonb
      ${access}`;
}

const PRELUDES = {
  plain: prelude(null),
  admin: prelude(proofCondition(false)),
  member: prelude(proofCondition(true)),
};
