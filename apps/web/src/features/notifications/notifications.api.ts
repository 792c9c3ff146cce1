import type { LatestNotifications, NotificationMarkReply } from '@isf/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../lib/api-client';

const BASE = '/notification';
export const NOTIFICATION_LIST_PATH = `${BASE}/list`;

export type NotificationAction = 'read' | 'close';

/** The bell's query of one profile; every bell query starts with `latestNotificationsPrefix`. */
export const latestNotificationsPrefix = ['notification', 'latest'] as const;
export function latestNotificationsKey(profileId: number): readonly unknown[] {
  return [...latestNotificationsPrefix, profileId];
}

export function fetchLatestNotifications(signal?: AbortSignal): Promise<LatestNotifications> {
  return api.get<LatestNotifications>(`${BASE}/latest`, { signal });
}

/** Marks one of the user's notifications read or closed (failures are only logged: spec 1 §8). */
export function markNotification(id: number, action: NotificationAction): Promise<NotificationMarkReply> {
  return api.post<NotificationMarkReply>(`${BASE}/${action}/${id}`);
}

/** Applies a mark to the bell's cached notifications: the new unread count, the row read or gone. */
function applyMark(queryClient: QueryClient, id: number, action: NotificationAction, reply: NotificationMarkReply): void {
  queryClient.setQueriesData<LatestNotifications>({ queryKey: latestNotificationsPrefix }, (latest) =>
    latest
      ? {
          unread: reply.unread,
          notifications:
            action === 'close'
              ? latest.notifications.filter((row) => row.id !== id)
              : latest.notifications.map((row) => (row.id === id ? { ...row, readedAt: reply.readedAt } : row)),
        }
      : latest,
  );
}

/** Marks a notification and keeps the bell in step; resolves to the server's reply, or null on failure. */
export function useMarkNotification(): (id: number, action: NotificationAction) => Promise<NotificationMarkReply | null> {
  const queryClient = useQueryClient();
  return useCallback(
    async (id, action) => {
      try {
        const reply = await markNotification(id, action);
        applyMark(queryClient, id, action, reply);
        return reply;
      } catch {
        // already logged by the response handling; the item stays unread and is marked next time
        return null;
      }
    },
    [queryClient],
  );
}
