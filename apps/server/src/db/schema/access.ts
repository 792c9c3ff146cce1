import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { versioned } from './columns.js';

/** The accented letters of French (and its neighbours) and the letter each stands for. */
const ACCENTED = 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿ';
const PLAIN = 'AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyy';

/**
 * A role name as people tell roles apart: case, accents and spacing aside ("Chargé  d'affaires" is
 * "charge d'affaires"). The unique index `roles_name_unique` and the service's check both compare this
 * (SQL's `lower` alone leaves accented capitals as they are under the C collation).
 */
export function foldedRoleName(name: SQL): SQL {
  return sql`lower(translate(regexp_replace(btrim(${name}), '[[:space:]]+', ' ', 'g'), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)}))`;
}

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    visibility: smallint('visibility').notNull().default(1),
    parentRoleId: integer('parent_role_id').references((): AnyPgColumn => roles.id),
    createRights: text('create_rights').array().notNull().default(sql`'{}'::text[]`),
    readRights: text('read_rights').array().notNull().default(sql`'{}'::text[]`),
    updateRights: text('update_rights').array().notNull().default(sql`'{}'::text[]`),
    deleteRights: text('delete_rights').array().notNull().default(sql`'{}'::text[]`),
    options: text('options').array().notNull().default(sql`'{}'::text[]`),
    /** The role's profile is a fibre-to-the-home one: FTTH columns and fields show (docs/decisions.md). */
    ftth: boolean('ftth').notNull().default(false),
    ...versioned,
  },
  // two roles of one name, case, accents and spacing aside, cannot be told apart in the pickers
  (table) => [uniqueIndex('roles_name_unique').on(foldedRoleName(sql`${table.name}`))],
);

export const menus = pgTable('menus', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  path: text('path'),
  parentId: integer('parent_id').references((): AnyPgColumn => menus.id),
  position: integer('position').notNull().default(0),
});

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.menuId] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull(),
    name: text('name').notNull(),
    mail: text('mail'),
    phone: text('phone'),
    cn: text('cn'),
    passwordHash: text('password_hash'),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    parentId: integer('parent_id').references((): AnyPgColumn => users.id),
    managerId: integer('manager_id').references((): AnyPgColumn => users.id),
    engagement: numeric('engagement', { precision: 14, scale: 2 }).notNull().default('0'),
    service: text('service'),
    quality: text('quality'),
    active: boolean('active').notNull().default(true),
    userManualUrl: text('user_manual_url'),
    primaryAgencyId: integer('primary_agency_id'),
    ...versioned,
  },
  (table) => [
    uniqueIndex('users_uid_unique').on(table.uid),
    index('users_parent_idx').on(table.parentId),
    // the users list sorts by name (NULLS FIRST: see docs/performance.md)
    index('users_name_idx').on(table.name.asc().nullsFirst(), table.id),
  ],
);
