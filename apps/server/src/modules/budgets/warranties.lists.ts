import { sql } from 'drizzle-orm';
import { defineList, type ListColumn } from '../../platform/list-engine.js';
import { WARRANTY_SUMMARY_SUMS, warrantyList, warrantySummary } from '../warranties/index.js';

/**
 * The budget's retentions and guarantees (spec 2 Budget warranties, docs/money.md "Budgets"): the order
 * warranties list (`warranties` module: the RG withheld, released and left of the order's validated
 * attachments, the deposits they consumed), plus the deposits paid for the order and the payment
 * guarantee of its project, which replaces the retention (loi 71-584): the RG left it covers. The deposits
 * paid are stored on the order (`orders.deposit_paid`, kept by a trigger on the deposits), and the count and
 * totals read the orders summed ahead (`order_summaries`, docs/decisions.md "Order summaries"): the covered RG
 * of the summary rows whose project (a key of the summary) is among the guaranteed ones.
 */
const joinProject = sql`JOIN projects gp ON gp.id = o.project_id`;

const base = warrantyList.columns;
const pick = (...names: string[]) =>
  Object.fromEntries(names.flatMap((name) => (base[name] ? [[name, base[name]] as const] : [])));

const rgLeft = base.rgLeft;
const columns: Record<string, ListColumn> = {
  ...pick('id', 'reference', 'marketId', 'marketEdifice', 'projectId', 'projectName', 'total', 'rg', 'rgReleased', 'rgLeft'),
  depositAmount: { sql: sql`o.deposit_paid`, kind: 'money', label: 'Avances versées (€)', summable: true },
  ...pick('depositUsed'),
  paymentGuarantee: {
    sql: sql`gp.payment_guarantee`,
    kind: 'boolean',
    label: 'Caution (loi 71-584)',
    joined: true,
    join: joinProject,
  },
  rgCoveredByGuarantee: {
    sql: sql`(CASE WHEN gp.payment_guarantee THEN ${rgLeft?.sql} ELSE 0 END)::numeric(18, 2)`,
    kind: 'money',
    label: 'RG couverte par la caution (€)',
    summable: true,
    joined: true,
    join: [joinProject, ...[rgLeft?.join ?? []].flat()],
  },
};

/** GET /budget/warranties: the order warranties, newest first, scoped as orders. */
export const budgetWarrantyList = defineList({
  ...warrantyList,
  name: 'budget-warranties',
  from: sql`${warrantyList.from} ${joinProject}`,
  columns,
  stored: warrantySummary([], {
    ...WARRANTY_SUMMARY_SUMS,
    depositAmount: sql`s.deposit_paid`,
    // the guaranteed projects read once (a hashed subplan over `projects_payment_guarantee_idx`), not a
    // project looked up per summary row
    rgCoveredByGuarantee: sql`(CASE WHEN s.project_id IN (SELECT gp.id FROM projects gp WHERE gp.payment_guarantee)
        THEN s.rg_held - s.rg_released ELSE 0.00 END)`,
  }),
});
