import { z } from 'zod';

/**
 * ERP imputations (spec 2 §2 "ERP-facing screens", §3 ERP imputation): a list imported from a CSV
 * file, each line an eOTP with the ERP project and task it is charged to, then synchronised with the
 * ERP, bound to the orders of its eOTP and used to send those orders.
 */

/** The import's columns, in this order, separated by `;` (docs/decisions.md, ERP imputations). */
export const ORACLE_IMPUTATION_CSV_HEADERS = [
  'eOTP',
  'Type de prestation',
  'Numéro de projet',
  'Organisation',
  'Numéro de tâche',
] as const;

/** Where an imputation stands with the ERP after the synchronisation. */
export const ORACLE_IMPUTATION_SYNC_STATUSES = ['NOT_SYNCED', 'SYNCED', 'PROJECT_NOT_FOUND', 'TASK_NOT_FOUND'] as const;
export type OracleImputationSyncStatus = (typeof ORACLE_IMPUTATION_SYNC_STATUSES)[number];

/** Spec 2 §8, verbatim. */
export const NO_IMPUTATION_SELECTED_MESSAGE = 'Aucune imputation sélectionnée';
export const ORACLE_IMPUTATIONS_SYNC_FAILED_MESSAGE = 'Erreur lors de la synchronisation des imputations avec Oracle';
export const ORACLE_IMPUTATIONS_NONE_MESSAGE = "Aucune imputation dans la liste : importez d'abord un fichier.";
export const ORACLE_IMPUTATIONS_NOT_SYNCED_MESSAGE =
  "Aucune imputation synchronisée : lancez d'abord la synchronisation (étape 2).";
export const ORACLE_IMPUTATIONS_NO_BOUND_ORDER_MESSAGE =
  "Aucune commande rattachée aux imputations : lancez d'abord le rattachement (étape 3).";

/** A row of GET /oracle/imputations (spec 2 §3 ERP imputation). */
export type OracleImputationRow = {
  id: number;
  eotp: string;
  prestationType: string | null;
  projectNumber: string;
  organization: string | null;
  taskNumber: string;
  imputationId: number | null;
  imputation: string | null;
  oracleProjectId: number | null;
  oracleProjectName: string | null;
  oracleProjectNumber: string | null;
  oracleTaskName: string | null;
  syncStatus: OracleImputationSyncStatus;
  syncMessage: string | null;
  syncedAt: string | null;
  orderCount: number;
};

/** What each step answers. */
export type OracleImputationImportReply = { success: true; message: string; created: number; updated: number; taskId?: number };
export type OracleImputationSyncReply = {
  success: true;
  synced: number;
  projectNotFound: number;
  taskNotFound: number;
};
export type OracleImputationBindReply = { success: true; bound: number; alreadySent: number };
export type OracleImputationSendReply = { success: true; queued: number; skipped: { orderId: number; reason: string }[] };

/** Bulk removal (the list's bulk action): at least one id. */
export const oracleImputationRemoveSchema = z.object({
  ids: z.array(z.coerce.number().int().positive()).max(1000, 'Trop d’imputations sélectionnées (1000 au plus).'),
});

/**
 * ERP retention warranties (spec 2 "ERP retention warranties", §3 ERP RG warranty): a released RG
 * recorded in a paid statement, sent to the ERP as a retention invoice.
 */
export const RG_WARRANTY_STATUSES = ['PROCESSING', 'SUCCESS', 'ERROR'] as const;
export type RgWarrantyStatus = (typeof RG_WARRANTY_STATUSES)[number];

export const RG_WARRANTY_INVOICE_NAME_REQUIRED_MESSAGE = 'Le nom de la facture est obligatoire.';
export const RG_WARRANTY_REASON_REQUIRED_MESSAGE = "La raison de l'erreur est obligatoire.";
export const RG_WARRANTY_ALREADY_PROCESSING_MESSAGE = 'Cette garantie est déjà en cours de traitement.';
export const RG_WARRANTY_ALREADY_STATUS_MESSAGE = 'Cette garantie a déjà ce statut.';

/** The moves of a warranty's status a person may make, and their refusal (null: allowed). */
export type RgWarrantyMove = 'success' | 'error' | 'processing';

export function rgWarrantyMoveRefusal(status: RgWarrantyStatus, move: RgWarrantyMove): string | null {
  switch (move) {
    case 'processing':
      return status === 'PROCESSING' ? RG_WARRANTY_ALREADY_PROCESSING_MESSAGE : null;
    case 'success':
      return status === 'SUCCESS' ? RG_WARRANTY_ALREADY_STATUS_MESSAGE : null;
    case 'error':
      return status === 'ERROR' ? RG_WARRANTY_ALREADY_STATUS_MESSAGE : null;
  }
}

const trimmed = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(240, 'Ce champ doit contenir au plus 240 caractères.');

/** POST /oracle/rg-warranties/{id}/success: the invoice name the ERP gave (required). */
export const rgWarrantySuccessSchema = z.object({ statusReason: trimmed(RG_WARRANTY_INVOICE_NAME_REQUIRED_MESSAGE) });
/** POST /oracle/rg-warranties/{id}/error: why (required). */
export const rgWarrantyErrorSchema = z.object({ statusReason: trimmed(RG_WARRANTY_REASON_REQUIRED_MESSAGE) });

/** A row of GET /oracle/rg-warranties. */
export type RgWarrantyRow = {
  id: number;
  warrantyId: number;
  attachmentId: number;
  attachmentReference: string;
  orderId: number;
  orderName: string;
  orderReference: string;
  statementId: number;
  amount: string;
  status: RgWarrantyStatus;
  statusReason: string | null;
  invoiceNumber: string;
  erpInvoiceId: string | null;
  updatedAt: string;
};
