import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  EXAMINE_STATUS,
  type TExamineItem,
  type TListResponse,
  type TMember,
  type TRole,
} from '@tracehub/contract';
import { enterpriseUsers, enterprises, rolePermissions, roles, userRoles, users } from '../src/db/schema.ts';
import { AS_AUTO, AS_SUPPLIER, AUTO_UUID, SUPPLIER_UUID, call, signIn, useTestApp } from './support/app.ts';
import { createMember, createRole, firstSignIn } from './support/accounts.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import { approvedLinkCount } from '../src/modules/member/repo.ts';
import { withTenant } from '../src/platform/tenancy.ts';

/**
 * Enterprise B (the supplier, demo-supplier its administrator) against enterprise A (the automaker):
 * by id guessing, list filters and switched payloads, B neither reads nor changes A's members, roles or
 * applications. demo-multi is a member of both and shows how a shared account stays two memberships.
 */
describe("another enterprise's members, roles and applications", () => {
  const t = useTestApp({ a: AS_AUTO, b: AS_SUPPLIER });
  let aMembers: TMember[];
  let aRoles: TRole[];
  let bRoles: TRole[];
  let aApplication: number;
  /** A's tables as they were before B's attempts. */
  let snapshot: () => Promise<unknown>;

  const post = <T = unknown>(path: string, body: unknown, token: string, lang?: 'zh' | 'en') =>
    call<T>(t.app, path, { token, body, ...(lang ? { lang } : {}) });
  const list = async <T>(path: string, token: string, body: Record<string, unknown> = {}) =>
    expectOk(await post<TListResponse<T>>(path, { pageSize: 1000, ...body }, token));

  beforeAll(async () => {
    // A: a role of its own and a member holding it; and an application to A from one of B's members.
    const aRole = await createRole(t.app, t.a, ['Workbench', 'PerBasic']);
    await createMember(t.app, t.a, [aRole.id]);
    bRoles = (await list<TRole>('/role/page', t.b)).list;
    const bMember = await createMember(t.app, t.b, [bRoles.find((r) => !r.isAdminRole)!.id]);
    const applicant = await firstSignIn(t.app, bMember, SUPPLIER_UUID);
    const [auto] = await dbOf(t).select().from(enterprises).where(eq(enterprises.uuid, AUTO_UUID));
    aApplication = expectOk(
      await post<{ id: number }>(
        '/enterpriseUserExamine/addEnterpriseUser',
        { examineName: auto!.name, uniformSocialCreditCode: auto!.usci },
        applicant,
      ),
    ).id;
    aMembers = (await list<TMember>('/member/page', t.a)).list;
    aRoles = (await list<TRole>('/role/page', t.a)).list;
    snapshot = async () => ({
      links: await dbOf(t)
        .select()
        .from(enterpriseUsers)
        .where(eq(enterpriseUsers.enterpriseUuid, AUTO_UUID)),
      roles: await dbOf(t).select().from(roles).where(eq(roles.enterpriseUuid, AUTO_UUID)),
      userRoles: await dbOf(t).select().from(userRoles).where(eq(userRoles.enterpriseUuid, AUTO_UUID)),
      codes: await dbOf(t).select().from(rolePermissions),
      accounts: await dbOf(t).select().from(users),
      enterprise: await dbOf(t).select().from(enterprises).where(eq(enterprises.uuid, AUTO_UUID)),
    });
  });

  it("answers E1003 for every one of A's member ids and changes nothing", async () => {
    const before = await snapshot();
    const bRole = bRoles.find((r) => !r.isAdminRole)!.id;
    for (const m of aMembers) {
      for (const lang of ['zh', 'en'] as const) {
        const attempts = [
          post('/member/detail', { id: m.id }, t.b, lang),
          post('/member/update', { id: m.id, chineseName: '篡改', roleIds: [bRole] }, t.b, lang),
          post('/member/updateStatus', { id: m.id, status: 'disabled' }, t.b, lang),
          post('/member/resetPassword', { id: m.id }, t.b, lang),
          post('/member/transferAdmin', { id: m.id }, t.b, lang),
        ];
        for (const res of await Promise.all(attempts)) expectError(res, 'NOT_FOUND', lang);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers E1003 for every one of A's role ids and changes nothing", async () => {
    const before = await snapshot();
    for (const r of aRoles) {
      for (const lang of ['zh', 'en'] as const) {
        const attempts = [
          post('/role/detail', { id: r.id }, t.b, lang),
          post('/role/update', { id: r.id, name: '篡改' }, t.b, lang),
          post(
            '/role/updateStatus',
            { id: r.id, status: r.status === 'enabled' ? 'disabled' : 'enabled' },
            t.b,
            lang,
          ),
          post(
            '/role/configAuth',
            { id: r.id, permissionCodes: ['Workbench'], dataScope: 'account', projectScope: 'all' },
            t.b,
            lang,
          ),
        ];
        for (const res of await Promise.all(attempts)) expectError(res, 'NOT_FOUND', lang);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("cannot audit A's applications, alone or slipped into a batch", async () => {
    const before = await snapshot();
    for (const lang of ['zh', 'en'] as const) {
      for (const result of ['approve', 'reject'] as const) {
        expectError(
          await post(
            '/enterpriseUserExamine/examine',
            { ids: [aApplication], result, remark: 'x' },
            t.b,
            lang,
          ),
          'NOT_FOUND',
          lang,
        );
      }
    }
    expect(await snapshot()).toEqual(before);
    const [row] = await dbOf(t).select().from(enterpriseUsers).where(eq(enterpriseUsers.id, aApplication));
    expect(row!.examineStatus).toBe(EXAMINE_STATUS.pending);
  });

  it("finds none of A's rows by guessing ids", async () => {
    const maxId = Math.max(...aMembers.map((m) => m.id), ...aRoles.map((r) => r.id), aApplication) + 3;
    const bMemberIds = new Set((await list<TMember>('/member/page', t.b)).list.map((m) => m.id));
    const bRoleIds = new Set(bRoles.map((r) => r.id));
    for (let id = 1; id <= maxId; id++) {
      const member = await post<TMember>('/member/detail', { id }, t.b);
      if (member.body.code === '0000') expect(bMemberIds.has(id)).toBe(true);
      else expectError(member, 'NOT_FOUND');
      const role = await post<TRole>('/role/detail', { id }, t.b);
      if (role.body.code === '0000') expect(bRoleIds.has(id)).toBe(true);
      else expectError(role, 'NOT_FOUND');
    }
  });

  it('shows nothing of A through list filters', async () => {
    const aRoleIds = aRoles.map((r) => r.id);
    for (const roleId of aRoleIds) {
      expect((await list<TMember>('/member/page', t.b, { roleId })).total).toBe(0);
    }
    const bMembers = (await list<TMember>('/member/page', t.b)).list;
    const aOnly = aMembers.filter((m) => m.username !== 'demo-multi').map((m) => m.username);
    for (const m of bMembers) {
      expect(aOnly).not.toContain(m.username);
      expect(aMembers.map((x) => x.id)).not.toContain(m.id);
    }
    expect(
      (await list<TRole>('/role/page', t.b)).list.map((r) => r.id).filter((id) => aRoleIds.includes(id)),
    ).toEqual([]);
    for (const examineStatus of [0, 1, 2]) {
      const items = (
        await list<TExamineItem>('/enterpriseUserExamine/selectExamineList', t.b, { examineStatus })
      ).list;
      expect(items.map((i) => i.id)).not.toContain(aApplication);
    }
    const options = expectOk(await post<{ id: number }[]>('/role/options', {}, t.b));
    expect(options.filter((o) => aRoleIds.includes(o.id))).toEqual([]);
  });

  it("cannot hand A's roles to its own members or applicants (switched payloads)", async () => {
    const before = await snapshot();
    const aRole = aRoles.find((r) => !r.isAdminRole && r.status === 'enabled')!.id;
    const bMember = (await list<TMember>('/member/page', t.b)).list.find((m) => !m.isAdmin)!;
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await post(
          '/member/add',
          { username: `x-${lang}-${Date.now()}`, email: `x-${lang}@example.com`, roleIds: [aRole] },
          t.b,
          lang,
        ),
        'ROLE_NOT_ASSIGNABLE',
        lang,
      );
      expectError(
        await post('/member/update', { id: bMember.id, roleIds: [aRole] }, t.b, lang),
        'ROLE_NOT_ASSIGNABLE',
        lang,
      );
    }
    expect(await snapshot()).toEqual(before);
  });

  it("lets a tenant request read only its caller's own links elsewhere, and change none of them", async () => {
    const [multi] = await dbOf(t).select().from(users).where(eq(users.username, 'demo-multi'));
    const [auto] = await dbOf(t).select().from(users).where(eq(users.username, 'demo-auto'));
    const tenant = { enterpriseUuid: SUPPLIER_UUID, userId: multi!.id };
    const seen = await withTenant(dbOf(t), tenant, async (tx) => ({
      links: await tx.select().from(enterpriseUsers),
      enterprises: await tx.select({ uuid: enterprises.uuid }).from(enterprises),
      counts: {
        multi: await approvedLinkCount(tx, multi!.id),
        // demo-auto has no link to the supplier: its count is not revealed.
        auto: await approvedLinkCount(tx, auto!.id),
      },
      changed: await tx
        .update(enterpriseUsers)
        .set({ status: 'disabled' })
        .where(eq(enterpriseUsers.userId, multi!.id))
        .returning({ uuid: enterpriseUsers.enterpriseUuid }),
    }));
    expect(seen.links.every((l) => l.enterpriseUuid === SUPPLIER_UUID || l.userId === multi!.id)).toBe(true);
    expect(seen.links.some((l) => l.userId === auto!.id)).toBe(false);
    expect(seen.enterprises.map((e) => e.uuid).sort()).toHaveLength(4);
    expect(seen.counts).toEqual({ multi: 2, auto: 0 });
    expect(seen.changed).toEqual([{ uuid: SUPPLIER_UUID }]);
    await dbOf(t)
      .update(enterpriseUsers)
      .set({ status: 'enabled' })
      .where(eq(enterpriseUsers.userId, multi!.id));

    // An account's own links show it the enterprises it belongs to, and no others.
    const [operator] = await dbOf(t).select().from(users).where(eq(users.username, 'operator'));
    const asAuto = await withTenant(dbOf(t), { enterpriseUuid: SUPPLIER_UUID, userId: auto!.id }, (tx) =>
      tx.select({ uuid: enterprises.uuid }).from(enterprises),
    );
    expect(asAuto.map((e) => e.uuid).sort()).toEqual([AUTO_UUID, SUPPLIER_UUID]);
    const stranger = await withTenant(
      dbOf(t),
      { enterpriseUuid: SUPPLIER_UUID, userId: operator!.id },
      (tx) => tx.select({ uuid: enterprises.uuid }).from(enterprises),
    );
    expect(stranger).toEqual([{ uuid: SUPPLIER_UUID }]);
  });

  it("keeps a shared account's two memberships apart", async () => {
    const inA = aMembers.find((m) => m.username === 'demo-multi')!;
    const inB = (await list<TMember>('/member/page', t.b, { username: 'demo-multi' })).list[0]!;
    expect(inB.id).not.toBe(inA.id);
    expect(inB.roles.map((r) => r.id).every((id) => bRoles.some((r) => r.id === id))).toBe(true);
    expectOk(await post('/member/updateStatus', { id: inB.id, status: 'disabled' }, t.b));
    const [aLink] = await dbOf(t).select().from(enterpriseUsers).where(eq(enterpriseUsers.id, inA.id));
    expect(aLink!.status).toBe('enabled');
    const multiInA = await signIn(t.app, 'demo-multi', AUTO_UUID);
    expectOk(await post('/profile/selectUserInfo', {}, multiInA));
    expectOk(await post('/member/updateStatus', { id: inB.id, status: 'enabled' }, t.b));
  });
});
