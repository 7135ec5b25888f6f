import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  validationMessage,
  type TListResponse,
  type TSessionToken,
  type TUserInfo,
  type ZCodeRule,
  type ZIdRule,
  type ZOperatorEnterprise,
  type ZOutboxItem,
} from '@tracehub/contract';
import { accountLog, sessions, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/platform/crypto.ts';
import { THROTTLE } from '../src/modules/auth/throttle.ts';
import { AS_AUTO, AUTO_UUID, DEMO_PASSWORD, SUPPLIER_UUID, call, signIn, useTestApp } from './support/app.ts';
import { operatorSignIn } from './support/company.ts';
import {
  dbOf,
  expectError,
  expectOk,
  inBothLangs,
  latestCodeFor,
  loginStep,
  selectEnterprise,
  sessionOf,
} from './support/helpers.ts';

type TEnterprise = z.infer<typeof ZOperatorEnterprise>;
type TIdRule = z.infer<typeof ZIdRule>;
type TCodeRule = z.infer<typeof ZCodeRule>;
type TOutbox = z.infer<typeof ZOutboxItem>;

const LOGIN = '/operator/login';

describe('operator end', () => {
  const t = useTestApp({ auto: AS_AUTO });
  let operator: string;

  const page = <T>(path: string, body: Record<string, unknown> = {}) =>
    call<TListResponse<T>>(t.app, path, { token: operator, body });

  beforeAll(async () => {
    operator = await operatorSignIn(t.app);
  });

  describe('sign-in', () => {
    it('signs operators in to a session of their own end, without enterprise', async () => {
      const res = expectOk(
        await call<TSessionToken>(t.app, LOGIN, {
          body: { loginAccount: 'operator@tracehub.local', password: DEMO_PASSWORD },
        }),
      );
      expect(res.enterpriseUuid).toBeNull();
      const row = await sessionOf(dbOf(t), res.token);
      expect(row).toMatchObject({ kind: 'operator', enterpriseUuid: null });
      const info = expectOk(await call<{ username: string }>(t.app, '/operator/info', { token: res.token }));
      expect(info).toMatchObject({ username: 'operator', chineseName: '平台运营' });
      const [log] = await dbOf(t)
        .select()
        .from(accountLog)
        .where(and(eq(accountLog.userId, row.userId), eq(accountLog.action, 'login')));
      expect(log?.detail).toEqual({ end: 'operator' });
      expectOk(await call(t.app, '/operator/logout', { token: res.token }));
      expectError(await call(t.app, '/operator/info', { token: res.token }), 'SESSION_REVOKED');
    });

    it('refuses enterprise accounts at the operator end and operators at the enterprise end, like a wrong password', async () => {
      const [zh, en] = await inBothLangs((lang) =>
        call(t.app, LOGIN, { body: { loginAccount: 'demo-auto', password: DEMO_PASSWORD }, lang }),
      );
      expectError(zh, 'LOGIN_FAILED', 'zh');
      expectError(en, 'LOGIN_FAILED', 'en');
      const [ezh, een] = await inBothLangs((lang) =>
        call(t.app, '/login/loginByPwd', {
          body: { loginAccount: 'operator', password: DEMO_PASSWORD },
          lang,
        }),
      );
      expectError(ezh, 'LOGIN_FAILED', 'zh');
      expectError(een, 'LOGIN_FAILED', 'en');
      expectError(
        await call(t.app, LOGIN, { body: { loginAccount: 'operator', password: 'Wrong@12345' } }),
        'LOGIN_FAILED',
      );
      // The e-mail code sign-in is the enterprise end's too.
      expectOk(
        await call(t.app, '/login/getLoginMailVerifyCode', { body: { email: 'operator@tracehub.local' } }),
      );
      const code = await latestCodeFor(dbOf(t), 'operator@tracehub.local');
      expectError(
        await call(t.app, '/login/verifyLoginMailCode', { body: { email: 'operator@tracehub.local', code } }),
        'LOGIN_FAILED',
      );
    });

    it('throttles failed operator sign-ins like the enterprise end', async () => {
      await dbOf(t)
        .insert(users)
        .values({
          username: 'operator2',
          email: 'operator2@tracehub.local',
          passwordHash: await hashPassword(DEMO_PASSWORD),
          isOperator: true,
        });
      for (let i = 0; i < THROTTLE.freeTries; i++) {
        expectError(
          await call(t.app, LOGIN, { body: { loginAccount: 'operator2', password: 'Wrong@12345' } }),
          'LOGIN_FAILED',
        );
      }
      // This client now waits before its next try (modules/auth/throttle.ts), even with the right password.
      const [zh, en] = await inBothLangs((lang) =>
        call(t.app, LOGIN, { body: { loginAccount: 'operator2', password: DEMO_PASSWORD }, lang }),
      );
      for (const [res, lang] of [
        [zh, 'zh'],
        [en, 'en'],
      ] as const) {
        const seconds = (res.body.data as { retryAfterSeconds: number }).retryAfterSeconds;
        expect(seconds).toBeGreaterThanOrEqual(1);
        expect(seconds).toBeLessThanOrEqual(THROTTLE.firstDelaySeconds);
        expectError(res, 'LOGIN_LOCKED', lang, { seconds });
      }
    });

    it('keeps each end to its own endpoints (E1008 both ways)', async () => {
      for (const path of ['/operator/enterprise/page', '/operator/idRule/page', '/operator/outbox/page']) {
        const [zh, en] = await inBothLangs((lang) => call(t.app, path, { token: t.auto, body: {}, lang }));
        expectError(zh, 'FORBIDDEN', 'zh');
        expectError(en, 'FORBIDDEN', 'en');
      }
      expectError(await call(t.app, '/operator/info', { token: t.auto }), 'FORBIDDEN');
      for (const path of [
        '/enterprise/info',
        '/profile/selectUserInfo',
        '/menu/selectMenusByUserId',
        '/log/selectLogPage',
      ]) {
        expectError(await call(t.app, path, { token: operator, body: {} }), 'FORBIDDEN');
      }
      const switched = await call(t.app, '/login/selectEnterprise', {
        token: operator,
        body: { isLogined: true, loginAccount: 'operator', enterpriseUuid: AUTO_UUID },
      });
      expectError(switched, 'FORBIDDEN');
      expectError(await call(t.app, '/operator/enterprise/page', { body: {} }), 'NOT_LOGGED_IN');
    });
  });

  describe('enterprises', () => {
    it('lists the enterprises with member counts, filtered and paged', async () => {
      const all = expectOk(await page<TEnterprise>('/operator/enterprise/page'));
      expect(all.total).toBe(4);
      const autoItem = all.list.find((e) => e.enterpriseUuid === AUTO_UUID)!;
      expect(autoItem).toMatchObject({
        name: '星河汽车股份有限公司',
        role: 1,
        status: 'enabled',
        memberCount: 2,
        did: expect.stringMatching(/^did:ethr:0x539:0x/),
      });
      expect(all.list.find((e) => e.enterpriseUuid === SUPPLIER_UUID)?.memberCount).toBe(2);
      expect(
        expectOk(await page<TEnterprise>('/operator/enterprise/page', { name: '星河' })).list,
      ).toHaveLength(1);
      expect(
        expectOk(await page<TEnterprise>('/operator/enterprise/page', { name: 'hengxin' })).list.map(
          (e) => e.enterpriseUuid,
        ),
      ).toEqual([SUPPLIER_UUID]);
      expect(
        expectOk(await page<TEnterprise>('/operator/enterprise/page', { usci: autoItem.usci })).list,
      ).toHaveLength(1);
      const paged = expectOk(
        await page<TEnterprise>('/operator/enterprise/page', {
          pageNo: 2,
          pageSize: 3,
          sortField: 'name',
          sortOrder: 'asc',
        }),
      );
      expect(paged).toMatchObject({ total: 4 });
      expect(paged.list).toHaveLength(1);
    });

    it('disables an enterprise: its members are refused on their next request and at sign-in; enabling restores them', async () => {
      const supplier = await signIn(t.app, 'demo-supplier', SUPPLIER_UUID);
      const multiInAuto = await signIn(t.app, 'demo-multi', AUTO_UUID);
      const disabled = expectOk(
        await call<TEnterprise>(t.app, '/operator/enterprise/updateStatus', {
          token: operator,
          body: { enterpriseUuid: SUPPLIER_UUID, status: 'disabled' },
        }),
      );
      expect(disabled).toMatchObject({ enterpriseUuid: SUPPLIER_UUID, status: 'disabled', memberCount: 2 });

      const [zh, en] = await inBothLangs((lang) =>
        call(t.app, '/profile/selectUserInfo', { token: supplier, lang }),
      );
      expectError(zh, 'COMPANY_DISABLED', 'zh');
      expectError(en, 'COMPANY_DISABLED', 'en');
      expect(en.body).toMatchObject({ code: 'U0003', msg: 'Your company has been disabled.' });

      const step = await loginStep(t.app, 'demo-supplier');
      const refused = await selectEnterprise(t.app, {
        loginAccount: 'demo-supplier',
        enterpriseUuid: SUPPLIER_UUID,
        verifyKey: step.verifyKey,
      });
      expectError(refused, 'COMPANY_DISABLED');
      // Switching to it is refused too; the other enterprise of a shared member still works.
      const switchRes = await call(t.app, '/login/selectEnterprise', {
        token: multiInAuto,
        body: { isLogined: true, loginAccount: 'demo-multi', enterpriseUuid: SUPPLIER_UUID },
        lang: 'en',
      });
      expectError(switchRes, 'COMPANY_DISABLED', 'en');
      expectOk(await call<TUserInfo>(t.app, '/profile/selectUserInfo', { token: multiInAuto }));
      expect(
        expectOk(await page<TEnterprise>('/operator/enterprise/page', { status: 'disabled' })).list.map(
          (e) => e.enterpriseUuid,
        ),
      ).toEqual([SUPPLIER_UUID]);
      const [log] = await dbOf(t)
        .select()
        .from(accountLog)
        .where(and(eq(accountLog.action, 'enterpriseStatus'), eq(accountLog.enterpriseUuid, SUPPLIER_UUID)));
      expect(log?.detail).toEqual({ status: 'disabled' });

      expectOk(
        await call(t.app, '/operator/enterprise/updateStatus', {
          token: operator,
          body: { enterpriseUuid: SUPPLIER_UUID, status: 'enabled' },
        }),
      );
      // The session was never ended, only refused: it works again.
      expect(
        expectOk(await call<TUserInfo>(t.app, '/profile/selectUserInfo', { token: supplier })).enterpriseUuid,
      ).toBe(SUPPLIER_UUID);
      const [row] = await dbOf(t)
        .select()
        .from(sessions)
        .where(eq(sessions.id, (await sessionOf(dbOf(t), supplier)).id));
      expect(row?.revokedAt).toBeNull();
      await signIn(t.app, 'demo-supplier', SUPPLIER_UUID);
      expectError(
        await call(t.app, '/operator/enterprise/updateStatus', {
          token: operator,
          body: { enterpriseUuid: 'no-such-enterprise', status: 'disabled' },
        }),
        'NOT_FOUND',
      );
    });
  });

  describe('ID rules', () => {
    const elements = (lengths: number[]) =>
      lengths.map((length, i) => ({
        element: (['countryCode', 'organizationCode', 'attributeFlag', 'timestamp', 'checkCode'] as const)[
          i % 5
        ]!,
        length,
        kind: 'default' as const,
      }));

    it('lists the default rule (used by the demo enterprises) and an unused one, with the rule as text', async () => {
      const rules = expectOk(
        await page<TIdRule>('/operator/idRule/page', { sortField: 'createdAt', sortOrder: 'asc' }),
      );
      expect(rules.list.map((r) => r.status)).toEqual(['default', 'unused']);
      expect(rules.list[0]!.codeRule).toBe(
        'countryCode(3) + organizationCode(18) + attributeFlag(1) + timestamp(6) + checkCode(4)',
      );
      expect(rules.list[1]!.codeRule).toContain('custom:BP(2)');
      expect(expectOk(await page<TIdRule>('/operator/idRule/page', { status: 'unused' })).list).toHaveLength(
        1,
      );
    });

    it('creates a rule only when its elements add up to 32 characters', async () => {
      const [zh, en] = await inBothLangs((lang) =>
        call(t.app, '/operator/idRule/add', {
          token: operator,
          body: { name: '短规则', codeType: 'batch', elements: elements([3, 18, 1, 8]) },
          lang,
        }),
      );
      expect(zh.body.code).toBe('E1001');
      expect(zh.body.msg).toContain(validationMessage('v.idRule.length', 'zh'));
      expect(en.body.msg).toContain(validationMessage('v.idRule.length', 'en'));
      const created = expectOk(
        await call<TIdRule>(t.app, '/operator/idRule/add', {
          token: operator,
          body: {
            name: '批次标识',
            codeType: 'batch',
            elements: elements([3, 18, 1, 6, 4]),
            notes: '',
          },
        }),
      );
      expect(created).toMatchObject({ name: '批次标识', status: 'unused', notes: null });
    });

    it('moves the default flag; the old default stays in use by its enterprises', async () => {
      const before = expectOk(
        await page<TIdRule>('/operator/idRule/page', { sortField: 'createdAt', sortOrder: 'asc' }),
      );
      const [oldDefault, , newest] = before.list;
      const moved = expectOk(
        await call<TIdRule>(t.app, '/operator/idRule/setDefault', {
          token: operator,
          body: { id: newest!.id },
        }),
      );
      expect(moved.status).toBe('default');
      const after = expectOk(
        await page<TIdRule>('/operator/idRule/page', { sortField: 'createdAt', sortOrder: 'asc' }),
      );
      expect(after.list.map((r) => [r.id, r.status])).toEqual([
        [oldDefault!.id, 'inUse'],
        [before.list[1]!.id, 'unused'],
        [newest!.id, 'default'],
      ]);
      expect(
        expectOk(await page<TIdRule>('/operator/idRule/page', { status: 'inUse' })).list.map((r) => r.id),
      ).toEqual([oldDefault!.id]);
      expectError(
        await call(t.app, '/operator/idRule/setDefault', { token: operator, body: { id: 99_999 } }),
        'NOT_FOUND',
      );
      expectError(
        await call(t.app, '/operator/idRule/setDefault', { token: operator, body: { id: 2 ** 40 } }),
        'NOT_FOUND',
      );
    });
  });

  describe('code rules', () => {
    it('lists rules with a sample code, creates and moves the default', async () => {
      const rules = expectOk(
        await page<TCodeRule>('/operator/codeRule/page', { sortField: 'createdAt', sortOrder: 'asc' }),
      );
      expect(rules.list.map((r) => r.status)).toEqual(['default', 'unused']);
      const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
      expect(rules.list[0]!.sample).toBe(`TH-${today}-000001`);
      expect(rules.list[1]!.sample).toBe(`BATCH-${today.slice(0, 6)}-0001`);

      const [zh, en] = await inBothLangs((lang) =>
        call(t.app, '/operator/codeRule/add', {
          token: operator,
          body: { name: '小写前缀', prefix: 'th', dateFormat: 'none', serialLength: 5 },
          lang,
        }),
      );
      expect(zh.body.msg).toContain(validationMessage('v.codeRule.prefix', 'zh'));
      expect(en.body.msg).toContain(validationMessage('v.codeRule.prefix', 'en'));
      const created = expectOk(
        await call<TCodeRule>(t.app, '/operator/codeRule/add', {
          token: operator,
          body: { name: '无日期编码', prefix: '', dateFormat: 'none', serialLength: 8, notes: '仅序号' },
        }),
      );
      expect(created).toMatchObject({ sample: '00000001', status: 'unused', notes: '仅序号' });
      expectOk(
        await call(t.app, '/operator/codeRule/setDefault', { token: operator, body: { id: created.id } }),
      );
      const after = expectOk(await page<TCodeRule>('/operator/codeRule/page', { status: 'default' }));
      expect(after.list.map((r) => r.id)).toEqual([created.id]);
      expect(
        expectOk(await page<TCodeRule>('/operator/codeRule/page', { status: 'inUse' })).list.map((r) => r.id),
      ).toEqual([rules.list[0]!.id]);
    });
  });

  describe('mail outbox', () => {
    it('shows every stored mail, newest first, filtered by recipient', async () => {
      expectOk(
        await call(t.app, '/login/getLoginMailVerifyCode', { body: { email: 'demo-auto@tracehub.local' } }),
      );
      const mails = expectOk(await page<TOutbox>('/operator/outbox/page', { to: 'demo-auto@' }));
      expect(mails.total).toBeGreaterThan(0);
      expect(mails.list[0]).toMatchObject({ to: 'demo-auto@tracehub.local', status: 'stored', error: null });
      expect(mails.list[0]!.body).toMatch(/\d{6}/);
      const all = expectOk(await page<TOutbox>('/operator/outbox/page', { pageSize: 100 }));
      const times = all.list.map((m) => m.createdAt);
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });
  });
});
