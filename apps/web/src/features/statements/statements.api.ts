import type {
  StatementAttachmentRow,
  StatementCreateInput,
  StatementCreateReply,
  StatementDetailRecord,
  StatementGenerationResult,
  StatementListRow,
  StatementRelease,
  StatementUpdateInput,
} from '@isf/contract';
import { api, downloadByFormPost } from '../../lib/api-client';

export type { StatementListRow };

export const STATEMENT_LIST_PATH = '/situations';
/** The list's CSV export (the list engine's, a form post). */
export const STATEMENT_CSV_PATH = '/monthlystatements/csv';
/** The list broken down per client BDC (the same list state, a form post). */
export const STATEMENT_CLIENT_BDC_CSV_PATH = '/monthlystatements/csv/clientBdc';

type RecordReply = { success: boolean; record: StatementDetailRecord };

/** The market's statements (its Situations tab): a list query path. */
export function marketStatementsPath(marketId: number): string {
  return `/market/${marketId}/statements`;
}

export function statementQueryKey(id: number): readonly unknown[] {
  return ['situation', id];
}

export function statementAttachmentsKey(id: number): readonly unknown[] {
  return ['situation', id, 'attachements'];
}

export function statementReleasesKey(id: number): readonly unknown[] {
  return ['situation', id, 'rgreleases'];
}

/** The attachments the statement may still invoice (the add-attachments picker's list query path). */
export function statementInvoiceCandidatesPath(id: number): string {
  return `/situation/${id}/agencyattachements`;
}

/** The attachments whose RG the statement may release (the picker's list query path). */
export function statementReleaseCandidatesPath(id: number): string {
  return `/situation/${id}/rgreleases/candidates`;
}

export function createStatement(payload: StatementCreateInput): Promise<StatementCreateReply> {
  return api.post<StatementCreateReply>('/situation/create', payload);
}

export function fetchStatement(id: number): Promise<StatementDetailRecord> {
  return api.get<StatementDetailRecord>(`/situation/${id}`);
}

export function updateStatement(id: number, payload: StatementUpdateInput): Promise<RecordReply & { id: number }> {
  return api.put(`/situation/${id}`, payload);
}

export function deleteStatement(id: number): Promise<{ success: boolean }> {
  return api.delete(`/situation/${id}/delete`);
}

export function fetchStatementAttachments(id: number): Promise<StatementAttachmentRow[]> {
  return api.get<StatementAttachmentRow[]>(`/situation/${id}/attachements`);
}

export function addStatementAttachments(id: number, attachmentIds: number[]): Promise<RecordReply> {
  return api.post(`/situation/${id}/attachement`, attachmentIds);
}

export function removeStatementAttachment(id: number, attachmentId: number): Promise<RecordReply> {
  return api.delete(`/situation/${id}/attachement/${attachmentId}`);
}

export function markStatementPaid(id: number, options?: { silent?: boolean }): Promise<RecordReply> {
  return api.post(`/situation/${id}/paid`, undefined, options);
}

/** POST /projects/monthlyStatement: one statement per market of the projects with free validated attachments. */
export function generateStatements(projectIds: number[]): Promise<StatementGenerationResult> {
  return api.post<StatementGenerationResult>('/projects/monthlyStatement', projectIds);
}

export function unpayStatement(id: number, options?: { silent?: boolean }): Promise<RecordReply> {
  return api.post(`/situation/${id}/dangerously_unpay`, undefined, options);
}

export function fetchStatementReleases(id: number): Promise<StatementRelease[]> {
  return api.get<StatementRelease[]>(`/situation/${id}/rgreleases`);
}

export function releaseStatementRg(id: number, attachmentIds: number[]): Promise<RecordReply> {
  return api.post(`/situation/${id}/rg`, attachmentIds);
}

export function removeStatementRelease(id: number, attachmentId: number): Promise<RecordReply> {
  return api.delete(`/situation/${id}/attachement/${attachmentId}/rg`);
}

/** POST /situation/{id}/pdf: the statement PDF (Factur-X), a form post download. */
export function downloadStatementPdf(id: number): void {
  downloadByFormPost(`/situation/${id}/pdf`, {});
}

/** PUT /attachement/{id}/warranties/releaseDate: the RG release date of a released attachment (option DANGEROUSLY_REVERT). */
export function setReleaseDate(attachmentId: number, releaseDate: string): Promise<{ success: boolean; message?: string }> {
  return api.put(`/attachement/${attachmentId}/warranties/releaseDate`, { releaseDate });
}
