/**
 * The ERP statuses of an order or an attachment (spec 2 §4). CREATED: a send is queued; PROCESSING: it
 * runs (retries included); SUCCESS with the ERP id; ERROR: the ERP could not be reached after the
 * retries; FAILURE: the ERP refused the document (its message, and the receipt's line errors).
 */
export const ERP_STATUSES = ['NOT_CONCERNED', 'NOT_AVAILABLE', 'CREATED', 'PROCESSING', 'SUCCESS', 'ERROR', 'FAILURE'] as const;
export type ErpStatus = (typeof ERP_STATUSES)[number];

/** A send is running (CREATED or PROCESSING): the send button spins and a new send is refused. */
export function erpSending(oracleStatus: string): boolean {
  return oracleStatus === 'CREATED' || oracleStatus === 'PROCESSING';
}

/** A send failed (ERROR or FAILURE). */
export function erpSendFailed(oracleStatus: string): boolean {
  return oracleStatus === 'ERROR' || oracleStatus === 'FAILURE';
}

/** A line of a receipt the ERP refused. */
export type ErpLineError = { lineNumber: number; label: string | null; message: string };

/** The last send of an order or an attachment, shown on its detail. */
export type ErpSendRecord = {
  status: 'CREATED' | 'PROCESSING' | 'SUCCESS' | 'ERROR' | 'FAILURE';
  taskId: number | null;
  erpId: string | null;
  message: string | null;
  lineErrors: ErpLineError[];
  createdAt: string;
  updatedAt: string;
};

/** A receipt is sent only for an order that the ERP has (its ERP id). */
export const RECEIPT_ORDER_NOT_IN_ERP_MESSAGE =
  "La commande de cet attachement n'a pas encore été envoyée à Oracle : sa réception ne peut pas être envoyée.";

/** Spec 2 §8: the failure notification of an order send (with the ERP's message). */
export function orderErpFailureText(reference: string, message: string): string {
  return `Impossible d'envoyer la commande ${reference} dans Oracle : ${message}`;
}

/** The failure notification of a receipt send (with the ERP's message; its line errors follow). */
export function receiptErpFailureText(reference: string, message: string): string {
  return `Impossible d'envoyer la réception de l'attachement ${reference} dans Oracle : ${message}`;
}
