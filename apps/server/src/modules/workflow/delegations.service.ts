import type { DelegationRecord, DelegationUser, delegationCreateSchema } from '@isf/contract';
import { and, asc, desc, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { delegations, users } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { hasOption, type Principal } from '../../platform/principal.js';
import { textContains } from '../../platform/text-match.js';
import { activeToday } from './workflow-actors.js';

type DelegationInput = z.output<typeof delegationCreateSchema>;

export const SELF_DELEGATION_MESSAGE = 'On ne peut pas se déléguer ses propres tâches : choisissez une autre personne.';
export const UNKNOWN_DELEGATE_MESSAGE = "Cet utilisateur n'existe pas ou n'est plus actif.";
const USER_LIMIT = 100;

const from = alias(users, 'delegate_from');
const to = alias(users, 'delegate_to');
const creator = alias(users, 'delegation_creator');

async function readDelegations(db: Database, condition: SQL | undefined): Promise<DelegationRecord[]> {
  const rows = await db
    .select({
      id: delegations.id,
      startDate: delegations.startDate,
      endDate: delegations.endDate,
      active: sql<boolean>`(${activeToday()})`,
      fromId: from.id,
      fromName: from.name,
      fromUid: from.uid,
      toId: to.id,
      toName: to.name,
      toUid: to.uid,
      creatorId: creator.id,
      creatorName: creator.name,
    })
    .from(delegations)
    .innerJoin(from, eq(from.id, delegations.delegateFromId))
    .innerJoin(to, eq(to.id, delegations.delegateToId))
    .leftJoin(creator, eq(creator.id, delegations.createdById))
    .where(condition)
    .orderBy(desc(delegations.startDate), desc(delegations.id));
  return rows.map((row) => ({
    id: row.id,
    delegateFrom: { id: row.fromId, name: row.fromName, uid: row.fromUid },
    delegateTo: { id: row.toId, name: row.toName, uid: row.toUid },
    startDate: row.startDate,
    endDate: row.endDate,
    active: row.active === true,
    createdBy: row.creatorId === null ? null : { id: row.creatorId, name: String(row.creatorName) },
  }));
}

async function activeUser(db: Database, id: number) {
  const [user] = await db
    .select({ id: users.id, mainId: sql<number>`coalesce(${users.parentId}, ${users.id})` })
    .from(users)
    .where(and(eq(users.id, id), eq(users.active, true)))
    .limit(1);
  return user;
}

/** Delegations of workflow tasks (spec 3 §7 /delegation/*). */
export function createDelegationService(db: Database) {
  return {
    given: (userId: number) => readDelegations(db, eq(delegations.delegateFromId, userId)),
    received: (userIds: number[]) => readDelegations(db, or(...userIds.map((userId) => eq(delegations.delegateToId, userId)))),
    all: () => readDelegations(db, undefined),

    /** Active main profiles one may delegate to, by name (at most 100; `search` narrows). */
    async delegates(excludedId: number, search: string | undefined): Promise<DelegationUser[]> {
      const text = search?.trim();
      return db
        .select({ id: users.id, uid: users.uid, name: users.name })
        .from(users)
        .where(
          and(
            eq(users.active, true),
            isNull(users.parentId),
            ne(users.id, excludedId),
            text ? or(textContains(users.name, text), textContains(users.uid, text)) : undefined,
          ),
        )
        .orderBy(asc(users.name), asc(users.id))
        .limit(USER_LIMIT);
    },

    async create(principal: Principal, input: DelegationInput, context: AuditContext): Promise<number> {
      const delegateFromId = input.delegateFrom ?? principal.userId;
      if (delegateFromId !== principal.userId && !hasOption(principal, 'users.can_admin_delegate')) {
        throw forbidden();
      }
      const delegator = await activeUser(db, delegateFromId);
      if (!delegator) {
        throw badRequest(UNKNOWN_DELEGATE_MESSAGE, { delegateFrom: UNKNOWN_DELEGATE_MESSAGE });
      }
      const delegate = await activeUser(db, input.delegateTo);
      if (!delegate) {
        throw badRequest(UNKNOWN_DELEGATE_MESSAGE, { delegateTo: UNKNOWN_DELEGATE_MESSAGE });
      }
      if (delegate.mainId === delegator.mainId) {
        throw badRequest(SELF_DELEGATION_MESSAGE, { delegateTo: SELF_DELEGATION_MESSAGE });
      }
      return db.transaction(async (transaction) => {
        const [created] = await transaction
          .insert(delegations)
          .values({
            delegateFromId,
            delegateToId: delegate.id,
            startDate: input.startDate,
            endDate: input.endDate,
            createdById: principal.userId,
          })
          .returning({ id: delegations.id });
        const id = created?.id ?? 0;
        await recordAudit(transaction, context, {
          entity: 'delegation',
          entityId: id,
          action: 'create',
          after: { delegateFromId, delegateToId: delegate.id, startDate: input.startDate, endDate: input.endDate },
        });
        return id;
      });
    },

    /** The delegator, the person who created it, or an administrator of delegations may delete one. */
    async remove(principal: Principal, id: number, context: AuditContext): Promise<void> {
      const [delegation] = await db.select().from(delegations).where(eq(delegations.id, id)).limit(1);
      if (!delegation) {
        throw notFound();
      }
      const own = delegation.delegateFromId === principal.userId || delegation.createdById === principal.userId;
      if (!own && !hasOption(principal, 'users.can_admin_delegate')) {
        throw forbidden();
      }
      await db.transaction(async (transaction) => {
        await transaction.delete(delegations).where(eq(delegations.id, id));
        await recordAudit(transaction, context, { entity: 'delegation', entityId: id, action: 'delete', before: delegation });
      });
    },
  };
}
