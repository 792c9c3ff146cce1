import { ORDER_ERP_QUEUED_MESSAGE, orderErpSendRefusal } from '@isf/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { access } from '../../platform/access.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { businessRefusal, notFound } from '../../platform/errors.js';
import { requireInScope } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { tokenOfItem } from '../workflow/index.js';
import { ORDER_ENTITY, orderList } from './orders.lists.js';

/**
 * Queues the order's send to the ERP: a validated order without ERP id, not being sent, waits with
 * oracleStatus TO_SEND (what the subcontractor's validation does). The send itself — the ERP job, its
 * adapter and the statuses it writes back (CREATED, PROCESSING, SUCCESS with the ERP id, ERROR) — comes
 * with the ERP issue, which reads the TO_SEND orders.
 */
export async function queueOrderErpSend(database: Database, id: number, context: AuditContext): Promise<void> {
  await database.transaction(async (tx) => {
    const [before] = await tx
      .select({
        id: orders.id,
        oracleId: orders.oracleId,
        oracleStatus: orders.oracleStatus,
        canSendToOracle: orders.canSendToOracle,
      })
      .from(orders)
      .where(eq(orders.id, id))
      .for('update');
    if (!before) {
      throw notFound();
    }
    const token = await tokenOfItem(tx, ORDER_ENTITY, id);
    const refusal = orderErpSendRefusal({ ...before, nodeCode: token?.node.nodeCode ?? null });
    if (refusal) {
      throw businessRefusal(refusal);
    }
    // a system fact, not an edit of the order: its version does not move (an edit in progress stays valid)
    await tx
      .update(orders)
      .set({ oracleStatus: 'TO_SEND', canSendToOracle: true, updatedAt: sql`now()` })
      .where(eq(orders.id, id));
    await recordAudit(tx, context, {
      entity: ORDER_ENTITY,
      entityId: id,
      action: 'erp_send',
      before,
      after: { ...before, oracleStatus: 'TO_SEND', canSendToOracle: true },
    });
  });
}

/** POST /oracle/order/{id} (spec 2 §7 "send to ERP, then reload"): the header's Send to ERP, with the order update right. */
export function registerOrderErpRoutes(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/oracle/order/:id',
    {
      schema: { params: idParams },
      config: { access: access.right('order', 'update') },
      preHandler: requireInScope(database, orderList),
    },
    async (request) => {
      await queueOrderErpSend(database, request.params.id, auditContext(request));
      return { success: true, oracleStatus: 'TO_SEND', message: ORDER_ERP_QUEUED_MESSAGE };
    },
  );
}
