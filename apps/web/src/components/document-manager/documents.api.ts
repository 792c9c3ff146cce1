import type { ListReply, OwnerDocumentRow } from '@isf/contract';
import { api } from '../../lib/api-client';

/** The records documents attach to (the server's document owners; orders and markets will join). */
export type DocumentOwnerEntity =
  | 'company'
  | 'agency'
  | 'project'
  | 'subcontractor_market'
  | 'order'
  | 'attachement'
  | 'monthly_statement'
  | 'envelope';

export type DocumentType = { id: number; name: string; code: string | null };

type Reply = { success: boolean; id?: number };

/** Every document type fits in one page of the type list. */
const DOCUMENT_TYPE_PAGE_SIZE = 200;

export function documentsQueryKey(entity: DocumentOwnerEntity, entityId: number): readonly unknown[] {
  return ['documents', entity, entityId];
}

export const DOCUMENT_TYPES_QUERY_KEY = ['document-types'] as const;

export function fetchDocuments(entity: DocumentOwnerEntity, entityId: number): Promise<OwnerDocumentRow[]> {
  return api.get<OwnerDocumentRow[]>('/documents', { query: { entity, id: entityId } });
}

export async function fetchDocumentTypes(): Promise<DocumentType[]> {
  const reply = await api.get<ListReply<DocumentType>>('/documenttype', {
    query: { size: DOCUMENT_TYPE_PAGE_SIZE, sort: 'name,asc' },
  });
  return reply.content;
}

export type DocumentUpload = {
  file: Blob & { name: string };
  typeId: number;
  entity: DocumentOwnerEntity;
  entityId: number;
  comment: string;
};

export function uploadDocument(upload: DocumentUpload): Promise<Reply> {
  const body = new FormData();
  body.append('file', upload.file, upload.file.name);
  body.append('type', String(upload.typeId));
  body.append('entity', upload.entity);
  body.append('id', String(upload.entityId));
  body.append('comment', upload.comment);
  return api.post<Reply>('/document', body);
}

export function updateDocumentComment(document: OwnerDocumentRow, comment: string): Promise<Reply> {
  return api.put<Reply>(`/document/${document.id}`, { comment, version: document.version });
}

export function deleteDocument(id: number): Promise<Reply> {
  return api.delete<Reply>(`/document/${id}`);
}
