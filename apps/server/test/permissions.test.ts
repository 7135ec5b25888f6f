import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, permissionCodes, type TEndpoint, type TMenuNode, type TUserInfo } from '@tracehub/contract';
import { AUTO_UUID, call, signIn, startTestApp, type TestApp } from './support/app.ts';
import { memberWith } from './support/accounts.ts';
import { expectError, expectOk } from './support/helpers.ts';

/** Every endpoint of the contract, found by walking the nested `api` object. */
function allEndpoints(node: unknown, path: string[] = []): { name: string; ep: TEndpoint }[] {
  if (!node || typeof node !== 'object') return [];
  const o = node as Record<string, unknown>;
  if (typeof o.path === 'string' && typeof o.method === 'string' && typeof o.auth === 'string') {
    return [{ name: path.join('.'), ep: o as unknown as TEndpoint }];
  }
  return Object.entries(o).flatMap(([k, v]) => allEndpoints(v, [...path, k]));
}

const WORKBENCH_ONLY = ['Workbench'];
const guarded = allEndpoints(api).filter(
  ({ ep }) => ep.auth === 'enterprise' && permissionCodes(ep).some((code) => !WORKBENCH_ONLY.includes(code)),
);

/** Pages of a menu tree, depth first. */
function pageCodes(nodes: TMenuNode[]): string[] {
  return nodes.flatMap((n) => [...(n.type === 1 ? [n.code] : []), ...pageCodes(n.childs)]);
}

describe('permission codes are checked by the server on every endpoint', () => {
  let t: TestApp;
  let admin: string;
  /** A member of the automaker whose only role grants the workbench. */
  let workbenchOnly: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signIn(t.app, 'demo-auto', AUTO_UUID);
    workbenchOnly = (await memberWith(t, admin, AUTO_UUID, WORKBENCH_ONLY)).token;
  });
  afterAll(() => t.close());

  it('covers the endpoints of every enterprise domain', () => {
    const names = guarded.map((g) => g.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'member.add',
        'role.configAuth',
        'examine.examine',
        'profile.changeMail',
        'log.selectLogPage',
      ]),
    );
  });

  it.each(guarded.map((g) => [g.name, g.ep] as const))(
    '%s answers 403 (E1008) without its code, in both languages',
    async (_name, ep) => {
      for (const lang of ['zh', 'en'] as const) {
        const res = await call(t.app, ep.path, {
          method: ep.method,
          token: workbenchOnly,
          lang,
          ...(ep.method === 'POST' ? { body: {} } : {}),
        });
        expectError(res, 'FORBIDDEN', lang);
      }
    },
  );

  it('gives the administrator the whole served tree, the one roles are configured from', async () => {
    const menu = expectOk(await call<TMenuNode[]>(t.app, '/menu/selectMenusByUserId', { token: admin }));
    const tree = expectOk(await call<TMenuNode[]>(t.app, '/role/menuTree', { token: admin }));
    expect(menu).toEqual(tree);
  });

  it("keeps the log from demo-multi's clerk role: not in its menu, 403 from the API", async () => {
    const clerk = await signIn(t.app, 'demo-multi', AUTO_UUID);
    const menu = expectOk(await call<TMenuNode[]>(t.app, '/menu/selectMenusByUserId', { token: clerk }));
    expect(menu.map((n) => n.code)).not.toContain('Log');
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await call(t.app, '/log/selectLogPage', { token: clerk, lang, body: {} }),
        'FORBIDDEN',
        lang,
      );
    }
  });

  it('gives a member exactly the pages of its role, and 403 for actions it lacks', async () => {
    const { token } = await memberWith(t, admin, AUTO_UUID, ['PerBasic', 'Workbench']);
    const menu = expectOk(await call<TMenuNode[]>(t.app, '/menu/selectMenusByUserId', { token }));
    expect(pageCodes(menu)).toEqual(['Workbench', 'PerBasic']);
    expect(menu.map((n) => n.code)).toEqual(['Workbench', 'UserCenter']);
    // The page grants no operations: no buttons in the tree, and the API refuses them.
    expect(menu[1]!.childs[0]!.childs).toEqual([]);
    const info = expectOk(await call<TUserInfo>(t.app, '/profile/selectUserInfo', { token }));
    expect(info.permissions).toEqual(['PerBasic', 'UserCenter', 'Workbench']);
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await call(t.app, '/member/add', {
          token,
          lang,
          body: { username: 'nobody', email: 'nobody@example.com', roleIds: [1] },
        }),
        'FORBIDDEN',
        lang,
      );
      expectError(
        await call(t.app, '/profile/updateUsername', { token, lang, body: { username: 'renamed' } }),
        'FORBIDDEN',
        lang,
      );
    }
    expectOk(await call(t.app, '/profile/updateNames', { token, body: { chineseName: '只读' } }));
  });

  it('checks the caller before the body: an invalid body without the code is still 403', async () => {
    const res = await call(t.app, '/role/configAuth', { token: workbenchOnly, body: { id: 'x' } });
    expectError(res, 'FORBIDDEN');
    const anonymous = await call(t.app, '/role/configAuth', { body: { id: 'x' } });
    expectError(anonymous, 'NOT_LOGGED_IN');
  });
});
