import { type SQL, sql } from 'drizzle-orm';
import { depositList } from '../src/modules/deposits/index.js';
import type { ListColumn, ListDefinition } from '../src/platform/list-engine.js';

/**
 * The deposits list as it was before `deposits.used` (migration 0046): what the attachments consumed of each
 * deposit summed per row in a lateral subquery, counted and totalled over every join. The oracle of
 * `list-totals.oracle.test.ts`.
 */
const formerFrom = sql`deposits d
  JOIN markets m ON m.id = d.market_id
  JOIN projects p ON p.id = m.project_id
  JOIN agencies a ON a.id = m.agency_id
  LEFT JOIN orders o ON o.id = d.order_id
  LEFT JOIN LATERAL (SELECT coalesce(sum(ad.amount), 0)::numeric(14, 2) AS used FROM attachment_deposits ad WHERE ad.deposit_id = d.id) u ON TRUE`;

const formerSql: Record<string, SQL> = {
  depositUsed: sql`u.used`,
  remaining: sql`greatest(d.amount - u.used, 0)`,
};

export const formerDepositList: ListDefinition = (() => {
  const { countFrom: _countFrom, ...rest } = depositList;
  return {
    ...rest,
    from: formerFrom,
    columns: Object.fromEntries(
      Object.entries(depositList.columns).map(([name, { joined: _joined, ...column }]): [string, ListColumn] => [
        name,
        { ...column, sql: formerSql[name] ?? column.sql },
      ]),
    ),
  };
})();
