import { sql } from 'drizzle-orm';

/**
 * From an order `o` to the parties its documents name: its agency `a` and company `c`, its project `p` and
 * the project's business unit `bu`, its ERP project `op` and task `ot`. The printed order (modules/orders)
 * and the purchase order sent to the ERP (modules/erp-exchange) read the same parties through it; write it
 * after `FROM orders o`.
 */
export const ORDER_PARTIES_JOINS = sql`JOIN agencies a ON a.id = o.agency_id
  JOIN companies c ON c.id = a.company_id
  JOIN projects p ON p.id = o.project_id
  LEFT JOIN business_units bu ON bu.id = p.business_unit_id
  LEFT JOIN oracle_projects op ON op.id = o.oracle_project_id
  LEFT JOIN oracle_tasks ot ON ot.id = o.oracle_task_id`;
