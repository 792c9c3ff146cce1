import type { MenuEntry } from '@isf/contract';

export type MenuNode = { id: number; title: string; path: string | null; children: MenuNode[] };

/**
 * Builds the navigation tree from the role's flat menu list (spec 1 §2 Application shell), keeping the
 * server's order. An entry whose parent the role cannot see is shown at the top level; a folder left
 * without any entry is dropped.
 */
export function buildMenuTree(menus: readonly MenuEntry[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const menu of menus) {
    nodes.set(menu.id, { id: menu.id, title: menu.title, path: menu.path, children: [] });
  }
  const roots: MenuNode[] = [];
  for (const menu of menus) {
    const node = nodes.get(menu.id);
    if (!node) {
      continue;
    }
    const parent = menu.parent === null ? undefined : nodes.get(menu.parent);
    if (parent && parent !== node && !isAncestor(node, parent)) {
      parent.children.push(node);
    } else {
      roots.push(node);
    }
  }
  return prune(roots);
}

function isAncestor(candidate: MenuNode, of: MenuNode): boolean {
  return candidate.children.some((child) => child === of || isAncestor(child, of));
}

function prune(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => {
    const children = prune(node.children);
    return node.path !== null || children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** The entries that open a screen, depth first (the home page's quick links). */
export function flattenMenuLinks(
  nodes: readonly MenuNode[],
  folder?: string,
): { title: string; path: string; folder?: string }[] {
  return nodes.flatMap((node) => [
    ...(node.path !== null ? [{ title: node.title, path: node.path, folder }] : []),
    ...flattenMenuLinks(node.children, node.path === null ? node.title : folder),
  ]);
}
