import { ATTACHMENT_ERP_QUEUED_MESSAGE, attachmentErpSendRefusal } from '@isf/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { attachments } from '../../db/schema/index.js';
import { access } from '../../platform/access.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { businessRefusal, notFound } from '../../platform/errors.js';
import { requireInScope } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { tokenOfItem } from '../workflow/index.js';
import { ATTACHMENT_ENTITY, attachmentList } from './attachments.lists.js';

/**
 * Queues the attachment's send to the ERP (its receipt): a validated attachment without ERP id, not being
 * sent, waits with oracleStatus TO_SEND, as orders do. The send itself (the ERP job, its adapter and the
 * statuses it writes back) comes with the ERP issue, which reads the TO_SEND attachments.
 */
export async function queueAttachmentErpSend(database: Database, id: number, context: AuditContext): Promise<void> {
  await database.transaction(async (tx) => {
    const [before] = await tx
      .select({
        id: attachments.id,
        oracleId: attachments.oracleId,
        oracleStatus: attachments.oracleStatus,
        canSendToOracle: attachments.canSendToOracle,
      })
      .from(attachments)
      .where(eq(attachments.id, id))
      .for('update');
    if (!before) {
      throw notFound();
    }
    const token = await tokenOfItem(tx, ATTACHMENT_ENTITY, id);
    const refusal = attachmentErpSendRefusal({ ...before, nodeCode: token?.node.nodeCode ?? null });
    if (refusal) {
      throw businessRefusal(refusal);
    }
    // a system fact, not an edit of the attachment: its version does not move (an edit in progress stays valid)
    await tx
      .update(attachments)
      .set({ oracleStatus: 'TO_SEND', canSendToOracle: true, updatedAt: sql`now()` })
      .where(eq(attachments.id, id));
    await recordAudit(tx, context, {
      entity: ATTACHMENT_ENTITY,
      entityId: id,
      action: 'erp_send',
      before,
      after: { ...before, oracleStatus: 'TO_SEND', canSendToOracle: true },
    });
  });
}

/** POST /oracle/attachement/{id} (spec 2 §7): the detail's Send to ERP, with the attachment update right. */
export function registerAttachmentErpRoutes(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/oracle/attachement/:id',
    {
      schema: { params: idParams },
      config: { access: access.right(ATTACHMENT_ENTITY, 'update') },
      preHandler: requireInScope(database, attachmentList),
    },
    async (request) => {
      await queueAttachmentErpSend(database, request.params.id, auditContext(request));
      return { success: true, oracleStatus: 'TO_SEND', message: ATTACHMENT_ERP_QUEUED_MESSAGE };
    },
  );
}
