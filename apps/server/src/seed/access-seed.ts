import { ENTITY_CODES, type EntityCode, ROLE_OPTIONS, type Visibility } from '@isf/contract';
import type { Database } from '../db/client.js';
import { menus, roleMenus, roles, users } from '../db/schema/index.js';
import { hashPassword } from '../platform/passwords.js';

export type MenuSeed = { title: string; path: string | null; children?: MenuSeed[] };

export const DEMO_MENUS: MenuSeed[] = [
  { title: 'Accueil', path: '/' },
  { title: 'Projets', path: '/projects' },
  {
    title: 'Sous-traitants',
    path: null,
    children: [
      { title: 'Entreprises', path: '/sst/companies' },
      { title: 'Agences', path: '/sst/agencies' },
      { title: 'Contrats', path: '/sst/contracts' },
      { title: 'Documents', path: '/documents' },
      { title: 'Modèles de contrat', path: '/contracttemplates' },
      { title: 'Garanties de paiement', path: '/paymentguarantees' },
      { title: 'Marchés', path: '/sst/markets' },
      { title: 'Commandes', path: '/sst/orders' },
      { title: 'Avances', path: '/sst/deposits' },
      { title: 'Retenues de garantie', path: '/os/warranties' },
      { title: 'Attachements', path: '/sst/attachements' },
      { title: 'Situations', path: '/sst/situations' },
      { title: 'Évaluations', path: '/evaluation/synthese' },
    ],
  },
  {
    title: 'Budgets',
    path: null,
    children: [
      { title: 'DC4', path: '/budget/dc4' },
      { title: 'Masque OD', path: '/budget/od' },
      { title: 'Quantitatifs', path: '/budget/quantitatives' },
      { title: 'Retenues et cautions', path: '/budget/warranties' },
    ],
  },
  {
    title: 'Administration',
    path: null,
    children: [
      { title: 'Utilisateurs', path: '/users' },
      { title: 'Rôles', path: '/roles' },
      { title: 'Popups', path: '/popups-management' },
      { title: 'Tâches', path: '/tasks' },
      { title: 'Configuration Oracle', path: '/oracleconfigurations' },
      { title: 'Imputations Oracle', path: '/oracleimputations' },
      { title: 'Garanties RG Oracle', path: '/release-rg-warranties' },
    ],
  },
  {
    title: 'Référentiel',
    path: null,
    children: [
      { title: 'Unités', path: '/units' },
      { title: 'Types de projet', path: '/projecttypes' },
      { title: 'Types de prestation', path: '/prestationtypes' },
      { title: 'Références de prestation', path: '/prestationreferences' },
      { title: 'Types de document', path: '/documenttypes' },
      { title: 'Business units', path: '/businessunits' },
      { title: 'Types de paiement', path: '/paymenttypes' },
      { title: 'Conditions de paiement', path: '/paymentterms' },
      { title: 'Sous-projets OSCAR', path: '/oscarsubprojects' },
    ],
  },
  {
    title: 'Bordereaux de prix',
    path: null,
    children: [
      { title: 'BPU', path: '/sst/bpu' },
      { title: 'Modèles de BPU', path: '/sst/bputemplates/' },
      { title: 'Modèles de commande', path: '/os/templates' },
      { title: 'Catégories', path: '/categories' },
      { title: 'Prestations', path: '/prestations' },
    ],
  },
];

/** Inserts the menu tree; returns the id of every menu by path (or title for folders). */
export async function seedMenus(db: Database, tree: MenuSeed[] = DEMO_MENUS): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  let position = 0;
  async function insert(entries: MenuSeed[], parentId: number | null) {
    for (const entry of entries) {
      position += 1;
      const [row] = await db
        .insert(menus)
        .values({ title: entry.title, path: entry.path, parentId, position })
        .returning({ id: menus.id });
      const id = row?.id ?? 0;
      ids.set(entry.path ?? entry.title, id);
      if (entry.children) {
        await insert(entry.children, id);
      }
    }
  }
  await insert(tree, null);
  return ids;
}

export type RoleSeed = {
  name: string;
  description?: string;
  visibility?: Visibility;
  parentRoleId?: number | null;
  create?: readonly EntityCode[];
  read?: readonly EntityCode[];
  update?: readonly EntityCode[];
  delete?: readonly EntityCode[];
  options?: readonly string[];
  menuIds?: number[];
  ftth?: boolean;
};

export async function createRole(db: Database, seed: RoleSeed): Promise<number> {
  const [row] = await db
    .insert(roles)
    .values({
      name: seed.name,
      description: seed.description ?? seed.name,
      visibility: seed.visibility ?? 1,
      parentRoleId: seed.parentRoleId ?? null,
      createRights: [...(seed.create ?? [])],
      readRights: [...(seed.read ?? [])],
      updateRights: [...(seed.update ?? [])],
      deleteRights: [...(seed.delete ?? [])],
      options: [...(seed.options ?? [])],
      ftth: seed.ftth ?? false,
    })
    .returning({ id: roles.id });
  const id = row?.id ?? 0;
  if (seed.menuIds && seed.menuIds.length > 0) {
    await db.insert(roleMenus).values(seed.menuIds.map((menuId) => ({ roleId: id, menuId })));
  }
  return id;
}

export const ALL_RIGHTS = { create: ENTITY_CODES, read: ENTITY_CODES, update: ENTITY_CODES, delete: ENTITY_CODES };
export const ALL_OPTIONS = ROLE_OPTIONS;

export type UserSeed = {
  uid: string;
  name: string;
  roleId: number;
  password?: string;
  mail?: string;
  parentId?: number | null;
  managerId?: number | null;
  engagement?: string;
  active?: boolean;
};

export async function createUser(db: Database, seed: UserSeed): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      uid: seed.uid,
      name: seed.name,
      cn: seed.uid,
      mail: seed.mail ?? `${seed.uid}@isf.example`,
      roleId: seed.roleId,
      passwordHash: seed.password ? await hashPassword(seed.password) : null,
      parentId: seed.parentId ?? null,
      managerId: seed.managerId ?? null,
      engagement: seed.engagement ?? '0',
      active: seed.active ?? true,
    })
    .returning({ id: users.id });
  return row?.id ?? 0;
}
