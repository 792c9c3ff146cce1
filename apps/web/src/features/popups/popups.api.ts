import type { PopupAnnouncement, PopupCriteria, PopupRecord, PopupUser } from '@isf/contract';
import { popupCriteriaQuery } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

const BASE = '/popup-notification';
export const POPUP_LIST_PATH = `${BASE}/all`;
export const POPUP_CSV_PATH = `${BASE}/csv`;
export const POPUP_CANDIDATES_PATH = `${BASE}/fetch-users`;

/** What one targeted user did with a popup (the Information tab). */
export type PopupNotificationRow = {
  id: number;
  userId: number;
  uid: string;
  userName: string;
  roleName: string;
  readedAt: string | null;
  closedAt: string | null;
};

type Reply<Record = unknown> = { success: boolean; id: number; record?: Record };

export function popupQueryKey(id: number): readonly unknown[] {
  return ['popup', id];
}

export function popupNotificationsPath(id: number): string {
  return `${BASE}/${id}/notifications`;
}

export function fetchPopup(id: number): Promise<PopupRecord> {
  return api.get<PopupRecord>(`${BASE}/${id}`);
}

export function createPopup(payload: unknown): Promise<Reply> {
  return api.post<Reply>(`${BASE}/`, payload);
}

export function updatePopup(id: number, payload: unknown): Promise<Reply<PopupRecord>> {
  return api.put<Reply<PopupRecord>>(`${BASE}/${id}`, payload);
}

export function deletePopup(id: number): Promise<{ success: boolean }> {
  return api.delete<{ success: boolean }>(`${BASE}/${id}`);
}

export function usePopupUsers(id: number) {
  return useQuery({
    queryKey: ['popup', id, 'users'],
    queryFn: () => api.get<PopupUser[]>(`${BASE}/${id}/users`),
    enabled: id > 0,
  });
}

export function addPopupUsers(id: number, userIds: number[]): Promise<{ success: boolean; added: number }> {
  return api.post(`${BASE}/${id}/users/add`, userIds);
}

export function removePopupUsers(id: number, userIds: number[]): Promise<{ success: boolean; removed: number }> {
  return api.post(`${BASE}/${id}/users/delete`, userIds);
}

/** Every active user matching the criteria (the targeting search's "add all"). */
export function fetchAllCandidates(criteria: PopupCriteria): Promise<PopupUser[]> {
  return api.get<PopupUser[]>(`${BASE}/fetch-users-without-page`, { query: popupCriteriaQuery(criteria) });
}

/**
 * The popups to show the current user. Silent: announcements must never interrupt with an error of their
 * own; a reply that is not a list counts as none.
 */
export async function fetchMyPopups(): Promise<PopupAnnouncement[]> {
  const reply = await api.get<unknown>(`${BASE}/me`, { silent: true });
  return Array.isArray(reply) ? (reply as PopupAnnouncement[]) : [];
}

/** Records that the current user saw (read) or closed a popup. */
export function markPopup(id: number, action: 'read' | 'close'): Promise<unknown> {
  return api.post(`${BASE}/${id}/${action}`, undefined, { silent: true });
}
