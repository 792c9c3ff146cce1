import type { EntityCode, EnvelopeValidator } from '@isf/contract';
import { api } from '../../lib/api-client';

export const DOCUMENT_LIST_PATH = '/documents';
export const DOCUMENT_CSV_PATH = '/documents/csv';

/** A document's detail (`GET /documents/{id}`): whether the caller may delete it now comes with it. */
export type DocumentDetail = {
  id: number;
  version: number;
  filename: string;
  comment: string | null;
  size: number;
  createdAt: string;
  entity: string;
  entityId: number;
  typeName: string;
  statusWF: string | null;
  nodeCode: string | null;
  canDelete: boolean;
};

/** The screen of each owner kind, for the link to the record a document is attached to. */
export const OWNER_ROUTES: Partial<Record<string, { entity: EntityCode; path: string }>> = {
  company: { entity: 'company', path: '/sst/company' },
  agency: { entity: 'agency', path: '/sst/agency' },
  project: { entity: 'project', path: '/project' },
  subcontractor_market: { entity: 'subcontractor_market', path: '/sst/market' },
  order: { entity: 'order', path: '/sst/order' },
  attachement: { entity: 'attachement', path: '/sst/attachement' },
  monthly_statement: { entity: 'monthly_statement', path: '/sst/situation' },
};

export const documentQueryKey = (id: number): readonly unknown[] => ['document', id];
export const documentValidatorsQueryKey = (id: number): readonly unknown[] => ['document', id, 'validators'];

export const fetchDocumentDetail = (id: number) => api.get<DocumentDetail>(`/documents/${id}`);
export const fetchDocumentValidators = (id: number) => api.get<EnvelopeValidator[]>(`/document/${id}/validators`);
