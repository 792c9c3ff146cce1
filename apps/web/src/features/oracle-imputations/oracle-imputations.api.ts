import type {
  ImportReply,
  OracleImputationBindReply,
  OracleImputationImportReply,
  OracleImputationSendReply,
  OracleImputationSyncReply,
  RgWarrantyRow,
} from '@isf/contract';
import { api, apiRequest } from '../../lib/api-client';

export const ORACLE_IMPUTATION_LIST_PATH = '/oracle/imputations';
export const ORACLE_IMPUTATION_CSV_PATH = '/oracle/imputations/csv';
export const RG_WARRANTY_LIST_PATH = '/oracle/rg-warranties';
export const RG_WARRANTY_CSV_PATH = '/oracle/rg-warranties/csv';

/** Step 1: the CSV file (a refusal comes back as a 400 carrying the line errors). */
export async function importOracleImputations(file: File): Promise<ImportReply> {
  const form = new FormData();
  form.append('file', file);
  const reply = await api.post<OracleImputationImportReply>('/oracle/imputations/import', form, { silent: true });
  return { success: reply.success, message: reply.message, created: reply.created, updated: reply.updated };
}

export const syncOracleImputations = () => api.post<OracleImputationSyncReply>('/oracle/imputations/sync', {}, { silent: true });
export const bindOracleImputationOrders = () =>
  api.post<OracleImputationBindReply>('/oracle/imputations/bindorders', {}, { silent: true });
export const sendOracleImputationOrders = () =>
  api.post<OracleImputationSendReply>('/oracle/imputations/sendorders', {}, { silent: true });

/** The list's bulk removal. */
export const removeOracleImputations = (ids: number[]) =>
  apiRequest<{ success: boolean; removed: number }>('DELETE', '/oracle/imputations', { body: { ids } });

/** The moves of an ERP retention warranty (spec 2 §7: statusReason). */
export const markRgWarranty = (id: number, move: 'success' | 'error' | 'processing', statusReason?: string) =>
  api.post<{ success: boolean }>(`/oracle/rg-warranties/${id}/${move}`, statusReason === undefined ? {} : { statusReason });

export type { RgWarrantyRow };
