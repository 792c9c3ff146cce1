import { z } from 'zod';
import { ERP_STATUSES, type ErpSendRecord } from './erp-exchange.js';
import { isCalendarDate, optionalId, optionalText, versionField } from './fields.js';
import type { MarketDepositType } from './markets.js';
import { formatEuroFr } from './money.js';
import { compareDecimalText } from './order-detail.js';
import { type OrderContextFields, orderQuantitySchema } from './orders.js';
import { BPU_CSV_HEADERS } from './price-schedules.js';
import { VALIDATED_ATTACHEMENT_NODE_CODES } from './workflow.js';

/** The entity code of attachments (rights, workflow object, document owner): spelled as the spec does. */
export const ATTACHMENT_ENTITY = 'attachement';

/** Spec 2 §9: the repeat-attachment warning window, in days. */
export const REPEAT_ATTACHMENT_WINDOW_DAYS = 30;
/** The warranty period after which an RG is released, counted from the order's delivery date (ours: one year). */
export const RG_WARRANTY_MONTHS = 12;

export const ATTACHMENT_DRAFT_NODE = 'att_draft';
export const ATTACHMENT_REFUSED_NODE = 'att_refused';
export const ATTACHMENT_VALIDATED_NODE = 'att_validated';
/** The end of an attachment's workflow: paid (an imputation counts its paid attachments, spec 3 §3). */
export const ATTACHMENT_PAID_NODE = 'att_paid';
/** Spec 2 §4: att_validated, att_prepared_for_payment and att_paid count as validated. */
export const ATTACHMENT_VALIDATED_NODES: readonly string[] = VALIDATED_ATTACHEMENT_NODE_CODES;
/** Spec 1 §4 rule 7: the validating and validated nodes, before which the agency is checked. */
export const ATTACHMENT_VALIDATING_NODES: readonly string[] = [
  'att_validation_sst',
  'att_validating',
  'att_validating_amount',
  ...VALIDATED_ATTACHEMENT_NODE_CODES,
];
/** Spec 2 §4: documents of an attachment are deleted only in draft or validating nodes. */
export const ATTACHMENT_DOCUMENT_DELETABLE_NODES: readonly string[] = [
  'att_draft',
  'att_validation_sst',
  'att_validating',
  'att_validating_amount',
];
/** The nodes an attachment may be deleted on (ours: a draft, or a refused one nobody will rework). */
export const ATTACHMENT_DELETABLE_NODES: readonly string[] = [ATTACHMENT_DRAFT_NODE, ATTACHMENT_REFUSED_NODE];

/** Spec 2 §5 and §8, verbatim: the client's confirmations (pre-check rules 2, 4 and the creation warning). */
export const ATTACHMENT_REPEAT_CONFIRM = 'Attention vous avez déjà attaché cette commande ce mois-ci. Souhaitez-vous continuer ?';
export const ATTACHMENT_ZERO_AMOUNT_CONFIRM = 'Attention votre attachement est à 0€. Êtes-vous sûr de vouloir le valider ?';
/** Spec 1 §4 rules 2 to 5 (texts ours where the spec gives none); the totals are filled as French money. */
export const ATTACHMENT_ABOVE_ORDER_TOTAL_CONFIRM =
  'Attention le total des attachements de la commande ({total}) dépasse le montant de la commande ({orderTotal}). Souhaitez-vous continuer ?';
export const ATTACHMENT_REACHES_ORDER_TOTAL_CONFIRM =
  "Attention le total des attachements de la commande ({total}) atteint le montant de la commande ({orderTotal}). S'il s'agit du dernier attachement, cochez la case DGD (décompte général définitif). Souhaitez-vous continuer ?";
export const ATTACHMENT_RECENTLY_PRESENTED_CONFIRM =
  'Attention un autre attachement de cette commande a été présenté il y a moins de 30 jours. Souhaitez-vous continuer ?';
export const ATTACHMENT_CONFIRM_SEND_TO_ERP =
  "Êtes-vous sûr de vouloir envoyer cet attachement à Oracle ? Assurez-vous que l'attachement n'est pas déjà en cours d'envoi !";
export const ATTACHMENT_RELEASE_DATE_SUCCESS = 'Date de libération modifiée avec succès';
/** Shown beside a line whose cumulative quantity passes the ordered quantity. */
export const ATTACHMENT_OVER_ORDERED_WARNING = 'La quantité cumulée dépasse la quantité commandée.';

/** The server's refusals (400 / 422). */
export const ATTACHMENT_ORDER_REQUIRED_MESSAGE = 'Choisissez la commande à attacher.';
export const ATTACHMENT_ORDER_NOT_VALIDATED_MESSAGE = 'Un attachement ne se crée que sur une commande validée.';
export const ATTACHMENT_DELETE_MESSAGE = 'Seul un attachement au brouillon ou refusé peut être supprimé.';
export const ATTACHMENT_LOCKED_MESSAGE =
  'Cet attachement est verrouillé (payé ou envoyé à Oracle) : il ne peut plus être modifié.';
export const ATTACHMENT_PAYMENT_STARTED_MESSAGE =
  'Cet attachement est préparé pour paiement ou payé : il ne peut plus être modifié.';
export const ATTACHMENT_VALIDATED_EDIT_MESSAGE = 'Cet attachement est validé : votre profil ne peut plus le modifier.';
export const ATTACHMENT_LINE_DUPLICATE_MESSAGE = "Cette prestation est déjà présente dans l'attachement.";
export const ATTACHMENT_LINE_UNKNOWN_PRESTATION_MESSAGE = "Cette prestation n'a pas de prix dans le BPU de la commande.";
export const ATTACHMENT_RELEASE_DATE_OPTION_MESSAGE =
  "Vous n'avez pas le droit de modifier les dates de libération des retenues de garantie.";
export const ATTACHMENT_DOCUMENT_DELETE_MESSAGE =
  "Les documents d'un attachement ne peuvent être supprimés qu'au brouillon ou en validation.";
export const ATTACHMENT_RELEASE_DATE_REQUIRED_MESSAGE = 'Choisissez la date de libération.';
/** Server guards of the attachment workflow (docs/decisions.md "Attachments"). */
export const ATTACHMENT_NO_AGENCY_MESSAGE = "La commande de cet attachement n'a pas d'agence : impossible de le faire valider.";
export const ATTACHMENT_AMOUNT_ABOVE_ENGAGEMENT_MESSAGE =
  "Le montant de l'attachement dépasse votre montant d'engagement : il doit passer par la validation du montant.";
export const ATTACHMENT_AMOUNT_WITHIN_ENGAGEMENT_MESSAGE =
  "Le montant de l'attachement est dans votre montant d'engagement : validez-le directement.";

/** ERP statuses of an attachment (spec 2 §4). */
export const ATTACHMENT_ORACLE_STATUSES = ERP_STATUSES;
export type AttachmentOracleStatus = (typeof ATTACHMENT_ORACLE_STATUSES)[number];

const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: 'Valeur attendue : vrai ou faux.' })
  .nullish()
  .transform((value) => value === true || value === 'true');

/** POST /attachement: the order (required, checked by the server with its message), observation, DGD. */
export const attachmentCreateSchema = z.object({
  order: optionalId,
  observation: optionalText(4000),
  isDGD: flag,
});
export type AttachmentCreateInput = z.infer<typeof attachmentCreateSchema>;
export type AttachmentCreateReply = { success: true; id: number; reference: string };

export const attachmentLineInputSchema = z.object({
  /** The line's id when it exists (the `prestationAttachement.id` of GET /attachement/{id}/prestations). */
  id: optionalId,
  prestation: z.coerce.number().int().positive().max(2_147_483_647),
  /** The quantity done this time (step 0.5); zero on an existing line removes it. */
  quantity: orderQuantitySchema,
});
export type AttachmentLineInput = z.infer<typeof attachmentLineInputSchema>;

/** PUT /attachement/{id}: the attachment plus its lines (spec 2 §7 "attachment plus prestationAttachements"). */
export const attachmentUpdateSchema = z.object({
  version: versionField,
  observation: optionalText(4000),
  isDGD: flag,
  prestationAttachements: z.array(attachmentLineInputSchema).max(5000).optional(),
});
export type AttachmentUpdateInput = z.infer<typeof attachmentUpdateSchema>;

/** PUT /attachement/{id}/warranties/releaseDate. */
export const attachmentReleaseDateSchema = z.object({
  releaseDate: z
    .string({ error: ATTACHMENT_RELEASE_DATE_REQUIRED_MESSAGE })
    .trim()
    .refine((value) => isCalendarDate(value), {
      message: 'Date invalide (format AAAA-MM-JJ).',
    }),
});
export type AttachmentReleaseDateInput = z.infer<typeof attachmentReleaseDateSchema>;

export type AttachmentStatusWF = { nodeId: number; nodeName: string; nodeCode: string; updatedAt: string };

/** The facts the client's pre-checks read before a move (spec 1 §4 rules 2 to 5 and 7). */
export type AttachmentMoveFacts = {
  amount: string;
  isDGD: boolean;
  orderTotal: string;
  /** The amounts of the order's attachments that are not refused, this one included. */
  attachmentsTotal: string;
  /** When another attachment of the same order was last presented (created), if any. */
  lastOtherPresentedAt: string | null;
  agencyMissing: boolean;
  /** The agency is followed by the e-attestation service and its documents are incomplete or its status is not 1. */
  agencyAnomaly: boolean;
};

/** Whether an instant is within the repeat window before `now` (spec 2 §5, §9: 30 days or less). */
export function withinRepeatWindow(instant: string | null | undefined, now: Date = new Date()): boolean {
  if (!instant) {
    return false;
  }
  const elapsed = now.getTime() - new Date(instant).getTime();
  return elapsed <= REPEAT_ATTACHMENT_WINDOW_DAYS * 24 * 60 * 60 * 1000;
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * The confirmations a move of an attachment asks for (spec 1 §4 rules 2 to 5), in the spec's order.
 * Pure, so the web pre-checks and the tests read the same rules; the agency anomalies (rule 7) and the
 * evaluation form (rule 6) are the client's own.
 */
export function attachmentMoveConfirmations(
  facts: AttachmentMoveFacts,
  move: { fromNodeCode: string; toNodeCode: string },
  now: Date = new Date(),
): string[] {
  const zero = compareDecimalText(facts.amount, '0') === 0;
  const vsOrder = compareDecimalText(facts.attachmentsTotal, facts.orderTotal);
  const totals = { total: formatEuroFr(facts.attachmentsTotal), orderTotal: formatEuroFr(facts.orderTotal) };
  const confirmations: string[] = [];
  if (move.toNodeCode === ATTACHMENT_VALIDATED_NODE && move.fromNodeCode === 'att_validating_amount') {
    if (zero) {
      confirmations.push(ATTACHMENT_ZERO_AMOUNT_CONFIRM);
    }
    if (vsOrder > 0) {
      confirmations.push(fill(ATTACHMENT_ABOVE_ORDER_TOTAL_CONFIRM, totals));
    }
  }
  if (move.toNodeCode === 'att_validating_amount' && move.fromNodeCode === 'att_validating' && vsOrder > 0) {
    confirmations.push(fill(ATTACHMENT_ABOVE_ORDER_TOTAL_CONFIRM, totals));
  }
  if (
    (move.toNodeCode === 'att_validating' || move.toNodeCode === 'att_validation_sst') &&
    move.fromNodeCode === ATTACHMENT_DRAFT_NODE
  ) {
    if (zero) {
      confirmations.push(ATTACHMENT_ZERO_AMOUNT_CONFIRM);
    }
    if (vsOrder >= 0 && !facts.isDGD) {
      confirmations.push(fill(ATTACHMENT_REACHES_ORDER_TOTAL_CONFIRM, totals));
    }
  }
  if (move.toNodeCode === ATTACHMENT_VALIDATED_NODE && withinRepeatWindow(facts.lastOtherPresentedAt, now)) {
    confirmations.push(ATTACHMENT_RECENTLY_PRESENTED_CONFIRM);
  }
  return confirmations;
}

/** The retention of the attachment's order: the type that applies and the market's rate and threshold. */
export type AttachmentRetention = {
  /** The order's type (its own choice, else the market's). */
  type: MarketDepositType;
  marketType: MarketDepositType;
  /** The market's rate, percent. */
  rate: string | null;
  threshold: string | null;
};

/** A deposit an attachment consumed (the spec's `warranties`: deposit and depositUsed). */
export type AttachmentDepositUse = { deposit: number; depositReference: string; depositUsed: string };

/** GET /attachement/{id}: the attachment as its detail screen shows it (spec 2 §3 Attachment). */
export type AttachmentDetailRecord = {
  id: number;
  version: number;
  reference: string;
  observation: string | null;
  isDGD: boolean;
  amount: string;
  totalRg: string;
  /** The rate the RG was computed with; null when no retention applies. */
  rgRate: string | null;
  rgReleaseDate: string | null;
  depositUsed: string;
  /** amount − RG − deposit used. */
  netAmount: string;
  order: number;
  orderReference: string;
  orderName: string;
  orderTotal: string;
  market: number;
  marketEdifice: string;
  contractNumber: string | null;
  agency: number;
  agencyName: string;
  project: number;
  projectName: string;
  bpu: number;
  imputationEotp: string | null;
  oracleProjectName: string | null;
  oracleTaskName: string | null;
  oscarSubProjectName: string | null;
  arcgisName: string | null;
  nroName: string | null;
  offerIdPm: string | null;
  follower: number;
  followerName: string | null;
  creator: number | null;
  creatorName: string | null;
  validator: number | null;
  validatorName: string | null;
  validatedAt: string | null;
  retention: AttachmentRetention;
  oracleStatus: AttachmentOracleStatus;
  oracleId: string | null;
  canSendToOracle: boolean;
  /** The last send of its receipt to the ERP (status, message, line errors), null when never sent. */
  erpSend: ErpSendRecord | null;
  locked: boolean;
  /** Whether the caller may change its lines now (update right aside): node, lock and option rules. */
  editable: boolean;
  /** Why it is not editable, when it is not. */
  editRefusal: string | null;
  /** Some line's cumulative quantity passes the ordered quantity. */
  overOrdered: boolean;
  warranties: AttachmentDepositUse[];
  /** The monthly statement holding it (statements come with their own issue). */
  monthlyStatement: { id: number; date: string } | null;
  /** The statement(s) releasing its RG (its "release situation"), oldest first; empty while not released. */
  releaseStatements: { id: number; date: string }[];
  createdAt: string;
  statusWF: AttachmentStatusWF | null;
  checks: AttachmentMoveFacts;
};

/** A row of GET /attachements and its CSV (spec 2 §2 Attachment list). */
export type AttachmentListRow = OrderContextFields & {
  id: number;
  reference: string;
  orderId: number;
  orderReference: string;
  orderName: string;
  marketId: number;
  marketEdifice: string;
  agencyId: number;
  agencyName: string;
  oracleStatus: AttachmentOracleStatus;
  followerId: number | null;
  amount: string;
  totalRg: string;
  depositUsed: string;
  isDGD: boolean;
  nodeId: number | null;
  nodeName: string | null;
  nodeCode: string | null;
  creatorName: string | null;
  createdAt: string;
  /** The monthly statement invoicing it (null: a statement may still take it). */
  monthlyStatementId: number | null;
};

/** A row of GET /order/{id}/attachements (the order's Attachments tab), sorted by reference. */
export type OrderAttachmentRow = {
  id: number;
  reference: string;
  amount: string;
  totalRg: string;
  depositUsed: string;
  rgReleaseDate: string | null;
  isDGD: boolean;
  oracleStatus: AttachmentOracleStatus;
  createdAt: string;
  monthlyStatement: { id: number; date: string } | null;
  /** The statement(s) releasing its RG (the tab's "release situation links"), oldest first. */
  releaseStatements: { id: number; date: string }[];
  statusWF: AttachmentStatusWF | null;
};

/**
 * A row of GET /attachement/{id}/prestations (spec 2 §3 Attachment prestation line): the ordered
 * quantity, the quantities of the validated attachments before this one (cumulative previous), this
 * time's quantity, and the cumulative (previous + this time).
 */
export type AttachmentPrestationLine = {
  prestation: number;
  category: string | null;
  subcategory: string | null;
  reference: string;
  code: string;
  description: string;
  unit: string;
  unitPrice: string;
  orderedQuantity: string;
  cumulativePreviousQuantity: string;
  quantity: string;
  cumulativeQuantity: string;
  total: string;
  /** The attachment's line (prestationAttachement id); null when nothing is attached this time. */
  lineId: number | null;
  overOrdered: boolean;
};

/** A row of GET /bpu/{id}/attachement/prestations: a priced prestation of the order's BPU, to add to an attachment. */
export type BpuAttachmentPrestation = {
  prestation: number;
  category: string | null;
  subcategory: string | null;
  reference: string;
  code: string;
  description: string;
  unit: string;
  unitPrice: string;
};

/** Export and import columns of an attachment's prestations (the import reads Code and Quantité). */
export const ATTACHMENT_CSV_HEADERS = [
  'Catégorie',
  'Sous-catégorie',
  'Référence',
  'Code',
  'Description',
  'Unité',
  'Prix unitaire',
  'Quantité commandée',
  'Cumul précédent',
  'Quantité',
  'Cumul',
  'Total',
] as const;

/** The export in the BPU's layout: the BPU columns, then this time's quantity and total (the import reads it too). */
export const ATTACHMENT_BPU_CSV_HEADERS = [...BPU_CSV_HEADERS, 'Quantité', 'Total'] as const;
