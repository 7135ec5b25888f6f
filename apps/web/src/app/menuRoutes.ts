import { useMemo } from 'react';
import { matchPath, type Params } from 'react-router';
import { buildMenuTree, ENTERPRISE_MENU, type TMenuNode } from '@tracehub/contract';
import type { TTab } from '../stores/tabs';
import { useSession } from '../stores/session';

/** A routable page generated from the server's menu tree. */
export interface TPageRoute {
  /** Route name: the node's component key. At most one tab per name. */
  name: string;
  path: string;
  node: TMenuNode;
  /** Nodes from the top level down to this page (the breadcrumb). */
  trail: TMenuNode[];
}

export interface TRouteMatch {
  route: TPageRoute;
  params: Params;
}

const isPage = (node: TMenuNode) => node.type === 1 && node.component !== '' && node.path !== '';

/** Every page of the menu (type 1 with a component), shown in the sidebar or hidden (details, forms). */
export function buildPageRoutes(menus: readonly TMenuNode[]): TPageRoute[] {
  const routes: TPageRoute[] = [];
  const names = new Set<string>();
  const walk = (nodes: readonly TMenuNode[], trail: TMenuNode[]) => {
    for (const node of nodes) {
      const nodeTrail = [...trail, node];
      if (isPage(node) && !names.has(node.component)) {
        names.add(node.component);
        routes.push({ name: node.component, path: node.path, node, trail: nodeTrail });
      }
      walk(node.childs, nodeTrail);
    }
  };
  walk(menus, []);
  return routes;
}

export function matchPageRoute(routes: readonly TPageRoute[], pathname: string): TRouteMatch | null {
  for (const route of routes) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { route, params: match.params };
  }
  return null;
}

let everyPage: TPageRoute[] | null = null;

/**
 * Whether a path is a page of the enterprise console at all (any role, any enterprise): such a path outside
 * the member's menu is closed to it (403), anything else does not exist (404).
 */
export function isConsolePage(pathname: string): boolean {
  everyPage ??= buildPageRoutes(buildMenuTree(ENTERPRISE_MENU, () => true));
  return matchPageRoute(everyPage, pathname) !== null;
}

/** The first page under a directory: where a directory "redirects" (breadcrumb links, back targets). */
export function firstPagePath(node: TMenuNode): string | null {
  if (isPage(node) && !node.path.includes(':')) return node.path;
  for (const child of node.childs) {
    if (child.hidden) continue;
    const path = firstPagePath(child);
    if (path) return path;
  }
  return null;
}

/**
 * The list a hidden page (detail, form) belongs to: the visible page beside it with the same code. In a
 * directory of several lists (members, roles) the directory's first page is not necessarily it.
 */
function ownerPage(route: TPageRoute): TMenuNode | null {
  const parent = route.trail[route.trail.length - 2];
  if (!route.node.hidden || !parent) return null;
  const owner = parent.childs.find(
    (c) => c.type === 1 && !c.hidden && c.code === route.node.code && !c.path.includes(':'),
  );
  return owner ?? null;
}

/**
 * Where a page's back button goes: the list a hidden page belongs to, else the nearest breadcrumb ancestor
 * whose path differs from the page's, or that ancestor's redirect (its first page) when it is a directory
 * (spec 2.5 "Page title").
 */
export function backTarget(route: TPageRoute): string | null {
  const owner = ownerPage(route);
  if (owner && owner.path !== route.path) return owner.path;
  for (let i = route.trail.length - 2; i >= 0; i--) {
    const ancestor = route.trail[i] as TMenuNode;
    const target = firstPagePath(ancestor);
    if (target && target !== route.path) return target;
  }
  return null;
}

export function tabOfRoute(route: TPageRoute, fullPath: string): TTab {
  return {
    name: route.name,
    pattern: route.path,
    fullPath,
    title: route.node.title,
    titleEn: route.node.titleEn,
    affix: route.node.affix,
    noCache: route.node.noCache,
  };
}

/** Affix pages of the menu; only these are restored as fixed tabs (spec 2.5). */
export function affixTabs(routes: readonly TPageRoute[]): TTab[] {
  return routes.filter((r) => r.node.affix && !r.path.includes(':')).map((r) => tabOfRoute(r, r.path));
}

/** Sidebar entry: a directory with children, or a page/link leaf. */
export interface TSidebarItem {
  key: string;
  node: TMenuNode;
  children: TSidebarItem[] | null;
}

const inSidebar = (node: TMenuNode) =>
  (node.type === 0 || node.type === 1 || node.type === 3) && !node.hidden;

export const directoryKey = (node: TMenuNode) => `dir:${node.id}`;

/** A directory whose only visible child has its code stands for that child (spec 2.5); else null. */
export function collapsedInto(node: TMenuNode): TMenuNode | null {
  if (node.type !== 0) return null;
  const visible = node.childs.filter(inSidebar);
  const only = visible.length === 1 ? visible[0] : undefined;
  return only && only.code === node.code ? only : null;
}

/** The breadcrumb of a page: its trail with collapsed directories shown as the page they stand for. */
export function breadcrumbTrail(route: TPageRoute): TMenuNode[] {
  const out: TMenuNode[] = [];
  for (const node of route.trail) {
    const shown = collapsedInto(node) ?? node;
    if (out.at(-1)?.id !== shown.id) out.push(shown);
  }
  return out;
}

/**
 * The sidebar tree (spec 2.5): types 0, 1 and 3 that are not hidden; a directory whose only visible child
 * has the same code is collapsed into that child.
 */
export function buildSidebar(menus: readonly TMenuNode[]): TSidebarItem[] {
  const convert = (node: TMenuNode): TSidebarItem | null => {
    const visible = node.childs.filter(inSidebar);
    if (node.type === 0) {
      const only = collapsedInto(node);
      if (only) {
        const item = convert(only);
        return item && { ...item, node: { ...item.node, icon: item.node.icon || node.icon } };
      }
      const children = visible.map(convert).filter((c): c is TSidebarItem => c !== null);
      return children.length ? { key: directoryKey(node), node, children } : null;
    }
    if (node.type === 1 && (!node.path || node.path.includes(':'))) return null;
    return { key: node.path, node, children: null };
  };
  return menus
    .filter(inSidebar)
    .map(convert)
    .filter((c): c is TSidebarItem => c !== null);
}

/**
 * The sidebar entry to highlight for a page: the page itself, or for a hidden page (details) the list it
 * belongs to (else the first visible page beside it), so the list it came from stays selected.
 */
export function sidebarSelectedKey(route: TPageRoute): string {
  if (!route.node.hidden) return route.path;
  const owner = ownerPage(route);
  if (owner) return owner.path;
  const parent = route.trail[route.trail.length - 2];
  return (parent && firstPagePath(parent)) ?? route.path;
}

export function sidebarOpenKeys(route: TPageRoute): string[] {
  return route.trail.filter((n) => n.type === 0).map(directoryKey);
}

/** The generated routes of the current menu, recomputed only when the menu changes. */
export function usePageRoutes(): TPageRoute[] {
  const menus = useSession((s) => s.menus);
  return useMemo(() => buildPageRoutes(menus), [menus]);
}
