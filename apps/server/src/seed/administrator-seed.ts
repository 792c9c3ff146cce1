import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { roles } from '../db/schema/index.js';
import { ALL_OPTIONS, ALL_RIGHTS, createRole, createUser, seedMenus } from './access-seed.js';

/** True when no role exists yet: nothing was ever seeded or created on this database. */
export async function isEmptyDatabase(db: Database): Promise<boolean> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(roles);
  return (existing?.count ?? 0) === 0;
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
