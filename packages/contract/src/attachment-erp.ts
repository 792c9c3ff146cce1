import { ATTACHMENT_VALIDATED_NODES } from './attachments.js';
import { erpSending } from './erp-exchange.js';

/** POST /oracle/attachement/{id}: the refusals and the reply of the send to the ERP (texts ours, on the order's model). */
export const ATTACHMENT_ERP_NOT_VALIDATED_MESSAGE = 'Seul un attachement validé peut être envoyé à Oracle.';
export const ATTACHMENT_ERP_ALREADY_SENT_MESSAGE =
  'Cet attachement a déjà été envoyé à Oracle : il ne peut plus être envoyé de nouveau.';
export const ATTACHMENT_ERP_SENDING_MESSAGE = "L'envoi de cet attachement à Oracle est déjà en cours.";
export const ATTACHMENT_ERP_QUEUED_MESSAGE = "L'attachement est en file d'attente d'envoi à Oracle.";

/** An ERP send of the attachment is running (CREATED or PROCESSING): the button spins and a new send is refused. */
export const attachmentErpSending = erpSending;

/**
 * The attachment's receipt is sent to the ERP once it counts as validated (att_validated,
 * att_prepared_for_payment, att_paid), never twice, never while a send runs.
 */
export function attachmentErpSendRefusal(facts: {
  nodeCode: string | null;
  oracleId: string | null;
  oracleStatus: string;
}): string | null {
  if (facts.oracleId !== null) {
    return ATTACHMENT_ERP_ALREADY_SENT_MESSAGE;
  }
  if (facts.nodeCode === null || !ATTACHMENT_VALIDATED_NODES.includes(facts.nodeCode)) {
    return ATTACHMENT_ERP_NOT_VALIDATED_MESSAGE;
  }
  if (attachmentErpSending(facts.oracleStatus)) {
    return ATTACHMENT_ERP_SENDING_MESSAGE;
  }
  return null;
}
