import type { EntityCode, NotificationRow } from '@isf/contract';
import { vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, reply } from '../../lib/testing';

/** Signs in a profile that reads its notifications (and the entities given). */
export function signInReader(read: EntityCode[] = []) {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: { ...profile, role: { ...profile.role, rights: { ...profile.role.rights, read: ['notification', ...read] } } },
    activeProfile: profile.uid,
  });
}

export function notificationRow(id: number, overrides: Partial<NotificationRow> = {}): NotificationRow {
  return {
    id,
    template: 'TEST',
    context: { message: `Message ${id}` },
    readedAt: null,
    closedAt: null,
    createdAt: '2025-10-20 08:00:00.123+00',
    creatorId: 1,
    creatorName: 'Alice Administratrice',
    ...overrides,
  };
}

/** A server answering the notification calls: the rows given (newest first), the marks recorded. */
export function stubNotificationServer(rows: NotificationRow[]) {
  const calls: string[] = [];
  const unread = () => rows.filter((row) => row.readedAt === null).length;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    const mark = /^\/api\/notification\/(read|close)\/(\d+)$/.exec(url.pathname);
    if (mark) {
      const row = rows.find((candidate) => candidate.id === Number(mark[2]));
      if (row) {
        row.readedAt ??= '2025-10-20 09:00:00+00';
        if (mark[1] === 'close') {
          row.closedAt = '2025-10-20 09:00:00+00';
        }
      }
      return reply(200, { success: true, readedAt: row?.readedAt ?? null, closedAt: row?.closedAt ?? null, unread: unread() });
    }
    if (url.pathname === '/api/notification/latest') {
      return reply(200, { notifications: rows.filter((row) => row.closedAt === null).slice(0, 10), unread: unread() });
    }
    if (url.pathname === '/api/notification/list') {
      return reply(200, { content: rows.slice(0, 20), totalElements: rows.length });
    }
    return reply(404, { error: 'inconnu' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, posts: () => calls.filter((call) => call.startsWith('POST')) };
}
