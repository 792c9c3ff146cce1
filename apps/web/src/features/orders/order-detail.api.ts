import type {
  ImportReply,
  OracleProjectRecord,
  OrderDetailRecord,
  OrderEmitterInput,
  OrderUpdateInput,
  OscarSubProjectRecord,
} from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { api, downloadByFormPost } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import type { Imputation } from '../projects/projects.api';

type SaveReply = { success: boolean; id?: number; record?: OrderDetailRecord };

export function orderQueryKey(id: number): readonly unknown[] {
  return ['order', id];
}

export function fetchOrder(id: number): Promise<OrderDetailRecord> {
  return api.get<OrderDetailRecord>(`/order/${id}`);
}

export function updateOrder(id: number, payload: OrderUpdateInput): Promise<SaveReply> {
  return api.put<SaveReply>(`/order/${id}`, payload);
}

export function deleteOrder(id: number): Promise<{ success: boolean }> {
  return api.delete<{ success: boolean }>(`/order/${id}/delete`);
}

/** The validation modal's save (spec 1 §4 rule 8); silent: the modal says "Échec de la mise à jour" itself. */
export function setOrderEmitter(id: number, payload: OrderEmitterInput): Promise<SaveReply> {
  return api.put<SaveReply>(`/order/${id}/emitter`, payload, { silent: true });
}

/** POST /order/{id}/import (a CSV of the export's columns); silent: the import hook reports refusals. */
export async function importOrderLines(id: number, file: File): Promise<ImportReply> {
  const body = new FormData();
  body.append('file', file);
  const reply = await api.post<{ success: true; message: string; updated: number }>(`/order/${id}/import`, body, {
    silent: true,
  });
  return { ...reply, created: 0 };
}

/** POST /oracle/order/{id}: queues the send; silent so that a refusal (422) is shown as the server's text. */
export function sendOrderToErp(id: number): Promise<{ success: boolean; oracleStatus: string; message: string }> {
  return api.post(`/oracle/order/${id}`, undefined, { silent: true });
}

/** The order's PDF, by the spec's form post (the browser saves the file). */
export function downloadOrderPdf(id: number): void {
  downloadByFormPost(`/order/${id}/pdf`, {});
}

/**
 * The choices of the order form, each asked only with the read right on what it lists: a refused call
 * (403) would end the session.
 */
export function useOrderChoices(order: { project: number; oracleProject: number | null; oracleEmitterProject: number | null }) {
  const { can } = useAuth();
  const { project } = order;
  const oracleProjects = useQuery({
    queryKey: ['project', project, 'oracleprojects'],
    queryFn: () => api.get<OracleProjectRecord[]>(`/project/${project}/oracleprojects`),
    enabled: project > 0 && can('oracle_project', 'read'),
  });
  const imputations = useQuery({
    queryKey: ['project', project, 'imputations'],
    queryFn: () => api.get<Imputation[]>(`/project/${project}/imputations`),
    enabled: project > 0 && can('imputation', 'read'),
  });
  const oscarSubprojects = useQuery({
    queryKey: ['project', project, 'oscar', 'subprojects'],
    queryFn: () => api.get<OscarSubProjectRecord[]>(`/project/${project}/oscarsubprojects`),
    enabled: project > 0 && can('project', 'read'),
  });
  return { oracleProjects, imputations, oscarSubprojects };
}
