import type { WorkflowFilter } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import type { AuditContext } from '../../platform/audit.js';
import { createBackgroundWork } from '../../platform/background.js';
import type { WorkItemList } from '../../platform/list-routes.js';
import type { Principal, PrincipalLoader } from '../../platform/principal.js';
import { createDefinitionsCache } from './workflow-definitions.js';
import {
  type ResolvedActor,
  type RowColumns,
  resolvedActorsOf,
  rowFilterCondition,
  type TokenColumns,
  tokenFilterCondition,
} from './workflow-filters.js';
import { refusalCommentGuard } from './workflow-guards.js';
import { type MoveInput, moveToken } from './workflow-move.js';
import { registerWorkflowNotifications } from './workflow-notifications.js';
import { availableTransitions, isItemVisible } from './workflow-permissions.js';
import { createWorkflowRegistry, storedNodeRow, summaryFrom, unscopedOn, type WorkItemKind } from './workflow-registry.js';
import { startToken } from './workflow-tokens.js';

/**
 * The workflow engine as business modules use it (`app.workflow`): register their work item kind,
 * guards and post-actions; start a token when they create an item; filter their lists.
 */
export function createWorkflowEngine(db: Database, principals: PrincipalLoader, log: FastifyBaseLogger) {
  const registry = createWorkflowRegistry();
  const definitions = createDefinitionsCache();
  // what follows a committed move once it has answered (its notifications)
  const background = createBackgroundWork(log);
  registry.registerGuard({}, refusalCommentGuard);
  registerWorkflowNotifications(registry, definitions);
  /** The caller and their delegators, each with the nodes their role acts on (resolved here, not in SQL). */
  const actors = async (principal: Principal) => resolvedActorsOf(db, principals, principal);

  /**
   * For a business list: keeps the rows whose item (`entityId`) passes My scope or My tasks; undefined
   * for All, where the list's own scope applies. A list of a kind that stores its current node passes
   * `row` (the stored node and the visibility on the list's row): the condition then reads the row only.
   */
  async function workItemFilter(
    principal: Principal,
    filter: WorkflowFilter,
    entity: string,
    entityId: SQL,
    row?: RowColumns,
  ): Promise<SQL | undefined> {
    if (filter === 'all') {
      return undefined;
    }
    if (row) {
      return rowFilterCondition(registry, await actors(principal), filter, entity, { ...row, entityId });
    }
    const condition = tokenFilterCondition(registry, await actors(principal), filter, undefined, entity);
    return sql`${entityId} IN (SELECT wt.entity_id FROM workflow_tokens wt WHERE wt.entity_name = ${entity} AND ${condition})`;
  }

  /**
   * The same filter on the rows of the kind's node summary (`row.summary`: per node and scope key), for a
   * list's stored count and totals of My scope and My tasks, with the summary rows to read (`from`: its
   * roll-up when no acting profile's scope narrows it, `summaryFrom`); undefined for All, or when the filter
   * reads more than the summary keys (a kind that assigns its items, or none summed).
   */
  async function workItemSummaryFilter(
    principal: Principal,
    filter: WorkflowFilter,
    entity: string,
    options: { callerScoped?: boolean } = {},
  ): Promise<{ condition: SQL; from: SQL } | undefined> {
    const summary = registry.kind(entity)?.row?.summary;
    if (!summary || !summarised(entity, filter)) {
      return undefined;
    }
    const resolved = await actors(principal);
    const condition = summaryFilter(resolved, filter, entity, options);
    return condition ? { condition, from: summaryFrom(summary, resolved) } : undefined;
  }

  /** Whether a filter of a kind can be written on its node summary's rows (see `workItemSummaryFilter`). */
  function summarised(entity: string, filter: WorkflowFilter): boolean {
    const kind = registry.kind(entity);
    return filter !== 'all' && kind?.row?.summary !== undefined && !kind.assignee;
  }

  /** `workItemSummaryFilter` for actors already resolved. */
  function summaryFilter(
    resolved: ResolvedActor[],
    filter: WorkflowFilter,
    entity: string,
    options: { callerScoped?: boolean } = {},
  ): SQL | undefined {
    const summary = registry.kind(entity)?.row?.summary;
    if (!summary || !summarised(entity, filter)) {
      return undefined;
    }
    return rowFilterCondition(registry, resolved, filter, entity, {
      entityId: sql`NULL`,
      nodeId: summary.node,
      scope: summary.scope,
      ...(options.callerScoped ? { callerScoped: true } : {}),
    });
  }

  return {
    registry,
    /** The workflow definitions held in memory (workflow-definitions.ts); `current` checks their stamp. */
    definitions,
    /**
     * The nodes from which a role may fire an enabled transition, forward ones only (My tasks) or any
     * (My scope): from the definitions in memory, after one cheap stamp check.
     */
    async nodesWhereRoleActs(roleId: number, forwardOnly: boolean): Promise<number[]> {
      return (await definitions.current(db)).nodesWhereRoleActs(roleId, forwardOnly);
    },
    actorsOf: actors,
    /** In the business module's creation transaction. */
    startToken,
    /**
     * The transitions the caller may fire on the item, as the screens offer them: those of their role (or a
     * delegator's) that the item's offer rules keep (the move itself runs the guards, which explain a refusal).
     */
    async availableTransitions(principal: Principal, item: { nodeId: number; entity: string; entityId: number }) {
      const transitions = await availableTransitions(db, registry, await definitions.current(db), await actors(principal), item);
      const offered = await Promise.all(
        transitions.map(async (transition) => {
          const decider = transition.onBehalfOf?.id ?? principal.userId;
          for (const offer of registry.offersFor(item.entity, transition.transitionCode)) {
            if (
              !(await offer(
                { entity: item.entity, entityId: item.entityId, transitionCode: transition.transitionCode },
                decider,
                db,
              ))
            ) {
              return false;
            }
          }
          return true;
        }),
      );
      return transitions.filter((_transition, index) => offered[index]);
    },
    async isItemVisible(principal: Principal, item: { entity: string; entityId: number }) {
      return isItemVisible(db, registry, await actors(principal), item);
    },
    /** The All / My scope / My tasks condition on a token row (see workflow-filters.ts). */
    async filterCondition(principal: Principal, filter: WorkflowFilter, token?: TokenColumns, entity?: string): Promise<SQL> {
      return tokenFilterCondition(registry, await actors(principal), filter, token, entity);
    },
    workItemFilter,
    workItemSummaryFilter,
    /**
     * The All / My scope / My tasks narrowing of a kind's business list (`registerList`'s `workItems`):
     * `workItemFilter` on the list's row as the kind names it (`row.alias`, its `nodeColumn`, `row.scope`),
     * and `workItemSummaryFilter` on its node summary's rows.
     */
    workItemList(kind: WorkItemKind): WorkItemList {
      const row = storedNodeRow(kind);
      if (!row) {
        throw new Error(`The work item kind ${kind.entity} does not store its node on a row a list reads.`);
      }
      return {
        async narrowing(principal, filter, options) {
          if (filter === 'all') {
            return { condition: undefined };
          }
          // the list keeps the caller's own scope (its `scope`, its stored source's): not tested twice
          const resolved = await actors(principal);
          const condition = rowFilterCondition(registry, resolved, filter, kind.entity, { ...row, callerScoped: true });
          const stored = options.stored ? summaryFilter(resolved, filter, kind.entity, { callerScoped: true }) : undefined;
          const summary = kind.row?.summary;
          return { condition, stored, storedUnscoped: summary !== undefined && unscopedOn(summary, resolved) };
        },
      };
    },
    async move(principal: Principal, input: MoveInput, audit: AuditContext) {
      return moveToken({ db, registry, definitions, background }, await actors(principal), input, audit);
    },
    /** Resolves once what the moves made so far do after answering is done (their notifications). */
    settled: () => background.settled(),
  };
}

export type WorkflowEngine = ReturnType<typeof createWorkflowEngine>;

declare module 'fastify' {
  interface FastifyInstance {
    workflow: WorkflowEngine;
  }
}

/** Decorates the app with its workflow engine, before the business modules register. */
export function registerWorkflowEngine(app: FastifyInstance, db: Database): WorkflowEngine {
  const engine = createWorkflowEngine(db, app.principals, app.log);
  app.decorate('workflow', engine);
  // the database closes after the app: the moves' notifications are written first
  app.addHook('onClose', () => engine.settled());
  return engine;
}
