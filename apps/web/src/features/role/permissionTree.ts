import type { TMenuNode, TMenuType } from '@tracehub/contract';

/** A node of the function-permission tree: a module (directory), a page or an operation. */
export interface TPermissionNode {
  key: string;
  code: string;
  type: TMenuType;
  title: string;
  titleEn: string;
  children: TPermissionNode[];
}

/**
 * The configurable tree from the menu (api.role.menuTree). Hidden pages (details, forms) share the code
 * of the list they belong to, so they are not offered separately.
 */
export function permissionNodes(menus: readonly TMenuNode[]): TPermissionNode[] {
  return menus
    .filter((node) => !node.hidden)
    .map((node) => ({
      key: String(node.id),
      code: node.code,
      type: node.type,
      title: node.title,
      titleEn: node.titleEn,
      children: permissionNodes(node.childs),
    }));
}

function walk(
  nodes: readonly TPermissionNode[],
  visit: (node: TPermissionNode, trail: TPermissionNode[]) => void,
) {
  const go = (list: readonly TPermissionNode[], trail: TPermissionNode[]) => {
    for (const node of list) {
      visit(node, trail);
      go(node.children, [...trail, node]);
    }
  };
  go(nodes, []);
}

function descendants(node: TPermissionNode): TPermissionNode[] {
  const out: TPermissionNode[] = [];
  walk(node.children, (n) => out.push(n));
  return out;
}

export function allCodes(nodes: readonly TPermissionNode[]): string[] {
  const out = new Set<string>();
  walk(nodes, (n) => out.add(n.code));
  return [...out];
}

/** Modules hold their code exactly when a page or operation below them is granted. */
function withModules(nodes: readonly TPermissionNode[], granted: Set<string>): Set<string> {
  const out = new Set(granted);
  // A module may share its code with its page; that code belongs to the page then.
  const pageCodes = new Set<string>();
  walk(nodes, (n) => {
    if (n.type !== 0) pageCodes.add(n.code);
  });
  const visit = (node: TPermissionNode): boolean => {
    const below = node.children.map(visit).some(Boolean);
    if (node.type !== 0) return below || out.has(node.code);
    if (below) out.add(node.code);
    else if (!pageCodes.has(node.code)) out.delete(node.code);
    return below;
  };
  nodes.forEach(visit);
  return out;
}

/**
 * Ticks or unticks one node: a ticked node grants itself, everything below it and the page and modules
 * above it (an operation is useless without its page); an unticked one withdraws itself and everything
 * below. Modules follow what is granted below them.
 */
export function toggleNode(
  nodes: readonly TPermissionNode[],
  granted: readonly string[],
  key: string,
  checked: boolean,
): string[] {
  const out = new Set(granted);
  walk(nodes, (node, trail) => {
    if (node.key !== key) return;
    const affected = [node, ...descendants(node)];
    if (checked) {
      for (const n of [...affected, ...trail]) out.add(n.code);
    } else {
      for (const n of affected) out.delete(n.code);
    }
  });
  return [...withModules(nodes, out)];
}

/**
 * What the tree shows: pages and operations ticked by their own code; a module ticked when everything
 * below it is granted and half-ticked when only some is.
 */
export function treeCheckState(
  nodes: readonly TPermissionNode[],
  granted: readonly string[],
): { checked: string[]; halfChecked: string[] } {
  const codes = new Set(granted);
  const checked: string[] = [];
  const halfChecked: string[] = [];
  walk(nodes, (node) => {
    if (node.type !== 0) {
      if (codes.has(node.code)) checked.push(node.key);
      return;
    }
    const below = descendants(node).filter((n) => n.type !== 0);
    const count = below.filter((n) => codes.has(n.code)).length;
    if (count > 0 && count === below.length) checked.push(node.key);
    else if (count > 0) halfChecked.push(node.key);
  });
  return { checked, halfChecked };
}

/** The granted part of the tree, for showing a role's permissions without checkboxes. */
export function grantedNodes(
  nodes: readonly TPermissionNode[],
  granted: readonly string[],
): TPermissionNode[] {
  const codes = new Set(granted);
  return nodes
    .map((node) => ({ ...node, children: grantedNodes(node.children, granted) }))
    .filter((node) => (node.type === 0 ? node.children.length > 0 : codes.has(node.code)));
}
