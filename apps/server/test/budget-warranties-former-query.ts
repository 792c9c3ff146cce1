import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { budgetWarrantyList } from '../src/modules/budgets/index.js';
import { type ListDefinition, type PageQuery, runList } from '../src/platform/list-engine.js';
import type { Principal } from '../src/platform/principal.js';

/**
 * The budget's retentions and guarantees as they were before the order summaries (the oracle of
 * `orders.deposit_paid` and `order_summaries`): the deposits paid summed per order in a lateral subquery,
 * the count and totals over every order of the list.
 */
const joinDeposits = sql`LEFT JOIN LATERAL (
    SELECT coalesce(sum(dep.amount), 0)::numeric(18, 2) AS amount FROM deposits dep WHERE dep.order_id = o.id
  ) dp ON TRUE`;

const { stored: _stored, countFrom: _countFrom, ...single } = budgetWarrantyList;

const formerList: ListDefinition = {
  ...single,
  from: sql`${budgetWarrantyList.from} ${joinDeposits}`,
  columns: Object.fromEntries(
    Object.entries(budgetWarrantyList.columns).map(([name, { join: _join, joined: _joined, ...column }]) => [
      name,
      name === 'depositAmount' ? { ...column, sql: sql`dp.amount` } : column,
    ]),
  ),
};

/** The list's reply now and the former one's, for the same query and caller. */
export async function budgetWarrantiesNowAndBefore(db: Database, query: PageQuery, principal: Principal | null) {
  return {
    now: await runList(db, budgetWarrantyList, query, principal),
    before: await runList(db, formerList, query, principal),
  };
}
