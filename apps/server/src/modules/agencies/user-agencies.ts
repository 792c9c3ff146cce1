import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { agencies, userAgencies, users } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { notFound } from '../../platform/errors.js';

async function assertBothExist(db: Database, userId: number, agencyId: number) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  const [agency] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  if (!user || !agency) {
    throw notFound();
  }
}

/** Adds a user to an agency (idempotent), with its audit row. */
export async function linkUserToAgency(database: Database, userId: number, agencyId: number, context: AuditContext) {
  await database.transaction(async (transaction) => {
    await assertBothExist(transaction, userId, agencyId);
    const inserted = await transaction.insert(userAgencies).values({ userId, agencyId }).onConflictDoNothing().returning();
    if (inserted.length > 0) {
      await recordAudit(transaction, context, {
        entity: 'user_agency',
        entityId: `${userId}:${agencyId}`,
        action: 'create',
        after: { userId, agencyId },
      });
    }
  });
}

export async function unlinkUserFromAgency(database: Database, userId: number, agencyId: number, context: AuditContext) {
  await database.transaction(async (transaction) => {
    const removed = await transaction
      .delete(userAgencies)
      .where(and(eq(userAgencies.userId, userId), eq(userAgencies.agencyId, agencyId)))
      .returning();
    if (removed.length === 0) {
      throw notFound();
    }
    await recordAudit(transaction, context, {
      entity: 'user_agency',
      entityId: `${userId}:${agencyId}`,
      action: 'delete',
      before: { userId, agencyId },
    });
  });
}
