import { BUDGET_CURRENCY, BUDGET_OD_DATE_MESSAGE, BUDGET_OD_RANGE_MESSAGE, calendarDate } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../platform/errors.js';
import { defineList, type ListColumn, type ListDefinition } from '../../platform/list-engine.js';
import { joinedMarketScope } from '../markets/index.js';

/**
 * The OD mask (spec 2 Budget OD, docs/money.md "Budgets"): one row per attachment invoiced in a monthly
 * statement dated in the range and per prestation type of its lines, with the sum of those line totals
 * (so an attachment's rows add up to its amount). Sender eOTP: the order's imputation (the project that
 * bears the cost); receiver eOTP: the market's eOTP ST (the team doing the work). The row id is the
 * smallest attachment line id of the group: stable, one per row.
 *
 * The rows are stored ahead (`budget_od_rows`, kept by triggers: docs/decisions.md "Budget OD rows"): the
 * page walks `(statement_date, id)` and joins its 50 rows, the count and the totals read one month's rows
 * and their market (the scope); the attachment, order, imputation and type are joined only for the rows
 * shown, or when a filter or the sort reads them.
 */
const dateText = z.union([z.undefined(), z.literal(''), calendarDate(BUDGET_OD_DATE_MESSAGE)]);

export const odCriteriaSchema = z
  .object({ startDate: dateText, endDate: dateText })
  .transform((value) => ({ startDate: value.startDate || null, endDate: value.endDate || null }))
  .refine((value) => value.startDate === null || value.endDate === null || value.startDate <= value.endDate, {
    error: BUDGET_OD_RANGE_MESSAGE,
    path: ['endDate'],
  });

export type OdCriteria = z.output<typeof odCriteriaSchema>;

function dateRange(criteria: OdCriteria): SQL | undefined {
  const conditions: SQL[] = [];
  if (criteria.startDate) {
    conditions.push(sql`od.statement_date >= ${criteria.startDate}::date`);
  }
  if (criteria.endDate) {
    conditions.push(sql`od.statement_date <= ${criteria.endDate}::date`);
  }
  return conditions.length === 0 ? undefined : sql.join(conditions, sql` AND `);
}

const base = sql`budget_od_rows od JOIN markets m ON m.id = od.market_id`;
const joinAttachment = sql`JOIN attachments att ON att.id = od.attachment_id`;
const joinOrder = sql`JOIN orders o ON o.id = att.order_id`;
const joinImputation = sql`LEFT JOIN imputations i ON i.id = o.imputation_id`;
const joinType = sql`JOIN prestation_types pt ON pt.id = od.type_id`;

const columns: Record<string, ListColumn> = {
  id: { sql: sql`od.id`, kind: 'id', label: 'ID', hiddenInCsv: true },
  statementId: { sql: sql`od.statement_id`, kind: 'id', label: 'Situation (id)', hiddenInCsv: true },
  statementDate: {
    sql: sql`od.statement_date::text`,
    orderSql: sql`od.statement_date`,
    kind: 'date',
    label: 'Date de la situation',
  },
  attachmentId: { sql: sql`od.attachment_id`, kind: 'id', label: 'Attachement (id)', hiddenInCsv: true },
  attachmentReference: {
    sql: sql`att.reference`,
    kind: 'text',
    label: 'Attachement',
    grams: true,
    joined: true,
    join: joinAttachment,
  },
  senderEotp: {
    sql: sql`i.eotp`,
    kind: 'text',
    label: 'eOTP émetteur',
    joined: true,
    join: [joinAttachment, joinOrder, joinImputation],
  },
  receiverEotp: { sql: sql`m.eotp_st`, kind: 'text', label: 'eOTP récepteur' },
  amountHt: { sql: sql`od.amount`, kind: 'money', label: 'Montant HT', summable: true },
  prestationTypeName: { sql: sql`pt.name`, kind: 'text', label: 'Type de prestation', joined: true, join: joinType },
  currency: { sql: sql`${BUDGET_CURRENCY}::text`, kind: 'text', label: 'Devise', sortable: false, filterable: false },
};

/** GET /budget/od for a date range: newest statements first, scoped as markets. */
export function odList(criteria: OdCriteria): ListDefinition {
  const range = dateRange(criteria);
  return defineList({
    name: 'budget-od',
    from: sql`${base} ${joinAttachment} ${joinOrder} ${joinImputation} ${joinType}`,
    countFrom: base,
    idColumn: 'id',
    columns,
    defaultSort: { column: 'statementDate', direction: 'desc' },
    ...(range ? { where: range } : {}),
    scope: joinedMarketScope,
  });
}

/** Takes the date range off a query or form; 400 with the French reason when malformed. */
export function odCriteria(wire: Record<string, unknown>): { definition: ListDefinition; wire: Record<string, unknown> } {
  const { startDate, endDate, ...rest } = wire;
  const parsed = odCriteriaSchema.safeParse({ startDate, endDate });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'startDate');
    throw badRequest(issue?.message ?? BUDGET_OD_DATE_MESSAGE, { [field]: issue?.message ?? BUDGET_OD_DATE_MESSAGE });
  }
  return { definition: odList(parsed.data), wire: rest };
}
