import { BUDGET_CURRENCY, BUDGET_OD_DATE_MESSAGE, BUDGET_OD_RANGE_MESSAGE, calendarDate } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../platform/errors.js';
import { defineList, type ListColumn, type ListDefinition } from '../../platform/list-engine.js';
import { marketScope } from '../markets/index.js';

/**
 * The OD mask (spec 2 Budget OD, docs/money.md "Budgets"): one row per attachment invoiced in a monthly
 * statement dated in the range and per prestation type of its lines, with the sum of those line totals
 * (so an attachment's rows add up to its amount). Sender eOTP: the order's imputation (the project that
 * bears the cost); receiver eOTP: the market's eOTP ST (the team doing the work). The row id is the
 * smallest attachment line id of the group: stable, one per row. The date range is applied inside the
 * grouped subquery, through `monthly_statements_date_idx`, before anything is summed.
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

function grouped(criteria: OdCriteria): SQL {
  const conditions: SQL[] = [sql`TRUE`];
  if (criteria.startDate) {
    conditions.push(sql`ms.date >= ${criteria.startDate}::date`);
  }
  if (criteria.endDate) {
    conditions.push(sql`ms.date <= ${criteria.endDate}::date`);
  }
  return sql`(SELECT min(al.id) AS id, ms.id AS statement_id, ms.date AS statement_date, att.id AS attachment_id,
      att.reference AS attachment_reference, o.imputation_id, m.eotp_st, m.project_id, m.agency_id, pr.type_id,
      sum(al.total)::numeric(18, 2) AS amount
    FROM monthly_statements ms
    JOIN markets m ON m.id = ms.market_id
    JOIN monthly_statement_attachments msa ON msa.statement_id = ms.id
    JOIN attachments att ON att.id = msa.attachment_id
    JOIN orders o ON o.id = att.order_id
    JOIN attachment_lines al ON al.attachment_id = att.id
    JOIN prestations pr ON pr.id = al.prestation_id
    WHERE ${sql.join(conditions, sql` AND `)}
    GROUP BY ms.id, ms.date, att.id, att.reference, o.imputation_id, m.eotp_st, m.project_id, m.agency_id, pr.type_id) od
    LEFT JOIN imputations i ON i.id = od.imputation_id
    JOIN prestation_types pt ON pt.id = od.type_id`;
}

const columns: Record<string, ListColumn> = {
  id: { sql: sql`od.id`, kind: 'id', label: 'ID', hiddenInCsv: true },
  statementId: { sql: sql`od.statement_id`, kind: 'id', label: 'Situation (id)', hiddenInCsv: true },
  statementDate: { sql: sql`od.statement_date::text`, kind: 'date', label: 'Date de la situation' },
  attachmentId: { sql: sql`od.attachment_id`, kind: 'id', label: 'Attachement (id)', hiddenInCsv: true },
  attachmentReference: { sql: sql`od.attachment_reference`, kind: 'text', label: 'Attachement' },
  senderEotp: { sql: sql`i.eotp`, kind: 'text', label: 'eOTP émetteur' },
  receiverEotp: { sql: sql`od.eotp_st`, kind: 'text', label: 'eOTP récepteur' },
  amountHt: { sql: sql`od.amount`, kind: 'money', label: 'Montant HT', summable: true },
  prestationTypeName: { sql: sql`pt.name`, kind: 'text', label: 'Type de prestation' },
  currency: { sql: sql`${BUDGET_CURRENCY}::text`, kind: 'text', label: 'Devise', sortable: false, filterable: false },
};

/** GET /budget/od for a date range: newest statements first, scoped as markets. */
export function odList(criteria: OdCriteria): ListDefinition {
  return defineList({
    name: 'budget-od',
    from: grouped(criteria),
    idColumn: 'id',
    columns,
    defaultSort: { column: 'statementDate', direction: 'desc' },
    scope: (principal) => marketScope(principal, { projectId: sql`od.project_id`, agencyId: sql`od.agency_id` }),
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
