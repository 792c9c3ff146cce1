import { z } from 'zod';
import { ERP_STATUSES } from './erp-exchange.js';
import { optionalCalendarDate, optionalId, optionalText, requiredId, versionField } from './fields.js';
import { MARKET_DEPOSIT_TYPE_MESSAGE, MARKET_DEPOSIT_TYPES } from './markets.js';
import { ORDER_QUANTITY_INVALID_MESSAGE } from './shared-messages.js';

/** Spec 2 §8 and §5: the order messages, verbatim where the spec gives them. */
export const ORDER_REQUIRED_FIELDS_MESSAGE = 'Veuillez remplir tous les champs requis!';
export const ORDER_MARKET_WITHOUT_BPU_MESSAGE = "Le marché choisi n'a pas de BPU associé.";
export const ORDER_CONFIRM_DELETE = 'Êtes-vous sûr de vouloir supprimer cette commande ?';
export const ORDER_CONFIRM_SEND_TO_ERP =
  "Êtes-vous sûr de vouloir envoyer cette commande à Oracle ? Assurez-vous que la commande n'est pas déjà en cours d'envoi !";
export const ORDER_DELETE_NOT_DRAFT_MESSAGE = 'Seule une commande au brouillon peut être supprimée.';
export const ORDER_COMPLEMENT_TOO_LONG_MESSAGE = 'Le complément ne doit pas dépasser {max} caractères.';
export const ORDER_COMPLEMENT_FROZEN_MESSAGE =
  'Le complément ne peut plus être modifié : la commande a été envoyée au sous-traitant.';
export const ORDER_FINANCIAL_OPTION_MESSAGE = "Vous n'avez pas le droit de modifier les informations financières de la commande.";
export const ORDER_ERP_FROZEN_MESSAGE = 'Les champs Oracle ne peuvent plus être modifiés : la commande a été envoyée à Oracle.';
export const ORDER_RELEASE_DATE_MESSAGE = 'La date de libération doit être postérieure à la date de la commande.';
export const ORDER_LOCKED_MESSAGE = 'Cette commande est verrouillée : seul le suivi peut être modifié.';
export const ORDER_EMITTER_ONLY_INTERNAL_MESSAGE =
  'Le projet et la tâche émetteurs ne concernent que les marchés au type de paiement interne (ou sans code de paiement).';
export const ORDER_EMITTER_TASK_REQUIRED_MESSAGE = 'Choisissez la tâche émettrice du projet émetteur.';
export const ORDER_TASK_NOT_OF_PROJECT_MESSAGE = "La tâche Oracle choisie n'appartient pas au projet Oracle choisi.";
export const ORDER_MARKET_INACTIVE_MESSAGE = 'Ce marché est désactivé : choisissez un marché actif.';
export const ORDER_LINE_DUPLICATE_MESSAGE = 'Cette prestation est déjà présente dans la commande.';
export const ORDER_LINE_UNKNOWN_PRESTATION_MESSAGE = "Cette prestation n'a pas de prix dans le BPU de la commande.";
export const ORDER_DOCUMENT_DELETE_MESSAGE =
  "Les documents d'une commande ne peuvent être supprimés qu'au brouillon ou en validation (chef de projet, sous-traitant).";
export const ORDER_LOCKED_IMPORT_MESSAGE = "Cette commande est verrouillée : l'import est impossible.";
/** Server guards of the order workflow (spec 1 §4 pre-check rules 7 and 8, and the amount routing). */
export const ORDER_NO_AGENCY_MESSAGE = "La commande n'a pas d'agence : impossible de la faire valider.";
export const ORDER_EMITTER_REQUIRED_MESSAGE =
  'Choisissez le projet et la tâche émetteurs avant de valider la commande (type de paiement interne ou absent).';
export const ORDER_AMOUNT_ABOVE_ENGAGEMENT_MESSAGE =
  "Le montant de la commande dépasse votre montant d'engagement : elle doit passer par la validation du montant.";
export const ORDER_AMOUNT_WITHIN_ENGAGEMENT_MESSAGE =
  "Le montant de la commande est dans votre montant d'engagement : envoyez-la directement au sous-traitant.";

/** Spec 2 §9: quantity step 0.5, shown with one decimal. */
export const ORDER_QUANTITY_STEP = 0.5;
/** Spec 2 §9: the complement's maximum is 100 − (min(edifice length, 60) + 1 + 12), 100 − 12 without a market. */
export function orderComplementMaxLength(edifice: string | null | undefined): number {
  return edifice ? 100 - (Math.min(edifice.length, 60) + 1 + 12) : 100 - 12;
}

/** ERP statuses of an order (spec 2 §4). */
export const ORDER_ORACLE_STATUSES = ERP_STATUSES;
export type OrderOracleStatus = (typeof ORDER_ORACLE_STATUSES)[number];

/** What an order row and an attachment row both carry about the order: its project, client and ERP. */
export type OrderContextFields = {
  projectId: number;
  projectName: string;
  contractNumber: string | null;
  clientMarket: string | null;
  clientBdc: string | null;
  oscarSubProjectName: string | null;
  arcgisName: string | null;
  nroName: string | null;
  offerIdPm: string | null;
  imputationEotp: string | null;
  oracleProjectName: string | null;
  oracleTaskName: string | null;
  followerName: string | null;
};

const optionalDate = optionalCalendarDate();

/** A quantity typed by a user (comma accepted), kept as text: never a binary float. */
export const orderQuantitySchema = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim().replace(',', '.'))
  .refine((value) => /^\d{1,10}(\.[05]0*)?$/.test(value), ORDER_QUANTITY_INVALID_MESSAGE);

/**
 * The order fields a form sends. Required fields are checked by the server with the screen's message
 * ("Veuillez remplir tous les champs requis!"), so they are optional here.
 */
const orderFields = {
  name: optionalText(255),
  market: optionalId,
  orderTemplate: optionalId,
  imputation: optionalId,
  oracleProject: optionalId,
  oracleTask: optionalId,
  oracleEmitterProject: optionalId,
  oracleEmitterTask: optionalId,
  oscarSubProject: optionalId,
  mainClient: optionalText(255),
  clientMarket: optionalText(255),
  clientBdc: optionalText(255),
  executionPeriod: optionalText(255),
  endDate: optionalDate,
  deliveryDate: optionalDate,
  releaseDate: optionalDate,
  follower: optionalId,
  observation: optionalText(4000),
};

export const orderCreateSchema = z.object(orderFields);
export type OrderCreateInput = z.infer<typeof orderCreateSchema>;

export const orderLineInputSchema = z.object({
  id: optionalId,
  prestation: z.coerce.number().int().positive(),
  quantity: orderQuantitySchema,
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

/** PUT /order/{id}: the order plus its prestation lines (spec 2 §7 "order plus prestationOSs"). */
export const orderUpdateSchema = z.object({
  ...orderFields,
  date: optionalDate,
  /** The order's retention type (spec 2 §4); absent or null keeps the current one. */
  depositType: z.enum(MARKET_DEPOSIT_TYPES, { error: MARKET_DEPOSIT_TYPE_MESSAGE }).nullish(),
  version: versionField,
  prestationOSs: z.array(orderLineInputSchema).max(5000).optional(),
});
export type OrderUpdateInput = z.infer<typeof orderUpdateSchema>;

/** PUT /order/{id}/emitter: the emitter project and task the validation modal asks for (both required). */
export const orderEmitterSchema = z.object({ project: requiredId, task: requiredId });
export type OrderEmitterInput = z.infer<typeof orderEmitterSchema>;

export type OrderPrestationLine = {
  prestation: number;
  category: string | null;
  subcategory: string | null;
  reference: string;
  code: string;
  description: string;
  unit: string;
  unitPrice: string;
  quantity: string;
  total: string;
  lineId: number | null;
  isInTemplate: boolean;
};

/** Export and import columns of an order's prestations (the import reads Code and Quantité). */
export const ORDER_CSV_HEADERS = [
  'Catégorie',
  'Sous-catégorie',
  'Référence',
  'Code',
  'Description',
  'Unité',
  'Prix unitaire',
  'Quantité',
  'Total',
] as const;
