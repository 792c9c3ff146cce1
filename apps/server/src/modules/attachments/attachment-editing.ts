import {
  ATTACHMENT_DOCUMENT_DELETABLE_NODES,
  ATTACHMENT_DOCUMENT_DELETE_MESSAGE,
  ATTACHMENT_LOCKED_MESSAGE,
  ATTACHMENT_PAYMENT_STARTED_MESSAGE,
  ATTACHMENT_VALIDATED_EDIT_MESSAGE,
  ATTACHMENT_VALIDATED_NODE,
} from '@isf/contract';
import type { Database } from '../../db/client.js';
import { hasOption, type Principal } from '../../platform/principal.js';
import { tokenOfItem } from '../workflow/index.js';
import { ATTACHMENT_ENTITY } from './attachments.lists.js';

export const CANNOT_EDIT_AFTER_VALIDATION = 'attachements.cannot_edit_after_validation';
const PAYMENT_NODES = new Set(['att_prepared_for_payment', 'att_paid']);

/**
 * Whether an attachment's lines, observation and DGD flag may change now (update right aside), as the
 * French refusal, or null (docs/decisions.md "Attachments"): never once locked (a paid statement) or
 * sent to the ERP, nor once its payment is prepared; on att_validated only for profiles without
 * `attachements.cannot_edit_after_validation` (the money is then recomputed and the deposits consumed
 * again); before validation always.
 */
export function attachmentEditRefusal(
  facts: { locked: boolean; oracleId: string | null; nodeCode: string | null },
  principal: Principal,
): string | null {
  if (facts.locked || facts.oracleId !== null) {
    return ATTACHMENT_LOCKED_MESSAGE;
  }
  if (facts.nodeCode !== null && PAYMENT_NODES.has(facts.nodeCode)) {
    return ATTACHMENT_PAYMENT_STARTED_MESSAGE;
  }
  if (facts.nodeCode === ATTACHMENT_VALIDATED_NODE && hasOption(principal, CANNOT_EDIT_AFTER_VALIDATION)) {
    return ATTACHMENT_VALIDATED_EDIT_MESSAGE;
  }
  return null;
}

/** Spec 2 §4: documents on an attachment can be deleted only in draft or validating nodes. */
export async function attachmentDocumentRemovalRefusal(db: Database, attachmentId: number): Promise<string | null> {
  const token = await tokenOfItem(db, ATTACHMENT_ENTITY, attachmentId);
  return token && !ATTACHMENT_DOCUMENT_DELETABLE_NODES.includes(token.node.nodeCode) ? ATTACHMENT_DOCUMENT_DELETE_MESSAGE : null;
}
