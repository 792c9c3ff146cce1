import { type ListReply, PICKER_PAGE_SIZE, toListWire } from '@isf/contract';
import { api } from '../../lib/api-client';

export type ProjectOption = { id: number; code: string; name: string; typeName: string | null; managerName: string | null };

/** Projects whose name contains the text, for the incident dialog's project picker. */
export function searchProjects(text: string, signal?: AbortSignal): Promise<ListReply<ProjectOption>> {
  const filters: Record<string, string> = text.trim() ? { name: text.trim() } : {};
  return api.get<ListReply<ProjectOption>>('/projects', {
    query: toListWire({ page: 0, size: PICKER_PAGE_SIZE, sort: { column: 'name', direction: 'asc' }, filters }),
    signal,
  });
}

export type IncidentReport = { subject: string; projectId: number; description: string; attachment?: File };

/** POST help/submit (spec 1 §7): multipart with the field names the server expects. */
export function submitIncident(report: IncidentReport): Promise<{ success: boolean; message?: string }> {
  const form = new FormData();
  form.set('subject', report.subject);
  form.set('project', String(report.projectId));
  form.set('problem_description', report.description);
  if (report.attachment) {
    form.set('attachment', report.attachment, report.attachment.name);
  }
  return api.post<{ success: boolean; message?: string }>('/help/submit', form);
}
