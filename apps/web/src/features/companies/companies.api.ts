import type { companyCreateSchema, companyUpdateSchema } from '@isf/contract';
import { api } from '../../lib/api-client';

export type CompanyRecord = {
  id: number;
  version: number;
  edifice: string;
  name: string;
  siren: string | null;
  manager: string | null;
  mail: string | null;
};

export type CompanyCreate = ReturnType<typeof companyCreateSchema.parse>;
export type CompanyUpdate = ReturnType<typeof companyUpdateSchema.parse>;

type Reply = { success: boolean; id: number };
type UpdateReply = { success: boolean; id: number; record?: CompanyRecord };

export const COMPANY_LIST_PATH = '/companies';
export const COMPANY_CSV_PATH = '/company/csv';

export function companyQueryKey(id: number): readonly unknown[] {
  return ['company', id];
}

export function fetchCompany(id: number): Promise<CompanyRecord> {
  return api.get<CompanyRecord>(`/company/${id}`);
}

export function createCompany(payload: CompanyCreate): Promise<Reply> {
  return api.post<Reply>('/company/create', payload);
}

export function updateCompany(id: number, payload: CompanyUpdate): Promise<UpdateReply> {
  return api.put<UpdateReply>(`/company/${id}`, payload);
}

export function deleteCompany(id: number): Promise<{ success: boolean }> {
  return api.delete<{ success: boolean }>(`/company/${id}/delete`);
}
