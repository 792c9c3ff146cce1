import { asc, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { roles, users } from '../db/schema/index.js';
import { notify } from '../modules/notifications/index.js';

/**
 * The notification side of the demo, run last: every demo role may read its profiles' notifications (the
 * bell), and every profile finds an unread welcome notification at its first login.
 */
export async function seedNotificationsDemo(db: Database): Promise<void> {
  await db
    .update(roles)
    .set({ readRights: sql`array_append(${roles.readRights}, 'notification')` })
    .where(sql`NOT ('notification' = ANY(${roles.readRights}))`);
  const profiles = await db.select({ id: users.id, name: users.name }).from(users).orderBy(asc(users.id));
  for (const profile of profiles) {
    await notify(db, { recipients: [profile.id], template: 'WELCOME', context: { name: profile.name } });
  }
}
