import { z } from 'zod';
import { optionalCalendarDate, optionalId, optionalText, requiredId, requiredText, versionField } from './fields.js';
import { formatMessage } from './messages.js';

/** VAT types of a market (spec 2 §9): 20 %, 10 %, reverse charge. */
export const MARKET_VAT_TYPES = ['basic', 'tenPercents', 'reverseCharge'] as const;
export type MarketVatType = (typeof MARKET_VAT_TYPES)[number];
/** The VAT rate of each type, in percent (reverse charge: no VAT invoiced, the legal mention instead). */
export const MARKET_VAT_RATES: Record<MarketVatType, string> = { basic: '20', tenPercents: '10', reverseCharge: '0' };

/** Retention (RG) types of a market (spec 2 §9): basic, with threshold, not applicable. */
export const MARKET_DEPOSIT_TYPES = ['basic', 'withThreshold', 'notApplicable'] as const;
export type MarketDepositType = (typeof MARKET_DEPOSIT_TYPES)[number];

/** Spec 2 §9: default rgRate 5 (%), step 0.01, min 0. */
export const DEFAULT_RG_RATE = '5';
export const RG_RATE_STEP = 0.01;
export const RG_RATE_MAX = 100;

/** Whether a retention type has a rate (basic, with threshold) and a threshold (with threshold only). */
export function depositTypeHasRate(type: MarketDepositType | null | undefined): boolean {
  return type === 'basic' || type === 'withThreshold';
}
export function depositTypeHasThreshold(type: MarketDepositType | null | undefined): boolean {
  return type === 'withThreshold';
}

export const MARKET_AMOUNT_INVALID_MESSAGE = 'Montant invalide (nombre positif ou nul, deux décimales au plus).';
export const MARKET_RG_RATE_INVALID_MESSAGE = 'Le taux de RG doit être compris entre 0 et 100, avec deux décimales au plus.';
export const MARKET_RG_RATE_REQUIRED_MESSAGE = 'Le taux de RG est obligatoire pour ce type de retenue.';
export const MARKET_THRESHOLD_REQUIRED_MESSAGE = 'Le seuil (en euros) est obligatoire pour une retenue avec seuil.';
export const MARKET_THRESHOLD_POSITIVE_MESSAGE = 'Le seuil doit être supérieur à 0 €.';
export const MARKET_VAT_TYPE_MESSAGE = 'Choisissez un type de TVA : 20 %, 10 % ou autoliquidation.';
export const MARKET_DEPOSIT_TYPE_MESSAGE = 'Choisissez un type de retenue : classique, avec seuil ou non applicable.';
export const MARKET_DATE_INVALID_MESSAGE = 'Date invalide (format AAAA-MM-JJ).';
export const MARKET_CONTRACT_AGENCY_MESSAGE = "Ce contrat n'est pas un contrat de l'agence du marché.";
export const MARKET_EDIFICE_DUPLICATE_MESSAGE = 'Un marché avec ce code Edifice existe déjà.';
export const MARKET_DELETE_NOT_DRAFT_MESSAGE = 'Seul un marché au brouillon peut être supprimé.';
export const MARKET_ALREADY_ACTIVE_MESSAGE = 'Ce marché est déjà actif.';
export const MARKET_ALREADY_INACTIVE_MESSAGE = 'Ce marché est déjà désactivé.';
export const MARKET_CANNOT_BE_DEACTIVATED_MESSAGE = 'Ce marché ne peut pas être désactivé : des commandes sont en cours.';
/** The market's VAT regime is frozen once money has moved on it (docs/decisions.md "Figures frozen once they count"). */
export const MARKET_VAT_LOCKED_MESSAGE =
  'Le type de TVA de ce marché ne peut plus être modifié : des commandes sont validées ou des situations existent. Créez un avenant (nouveau marché).';
export const MARKET_INACTIVE_FOR_BPU_MESSAGE = 'Ce marché est désactivé : choisissez un marché actif.';
export const MARKET_CONFIRM_DEACTIVATE = 'Êtes-vous sûr de vouloir désactiver ce marché ?';
export const MARKET_CONFIRM_ACTIVATE = 'Êtes-vous sûr de vouloir réactiver ce marché ?';

/** A decimal typed by a user (a comma is accepted), never read as a binary float; empty becomes ''. */
const decimalText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? '' : String(value).trim().replace(',', '.').replace(/\s/g, '')));

/** An amount in EUR: zero or more, two decimals at most. */
const amount = (required: boolean) =>
  decimalText
    .refine((value) => !required || value !== '', formatMessage('validation.required'))
    .refine((value) => value === '' || /^\d{1,12}(\.\d{1,2})?$/.test(value), MARKET_AMOUNT_INVALID_MESSAGE)
    .transform((value) => (value === '' ? null : value));

/** The retention rate in percent: 0 to 100, step 0.01; 5 when not sent, required when sent empty. */
export const rgRateSchema = z
  .union([z.string(), z.number(), z.null()])
  .default(DEFAULT_RG_RATE)
  .transform((value) => (value === null ? '' : String(value).trim().replace(',', '.').replace(/\s/g, '')))
  .refine(
    (value) => value === '' || (/^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) <= RG_RATE_MAX),
    MARKET_RG_RATE_INVALID_MESSAGE,
  )
  .transform((value) => (value === '' ? null : value));

const optionalDate = optionalCalendarDate(MARKET_DATE_INVALID_MESSAGE);

const marketFields = {
  edifice: requiredText(255),
  agency: requiredId,
  project: requiredId,
  maxAmountDC4: amount(true),
  paymentType: requiredId,
  paymentTerm: requiredId,
  tva: z.enum(MARKET_VAT_TYPES, { error: MARKET_VAT_TYPE_MESSAGE }),
  depositType: z.enum(MARKET_DEPOSIT_TYPES, { error: MARKET_DEPOSIT_TYPE_MESSAGE }),
  rgRate: rgRateSchema,
  threshold: amount(false),
  toEvaluate: z.boolean().default(false),
  /** The market's contract (chosen with the picker): a contract of the market's agency; its number is then the market's. */
  contract: optionalId,
  /** Kept for a market without a contract (typed before contracts were chosen); a chosen contract's number wins. */
  contractNumber: optionalText(100),
  dateEndOfContract: optionalDate,
  sapReference: optionalText(100),
  clientBdc: optionalText(100),
  eotpST: optionalText(100),
};

type RetentionInput = { depositType: MarketDepositType; rgRate: string | null; threshold: string | null };

/**
 * The retention rules: the rate is required for basic and with-threshold retentions, the threshold
 * (above 0 €) for with-threshold only; what a type does not use is dropped (stored as null).
 */
function retentionRules<Value extends RetentionInput>(value: Value, context: z.RefinementCtx): Value {
  const hasRate = depositTypeHasRate(value.depositType);
  const hasThreshold = depositTypeHasThreshold(value.depositType);
  if (hasRate && value.rgRate === null) {
    context.addIssue({ code: 'custom', path: ['rgRate'], message: MARKET_RG_RATE_REQUIRED_MESSAGE });
  }
  if (hasThreshold && value.threshold === null) {
    context.addIssue({ code: 'custom', path: ['threshold'], message: MARKET_THRESHOLD_REQUIRED_MESSAGE });
  }
  if (hasThreshold && value.threshold !== null && /^0+(\.0+)?$/.test(value.threshold)) {
    context.addIssue({ code: 'custom', path: ['threshold'], message: MARKET_THRESHOLD_POSITIVE_MESSAGE });
  }
  return { ...value, rgRate: hasRate ? value.rgRate : null, threshold: hasThreshold ? value.threshold : null };
}

/** Market creation (spec 2 §3, §9). */
export const marketCreateSchema = z.object(marketFields).transform(retentionRules);
/** Market edit: the same fields and the version read. */
export const marketUpdateSchema = z.object({ ...marketFields, version: versionField }).transform(retentionRules);

export type MarketInput = z.output<typeof marketCreateSchema>;

/** A market as its detail shows it (spec 2 §3 Market). */
export type MarketRecord = {
  id: number;
  version: number;
  edifice: string;
  agency: number;
  agencyName: string;
  /**
   * The agency is followed by the e-attestation service and its documents are incomplete or its status
   * is not 1: order creation warns of it (spec 2 §5).
   */
  agencyAnomaly: boolean;
  companyId: number;
  companyName: string;
  project: number;
  projectName: string;
  projectCode: string;
  maxAmountDC4: string;
  paymentType: number;
  paymentTypeName: string;
  paymentTypeCode: string | null;
  paymentTerm: number;
  paymentTermName: string;
  tva: MarketVatType;
  reverseCharge: boolean;
  depositType: MarketDepositType;
  rgRate: string | null;
  threshold: string | null;
  toEvaluate: boolean;
  active: boolean;
  canBeDeactivated: boolean;
  contract: number | null;
  contractNumber: string | null;
  dateEndOfContract: string | null;
  sapReference: string | null;
  clientBdc: string | null;
  eotpST: string | null;
  createdAt: string;
  statusWF: { nodeId: number; nodeName: string; nodeCode: string; updatedAt: string } | null;
};

/** A BPU of a market (`GET /market/{id}/bpus`). */
export type MarketBpu = { id: number; name: string; bpuTemplate: number; bpuTemplateName: string; locked: boolean };

/** The `toEvaluate` query value of `PUT /agency/{id}/enable-all-evaluations`. */
export const enableAllEvaluationsQuerySchema = z.object({
  toEvaluate: z.enum(['0', '1'], { error: 'toEvaluate vaut 0 ou 1.' }).transform((value) => value === '1'),
});
