import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { withTenant } from '../src/platform/tenancy.ts';
import { AUTO_UUID, SUPPLIER_UUID, signIn, useTestApp } from './support/app.ts';
import { operatorSignIn } from './support/company.ts';
import { dbOf } from './support/helpers.ts';

// The structural rule behind tenancy (docs/structure.md): every table with an enterprise_uuid column has
// row-level security enabled AND forced (so the table's owner obeys it too) and at least one policy. A table
// added without its migration's RLS block fails here, whoever adds it.

/**
 * Tables with an enterprise_uuid column that deliberately go without forced row-level security, each with
 * its reason. Empty today: add an entry only when the operator end must read a table across enterprises and
 * no policy can express it; an entry that no longer exists or now complies fails the test below.
 */
const ALLOWED: Record<string, string> = {};

interface TableState {
  table: string;
  enabled: boolean;
  forced: boolean;
  policies: number;
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every ordinary table of the public schema with an enterprise_uuid column, with its RLS state. */
function tenantTables(db: Db): Promise<TableState[]> {
  return rows<TableState>(
    db,
    sql`select c.relname as "table", c.relrowsecurity as "enabled", c.relforcerowsecurity as "forced",
          (select count(*)::int from pg_policies p where p.schemaname = n.nspname and p.tablename = c.relname)
            as "policies"
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
          and exists (select 1 from information_schema.columns col
                      where col.table_schema = n.nspname and col.table_name = c.relname
                        and col.column_name = 'enterprise_uuid')
        order by c.relname`,
  );
}

const complies = (t: TableState): boolean => t.enabled && t.forced && t.policies > 0;

describe('structure: row-level security on every tenant table', () => {
  const t = useTestApp();
  let tables: TableState[];
  beforeAll(async () => {
    tables = await tenantTables(dbOf(t));
  });

  it('finds the tenant tables (the catalogue query itself works)', () => {
    const names = tables.map((x) => x.table);
    // Known tenant tables: if the query stopped finding them, every later assertion would pass vacuously.
    expect(names).toEqual(
      expect.arrayContaining(['roles', 'files', 'partners', 'documents', 'ledger_events']),
    );
  });

  it('enables and forces row-level security with at least one policy on each, allow-list aside', () => {
    const offenders = tables
      .filter((x) => !(x.table in ALLOWED) && !complies(x))
      .map((x) => `${x.table}: enabled=${x.enabled} forced=${x.forced} policies=${x.policies}`);
    expect(offenders, 'add ENABLE + FORCE ROW LEVEL SECURITY and a policy in a migration').toEqual([]);
  });

  it('has no stale allow-list entries', () => {
    const byName = new Map(tables.map((x) => [x.table, x]));
    const stale = Object.keys(ALLOWED).filter((name) => {
      const table = byName.get(name);
      return !table || complies(table);
    });
    expect(stale, 'remove these from ALLOWED: gone, or now protected').toEqual([]);
  });

  it('names the tenant-isolation policy for the application role on each complying table', async () => {
    // Not only "a policy": one of them must apply to tracehub_app, the role requests run as.
    const withAppPolicy = await rows<{ table: string }>(
      dbOf(t),
      sql`select distinct tablename as "table" from pg_policies
          where schemaname = 'public' and 'tracehub_app' = any(roles)`,
    );
    const covered = new Set(withAppPolicy.map((r) => r.table));
    const missing = tables.filter((x) => !(x.table in ALLOWED) && !covered.has(x.table)).map((x) => x.table);
    expect(missing, 'each tenant table needs a policy TO tracehub_app').toEqual([]);
  });

  it("shows a tenant the sessions of its members, in any enterprise, and no one else's (migration 0018)", async () => {
    // A member's password reset ends its sessions everywhere, from inside the tenant transaction.
    await signIn(t.app, 'demo-auto', AUTO_UUID);
    await signIn(t.app, 'demo-multi', SUPPLIER_UUID);
    await signIn(t.app, 'demo-supplier', SUPPLIER_UUID);
    await operatorSignIn(t.app);
    const db = dbOf(t);
    const ids = await rows<{ username: string; id: number }>(
      db,
      sql`select username, id from users where username in ('demo-auto', 'demo-multi', 'demo-supplier')`,
    );
    const idOf = new Map(ids.map((r) => [r.username, r.id]));
    const all = await rows<{ userId: number }>(db, sql`select user_id as "userId" from sessions`);
    expect(all.length).toBeGreaterThanOrEqual(4);
    const seen = await withTenant(db, { enterpriseUuid: AUTO_UUID, userId: idOf.get('demo-auto')! }, (tx) =>
      rows<{ userId: number }>(tx, sql`select distinct user_id as "userId" from sessions`),
    );
    expect(seen.map((r) => r.userId).sort()).toEqual([idOf.get('demo-auto'), idOf.get('demo-multi')].sort());
  });
});
