import { describe, expect, it } from 'vitest';
import { buildMenuTree, type TMenuDef } from '@tracehub/contract';
import {
  allCodes,
  grantedNodes,
  permissionNodes,
  toggleNode,
  treeCheckState,
  type TPermissionNode,
} from '../src/features/role/permissionTree';

const MENU: TMenuDef[] = [
  {
    code: 'Workbench',
    type: 1,
    path: '/workbench',
    title: '工作台',
    titleEn: 'Workbench',
    component: 'workbench',
  },
  {
    code: 'Account',
    type: 0,
    path: '/account',
    title: '账号管理',
    titleEn: 'Accounts',
    children: [
      {
        code: 'Member',
        type: 1,
        path: 'member',
        title: '成员管理',
        titleEn: 'Members',
        component: 'account/member',
        children: [
          { code: 'CreateMember', type: 2, path: '', title: '新增成员', titleEn: 'Create member' },
          { code: 'EditMember', type: 2, path: '', title: '编辑成员', titleEn: 'Edit member' },
        ],
      },
      {
        code: 'Member',
        type: 1,
        path: 'member/memberDetail/:id',
        title: '成员详情',
        titleEn: 'Member details',
        component: 'account/member/memberDetail',
        hidden: true,
      },
      { code: 'Role', type: 1, path: 'role', title: '角色管理', titleEn: 'Roles', component: 'account/role' },
    ],
  },
  {
    code: 'Log',
    type: 0,
    path: '/log',
    title: '系统日志',
    titleEn: 'System log',
    children: [
      { code: 'Log', type: 1, path: 'list', title: '系统日志', titleEn: 'System log', component: 'log/list' },
    ],
  },
];

const nodes = permissionNodes(
  buildMenuTree(
    MENU,
    () => true,
    () => true,
  ),
);
const keyOf = (code: string, type = 1): string => {
  let found = '';
  const walk = (list: readonly TPermissionNode[]) =>
    list.forEach((n) => {
      if (n.code === code && n.type === type && !found) found = n.key;
      walk(n.children);
    });
  walk(nodes);
  return found;
};
const sorted = (codes: string[]) => [...codes].sort();

describe('function permission tree', () => {
  it('offers modules, pages and operations, without the hidden detail pages', () => {
    expect(sorted(allCodes(nodes))).toEqual(
      sorted(['Workbench', 'Account', 'Member', 'CreateMember', 'EditMember', 'Role', 'Log']),
    );
    expect(JSON.stringify(nodes)).not.toContain('成员详情');
  });

  it('ticking an operation grants its page and module; ticking a page grants its operations', () => {
    expect(sorted(toggleNode(nodes, [], keyOf('EditMember', 2), true))).toEqual(
      sorted(['Account', 'Member', 'EditMember']),
    );
    expect(sorted(toggleNode(nodes, [], keyOf('Member'), true))).toEqual(
      sorted(['Account', 'Member', 'CreateMember', 'EditMember']),
    );
  });

  it('unticking withdraws what is below, and a module with nothing left', () => {
    const granted = ['Account', 'Member', 'CreateMember', 'EditMember'];
    expect(sorted(toggleNode(nodes, granted, keyOf('CreateMember', 2), false))).toEqual(
      sorted(['Account', 'Member', 'EditMember']),
    );
    expect(toggleNode(nodes, granted, keyOf('Member'), false)).toEqual([]);
    // A module sharing its page's code follows the page.
    expect(toggleNode(nodes, ['Log'], keyOf('Log'), false)).toEqual([]);
    expect(sorted(toggleNode(nodes, [], keyOf('Log', 0), true))).toEqual(['Log']);
  });

  it('shows modules half-ticked while only part of them is granted', () => {
    const state = treeCheckState(nodes, ['Account', 'Member']);
    expect(state.checked).toEqual([keyOf('Member')]);
    expect(state.halfChecked).toEqual([keyOf('Account', 0)]);
    expect(treeCheckState(nodes, allCodes(nodes)).halfChecked).toEqual([]);
  });

  it('keeps only the granted part for the read-only view', () => {
    const view = grantedNodes(nodes, ['Workbench', 'Account', 'Role']);
    expect(view.map((n) => n.code)).toEqual(['Workbench', 'Account']);
    expect(view[1]?.children.map((n) => n.code)).toEqual(['Role']);
  });
});
