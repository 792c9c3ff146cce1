import { z } from 'zod';
import { isCalendarDate, optionalCalendarDate, optionalId, optionalText, versionField } from './fields.js';
import type { MarketVatType } from './markets.js';

/** The entity code of monthly statements (rights): spelled as the spec does. */
export const MONTHLY_STATEMENT_ENTITY = 'monthly_statement';
/** Spec 2 §6: cancelling a payment needs this option (DANGEROUSLY_REVERT). */
export const MONTHLY_STATEMENT_REVERT_OPTION = 'monthly_statements.can_dangerously_revert_paid';

/** Validation and refusals (400 / 422), in French. */
export const STATEMENT_MARKET_REQUIRED_MESSAGE = 'Choisissez le marché de la situation.';
export const STATEMENT_PAYMENT_DATE_MESSAGE = 'La date théorique de paiement doit être postérieure à la date de la situation.';
export const STATEMENT_DATE_INVALID_MESSAGE = 'Date invalide (format AAAA-MM-JJ).';
export const STATEMENT_AMOUNT_INVALID_MESSAGE = 'Montant invalide (un nombre, deux décimales au plus).';
/** An EN 16931 invoice has at least one line: a statement invoicing no attachment is not issued as a PDF. */
export const STATEMENT_PDF_EMPTY_MESSAGE = 'Cette situation ne facture aucun attachement : son PDF ne peut pas être émis.';
export const STATEMENT_LOCKED_MESSAGE = 'Cette situation est payée (verrouillée) : elle ne peut plus être modifiée.';
export const STATEMENT_DELETE_PAID_MESSAGE = 'Une situation payée ne peut pas être supprimée.';
export const STATEMENT_ALREADY_PAID_MESSAGE = 'Cette situation est déjà payée.';
export const STATEMENT_NOT_PAID_MESSAGE = "Cette situation n'est pas payée.";
/** Documents of a paid (locked) statement stay: a document may be added, none removed. */
export const STATEMENT_DOCUMENT_LOCKED_MESSAGE =
  'Cette situation est payée (verrouillée) : ses documents ne peuvent plus être supprimés.';
export const STATEMENT_ATTACHMENTS_REQUIRED_MESSAGE = 'Choisissez au moins un attachement.';
export const STATEMENT_ATTACHMENT_UNKNOWN_MESSAGE = 'Attachement inconnu : {ids}.';
export const STATEMENT_ATTACHMENT_OTHER_MARKET_MESSAGE =
  "L'attachement {reference} n'est pas un attachement du marché de la situation.";
export const STATEMENT_ATTACHMENT_NOT_VALIDATED_MESSAGE =
  "L'attachement {reference} n'est pas validé : seul un attachement validé entre dans une situation.";
export const STATEMENT_ATTACHMENT_TAKEN_MESSAGE = "L'attachement {reference} est déjà dans une situation.";
export const STATEMENT_ATTACHMENT_NOT_HERE_MESSAGE = "Cet attachement n'est pas dans cette situation.";
export const STATEMENT_PAID_BLOCKED_MESSAGE =
  "Impossible de marquer la situation payée : la RG de l'attachement {references} est libérée dans cette situation mais l'attachement n'est pas validé.";
export const STATEMENT_UNPAY_BLOCKED_MESSAGE =
  "Impossible d'annuler le paiement : la RG de l'attachement {references} a déjà été libérée dans une autre situation payée.";
export const STATEMENT_RELEASE_NOT_VALIDATED_MESSAGE =
  "L'attachement {reference} n'est pas validé : seule la RG d'un attachement validé peut être libérée.";
export const STATEMENT_RELEASE_NO_RG_MESSAGE = "L'attachement {reference} n'a pas de RG à libérer.";
export const STATEMENT_RELEASE_TAKEN_MESSAGE =
  "La RG de l'attachement {reference} est déjà libérée dans la situation n° {statement}.";
export const STATEMENT_RELEASE_NOT_HERE_MESSAGE = "La RG de cet attachement n'est pas libérée dans cette situation.";
/** Confirmations of the detail screen (spec 2 §8, texts ours). */
export const STATEMENT_CONFIRM_PAID = 'Marquer cette situation comme payée ? Elle sera verrouillée.';
export const STATEMENT_CONFIRM_UNPAY = 'Annuler le paiement de cette situation ? Elle sera déverrouillée.';
export const STATEMENT_CONFIRM_DELETE = 'Supprimer cette situation ? Ses attachements seront libérés.';
export const STATEMENT_CONFIRM_REMOVE_ATTACHMENT = 'Retirer cet attachement de la situation ?';
/** Spec 2 §8 "remove retention release confirm". */
export const STATEMENT_CONFIRM_REMOVE_RELEASE = 'Êtes-vous sûr de vouloir retirer cette libération de RG ?';
/** Spec 2 §8 "generate monthly situations confirm" (text ours). */
export const STATEMENT_CONFIRM_GENERATE =
  'Générer les situations mensuelles des projets choisis ? Une situation datée du jour est créée pour chaque marché ayant des attachements validés hors situation.';
export const STATEMENT_PROJECT_UNKNOWN_MESSAGE = 'Projet inconnu : {ids}.';
/** Spec 2 §5: negative amounts are shown with a warning. */
export const STATEMENT_NEGATIVE_WARNING = 'Attention : un montant est négatif, le calcul est peut-être incorrect.';

/** Fills `{name}` placeholders of a message. */
export function fillStatementMessage(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

const optionalDate = optionalCalendarDate(STATEMENT_DATE_INVALID_MESSAGE);

const optionalAmount = z
  .union([z.string(), z.number(), z.null()], { error: STATEMENT_AMOUNT_INVALID_MESSAGE })
  .optional()
  .transform((value, context) => {
    const text = value === null || value === undefined ? '' : String(value).trim().replace(',', '.').replace(/\s/g, '');
    if (text === '') {
      return null;
    }
    if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) {
      context.addIssue({ code: 'custom', message: STATEMENT_AMOUNT_INVALID_MESSAGE });
      return z.NEVER;
    }
    return text;
  });

/** Spec 2 §5: the theoretical payment date, when set, is after the statement's date. */
export function statementPaymentDateError(date: string | null, theoreticalPaymentDate: string | null): string | null {
  if (date === null || theoreticalPaymentDate === null) {
    return null;
  }
  return theoreticalPaymentDate > date.slice(0, 10) ? null : STATEMENT_PAYMENT_DATE_MESSAGE;
}

/**
 * POST /situation/create: the market (required, checked by the server with its message) and the SAP
 * reference; the date is the current moment, the deposit amount and release date start empty (spec 2 §7).
 */
export const statementCreateSchema = z.object({
  market: optionalId,
  sap: optionalText(100),
});
export type StatementCreateInput = z.output<typeof statementCreateSchema>;

/** PUT /situation/{id}: the editable fields and the version read. */
export const statementUpdateSchema = z
  .object({
    version: versionField,
    date: z
      .string({ error: STATEMENT_DATE_INVALID_MESSAGE })
      .trim()
      .refine(isCalendarDate, { message: STATEMENT_DATE_INVALID_MESSAGE }),
    sapReference: optionalText(100),
    theoreticalPaymentDate: optionalDate,
    depositAmount: optionalAmount,
    depositReleaseDate: optionalDate,
  })
  .superRefine((value, context) => {
    const error = statementPaymentDateError(value.date, value.theoreticalPaymentDate);
    if (error) {
      context.addIssue({ code: 'custom', message: error, path: ['theoreticalPaymentDate'] });
    }
  });
export type StatementUpdateInput = z.output<typeof statementUpdateSchema>;

/** POST /situation/{id}/attachement: the attachment ids (a list, or `{ attachements: [...] }`). */
export const statementAttachmentsSchema = z
  .union(
    [
      z.array(z.coerce.number().int().positive().max(2_147_483_647)),
      z.object({ attachements: z.array(z.coerce.number().int().positive().max(2_147_483_647)) }),
    ],
    { error: STATEMENT_ATTACHMENTS_REQUIRED_MESSAGE },
  )
  .transform((value) => [...new Set(Array.isArray(value) ? value : value.attachements)])
  .refine((ids) => ids.length > 0 && ids.length <= 500, { message: STATEMENT_ATTACHMENTS_REQUIRED_MESSAGE });

/**
 * POST /projects/monthlyStatement: the project ids (a list, or `{ projects: [...] }`); an empty list is
 * allowed and generates nothing (spec 2 §5).
 */
export const statementGenerationSchema = z
  .union(
    [
      z.array(z.coerce.number().int().positive().max(2_147_483_647)),
      z.object({ projects: z.array(z.coerce.number().int().positive().max(2_147_483_647)) }),
    ],
    { error: 'Liste de projets invalide.' },
  )
  .transform((value) => [...new Set(Array.isArray(value) ? value : value.projects)])
  .refine((ids) => ids.length <= 500, { message: 'Choisissez au plus 500 projets.' });

/** The answer of a generation: how many statements were created, and for which markets. */
export type StatementGenerationResult = {
  success: true;
  created: number;
  /** Per statement: the attachments it invoices and the RG releases it records (those due by its date). */
  statements: { id: number; marketId: number; edifice: string; attachementCount: number; rgReleaseCount: number }[];
};

/** Unpaid while `paidAt` is null; paid (and locked) once marked paid. Status names are not shown (spec 2 §4). */
export type StatementStatus = 'unpaid' | 'paid';

/** The figures of a statement (spec 2 §3), decimal texts to the cent. */
export type StatementFigures = {
  /** Σ the amounts of its attachments. */
  totalAmount: string;
  /** Σ their RG. */
  rgamount: string;
  /** Σ the deposits they consumed. */
  depositUsed: string;
  /** totalAmount − rgamount − depositUsed. */
  totalAmountWithoutRG: string;
  /** The RG of the market's validated attachments that is due by the statement's date and released in no statement. */
  rgToRelease: string;
  /** Σ the RG released in this statement. */
  rgreleased: string;
  /** totalAmountWithoutRG + rgreleased. */
  totalAmountWithReleasedRG: string;
  /** VAT rate in percent; null under reverse charge. */
  tvaRate: string | null;
  tvaamount: string;
  totalAmountTTC: string;
  /** Some figure is negative: the screen warns the computation may be incorrect. */
  negative: boolean;
};

/**
 * An RG release recorded in the statement (spec's releasedAttachments; also the rows of
 * GET /situation/{id}/rgreleases): the attachment, its order, the RG released.
 */
export type StatementRelease = {
  id: number;
  reference: string;
  orderId: number;
  orderReference: string;
  rgReleaseDate: string | null;
  /** The RG released. */
  rgReleased: string;
  /** The attachment stands on a validated node. */
  validated: boolean;
  /** The statement invoicing the attachment is paid. */
  paid: boolean;
};

/** GET /situation/{id}. */
export type StatementDetailRecord = StatementFigures & {
  id: number;
  version: number;
  date: string;
  status: StatementStatus;
  sapReference: string | null;
  theoreticalPaymentDate: string | null;
  paidAt: string | null;
  locked: boolean;
  depositAmount: string | null;
  depositReleaseDate: string | null;
  market: {
    id: number;
    edifice: string;
    agency: number;
    agencyName: string;
    project: number;
    projectName: string;
    tva: MarketVatType;
    reverseCharge: boolean;
    paymentTypeName: string | null;
    sapReference: string | null;
  };
  releasedAttachments: StatementRelease[];
  attachementCount: number;
  creatorName: string | null;
  createdAt: string;
};

/** A row of GET /situation/{id}/attachements (spec 2 §3 "Attachment rows in a statement"). */
export type StatementAttachmentRow = {
  id: number;
  reference: string;
  orderId: number;
  orderReference: string;
  amount: string;
  totalRg: string;
  depositUsed: string;
  nodeName: string | null;
  nodeCode: string | null;
  oracleStatus: string;
};

/**
 * A row of GET /situation/{id}/rgreleases/candidates (a list query): an attachment of the statement's
 * market whose RG may be released (validated, RG above zero, released in no statement).
 */
export type StatementReleaseCandidateRow = {
  id: number;
  reference: string;
  orderId: number;
  orderReference: string;
  totalRg: string;
  rgReleaseDate: string | null;
  nodeName: string | null;
};

/** A row of GET /situation/{id}/agencyattachements: an attachment the statement may still invoice. */
export type StatementInvoiceCandidateRow = {
  id: number;
  reference: string;
  orderId: number;
  orderReference: string;
  amount: string;
  totalRg: string;
  depositUsed: string;
  nodeName: string | null;
};

/** A row of GET /situations and GET /market/{id}/statements. */
export type StatementListRow = {
  id: number;
  date: string;
  marketId: number;
  marketEdifice: string;
  companyId: number;
  companyName: string;
  agencyId: number;
  agencyName: string;
  projectId: number;
  projectName: string;
  sapReference: string | null;
  theoreticalPaymentDate: string | null;
  paidAt: string | null;
  paid: boolean;
  locked: boolean;
  totalAmount: string;
  rgamount: string;
  depositUsed: string;
  /** What is due (the detail's figures): net without RG and deposit, RG released in it, VAT, TTC. */
  totalAmountWithoutRG: string;
  rgreleased: string;
  tvaamount: string;
  totalAmountTTC: string;
  attachementCount: number;
  createdAt: string;
};

export type StatementCreateReply = { success: true; id: number };
