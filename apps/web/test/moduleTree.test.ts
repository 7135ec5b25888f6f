import { describe, expect, it } from 'vitest';
import { ENTERPRISE_MENU_TREE, ENTERPRISE_PAGE_CODES } from '@tracehub/contract';
import {
  configuredKeys,
  moduleNodes,
  modulesWithUnconfigured,
  pageCodesOf,
  unconfiguredFromChecked,
} from '../src/features/operator/enterprises/moduleTree';

const nodes = moduleNodes(ENTERPRISE_MENU_TREE);

describe('module configuration tree (operator end)', () => {
  it('offers every page code of the menu exactly once, built or not', () => {
    const codes = pageCodesOf(nodes);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual([...ENTERPRISE_PAGE_CODES].sort());
  });

  it('shows a module whose only page has its code as that page, and groups the rest', () => {
    const log = nodes.find((n) => n.code === 'Log');
    expect(log).toMatchObject({ key: 'Log', isPage: true, available: true, children: [] });
    const internalA = nodes.find((n) => n.code === 'InternalA');
    expect(internalA).toMatchObject({ key: 'module:InternalA', isPage: false, available: true });
    expect(internalA?.children.map((c) => c.code)).toContain('InternalA11');
    // A module none of whose pages is built yet (authorization), and ones that are (visualisation, risk rules).
    expect(nodes.find((n) => n.code === 'Authorization')).toMatchObject({
      key: 'module:Authorization',
      available: false,
    });
    expect(nodes.find((n) => n.code === 'Visual')).toMatchObject({ key: 'module:Visual', available: true });
    expect(nodes.find((n) => n.code === 'Task')).toMatchObject({ key: 'module:Task', available: true });
    expect(nodes.find((n) => n.code === 'Rule')).toMatchObject({ key: 'module:Rule', available: true });
    expect(nodes.find((n) => n.code === 'Account')?.available).toBe(true);
  });

  it('turns ticks into the unconfigured pages and back', () => {
    const all = pageCodesOf(nodes);
    expect(configuredKeys(nodes, [])).toEqual(all);
    const checked = configuredKeys(nodes, ['Log', 'PurchaseReturn']);
    expect(checked).not.toContain('Log');
    // Module keys the tree adds to its ticked keys are ignored.
    expect(unconfiguredFromChecked(nodes, [...checked, 'module:StagePurchase'])).toEqual([
      'Log',
      'PurchaseReturn',
    ]);
    expect(unconfiguredFromChecked(nodes, all)).toEqual([]);
    expect(modulesWithUnconfigured(nodes, ['PurchaseReturn', 'Log'])).toEqual(['module:StagePurchase']);
  });
});
