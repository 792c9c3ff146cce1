import {
  type LatestNotifications,
  NOTIFICATION_LATEST_COUNT,
  NOTIFICATION_TEST_RECIPIENT_MESSAGE,
  type NotificationMarkReply,
  type NotificationRow,
  type notificationTestSchema,
} from '@isf/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { notifications, users } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { runList } from '../../platform/list-engine.js';
import { notificationList } from './notifications.lists.js';
import { notify } from './notify.js';

/** What a user does with one of their notifications: `read` (seen), `close` (dismissed from the bell). */
export type NotificationAction = 'read' | 'close';

async function unreadCount(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readedAt)));
  return Number(row?.count ?? 0);
}

/** The notifications of the signed-in profile: the bell, the marks, and the test sending. */
export function createNotificationService(database: Database) {
  return {
    /** The bell: the latest notifications not closed, newest first, and how many are unread. */
    async latest(userId: number): Promise<LatestNotifications> {
      const [page, unread] = await Promise.all([
        runList(
          database,
          notificationList(userId),
          { page: 0, size: NOTIFICATION_LATEST_COUNT, filters: { closedAt: 'null' }, summary: false },
          null,
        ),
        unreadCount(database, userId),
      ]);
      return { notifications: page.content as NotificationRow[], unread };
    },

    /**
     * Marks one of the user's notifications read, or closed (which reads it too); the first time counts.
     * Another profile's notification is a 404, as if it did not exist.
     */
    async mark(id: number, userId: number, action: NotificationAction, context: AuditContext): Promise<NotificationMarkReply> {
      return database.transaction(async (transaction) => {
        const mine = and(eq(notifications.id, id), eq(notifications.userId, userId));
        const [row] = await transaction
          .select({ readedAt: notifications.readedAt, closedAt: notifications.closedAt })
          .from(notifications)
          .where(mine)
          .for('update')
          .limit(1);
        if (!row) {
          throw notFound();
        }
        const readedAt = sql`coalesce(${notifications.readedAt}, now())`;
        const [after] = await transaction
          .update(notifications)
          .set(action === 'read' ? { readedAt } : { readedAt, closedAt: sql`coalesce(${notifications.closedAt}, now())` })
          .where(mine)
          .returning({ readedAt: notifications.readedAt, closedAt: notifications.closedAt });
        if (after && (after.readedAt !== row.readedAt || after.closedAt !== row.closedAt)) {
          await recordAudit(transaction, context, { entity: 'notification', entityId: id, action, before: row, after });
        }
        return {
          success: true,
          readedAt: after?.readedAt ?? null,
          closedAt: after?.closedAt ?? null,
          unread: await unreadCount(transaction, userId),
        };
      });
    },

    /** `POST /notification/send/test`: a TEST notification from the caller to a profile (the caller by default). */
    async sendTest(input: z.output<typeof notificationTestSchema>, context: AuditContext & { userId: number }): Promise<number> {
      const recipientId = input.userId ?? context.userId;
      return database.transaction(async (transaction) => {
        const [recipient] = await transaction.select({ id: users.id }).from(users).where(eq(users.id, recipientId)).limit(1);
        if (!recipient) {
          throw badRequest(NOTIFICATION_TEST_RECIPIENT_MESSAGE, { userId: NOTIFICATION_TEST_RECIPIENT_MESSAGE });
        }
        const [id] = await notify(transaction, {
          recipients: [recipient.id],
          template: 'TEST',
          context: { message: input.message },
          creatorId: context.userId,
        });
        await recordAudit(transaction, context, {
          entity: 'notification',
          entityId: id ?? null,
          action: 'create',
          after: { userId: recipient.id, template: 'TEST', message: input.message },
        });
        return id ?? 0;
      });
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
