import { BUDGET_CURRENCY } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { OdCriteria } from '../src/modules/budgets/index.js';
import { marketScope } from '../src/modules/markets/index.js';
import { defineList, type ListColumn, type ListDefinition } from '../src/platform/list-engine.js';

/**
 * The OD mask as it was before the stored OD rows (the oracle of `budget_od_rows` and its triggers,
 * `budget-od.oracle.test.ts`): every invoiced attachment of the statements in the range grouped per
 * prestation type of its lines, then joined, in one query.
 */
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

/** The former `GET /budget/od` list for a date range. */
export function formerOdList(criteria: OdCriteria): ListDefinition {
  return defineList({
    name: 'budget-od',
    from: grouped(criteria),
    idColumn: 'id',
    columns,
    defaultSort: { column: 'statementDate', direction: 'desc' },
    scope: (principal) => marketScope(principal, { projectId: sql`od.project_id`, agencyId: sql`od.agency_id` }),
  });
}

/**
 * The OD rows recomputed from the links and lines, as `budget_od_rows` should hold them (texts, by id):
 * what the test compares with the stored table.
 */
export const RECOMPUTED_OD_ROWS = sql`SELECT min(al.id) AS id, ms.id AS statement_id, ms.date::text AS statement_date,
    ms.market_id, msa.attachment_id, pr.type_id, sum(al.total)::numeric(18, 2)::text AS amount
  FROM monthly_statement_attachments msa
  JOIN monthly_statements ms ON ms.id = msa.statement_id
  JOIN attachment_lines al ON al.attachment_id = msa.attachment_id
  JOIN prestations pr ON pr.id = al.prestation_id
  GROUP BY ms.id, msa.attachment_id, pr.type_id
  ORDER BY 1`;

export const STORED_OD_ROWS = sql`SELECT id, statement_id, statement_date::text AS statement_date, market_id, attachment_id,
    type_id, amount::text AS amount
  FROM budget_od_rows ORDER BY id`;
