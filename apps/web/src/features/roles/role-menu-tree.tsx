import type { MenuEntry } from '@isf/contract';
import { Tree, type TreeDataNode } from 'antd';
import type { Key } from 'react';
import { useMemo } from 'react';
import { buildMenuTree, type MenuNode } from '../../lib/menu-tree';

type RoleMenuTreeProps = {
  menus: readonly MenuEntry[];
  /** Ids of the menus the role shows, folders included. */
  value: number[];
  onChange: (next: number[]) => void;
  disabled: boolean;
};

function toTreeData(nodes: readonly MenuNode[]): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: node.path ? `${node.title} (${node.path})` : node.title,
    children: node.children.length > 0 ? toTreeData(node.children) : undefined,
  }));
}

function leafIds(nodes: readonly MenuNode[]): Set<number> {
  const leaves = new Set<number>();
  const visit = (list: readonly MenuNode[]) => {
    for (const node of list) {
      if (node.children.length === 0) {
        leaves.add(node.id);
      }
      visit(node.children);
    }
  };
  visit(nodes);
  return leaves;
}

/**
 * The Menu tab of a role: the menu tree with a checkbox per entry. Checking entries checks their
 * folder, and the folders of checked entries are saved with them so the shell can show them.
 */
export function RoleMenuTree({ menus, value, onChange, disabled }: RoleMenuTreeProps) {
  const tree = useMemo(() => buildMenuTree(menus), [menus]);
  const treeData = useMemo(() => toTreeData(tree), [tree]);
  const leaves = useMemo(() => leafIds(tree), [tree]);
  // Only entries are given as checked: the tree derives its folders' state from them.
  const checkedKeys = value.filter((id) => leaves.has(id));

  return (
    <Tree
      checkable
      selectable={false}
      defaultExpandAll
      disabled={disabled}
      treeData={treeData}
      checkedKeys={checkedKeys}
      onCheck={(checked, info) => {
        const keys: Key[] = [...(Array.isArray(checked) ? checked : checked.checked), ...(info.halfCheckedKeys ?? [])];
        onChange(keys.map(Number).sort((left, right) => left - right));
      }}
    />
  );
}
