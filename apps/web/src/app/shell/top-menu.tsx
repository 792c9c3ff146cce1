import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth-store';
import { buildMenuTree, type MenuNode } from '../../lib/menu-tree';

type MenuItems = NonNullable<MenuProps['items']>;

function toItems(nodes: readonly MenuNode[]): MenuItems {
  return nodes.map((node) =>
    node.children.length > 0 || node.path === null
      ? { key: `folder-${node.id}`, label: node.title, children: toItems(node.children) }
      : // A router link (href "#/path") so the navigation guards see the move.
        { key: node.path, label: <Link to={node.path}>{node.title}</Link> },
  );
}

/** The role's menus as the top navigation (spec 1 §2 Application shell). */
export function TopMenu() {
  const { t } = useTranslation();
  const { profile } = useAuth();
  const { pathname } = useLocation();
  const items = useMemo(() => toItems(buildMenuTree(profile?.role.menus ?? [])), [profile]);
  return (
    <Menu mode="horizontal" items={items} selectedKeys={[pathname]} aria-label={t('shell.mainMenu')} className="isf-top-menu" />
  );
}
