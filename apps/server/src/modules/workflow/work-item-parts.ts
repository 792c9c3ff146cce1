import type { EntityCode } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { ListColumn } from '../../platform/list-definition.js';
import { can, type Principal } from '../../platform/principal.js';
import type { NodeSummary, WorkItemKind } from './workflow-registry.js';

/** A list's scope rule on a row's project and agency (`marketScope`, `orderScope`): undefined sees every row. */
export type ProjectAgencyScope = (principal: Principal, row: { projectId: SQL; agencyId: SQL }) => SQL | undefined;

/**
 * Where a kind reads one item: `table` the item's own table, `from` it (and the tables its scope reads),
 * `key` the item's id there, `alias` the table whose `project_id` and `agency_id` (and `market_id`) the parts read.
 */
export type WorkItemSource = { table: string; from: SQL; key: SQL; alias: string };

/** The project and agency columns of the table named `alias`. */
function projectAndAgency(alias: string): { projectId: SQL; agencyId: SQL } {
  return { projectId: sql.raw(`${alias}.project_id`), agencyId: sql.raw(`${alias}.agency_id`) };
}

/**
 * The parts of a `WorkItemKind` whose items are read from `source` and seen by the profiles with the read
 * right on `entity`, in the scope of the item's list (`rule`).
 */
export function workItemParts(entity: EntityCode, rule: ProjectAgencyScope, source: WorkItemSource) {
  /** An expression read on the item `entityId`, as a scalar subquery (labels, amounts, columns). */
  const value = (entityId: SQL, expression: SQL): SQL =>
    sql`(SELECT ${expression} FROM ${source.from} WHERE ${source.key} = ${entityId})`;
  /** A column of the node screen's token table. */
  const column = (entityId: SQL, expression: SQL, kind: ListColumn['kind'], label: string): ListColumn => ({
    sql: value(entityId, expression),
    kind,
    label,
  });
  /** The name of the agency of the source's row. */
  const agencyName = (entityId: SQL): ListColumn =>
    column(entityId, sql.raw(`(SELECT wa.name FROM agencies wa WHERE wa.id = ${source.alias}.agency_id)`), 'text', 'Agence');
  /** A profile's visibility on the rows the table `alias` reads (the item's list, its node summaries). */
  const scopeOn = (principal: Principal, alias: string): SQL | undefined =>
    can(principal, entity, 'read') ? rule(principal, projectAndAgency(alias)) : sql`FALSE`;
  /** The summary's roll-up per user, read by the profiles that may read the kind (`NodeSummary.userRollUp`). */
  const userRollUpOn = (
    alias: string,
    rollUp: { from: SQL; scopeUser: (principal: Principal) => number | undefined },
  ): NonNullable<NodeSummary['userRollUp']> => ({
    from: rollUp.from,
    user: sql.raw(`${alias}.user_id`),
    scopeUser: (principal) => (can(principal, entity, 'read') ? rollUp.scopeUser(principal) : undefined),
  });
  return {
    column,
    /**
     * `WorkItemKind.nodeColumn` and `row` of a kind whose rows keep their node in `wf_node_id`: the row as its
     * list reads it (`from`, naming the item's table `alias`), seen through the table `scopeAlias`, with its
     * `amount`, and its node summaries (`summary.from`, naming the summary table `summary.alias`).
     */
    storedRow: (row: {
      from: SQL;
      alias: string;
      scopeAlias: string;
      amount?: SQL;
      summary: {
        from: SQL;
        alias: string;
        count: SQL;
        amount: SQL;
        rollUp?: SQL;
        userRollUp?: { from: SQL; scopeUser: (principal: Principal) => number | undefined };
      };
    }): Pick<WorkItemKind, 'nodeColumn' | 'row'> => ({
      nodeColumn: { table: source.table, column: 'wf_node_id' },
      row: {
        from: row.from,
        alias: row.alias,
        scope: (principal) => scopeOn(principal, row.scopeAlias),
        ...(row.amount ? { amount: row.amount } : {}),
        summary: {
          from: row.summary.from,
          node: sql.raw(`${row.summary.alias}.node_id`),
          scope: (principal) => scopeOn(principal, row.summary.alias),
          count: row.summary.count,
          amount: row.summary.amount,
          ...(row.summary.rollUp ? { rollUp: row.summary.rollUp } : {}),
          ...(row.summary.userRollUp ? { userRollUp: userRollUpOn(row.summary.alias, row.summary.userRollUp) } : {}),
        },
      },
    }),
    /**
     * `WorkItemKind.scope` (the item exists and is in the profile's visibility, read right included), its
     * `label` and its `amount`, read on the item.
     */
    item: (label: SQL, amount?: SQL): Pick<WorkItemKind, 'scope' | 'label' | 'amount'> => ({
      scope: (principal, entityId) => {
        if (!can(principal, entity, 'read')) {
          return sql`FALSE`;
        }
        const scope = rule(principal, projectAndAgency(source.alias));
        return sql`EXISTS (SELECT 1 FROM ${source.from} WHERE ${source.key} = ${entityId}${scope ? sql` AND ${scope}` : sql``})`;
      },
      label: (entityId) => value(entityId, label),
      ...(amount ? { amount: (entityId: SQL) => value(entityId, amount) } : {}),
    }),
    agencyName,
    /** The edifice of the market of the source's row, then the name of its agency. */
    marketAndAgency: (entityId: SQL): { marketEdifice: ListColumn; agencyName: ListColumn } => ({
      marketEdifice: column(
        entityId,
        sql.raw(`(SELECT wm.edifice FROM markets wm WHERE wm.id = ${source.alias}.market_id)`),
        'text',
        'Marché',
      ),
      agencyName: agencyName(entityId),
    }),
  };
}
