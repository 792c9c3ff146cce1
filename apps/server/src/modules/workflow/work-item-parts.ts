import type { EntityCode } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { ListColumn } from '../../platform/list-definition.js';
import { can, type Principal } from '../../platform/principal.js';

/** A list's scope rule on a row's project and agency (`marketScope`, `orderScope`): undefined sees every row. */
export type ProjectAgencyScope = (principal: Principal, row: { projectId: SQL; agencyId: SQL }) => SQL | undefined;

/**
 * Where a kind reads one item: `from` its table (and the tables its scope reads), `key` the item's id
 * there, `alias` the table whose `project_id` and `agency_id` the scope rule reads.
 */
export type WorkItemSource = { from: SQL; key: SQL; alias: string };

/** The project and agency columns of the table named `alias`. */
function projectAndAgency(alias: string): { projectId: SQL; agencyId: SQL } {
  return { projectId: sql.raw(`${alias}.project_id`), agencyId: sql.raw(`${alias}.agency_id`) };
}

/** A profile's visibility on the rows of `alias`: the read right on `entity`, then the list's scope rule. */
export function readableScope(
  principal: Principal,
  entity: EntityCode,
  rule: ProjectAgencyScope,
  alias: string,
): SQL | undefined {
  return can(principal, entity, 'read') ? rule(principal, projectAndAgency(alias)) : sql`FALSE`;
}

/** `WorkItemKind.scope` of items read from `source`: the read right on `entity`, then the list's scope rule. */
export function workItemScope(
  entity: EntityCode,
  rule: ProjectAgencyScope,
  source: WorkItemSource,
): (principal: Principal, entityId: SQL) => SQL {
  return (principal, entityId) => {
    if (!can(principal, entity, 'read')) {
      return sql`FALSE`;
    }
    const scope = rule(principal, projectAndAgency(source.alias));
    return sql`EXISTS (SELECT 1 FROM ${source.from} WHERE ${source.key} = ${entityId}${scope ? sql` AND ${scope}` : sql``})`;
  };
}

/** An expression read on the item `entityId` of `source`, as a scalar subquery (labels, amounts, columns). */
export function itemValue(source: WorkItemSource, entityId: SQL, expression: SQL): SQL {
  return sql`(SELECT ${expression} FROM ${source.from} WHERE ${source.key} = ${entityId})`;
}

/** The name of the agency of the row `alias` (its `agency_id`), a text column of the node screen. */
export function agencyNameColumn(source: WorkItemSource, entityId: SQL, alias: string): ListColumn {
  const agency = sql.raw(`(SELECT wa.name FROM agencies wa WHERE wa.id = ${alias}.agency_id)`);
  return { sql: itemValue(source, entityId, agency), kind: 'text', label: 'Agence' };
}

/** The edifice of the market of the row `alias` (its `market_id`), a text column of the node screen. */
export function marketEdificeColumn(source: WorkItemSource, entityId: SQL, alias: string): ListColumn {
  const edifice = sql.raw(`(SELECT wm.edifice FROM markets wm WHERE wm.id = ${alias}.market_id)`);
  return { sql: itemValue(source, entityId, edifice), kind: 'text', label: 'Marché' };
}
