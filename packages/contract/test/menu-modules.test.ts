import { describe, expect, it } from 'vitest';
import {
  ENTERPRISE_MENU,
  ENTERPRISE_PAGE_CODES,
  buildMenuTree,
  pageOfCodes,
  type TMenuNode,
} from '../src/index.ts';

const all = (nodes: readonly TMenuNode[]): TMenuNode[] => nodes.flatMap((n) => [n, ...all(n.childs)]);

describe('modules not configured for an enterprise', () => {
  it('marks the page, its hidden pages and its actions, and a directory with nothing configured below', () => {
    const tree = buildMenuTree(ENTERPRISE_MENU, () => true, undefined, new Set(['Log', 'Member']));
    const marked = all(tree)
      .filter((n) => !n.configured)
      .map((n) => `${n.type}:${n.code}:${n.path}`);
    expect(marked).toEqual(
      expect.arrayContaining([
        '0:Log:/log',
        '1:Log:/log/list',
        '1:Log:/log/details/:id',
        '1:Member:/account/member',
        '2:CreateMember:',
        '2:ResetPassword:',
      ]),
    );
    // The account directory still has roles and member audit configured.
    expect(tree.find((n) => n.path === '/account')?.configured).toBe(true);
    expect(all(tree).find((n) => n.code === 'Role')?.configured).toBe(true);
    expect(all(buildMenuTree(ENTERPRISE_MENU, () => true)).every((n) => n.configured)).toBe(true);
  });

  it('maps actions to their page and offers every page, built or not, but no directory or action', () => {
    const pageOf = pageOfCodes(ENTERPRISE_MENU);
    expect(pageOf.get('CreateMember')).toBe('Member');
    expect(pageOf.get('Partner:Invite')).toBe('Partner');
    expect(pageOf.get('Log')).toBe('Log');
    expect(pageOf.has('InternalA')).toBe(false);
    for (const code of [
      'PurchaseReceipt',
      'SaleDelivery',
      'PurchaseReturn',
      'SaleReturn',
      'InternalA11',
      'InternalE1',
    ])
      expect(ENTERPRISE_PAGE_CODES.has(code)).toBe(true);
    for (const code of ['InternalA', 'StagePurchase', 'CreateMember'])
      expect(ENTERPRISE_PAGE_CODES.has(code)).toBe(false);
  });
});
