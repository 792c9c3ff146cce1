import {
  ATTACHEMENT_NODE_CODES,
  ATTACHEMENT_TRANSITION_CODES,
  DOCUMENT_NODE_CODES,
  DOCUMENT_TRANSITION_CODES,
  ENVELOPE_NODE_CODES,
  ENVELOPE_TRANSITION_CODES,
  HIDDEN_TRANSITION_CODES,
  MARKET_NODE_CODES,
  MARKET_TRANSITION_CODES,
  NODE_TYPES,
  type NodeType,
  ORDER_NODE_CODES,
  ORDER_TRANSITION_CODES,
  TRANSITION_TYPES,
  type TransitionType,
  WORKFLOW_OBJECTS,
  type WorkflowCode,
} from '@isf/contract';

/** Who acts on a link, by seeded persona (docs/decisions.md, "Reference workflows"). */
export type Persona = 'buyer' | 'projectManager' | 'amountValidator' | 'subcontractor' | 'accountant';

export type NodeSeed<Code extends string> = { code: Code; name: string; type: NodeType };
export type TransitionSeed<Node extends string, Code extends string> = {
  code: Code;
  name: string;
  from: Node;
  to: Node;
  type: TransitionType;
  helper?: string;
  by: Persona[];
};
export type WorkflowSeed<Node extends string = string, Code extends string = string> = {
  code: string;
  name: string;
  objectName: string;
  nodes: NodeSeed<Node>[];
  transitions: TransitionSeed<Node, Code>[];
  /** Personas that see every node of the workflow. */
  seenBy: Persona[];
};

const { start, normal, error, end } = NODE_TYPES;
const { normal: forward, dangerous } = TRANSITION_TYPES;

function workflow<Node extends string, Code extends string>(
  definition: WorkflowSeed<Node, Code> & { code: WorkflowCode; nodeCodes: readonly Node[]; transitionCodes: readonly Code[] },
): WorkflowSeed {
  const { nodeCodes: _nodes, transitionCodes: _transitions, ...seed } = definition;
  return seed;
}

export const SERVICE_ORDER_WORKFLOW = workflow({
  code: 'service_order',
  name: 'Ordre de service',
  objectName: WORKFLOW_OBJECTS.service_order,
  nodeCodes: ORDER_NODE_CODES,
  transitionCodes: ORDER_TRANSITION_CODES,
  seenBy: ['buyer', 'projectManager', 'amountValidator', 'subcontractor', 'accountant'],
  nodes: [
    { code: 'os_draft', name: 'Brouillon', type: start },
    { code: 'os_validation_cdp', name: 'Validation chef de projet', type: normal },
    { code: 'os_validation_amount', name: 'Validation du montant', type: normal },
    { code: 'os_validation_sst', name: 'Validation sous-traitant', type: normal },
    { code: 'os_validated', name: 'Validée', type: normal },
    { code: 'os_closed', name: 'Clôturée', type: end },
    { code: 'os_canceled', name: 'Annulée', type: error },
    { code: 'os_abandoned', name: 'Abandonnée', type: error },
  ],
  transitions: [
    {
      code: 'os_submit_to_cdp',
      name: 'Soumettre au chef de projet',
      from: 'os_draft',
      to: 'os_validation_cdp',
      type: forward,
      by: ['buyer', 'projectManager'],
    },
    {
      code: 'os_canceled_draft',
      name: 'Annuler le brouillon',
      from: 'os_draft',
      to: 'os_canceled',
      type: dangerous,
      by: ['buyer', 'projectManager'],
    },
    {
      code: 'os_submit_to_sst',
      name: 'Envoyer au sous-traitant',
      from: 'os_validation_cdp',
      to: 'os_validation_sst',
      type: forward,
      helper: "Montant dans l'engagement du chef de projet",
      by: ['projectManager'],
    },
    {
      code: 'os_submit_to_sst',
      name: 'Envoyer en validation du montant',
      from: 'os_validation_cdp',
      to: 'os_validation_amount',
      type: forward,
      helper: "Montant au-delà de l'engagement du chef de projet",
      by: ['projectManager'],
    },
    {
      code: 'os_refused_cdp',
      name: 'Refuser (retour au brouillon)',
      from: 'os_validation_cdp',
      to: 'os_draft',
      type: dangerous,
      by: ['projectManager'],
    },
    {
      code: 'os_to_canceled',
      name: 'Annuler la commande',
      from: 'os_validation_cdp',
      to: 'os_canceled',
      type: dangerous,
      by: ['projectManager'],
    },
    {
      code: 'os_submit_to_sst',
      name: 'Valider le montant et envoyer au sous-traitant',
      from: 'os_validation_amount',
      to: 'os_validation_sst',
      type: forward,
      by: ['amountValidator'],
    },
    {
      code: 'os_refused_cdp',
      name: 'Refuser le montant (retour au brouillon)',
      from: 'os_validation_amount',
      to: 'os_draft',
      type: dangerous,
      by: ['amountValidator'],
    },
    {
      code: 'os_to_validated',
      name: 'Accepter la commande',
      from: 'os_validation_sst',
      to: 'os_validated',
      type: forward,
      by: ['subcontractor'],
    },
    {
      code: 'os_cancelled_or_refused',
      name: 'Refuser la commande',
      from: 'os_validation_sst',
      to: 'os_canceled',
      type: dangerous,
      by: ['subcontractor'],
    },
    {
      code: 'os_to_closed',
      name: 'Clôturer',
      from: 'os_validated',
      to: 'os_closed',
      type: forward,
      by: ['buyer', 'projectManager'],
    },
    { code: 'os_to_abandoned', name: 'Abandonner', from: 'os_validated', to: 'os_abandoned', type: dangerous, by: ['buyer'] },
    {
      code: 'os_to_canceled',
      name: 'Annuler la commande',
      from: 'os_validated',
      to: 'os_canceled',
      type: dangerous,
      by: ['buyer'],
    },
    {
      code: 'os_from_closed_to_validated',
      name: 'Rouvrir',
      from: 'os_closed',
      to: 'os_validated',
      type: dangerous,
      by: ['buyer'],
    },
    {
      code: 'os_from_abandoned_to_validated',
      name: 'Reprendre',
      from: 'os_abandoned',
      to: 'os_validated',
      type: dangerous,
      by: ['buyer'],
    },
  ],
});

export const ATTACHEMENT_WORKFLOW = workflow({
  code: 'attachement',
  name: 'Attachement',
  objectName: WORKFLOW_OBJECTS.attachement,
  nodeCodes: ATTACHEMENT_NODE_CODES,
  transitionCodes: ATTACHEMENT_TRANSITION_CODES,
  seenBy: ['buyer', 'projectManager', 'amountValidator', 'subcontractor', 'accountant'],
  nodes: [
    { code: 'att_draft', name: 'Brouillon', type: start },
    { code: 'att_validation_sst', name: 'Validation sous-traitant', type: normal },
    { code: 'att_validating', name: 'Validation chef de projet', type: normal },
    { code: 'att_validating_amount', name: 'Validation du montant', type: normal },
    { code: 'att_validated', name: 'Validé', type: normal },
    { code: 'att_prepared_for_payment', name: 'Préparé pour paiement', type: normal },
    { code: 'att_paid', name: 'Payé', type: end },
    { code: 'att_refused', name: 'Refusé', type: error },
  ],
  transitions: [
    {
      code: 'att_to_validation',
      name: 'Envoyer en validation sous-traitant',
      from: 'att_draft',
      to: 'att_validation_sst',
      type: forward,
      by: ['projectManager'],
    },
    {
      code: 'att_submit_to_cdp',
      name: 'Soumettre au chef de projet',
      from: 'att_draft',
      to: 'att_validating',
      type: forward,
      by: ['subcontractor'],
    },
    {
      code: 'att_submit_to_cdp',
      name: 'Accepter et soumettre au chef de projet',
      from: 'att_validation_sst',
      to: 'att_validating',
      type: forward,
      by: ['subcontractor'],
    },
    {
      code: 'att_to_refused',
      name: 'Refuser',
      from: 'att_validation_sst',
      to: 'att_refused',
      type: dangerous,
      by: ['subcontractor'],
    },
    {
      code: 'att_to_validated',
      name: 'Valider',
      from: 'att_validating',
      to: 'att_validated',
      type: forward,
      helper: "Montant dans l'engagement du chef de projet",
      by: ['projectManager'],
    },
    {
      code: 'att_to_validation',
      name: 'Envoyer en validation du montant',
      from: 'att_validating',
      to: 'att_validating_amount',
      type: forward,
      helper: "Montant au-delà de l'engagement du chef de projet",
      by: ['projectManager'],
    },
    {
      code: 'att_to_refused',
      name: 'Refuser',
      from: 'att_validating',
      to: 'att_refused',
      type: dangerous,
      by: ['projectManager'],
    },
    {
      code: 'att_to_draft',
      name: 'Retour au brouillon',
      from: 'att_validating',
      to: 'att_draft',
      type: dangerous,
      by: ['projectManager'],
    },
    {
      code: 'att_to_validated',
      name: 'Valider le montant',
      from: 'att_validating_amount',
      to: 'att_validated',
      type: forward,
      by: ['amountValidator'],
    },
    {
      code: 'att_to_refused',
      name: 'Refuser le montant',
      from: 'att_validating_amount',
      to: 'att_refused',
      type: dangerous,
      by: ['amountValidator'],
    },
    {
      code: 'att_to_draft',
      name: 'Reprendre en brouillon',
      from: 'att_refused',
      to: 'att_draft',
      type: forward,
      by: ['subcontractor', 'projectManager'],
    },
    {
      code: 'att_to_prepared',
      name: 'Préparer le paiement',
      from: 'att_validated',
      to: 'att_prepared_for_payment',
      type: forward,
      by: ['accountant'],
    },
    {
      code: 'att_postponed',
      name: 'Reporter le paiement',
      from: 'att_prepared_for_payment',
      to: 'att_validated',
      type: dangerous,
      by: ['accountant'],
    },
    {
      code: 'att_to_paid',
      name: 'Marquer payé',
      from: 'att_prepared_for_payment',
      to: 'att_paid',
      type: forward,
      by: ['accountant'],
    },
  ],
});

export const ENVELOPE_WORKFLOW = workflow({
  code: 'envelope',
  name: 'Enveloppe de contrat',
  objectName: WORKFLOW_OBJECTS.envelope,
  nodeCodes: ENVELOPE_NODE_CODES,
  transitionCodes: ENVELOPE_TRANSITION_CODES,
  seenBy: ['buyer', 'projectManager', 'accountant'],
  nodes: [
    { code: 'env_draft', name: 'Brouillon', type: start },
    { code: 'env_pending_validation', name: 'En attente de validation', type: normal },
    { code: 'env_validated', name: 'Validée', type: end },
    { code: 'env_refused', name: 'Refusée', type: error },
  ],
  transitions: [
    {
      code: 'env_submit_to_validation',
      name: 'Envoyer en validation',
      from: 'env_draft',
      to: 'env_pending_validation',
      type: forward,
      helper: "Par l'action « Envoyer en validation », qui désigne les valideurs",
      by: ['buyer'],
    },
    {
      code: 'env_to_validated',
      name: 'Valider',
      from: 'env_pending_validation',
      to: 'env_validated',
      type: forward,
      by: ['projectManager', 'accountant'],
    },
    {
      code: 'env_to_refused',
      name: 'Refuser',
      from: 'env_pending_validation',
      to: 'env_refused',
      type: dangerous,
      by: ['projectManager', 'accountant'],
    },
    {
      code: 'env_to_validation',
      name: 'Renvoyer en validation',
      from: 'env_refused',
      to: 'env_pending_validation',
      type: forward,
      helper: "Par l'action « Envoyer en validation », qui désigne les valideurs",
      by: ['buyer'],
    },
    {
      code: 'env_from_refused_to_draft',
      name: 'Retour au brouillon',
      from: 'env_refused',
      to: 'env_draft',
      type: forward,
      by: ['buyer'],
    },
    {
      code: 'env_revoke_validation',
      name: 'Révoquer la validation',
      from: 'env_validated',
      to: 'env_pending_validation',
      type: dangerous,
      by: ['projectManager'],
    },
    {
      code: 'env_from_validated_to_draft',
      name: 'Retour au brouillon',
      from: 'env_validated',
      to: 'env_draft',
      type: dangerous,
      by: ['buyer'],
    },
  ],
});

export const MARKET_WORKFLOW = workflow({
  code: 'subcontractor_market',
  name: 'Marché sous-traitant',
  objectName: WORKFLOW_OBJECTS.subcontractor_market,
  nodeCodes: MARKET_NODE_CODES,
  transitionCodes: MARKET_TRANSITION_CODES,
  seenBy: ['buyer', 'projectManager', 'accountant'],
  nodes: [
    { code: 'sst_draft', name: 'Brouillon', type: start },
    { code: 'sst_pending_accounting_validation', name: 'En attente de validation comptable', type: normal },
    { code: 'sst_validated', name: 'Validé', type: normal },
    { code: 'sst_pre_closure', name: 'Pré-clôture', type: normal },
    { code: 'sst_closed', name: 'Clôturé', type: end },
    { code: 'sst_canceled', name: 'Annulé', type: error },
    { code: 'sst_refused', name: 'Refusé', type: error },
  ],
  transitions: [
    {
      code: 'sst_creation_validation',
      name: 'Valider la création',
      from: 'sst_draft',
      to: 'sst_pending_accounting_validation',
      type: forward,
      by: ['buyer'],
    },
    {
      code: 'sst_draft_cancelation',
      name: 'Annuler le brouillon',
      from: 'sst_draft',
      to: 'sst_canceled',
      type: dangerous,
      by: ['buyer'],
    },
    {
      code: 'sst_accounting_validation',
      name: 'Validation comptable',
      from: 'sst_pending_accounting_validation',
      to: 'sst_validated',
      type: forward,
      by: ['accountant'],
    },
    {
      code: 'sst_refusal',
      name: 'Refuser',
      from: 'sst_pending_accounting_validation',
      to: 'sst_refused',
      type: dangerous,
      by: ['accountant'],
    },
    {
      code: 'sst_back_to_creation',
      name: 'Retour en création',
      from: 'sst_refused',
      to: 'sst_draft',
      type: forward,
      by: ['buyer'],
    },
    { code: 'sst_cancelation', name: 'Annuler', from: 'sst_refused', to: 'sst_canceled', type: dangerous, by: ['buyer'] },
    {
      code: 'sst_cancelation',
      name: 'Annuler le marché',
      from: 'sst_validated',
      to: 'sst_canceled',
      type: dangerous,
      by: ['buyer'],
    },
    {
      code: 'sst_pre_closure_validation',
      name: 'Passer en pré-clôture',
      from: 'sst_validated',
      to: 'sst_pre_closure',
      type: forward,
      by: ['buyer'],
    },
    {
      code: 'sst_validation',
      name: 'Valider la clôture',
      from: 'sst_pre_closure',
      to: 'sst_closed',
      type: forward,
      by: ['accountant'],
    },
    {
      code: 'sst_back_to_validation',
      name: "Retour à l'état validé",
      from: 'sst_pre_closure',
      to: 'sst_validated',
      type: dangerous,
      by: ['buyer'],
    },
    {
      code: 'sst_back_to_pre_closure',
      name: 'Rouvrir en pré-clôture',
      from: 'sst_closed',
      to: 'sst_pre_closure',
      type: dangerous,
      by: ['accountant'],
    },
  ],
});

export const DOCUMENT_WORKFLOW = workflow({
  code: 'document',
  name: 'Document',
  objectName: WORKFLOW_OBJECTS.document,
  nodeCodes: DOCUMENT_NODE_CODES,
  transitionCodes: DOCUMENT_TRANSITION_CODES,
  seenBy: ['buyer', 'projectManager', 'subcontractor'],
  nodes: [
    { code: 'doc_draft', name: 'Brouillon', type: start },
    { code: 'doc_pending_validation', name: 'En attente de validation', type: normal },
    { code: 'doc_validated', name: 'Validé', type: normal },
    { code: 'doc_refused', name: 'Refusé', type: error },
    { code: 'doc_signed', name: 'Signé', type: end },
  ],
  transitions: [
    {
      code: 'doc_submit_to_validation',
      name: 'Envoyer en validation',
      from: 'doc_draft',
      to: 'doc_pending_validation',
      type: forward,
      by: ['buyer', 'subcontractor'],
    },
    {
      code: 'doc_to_validated',
      name: 'Valider',
      from: 'doc_pending_validation',
      to: 'doc_validated',
      type: forward,
      by: ['projectManager'],
    },
    {
      code: 'doc_to_refused',
      name: 'Refuser',
      from: 'doc_pending_validation',
      to: 'doc_refused',
      type: dangerous,
      by: ['projectManager'],
    },
    {
      code: 'doc_from_refused_to_draft',
      name: 'Retour au brouillon',
      from: 'doc_refused',
      to: 'doc_draft',
      type: forward,
      by: ['buyer', 'subcontractor'],
    },
    {
      code: 'doc_from_validated_to_draft',
      name: 'Retour au brouillon',
      from: 'doc_validated',
      to: 'doc_draft',
      type: dangerous,
      by: ['buyer'],
    },
    {
      code: 'doc_to_signed',
      name: 'Signé',
      from: 'doc_validated',
      to: 'doc_signed',
      type: forward,
      helper: 'Par le service de signature électronique, une fois les deux signatures reçues',
      by: [],
    },
  ],
});

export const REFERENCE_WORKFLOWS: readonly WorkflowSeed[] = [
  SERVICE_ORDER_WORKFLOW,
  ATTACHEMENT_WORKFLOW,
  ENVELOPE_WORKFLOW,
  MARKET_WORKFLOW,
  DOCUMENT_WORKFLOW,
];

export function isHiddenTransition(code: string): boolean {
  return (HIDDEN_TRANSITION_CODES as readonly string[]).includes(code);
}
