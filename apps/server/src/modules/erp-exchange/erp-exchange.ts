import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Erp } from '../../integrations/erp/erp.port.js';
import type { AuditContext } from '../../platform/audit.js';
import type { JobKind } from '../../platform/jobs/job-types.js';
import { erpSendHandler, type ReceiptPolling } from './erp-send-jobs.js';
import { type ErpSendPayload, erpSendPayload, type QueuedErpSend, queueErpSend } from './erp-send-queue.js';
import type { ErpDocument } from './erp-send-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    erpExchange: ErpExchange;
  }
}

/** Sends orders (purchase orders) and attachments (receipts) to the ERP, each send a job, exactly once. */
export type ErpExchange = {
  /**
   * Sends an order to the ERP: checked (spec 2 §4), CREATED, its job queued, all committed together;
   * the job then runs in a worker. A refusal throws the business refusal (422).
   */
  sendOrder(orderId: number, context: AuditContext): Promise<QueuedErpSend>;
  /** Sends an attachment's receipt (its order must have its ERP id), as `sendOrder`. */
  sendAttachment(attachmentId: number, context: AuditContext): Promise<QueuedErpSend>;
  /**
   * The same inside the caller's transaction `tx` (a workflow move): returns null instead of refusing,
   * and a `wake` to call once `tx` has committed.
   */
  queueOrderInTransaction(
    tx: Database,
    orderId: number,
    context: AuditContext,
  ): Promise<(QueuedErpSend & { wake(): void }) | null>;
};

const RECEIPT_POLLING: ReceiptPolling = { reads: 20, intervalMs: 250 };

/** Declares the two send jobs on `app.jobs` and decorates the app with the exchange (`app.erpExchange`). */
export function registerErpExchange(
  app: FastifyInstance,
  database: Database,
  erp: Erp,
  config: Pick<AppConfig, 'erpSendRetries' | 'erpSendRetryDelaySeconds' | 'erpSendExpireSeconds'>,
): ErpExchange {
  const handler = erpSendHandler({ database, erp, principals: app.principals, receiptPolling: RECEIPT_POLLING });
  const kind = (name: string): JobKind<ErpSendPayload, unknown> => ({
    name,
    payload: erpSendPayload,
    handler,
    retry: { limit: config.erpSendRetries, delaySeconds: config.erpSendRetryDelaySeconds, backoff: true },
    expireInSeconds: config.erpSendExpireSeconds,
    reportsOwnFailure: true,
  });
  const kinds: Record<ErpDocument, JobKind<ErpSendPayload, unknown>> = {
    order: app.jobs.define(kind('erp-order-send')),
    attachement: app.jobs.define(kind('erp-receipt-send')),
  };

  async function send(document: ErpDocument, id: number, context: AuditContext): Promise<QueuedErpSend> {
    const queued = await database.transaction((tx) => queueErpSend(tx, app.jobs, kinds[document], { document, id, context }));
    if (!queued) {
      throw new Error('erp send not queued');
    }
    queued.wake();
    return { sendId: queued.sendId, taskId: queued.taskId, oracleStatus: queued.oracleStatus };
  }

  const exchange: ErpExchange = {
    sendOrder: (orderId, context) => send('order', orderId, context),
    sendAttachment: (attachmentId, context) => send('attachement', attachmentId, context),
    queueOrderInTransaction: (tx, orderId, context) =>
      queueErpSend(tx, app.jobs, kinds.order, { document: 'order', id: orderId, context, quiet: true }),
  };
  app.decorate('erpExchange', exchange);
  return exchange;
}
