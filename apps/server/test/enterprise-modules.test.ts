import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { validationMessage, type TMenuNode, type ZOperatorEnterprise } from '@tracehub/contract';
import { accountLog } from '../src/db/schema.ts';
import { AS_AUTO, AS_SUPPLIER, AUTO_UUID, SUPPLIER_UUID, call, signIn, useTestApp } from './support/app.ts';
import { memberWith } from './support/accounts.ts';
import { operatorSignIn } from './support/company.ts';
import { dbOf, expectError, expectOk, inBothLangs } from './support/helpers.ts';

type TEnterprise = z.infer<typeof ZOperatorEnterprise>;

const UPDATE = '/operator/enterprise/updateModules';
const LOG_PAGE = '/log/selectLogPage';

/** Every node of a menu tree with the given code, depth first. */
function nodesWith(nodes: readonly TMenuNode[], code: string): TMenuNode[] {
  return nodes.flatMap((n) => [...(n.code === code ? [n] : []), ...nodesWith(n.childs, code)]);
}

function everyNode(nodes: readonly TMenuNode[]): TMenuNode[] {
  return nodes.flatMap((n) => [n, ...everyNode(n.childs)]);
}

describe('modules not configured for an enterprise (spec 6)', () => {
  const t = useTestApp({ auto: AS_AUTO, supplier: AS_SUPPLIER });
  let operator: string;

  const setModules = (
    token: string,
    enterpriseUuid: string,
    unconfiguredCodes: string[],
    lang?: 'zh' | 'en',
  ) => call<TEnterprise>(t.app, UPDATE, { token, lang, body: { enterpriseUuid, unconfiguredCodes } });
  const menusOf = async (token: string) =>
    expectOk(await call<TMenuNode[]>(t.app, '/menu/selectMenusByUserId', { token }));

  beforeAll(async () => {
    operator = await operatorSignIn(t.app);
  });

  it('starts with every module configured', async () => {
    const list = expectOk(
      await call<{ list: TEnterprise[] }>(t.app, '/operator/enterprise/page', { token: operator, body: {} }),
    );
    expect(list.list.map((e) => e.unconfiguredCodes)).toEqual(list.list.map(() => []));
    expect(everyNode(await menusOf(t.auto)).every((n) => n.configured)).toBe(true);
  });

  it("keeps an unconfigured page in the member's menu, refuses its endpoints with B2030 and restores them", async () => {
    const updated = expectOk(await setModules(operator, AUTO_UUID, ['Log']));
    expect(updated).toMatchObject({ enterpriseUuid: AUTO_UUID, unconfiguredCodes: ['Log'] });
    const [log] = await dbOf(t)
      .select()
      .from(accountLog)
      .where(and(eq(accountLog.action, 'enterpriseModules'), eq(accountLog.enterpriseUuid, AUTO_UUID)));
    expect(log?.detail).toEqual({ unconfiguredCodes: ['Log'] });

    // The session already open sees it on its next request: the directory and its pages stay, marked.
    const menu = await menusOf(t.auto);
    const logNodes = nodesWith(menu, 'Log');
    expect(logNodes.map((n) => [n.type, n.path, n.configured])).toEqual([
      [0, '/log', false],
      [1, '/log/list', false],
      [1, '/log/details/:id', false],
    ]);
    expect(
      everyNode(menu)
        // The page's own actions (Log:Export) are unconfigured with it.
        .filter((n) => n.code !== 'Log' && !n.code.startsWith('Log:'))
        .every((n) => n.configured),
    ).toBe(true);

    const [zh, en] = await inBothLangs((lang) => call(t.app, LOG_PAGE, { token: t.auto, lang, body: {} }));
    expectError(zh, 'MODULE_NOT_CONFIGURED', 'zh');
    expect(zh.body.msg).toBe('该模块尚未为贵企业配置，请联系企业管理员');
    expectError(en, 'MODULE_NOT_CONFIGURED', 'en');
    expect(en.body).toMatchObject({ code: 'B2030' });
    expectError(
      await call(t.app, '/log/selectLogDetail', { token: t.auto, body: { id: 1 } }),
      'MODULE_NOT_CONFIGURED',
    );
    // Only that module: the rest of the enterprise and session-level calls work.
    expectOk(await call(t.app, '/member/page', { token: t.auto, body: {} }));
    expectOk(await call(t.app, '/profile/selectUserInfo', { token: t.auto }));

    // Other enterprises are unaffected, also for an account linked to both.
    expect(nodesWith(await menusOf(t.supplier), 'Log').every((n) => n.configured)).toBe(true);
    expectOk(await call(t.app, LOG_PAGE, { token: t.supplier, body: {} }));

    expect(expectOk(await setModules(operator, AUTO_UUID, [])).unconfiguredCodes).toEqual([]);
    expect(everyNode(await menusOf(t.auto)).every((n) => n.configured)).toBe(true);
    expectOk(await call(t.app, LOG_PAGE, { token: t.auto, body: {} }));
  });

  it('checks the permission first: a member without the code is still refused with E1008', async () => {
    const logOnly = await memberWith(t, t.auto, AUTO_UUID, ['Log', 'Workbench']);
    const clerk = await signIn(t.app, 'demo-multi', AUTO_UUID);
    expectOk(await setModules(operator, AUTO_UUID, ['Log']));
    try {
      expectError(await call(t.app, LOG_PAGE, { token: logOnly.token, body: {} }), 'MODULE_NOT_CONFIGURED');
      // demo-multi's clerk role lacks the log: not in its menu, and refused as before.
      expect(nodesWith(await menusOf(clerk), 'Log')).toEqual([]);
      expectError(await call(t.app, LOG_PAGE, { token: clerk, lang: 'en', body: {} }), 'FORBIDDEN', 'en');
    } finally {
      expectOk(await setModules(operator, AUTO_UUID, []));
    }
  });

  it('refuses an action whose page is not configured', async () => {
    expectOk(await setModules(operator, AUTO_UUID, ['Member']));
    try {
      // member/add needs the CreateMember action of the Member page.
      expectError(
        await call(t.app, '/member/add', {
          token: t.auto,
          lang: 'en',
          body: { username: 'not-created', email: 'not-created@example.com', roleIds: [1] },
        }),
        'MODULE_NOT_CONFIGURED',
        'en',
      );
      const member = nodesWith(await menusOf(t.auto), 'Member')[0]!;
      expect(member.configured).toBe(false);
      expect(member.childs.filter((c) => c.type === 2).every((c) => !c.configured)).toBe(true);
    } finally {
      expectOk(await setModules(operator, AUTO_UUID, []));
    }
  });

  it("accepts pages of later capabilities (the spec's modules) and sorts the codes", async () => {
    const later = [
      'SaleReturn',
      'PurchaseReceipt',
      'SaleDelivery',
      // A VIN table of the supplier's kind (a manufacturer's: D and E; vin-tables.test.ts).
      'InternalD11',
      'InternalE1',
      'PurchaseReturn',
    ];
    const updated = expectOk(await setModules(operator, SUPPLIER_UUID, [...later, 'SaleReturn']));
    expect(updated.unconfiguredCodes).toEqual([...later].sort());
    const page = expectOk(
      await call<{ list: TEnterprise[] }>(t.app, '/operator/enterprise/page', {
        token: operator,
        body: { usci: updated.usci },
      }),
    );
    expect(page.list[0]?.unconfiguredCodes).toEqual([...later].sort());
    // The served menu marks exactly those pages (and their actions) not configured.
    const unconfigured = everyNode(await menusOf(t.supplier)).filter((n) => !n.configured);
    expect([...new Set(unconfigured.filter((n) => n.type === 1).map((n) => n.code))].sort()).toEqual(
      [...later].sort(),
    );
    expectOk(await setModules(operator, SUPPLIER_UUID, []));
  });

  it('refuses unknown codes, directories and actions (E1001), and unknown enterprises', async () => {
    for (const codes of [['NoSuchPage'], ['InternalA'], ['CreateMember'], ['Log', 'Nope']]) {
      const [zh, en] = await inBothLangs((lang) => setModules(operator, AUTO_UUID, codes, lang));
      const unknown = codes.filter((c) => c !== 'Log').join(', ');
      expect(zh.status).toBe(400);
      expect(zh.body.code).toBe('E1001');
      expect(zh.body.msg).toContain(
        validationMessage('v.operator.moduleCodes', 'zh', { field: 'unconfiguredCodes', codes: unknown }),
      );
      expect(en.body.msg).toContain(
        validationMessage('v.operator.moduleCodes', 'en', { field: 'unconfiguredCodes', codes: unknown }),
      );
    }
    expectError(await setModules(operator, 'no-such-enterprise', ['Log']), 'NOT_FOUND');
    const current = expectOk(
      await call<{ list: TEnterprise[] }>(t.app, '/operator/enterprise/page', { token: operator, body: {} }),
    );
    expect(current.list.every((e) => e.unconfiguredCodes.length === 0)).toBe(true);
  });

  it('is for operators only', async () => {
    for (const lang of ['zh', 'en'] as const) {
      expectError(await setModules(t.auto, AUTO_UUID, ['Log'], lang), 'FORBIDDEN', lang);
    }
    expectError(
      await call(t.app, UPDATE, { body: { enterpriseUuid: AUTO_UUID, unconfiguredCodes: [] } }),
      'NOT_LOGGED_IN',
    );
  });
});
