import type { DocumentDetail, EntityCode, EnvelopeValidator } from '@isf/contract';
import { api } from '../../lib/api-client';
import { CONTRACT_DETAIL_ROUTE } from '../../lib/routes';

export const DOCUMENT_LIST_PATH = '/documents';

type OwnerRoute = { entity: EntityCode; to: (id: number, parentId: number | null) => string | null };
const detail =
  (path: string) =>
  (id: number): string =>
    `${path}/${id}`;

/**
 * The screen of each owner kind, for the link to the record a document is attached to: an envelope opens in
 * its contract's Envelopes tab (its parent is the contract).
 */
export const OWNER_ROUTES: Partial<Record<string, OwnerRoute>> = {
  company: { entity: 'company', to: detail('/sst/company') },
  agency: { entity: 'agency', to: detail('/sst/agency') },
  project: { entity: 'project', to: detail('/project') },
  subcontractor_market: { entity: 'subcontractor_market', to: detail('/sst/market') },
  order: { entity: 'order', to: detail('/sst/order') },
  attachement: { entity: 'attachement', to: detail('/sst/attachement') },
  monthly_statement: { entity: 'monthly_statement', to: detail('/sst/situation') },
  envelope: {
    entity: 'envelope',
    to: (id, contractId) => (contractId === null ? null : `${CONTRACT_DETAIL_ROUTE}/${contractId}?envelopeId=${id}`),
  },
};

export const documentQueryKey = (id: number): readonly unknown[] => ['document', id];
export const documentValidatorsQueryKey = (id: number): readonly unknown[] => ['document', id, 'validators'];

export const fetchDocumentDetail = (id: number) => api.get<DocumentDetail>(`/documents/${id}`);
export const fetchDocumentValidators = (id: number) => api.get<EnvelopeValidator[]>(`/document/${id}/validators`);
