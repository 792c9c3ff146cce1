import {
  POPUP_TOO_MANY_USERS_MESSAGE,
  POPUP_USERS_MAX,
  type PopupAnnouncement,
  type PopupCriteria,
  type PopupUser,
  type popupCreateSchema,
  type popupUpdateSchema,
} from '@isf/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { popups, popupUsers, roles, users } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { createCrud } from '../../platform/crud.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { buildOrderBy, buildSelect, buildWhere } from '../../platform/list-engine.js';
import { popupCandidateList } from './popups.lists.js';

const popupSelection = {
  id: popups.id,
  version: popups.version,
  title: popups.title,
  content: popups.content,
  active: popups.active,
  createdAt: popups.createdAt,
  updatedAt: popups.updatedAt,
};

const userSelection = { id: users.id, uid: users.uid, name: users.name, mail: users.mail, roleName: roles.name };

/** What a user did with a popup: `read` when it was shown, `close` when the user closed it. */
export type PopupAction = 'read' | 'close';

/** Popup notifications (spec 3 Popup editor): the popups, the users they target and what each user did. */
export function createPopupService(database: Database) {
  const crud = createCrud(database, { table: popups, entity: 'popup', selection: popupSelection });

  async function assertPopup(db: Database, popupId: number) {
    const [popup] = await db.select({ id: popups.id }).from(popups).where(eq(popups.id, popupId)).limit(1);
    if (!popup) {
      throw notFound();
    }
  }

  return {
    get: crud.get,
    create: (input: z.output<typeof popupCreateSchema>, context: AuditContext) => crud.create(input, context),
    update: (id: number, input: z.output<typeof popupUpdateSchema>, context: AuditContext) => crud.update(id, input, context),
    remove: crud.remove,

    /** The users a popup targets, by name. */
    async users(popupId: number): Promise<PopupUser[]> {
      await assertPopup(database, popupId);
      return database
        .select(userSelection)
        .from(popupUsers)
        .innerJoin(users, eq(users.id, popupUsers.userId))
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(popupUsers.popupId, popupId))
        .orderBy(asc(users.name), asc(users.id));
    },

    /** Every active user matching the criteria (the "add all" of the targeting search), by name. */
    async candidates(criteria: PopupCriteria): Promise<PopupUser[]> {
      const definition = popupCandidateList(criteria);
      const result = (await database.execute(
        sql`SELECT ${buildSelect(definition)} FROM ${definition.from} WHERE ${buildWhere(definition, { filters: {} }, null)}
            ORDER BY ${buildOrderBy(definition, undefined)} LIMIT ${POPUP_USERS_MAX + 1}`,
      )) as unknown as { rows: PopupUser[] };
      if (result.rows.length > POPUP_USERS_MAX) {
        throw badRequest(POPUP_TOO_MANY_USERS_MESSAGE);
      }
      return result.rows;
    },

    /** Targets users (already targeted ones keep what they did); unknown users refuse the whole list. */
    async addUsers(popupId: number, userIds: number[], context: AuditContext): Promise<number> {
      return database.transaction(async (transaction) => {
        await assertPopup(transaction, popupId);
        const known = await transaction.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
        const knownIds = new Set(known.map((row) => row.id));
        const unknown = userIds.filter((id) => !knownIds.has(id));
        if (unknown.length > 0) {
          throw badRequest(`Utilisateur inconnu : ${unknown.slice(0, 10).join(', ')}.`, { users: 'Utilisateur inconnu.' });
        }
        const inserted = await transaction
          .insert(popupUsers)
          .values(userIds.map((userId) => ({ popupId, userId })))
          .onConflictDoNothing()
          .returning({ userId: popupUsers.userId });
        if (inserted.length > 0) {
          await recordAudit(transaction, context, {
            entity: 'popup_user',
            entityId: popupId,
            action: 'create',
            after: { popupId, userIds: inserted.map((row) => row.userId) },
          });
        }
        return inserted.length;
      });
    },

    /** Stops targeting users (with what they did); users not targeted are ignored. */
    async removeUsers(popupId: number, userIds: number[], context: AuditContext): Promise<number> {
      return database.transaction(async (transaction) => {
        await assertPopup(transaction, popupId);
        const removed = await transaction
          .delete(popupUsers)
          .where(and(eq(popupUsers.popupId, popupId), inArray(popupUsers.userId, userIds)))
          .returning({ userId: popupUsers.userId, readedAt: popupUsers.readedAt, closedAt: popupUsers.closedAt });
        if (removed.length > 0) {
          await recordAudit(transaction, context, { entity: 'popup_user', entityId: popupId, action: 'delete', before: removed });
        }
        return removed.length;
      });
    },

    /** The active popups that target the user and that the user has not closed, oldest first. */
    async announcementsFor(userId: number): Promise<PopupAnnouncement[]> {
      return database
        .select({ id: popups.id, title: popups.title, content: popups.content, readedAt: popupUsers.readedAt })
        .from(popupUsers)
        .innerJoin(popups, eq(popups.id, popupUsers.popupId))
        .where(and(eq(popupUsers.userId, userId), eq(popups.active, true), isNull(popupUsers.closedAt)))
        .orderBy(asc(popups.id));
    },

    /**
     * Records that the user saw (read) or closed a popup that targets them; the first time counts, and
     * closing also marks it read. A popup that does not target the user is a 404.
     */
    async record(popupId: number, userId: number, action: PopupAction, context: AuditContext) {
      return database.transaction(async (transaction) => {
        const mine = and(eq(popupUsers.popupId, popupId), eq(popupUsers.userId, userId));
        const [row] = await transaction.select().from(popupUsers).where(mine).limit(1);
        if (!row) {
          throw notFound();
        }
        const changes =
          action === 'read'
            ? { readedAt: sql`coalesce(${popupUsers.readedAt}, now())` }
            : { readedAt: sql`coalesce(${popupUsers.readedAt}, now())`, closedAt: sql`coalesce(${popupUsers.closedAt}, now())` };
        const [after] = await transaction
          .update(popupUsers)
          .set(changes)
          .where(mine)
          .returning({ readedAt: popupUsers.readedAt, closedAt: popupUsers.closedAt });
        if (after && (after.readedAt !== row.readedAt || after.closedAt !== row.closedAt)) {
          await recordAudit(transaction, context, {
            entity: 'popup_user',
            entityId: popupId,
            action,
            before: { userId, readedAt: row.readedAt, closedAt: row.closedAt },
            after: { userId, ...after },
          });
        }
        return { readedAt: after?.readedAt ?? null, closedAt: after?.closedAt ?? null };
      });
    },
  };
}

export type PopupService = ReturnType<typeof createPopupService>;
