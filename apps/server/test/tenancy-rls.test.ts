import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountLog, enterpriseUsers, enterprises, roles } from '../src/db/schema.ts';
import { withTenant } from '../src/platform/tenancy.ts';
import { AUTO_UUID, SUPPLIER_UUID, useTestApp } from './support/app.ts';

/** Row-level security, the second wall: even a query without its own scope sees one enterprise. */
describe('row-level security', () => {
  const t = useTestApp();
  const tenant = { enterpriseUuid: AUTO_UUID, userId: 1, permissions: new Set<string>() };

  it('shows a tenant only its own rows in every protected table', async () => {
    const db = t.runtime.deps.db;
    const all = await db.select({ uuid: roles.enterpriseUuid }).from(roles);
    expect(new Set(all.map((r) => r.uuid)).size).toBeGreaterThan(1);

    const seen = await withTenant(db, tenant, async (tx) => ({
      roles: await tx.select({ uuid: roles.enterpriseUuid }).from(roles),
      links: await tx.select({ uuid: enterpriseUsers.enterpriseUuid }).from(enterpriseUsers),
      enterprises: await tx.select({ uuid: enterprises.uuid }).from(enterprises),
    }));
    expect(seen.roles.length).toBeGreaterThan(0);
    expect(seen.roles.every((r) => r.uuid === AUTO_UUID)).toBe(true);
    expect(seen.links.every((r) => r.uuid === AUTO_UUID)).toBe(true);
    expect(seen.enterprises).toEqual([{ uuid: AUTO_UUID }]);
  });

  it("refuses writes into another enterprise's rows and rolls the whole transaction back", async () => {
    const db = t.runtime.deps.db;
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(accountLog);
    await expect(
      withTenant(db, tenant, async (tx) => {
        await tx.insert(accountLog).values({ enterpriseUuid: AUTO_UUID, action: 'login', result: 'success' });
        await tx
          .insert(accountLog)
          .values({ enterpriseUuid: SUPPLIER_UUID, action: 'login', result: 'success' });
      }),
    ).rejects.toThrow();
    const after = await db.select({ n: sql<number>`count(*)::int` }).from(accountLog);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("cannot update another enterprise's rows", async () => {
    const db = t.runtime.deps.db;
    const changed = await withTenant(db, tenant, (tx) =>
      tx
        .update(enterprises)
        .set({ name: 'hijacked' })
        .where(sql`${enterprises.uuid} = ${SUPPLIER_UUID}`)
        .returning({ uuid: enterprises.uuid }),
    );
    expect(changed).toEqual([]);
    const [supplier] = await db
      .select({ name: enterprises.name })
      .from(enterprises)
      .where(sql`${enterprises.uuid} = ${SUPPLIER_UUID}`);
    expect(supplier!.name).toBe('恒信动力电池有限公司');
  });
});
