import type { TemplateFileRow } from '@isf/contract';
import { api } from '../../lib/api-client';

export type TemplateFileKind = {
  entity: 'payment_guarantee' | 'contract_template';
  /** API base: `/paymentguarantee` or `/contracttemplate`. */
  base: string;
  titleKey: string;
  /** Contract templates carry a document type (sent with the upload). */
  withDocumentType: boolean;
};

export const PAYMENT_GUARANTEES: TemplateFileKind = {
  entity: 'payment_guarantee',
  base: '/paymentguarantee',
  titleKey: 'templateFiles.paymentGuarantees',
  withDocumentType: false,
};

export const CONTRACT_TEMPLATES: TemplateFileKind = {
  entity: 'contract_template',
  base: '/contracttemplate',
  titleKey: 'templateFiles.contractTemplates',
  withDocumentType: true,
};

export const fetchTemplateFiles = (kind: TemplateFileKind) => api.get<TemplateFileRow[]>(kind.base);

export function uploadTemplateFile(
  kind: TemplateFileKind,
  upload: { templateName: string; documentTypeId: number | null; file: Blob & { name: string } },
) {
  const body = new FormData();
  body.append('templateName', upload.templateName);
  if (upload.documentTypeId !== null) {
    body.append('documentTypeId', String(upload.documentTypeId));
  }
  body.append('file', upload.file, upload.file.name);
  return api.post<{ success: boolean; id: number }>(`${kind.base}/create`, body);
}

export const deleteTemplateFile = (kind: TemplateFileKind, id: number) => api.delete<{ success: boolean }>(`${kind.base}/${id}`);
