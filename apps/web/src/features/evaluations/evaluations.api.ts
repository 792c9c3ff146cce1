import type {
  AgencyEvaluationRow,
  CompanyEvaluationRow,
  EvaluationRecord,
  EvaluationSummary,
  ProcurementEvaluationInput,
  ProjectEvaluationRow,
  SafetyEvaluationInput,
} from '@isf/contract';
import { api, downloadByFormPost } from '../../lib/api-client';

/** The dashboard filters as the API reads them (spec 3 §7): dates, comma-separated ids, rating range. */
export type EvaluationQuery = {
  start_date?: string;
  end_date?: string;
  companies?: string;
  agencies?: string;
  projects?: string;
  contracts?: string;
  markets?: string;
  min?: string;
  max?: string;
};

export const evaluationKeys = {
  all: ['evaluation'] as const,
  agency: (agencyId: number) => ['evaluation', 'agency', agencyId] as const,
};

export const fetchSummary = (query: EvaluationQuery) => api.get<EvaluationSummary>('/evaluation/summary', { query });

export const fetchCompanies = (query: EvaluationQuery & { page: number; size: number; sort?: string }) =>
  api.get<{ content: CompanyEvaluationRow[]; totalElements: number }>('/evaluation/companies', { query });

export const fetchCompanyAgencies = (companyId: number, query: EvaluationQuery) =>
  api.get<AgencyEvaluationRow[]>(`/evaluation/company/${companyId}`, { query });

export const fetchAgencyProjects = (agencyId: number, query: EvaluationQuery) =>
  api.get<ProjectEvaluationRow[]>(`/evaluation/agency/${agencyId}/projects`, { query });

export const fetchAgencyEvaluations = (agencyId: number) => api.get<EvaluationRecord[]>(`/evaluation/agency/${agencyId}`);

export type CreateReply = { success: boolean; id: number };

export const createSafetyEvaluation = (agencyId: number, body: SafetyEvaluationInput) =>
  api.post<CreateReply>(`/evaluation/safety/${agencyId}`, body);

export const createProcurementEvaluation = (agencyId: number, body: ProcurementEvaluationInput) =>
  api.post<CreateReply>(`/evaluation/procurement/${agencyId}`, body);

export const deleteEvaluation = (id: number) => api.delete<{ success: boolean }>(`/evaluation/${id}`);

/** Uploads one attachment of an evaluation (a document of the evaluation type, spec 3 §5). */
export function uploadEvaluationFile(evaluationId: number, typeId: number, file: File) {
  const form = new FormData();
  form.append('type', String(typeId));
  form.append('entity', 'evaluation');
  form.append('id', String(evaluationId));
  form.append('file', file);
  return api.post<CreateReply>('/document', form);
}

/** Spec 3 §7: the export is a form post carrying the token and the filters. */
export function exportEvaluations(query: EvaluationQuery): void {
  const fields = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ''));
  downloadByFormPost('/evaluation/export', fields as Record<string, string>);
}
