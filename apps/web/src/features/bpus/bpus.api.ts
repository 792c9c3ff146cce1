import type { BpuPrestationLine, bpuCreateSchema, bpuUpdateSchema, ImportReply } from '@isf/contract';
import { api, type CreateReply, type UpdateReply } from '../../lib/api-client';

export type BpuRecord = {
  id: number;
  version: number;
  name: string;
  market: number | null;
  bpuTemplate: number;
  bpuTemplateName: string;
  locked: boolean;
};

export type BpuCreate = ReturnType<typeof bpuCreateSchema.parse>;
export type BpuUpdate = ReturnType<typeof bpuUpdateSchema.parse>;

export const BPU_LIST_PATH = '/bpus';
export const BPU_CSV_PATH = '/bpu/csv';

export function bpuQueryKey(id: number): readonly unknown[] {
  return ['bpu', id];
}

/** The price lines of a BPU, under any sort (a prefix of each sort's key). */
export function bpuPrestationsKey(id: number, sort?: string): readonly unknown[] {
  return sort === undefined ? ['bpu', id, 'prestations'] : ['bpu', id, 'prestations', sort];
}

export function fetchBpu(id: number): Promise<BpuRecord> {
  return api.get<BpuRecord>(`/bpu/${id}`);
}

export function createBpu(payload: BpuCreate): Promise<CreateReply> {
  return api.post<CreateReply>('/bpu', payload);
}

export function updateBpu(id: number, payload: BpuUpdate): Promise<UpdateReply<BpuRecord>> {
  return api.put<UpdateReply<BpuRecord>>(`/bpu/${id}`, payload);
}

export function deleteBpu(id: number): Promise<{ success: boolean }> {
  return api.delete<{ success: boolean }>(`/bpu/${id}`);
}

/** Every prestation of the BPU's template with its price line; without a sort, the spec's default order. */
export function fetchBpuPrestations(id: number, sort: string): Promise<BpuPrestationLine[]> {
  return api.get<BpuPrestationLine[]>(`/bpu/${id}/prestations`, { query: { sort: sort || undefined } });
}

/** Sends a price CSV (Code and Prix columns); a refusal comes back as a silent ApiError (400). */
export function importBpuCsv(id: number, file: File): Promise<ImportReply> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post<ImportReply>(`/bpu/${id}/import`, body, { silent: true });
}

export function bpuExportPath(id: number): string {
  return `/bpu/${id}/export`;
}
