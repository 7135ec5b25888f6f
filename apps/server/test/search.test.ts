import { beforeAll, describe, expect, it } from 'vitest';
import { api, SEARCHABLE_PAGES, type TSearchHit } from '@tracehub/contract';
import { AS_AUTO, AS_SUPPLIER, AUTO_UUID, call, useTestApp } from './support/app.ts';
import { createMember, createRole, firstSignIn, memberWith } from './support/accounts.ts';
import { usciFrom } from './support/company.ts';
import { expectError, expectOk } from './support/helpers.ts';

/**
 * Find anything (issue 15, item 12): the navbar's search finds documents, partners, materials, products and
 * projects by number, lot, VIN/SN, code or name, only in the caller's enterprise, only on pages the caller's
 * role holds, within its data permission; each hit names the list route and query that show it.
 */
describe('global search', () => {
  const t = useTestApp({ a: AS_AUTO, s: AS_SUPPLIER });
  const KEY = 'FINDME';

  const search = (keyword: string, token = t.a) =>
    call<{ hits: TSearchHit[] }>(t.app, api.search.global.path, { token, body: { keyword } });
  const post = async (path: string, body: unknown, token = t.a) =>
    expectOk(await call(t.app, path, { token, body }));

  beforeAll(async () => {
    await post('/partner/add', {
      partnerType: 'supplier',
      code: `SUP-${KEY}`,
      name: '寻找电池有限公司',
      nameEn: 'Findme Battery Co.',
      usci: usciFrom('91310115MA7712345'),
    });
    await post('/project/add', { code: `PRJ-${KEY}-1`, notes: 'the project to find' });
    await post('/materialData/add', { code: 'MAT-1', name: '电芯', batchNo: `LOT-${KEY}` });
    await post('/stagePurchase/receipt/add', {
      billNo: `RK-${KEY}-001`,
      bizTime: Date.UTC(2026, 0, 15),
      partnerCode: `SUP-${KEY}`,
      itemCode: 'MAT-1',
      batchNo: 'LOT-A',
      quantity: 2,
    });
    // The same keyword in another enterprise: never found by the automaker.
    await post('/project/add', { code: `PRJ-${KEY}-THEIRS` }, t.s);
  });

  it('finds each kind of record with the route and query of the list that shows it', async () => {
    const { hits } = expectOk(await search(KEY.toLowerCase()));
    const brief = hits.map((h) => ({
      kind: h.kind,
      page: h.page,
      route: h.route,
      query: h.query,
      matched: h.matched,
    }));
    expect(brief).toEqual(
      expect.arrayContaining([
        {
          kind: 'document',
          page: 'PurchaseReceipt',
          route: 'stagePurchase/receipt',
          query: { billNo: `RK-${KEY}-001` },
          matched: 'billNo',
        },
        {
          kind: 'partner',
          page: 'Partner',
          route: 'basicData/partner',
          query: { code: `SUP-${KEY}` },
          matched: 'code',
        },
        {
          kind: 'material',
          page: 'MaterialData',
          route: 'basicData/materialData',
          query: { code: 'MAT-1', batchNo: `LOT-${KEY}` },
          matched: 'batchNo',
        },
        {
          kind: 'project',
          page: 'DataManagement',
          route: 'dataManagement/vinsnList',
          query: { projectCodeId: expect.any(String), project: `PRJ-${KEY}-1` },
          matched: 'code',
        },
      ]),
    );
    expect(hits.map((h) => h.title)).not.toContain(`PRJ-${KEY}-THEIRS`);
    // Found by a name too, in either language.
    const byName = expectOk(await search('findme battery')).hits;
    expect(byName.map((h) => [h.kind, h.matched])).toContainEqual(['partner', 'name']);
  });

  it("shows another enterprise's records to no one but it", async () => {
    const theirs = expectOk(await search(`${KEY}-THEIRS`, t.s)).hits;
    expect(theirs.map((h) => h.title)).toEqual([`PRJ-${KEY}-THEIRS`]);
    expect(expectOk(await search(`${KEY}-THEIRS`)).hits).toEqual([]);
  });

  it("searches only the pages the member's role holds, within its data permission", async () => {
    const partnersOnly = await memberWith(t, t.a, AUTO_UUID, ['Partner']);
    const hits = expectOk(await search(KEY, partnersOnly.token)).hits;
    expect(new Set(hits.map((h) => h.kind))).toEqual(new Set(['partner']));

    const none = await memberWith(t, t.a, AUTO_UUID, ['Workbench']);
    expectError(await search(KEY, none.token), 'FORBIDDEN');

    // Own rows only: the member with the 'account' scope finds what it created, not the administrator's.
    const role = await createRole(t.app, t.a, ['Project', 'Project:Create'], { dataScope: 'account' });
    const member = await createMember(t.app, t.a, [role.id]);
    const own = await firstSignIn(t.app, member, AUTO_UUID);
    expectOk(await call(t.app, '/project/add', { token: own, body: { code: `PRJ-${KEY}-MINE` } }));
    const mine = expectOk(await search(KEY, own)).hits;
    expect(mine.map((h) => h.title)).toEqual([`PRJ-${KEY}-MINE`]);
  });

  it('refuses a keyword of one character', async () => {
    const res = await search('F');
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'E1001' });
  });

  it('declares every page it reads', () => {
    expect(api.search.global.permission).toEqual(SEARCHABLE_PAGES);
    expect(SEARCHABLE_PAGES).toEqual(expect.arrayContaining(['Partner', 'Project', 'PurchaseReceipt']));
  });
});
