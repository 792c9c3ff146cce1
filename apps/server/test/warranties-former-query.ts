import { ATTACHMENT_ENTITY, ATTACHMENT_VALIDATED_NODES, type ListQuery, type WarrantyCriteria } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { releasedRgSql, rgReleaseDateSql } from '../src/modules/attachments/index.js';
import { warrantyCondition, warrantyList } from '../src/modules/warranties/index.js';
import { runList } from '../src/platform/list-engine.js';

/**
 * The order warranties list as it was before the figures were stored on the orders (the oracle of the
 * stored figures): one query summing each order's validated attachments in a lateral subquery, the
 * release date and the released RG read per attachment, "hide empty RG" on the sum.
 */
const validatedNodes = sql.join(
  ATTACHMENT_VALIDATED_NODES.map((code) => sql`${code}`),
  sql`, `,
);

const joinWarranty = sql`LEFT JOIN LATERAL (
    SELECT coalesce(sum(x.rg), 0)::numeric(14, 2) AS rg,
      coalesce(sum(x.deposit_used), 0)::numeric(14, 2) AS deposit_used,
      coalesce(sum(x.rg) FILTER (WHERE x.release_date IS NOT NULL AND x.released IS NULL), 0)::numeric(14, 2)
        AS rg_to_release,
      coalesce(sum(x.released), 0)::numeric(14, 2) AS rg_released,
      coalesce(sum(x.released) FILTER (WHERE x.deposit_used > 0), 0)::numeric(14, 2) AS rg_from_deposit_released
    FROM (
      SELECT att.rg, att.deposit_used, ${rgReleaseDateSql('att', 'o')} AS release_date, ${releasedRgSql('att')} AS released
      FROM attachments att
      JOIN workflow_tokens awt ON awt.entity_name = ${ATTACHMENT_ENTITY} AND awt.entity_id = att.id
      JOIN workflow_nodes awn ON awn.id = awt.node_id
      WHERE att.order_id = o.id AND awn.code IN (${validatedNodes})
    ) x
  ) w ON TRUE`;

const formerSums: Record<string, SQL> = {
  rg: sql`w.rg`,
  depositUsed: sql`w.deposit_used`,
  rgToRelease: sql`w.rg_to_release`,
  rgReleased: sql`w.rg_released`,
  rgLeft: sql`(w.rg - w.rg_released)`,
  rgFromDepositReleased: sql`w.rg_from_deposit_released`,
};

const { countFrom: _countFrom, ...single } = warrantyList;

const formerList = {
  ...single,
  from: sql`${warrantyList.from} ${joinWarranty}`,
  columns: Object.fromEntries(
    Object.entries(warrantyList.columns).map(([name, { join: _join, joined: _joined, ...column }]) => [
      name,
      { ...column, ...(formerSums[name] ? { sql: formerSums[name] } : {}) },
    ]),
  ),
};

/** The former list's reply for the screen's criteria and a list query. */
export function formerWarranties(db: Database, criteria: WarrantyCriteria, query: ListQuery) {
  const base = warrantyCondition({ ...criteria, hideEmptyRg: false });
  const where = criteria.hideEmptyRg ? sql`${base ?? sql`TRUE`} AND w.rg > 0` : base;
  return runList(db, { ...formerList, where }, query, null);
}
