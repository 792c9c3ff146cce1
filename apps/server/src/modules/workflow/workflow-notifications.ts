import { NOTIFICATION_WORK_ITEMS, type NotificationWorkItem } from '@isf/contract';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { roles, users } from '../../db/schema/index.js';
import { type Principal, principalOf } from '../../platform/principal.js';
import { intArray } from '../../platform/sql-rows.js';
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
 * TASK_NOTIFICATION_CANDIDATES, by id), but the one who moved it: two statements (the profiles, their roles),
 * none when no role acts there.
 */
async function candidatesOf(db: Database, roleIds: number[], moverId: number): Promise<Principal[]> {
  if (roleIds.length === 0) {
    return [];
  }
  // the profiles' own columns only: a role's rights are read once, not once per profile (200 copies of
  // the rights arrays cost more than the statement itself)
  const [people, roleRows] = await Promise.all([
    db
      .select()
      .from(users)
      .where(and(inArray(users.roleId, roleIds), eq(users.active, true), ne(users.id, moverId)))
      .orderBy(asc(users.id))
      .limit(TASK_NOTIFICATION_CANDIDATES),
    db.select().from(roles).where(inArray(roles.id, roleIds)),
  ]);
  const byId = new Map(roleRows.map((role) => [role.id, role]));
  return people.flatMap((user) => {
    const role = byId.get(user.roleId);
    return role ? [principalOf(user, role)] : [];
  });
}

/** Stand-ins for a profile's ids while one condition is built for every profile of a role. */
const STAND_INS = [
  { userId: -2_000_000_001, mainUserId: -2_000_000_002, managerId: -2_000_000_003 },
  { userId: -2_000_000_011, mainUserId: -2_000_000_012, managerId: -2_000_000_013 },
] as const;
/** The row of a candidate: an alias no scope condition uses (an inner `c` would shadow a short one). */
const CANDIDATE = 'notified_candidate';
const STAND_IN_COLUMNS = {
  userId: `${CANDIDATE}.user_id`,
  mainUserId: `${CANDIDATE}.main_user_id`,
  managerId: `${CANDIDATE}.manager_id`,
} as const;
type StandIn = keyof typeof STAND_IN_COLUMNS;

/**
 * One condition for every profile of a role, their ids read from the candidate's row (user_id,
 * main_user_id, manager_id): the kind's scope is built twice with two sets of stand-in ids; when the two statements
 * differ only by those values (the scope uses the ids as values, nothing else of them), each stand-in
 * becomes a column reference. Otherwise undefined: the role's profiles are checked one condition each.
 */
function roleCondition(build: (principal: Principal) => SQL, sample: Principal): SQL | undefined {
  const [first, second] = STAND_INS.map((ids) => dialect.sqlToQuery(build({ ...sample, ...ids })));
  if (!first || !second || first.sql !== second.sql || first.params.length !== second.params.length) {
    return undefined;
  }
  const replaced = new Map<number, StandIn>();
  for (const [index, value] of first.params.entries()) {
    const other = second.params[index];
    const standIn = (Object.keys(STAND_IN_COLUMNS) as StandIn[]).find(
      (key) => value === STAND_INS[0][key] && other === STAND_INS[1][key],
    );
    if (standIn) {
      replaced.set(index, standIn);
    } else if (value !== other) {
      return undefined;
    }
  }
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of first.sql.matchAll(/\$(\d+)/g)) {
    const index = Number(match[1]) - 1;
    const standIn = replaced.get(index);
    chunks.push(sql.raw(first.sql.slice(last, match.index)));
    chunks.push(standIn ? sql.raw(STAND_IN_COLUMNS[standIn]) : sql`${first.params[index]}`);
    last = (match.index ?? 0) + match[0].length;
  }
  chunks.push(sql.raw(first.sql.slice(last)));
  return sql.join(chunks, sql``);
}

/**
 * A SELECT of the candidates who have the item in My tasks: it is in their scope and assigned to them.
 * One branch per role, its profiles as rows unnested from three arrays (see roleCondition), so the statement stays small
 * whatever the number of candidates; a role whose scope does not allow that gets one branch per profile.
 */
function inTasksSelect(registry: WorkflowRegistry, facts: MoveFacts, candidates: Principal[], except: number | null): SQL | null {
  const token = {
    entityName: sql`${facts.token.entityName}::text`,
    entityId: sql`${facts.token.entityId}::int`,
    nodeId: sql`${facts.to.id}::int`,
  };
  const build = (principal: Principal) =>
    itemScope(registry, principal, token, { entity: facts.token.entityName, assigned: true });
  const byRole = new Map<number, Principal[]>();
  for (const principal of candidates) {
    if (principal.userId !== except) {
      byRole.set(principal.roleId, [...(byRole.get(principal.roleId) ?? []), principal]);
    }
  }
  const branches: SQL[] = [];
  // the profiles' ids as three arrays of one parameter each, unnested side by side into rows
  const rows = (principals: Principal[]) =>
    sql`unnest(${intArray(principals.map((principal) => principal.userId))}, ${intArray(
      principals.map((principal) => principal.mainUserId),
    )}, ${intArray(principals.map((principal) => principal.managerId))})`;
  for (const principals of byRole.values()) {
    const [sample] = principals;
    const condition = sample ? roleCondition(build, sample) : undefined;
    const groups = condition
      ? [{ condition, principals }]
      : principals.map((principal) => ({ condition: build(principal), principals: [principal] }));
    for (const group of groups) {
      branches.push(
        sql`(SELECT ${sql.raw(CANDIDATE)}.user_id FROM ${rows(group.principals)} AS ${sql.raw(CANDIDATE)}(user_id, main_user_id, manager_id) WHERE ${group.condition})`,
      );
    }
  }
  return branches.length === 0 ? null : sql.join(branches, sql` UNION ALL `);
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
