import type {
  AttachmentCreateInput,
  AttachmentCreateReply,
  AttachmentDetailRecord,
  AttachmentListRow,
  AttachmentPrestationLine,
  AttachmentUpdateInput,
  ImportReply,
  OrderAttachmentRow,
  OrderDetailRecord,
  ProjectEvaluationDue,
  ProjectEvaluationInput,
} from '@isf/contract';
import { exportPathWithSort } from '../../components/prestations/prestation-sort';
import { api, downloadByFormPost } from '../../lib/api-client';

export type { AttachmentListRow };

export const ATTACHMENT_CSV_PATH = '/attachements/csv';
/** The attachment workflow's code (its list offers the three filters). */
export const ATTACHMENT_WORKFLOW_CODE = 'attachement';
type SaveReply = { success: boolean; id?: number; record?: AttachmentDetailRecord };

export function attachmentQueryKey(id: number): readonly unknown[] {
  return ['attachement', id];
}

export function orderAttachmentsKey(orderId: number): readonly unknown[] {
  return ['order', orderId, 'attachements'];
}

export function createAttachment(payload: AttachmentCreateInput): Promise<AttachmentCreateReply> {
  return api.post<AttachmentCreateReply>('/attachement', payload);
}

export function fetchAttachment(id: number): Promise<AttachmentDetailRecord> {
  return api.get<AttachmentDetailRecord>(`/attachement/${id}`);
}

export function updateAttachment(id: number, payload: AttachmentUpdateInput): Promise<SaveReply> {
  return api.put<SaveReply>(`/attachement/${id}`, payload);
}

export function deleteAttachment(id: number): Promise<{ success: boolean }> {
  return api.delete<{ success: boolean }>(`/attachement/${id}/delete`);
}

/** When the order was last attached (spec 2 §5: the repeat warning reads `lastAttachment` of GET /order/{id}). */
export async function fetchLastAttachment(orderId: number): Promise<string | null> {
  const order = await api.get<Pick<OrderDetailRecord, 'lastAttachment'>>(`/order/${orderId}`);
  return order.lastAttachment?.createdAt ?? null;
}

export function fetchOrderAttachments(orderId: number): Promise<OrderAttachmentRow[]> {
  return api.get<OrderAttachmentRow[]>(`/order/${orderId}/attachements`);
}

/** `attached`: this attachment's lines (read mode); `order`: the order's lines too; `all`: every priced prestation of the BPU. */
export type AttachmentPrestationsScope = 'attached' | 'order' | 'all';

export function attachmentPrestationsKey(
  id: number,
  options?: { scope: AttachmentPrestationsScope; sort: string; reloadKey: number },
) {
  return options === undefined ? ['attachement', id, 'prestations'] : ['attachement', id, 'prestations', options];
}

export function fetchAttachmentPrestations(
  id: number,
  scope: AttachmentPrestationsScope,
  sort: string,
): Promise<AttachmentPrestationLine[]> {
  return api.get<AttachmentPrestationLine[]>(`/attachement/${id}/prestations`, {
    query: {
      sort: sort || undefined,
      onlyAttached: scope === 'attached' ? true : undefined,
      displayAll: scope === 'all' ? true : undefined,
    },
  });
}

/** POST /attachement/{id}/import; silent: the import hook shows the line errors of a refused file. */
export async function importAttachmentLines(id: number, file: File): Promise<ImportReply> {
  const body = new FormData();
  body.append('file', file);
  const reply = await api.post<{ success: true; message: string; updated: number }>(`/attachement/${id}/import`, body, {
    silent: true,
  });
  return { ...reply, created: 0 };
}

export function exportAttachment(id: number, sort: string): void {
  downloadByFormPost(exportPathWithSort(`/attachement/${id}/export`, sort), {});
}

export function exportAttachmentBpu(id: number, sort: string): void {
  downloadByFormPost(exportPathWithSort(`/attachement/${id}/export/bpu`, sort), {});
}

export function downloadAttachmentPdf(id: number): void {
  downloadByFormPost(`/attachement/${id}/pdf`, {});
}

/** POST /oracle/attachement/{id}: queues the send; silent so that a refusal (422) is shown as the server's text. */
export function sendAttachmentToErp(id: number): Promise<{ success: boolean; oracleStatus: string; message: string }> {
  return api.post(`/oracle/attachement/${id}`, undefined, { silent: true });
}

export function fetchProjectEvaluationDue(orderId: number, attachmentId: number): Promise<ProjectEvaluationDue> {
  return api.get<ProjectEvaluationDue>(`/evaluation/project/${orderId}/due`, { query: { attachement: attachmentId } });
}

export function submitProjectEvaluation(
  orderId: number,
  payload: ProjectEvaluationInput,
): Promise<{ success: boolean; id: number }> {
  return api.post(`/evaluation/project/${orderId}`, payload);
}

export function skipProjectEvaluation(orderId: number, attachmentId: number): Promise<{ success: boolean }> {
  return api.post(`/evaluation/project/${orderId}/skip`, { attachement: attachmentId });
}
