import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  OWN_ACCOUNT_CODES,
  api,
  isValidPassword,
  permissionCodes,
  type TEndpoint,
  type TLoginStep,
  type TMemberCreated,
  type TMenuNode,
  type TOneTimePassword,
  type TUserInfo,
} from '@tracehub/contract';
import { accountLog, mailOutbox, rolePermissions, users } from '../src/db/schema.ts';
import { verifyPassword } from '../src/platform/crypto.ts';
import { AS_AUTO, AUTO_UUID, call, useTestApp } from './support/app.ts';
import {
  MEMBER_PASSWORD,
  createMember,
  createRole,
  firstSignIn,
  setOwnPassword,
  signInAs,
  uniqueName,
} from './support/accounts.ts';
import {
  dbOf,
  expectError,
  expectOk,
  latestCodeFor,
  loginStep,
  selectEnterprise,
} from './support/helpers.ts';

/**
 * Security review, finding 2: every created or reset account used to get the same configured initial
 * password, nothing forced a change, and a member without profile codes could not change its own password.
 * Now: a random one-time password shown once to the administrator, stored only hashed, good for nothing
 * but setting the member's own; and one's own password, e-mail and profile need no role code.
 */

/** Every endpoint of the contract, found by walking the nested `api` object. */
function allEndpoints(node: unknown, path: string[] = []): { name: string; ep: TEndpoint }[] {
  if (!node || typeof node !== 'object') return [];
  const o = node as Record<string, unknown>;
  if (typeof o.path === 'string' && typeof o.method === 'string' && typeof o.auth === 'string') {
    return [{ name: path.join('.'), ep: o as unknown as TEndpoint }];
  }
  return Object.entries(o).flatMap(([k, v]) => allEndpoints(v, [...path, k]));
}

describe('one-time passwords of created and reset members', () => {
  const t = useTestApp({ admin: AS_AUTO });
  let workbench: number;

  const post = <T = unknown>(path: string, body: unknown, token?: string, lang?: 'zh' | 'en') =>
    call<T>(t.app, path, { body, ...(token ? { token } : {}), ...(lang ? { lang } : {}) });
  const accountRow = async (username: string) =>
    (await dbOf(t).select().from(users).where(eq(users.username, username)))[0]!;
  const changePassword = (
    body: { loginAccount: string; verifyKey: string; password: string; confirmPassword?: string },
    lang?: 'zh' | 'en',
  ) =>
    post<TLoginStep>('/login/changePassword', { confirmPassword: body.password, ...body }, undefined, lang);

  beforeAll(async () => {
    workbench = (await createRole(t.app, t.admin, ['Workbench'])).id;
  });

  it('gives each new member its own random password, answered once and never cached', async () => {
    const username = uniqueName('otp');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/member/add',
      headers: { authorization: `Bearer ${t.admin}` },
      payload: { username, email: `${username}@example.com`, roleIds: [workbench] },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const first = (res.json() as { data: TMemberCreated }).data;
    const others = [
      await createMember(t.app, t.admin, [workbench]),
      await createMember(t.app, t.admin, [workbench]),
    ];
    const passwords = [first, ...others].map((m) => m.oneTimePassword);
    expect(new Set(passwords).size).toBe(3);
    for (const p of passwords) {
      expect(isValidPassword(p)).toBe(true);
      expect(p).toHaveLength(16);
    }
    // The detail (and the list) never show it again.
    const detail = expectOk(await post<Record<string, unknown>>('/member/detail', { id: first.id }, t.admin));
    expect(detail).not.toHaveProperty('oneTimePassword');
    expect(JSON.stringify(detail)).not.toContain(first.oneTimePassword);
  });

  it('keeps it only as an argon2 hash: not in the account row, the mail outbox or the log', async () => {
    const member = await createMember(t.app, t.admin, [workbench]);
    const row = await accountRow(member.username);
    expect(row.mustChangePassword).toBe(true);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(member.oneTimePassword);
    expect(await verifyPassword(row.passwordHash, member.oneTimePassword)).toBe(true);
    const mails = await dbOf(t).select().from(mailOutbox);
    expect(mails.filter((m) => m.to === member.email)).toHaveLength(1);
    for (const mail of mails) expect(`${mail.subject}\n${mail.body}`).not.toContain(member.oneTimePassword);
    const logs = await dbOf(t).select().from(accountLog);
    expect(JSON.stringify(logs)).not.toContain(member.oneTimePassword);
  });

  it('a sign-in with it can do nothing but change the password', async () => {
    const member = await createMember(t.app, t.admin, [workbench]);
    const step = await loginStep(t.app, member.username, member.oneTimePassword);
    expect(step.mustChangePassword).toBe(true);
    expect(step.enterprises).toEqual([]);

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
      expectError(res, 'PASSWORD_CHANGE_REQUIRED', lang);
    }
    // Every endpoint a sign-in key or a session opens refuses it; only the change step is left.
    for (const { name, ep } of allEndpoints(api)) {
      // Public calls need no sign-in; gateway calls are signed by a key, never by a session.
      if (ep.auth === 'public' || ep.auth === 'gateway') continue;
      const path = ep.path.replace(/:(\w+)/g, '1');
      const res = await call(t.app, path, {
        method: ep.method,
        token: step.verifyKey,
        lang: 'en',
        ...(ep.method === 'POST' ? { body: {} } : {}),
      });
      const expected = ep.auth === 'account' ? 'PASSWORD_CHANGE_REQUIRED' : 'NOT_LOGGED_IN';
      expect({ name, status: res.status, code: res.body.code }).toEqual({
        name,
        status: expected === 'PASSWORD_CHANGE_REQUIRED' ? 403 : 401,
        code: expected === 'PASSWORD_CHANGE_REQUIRED' ? 'U0018' : 'U0007',
      });
    }
    expect((await accountRow(member.username)).lastLoginAt).toBeNull();

    // A sign-in by e-mailed code is led to the same step.
    expectOk(await post('/login/getLoginMailVerifyCode', { email: member.email, purpose: 'login' }));
    const byMail = expectOk(
      await post<TLoginStep>('/login/verifyLoginMailCode', {
        email: member.email,
        code: await latestCodeFor(dbOf(t), member.email),
      }),
    );
    expect(byMail).toMatchObject({ mustChangePassword: true, enterprises: [] });
    expectError(
      await selectEnterprise(t.app, {
        loginAccount: member.email,
        enterpriseUuid: AUTO_UUID,
        verifyKey: byMail.verifyKey,
      }),
      'PASSWORD_CHANGE_REQUIRED',
    );
  });

  it('is refused as a session too, should an account with a session get a one-time password', async () => {
    const member = await createMember(t.app, t.admin, [workbench]);
    const token = await firstSignIn(t.app, member, AUTO_UUID);
    await dbOf(t).update(users).set({ mustChangePassword: true }).where(eq(users.username, member.username));
    for (const lang of ['zh', 'en'] as const) {
      expectError(await post('/profile/selectUserInfo', {}, token, lang), 'PASSWORD_CHANGE_REQUIRED', lang);
      expectError(await post('/member/page', {}, token, lang), 'PASSWORD_CHANGE_REQUIRED', lang);
    }
    await dbOf(t).update(users).set({ mustChangePassword: false }).where(eq(users.username, member.username));
  });

  it('changes it with the sign-in key, and sign-in then goes on normally', async () => {
    const member = await createMember(t.app, t.admin, [workbench]);
    const step = await loginStep(t.app, member.username, member.oneTimePassword);
    const other = await createMember(t.app, t.admin, [workbench]);
    const otherStep = await loginStep(t.app, other.username, other.oneTimePassword);

    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await changePassword(
          { loginAccount: member.username, verifyKey: step.verifyKey, password: member.oneTimePassword },
          lang,
        ),
        'PASSWORD_NOT_NEW',
        lang,
      );
      expectError(
        await changePassword(
          { loginAccount: member.username, verifyKey: otherStep.verifyKey, password: MEMBER_PASSWORD },
          lang,
        ),
        'VERIFY_KEY_INVALID',
        lang,
      );
      expectError(
        await changePassword(
          { loginAccount: member.username, verifyKey: 'guess', password: MEMBER_PASSWORD },
          lang,
        ),
        'VERIFY_KEY_INVALID',
        lang,
      );
    }
    const weak = await changePassword({
      loginAccount: member.username,
      verifyKey: step.verifyKey,
      password: 'weakpass',
    });
    expect(weak.body.code).toBe('E1001');
    const mismatch = await changePassword({
      loginAccount: member.username,
      verifyKey: step.verifyKey,
      password: MEMBER_PASSWORD,
      confirmPassword: `${MEMBER_PASSWORD}x`,
    });
    expect(mismatch.body.code).toBe('E1001');

    const next = expectOk(
      await changePassword({
        loginAccount: member.username,
        verifyKey: step.verifyKey,
        password: MEMBER_PASSWORD,
      }),
    );
    expect(next.mustChangePassword).toBe(false);
    expect(next.enterprises.map((e) => e.enterpriseUuid)).toEqual([AUTO_UUID]);
    // The restricted key is used up; the new one selects the enterprise.
    expectError(
      await changePassword({
        loginAccount: member.username,
        verifyKey: step.verifyKey,
        password: 'Other@2031',
      }),
      'VERIFY_KEY_INVALID',
    );
    const session = expectOk(
      await selectEnterprise(t.app, {
        loginAccount: member.username,
        enterpriseUuid: AUTO_UUID,
        verifyKey: next.verifyKey,
      }),
    );
    expectOk(await post('/profile/selectUserInfo', {}, session.token));

    const row = await accountRow(member.username);
    expect(row.mustChangePassword).toBe(false);
    expect(await verifyPassword(row.passwordHash, MEMBER_PASSWORD)).toBe(true);
    expectError(
      await post('/login/loginByPwd', { loginAccount: member.username, password: member.oneTimePassword }),
      'LOGIN_FAILED',
    );
    const again = await loginStep(t.app, member.username, MEMBER_PASSWORD);
    expect(again).toMatchObject({ mustChangePassword: false });
    expect(again.enterprises).toHaveLength(1);
    await signInAs(t.app, member.username, MEMBER_PASSWORD, AUTO_UUID);

    // An account with a password of its own changes it in the user centre, with the current one.
    const own = await loginStep(t.app, 'demo-multi');
    expectError(
      await changePassword({ loginAccount: 'demo-multi', verifyKey: own.verifyKey, password: 'Taken@2031' }),
      'FORBIDDEN',
    );
  });

  it('resets to a new one-time password: the old password stops working, the next sign-in must change it', async () => {
    const member = await createMember(t.app, t.admin, [workbench]);
    const token = await firstSignIn(t.app, member, AUTO_UUID);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/member/resetPassword',
      headers: { authorization: `Bearer ${t.admin}` },
      payload: { id: member.id },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const { oneTimePassword } = (res.json() as { data: TOneTimePassword }).data;
    expect(isValidPassword(oneTimePassword)).toBe(true);
    expect(oneTimePassword).not.toBe(member.oneTimePassword);
    expectError(await post('/profile/selectUserInfo', {}, token), 'SESSION_REVOKED');
    expectError(
      await post('/login/loginByPwd', { loginAccount: member.username, password: MEMBER_PASSWORD }),
      'LOGIN_FAILED',
    );
    const mails = await dbOf(t).select().from(mailOutbox).where(eq(mailOutbox.to, member.email));
    for (const mail of mails) expect(mail.body).not.toContain(oneTimePassword);
    await setOwnPassword(t.app, member.username, oneTimePassword, 'Renewed@2031');
    await signInAs(t.app, member.username, 'Renewed@2031', AUTO_UUID);
  });
});

describe('own password, e-mail and profile need a session, not a role code', () => {
  const t = useTestApp({ admin: AS_AUTO });

  it('declares no permission code on any own-account endpoint', () => {
    for (const ep of Object.values(api.profile)) expect(permissionCodes(ep), ep.path).toEqual([]);
  });

  it('lets a member whose roles hold no code at all change its own password, e-mail and profile', async () => {
    const role = await createRole(t.app, t.admin, ['Workbench']);
    const member = await createMember(t.app, t.admin, [role.id]);
    const token = await firstSignIn(t.app, member, AUTO_UUID);
    // The role keeps no code whatever (as a role emptied after it was assigned).
    await dbOf(t)
      .delete(rolePermissions)
      .where(inArray(rolePermissions.roleId, [role.id]));
    const post = <T = TUserInfo>(path: string, body: unknown, lang?: 'zh' | 'en') =>
      call<T>(t.app, path, { token, body, ...(lang ? { lang } : {}) });
    expectError(await post('/enterprise/info', {}), 'FORBIDDEN');

    // The menu and user info offer the user centre's own-account page and operations.
    const info = expectOk(await post('/profile/selectUserInfo', {}));
    expect(info.permissions).toEqual([...OWN_ACCOUNT_CODES].sort());
    const menu = expectOk(await post<TMenuNode[]>('/menu/selectMenusByUserId', {}));
    expect(menu.map((n) => n.code)).toEqual(['UserCenter']);
    expect(menu[0]!.childs.map((n) => n.code)).toEqual(['PerBasic']);
    expect(menu[0]!.childs[0]!.childs.map((n) => n.code)).toContain('EditPassword');

    expectOk(
      await post('/profile/updatePassword', {
        oldPassword: MEMBER_PASSWORD,
        password: 'NoRole@2031',
        confirmPassword: 'NoRole@2031',
      }),
    );
    await loginStep(t.app, member.username, 'NoRole@2031');

    const email = `${uniqueName('moved')}@example.com`;
    expectOk(await post('/user/sendChangeMailCode', { email }));
    const code = await latestCodeFor(dbOf(t), email);
    expect(
      expectOk(await post<{ valid: boolean }>('/user/checkEmailVerificationCode', { email, code })).valid,
    ).toBe(true);
    expect(expectOk(await post('/user/changeMail', { email, code })).email).toBe(email);

    const named = expectOk(
      await post('/profile/updateNames', {
        chineseName: '赵六',
        englishName: 'Liu Zhao',
        introduction: 'QA',
      }),
    );
    expect(named).toMatchObject({ chineseName: '赵六', englishName: 'Liu Zhao', introduction: 'QA' });
    const renamed = uniqueName('Self');
    expect(expectOk(await post('/profile/updateUsername', { username: renamed })).username).toBe(renamed);
    expect(expectOk(await post('/user/changeExpireTime', { minutes: 60 })).sessionTimeoutMinutes).toBe(60);
    // The avatar endpoint checks the upload, not a code.
    expect((await post('/profile/updateAvatar', { fileKey: 'none' })).body.code).toBe('E1001');
  });
});
