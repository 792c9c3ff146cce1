import type { bpuTemplateCreateSchema, bpuTemplateUpdateSchema, ImportReply, PrestationRecord } from '@isf/contract';
import { api, type CreateReply, type UpdateReply } from '../../lib/api-client';

export type BpuTemplateRecord = { id: number; version: number; name: string };

export type BpuTemplateCreate = ReturnType<typeof bpuTemplateCreateSchema.parse>;
export type BpuTemplateUpdate = ReturnType<typeof bpuTemplateUpdateSchema.parse>;

export const BPU_TEMPLATE_CSV_PATH = '/bputemplate/csv';

export function bpuTemplateQueryKey(id: number): readonly unknown[] {
  return ['bputemplate', id];
}

export function fetchBpuTemplate(id: number): Promise<BpuTemplateRecord> {
  return api.get<BpuTemplateRecord>(`/bputemplate/${id}`);
}

export function createBpuTemplate(payload: BpuTemplateCreate): Promise<CreateReply> {
  return api.post<CreateReply>('/bputemplate', payload);
}

export function updateBpuTemplate(id: number, payload: BpuTemplateUpdate): Promise<UpdateReply<BpuTemplateRecord>> {
  return api.put<UpdateReply<BpuTemplateRecord>>(`/bputemplate/${id}`, payload);
}

export function deleteBpuTemplate(id: number): Promise<{ success: boolean }> {
  return api.delete<{ success: boolean }>(`/bputemplate/${id}`);
}

/** The template's prestations; without a sort, the server's default (parent category, category, designation). */
export function fetchBpuTemplatePrestations(id: number, sort: string): Promise<PrestationRecord[]> {
  return api.get<PrestationRecord[]>(`/bputemplate/${id}/prestations`, { query: { sort: sort || undefined } });
}

/** Sends a CSV file; a refusal comes back as a silent ApiError (400) carrying the line errors. */
export function importBpuTemplateCsv(id: number, file: File): Promise<ImportReply> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post<ImportReply>(`/bputemplate/${id}/import`, body, { silent: true });
}

/** The export path (the table's sort is added with `exportPathWithSort`). */
export function bpuTemplateExportPath(id: number): string {
  return `/bputemplate/${id}/export`;
}
