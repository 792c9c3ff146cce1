import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { AuditContext } from '../../platform/audit.js';
import { rowsOf } from '../../platform/sql-rows.js';
import { attachmentWorkItem } from '../attachments/index.js';
import { moveBySystem, placeBySystem } from '../workflow/index.js';
import { nodeJoin } from './statement-store.js';

/**
 * A statement's payment moves the attachments it invoices to `att_paid` (docs/decisions.md "Monthly
 * statements: detail and list gaps"): along the workflow's own links (att_validated → att_to_prepared →
 * att_prepared_for_payment → att_to_paid → att_paid), fired by the system in the payment's transaction,
 * each step in the attachment's history with the comment below. Cancelling the payment (DANGEROUSLY_REVERT)
 * puts back on att_validated the attachments this payment moved (their last move into att_paid carries
 * this statement's comment); an attachment paid otherwise stays.
 */
export const paidComment = (statementId: number) => `Situation n° ${statementId} payée`;
export const unpaidComment = (statementId: number) => `Paiement de la situation n° ${statementId} annulé`;

const PAYMENT_PATH: Record<string, readonly string[]> = {
  att_validated: ['att_to_prepared', 'att_to_paid'],
  att_prepared_for_payment: ['att_to_paid'],
};

export async function moveInvoicedToPaid(tx: Database, statementId: number, context: AuditContext): Promise<void> {
  const invoiced = await rowsOf<{ id: number; nodeCode: string | null }>(
    tx,
    sql`SELECT att.id, n.code AS "nodeCode" FROM monthly_statement_attachments msa JOIN attachments att ON att.id = msa.attachment_id
      ${nodeJoin} WHERE msa.statement_id = ${statementId} ORDER BY att.id`,
  );
  for (const attachment of invoiced) {
    for (const transitionCode of PAYMENT_PATH[attachment.nodeCode ?? ''] ?? []) {
      await moveBySystem(
        tx,
        {
          item: attachmentWorkItem,
          entityId: attachment.id,
          transitionCode,
          userId: context.principal?.userId ?? null,
          comment: paidComment(statementId),
        },
        context,
      );
    }
  }
}

export async function moveInvoicedBackFromPaid(tx: Database, statementId: number, context: AuditContext): Promise<void> {
  const moved = await rowsOf<{ id: number }>(
    tx,
    sql`SELECT att.id FROM monthly_statement_attachments msa JOIN attachments att ON att.id = msa.attachment_id ${nodeJoin}
      WHERE msa.statement_id = ${statementId} AND n.code = 'att_paid'
        AND (SELECT h.comment FROM workflow_token_history h WHERE h.token_id = t.id AND h.to_node_id = t.node_id
          ORDER BY h.id DESC LIMIT 1) = ${paidComment(statementId)}
      ORDER BY att.id`,
  );
  for (const attachment of moved) {
    await placeBySystem(
      tx,
      {
        item: attachmentWorkItem,
        entityId: attachment.id,
        nodeCode: 'att_validated',
        userId: context.principal?.userId ?? null,
        comment: unpaidComment(statementId),
      },
      context,
    );
  }
}
