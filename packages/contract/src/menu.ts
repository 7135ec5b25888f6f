import { z } from 'zod';
import { AVAILABLE_PAGES, ENTERPRISE_MENU_TREE } from './menu-tree.ts';

/**
 * Menu node types: 0 directory, 1 page (menu), 2 action (button), 3 link. The sidebar shows 0, 1 and 3
 * (spec 2.5); actions only grant permission codes.
 */
export type TMenuType = 0 | 1 | 2 | 3;

/** A node of the platform's default menu tree, declared once here; the server filters it per member. */
export interface TMenuDef {
  code: string;
  type: TMenuType;
  /** Absolute for top-level nodes, relative below them (joined with '/'). Empty for actions. */
  path: string;
  title: string;
  titleEn: string;
  icon?: string;
  /** Page registry key on the web; the server never names code to load, only this key. */
  component?: string;
  /** A routable page that is not listed in the sidebar (details, forms). */
  hidden?: boolean;
  /** Pinned tab that cannot be closed. */
  affix?: boolean;
  /** Shows a back button in the page title. */
  back?: boolean;
  /** The page is not kept alive when its tab is inactive. */
  noCache?: boolean;
  children?: TMenuDef[];
}

/** The menu node as the API returns it (spec section 3: id, parentId, path, title, titleEn, icon, code, type). */
export interface TMenuNode {
  id: number;
  parentId: number;
  path: string;
  title: string;
  titleEn: string;
  icon: string;
  code: string;
  type: TMenuType;
  component: string;
  hidden: boolean;
  affix: boolean;
  back: boolean;
  noCache: boolean;
  /**
   * False when the platform has not configured the node's module for the enterprise (spec 6): the page
   * (an action: its page) shows "contact the enterprise administrator" and its endpoints answer B2030.
   * A directory is configured while any node below it is.
   */
  configured: boolean;
  data: { code: string; type: TMenuType };
  childs: TMenuNode[];
}

export const ZMenuNode: z.ZodType<TMenuNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int(),
    path: z.string(),
    title: z.string(),
    titleEn: z.string(),
    icon: z.string(),
    code: z.string(),
    type: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
    component: z.string(),
    hidden: z.boolean(),
    affix: z.boolean(),
    back: z.boolean(),
    noCache: z.boolean(),
    configured: z.boolean(),
    data: z.object({
      code: z.string(),
      type: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
    }),
    childs: z.array(ZMenuNode),
  }),
);

/**
 * The enterprise menu as served: the full default tree (menu-tree.ts) with only the pages that are built.
 * Each capability adds its pages to AVAILABLE_PAGES; role configuration offers the same set.
 */
export const ENTERPRISE_MENU: TMenuDef[] = ENTERPRISE_MENU_TREE;

/** Every permission code of a tree (pages and actions). */
export function menuCodes(tree: readonly TMenuDef[]): string[] {
  const out = new Set<string>();
  const walk = (nodes: readonly TMenuDef[]) => {
    for (const n of nodes) {
      out.add(n.code);
      if (n.children) walk(n.children);
    }
  };
  walk(tree);
  return [...out];
}

/** Whether a page's component is built (served and offered in role configuration). */
export const isAvailablePage = (component: string): boolean => AVAILABLE_PAGES.has(component);

const NO_CODES: ReadonlySet<string> = new Set();

/**
 * Numbers the tree depth-first (ids from 1, parentId 0 at the top), joins relative paths and keeps only
 * pages that are built and granted (with their granted actions). A directory shows with any child.
 * `unconfigured` holds the page codes the platform has not configured for the enterprise: those pages and
 * their actions stay in the tree (the user is told to contact the administrator) with `configured` false.
 */
export function buildMenuTree(
  tree: readonly TMenuDef[],
  granted: (code: string) => boolean,
  available: (component: string) => boolean = isAvailablePage,
  unconfigured: ReadonlySet<string> = NO_CODES,
): TMenuNode[] {
  let next = 1;
  const build = (
    nodes: readonly TMenuDef[],
    parentId: number,
    base: string,
    page: string | null,
  ): TMenuNode[] => {
    const out: TMenuNode[] = [];
    for (const def of nodes) {
      const id = next++;
      const path = def.path.startsWith('/') || !def.path ? def.path : `${base}/${def.path}`;
      const childs = def.children ? build(def.children, id, path, def.type === 1 ? def.code : page) : [];
      // A directory shows when any child does; pages and actions need their own code.
      if (def.type === 0) {
        if (childs.length === 0) continue;
      } else if (!granted(def.code)) continue;
      if (def.type === 1 && !available(def.component ?? '')) continue;
      const configured =
        def.type === 0
          ? childs.some((c) => c.configured)
          : !unconfigured.has(def.type === 2 ? (page ?? def.code) : def.code);
      out.push({
        id,
        parentId,
        path,
        title: def.title,
        titleEn: def.titleEn,
        icon: def.icon ?? '',
        code: def.code,
        type: def.type,
        component: def.component ?? '',
        hidden: def.hidden ?? false,
        affix: def.affix ?? false,
        back: def.back ?? false,
        noCache: def.noCache ?? false,
        configured,
        data: { code: def.code, type: def.type },
        childs,
      });
    }
    return out;
  };
  return build(tree, 0, '', null);
}

/**
 * The page each code of a tree belongs to: a page code to itself, an action code to its page's. Directory
 * codes are left out (a module is configured page by page), unless a page shares the code.
 */
export function pageOfCodes(tree: readonly TMenuDef[]): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  const walk = (nodes: readonly TMenuDef[], page: string | null) => {
    for (const n of nodes) {
      if (n.type === 1 && !out.has(n.code)) out.set(n.code, n.code);
      if (n.type === 2 && page && !out.has(n.code)) out.set(n.code, page);
      if (n.children) walk(n.children, n.type === 1 ? n.code : page);
    }
  };
  walk(tree, null);
  return out;
}

/** The page codes of the enterprise menu, built or not: what the platform configures per enterprise. */
export const ENTERPRISE_PAGE_CODES: ReadonlySet<string> = new Set(
  [...pageOfCodes(ENTERPRISE_MENU_TREE)].filter(([code, page]) => code === page).map(([code]) => code),
);

/**
 * The menu entry of a page code (or of an action code, `<page>:<Action>`) in both languages: what the
 * sidebar calls the page, and so what its files are called. Null for a code of no page.
 */
export function pageTitle(code: string): { zh: string; en: string } | null {
  const page = code.split(':')[0]!;
  const find = (nodes: readonly TMenuDef[]): TMenuDef | null => {
    for (const n of nodes) {
      if (n.type === 1 && n.code === page) return n;
      const below = n.children ? find(n.children) : null;
      if (below) return below;
    }
    return null;
  };
  const node = find(ENTERPRISE_MENU_TREE);
  return node ? { zh: node.title, en: node.titleEn } : null;
}
