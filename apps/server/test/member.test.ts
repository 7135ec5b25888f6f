import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  OWN_ACCOUNT_CODES,
  validationMessage,
  type TEnterpriseListItem,
  type TListResponse,
  type TMember,
  type TMemberCreated,
  type TRole,
  type TUserInfo,
} from '@tracehub/contract';
import { enterpriseUsers, sessions, userRoles, users } from '../src/db/schema.ts';
import { verifyPassword } from '../src/platform/crypto.ts';
import { AS_AUTO, AUTO_UUID, DEMO_PASSWORD, SUPPLIER_UUID, call, signIn, useTestApp } from './support/app.ts';
import {
  MEMBER_PASSWORD,
  createMember,
  createRole,
  firstSignIn,
  memberWith,
  signInAs,
  uniqueName,
} from './support/accounts.ts';
import { dbOf, expectError, expectOk, latestMailTo, loginStep, selectEnterprise } from './support/helpers.ts';

describe('members (/account/member)', () => {
  const t = useTestApp({ admin: AS_AUTO });
  let initial: string;
  let clerk: TRole;
  let adminRole: TRole;
  /** Six enabled roles to go over the limit of five. */
  let six: TRole[];

  const post = <T = TMember>(path: string, body: unknown, token = t.admin, lang?: 'zh' | 'en') =>
    call<T>(t.app, path, { token, body, ...(lang ? { lang } : {}) });
  const page = async (body: Record<string, unknown> = {}, token = t.admin) =>
    expectOk(await post<TListResponse<TMember>>('/member/page', { pageSize: 100, ...body }, token));
  const linkRow = async (id: number) =>
    (await dbOf(t).select().from(enterpriseUsers).where(eq(enterpriseUsers.id, id)))[0]!;
  const accountOf = async (username: string) =>
    (await dbOf(t).select().from(users).where(eq(users.username, username)))[0]!;

  beforeAll(async () => {
    // The password test members set for themselves at their first sign-in (memberWith).
    initial = MEMBER_PASSWORD;
    const roles = expectOk(await post<TListResponse<TRole>>('/role/page', { pageSize: 100 })).list;
    clerk = roles.find((r) => r.name === '业务专员')!;
    adminRole = roles.find((r) => r.isAdminRole)!;
    six = [];
    for (let i = 0; i < 6; i++) six.push(await createRole(t.app, t.admin, ['Workbench']));
  });

  it('lists the members with their roles; applicants are not members', async () => {
    const all = await page();
    const byName = Object.fromEntries(all.list.map((m) => [m.username, m]));
    expect(byName['demo-auto']).toMatchObject({
      isAdmin: true,
      status: 'enabled',
      dataScope: 'company',
      roles: [{ id: adminRole.id, name: '管理员', nameEn: 'Administrator' }],
    });
    expect(byName['demo-multi']).toMatchObject({
      isAdmin: false,
      roles: [{ id: clerk.id, name: '业务专员', nameEn: 'Business clerk' }],
    });
    expect(byName['demo-supplier']).toBeUndefined();
    expect(all.total).toBe(all.list.length);
    expect((await page({ username: 'MULTI' })).list.map((m) => m.username)).toEqual(['demo-multi']);
    expect((await page({ email: 'demo-auto@' })).list.map((m) => m.username)).toEqual(['demo-auto']);
    expect((await page({ roleId: clerk.id })).list.map((m) => m.username)).toEqual(['demo-multi']);
    expect((await page({ roleId: 3_000_000_000 })).total).toBe(0);
    expect((await page({ status: 'disabled' })).total).toBe(0);
    expect((await page({ pageSize: 1, sortField: 'username', sortOrder: 'desc' })).list[0]!.username).toBe(
      'demo-multi',
    );
  });

  it('creates an account with a one-time password, its roles, and a mail without the password', async () => {
    const username = uniqueName('New');
    const created = expectOk(
      await post<TMemberCreated>('/member/add', {
        username,
        email: `${username.toUpperCase()}@Example.com`,
        chineseName: '张三',
        englishName: 'San Zhang',
        roleIds: [clerk.id, six[0]!.id],
      }),
    );
    expect(created).toMatchObject({
      username,
      email: `${username.toLowerCase()}@example.com`,
      chineseName: '张三',
      englishName: 'San Zhang',
      status: 'enabled',
      isAdmin: false,
      dataScope: 'company',
      lastLoginAt: null,
    });
    expect(created.roles.map((r) => r.id)).toEqual([clerk.id, six[0]!.id]);
    const { oneTimePassword, ...member } = created;
    expect(expectOk(await post('/member/detail', { id: created.id }))).toEqual(member);
    const account = await accountOf(username);
    expect(await verifyPassword(account.passwordHash, oneTimePassword)).toBe(true);
    const mail = await latestMailTo(dbOf(t), created.email);
    expect(mail!.body).toContain(username);
    expect(mail!.body).not.toContain(oneTimePassword);

    const token = await firstSignIn(t.app, created, AUTO_UUID);
    const info = expectOk(await post<TUserInfo>('/profile/selectUserInfo', {}, token));
    // The clerk role's codes, and the own-account codes every member holds.
    expect(info.permissions).toEqual(
      [...new Set(['PerBasic', 'PerFrom', 'UserCenter', 'Workbench', ...OWN_ACCOUNT_CODES])].sort(),
    );
    expect(info.isEnterpriseAdmin).toBe(false);
  });

  it('refuses a taken user name or e-mail, whatever its case', async () => {
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await post(
          '/member/add',
          { username: 'DEMO-Auto', email: 'fresh-1@example.com', roleIds: [clerk.id] },
          t.admin,
          lang,
        ),
        'USERNAME_EXISTS',
        lang,
      );
      expectError(
        await post(
          '/member/add',
          { username: uniqueName(), email: 'Demo-Supplier@Tracehub.local', roleIds: [clerk.id] },
          t.admin,
          lang,
        ),
        'EMAIL_EXISTS',
        lang,
      );
    }
    expect(
      (
        await post(
          '/member/add',
          { username: 'demo-auto', email: 'x@example.com', roleIds: [clerk.id] },
          t.admin,
          'en',
        )
      ).body.msg,
    ).toBe('Username exists');
    expect(
      (
        await post(
          '/member/add',
          { username: uniqueName(), email: 'demo-auto@tracehub.local', roleIds: [clerk.id] },
          t.admin,
          'en',
        )
      ).body.msg,
    ).toBe('Email exists');
  });

  it('gives a member one to five enabled roles of this enterprise, never the administrator role', async () => {
    const body = (roleIds: number[]) => ({
      username: uniqueName(),
      email: `${uniqueName()}@example.com`,
      roleIds,
    });
    for (const lang of ['zh', 'en'] as const) {
      const tooMany = await post('/member/add', body(six.map((r) => r.id)), t.admin, lang);
      expect(tooMany.body).toMatchObject({
        code: 'E1001',
        data: { fields: [{ field: 'roleIds', message: validationMessage('v.member.tooManyRoles', lang) }] },
      });
      const none = await post('/member/add', body([]), t.admin, lang);
      expect(none.body.data).toEqual({
        fields: [{ field: 'roleIds', message: validationMessage('v.member.roles', lang) }],
      });
      expectError(
        await post('/member/add', body([adminRole.id]), t.admin, lang),
        'ROLE_NOT_ASSIGNABLE',
        lang,
      );
    }
    const disabled = await createRole(t.app, t.admin, []);
    expectError(await post('/member/add', body([clerk.id, disabled.id])), 'ROLE_NOT_ASSIGNABLE');
    expectError(await post('/member/add', body([999_999])), 'ROLE_NOT_ASSIGNABLE');
    expect(expectOk(await post('/member/add', body(six.slice(0, 5).map((r) => r.id)))).roles).toHaveLength(5);
    const invalid = await post('/member/add', { ...body([clerk.id]), username: '张三 1' }, t.admin, 'en');
    expect(invalid.body.code).toBe('E1001');
  });

  it("edits a member's names and roles, but not the administrator's", async () => {
    const member = await createMember(t.app, t.admin, [clerk.id]);
    const edited = expectOk(
      await post('/member/update', {
        id: member.id,
        chineseName: '李四',
        englishName: 'Si Li',
        roleIds: [six[1]!.id, six[2]!.id],
      }),
    );
    expect(edited).toMatchObject({ chineseName: '李四', englishName: 'Si Li' });
    expect(edited.roles.map((r) => r.id)).toEqual([six[1]!.id, six[2]!.id]);
    const tooMany = await post('/member/update', { id: member.id, roleIds: six.map((r) => r.id) });
    expect(tooMany.body.code).toBe('E1001');

    const me = (await page({ username: 'demo-auto' })).list[0]!;
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await post('/member/update', { id: me.id, roleIds: [clerk.id] }, t.admin, lang),
        'ADMIN_PROTECTED',
        lang,
      );
    }
    expect(expectOk(await post('/member/detail', { id: me.id })).roles.map((r) => r.id)).toEqual([
      adminRole.id,
    ]);
  });

  it("shows the member's data scope: company when any enabled role has it, else its own account", async () => {
    const own = await createRole(t.app, t.admin, ['Workbench'], { dataScope: 'account' });
    const member = await createMember(t.app, t.admin, [own.id]);
    expect(member.dataScope).toBe('account');
    const both = expectOk(await post('/member/update', { id: member.id, roleIds: [own.id, clerk.id] }));
    expect(both.dataScope).toBe('company');
  });

  it('disables a member: its sessions here end, it is told it is disabled, and it cannot select the enterprise', async () => {
    const { token, member } = await memberWith(t, t.admin, AUTO_UUID, ['Workbench']);
    const disabled = expectOk(await post('/member/updateStatus', { id: member.id, status: 'disabled' }));
    expect(disabled.status).toBe('disabled');
    expect((await page({ status: 'disabled' })).list.map((m) => m.id)).toContain(member.id);
    for (const lang of ['zh', 'en'] as const) {
      expectError(await post('/profile/selectUserInfo', {}, token, lang), 'ACCOUNT_DISABLED', lang);
    }
    expect((await post('/profile/selectUserInfo', {}, token, 'en')).body.msg).toBe(
      'Your account has been disabled.',
    );

    // Signing in again: the list still shows the enterprise, selecting it is refused.
    const step = await loginStep(t.app, member.username, initial);
    expect(step.enterprises.map((e: TEnterpriseListItem) => e.enterpriseUuid)).toEqual([AUTO_UUID]);
    for (const lang of ['zh', 'en'] as const) {
      const res = await call(t.app, '/login/selectEnterprise', {
        lang,
        body: {
          isLogined: false,
          loginAccount: member.username,
          enterpriseUuid: AUTO_UUID,
          verifyKey: step.verifyKey,
        },
      });
      expectError(res, 'ACCOUNT_DISABLED', lang);
    }

    expect(expectOk(await post('/member/updateStatus', { id: member.id, status: 'enabled' })).status).toBe(
      'enabled',
    );
    const again = await signInAs(t.app, member.username, initial, AUTO_UUID);
    expectOk(await post('/profile/selectUserInfo', {}, again));
  });

  it('disabling a member in one enterprise leaves its sessions in the other enterprise alone', async () => {
    const supplierAdmin = await signIn(t.app, 'demo-supplier', SUPPLIER_UUID);
    const inSupplier = await signIn(t.app, 'demo-multi', SUPPLIER_UUID);
    const multiHere = (await page({ username: 'demo-multi' })).list[0]!;
    expectOk(await post('/member/updateStatus', { id: multiHere.id, status: 'disabled' }));
    expectOk(await post('/profile/selectUserInfo', {}, inSupplier));
    expectError(
      await selectEnterprise(
        t.app,
        { isLogined: true, loginAccount: 'demo-multi', enterpriseUuid: AUTO_UUID },
        inSupplier,
      ),
      'ACCOUNT_DISABLED',
    );
    expect((await page({ username: 'demo-multi' }, supplierAdmin)).list[0]!.status).toBe('enabled');
    expectOk(await post('/member/updateStatus', { id: multiHere.id, status: 'enabled' }));
  });

  it('neither disables nor resets the administrator or the caller itself', async () => {
    const me = (await page({ username: 'demo-auto' })).list[0]!;
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await post('/member/updateStatus', { id: me.id, status: 'disabled' }, t.admin, lang),
        'ADMIN_PROTECTED',
        lang,
      );
      expectError(await post('/member/resetPassword', { id: me.id }, t.admin, lang), 'ADMIN_PROTECTED', lang);
    }
    const { token, member } = await memberWith(t, t.admin, AUTO_UUID, [
      'Member:EnableDisable',
      'ResetPassword',
    ]);
    expectError(
      await post('/member/updateStatus', { id: member.id, status: 'disabled' }, token),
      'ADMIN_PROTECTED',
    );
    expectError(await post('/member/resetPassword', { id: member.id }, token), 'ADMIN_PROTECTED');
    expectError(
      await post('/member/updateStatus', { id: me.id, status: 'disabled' }, token),
      'ADMIN_PROTECTED',
    );
    expect((await linkRow(me.id)).status).toBe('enabled');
  });

  it('resets a password to a one-time password, ends the sessions and mails the member without it', async () => {
    const { token, member } = await memberWith(t, t.admin, AUTO_UUID, ['Workbench']);
    expectOk(
      await post(
        '/profile/updatePassword',
        { oldPassword: initial, password: 'Changed@2027', confirmPassword: 'Changed@2027' },
        token,
      ),
    );
    const fresh = await signInAs(t.app, member.username, 'Changed@2027', AUTO_UUID);
    const { oneTimePassword } = expectOk(
      await post<{ oneTimePassword: string }>('/member/resetPassword', { id: member.id }),
    );
    expectError(await post('/profile/selectUserInfo', {}, fresh), 'SESSION_REVOKED');
    expect(await verifyPassword((await accountOf(member.username)).passwordHash, 'Changed@2027')).toBe(false);
    await firstSignIn(t.app, { username: member.username, oneTimePassword }, AUTO_UUID, 'Again@2028');
    const mail = await latestMailTo(dbOf(t), member.email);
    expect(mail!.subject).toContain('password reset');
    expect(mail!.body).not.toContain(oneTimePassword);
  });

  it('refuses to reset the password of an account also linked to another enterprise', async () => {
    const multi = (await page({ username: 'demo-multi' })).list[0]!;
    const before = (await accountOf('demo-multi')).passwordHash;
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await post('/member/resetPassword', { id: multi.id }, t.admin, lang),
        'MEMBER_SHARED_ACCOUNT',
        lang,
      );
    }
    expect((await accountOf('demo-multi')).passwordHash).toBe(before);
    await loginStep(t.app, 'demo-multi', DEMO_PASSWORD);
  });

  it('answers E1003 for unknown member ids, also beyond the integer range', async () => {
    for (const id of [999_999, 3_000_000_000, 0]) {
      expectError(await post('/member/detail', { id }), 'NOT_FOUND');
      expectError(await post('/member/update', { id, roleIds: [clerk.id] }), 'NOT_FOUND');
      expectError(await post('/member/resetPassword', { id }), 'NOT_FOUND');
    }
  });
});

describe('administrator transfer', () => {
  const t = useTestApp({ admin: AS_AUTO });
  const post = <T = TMember>(path: string, body: unknown, token = t.admin, lang?: 'zh' | 'en') =>
    call<T>(t.app, path, { token, body, ...(lang ? { lang } : {}) });

  it('only the administrator transfers, only to another enabled member', async () => {
    const members = expectOk(await post<TListResponse<TMember>>('/member/page', { pageSize: 100 })).list;
    const me = members.find((m) => m.username === 'demo-auto')!;
    const { token: holder } = await memberWith(t, t.admin, AUTO_UUID, ['Member', 'Member:TransferAdmin']);
    const target = (await memberWith(t, t.admin, AUTO_UUID, ['Workbench'])).member;
    for (const lang of ['zh', 'en'] as const) {
      expectError(await post('/member/transferAdmin', { id: target.id }, holder, lang), 'FORBIDDEN', lang);
      expectError(
        await post('/member/transferAdmin', { id: me.id }, t.admin, lang),
        'ADMIN_TRANSFER_TARGET',
        lang,
      );
    }
    expectOk(await post('/member/updateStatus', { id: target.id, status: 'disabled' }));
    expectError(await post('/member/transferAdmin', { id: target.id }), 'ADMIN_TRANSFER_TARGET');
    expectError(await post('/member/transferAdmin', { id: 999_999 }), 'NOT_FOUND');
    const links = await dbOf(t)
      .select({ userId: enterpriseUsers.userId })
      .from(enterpriseUsers)
      .where(and(eq(enterpriseUsers.enterpriseUuid, AUTO_UUID), eq(enterpriseUsers.isAdmin, true)));
    expect(links).toHaveLength(1);
  });

  it('moves the administrator flag and role together and tells both accounts', async () => {
    const { token: successor, member } = await memberWith(t, t.admin, AUTO_UUID, ['Workbench']);
    const roles = expectOk(await post<TListResponse<TRole>>('/role/page', { pageSize: 100 })).list;
    const adminRole = roles.find((r) => r.isAdminRole)!;
    expect(expectOk(await post('/member/transferAdmin', { id: member.id }))).toBeNull();

    const after = expectOk(await post<TMember>('/member/detail', { id: member.id }, successor));
    expect(after.isAdmin).toBe(true);
    expect(after.roles.map((r) => r.id)).toContain(adminRole.id);
    const successorInfo = expectOk(await post<TUserInfo>('/profile/selectUserInfo', {}, successor));
    expect(successorInfo.isEnterpriseAdmin).toBe(true);
    expect(successorInfo.permissions).toContain('CreateMember');

    // The former administrator keeps no administrator rights from its next request on.
    const former = expectOk(await post<TUserInfo>('/profile/selectUserInfo', {}, t.admin));
    expect(former.isEnterpriseAdmin).toBe(false);
    expect(former.permissions).toEqual([...OWN_ACCOUNT_CODES].sort());
    expectError(await post('/member/page', {}), 'FORBIDDEN');
    const [demoAuto] = await dbOf(t)
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.username, 'demo-auto'));
    expect(
      await dbOf(t)
        .select()
        .from(userRoles)
        .where(and(eq(userRoles.userId, demoAuto!.id), eq(userRoles.enterpriseUuid, AUTO_UUID))),
    ).toEqual([]);
    expect((await latestMailTo(dbOf(t), member.email))!.subject).toContain('administrator transfer');
    expect((await latestMailTo(dbOf(t), demoAuto!.email))!.subject).toContain('administrator transfer');

    // And it can be handed back.
    const me = expectOk(
      await post<TListResponse<TMember>>('/member/page', { username: 'demo-auto' }, successor),
    ).list[0]!;
    expectOk(await post('/member/transferAdmin', { id: me.id }, successor));
    expect(expectOk(await post<TUserInfo>('/profile/selectUserInfo', {}, t.admin)).isEnterpriseAdmin).toBe(
      true,
    );
    const live = await dbOf(t)
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, demoAuto!.id));
    expect(live[0]!.n).toBeGreaterThan(0);
  });
});
