import type { MenuEntry } from '@isf/contract';
import { describe, expect, it } from 'vitest';
import { buildMenuTree, flattenMenuLinks } from './menu-tree';

const menu = (id: number, title: string, path: string | null, parent: number | null): MenuEntry => ({ id, title, path, parent });

describe('buildMenuTree', () => {
  it('nests entries under their parent folder, keeping the server order', () => {
    const tree = buildMenuTree([
      menu(1, 'Accueil', '/', null),
      menu(3, 'Unités', '/units', 2),
      menu(2, 'Référentiel', null, null),
      menu(4, 'Types de projet', '/projecttypes', 2),
    ]);
    expect(tree.map((node) => node.title)).toEqual(['Accueil', 'Référentiel']);
    expect(tree[1]?.children.map((node) => node.path)).toEqual(['/units', '/projecttypes']);
  });

  it('puts an entry whose folder the role does not see at the top level', () => {
    const tree = buildMenuTree([menu(3, 'Unités', '/units', 2)]);
    expect(tree).toEqual([{ id: 3, title: 'Unités', path: '/units', children: [] }]);
  });

  it('drops folders without entries and survives a parent cycle', () => {
    const tree = buildMenuTree([menu(1, 'Vide', null, null), menu(2, 'A', '/a', 3), menu(3, 'B', '/b', 2)]);
    expect(tree.map((node) => node.title)).toEqual(['B']);
    expect(tree[0]?.children.map((node) => node.title)).toEqual(['A']);
  });

  it('builds nested folders', () => {
    const tree = buildMenuTree([menu(1, 'Achats', null, null), menu(2, 'Marchés', null, 1), menu(3, 'BPU', '/sst/bpu', 2)]);
    expect(flattenMenuLinks(tree)).toEqual([{ title: 'BPU', path: '/sst/bpu', folder: 'Marchés' }]);
  });
});
