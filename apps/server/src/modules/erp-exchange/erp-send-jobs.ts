import { type ErpLineError, orderErpFailureText, RECEIPT_ORDER_NOT_IN_ERP_MESSAGE, receiptErpFailureText } from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  type Erp,
  ErpError,
  type ErpPurchaseOrder,
  type ErpReceiptRequest,
  ErpRefusal,
} from '../../integrations/erp/erp.port.js';
import { recordAudit } from '../../platform/audit.js';
import { businessRefusal } from '../../platform/errors.js';
import { messageOf, refusalOf } from '../../platform/jobs/job-outcome.js';
import { jobAuditContext } from '../../platform/jobs/job-requests.js';
import type { JobContext } from '../../platform/jobs/job-types.js';
import type { PrincipalLoader } from '../../platform/principal.js';
import { notify } from '../notifications/index.js';
import { purchaseOrderDraftOf, receiptDraftOf } from './erp-documents.js';
import type { ErpSendPayload } from './erp-send-queue.js';
import {
  type ErpSendEnd,
  type ErpSendRow,
  markErpSendProcessing,
  noteErpDocument,
  readErpSend,
  settleErpSend,
} from './erp-send-store.js';

/** How a receipt's processing by the ERP is awaited within one attempt before the job tries again later. */
export type ReceiptPolling = { reads: number; intervalMs: number };

type Dependencies = { database: Database; erp: Erp; principals: PrincipalLoader; receiptPolling: ReceiptPolling };

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** The ERP refused the document: FAILURE, its message, and the receipt's line errors. */
class DocumentRefused extends Error {
  constructor(
    message: string,
    readonly lineErrors: ErpLineError[] = [],
  ) {
    super(message);
  }
}

/**
 * Delivers the purchase order of a send, exactly once: the ERP is first asked for ISF's reference. A
 * submitted order found is the one (a previous attempt got that far); a draft found is what an
 * interrupted attempt left: it is deleted and the order created and submitted again.
 */
async function deliverPurchaseOrder(deps: Dependencies, send: ErpSendRow, context: JobContext): Promise<ErpPurchaseOrder> {
  const { erp, database } = deps;
  const found = await erp.findPurchaseOrder(send.reference);
  if (found && !found.draft) {
    await context.log(
      'Déjà dans Oracle',
      `La commande Oracle ${found.orderNumber} porte la référence ${send.reference} : elle n'est pas recréée.`,
    );
    return found;
  }
  if (found) {
    await erp.deleteDraftPurchaseOrder(found.poHeaderId);
    await context.log('Brouillon abandonné supprimé', `Brouillon Oracle ${found.poHeaderId} d'un essai interrompu.`);
  }
  const draft = await purchaseOrderDraftOf(database, send.entityId);
  const created = await erp.createDraftPurchaseOrder(draft);
  await noteErpDocument(database, send.id, String(created.poHeaderId));
  await context.log('Brouillon créé dans Oracle', `${draft.lines.length} ligne(s), brouillon ${created.poHeaderId}.`);
  const submitted = await erp.submitPurchaseOrder(created.poHeaderId);
  await context.log('Commande soumise', `Commande Oracle ${submitted.orderNumber}.`);
  return submitted;
}

/** The receipt request of a send: the one this send created, else one not refused with ISF's reference, else a new one. */
async function receiptRequestOf(deps: Dependencies, send: ErpSendRow, orderNumber: string, context: JobContext) {
  const { erp, database } = deps;
  const built = await receiptDraftOf(database, send.entityId, orderNumber);
  if (send.erpDocumentId) {
    return { request: await erp.readReceiptRequest(Number(send.erpDocumentId)), labels: built.labels };
  }
  const found = (await erp.findReceiptRequests(send.reference)).filter((request) => request.processingStatus !== 'ERROR').at(-1);
  if (found) {
    await noteErpDocument(database, send.id, String(found.headerInterfaceId));
    await context.log('Déjà dans Oracle', `Demande de réception ${found.headerInterfaceId} : elle n'est pas recréée.`);
    return { request: found, labels: built.labels };
  }
  const created = await erp.createReceiptRequest(built.draft);
  await noteErpDocument(database, send.id, String(created.headerInterfaceId));
  await context.log('Demande de réception créée', `${built.draft.lines.length} ligne(s), demande ${created.headerInterfaceId}.`);
  return { request: created, labels: built.labels };
}

/** Waits for the ERP to process the receipt request; still processing after the reads: a later attempt looks again. */
async function processedReceipt(deps: Dependencies, request: ErpReceiptRequest): Promise<ErpReceiptRequest> {
  let current = request;
  for (let read = 0; read < deps.receiptPolling.reads && ['PENDING', 'RUNNING'].includes(current.processingStatus); read += 1) {
    await sleep(deps.receiptPolling.intervalMs);
    current = await deps.erp.readReceiptRequest(current.headerInterfaceId);
  }
  if (['PENDING', 'RUNNING'].includes(current.processingStatus)) {
    throw new ErpError(`Oracle traite encore la demande de réception ${current.headerInterfaceId}.`);
  }
  return current;
}

async function deliverReceipt(deps: Dependencies, send: ErpSendRow, context: JobContext): Promise<ErpSendEnd> {
  // the order's ERP number, read at each attempt: a receipt is received against it
  const [order] = ((await deps.database.execute(sqlOrderOf(send.entityId))) as unknown as { rows: { oracleId: string | null }[] })
    .rows;
  if (!order?.oracleId) {
    throw businessRefusal(RECEIPT_ORDER_NOT_IN_ERP_MESSAGE);
  }
  const { request, labels } = await receiptRequestOf(deps, send, order.oracleId, context);
  const processed = await processedReceipt(deps, request);
  if (processed.processingStatus === 'SUCCESS') {
    const receiptNumber = processed.receiptNumber ?? String(processed.headerInterfaceId);
    await context.log('Réception traitée par Oracle', `Réception ${receiptNumber}.`);
    return { status: 'SUCCESS', erpId: receiptNumber, erpDocumentId: String(processed.headerInterfaceId) };
  }
  const errors = await deps.erp.listReceiptErrors(processed.headerInterfaceId);
  const lineErrors = errors.map((error) => ({
    lineNumber: error.lineNumber,
    label: labels.get(error.lineNumber) ?? null,
    message: error.message,
  }));
  throw new DocumentRefused(`Oracle a refusé la réception : ${lineErrors.length} erreur(s) sur ses lignes.`, lineErrors);
}

function sqlOrderOf(attachmentId: number) {
  return sql`SELECT o.oracle_id AS "oracleId" FROM attachments a JOIN orders o ON o.id = a.order_id WHERE a.id = ${attachmentId}`;
}

const lineErrorText = (error: ErpLineError) =>
  `Ligne ${error.lineNumber}${error.label ? ` (${error.label})` : ''} : ${error.message}`;

/**
 * One attempt of a send (order or receipt). A run whose key is not its row's, or whose send already
 * ended, does nothing. Errors the ERP may get over (no answer, 5xx, still processing) are rethrown for
 * pg-boss to retry with backoff, the document staying PROCESSING; after the last attempt it ends ERROR.
 * A refusal (the ERP's 4xx, a receipt's line errors, ISF data that cannot be sent) ends FAILURE at once.
 * Either way the creator is notified with the ERP's message (and the receipt's line errors).
 */
export function erpSendHandler(deps: Dependencies) {
  return async (payload: ErpSendPayload, context: JobContext) => {
    const send = await readErpSend(deps.database, payload.sendId);
    if (!send || send.idempotencyKey !== payload.key) {
      throw businessRefusal("Cet envoi à Oracle n'existe plus.");
    }
    if (!['CREATED', 'PROCESSING'].includes(send.status)) {
      await context.log('Envoi déjà terminé', `Statut ${send.status} : rien n'est renvoyé.`);
      return { status: send.status, erpId: send.erpId };
    }
    await markErpSendProcessing(deps.database, send);
    const isOrder = send.document === 'order';
    let end: ErpSendEnd;
    try {
      if (isOrder) {
        const order = await deliverPurchaseOrder(deps, send, context);
        end = { status: 'SUCCESS', erpId: order.orderNumber, erpDocumentId: String(order.poHeaderId) };
      } else {
        end = await deliverReceipt(deps, send, context);
      }
    } catch (error) {
      const refused = error instanceof DocumentRefused || error instanceof ErpRefusal || refusalOf(error) !== undefined;
      if (!refused && !context.lastAttempt) {
        throw error;
      }
      end = {
        status: refused ? 'FAILURE' : 'ERROR',
        message: messageOf(error),
        lineErrors: error instanceof DocumentRefused ? error.lineErrors : [],
      };
      await finish(deps, send, end, payload, context);
      throw refused ? businessRefusal(end.message) : error;
    }
    await finish(deps, send, end, payload, context);
    return { status: end.status, erpId: end.status === 'SUCCESS' ? end.erpId : null };
  };
}

/** Records the end of a send with its audit row and the creator's notification, in one transaction. */
async function finish(deps: Dependencies, send: ErpSendRow, end: ErpSendEnd, payload: ErpSendPayload, context: JobContext) {
  const audit = await jobAuditContext(deps.principals, context, payload.audit);
  const isOrder = send.document === 'order';
  await deps.database.transaction(async (tx) => {
    if (!(await settleErpSend(tx, send, end))) {
      return;
    }
    await recordAudit(tx, audit, {
      entity: send.document,
      entityId: send.entityId,
      action: 'erp_send_result',
      before: { oracleStatus: 'PROCESSING' },
      after:
        end.status === 'SUCCESS'
          ? { oracleStatus: 'SUCCESS', oracleId: end.erpId }
          : { oracleStatus: end.status, message: end.message },
    });
    const recipients = send.creatorId === null ? [] : [send.creatorId];
    if (end.status === 'SUCCESS') {
      await notify(
        tx,
        isOrder
          ? { recipients, template: 'ORDER_ERP_SENT', context: { orderId: send.entityId, orderNumber: send.reference } }
          : {
              recipients,
              template: 'ATTACHMENT_ERP_SENT',
              context: { attachementId: send.entityId, attachementReference: send.reference },
            },
      );
      return;
    }
    const errors = (end.lineErrors ?? []).map(lineErrorText).slice(0, 200);
    await notify(
      tx,
      isOrder
        ? {
            recipients,
            template: 'ORDER_ERP_SEND_FAILED',
            context: {
              orderId: send.entityId,
              orderNumber: send.reference,
              errorMessage: orderErpFailureText(send.reference, end.message),
            },
          }
        : {
            recipients,
            template: 'ATTACHMENT_ERP_SEND_FAILED',
            context: {
              attachementId: send.entityId,
              attachementReference: send.reference,
              errorMessage: receiptErpFailureText(send.reference, end.message),
              ...(errors.length > 0 ? { errors } : {}),
            },
          },
    );
  });
  await context.log(
    end.status === 'SUCCESS' ? 'Envoyé à Oracle' : end.status === 'FAILURE' ? 'Refusé par Oracle' : "Échec de l'envoi",
    end.status === 'SUCCESS' ? `Identifiant Oracle ${end.erpId}.` : end.message,
  );
}
