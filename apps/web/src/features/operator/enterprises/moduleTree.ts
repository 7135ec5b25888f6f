import { AVAILABLE_PAGES, type TMenuDef } from '@tracehub/contract';

/** A node of the operator's module configuration tree: a module (menu directory) or a page. */
export interface TModuleNode {
  /** The page code for pages (what the endpoint takes); `module:<code>` for modules. */
  key: string;
  code: string;
  isPage: boolean;
  title: string;
  titleEn: string;
  /** Built and served now; other pages come with later capabilities and can be configured ahead. */
  available: boolean;
  children: TModuleNode[];
}

const MODULE_KEY_PREFIX = 'module:';

/**
 * The modules and pages of the enterprise menu, built or not. Hidden pages (details, forms) share their
 * list's code and actions follow their page, so neither is offered; a module whose only page has its own
 * code (System Log) is shown as that page, as the sidebar does.
 */
export function moduleNodes(tree: readonly TMenuDef[]): TModuleNode[] {
  const convert = (def: TMenuDef): TModuleNode | null => {
    if (def.type === 1) {
      if (def.hidden) return null;
      return {
        key: def.code,
        code: def.code,
        isPage: true,
        title: def.title,
        titleEn: def.titleEn,
        available: AVAILABLE_PAGES.has(def.component ?? ''),
        children: [],
      };
    }
    if (def.type !== 0) return null;
    const children = (def.children ?? []).map(convert).filter((n): n is TModuleNode => n !== null);
    const only = children.length === 1 ? children[0] : undefined;
    if (only?.isPage && only.code === def.code) return only;
    if (children.length === 0) return null;
    return {
      key: `${MODULE_KEY_PREFIX}${def.code}`,
      code: def.code,
      isPage: false,
      title: def.title,
      titleEn: def.titleEn,
      available: children.some((c) => c.available),
      children,
    };
  };
  return tree.map(convert).filter((n): n is TModuleNode => n !== null);
}

/** Every page code of the tree, in menu order. */
export function pageCodesOf(nodes: readonly TModuleNode[]): string[] {
  return nodes.flatMap((n) => (n.isPage ? [n.code] : pageCodesOf(n.children)));
}

/** The ticked pages: every page but the unconfigured ones (the tree ticks modules from them). */
export function configuredKeys(nodes: readonly TModuleNode[], unconfigured: readonly string[]): string[] {
  const off = new Set(unconfigured);
  return pageCodesOf(nodes).filter((code) => !off.has(code));
}

/** What to save from the tree's ticked keys (modules included): the pages left unticked, sorted. */
export function unconfiguredFromChecked(
  nodes: readonly TModuleNode[],
  checked: readonly (string | number | bigint)[],
): string[] {
  const on = new Set(checked.map(String));
  return pageCodesOf(nodes)
    .filter((code) => !on.has(code))
    .sort();
}

/** Modules holding an unconfigured page: opened when the dialog opens, so the gaps show at once. */
export function modulesWithUnconfigured(
  nodes: readonly TModuleNode[],
  unconfigured: readonly string[],
): string[] {
  const off = new Set(unconfigured);
  return nodes.flatMap((n) => {
    if (n.isPage) return [];
    const inner = modulesWithUnconfigured(n.children, unconfigured);
    const here = pageCodesOf(n.children).some((code) => off.has(code));
    return here ? [n.key, ...inner] : inner;
  });
}

export function moduleKeysOf(nodes: readonly TModuleNode[]): string[] {
  return nodes.flatMap((n) => (n.isPage ? [] : [n.key, ...moduleKeysOf(n.children)]));
}
