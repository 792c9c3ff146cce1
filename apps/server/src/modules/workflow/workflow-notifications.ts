import { NOTIFICATION_WORK_ITEMS, type NotificationWorkItem } from '@isf/contract';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { roles, users } from '../../db/schema/index.js';
import { type Principal, principalOf } from '../../platform/principal.js';
import { notifySelected, type SelectedNotification } from '../notifications/index.js';
import type { DefinitionsCache } from './workflow-definitions.js';
import { itemScope } from './workflow-filters.js';
import type { MoveFacts, WorkflowRegistry } from './workflow-registry.js';

/**
 * Profiles looked at for "it is now in your tasks" after a move: a role shared by thousands of people
 * (e.g. every project manager) would make the notification statement large; past this many, the others
 * see the item in My tasks without a notification.
 */
export const TASK_NOTIFICATION_CANDIDATES = 200;

const NO_COMMENT = '(sans commentaire)';

const dialect = new PgDialect();

function isNotified(entity: string): entity is NotificationWorkItem {
  return (NOTIFICATION_WORK_ITEMS as readonly string[]).includes(entity);
}

/**
 * The active profiles whose role may move the item forward from its new node (at most
 * TASK_NOTIFICATION_CANDIDATES, by id), but the one who moved it: one statement, none when no role acts there.
 */
async function candidatesOf(db: Database, roleIds: number[], moverId: number): Promise<Principal[]> {
  if (roleIds.length === 0) {
    return [];
  }
  const rows = await db
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(inArray(users.roleId, roleIds), eq(users.active, true), ne(users.id, moverId)))
    .orderBy(asc(users.id))
    .limit(TASK_NOTIFICATION_CANDIDATES);
  return rows.map((row) => principalOf(row.user, row.role));
}

/**
 * A SELECT of the candidates who have the item in My tasks: it is in their scope and assigned to them.
 * Candidates whose condition is the same statement text with the same values (a role seeing every item,
 * say) share one branch; the others have one each. The database evaluates it all in one statement.
 */
function inTasksSelect(registry: WorkflowRegistry, facts: MoveFacts, candidates: Principal[], except: number | null): SQL | null {
  const token = {
    entityName: sql`${facts.token.entityName}::text`,
    entityId: sql`${facts.token.entityId}::int`,
    nodeId: sql`${facts.to.id}::int`,
  };
  const branches = new Map<string, { condition: SQL; ids: number[] }>();
  for (const principal of candidates) {
    if (principal.userId === except) {
      continue;
    }
    const condition = itemScope(registry, principal, token, { entity: facts.token.entityName, assigned: true });
    const compiled = dialect.sqlToQuery(condition);
    const key = `${compiled.sql}\u0000${JSON.stringify(compiled.params)}`;
    const branch = branches.get(key);
    if (branch) {
      branch.ids.push(principal.userId);
    } else {
      branches.set(key, { condition, ids: [principal.userId] });
    }
  }
  if (branches.size === 0) {
    return null;
  }
  return sql.join(
    [...branches.values()].map(
      ({ condition, ids }) =>
        sql`(SELECT c.id FROM (VALUES ${sql.join(
          ids.map((id) => sql`(${id}::int)`),
          sql`, `,
        )}) AS c(id) WHERE ${condition})`,
    ),
    sql` UNION ALL `,
  );
}

/**
 * Notifications of workflow events (issue 4): the item arrived in someone's tasks
 * (WORKFLOW_TASK_ASSIGNED), or an item of someone's was refused or sent back by a dangerous transition
 * (WORKFLOW_REFUSED, to the item's creator, with the comment). Written after the move's commit (issue
 * 14), so a cancelled or refused move leaves none: one statement reads the candidates (their roles come
 * from the definitions in memory), one INSERT … SELECT keeps those who have the item in their tasks and
 * writes every notification, the item's label computed by the same statement.
 */
export function registerWorkflowNotifications(registry: WorkflowRegistry, definitions: DefinitionsCache): void {
  registry.registerPostAction(
    {},
    {
      async afterCommit(facts, db) {
        const entity = facts.token.entityName;
        if (!isNotified(entity)) {
          return;
        }
        const kind = registry.kind(entity);
        const labelSql = kind?.label?.(sql`${facts.token.entityId}::int`);
        const computed = labelSql ? { label: sql`NULLIF(btrim((${labelSql})::text), '')` } : undefined;
        const item = {
          entity,
          entityId: facts.token.entityId,
          label: `${entity} n° ${facts.token.entityId}`,
          workflowName: facts.workflow.name || facts.workflow.code,
          nodeName: facts.to.name || facts.to.code,
        };
        const moverId = facts.principal.userId;
        const parts: SelectedNotification[] = [];
        // the creator of a refused item is told why; that says it is back in their hands too
        const owner = facts.token.creatorId;
        const refusedOwner = facts.transition.type === 2 && owner !== null && owner !== moverId ? owner : null;
        if (refusedOwner !== null) {
          parts.push({
            recipients: sql`SELECT ${refusedOwner}::int`,
            template: 'WORKFLOW_REFUSED',
            context: { ...item, transitionName: facts.transition.name, comment: facts.comment?.trim() || NO_COMMENT },
            ...(computed ? { computed } : {}),
          });
        }
        const current = definitions.last() ?? (await definitions.current(db));
        const candidates = await candidatesOf(db, current.rolesActingOn(facts.to.id, true), moverId);
        const inTasks = inTasksSelect(registry, facts, candidates, refusedOwner);
        if (inTasks) {
          parts.push({
            recipients: inTasks,
            template: 'WORKFLOW_TASK_ASSIGNED',
            context: { ...item, transitionName: facts.transition.name },
            ...(computed ? { computed } : {}),
          });
        }
        await notifySelected(db, parts, moverId);
      },
    },
  );
}
