import { describe, expect, it } from 'vitest';
import { AVAILABLE_PAGES, buildMenuTree, ENTERPRISE_MENU_TREE } from '@tracehub/contract';
import { pageEntry } from '../src/app/pages';
import { backTarget, buildPageRoutes, matchPageRoute, sidebarSelectedKey } from '../src/app/menuRoutes';

describe('page registry', () => {
  it('has a page for every component key the server serves', () => {
    const missing = [...AVAILABLE_PAGES].filter((key) => !pageEntry(key));
    expect(missing).toEqual([]);
  });

  it('refuses keys it does not know, including inherited object keys', () => {
    expect(pageEntry('account/unknown')).toBeUndefined();
    expect(pageEntry('constructor')).toBeUndefined();
  });
});

describe('hidden pages of a directory with several lists', () => {
  const routes = buildPageRoutes(buildMenuTree(ENTERPRISE_MENU_TREE, () => true));
  const route = (path: string) => {
    const match = matchPageRoute(routes, path);
    if (!match) throw new Error(`no route for ${path}`);
    return match.route;
  };

  it('keep their own list selected in the sidebar and go back to it', () => {
    expect(sidebarSelectedKey(route('/account/role/roleDetail/3'))).toBe('/account/role');
    expect(sidebarSelectedKey(route('/account/role/configAuth/3'))).toBe('/account/role');
    expect(sidebarSelectedKey(route('/account/member/editMember/3'))).toBe('/account/member');
    expect(backTarget(route('/account/role/configAuth/3'))).toBe('/account/role');
    expect(backTarget(route('/account/member/addMember'))).toBe('/account/member');
    expect(sidebarSelectedKey(route('/log/details/9'))).toBe('/log/list');
  });
});
