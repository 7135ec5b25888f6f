import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TListResponse, TLogItem } from '@tracehub/contract';
import {
  enterpriseUsers,
  enterprises,
  rolePermissions,
  roles,
  sessions,
  userRoles,
  users,
} from '../src/db/schema.ts';
import { AS_AUTO, AUTO_UUID, SUPPLIER_UUID, call, signIn, useTestApp } from './support/app.ts';
import { memberWith } from './support/accounts.ts';
import { dbOf, expectError, expectOk, sessionOf } from './support/helpers.ts';

// The session cache of platform/session.ts: an enterprise session resolved moments ago is taken from memory,
// and the statement opening the request's tenant transaction confirms it. Each change below is written to the
// database directly, as another process (or another machine) would write it, so this process's cache is not
// emptied by it: only the confirmation can refuse the cached session. Every case first warms the cache.

const LIST = '/log/selectLogPage';
const page = { pageNo: 1, pageSize: 10 };

describe('cached sessions are confirmed by the tenant transaction', () => {
  const t = useTestApp({ admin: AS_AUTO });

  /** A member holding only the account log, with the cache warmed by one list request. */
  async function warmMember() {
    const m = await memberWith(t, t.admin, AUTO_UUID, ['Log']);
    expectOk(await call<TListResponse<TLogItem>>(t.app, LIST, { token: m.token, body: page }));
    return m;
  }

  it('serves a warm session again, and the list is the same', async () => {
    const first = expectOk(await call<TListResponse<TLogItem>>(t.app, LIST, { token: t.admin, body: page }));
    const again = expectOk(await call<TListResponse<TLogItem>>(t.app, LIST, { token: t.admin, body: page }));
    expect(again).toEqual(first);
  });

  it('refuses a session revoked elsewhere (a sign-out in another process)', async () => {
    const m = await warmMember();
    const session = await sessionOf(dbOf(t), m.token);
    await dbOf(t)
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: 'logout' })
      .where(eq(sessions.id, session.id));
    expectError(await call(t.app, LIST, { token: m.token, body: page }), 'SESSION_REVOKED');
  });

  it('refuses a session signed out in this process', async () => {
    const token = await signIn(t.app, 'demo-auto', AUTO_UUID);
    expectOk(await call(t.app, LIST, { token, body: page }));
    expectOk(await call(t.app, '/login/logout', { token }));
    expectError(await call(t.app, LIST, { token, body: page }), 'SESSION_REVOKED');
  });

  it('refuses a session that expired', async () => {
    const m = await warmMember();
    const session = await sessionOf(dbOf(t), m.token);
    await dbOf(t)
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, session.id));
    expectError(await call(t.app, LIST, { token: m.token, body: page }), 'SESSION_EXPIRED');
  });

  it('refuses a permission removed from the role', async () => {
    const m = await warmMember();
    await dbOf(t).delete(rolePermissions).where(eq(rolePermissions.roleId, m.role.id));
    expectError(await call(t.app, LIST, { token: m.token, body: page }), 'FORBIDDEN');
  });

  it('refuses a write of a session revoked or a permission removed elsewhere, and writes nothing', async () => {
    // On PostgreSQL a write's first statements travel with the opening, before its answer (db/client.ts).
    const code = `SC-${Date.now().toString(36)}`;
    const writer = async () => {
      const m = await memberWith(t, t.admin, AUTO_UUID, ['MaterialData', 'MaterialData:Create']);
      const add = (n: number) =>
        call(t.app, '/materialData/add', {
          token: m.token,
          body: { code: `${code}-${n}`, name: 'c', batchNo: 'B1' },
        });
      return { m, add };
    };
    const revoked = await writer();
    expectOk(await revoked.add(1));
    const session = await sessionOf(dbOf(t), revoked.m.token);
    await dbOf(t)
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: 'logout' })
      .where(eq(sessions.id, session.id));
    expectError(await revoked.add(2), 'SESSION_REVOKED');
    const removed = await writer();
    expectOk(await removed.add(3));
    await dbOf(t).delete(rolePermissions).where(eq(rolePermissions.roleId, removed.m.role.id));
    expectError(await removed.add(4), 'FORBIDDEN');
    const written = expectOk(
      await call<TListResponse<{ code: string }>>(t.app, '/materialData/page', {
        token: t.admin,
        body: { ...page, code },
      }),
    );
    expect(written.list.map((r) => r.code).sort()).toEqual([`${code}-1`, `${code}-3`]);
  });

  it('refuses a member whose role was taken away', async () => {
    const m = await warmMember();
    await dbOf(t).delete(userRoles).where(eq(userRoles.roleId, m.role.id));
    expectError(await call(t.app, LIST, { token: m.token, body: page }), 'FORBIDDEN');
  });

  it('refuses an account that must change its password', async () => {
    const m = await warmMember();
    const { userId } = await sessionOf(dbOf(t), m.token);
    await dbOf(t).update(users).set({ mustChangePassword: true }).where(eq(users.id, userId));
    expectError(await call(t.app, LIST, { token: m.token, body: page }), 'PASSWORD_CHANGE_REQUIRED');
  });

  it('refuses a permission of a role that was disabled', async () => {
    const m = await warmMember();
    await dbOf(t).update(roles).set({ status: 'disabled' }).where(eq(roles.id, m.role.id));
    expectError(await call(t.app, LIST, { token: m.token, body: page }), 'FORBIDDEN');
  });

  it('narrows the data scope of a role changed to the account scope', async () => {
    const m = await warmMember();
    const before = expectOk(await call<TListResponse<TLogItem>>(t.app, LIST, { token: m.token, body: page }));
    await dbOf(t).update(roles).set({ dataScope: 'account' }).where(eq(roles.id, m.role.id));
    const after = expectOk(await call<TListResponse<TLogItem>>(t.app, LIST, { token: m.token, body: page }));
    // The account log shows a member its own lines whatever the scope; what must change is that the request
    // was authenticated again (the cached access no longer holds) and still answers.
    expect(after.total).toBeLessThanOrEqual(before.total);
  });

  it('refuses a member disabled in the enterprise', async () => {
    const m = await warmMember();
    const { userId } = await sessionOf(dbOf(t), m.token);
    await dbOf(t)
      .update(enterpriseUsers)
      .set({ status: 'disabled' })
      .where(and(eq(enterpriseUsers.userId, userId), eq(enterpriseUsers.enterpriseUuid, AUTO_UUID)));
    expectError(await call(t.app, LIST, { token: m.token, body: page }), 'ACCOUNT_DISABLED');
  });

  it('refuses a member whose administrator flag was taken away', async () => {
    const token = await signIn(t.app, 'demo-supplier', SUPPLIER_UUID);
    expectOk(await call(t.app, LIST, { token, body: page }));
    const [account] = await dbOf(t).select().from(users).where(eq(users.username, 'demo-supplier'));
    await dbOf(t)
      .update(enterpriseUsers)
      .set({ isAdmin: false })
      .where(and(eq(enterpriseUsers.userId, account!.id), eq(enterpriseUsers.enterpriseUuid, SUPPLIER_UUID)));
    try {
      const res = await call(t.app, LIST, { token, body: page });
      // Without the flag the account holds what its roles hold: whatever that is, it was looked up again.
      expect(['0000', 'E1008']).toContain(res.body.code);
    } finally {
      await dbOf(t)
        .update(enterpriseUsers)
        .set({ isAdmin: true })
        .where(
          and(eq(enterpriseUsers.userId, account!.id), eq(enterpriseUsers.enterpriseUuid, SUPPLIER_UUID)),
        );
    }
  });

  it('refuses an account disabled by the operator', async () => {
    const m = await warmMember();
    const { userId } = await sessionOf(dbOf(t), m.token);
    await dbOf(t).update(users).set({ status: 'disabled' }).where(eq(users.id, userId));
    expectError(await call(t.app, LIST, { token: m.token, body: page }), 'ACCOUNT_DISABLED');
  });

  it('refuses an enterprise the operator disabled', async () => {
    const token = await signIn(t.app, 'demo-supplier', SUPPLIER_UUID);
    expectOk(await call(t.app, LIST, { token, body: page }));
    await dbOf(t).update(enterprises).set({ status: 'disabled' }).where(eq(enterprises.uuid, SUPPLIER_UUID));
    try {
      expectError(await call(t.app, LIST, { token, body: page }), 'COMPANY_DISABLED');
    } finally {
      await dbOf(t).update(enterprises).set({ status: 'enabled' }).where(eq(enterprises.uuid, SUPPLIER_UUID));
    }
  });

  it('refuses a page the operator no longer configures for the enterprise', async () => {
    const token = await signIn(t.app, 'demo-supplier', SUPPLIER_UUID);
    expectOk(await call(t.app, LIST, { token, body: page }));
    await dbOf(t)
      .update(enterprises)
      .set({ unconfiguredCodes: ['Log'] })
      .where(eq(enterprises.uuid, SUPPLIER_UUID));
    try {
      const res = await call(t.app, LIST, { token, body: page });
      expect(res.body.code).not.toBe('0000');
    } finally {
      await dbOf(t)
        .update(enterprises)
        .set({ unconfiguredCodes: [] })
        .where(eq(enterprises.uuid, SUPPLIER_UUID));
    }
  });

  it('refuses the session left behind by an enterprise switch', async () => {
    const token = await signIn(t.app, 'demo-auto', AUTO_UUID);
    expectOk(await call(t.app, LIST, { token, body: page }));
    const switched = await call<{ token: string }>(t.app, '/login/selectEnterprise', {
      token,
      body: { isLogined: true, loginAccount: 'demo-auto', enterpriseUuid: AUTO_UUID },
    });
    if (switched.body.code !== '0000') throw new Error(`switch failed: ${switched.body.msg}`);
    const res = await call(t.app, LIST, { token, body: page });
    expect(res.body.code).not.toBe('0000');
  });
});
