import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setGlobalErrorHandler } from '../../lib/api-client';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { PopupAnnouncements } from './popup-announcements';

type Announcement = { id: number; title: string; content: string; readedAt: string | null };

/** The server side of the display: /me answers the announcements, read and close are recorded. */
function stubServer(announcements: Announcement[] | string, status = 200) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (url.endsWith('/popup-notification/me')) {
      return reply(status, announcements);
    }
    return reply(200, { success: true });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const posts = (calls: string[]) => calls.filter((call) => call.startsWith('POST'));

function renderShell() {
  return renderRoutes([{ path: '/', element: <PopupAnnouncements /> }], '/');
}

function closeButton() {
  return screen.getByRole('button', { name: 'Fermer' });
}

describe('popup announcements', () => {
  beforeEach(() => {
    spyFeedback();
    const profile = makeProfile();
    setAuth({ token: 'abc', profile, activeProfile: profile.uid });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the popups one after another, marking each read when shown and closed when closed', async () => {
    const calls = stubServer([
      { id: 4, title: 'Maintenance samedi', content: '**Coupure** de 8 h à 12 h', readedAt: null },
      { id: 9, title: 'Nouveaux bordereaux', content: 'Les BPU 2026 sont en ligne.', readedAt: null },
    ]);
    renderShell();

    expect(await screen.findByText('Maintenance samedi')).toBeTruthy();
    expect(screen.getByText('Coupure').tagName).toBe('STRONG');
    expect(screen.getByText('1 sur 2')).toBeTruthy();
    expect(screen.queryByText('Nouveaux bordereaux')).toBeNull();
    await waitFor(() => expect(posts(calls)).toEqual(['POST /api/popup-notification/4/read']));

    await act(async () => fireEvent.click(closeButton()));
    expect(await screen.findByText('Nouveaux bordereaux')).toBeTruthy();
    expect(screen.getByText('2 sur 2')).toBeTruthy();
    await waitFor(() =>
      expect(posts(calls)).toEqual([
        'POST /api/popup-notification/4/read',
        'POST /api/popup-notification/4/close',
        'POST /api/popup-notification/9/read',
      ]),
    );

    await act(async () => fireEvent.click(closeButton()));
    await waitFor(() => expect(screen.queryByText('Nouveaux bordereaux')).toBeNull());
    expect(posts(calls)).toEqual([
      'POST /api/popup-notification/4/read',
      'POST /api/popup-notification/4/close',
      'POST /api/popup-notification/9/read',
      'POST /api/popup-notification/9/close',
    ]);
    expect(calls.filter((call) => call.endsWith('/me'))).toHaveLength(1);
  });

  it('does not mark read again a popup already read, and closes it with the cross too', async () => {
    const calls = stubServer([{ id: 5, title: 'Rappel', content: 'Déjà vue', readedAt: '2025-10-20T08:00:00Z' }]);
    renderShell();
    expect(await screen.findByText('Rappel')).toBeTruthy();
    expect(screen.queryByText(/sur/)).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close' })));
    await waitFor(() => expect(posts(calls)).toEqual(['POST /api/popup-notification/5/close']));
    await waitFor(() => expect(screen.queryByText('Rappel')).toBeNull());
  });

  it('shows nothing and says nothing when there is no popup or the call fails', async () => {
    const globalHandling = vi.fn();
    setGlobalErrorHandler(globalHandling);
    const calls = stubServer([]);
    renderShell();
    await waitFor(() => expect(calls).toEqual(['GET /api/popup-notification/me']));
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();

    stubServer({ error: 'Une erreur est survenue.' } as unknown as string, 500);
    renderShell();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(globalHandling).not.toHaveBeenCalled();
    setGlobalErrorHandler(() => undefined);
  });
});
