import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { roles } from '../db/schema/index.js';
import { ALL_OPTIONS, ALL_RIGHTS, createRole, createUser, seedMenus } from './access-seed.js';

/** True when no role exists yet: nothing was ever seeded or created on this database. */
export async function isEmptyDatabase(db: Database): Promise<boolean> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(roles);
  return (existing?.count ?? 0) === 0;
}

/**
 * The demo data and its documented logins (password = login) are loaded only where asked: always on the
 * embedded database, on a DATABASE_URL database with SEED_DEMO=1 only (never silently on a production one).
 */
export function demoDataWanted(config: Pick<AppConfig, 'databaseUrl' | 'seedDemo'>): boolean {
  return !config.databaseUrl || config.seedDemo;
}

/**
 * The first account of a database that gets no demo data (DATABASE_URL without SEED_DEMO=1): the menus,
 * an "Administrateur" role with every right and option, and the login `admin` with the given password
 * (ADMIN_PASSWORD, checked against the password policy by the caller).
 */
export async function seedAdministrator(db: Database, password: string): Promise<void> {
  await db.transaction(async (transaction) => {
    const menuIds = await seedMenus(transaction);
    const roleId = await createRole(transaction, {
      name: 'Administrateur',
      description: 'Tous les droits',
      ...ALL_RIGHTS,
      options: ALL_OPTIONS,
      menuIds: [...menuIds.values()],
    });
    await createUser(transaction, { uid: 'admin', name: 'Administrateur', roleId, password });
  });
}
