import { type RgWarrantyMove, type RgWarrantyStatus, rgWarrantyMoveRefusal } from '@isf/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { oracleRgWarranties } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { businessRefusal, notFound } from '../../platform/errors.js';

/** ISF's number of an attachment's retention invoice (one per attachment, so a resend finds it in the ERP). */
const INVOICE_PREFIX = 'ISF-RG-A';

/**
 * The RG released in a paid statement become ERP retention warranties (PROCESSING), with the amount
 * each release recorded; a release that already has one is left alone. Returns the new warranties' ids.
 */
export async function recordStatementWarranties(db: Database, statementId: number, context: AuditContext): Promise<number[]> {
  return db.transaction(async (transaction) => {
    const created = (
      (await transaction.execute(sql`
        INSERT INTO oracle_rg_warranties (attachment_id, statement_id, amount, invoice_number)
        SELECT r.attachment_id, r.statement_id, r.amount, ${INVOICE_PREFIX} || r.attachment_id
        FROM monthly_statement_rg_releases r
        JOIN monthly_statements s ON s.id = r.statement_id
        WHERE r.statement_id = ${statementId} AND s.paid_at IS NOT NULL
        ORDER BY r.attachment_id
        ON CONFLICT (attachment_id) DO NOTHING
        RETURNING id, attachment_id AS "attachmentId", amount`)) as unknown as {
        rows: { id: number; attachmentId: number; amount: string }[];
      }
    ).rows;
    for (const row of created) {
      await recordAudit(transaction, context, {
        entity: 'warranty',
        entityId: row.id,
        action: 'create',
        after: { ...row, statementId },
      });
    }
    return created.map((row) => row.id).sort((left, right) => left - right);
  });
}

type StatusChange = { status: RgWarrantyStatus; statusReason: string | null; erpInvoiceId?: string | null };

/**
 * A person's move of a warranty's status (spec 2 ERP retention warranties): success with the invoice
 * name, error with the reason, back to processing (never when already PROCESSING). Refusals are 422.
 */
export async function moveWarranty(
  db: Database,
  id: number,
  move: RgWarrantyMove,
  statusReason: string | null,
  context: AuditContext,
): Promise<void> {
  await db.transaction(async (transaction) => {
    const [before] = await transaction.select().from(oracleRgWarranties).where(eq(oracleRgWarranties.id, id)).for('update');
    if (!before) {
      throw notFound();
    }
    const refusal = rgWarrantyMoveRefusal(before.status, move);
    if (refusal) {
      throw businessRefusal(refusal);
    }
    const change: StatusChange =
      move === 'processing'
        ? { status: 'PROCESSING', statusReason: null }
        : { status: move === 'success' ? 'SUCCESS' : 'ERROR', statusReason };
    await writeStatus(transaction, id, change);
    await recordAudit(transaction, context, {
      entity: 'warranty',
      entityId: id,
      action: `rg_${move}`,
      before: { status: before.status, statusReason: before.statusReason },
      after: change,
    });
  });
}

/** Writes a warranty's status (the send job's outcome, or a person's move). */
export async function writeStatus(db: Database, id: number, change: StatusChange): Promise<void> {
  await db
    .update(oracleRgWarranties)
    .set({
      status: change.status,
      statusReason: change.statusReason,
      ...(change.erpInvoiceId !== undefined ? { erpInvoiceId: change.erpInvoiceId } : {}),
      version: sql`${oracleRgWarranties.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(oracleRgWarranties.id, id));
}
