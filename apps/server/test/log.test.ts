import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, validationMessage, type TListResponse, type TLogItem } from '@tracehub/contract';
import { accountLog, rolePermissions, roles } from '../src/db/schema.ts';
import { AUTO_UUID, SUPPLIER_UUID, call, signIn, useTestApp } from './support/app.ts';
import { dbOf, expectError, expectOk, selectEnterprise } from './support/helpers.ts';

const PAGE = '/log/selectLogPage';
const DETAIL = '/log/selectLogDetail';

describe('account log and tenancy', () => {
  const t = useTestApp();
  /** demo-auto, administrator of the automaker. */
  let admin: string;
  /** Every automaker line, newest first, as the administrator reads it. */
  let all: TLogItem[];

  const page = async (body: Record<string, unknown>, token = admin) =>
    expectOk(await call<TListResponse<TLogItem>>(t.app, PAGE, { token, body }));
  const idsIn = async (enterpriseUuid: string) =>
    (
      await dbOf(t)
        .select({ id: accountLog.id })
        .from(accountLog)
        .where(eq(accountLog.enterpriseUuid, enterpriseUuid))
    ).map((r) => r.id);

  beforeAll(async () => {
    // The supplier's own history: sign-in and sign-out of its administrator.
    const supplier = await signIn(t.app, 'demo-supplier', SUPPLIER_UUID);
    expectOk(await call(t.app, '/login/logout', { token: supplier }));
    // demo-auto signs in several times (the last session is kept).
    for (let i = 0; i < 8; i++) admin = await signIn(t.app, 'demo-auto', AUTO_UUID);
    // demo-multi: automaker, switch to the supplier, switch back, sign out.
    const m1 = await signIn(t.app, 'demo-multi', AUTO_UUID);
    const m2 = expectOk(
      await selectEnterprise(
        t.app,
        { isLogined: true, loginAccount: 'demo-multi', enterpriseUuid: SUPPLIER_UUID },
        m1,
      ),
    );
    const m3 = expectOk(
      await selectEnterprise(
        t.app,
        { isLogined: true, loginAccount: 'demo-multi', enterpriseUuid: AUTO_UUID },
        m2.token,
      ),
    );
    expectOk(await call(t.app, '/login/logout', { token: m3.token }));
    // A failed password of the automaker's administrator.
    await call(t.app, '/login/loginByPwd', { body: { loginAccount: 'demo-auto', password: 'Wrong-pass1' } });
    all = (await page({ pageSize: 1000 })).list;
  });

  it("records sign-ins, switches, sign-outs and failures in the enterprise's log", async () => {
    const of = (username: string, action: string) =>
      all.filter((l) => l.username === username && l.action === action);
    expect(of('demo-auto', 'login')).toHaveLength(8);
    expect(of('demo-multi', 'login')).toHaveLength(1);
    expect(of('demo-multi', 'switchEnterprise')).toHaveLength(1);
    expect(of('demo-multi', 'switchEnterprise')[0]!.detail).toEqual({ from: SUPPLIER_UUID });
    expect(of('demo-multi', 'logout')).toHaveLength(1);
    const failed = of('demo-auto', 'loginFailed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ result: 'failure', detail: { reason: 'password' } });
    for (const line of all) {
      expect(line.enterpriseName).toBe('星河汽车股份有限公司');
      expect(line.ip).toBe('127.0.0.1');
      expect(line.createdAt).toBeGreaterThan(Date.now() - 10 * 60_000);
    }
    // The newest line first: the failed password came last.
    expect(all[0]!.action).toBe('loginFailed');
  });

  it("shows the administrator exactly its enterprise's lines, never the supplier's", async () => {
    const supplierIds = await idsIn(SUPPLIER_UUID);
    // demo-supplier's sign-in and sign-out and demo-multi's switch into the supplier.
    expect(supplierIds.length).toBeGreaterThanOrEqual(3);
    const seen = all.map((l) => l.id);
    expect(seen.filter((id) => supplierIds.includes(id))).toEqual([]);
    expect([...seen].sort((a, b) => a - b)).toEqual((await idsIn(AUTO_UUID)).sort((a, b) => a - b));
    expect(all.map((l) => l.username)).not.toContain('demo-supplier');

    // The supplier's administrator sees its own side, including demo-multi's switch into it.
    const supplierToken = await signIn(t.app, 'demo-supplier', SUPPLIER_UUID);
    const theirs = (await page({ pageSize: 1000 }, supplierToken)).list;
    expect(theirs.every((l) => l.enterpriseName === '恒信动力电池有限公司')).toBe(true);
    expect(theirs.filter((l) => seen.includes(l.id))).toEqual([]);
    expect(theirs.some((l) => l.username === 'demo-multi' && l.action === 'switchEnterprise')).toBe(true);
  });

  it("answers a supplier line's detail with E1003 and its own with the line", async () => {
    const [supplierId] = await idsIn(SUPPLIER_UUID);
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await call(t.app, DETAIL, { token: admin, body: { id: supplierId }, lang }),
        'NOT_FOUND',
        lang,
      );
    }
    const zh = await call(t.app, DETAIL, { token: admin, body: { id: supplierId } });
    expect(zh.body.msg).toBe('请求的资源不存在');
    expectError(await call(t.app, DETAIL, { token: admin, body: { id: 987_654_321 } }), 'NOT_FOUND');
    const own = all.find((l) => l.action === 'switchEnterprise')!;
    expect(expectOk(await call<TLogItem>(t.app, DETAIL, { token: admin, body: { id: own.id } }))).toEqual(
      own,
    );
  });

  it('pages with pageNo and pageSize', async () => {
    const total = all.length;
    expect(total).toBeGreaterThan(LIMITS.defaultPageSize);
    const first = await page({});
    expect(first.total).toBe(total);
    expect(first.list.map((l) => l.id)).toEqual(all.slice(0, LIMITS.defaultPageSize).map((l) => l.id));
    const pages = [];
    for (let pageNo = 1; pageNo <= 3; pageNo++) {
      const p = await page({ pageNo, pageSize: 3 });
      expect(p.total).toBe(total);
      expect(p.list).toHaveLength(3);
      pages.push(...p.list.map((l) => l.id));
    }
    expect(pages).toEqual(all.slice(0, 9).map((l) => l.id));
    const last = await page({ pageNo: Math.ceil(total / 3), pageSize: 3 });
    expect(last.list.map((l) => l.id)).toEqual(all.slice((Math.ceil(total / 3) - 1) * 3).map((l) => l.id));
    expect(await page({ pageNo: 999, pageSize: 10 })).toEqual({ list: [], total });
    // Numbers as strings, as query-string-minded clients send them.
    expect((await page({ pageNo: '2', pageSize: '5' })).list.map((l) => l.id)).toEqual(
      all.slice(5, 10).map((l) => l.id),
    );
  });

  it('sorts by createdAt ascending or descending (newest first by default), and by action', async () => {
    const desc = (await page({ pageSize: 1000, sortField: 'createdAt', sortOrder: 'desc' })).list;
    expect(desc.map((l) => l.id)).toEqual(all.map((l) => l.id));
    for (let i = 1; i < desc.length; i++)
      expect(desc[i - 1]!.createdAt).toBeGreaterThanOrEqual(desc[i]!.createdAt);
    const asc = (await page({ pageSize: 1000, sortField: 'createdAt', sortOrder: 'asc' })).list;
    expect(asc.map((l) => l.id)).toEqual([...desc].reverse().map((l) => l.id));
    for (let i = 1; i < asc.length; i++) expect(asc[i - 1]!.createdAt).toBeLessThanOrEqual(asc[i]!.createdAt);
    // The first page of each order differs.
    expect(
      (await page({ pageSize: 2, sortField: 'createdAt', sortOrder: 'asc' })).list.map((l) => l.id),
    ).toEqual(asc.slice(0, 2).map((l) => l.id));

    const byAction = (await page({ pageSize: 1000, sortField: 'action', sortOrder: 'asc' })).list.map(
      (l) => l.action,
    );
    expect(byAction).toEqual([...byAction].sort());
    const byActionDesc = (await page({ pageSize: 1000, sortField: 'action', sortOrder: 'desc' })).list.map(
      (l) => l.action,
    );
    expect(byActionDesc).toEqual([...byAction].sort().reverse());
    // An unknown sort field falls back to the default order.
    expect(
      (await page({ pageSize: 1000, sortField: 'userAgent', sortOrder: 'asc' })).list.map((l) => l.id),
    ).toEqual(all.map((l) => l.id));
  });

  it('filters by action, result and creation time (bounds inclusive)', async () => {
    const logins = await page({ pageSize: 1000, action: 'login' });
    expect(logins.total).toBe(all.filter((l) => l.action === 'login').length);
    expect(logins.list.every((l) => l.action === 'login')).toBe(true);
    const some = await page({ pageSize: 1000, action: ['switchEnterprise', 'logout'] });
    expect(some.list.map((l) => l.action).sort()).toEqual(['logout', 'switchEnterprise']);

    const failures = await page({ pageSize: 1000, result: 'failure' });
    expect(failures.list.map((l) => l.action)).toEqual(['loginFailed']);
    expect((await page({ pageSize: 1000, result: 'success' })).total).toBe(all.length - 1);
    expect((await page({ action: 'loginFailed', result: 'success' })).total).toBe(0);

    const asc = [...all].reverse();
    const middle = asc[Math.floor(asc.length / 2)]!;
    const from = (await page({ pageSize: 1000, createdFrom: middle.createdAt })).list;
    expect(from.map((l) => l.id)).toContain(middle.id);
    expect(from.every((l) => l.createdAt >= middle.createdAt)).toBe(true);
    expect(from).toHaveLength(all.filter((l) => l.createdAt >= middle.createdAt).length);
    const to = (await page({ pageSize: 1000, createdTo: middle.createdAt })).list;
    expect(to.map((l) => l.id)).toContain(middle.id);
    expect(to.every((l) => l.createdAt <= middle.createdAt)).toBe(true);
    expect(to).toHaveLength(all.filter((l) => l.createdAt <= middle.createdAt).length);
    const exact = (await page({ pageSize: 1000, createdFrom: middle.createdAt, createdTo: middle.createdAt }))
      .list;
    expect(exact.map((l) => l.id)).toContain(middle.id);
    expect(exact.every((l) => l.createdAt === middle.createdAt)).toBe(true);
    // Epoch milliseconds may come as strings.
    expect((await page({ pageSize: 1000, createdTo: String(middle.createdAt) })).total).toBe(to.length);
    expect((await page({ createdFrom: Date.now() + 60_000 })).total).toBe(0);
    expect((await page({ createdTo: all.at(-1)!.createdAt - 1 })).total).toBe(0);
    // Bounds far outside any date are valid integers and simply include or exclude everything.
    expect((await page({ createdTo: Number.MAX_SAFE_INTEGER })).total).toBe(all.length);
    expect((await page({ createdFrom: -Number.MAX_SAFE_INTEGER })).total).toBe(all.length);
    expect((await page({ createdFrom: Number.MAX_SAFE_INTEGER })).total).toBe(0);
    expect((await page({ createdTo: -Number.MAX_SAFE_INTEGER })).total).toBe(0);
  });

  it('drops empty-string filters', async () => {
    const res = await page({
      pageSize: 1000,
      action: '',
      result: '',
      ip: '',
      createdFrom: '',
      createdTo: '',
      sortField: '',
      sortOrder: '',
    });
    expect(res.total).toBe(all.length);
    expect(res.list.map((l) => l.id)).toEqual(all.map((l) => l.id));
    expect((await page({ action: [], result: null })).total).toBe(all.length);
  });

  it('refuses a page size over 1000 and other bad paging or filter values with E1001', async () => {
    expect((await page({ pageSize: 1000 })).list).toHaveLength(all.length);
    for (const lang of ['zh', 'en'] as const) {
      const res = await call(t.app, PAGE, { token: admin, body: { pageSize: 1001 }, lang });
      const message = validationMessage('v.tooBig', lang, { field: 'pageSize', max: 1000 });
      expectError(res, 'VALIDATION', lang, { detail: message });
      expect(res.body.data).toEqual({ fields: [{ field: 'pageSize', message }] });
    }
    const en = await call(t.app, PAGE, { token: admin, body: { pageSize: 5000 }, lang: 'en' });
    expect(en.body.msg).toBe('Invalid request: pageSize must be at most 1000');
    for (const body of [
      { pageNo: 0 },
      { pageSize: 0 },
      { pageSize: 2.5 },
      { action: 'hack' },
      { result: 'maybe' },
    ]) {
      const res = await call(t.app, PAGE, { token: admin, body });
      expect(res.body.code, JSON.stringify(body)).toBe('E1001');
      expect(res.status).toBe(400);
    }
  });

  // These two add lines to the logs, so they run after the cases that compare with `all`.
  it("refuses the log to demo-multi, whose clerk role lacks the 'Log' code (E1008)", async () => {
    const token = await signIn(t.app, 'demo-multi', AUTO_UUID);
    for (const lang of ['zh', 'en'] as const) {
      const res = await call(t.app, PAGE, { token, body: {}, lang });
      expectError(res, 'FORBIDDEN', lang);
      expect(res.status).toBe(403);
      expectError(await call(t.app, DETAIL, { token, body: { id: all[0]!.id }, lang }), 'FORBIDDEN', lang);
    }
    const zh = await call(t.app, PAGE, { token, body: {} });
    expect(zh.body.msg).toBe('没有操作权限');
    const en = await call(t.app, DETAIL, { token, body: { id: all[0]!.id }, lang: 'en' });
    expect(en.body.msg).toBe('You do not have permission for this operation');
  });

  it('shows a member holding the code only its own lines', async () => {
    const [clerk] = await dbOf(t)
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.enterpriseUuid, SUPPLIER_UUID), eq(roles.name, '业务专员')));
    await dbOf(t).insert(rolePermissions).values({ roleId: clerk!.id, code: 'Log' });
    const token = await signIn(t.app, 'demo-multi', SUPPLIER_UUID);
    const mine = (await page({ pageSize: 1000 }, token)).list;
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(new Set(mine.map((l) => l.username))).toEqual(new Set(['demo-multi']));
    const supplierIds = await idsIn(SUPPLIER_UUID);
    const others = supplierIds.filter((id) => !mine.some((l) => l.id === id));
    expect(others.length).toBeGreaterThan(0);
    expectError(await call(t.app, DETAIL, { token, body: { id: others[0] } }), 'NOT_FOUND');
    // The code granted in the supplier does not open the automaker's log.
    const inAuto = expectOk(
      await selectEnterprise(
        t.app,
        { isLogined: true, loginAccount: 'demo-multi', enterpriseUuid: AUTO_UUID },
        token,
      ),
    );
    expectError(await call(t.app, PAGE, { token: inAuto.token, body: {} }), 'FORBIDDEN');
  });
});
