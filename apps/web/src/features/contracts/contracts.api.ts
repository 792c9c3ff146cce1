import type { ContractRecord, EnvelopeRecord, EnvelopeSummary, EnvelopeValidatorRole } from '@isf/contract';
import { api } from '../../lib/api-client';

export type { ContractRow } from '@isf/contract';

type Reply<Record = unknown> = { success: boolean; id: number; record?: Record };

export const CONTRACT_LIST_PATH = '/contracts';
export const CONTRACT_CSV_PATH = '/contracts/csv';
/** The query parameter that keeps the selected envelope (spec 2 §2). */
export const ENVELOPE_PARAM = 'envelopeId';

export const contractChildsPath = (id: number) => `/contract/${id}/childs`;
export const contractMarketsPath = (id: number) => `/contract/${id}/markets`;

export function contractQueryKey(id: number): readonly unknown[] {
  return ['contract', id];
}

export function envelopesQueryKey(contractId: number): readonly unknown[] {
  return ['contract', contractId, 'envelopes'];
}

export function envelopeQueryKey(id: number): readonly unknown[] {
  return ['envelope', id];
}

export const fetchContract = (id: number) => api.get<ContractRecord>(`/contract/${id}`);
export const createContract = (payload: unknown) => api.post<Reply>('/contract', payload);
export const updateContract = (id: number, payload: unknown) => api.put<Reply<ContractRecord>>(`/contract/${id}`, payload);
export const deleteContract = (id: number) => api.delete<{ success: boolean }>(`/contract/${id}`);

export const fetchContractEnvelopes = (contractId: number) => api.get<EnvelopeSummary[]>(`/contract/${contractId}/envelopes`);
export const fetchEnvelope = (id: number) => api.get<EnvelopeRecord>(`/envelope/${id}`);
export const createEnvelope = (payload: { name: string; contractId: number }) => api.post<Reply>('/envelope', payload);
export const renameEnvelope = (id: number, payload: { name: string; version: number }) =>
  api.put<Reply<EnvelopeRecord>>(`/envelope/${id}`, payload);
export const deleteEnvelope = (id: number) => api.delete<{ success: boolean }>(`/envelope/${id}`);
export const fetchValidatorRoles = () => api.get<EnvelopeValidatorRole[]>('/role/envelope-validator');
export const sendEnvelopeToValidation = (payload: { envId: number; roles: number[]; users: number[]; comment: string | null }) =>
  api.post<{ success: boolean; record: EnvelopeRecord }>('/envelope/validation/', payload);
