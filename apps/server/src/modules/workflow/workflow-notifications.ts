import { NOTIFICATION_WORK_ITEMS, type NotificationWorkItem } from '@isf/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  roleWorkflowTransitions,
  users,
  workflowNodes,
  workflows,
  workflowTokens,
  workflowTransitions,
} from '../../db/schema/index.js';
import { createPrincipalLoader } from '../../platform/principal.js';
import { notify } from '../notifications/index.js';
import { itemScope, TOKEN_ALIAS } from './workflow-filters.js';
import type { MoveFacts, WorkflowRegistry } from './workflow-registry.js';

/**
 * Profiles looked at for "it is now in your tasks" after a move: a role shared by thousands of people
 * (e.g. every project manager) would make the move slow; past this many, the others see the item in My
 * tasks without a notification.
 */
export const TASK_NOTIFICATION_CANDIDATES = 200;

const NO_COMMENT = '(sans commentaire)';

function isNotified(entity: string): entity is NotificationWorkItem {
  return (NOTIFICATION_WORK_ITEMS as readonly string[]).includes(entity);
}

/** The names a notification shows: the item's label, the workflow's and the reached node's. */
async function namesOf(db: Database, registry: WorkflowRegistry, facts: MoveFacts) {
  const [names] = await db
    .select({ workflowName: workflows.name, nodeName: workflowNodes.name })
    .from(workflowNodes)
    .innerJoin(workflows, eq(workflows.id, workflowNodes.workflowId))
    .where(eq(workflowNodes.id, facts.to.id));
  const kind = registry.kinds().find((candidate) => candidate.entity === facts.token.entityName);
  const labelSql = kind?.label?.(sql`${facts.token.entityId}::int`);
  const labelRows = labelSql
    ? ((await db.execute(sql`SELECT ${labelSql} AS label`)) as unknown as { rows: { label: unknown }[] }).rows
    : [];
  const label = String(labelRows[0]?.label ?? '').trim() || `${facts.token.entityName} n° ${facts.token.entityId}`;
  return { label, workflowName: names?.workflowName ?? facts.workflow.code, nodeName: names?.nodeName ?? facts.to.code };
}

/**
 * The active profiles who have the item in My tasks once it reached its new node (a forward
 * transition of their role leaves that node, and the item is in their scope and assigned to them),
 * but the one who moved it.
 */
async function profilesWhoMustAct(db: Database, registry: WorkflowRegistry, facts: MoveFacts): Promise<number[]> {
  // profiles read through the move's transaction: the embedded database has one connection
  const principals = createPrincipalLoader(db);
  const candidates = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(roleWorkflowTransitions, eq(roleWorkflowTransitions.roleId, users.roleId))
    .innerJoin(workflowTransitions, eq(workflowTransitions.id, roleWorkflowTransitions.transitionId))
    .where(
      and(
        eq(workflowTransitions.fromNodeId, facts.to.id),
        eq(workflowTransitions.type, 1),
        eq(workflowTransitions.disabled, false),
        eq(users.active, true),
        ne(users.id, facts.principal.userId),
      ),
    )
    .orderBy(asc(users.id))
    .limit(TASK_NOTIFICATION_CANDIDATES);
  const recipients: number[] = [];
  for (const candidate of candidates) {
    const principal = await principals.get(candidate.id);
    if (!principal) {
      continue;
    }
    const inTasks = (
      (await db.execute(
        sql`SELECT 1 AS found FROM workflow_tokens wt WHERE wt.id = ${facts.token.id} AND ${itemScope(registry, principal, TOKEN_ALIAS, { assigned: true })}`,
      )) as unknown as { rows: unknown[] }
    ).rows[0];
    if (inTasks) {
      recipients.push(candidate.id);
    }
  }
  return recipients;
}

/** The creator of the item's token, unless they made the move themselves. */
async function ownerToTell(db: Database, facts: MoveFacts): Promise<number | null> {
  const [token] = await db
    .select({ creatorId: workflowTokens.creatorId })
    .from(workflowTokens)
    .where(eq(workflowTokens.id, facts.token.id));
  const owner = token?.creatorId ?? null;
  return owner !== null && owner !== facts.principal.userId ? owner : null;
}

/**
 * Notifications of workflow events (issue 4), written in the move's transaction so that a cancelled
 * move leaves none: the item arrived in someone's tasks (WORKFLOW_TASK_ASSIGNED), or an item of
 * someone's was refused or sent back by a dangerous transition (WORKFLOW_REFUSED, to the item's creator,
 * with the comment).
 */
export function registerWorkflowNotifications(registry: WorkflowRegistry): void {
  registry.registerPostAction(
    {},
    {
      async inTransaction(facts, db) {
        const entity = facts.token.entityName;
        if (!isNotified(entity)) {
          return;
        }
        const names = await namesOf(db, registry, facts);
        const item = { entity, entityId: facts.token.entityId, ...names };
        const creatorId = facts.principal.userId;
        // the creator of a refused item is told why; that says it is back in their hands too
        const refusedOwner = facts.transition.type === 2 ? await ownerToTell(db, facts) : null;
        if (refusedOwner !== null) {
          await notify(db, {
            recipients: [refusedOwner],
            template: 'WORKFLOW_REFUSED',
            context: { ...item, transitionName: facts.transition.name, comment: facts.comment?.trim() || NO_COMMENT },
            creatorId,
          });
        }
        const recipients = (await profilesWhoMustAct(db, registry, facts)).filter((userId) => userId !== refusedOwner);
        await notify(db, {
          recipients,
          template: 'WORKFLOW_TASK_ASSIGNED',
          context: { ...item, transitionName: facts.transition.name },
          creatorId,
        });
      },
    },
  );
}
