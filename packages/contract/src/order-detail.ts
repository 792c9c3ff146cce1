import { type ErpSendRecord, erpSending } from './erp-exchange.js';
import type { MarketDepositType, MarketVatType } from './markets.js';
import type { OrderOracleStatus } from './orders.js';

/** The order nodes the detail screen and its rules name (spec 2 §4; the reference workflow's codes). */
export const ORDER_DRAFT_NODE = 'os_draft';
export const ORDER_SST_VALIDATION_NODE = 'os_validation_sst';
export const ORDER_VALIDATED_NODE = 'os_validated';
/** Spec 1 §4 rule 7: the validating and validated nodes, before which the agency is checked. */
export const ORDER_VALIDATING_NODES = [
  'os_validation_cdp',
  'os_validation_amount',
  ORDER_SST_VALIDATION_NODE,
  ORDER_VALIDATED_NODE,
];
/** Spec 2 §6: without `serviceorders.deletion_after_validation`, an order's documents are deleted only on these nodes. */
export const ORDER_DOCUMENT_DELETABLE_NODES = ['os_draft', 'os_validation_cdp', ORDER_SST_VALIDATION_NODE];

export const ORDER_PAYMENT_INTERNAL = 'payment_internal';

/** Spec 2 §8, verbatim: the ERP status texts of an order. */
export const ORDER_ERP_SENT_TEXT = 'La commande a été envoyée à Oracle avec succès et ne peut plus être modifiée dans ISF !';
export const ORDER_ERP_ERROR_TEXT = "Erreur lors de l'envoi de la commande à Oracle";

/** POST /oracle/order/{id}: the refusals and the reply of the send to the ERP. */
export const ORDER_ERP_NOT_VALIDATED_MESSAGE = 'Seule une commande validée par le sous-traitant peut être envoyée à Oracle.';
export const ORDER_ERP_ALREADY_SENT_MESSAGE =
  'Cette commande a déjà été envoyée à Oracle : elle ne peut plus être envoyée de nouveau.';
export const ORDER_ERP_SENDING_MESSAGE = "L'envoi de cette commande à Oracle est déjà en cours.";
export const ORDER_ERP_QUEUED_MESSAGE = "La commande est en file d'attente d'envoi à Oracle.";

/** Spec 2 §4: the order's retention type and when it may be chosen. */
export const ORDER_DEPOSIT_TYPE_LOCKED_MESSAGE =
  "Le type de retenue de la commande ne se choisit que sur un marché avec seuil, tant que la commande est sous le seuil et n'est pas en validation sous-traitant.";

/** Spec 1 §4 rule 7: the confirmation when the order's agency has anomalies in its legal folder. */
export const ORDER_AGENCY_ANOMALIES_MESSAGE =
  "Le dossier légal de l'agence {agency} présente des anomalies (documents incomplets ou statut non conforme). Voulez-vous continuer ?";

/** GET /order/{id}: the order as its detail screen shows it (spec 2 §3 Service order). */
export type OrderDetailRecord = {
  id: number;
  version: number;
  reference: string;
  name: string;
  market: number;
  marketEdifice: string;
  contractNumber: string | null;
  agency: number;
  agencyName: string;
  /** The agency is followed by the e-attestation service and its documents are incomplete or its status is not 1. */
  agencyAnomaly: boolean;
  project: number;
  projectName: string;
  projectTypeName: string | null;
  bpu: number;
  bpuName: string;
  bpuTemplateId: number;
  orderTemplate: number | null;
  orderTemplateName: string | null;
  imputation: number | null;
  imputationEotp: string | null;
  oracleProject: number | null;
  oracleProjectName: string | null;
  oracleTask: number | null;
  oracleTaskName: string | null;
  oracleEmitterProject: number | null;
  oracleEmitterProjectName: string | null;
  oracleEmitterTask: number | null;
  oracleEmitterTaskName: string | null;
  oscarSubProject: number | null;
  oscarSubProjectName: string | null;
  arcgisName: string | null;
  nroName: string | null;
  offerIdPm: string | null;
  mainClient: string | null;
  clientMarket: string | null;
  clientBdc: string | null;
  executionPeriod: string | null;
  endDate: string;
  deliveryDate: string | null;
  releaseDate: string | null;
  date: string;
  follower: number;
  followerName: string | null;
  creator: number | null;
  creatorName: string | null;
  observation: string | null;
  total: string;
  totalTTC: string;
  /** The sum of the order's validated attachments (none until attachments exist). */
  alreadyInvoiced: string;
  oracleStatus: OrderOracleStatus;
  oracleId: string | null;
  canSendToOracle: boolean;
  /** The last send to the ERP (status, its message), null when never sent. */
  erpSend: ErpSendRecord | null;
  sentSST: boolean;
  locked: boolean;
  versioned: boolean;
  createdAt: string;
  /** The order's retention type: its own choice, else the market's. */
  depositType: MarketDepositType;
  marketDepositType: MarketDepositType;
  threshold: string | null;
  rgRate: string | null;
  tva: MarketVatType;
  reverseCharge: boolean;
  paymentTypeCode: string | null;
  paymentTypeName: string | null;
  lastAttachment: { createdAt: string } | null;
  statusWF: { nodeId: number; nodeName: string; nodeCode: string; updatedAt: string } | null;
};

/** Compares two non-negative decimal texts ("1200.5", "999.99") without binary floats: −1, 0 or 1. */
export function compareDecimalText(left: string, right: string): -1 | 0 | 1 {
  const split = (value: string) => {
    const [whole = '0', fraction = ''] = value.trim().split('.');
    return { whole: whole.replace(/^0+(?=\d)/, ''), fraction };
  };
  const a = split(left);
  const b = split(right);
  const width = Math.max(a.fraction.length, b.fraction.length);
  const digitsA = a.whole.padStart(20, '0') + a.fraction.padEnd(width, '0');
  const digitsB = b.whole.padStart(20, '0') + b.fraction.padEnd(width, '0');
  if (digitsA === digitsB) {
    return 0;
  }
  return digitsA < digitsB ? -1 : 1;
}

/**
 * Spec 2 §4: an order's retention type is chosen only when the market's is "with threshold", the order
 * total is below the market threshold and the order is not waiting for the subcontractor's validation.
 */
export function orderDepositTypeSelectable(facts: {
  marketDepositType: MarketDepositType;
  total: string;
  threshold: string | null;
  nodeCode: string | null;
}): boolean {
  return (
    facts.marketDepositType === 'withThreshold' &&
    facts.threshold !== null &&
    compareDecimalText(facts.total, facts.threshold) < 0 &&
    facts.nodeCode !== ORDER_SST_VALIDATION_NODE
  );
}

/** Spec 2 §4: the order is sent to the ERP only once validated, never twice, never while a send runs. */
export function orderErpSendRefusal(facts: {
  nodeCode: string | null;
  oracleId: string | null;
  oracleStatus: string;
}): string | null {
  if (facts.oracleId !== null) {
    return ORDER_ERP_ALREADY_SENT_MESSAGE;
  }
  if (facts.nodeCode !== ORDER_VALIDATED_NODE) {
    return ORDER_ERP_NOT_VALIDATED_MESSAGE;
  }
  if (erpSending(facts.oracleStatus)) {
    return ORDER_ERP_SENDING_MESSAGE;
  }
  return null;
}
