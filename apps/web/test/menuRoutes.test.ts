import { describe, expect, it } from 'vitest';
import { buildMenuTree, type TMenuDef } from '@tracehub/contract';
import {
  affixTabs,
  backTarget,
  breadcrumbTrail,
  buildPageRoutes,
  buildSidebar,
  matchPageRoute,
  sidebarOpenKeys,
  sidebarSelectedKey,
} from '../src/app/menuRoutes';

// A menu shaped like the platform's: a pinned page, a directory of two pages, and a directory whose only
// visible page shares its code (with a hidden detail page beside it).
const MENU: TMenuDef[] = [
  {
    code: 'Workbench',
    type: 1,
    path: '/workbench',
    title: '工作台',
    titleEn: 'Workbench',
    component: 'workbench',
    affix: true,
  },
  {
    code: 'UserCenter',
    type: 0,
    path: '/userCenter',
    title: '用户中心',
    titleEn: 'User Center',
    children: [
      {
        code: 'PerBasic',
        type: 1,
        path: 'perbasic',
        title: '基本信息',
        titleEn: 'Basic',
        component: 'userCenter/perbasic',
      },
      {
        code: 'PerFrom',
        type: 1,
        path: 'perfrom',
        title: '企业信息',
        titleEn: 'Company',
        component: 'userCenter/perfrom',
      },
    ],
  },
  {
    code: 'Log',
    type: 0,
    path: '/log',
    title: '系统日志',
    titleEn: 'System Log',
    children: [
      { code: 'Log', type: 1, path: 'list', title: '系统日志', titleEn: 'System Log', component: 'log/list' },
      {
        code: 'Log',
        type: 1,
        path: 'details/:id',
        title: '日志详情',
        titleEn: 'Log Details',
        component: 'log/details',
        hidden: true,
        back: true,
      },
      { code: 'LogExport', type: 2, path: '', title: '导出', titleEn: 'Export' },
    ],
  },
];
const menus = buildMenuTree(MENU, () => true);
const routes = buildPageRoutes(menus);

describe('routes generated from the menu tree', () => {
  it('has one route per page component, hidden pages included', () => {
    expect(routes.map((r) => r.name)).toEqual([
      'workbench',
      'userCenter/perbasic',
      'userCenter/perfrom',
      'log/list',
      'log/details',
    ]);
  });

  it('matches paths with params', () => {
    const match = matchPageRoute(routes, '/log/details/42');
    expect(match?.route.name).toBe('log/details');
    expect(match?.params.id).toBe('42');
    expect(matchPageRoute(routes, '/nowhere')).toBeNull();
  });

  it('goes back from a detail page to the list that stands for its directory', () => {
    const details = routes.find((r) => r.name === 'log/details');
    expect(details && backTarget(details)).toBe('/log/list');
  });

  it('restores only the affix pages as fixed tabs', () => {
    expect(affixTabs(routes).map((t) => t.name)).toEqual(['workbench']);
    const withoutWorkbench = buildPageRoutes(buildMenuTree(MENU, (code) => code !== 'Workbench'));
    expect(affixTabs(withoutWorkbench)).toEqual([]);
  });
});

describe('sidebar', () => {
  it('keeps visible directories and pages and collapses a directory into its only same-code child', () => {
    const items = buildSidebar(menus);
    expect(items.map((i) => [i.key, i.node.title, i.children?.map((c) => c.node.title) ?? null])).toEqual([
      ['/workbench', '工作台', null],
      [expect.stringMatching(/^dir:/), '用户中心', ['基本信息', '企业信息']],
      ['/log/list', '系统日志', null],
    ]);
  });

  it('drops actions and hidden nodes, and keeps links', () => {
    const tree: TMenuDef[] = [
      {
        code: 'Docs',
        type: 0,
        path: '/docs',
        title: '文档',
        titleEn: 'Docs',
        children: [
          { code: 'Manual', type: 3, path: 'https://example.com/manual', title: '手册', titleEn: 'Manual' },
          { code: 'Edit', type: 2, path: '', title: '编辑', titleEn: 'Edit' },
          {
            code: 'Secret',
            type: 1,
            path: 'secret',
            title: '隐藏',
            titleEn: 'Hidden',
            component: 'x',
            hidden: true,
          },
        ],
      },
    ];
    const [docs] = buildSidebar(buildMenuTree(tree, () => true));
    expect(docs?.children?.map((c) => c.node.title)).toEqual(['手册']);
  });

  it('keeps a page not configured for the enterprise, marked, with its detail route (spec 6)', () => {
    const unconfigured = buildMenuTree(
      MENU,
      () => true,
      () => true,
      new Set(['Log']),
    );
    const items = buildSidebar(unconfigured);
    expect(items.map((i) => [i.key, i.node.configured])).toEqual([
      ['/workbench', true],
      [expect.stringMatching(/^dir:/), true],
      ['/log/list', false],
    ]);
    const details = matchPageRoute(buildPageRoutes(unconfigured), '/log/details/1')?.route;
    expect(details?.node.configured).toBe(false);
  });

  it('highlights the list for a hidden detail page and opens the directories of a page', () => {
    const details = matchPageRoute(routes, '/log/details/1')?.route;
    const perfrom = matchPageRoute(routes, '/userCenter/perfrom')?.route;
    expect(details && sidebarSelectedKey(details)).toBe('/log/list');
    expect(perfrom && sidebarOpenKeys(perfrom)).toHaveLength(1);
  });
});

describe('breadcrumb', () => {
  it('shows a collapsed directory as the page it stands for, without repeating it', () => {
    const list = matchPageRoute(routes, '/log/list')?.route;
    const details = matchPageRoute(routes, '/log/details/3')?.route;
    expect(list && breadcrumbTrail(list).map((n) => n.title)).toEqual(['系统日志']);
    expect(details && breadcrumbTrail(details).map((n) => n.title)).toEqual(['系统日志', '日志详情']);
  });
});
