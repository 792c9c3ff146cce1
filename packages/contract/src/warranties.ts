import { z } from 'zod';
import { isCalendarDate, requiredId, versionField } from './fields.js';
import type { OrderOracleStatus } from './orders.js';

/** Spec 2 §6: the warranty dates are set with the order's financial option (OS.EDIT_FINANCIAL_INFO). */
export const WARRANTY_DATES_OPTION = 'serviceorders.edit_financial_info';

/** Spec 2 Order warranties: which order date the screen sets, with the spec's labels. */
export const WARRANTY_DATE_TYPES = ['deliveryDate', 'releaseDate'] as const;
export type WarrantyDateType = (typeof WARRANTY_DATE_TYPES)[number];
export const WARRANTY_DATE_TYPE_LABELS: Record<WarrantyDateType, string> = {
  deliveryDate: 'Date PV de réception',
  releaseDate: 'Date libération de la RG',
};

export const WARRANTY_NO_ORDER_MESSAGE = 'Sélectionnez au moins une commande.';
export const WARRANTY_DATE_REQUIRED_MESSAGE = 'Choisissez la date à enregistrer.';
export const WARRANTY_DATE_INVALID_MESSAGE = 'Date invalide (format AAAA-MM-JJ).';
export const WARRANTY_IDS_INVALID_MESSAGE = 'Liste d’identifiants invalide.';

const idList = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))], { error: WARRANTY_IDS_INVALID_MESSAGE })
  .optional()
  .transform((value, context) => {
    const parts = (Array.isArray(value) ? value.map(String) : (value ?? '').split(','))
      .map((part) => part.trim())
      .filter((part) => part !== '');
    if (!parts.every((part) => /^\d{1,10}$/.test(part))) {
      context.addIssue({ code: 'custom', message: WARRANTY_IDS_INVALID_MESSAGE });
      return z.NEVER;
    }
    return parts.map(Number);
  });

const flag = (fallback: boolean) =>
  z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: 'Valeur attendue : true ou false.' })
    .optional()
    .transform((value) => (value === undefined ? fallback : value === true || value === 'true'));

/**
 * The warranty screen's own criteria (spec 2 §7 GET /orders/warranties), besides the list query: id
 * lists of projects, markets, OSCAR sub-projects and imputations; hide the orders without RG (default
 * on) and those sent to the ERP (default off).
 */
export const warrantyCriteriaSchema = z.object({
  projects: idList,
  markets: idList,
  subprojects: idList,
  imputations: idList,
  hideEmptyRg: flag(true),
  hideErp: flag(false),
});
export type WarrantyCriteria = z.output<typeof warrantyCriteriaSchema>;

const warrantyDate = z
  .string({ error: WARRANTY_DATE_INVALID_MESSAGE })
  .trim()
  .refine((value) => isCalendarDate(value), {
    message: WARRANTY_DATE_INVALID_MESSAGE,
  });

/** One order of PUT /orders: its id, and the delivery date (PV de réception) or the RG release date to set. */
export const warrantyOrderDateSchema = z
  .object({
    id: requiredId,
    version: versionField.optional(),
    deliveryDate: warrantyDate.optional(),
    releaseDate: warrantyDate.optional(),
  })
  .refine((value) => value.deliveryDate !== undefined || value.releaseDate !== undefined, {
    message: WARRANTY_DATE_REQUIRED_MESSAGE,
  });

/** PUT /orders: the selected orders, each with deliveryDate or releaseDate set (spec 2 §7). */
export const warrantyOrderDatesSchema = z
  .array(warrantyOrderDateSchema, { error: WARRANTY_NO_ORDER_MESSAGE })
  .min(1, WARRANTY_NO_ORDER_MESSAGE)
  .max(500, 'Au plus 500 commandes à la fois.');
export type WarrantyOrderDatesInput = z.output<typeof warrantyOrderDatesSchema>;

/** A row of GET /orders/warranties and its CSV (spec 2 §3 Service order, warranty view). */
export type WarrantyRow = {
  id: number;
  reference: string;
  name: string;
  marketId: number;
  marketEdifice: string;
  projectId: number;
  projectName: string;
  agencyId: number;
  agencyName: string;
  oscarSubProjectName: string | null;
  imputationEotp: string | null;
  total: string;
  date: string;
  deliveryDate: string | null;
  releaseDate: string | null;
  oracleStatus: OrderOracleStatus;
  oracleId: string | null;
  nodeName: string | null;
  /** The RG withheld on the order's validated attachments. */
  rg: string;
  /** What those attachments consumed of the deposits. */
  depositUsed: string;
  /** RG whose release date is known and still to come. */
  rgToRelease: string;
  /** RG whose release date has come. */
  rgReleased: string;
  /** rg − rgReleased: still withheld. */
  rgLeft: string;
  /** Released RG of attachments that consumed a deposit. */
  rgFromDepositReleased: string;
};
