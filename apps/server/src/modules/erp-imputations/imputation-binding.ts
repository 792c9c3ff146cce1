import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { rowsOf } from '../../platform/sql-rows.js';

export type BindCounts = { bound: number; alreadySent: number; changed: number };

type Row = Record<string, unknown>;

/**
 * Step 3: binds every order whose ISF imputation has the eOTP of a synchronised ERP imputation to that
 * imputation (an order to one imputation at most: a re-import moving the eOTP moves the order), and
 * gives the orders not yet in the ERP (no ERP id) the imputation's ERP project and task — the order's
 * version moves and an audit row says so. Orders already in the ERP are bound but keep their ERP
 * fields (spec 2 §5: ERP fields are frozen once the order has its ERP id). One transaction.
 */
export async function bindOrders(db: Database, context: AuditContext): Promise<BindCounts> {
  return db.transaction(async (transaction) => {
    const candidates = await rowsOf<{
      orderId: number;
      imputationId: number;
      oracleProjectId: number;
      oracleTaskId: number;
      sent: boolean;
      beforeProject: number | null;
      beforeTask: number | null;
    }>(
      transaction,
      sql`
        SELECT o.id AS "orderId", oi.id AS "imputationId", oi.oracle_project_id AS "oracleProjectId",
          oi.oracle_task_id AS "oracleTaskId", (o.oracle_id IS NOT NULL) AS sent,
          o.oracle_project_id AS "beforeProject", o.oracle_task_id AS "beforeTask"
        FROM orders o
        JOIN imputations i ON i.id = o.imputation_id
        JOIN oracle_imputations oi ON upper(oi.eotp) = upper(i.eotp)
        WHERE oi.sync_status = 'SYNCED' AND oi.oracle_project_id IS NOT NULL AND oi.oracle_task_id IS NOT NULL
        ORDER BY o.id
        FOR UPDATE OF o`,
    );
    if (candidates.length === 0) {
      return { bound: 0, alreadySent: 0, changed: 0 };
    }
    await transaction.execute(sql`
      INSERT INTO oracle_imputation_orders (oracle_imputation_id, order_id)
      SELECT oi.id, o.id
      FROM orders o
      JOIN imputations i ON i.id = o.imputation_id
      JOIN oracle_imputations oi ON upper(oi.eotp) = upper(i.eotp)
      WHERE oi.sync_status = 'SYNCED' AND oi.oracle_project_id IS NOT NULL AND oi.oracle_task_id IS NOT NULL
      ON CONFLICT (order_id) DO UPDATE SET oracle_imputation_id = excluded.oracle_imputation_id, bound_at = now()`);
    const toChange = candidates.filter(
      (row) => !row.sent && (row.beforeProject !== row.oracleProjectId || row.beforeTask !== row.oracleTaskId),
    );
    for (const row of toChange) {
      await transaction.execute(sql`
        UPDATE orders SET oracle_project_id = ${row.oracleProjectId}, oracle_task_id = ${row.oracleTaskId},
          version = version + 1, updated_at = now()
        WHERE id = ${row.orderId}`);
      await recordAudit(transaction, context, {
        entity: 'order',
        entityId: row.orderId,
        action: 'oracle_imputation_bind',
        before: { oracleProject: row.beforeProject, oracleTask: row.beforeTask },
        after: { oracleProject: row.oracleProjectId, oracleTask: row.oracleTaskId, oracleImputation: row.imputationId },
      });
    }
    const counts = {
      bound: candidates.length,
      alreadySent: candidates.filter((row) => row.sent).length,
      changed: toChange.length,
    };
    await recordAudit(transaction, context, {
      entity: 'oracle_imputation',
      entityId: null,
      action: 'bind_orders',
      after: counts,
    });
    return counts;
  });
}

/** The bound orders step 4 sends: without ERP id, in id order. */
export async function ordersToSend(db: Database): Promise<number[]> {
  const rows = await rowsOf<Row & { id: number }>(
    db,
    sql`
      SELECT o.id FROM oracle_imputation_orders oio JOIN orders o ON o.id = oio.order_id
      WHERE o.oracle_id IS NULL ORDER BY o.id`,
  );
  return rows.map((row) => row.id);
}
