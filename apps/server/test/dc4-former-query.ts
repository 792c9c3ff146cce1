import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { attachmentValidatedSql, dc4List, orderOrderedSql } from '../src/modules/budgets/index.js';
import { type ListColumn, parseListQuery, runList } from '../src/platform/list-engine.js';

/**
 * The DC4 list as it was before the market figures were stored (the oracle of `market_figures`): each
 * market's sums read through its orders, their validated attachments and the statements invoicing them,
 * and its validated or closed orders, in lateral subqueries.
 */
const joinDone = sql`LEFT JOIN LATERAL (
    SELECT coalesce(sum(att.amount) FILTER (WHERE ms.paid_at IS NOT NULL), 0)::numeric(18, 2) AS paid,
      coalesce(sum(att.amount) FILTER (WHERE ms.id IS NOT NULL AND ms.paid_at IS NULL), 0)::numeric(18, 2) AS in_statement,
      coalesce(sum(att.amount) FILTER (WHERE ms.id IS NULL), 0)::numeric(18, 2) AS not_invoiced,
      coalesce(sum(att.amount), 0)::numeric(18, 2) AS total
    FROM orders o
    JOIN attachments att ON att.order_id = o.id
    LEFT JOIN monthly_statement_attachments msa ON msa.attachment_id = att.id
    LEFT JOIN monthly_statements ms ON ms.id = msa.statement_id
    WHERE o.market_id = m.id AND ${attachmentValidatedSql('att')}
  ) d ON TRUE`;
const joinOrdered = sql`LEFT JOIN LATERAL (
    SELECT coalesce(sum(o.total), 0)::numeric(18, 2) AS ordered
    FROM orders o WHERE o.market_id = m.id AND ${orderOrderedSql('o')}
  ) r ON TRUE`;

const available = sql`(m.max_amount_dc4 - d.total)`;
const rad = sql`(r.ordered - d.total)`;
const former: Record<string, ListColumn['sql']> = {
  amountPayedAttachments: sql`d.paid`,
  amountMonthlyStatementAttachments: sql`d.in_statement`,
  amountValidatedAttachments: sql`d.not_invoiced`,
  totalAttachementAmount: sql`d.total`,
  availableOnDc4: available,
  amountOrdered: sql`r.ordered`,
  radAmount: rad,
  availableOnDc4WithRAD: sql`(${available} - ${rad})`,
};

const { countFrom: _countFrom, ...single } = dc4List;
const formerList = {
  ...single,
  from: sql`markets m JOIN projects p ON p.id = m.project_id JOIN agencies a ON a.id = m.agency_id ${joinDone} ${joinOrdered}`,
  columns: Object.fromEntries(
    Object.entries(dc4List.columns).map(([name, { join: _join, joined: _joined, ...column }]) => [
      name,
      { ...column, ...(former[name] ? { sql: former[name] } : {}) },
    ]),
  ),
};

/** The DC4 rows of these markets, by the list as it is and as it was (with the totals). */
export async function dc4NowAndBefore(db: Database, marketIds: readonly number[]) {
  const where = sql`m.id IN (${sql.join(
    marketIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const query = parseListQuery({ sort: 'id,asc', size: '50', summary: 'true' });
  return {
    now: await runList(db, { ...dc4List, where }, query, null),
    before: await runList(db, { ...formerList, where }, query, null),
  };
}
