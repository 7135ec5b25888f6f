import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ENTERPRISE_MENU,
  EXAMINE_STATUS,
  LIMITS,
  OWN_ACCOUNT_CODES,
  menuCodes,
  type TMenuNode,
  type TSessionToken,
  type TUserInfo,
} from '@tracehub/contract';
import { verifyKeys } from '../src/db/schema.ts';
import { sha256Hex } from '../src/platform/crypto.ts';
import { AUTO_UUID, MINE_UUID, SUPPLIER_UUID, TRADER_UUID, call, signIn, useTestApp } from './support/app.ts';
import {
  SERVED_MODULES,
  dbOf,
  expectError,
  expectOk,
  loginStep,
  selectEnterprise,
  sessionOf,
} from './support/helpers.ts';

const ALL_CODES = menuCodes(ENTERPRISE_MENU).sort();
/** The clerk role's codes, with the own-account codes every member holds. */
const CLERK_CODES = [
  ...new Set(['PerBasic', 'PerFrom', 'UserCenter', 'Workbench', ...OWN_ACCOUNT_CODES]),
].sort();

describe('sign-in flow', () => {
  const t = useTestApp();
  const userInfo = async (token: string) =>
    expectOk(await call<TUserInfo>(t.app, '/profile/selectUserInfo', { token }));
  const menus = async (token: string) =>
    expectOk(await call<TMenuNode[]>(t.app, '/menu/selectMenusByUserId', { token, body: {} }));

  it('signs in by user name and returns the linked enterprises with their examine status', async () => {
    const step = await loginStep(t.app, 'demo-multi');
    expect(step.loginAccount).toBe('demo-multi');
    expect(step.verifyKey).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(step.verifyKeyTtl).toBeGreaterThan(0);
    const byUuid = Object.fromEntries(step.enterprises.map((e) => [e.enterpriseUuid, e]));
    expect(step.enterprises).toHaveLength(4);
    expect(byUuid[AUTO_UUID]).toMatchObject({
      examineStatus: EXAMINE_STATUS.approved,
      lastLogin: 'Y',
      enterpriseName: '星河汽车股份有限公司',
      enterpriseEnglishName: 'Galaxy Motors Co., Ltd.',
      chineseNameShorter: '星河汽车',
      englishNameShorter: 'Galaxy Motors',
      certified: true,
    });
    expect(byUuid[SUPPLIER_UUID]).toMatchObject({ examineStatus: 1, lastLogin: 'N' });
    expect(byUuid[MINE_UUID]).toMatchObject({ examineStatus: 0, lastLogin: 'N' });
    expect(byUuid[TRADER_UUID]).toMatchObject({ examineStatus: 2, lastLogin: 'N' });
    expect(step.enterprises.filter((e) => e.lastLogin === 'Y')).toHaveLength(1);
    const statuses = step.enterprises.map((e) => e.examineStatus).sort();
    expect(statuses).toEqual([0, 1, 1, 2]);
    // The pending application shows its application time.
    expect(byUuid[MINE_UUID]!.gmtModified).toBeLessThan(Date.now() - 60 * 60_000);
  });

  it('signs in by e-mail and by user name regardless of case', async () => {
    const byMail = await loginStep(t.app, 'DEMO-Multi@TraceHub.LOCAL');
    expect(byMail.enterprises.map((e) => e.enterpriseUuid).sort()).toEqual(
      [AUTO_UUID, SUPPLIER_UUID, MINE_UUID, TRADER_UUID].sort(),
    );
    const byName = await loginStep(t.app, '  Demo-Auto ');
    expect(byName.enterprises.map((e) => [e.enterpriseUuid, e.examineStatus])).toEqual([[AUTO_UUID, 1]]);
    expect(byName.verifyKey).not.toBe(byMail.verifyKey);
  });

  it('exchanges the verifyKey for a session token exactly once', async () => {
    const step = await loginStep(t.app, 'demo-auto');
    const first = await selectEnterprise(t.app, {
      loginAccount: 'demo-auto',
      enterpriseUuid: AUTO_UUID,
      verifyKey: step.verifyKey,
    });
    const session = expectOk(first);
    expect(session).toEqual<TSessionToken>({
      token: expect.any(String) as string,
      enterpriseUuid: AUTO_UUID,
      expiresInMinutes: LIMITS.sessionTimeoutDefaultMin,
    });
    expect(session.token).not.toBe(step.verifyKey);
    expect((await sessionOf(dbOf(t), session.token)).enterpriseUuid).toBe(AUTO_UUID);

    for (const lang of ['zh', 'en'] as const) {
      const again = await call(t.app, '/login/selectEnterprise', {
        body: {
          isLogined: false,
          loginAccount: 'demo-auto',
          enterpriseUuid: AUTO_UUID,
          verifyKey: step.verifyKey,
        },
        lang,
      });
      expectError(again, 'VERIFY_KEY_INVALID', lang);
    }
    const en = await call(t.app, '/login/selectEnterprise', {
      body: {
        isLogined: false,
        loginAccount: 'demo-auto',
        enterpriseUuid: AUTO_UUID,
        verifyKey: step.verifyKey,
      },
      lang: 'en',
    });
    expect(en.body.msg).toBe('The sign-in check has expired, please sign in again');
  });

  it("refuses a wrong verifyKey, another account's verifyKey, a missing one and a session token", async () => {
    const auto = await loginStep(t.app, 'demo-auto');
    expectError(
      await selectEnterprise(t.app, {
        loginAccount: 'demo-auto',
        enterpriseUuid: AUTO_UUID,
        verifyKey: 'guess',
      }),
      'VERIFY_KEY_INVALID',
    );
    expectError(
      await selectEnterprise(t.app, { loginAccount: 'demo-auto', enterpriseUuid: AUTO_UUID }),
      'VERIFY_KEY_INVALID',
    );
    // demo-multi is linked to the automaker too, but the key belongs to demo-auto.
    const stolen = await selectEnterprise(t.app, {
      loginAccount: 'demo-multi',
      enterpriseUuid: AUTO_UUID,
      verifyKey: auto.verifyKey,
    });
    expectError(stolen, 'VERIFY_KEY_INVALID');
    expect(stolen.body.msg).toBe('登录校验已失效，请重新登录');
    const token = await signIn(t.app, 'demo-multi', AUTO_UUID);
    expectError(
      await selectEnterprise(t.app, {
        loginAccount: 'demo-multi',
        enterpriseUuid: AUTO_UUID,
        verifyKey: token,
      }),
      'VERIFY_KEY_INVALID',
    );
    // None of the refusals consumed demo-auto's key.
    expectOk(
      await selectEnterprise(t.app, {
        loginAccount: 'demo-auto',
        enterpriseUuid: AUTO_UUID,
        verifyKey: auto.verifyKey,
      }),
    );
  });

  it('refuses a pending, rejected or unlinked enterprise with U0014 and keeps the key usable', async () => {
    const step = await loginStep(t.app, 'demo-multi');
    for (const enterpriseUuid of [MINE_UUID, TRADER_UUID, 'e0a1c2d3-9999-4000-8000-000000000999']) {
      for (const lang of ['zh', 'en'] as const) {
        const res = await call(t.app, '/login/selectEnterprise', {
          body: { isLogined: false, loginAccount: 'demo-multi', enterpriseUuid, verifyKey: step.verifyKey },
          lang,
        });
        expectError(res, 'ENTERPRISE_NOT_LINKED', lang);
      }
    }
    const supplierOnly = await loginStep(t.app, 'demo-supplier');
    const res = await selectEnterprise(t.app, {
      loginAccount: 'demo-supplier',
      enterpriseUuid: AUTO_UUID,
      verifyKey: supplierOnly.verifyKey,
    });
    expectError(res, 'ENTERPRISE_NOT_LINKED');
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('您的账号未关联该企业或关联尚未通过审核');
    expectOk(
      await selectEnterprise(t.app, {
        loginAccount: 'demo-multi',
        enterpriseUuid: AUTO_UUID,
        verifyKey: step.verifyKey,
      }),
    );
  });

  it('gives the automaker administrator its user info, permissions and full menu', async () => {
    const token = await signIn(t.app, 'demo-auto', AUTO_UUID);
    const info = await userInfo(token);
    expect(info).toMatchObject({
      username: 'demo-auto',
      email: 'demo-auto@tracehub.local',
      authStatus: 2,
      enterpriseUuid: AUTO_UUID,
      enterpriseName: '星河汽车股份有限公司',
      enterpriseEnglishName: 'Galaxy Motors Co., Ltd.',
      enterpriseRole: 1,
      scene: 'US&EU',
      isEnterpriseAdmin: true,
      sessionTimeoutMinutes: 30,
      roles: ['admin'],
      permissions: ALL_CODES,
    });
    // The administrator holds every code of the default tree, modules and actions alike.
    expect(info.permissions).toEqual(
      expect.arrayContaining(['Log', 'PerBasic', 'PerFrom', 'CreateMember', 'SetPermission']),
    );
    expect(info.enterpriseDid).toMatch(/^did:ethr:0x[0-9a-f]+:0x[0-9a-fA-F]{40}$/);
    expect(info.chainAccount).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(info.chainAccount).toHaveLength(42);
    expect(info.enterpriseDid!.endsWith(`:${info.chainAccount}`)).toBe(true);
    expect(info.lastLoginTime).toBeGreaterThan(Date.now() - 60_000);
    expect(info.enterprises.map((e) => [e.enterpriseUuid, e.lastLogin])).toEqual([[AUTO_UUID, 'Y']]);

    const tree = await menus(token);
    expect(tree.map((n) => n.code)).toEqual([...SERVED_MODULES]);
    expect(tree.find((n) => n.code === 'Account')!.childs.map((c) => c.path)).toEqual([
      '/account/member',
      '/account/member/memberDetail/:id',
      '/account/member/addMember',
      '/account/member/editMember/:id',
      '/account/role',
      '/account/role/roleDetail/:id',
      '/account/role/configAuth/:id',
      '/account/audit',
    ]);
    const log = tree.find((n) => n.code === 'Log')!;
    expect(log.childs.map((c) => c.path)).toEqual(['/log/list', '/log/details/:id']);
    expect(tree.find((n) => n.code === 'UserCenter')!.childs.map((c) => c.code)).toEqual([
      'PerBasic',
      'PerFrom',
    ]);
  });

  it("gives demo-multi its clerk role's codes and a menu without the log", async () => {
    const token = await signIn(t.app, 'demo-multi', AUTO_UUID);
    const info = await userInfo(token);
    expect(info.isEnterpriseAdmin).toBe(false);
    expect(info.permissions).toEqual(CLERK_CODES);
    expect(info.roles).toEqual(['admin']);
    expect(info.enterprises.map((e) => e.examineStatus).sort()).toEqual([0, 1, 1, 2]);
    const codes: string[] = [];
    const walk = (nodes: TMenuNode[]) =>
      nodes.forEach((n) => {
        codes.push(n.code);
        walk(n.childs);
      });
    const tree = await menus(token);
    walk(tree);
    expect(tree.map((n) => n.code)).toEqual(['Workbench', 'UserCenter']);
    expect(codes).not.toContain('Log');
  });

  it('switches enterprise with the session: new token, old one revoked, other enterprise shown', async () => {
    const oldToken = await signIn(t.app, 'demo-multi', AUTO_UUID);
    expect((await userInfo(oldToken)).enterpriseUuid).toBe(AUTO_UUID);
    const switched = expectOk(
      await selectEnterprise(
        t.app,
        { isLogined: true, loginAccount: 'demo-multi', enterpriseUuid: SUPPLIER_UUID },
        oldToken,
      ),
    );
    expect(switched.enterpriseUuid).toBe(SUPPLIER_UUID);
    expect(switched.token).not.toBe(oldToken);

    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await call(t.app, '/profile/selectUserInfo', { token: oldToken, lang }),
        'SESSION_REVOKED',
        lang,
      );
    }
    expect((await sessionOf(dbOf(t), oldToken)).revokeReason).toBe('switched');

    const info = await userInfo(switched.token);
    expect(info.enterpriseUuid).toBe(SUPPLIER_UUID);
    expect(info.enterpriseName).toBe('恒信动力电池有限公司');
    expect(info.enterpriseRole).toBe(0);
    expect(info.enterpriseDid).toMatch(/^did:ethr:/);
    expect(info.enterprises.find((e) => e.lastLogin === 'Y')?.enterpriseUuid).toBe(SUPPLIER_UUID);

    // The next sign-in marks the enterprise used last.
    const step = await loginStep(t.app, 'demo-multi');
    expect(step.enterprises.find((e) => e.lastLogin === 'Y')?.enterpriseUuid).toBe(SUPPLIER_UUID);
  });

  it('refuses to switch without a session, to another account, or to an unusable enterprise', async () => {
    const token = await signIn(t.app, 'demo-multi', SUPPLIER_UUID);
    expectError(
      await selectEnterprise(t.app, {
        isLogined: true,
        loginAccount: 'demo-multi',
        enterpriseUuid: AUTO_UUID,
      }),
      'NOT_LOGGED_IN',
    );
    expectError(
      await selectEnterprise(
        t.app,
        { isLogined: true, loginAccount: 'demo-auto', enterpriseUuid: AUTO_UUID },
        token,
      ),
      'VERIFY_KEY_INVALID',
    );
    expectError(
      await selectEnterprise(
        t.app,
        { isLogined: true, loginAccount: 'demo-multi', enterpriseUuid: MINE_UUID },
        token,
      ),
      'ENTERPRISE_NOT_LINKED',
    );
    // A refused switch leaves the current session alone.
    expect((await userInfo(token)).enterpriseUuid).toBe(SUPPLIER_UUID);
  });

  it('opens a session without an enterprise: no DID, no menu, enterprise calls answer E1002', async () => {
    const step = await loginStep(t.app, 'demo-auto');
    const session = expectOk(
      await selectEnterprise(t.app, {
        loginAccount: 'demo-auto',
        enterpriseUuid: null,
        verifyKey: step.verifyKey,
      }),
    );
    expect(session.enterpriseUuid).toBeNull();
    const info = await userInfo(session.token);
    expect(info.enterpriseDid).toBeNull();
    expect(info.enterpriseUuid).toBeNull();
    expect(info.chainAccount).toBeNull();
    expect(info.authStatus).toBe(0);
    expect(info.permissions).toEqual([]);
    expect(await menus(session.token)).toEqual([]);

    for (const lang of ['zh', 'en'] as const) {
      const res = await call(t.app, '/log/selectLogPage', { token: session.token, lang, body: {} });
      expectError(res, 'ENTERPRISE_UNAVAILABLE', lang);
      expect(res.status).toBe(403);
    }
    const detail = await call(t.app, '/log/selectLogDetail', { token: session.token, body: { id: 1 } });
    expectError(detail, 'ENTERPRISE_UNAVAILABLE');
    expect(detail.body.msg).toBe('当前企业不可用，请重新选择企业');

    // An omitted enterpriseUuid means the same; the last-used enterprise is kept for the next sign-in.
    const step2 = await loginStep(t.app, 'demo-auto');
    const omitted = expectOk(
      await selectEnterprise(t.app, { loginAccount: 'demo-auto', verifyKey: step2.verifyKey }),
    );
    expect(omitted.enterpriseUuid).toBeNull();
    expect((await loginStep(t.app, 'demo-auto')).enterprises[0]?.lastLogin).toBe('Y');

    // From there the account can switch into its enterprise.
    const into = expectOk(
      await selectEnterprise(
        t.app,
        { isLogined: true, loginAccount: 'demo-auto', enterpriseUuid: AUTO_UUID },
        session.token,
      ),
    );
    expect((await userInfo(into.token)).enterpriseDid).toMatch(/^did:ethr:/);
  });

  it('refuses a verifyKey past its lifetime', async () => {
    const step = await loginStep(t.app, 'demo-auto');
    expect(step.verifyKeyTtl).toBe(300);
    await dbOf(t)
      .update(verifyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifyKeys.keyHash, sha256Hex(step.verifyKey)));
    expectError(
      await selectEnterprise(t.app, {
        loginAccount: 'demo-auto',
        enterpriseUuid: AUTO_UUID,
        verifyKey: step.verifyKey,
      }),
      'VERIFY_KEY_INVALID',
    );
    expectError(
      await call(t.app, '/enterpriseUserExamine/selectEnterpriseList', { token: step.verifyKey }),
      'NOT_LOGGED_IN',
    );
  });

  it('does not accept a verifyKey as a session token', async () => {
    const step = await loginStep(t.app, 'demo-auto');
    expectError(await call(t.app, '/profile/selectUserInfo', { token: step.verifyKey }), 'NOT_LOGGED_IN');
    expectError(await call(t.app, '/login/logout', { token: step.verifyKey }), 'NOT_LOGGED_IN');
  });
});
