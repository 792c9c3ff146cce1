import type { companyCreateSchema, companyUpdateSchema } from '@isf/contract';
import { api, type CreateReply, type UpdateReply } from '../../lib/api-client';

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

export const COMPANY_LIST_PATH = '/companies';
export const COMPANY_CSV_PATH = '/company/csv';

export function companyQueryKey(id: number): readonly unknown[] {
  return ['company', id];
}

export function fetchCompany(id: number): Promise<CompanyRecord> {
  return api.get<CompanyRecord>(`/company/${id}`);
}

export function createCompany(payload: CompanyCreate): Promise<CreateReply> {
  return api.post<CreateReply>('/company/create', payload);
}

export function updateCompany(id: number, payload: CompanyUpdate): Promise<UpdateReply<CompanyRecord>> {
  return api.put<UpdateReply<CompanyRecord>>(`/company/${id}`, payload);
}

export function deleteCompany(id: number): Promise<{ success: boolean }> {
  return api.delete<{ success: boolean }>(`/company/${id}/delete`);
}
