import { z } from 'zod';
import { MIN_REFUSAL_COMMENT_LENGTH } from './constants.js';
import { calendarDate, requiredId } from './fields.js';

/** The reference workflows (spec 1 §4), by code, with the entity (object name) of their work items. */
export const WORKFLOW_OBJECTS = {
  service_order: 'order',
  attachement: 'attachement',
  envelope: 'envelope',
  subcontractor_market: 'subcontractor_market',
  document: 'document',
} as const;
export type WorkflowCode = keyof typeof WORKFLOW_OBJECTS;

/** Node types: 1 start, 2 normal, 3 error, 4 end. */
export const NODE_TYPES = { start: 1, normal: 2, error: 3, end: 4 } as const;
export type NodeType = (typeof NODE_TYPES)[keyof typeof NODE_TYPES];

/** Transition types: 2 is dangerous (refusal, cancellation, return); transitions are listed by type. */
export const TRANSITION_TYPES = { normal: 1, dangerous: 2 } as const;
export type TransitionType = (typeof TRANSITION_TYPES)[keyof typeof TRANSITION_TYPES];

export const ORDER_NODE_CODES = [
  'os_draft',
  'os_validation_cdp',
  'os_validation_amount',
  'os_validation_sst',
  'os_validated',
  'os_closed',
  'os_canceled',
  'os_abandoned',
] as const;
export const ORDER_TRANSITION_CODES = [
  'os_canceled_draft',
  'os_cancelled_or_refused',
  'os_from_abandoned_to_validated',
  'os_from_closed_to_validated',
  'os_refused_cdp',
  'os_submit_to_cdp',
  'os_submit_to_sst',
  'os_to_abandoned',
  'os_to_canceled',
  'os_to_closed',
  'os_to_validated',
] as const;

export const ATTACHEMENT_NODE_CODES = [
  'att_draft',
  'att_validation_sst',
  'att_validating',
  'att_validating_amount',
  'att_validated',
  'att_prepared_for_payment',
  'att_paid',
  'att_refused',
] as const;
export const ATTACHEMENT_TRANSITION_CODES = [
  'att_postponed',
  'att_submit_to_cdp',
  'att_to_draft',
  'att_to_paid',
  'att_to_prepared',
  'att_to_refused',
  'att_to_validated',
  'att_to_validation',
] as const;
/** Attachment nodes that count as validated (spec 1 §4). */
export const VALIDATED_ATTACHEMENT_NODE_CODES = ['att_validated', 'att_prepared_for_payment', 'att_paid'] as const;

/** env_refused is ours: the spec lists env_to_refused and env_from_refused_to_draft but not the node between them. */
export const ENVELOPE_NODE_CODES = [
  'env_draft',
  'env_pending_validation',
  'env_validated',
  'env_refused',
  'env_signing',
  'env_signed',
] as const;
export const ENVELOPE_TRANSITION_CODES = [
  'env_submit_to_validation',
  'env_to_validation',
  'env_to_validated',
  'env_revoke_validation',
  'env_from_validated_to_draft',
  'env_to_refused',
  'env_from_refused_to_draft',
  'env_to_signing',
  'env_to_signed',
  'env_signature_failed',
] as const;

export const MARKET_NODE_CODES = [
  'sst_draft',
  'sst_pending_accounting_validation',
  'sst_validated',
  'sst_pre_closure',
  'sst_closed',
  'sst_canceled',
  'sst_refused',
] as const;
export const MARKET_TRANSITION_CODES = [
  'sst_creation_validation',
  'sst_draft_cancelation',
  'sst_cancelation',
  'sst_refusal',
  'sst_back_to_creation',
  'sst_accounting_validation',
  'sst_validation',
  'sst_pre_closure_validation',
  'sst_back_to_pre_closure',
  'sst_back_to_validation',
] as const;

/** The document workflow is ours (the spec names only doc_validated, which allows sending to signature). */
export const DOCUMENT_NODE_CODES = ['doc_draft', 'doc_pending_validation', 'doc_validated', 'doc_refused', 'doc_signed'] as const;
export const DOCUMENT_TRANSITION_CODES = [
  'doc_submit_to_validation',
  'doc_to_validated',
  'doc_to_refused',
  'doc_from_refused_to_draft',
  'doc_from_validated_to_draft',
  'doc_to_signed',
] as const;

/**
 * Transitions without a button: a dedicated action fires them (the envelope's send to validation picks
 * its validators; the signature service reports a signed document).
 */
export const HIDDEN_TRANSITION_CODES = [
  'env_submit_to_validation',
  'env_to_validation',
  'doc_to_signed',
  // the e-signature action and the provider's webhook move them
  'env_to_signing',
  'env_to_signed',
  'env_signature_failed',
] as const;

/** List filter on work items (spec 1 §2): All, My scope, My tasks. */
export const WORKFLOW_FILTERS = ['all', 'canDo', 'haveToDo'] as const;
export type WorkflowFilter = (typeof WORKFLOW_FILTERS)[number];
export const workflowFilterSchema = z
  .enum(WORKFLOW_FILTERS, { error: 'Filtre inconnu (all, canDo ou haveToDo).' })
  .default('all');

export const REFUSAL_COMMENT_MESSAGE = `Un refus ou un retour au brouillon doit être expliqué : écrivez un commentaire d'au moins ${MIN_REFUSAL_COMMENT_LENGTH} caractères.`;

/** POST /wftoken/move/{tokenId}/{transitionId}: an optional comment, and the token version the user saw. */
export const workflowMoveSchema = z
  .object({
    comment: z
      .string({ error: 'Le commentaire doit être un texte.' })
      .trim()
      .max(2000, 'Le commentaire doit contenir au plus 2000 caractères.')
      .nullish()
      .transform((value) => value || null),
    version: z.coerce.number().int().min(1).optional(),
  })
  .nullish()
  .transform((value) => ({ comment: value?.comment ?? null, version: value?.version }));

export type WorkflowNodeEntry = {
  id: number;
  name: string;
  nodeCode: string;
  nodeType: NodeType;
  workflowId: number;
  workflowCode: string;
  workflowName: string;
  objectName: string;
};

export type WorkflowTransitionEntry = {
  id: number;
  name: string;
  transitionCode: string;
  transitionType: TransitionType;
  helper: string | null;
  disabled: boolean;
  hidden: boolean;
  fromNode: number;
  toNode: number;
  workflowId: number;
  workflowName: string;
};

/** The token of a work item (its statusWF). */
export type WorkflowTokenRecord = {
  id: number;
  version: number;
  entity: string;
  entityId: number;
  node: { id: number; name: string; nodeCode: string; nodeType: NodeType };
  workflow: { id: number; code: string; name: string };
  creator: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
};

/** One step of a token's history; delegatedUser is the person on whose behalf the step was done. */
export type TokenHistoryEntry = {
  id: number;
  fromNode: { id: number; name: string; nodeCode: string } | null;
  toNode: { id: number; name: string; nodeCode: string };
  transition: { id: number; name: string; transitionCode: string } | null;
  creator: { id: number; name: string } | null;
  delegatedUser: { id: number; name: string } | null;
  comment: string | null;
  createdAt: string;
};

/** A delegation's day, named by its label in the messages. */
const labelledDate = (label: string) =>
  calendarDate(`${label} : date invalide (format AAAA-MM-JJ).`, `${label} : date obligatoire.`);

/** An ISO date (YYYY-MM-DD), moved up to `start` when it comes before it. */
export function notBefore(date: string, start: string): string {
  return date.localeCompare(start) < 0 ? start : date;
}

/**
 * POST /delegation/create (spec 3 §5): delegateTo, startDate and endDate required; an end before the
 * start is reset to the start. delegateFrom (another user) needs users.can_admin_delegate.
 */
export const delegationCreateSchema = z
  .object({
    delegateTo: requiredId,
    delegateFrom: requiredId.nullish().transform((value) => value ?? null),
    startDate: labelledDate('Début'),
    endDate: labelledDate('Fin'),
  })
  .transform((value) => ({ ...value, endDate: notBefore(value.endDate, value.startDate) }));
export type DelegationCreatePayload = z.input<typeof delegationCreateSchema>;

export type DelegationRecord = {
  id: number;
  delegateFrom: { id: number; name: string; uid: string };
  delegateTo: { id: number; name: string; uid: string };
  startDate: string;
  endDate: string;
  active: boolean;
  createdBy: { id: number; name: string } | null;
};

/** Who may receive a delegation (GET /delegation/users). */
export type DelegationUser = { id: number; uid: string; name: string };
