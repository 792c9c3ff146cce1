import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationRow, signInReader, stubNotificationServer } from '../../features/notifications/notifications-testing';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, spyFeedback } from '../../lib/testing';
import { NotificationBell } from './notification-bell';

function renderBell() {
  return renderRoutes([{ path: '/', element: <NotificationBell /> }], '/');
}

async function openBell(name: RegExp = /^Notifications/) {
  fireEvent.click(await screen.findByRole('button', { name }));
  await screen.findByRole('link', { name: 'Voir toutes les notifications' });
}

/** The bell menu's item holding a text. */
function itemOf(text: string): HTMLElement {
  const item = screen.getByText(text).closest('li');
  if (!item) {
    throw new Error(`no item for ${text}`);
  }
  return item;
}

describe('notification bell', () => {
  beforeEach(() => {
    spyFeedback();
    signInReader();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the unread count and the latest notifications', async () => {
    const server = stubNotificationServer([
      notificationRow(3),
      notificationRow(2),
      notificationRow(1, { readedAt: '2025-10-20' }),
    ]);
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications : 2 notifications non lues' })).toBeTruthy();
    await openBell();
    expect(screen.getByText('Message 3')).toBeTruthy();
    expect(screen.getByText('Message 1')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Non lue' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Voir toutes les notifications' }).getAttribute('href')).toBe('/notifications');
    expect(server.calls.every((call) => call === 'GET /api/notification/latest')).toBe(true);
  });

  it('marks a notification read 100 ms after the pointer rests on it, not before', async () => {
    const server = stubNotificationServer([notificationRow(3), notificationRow(2)]);
    renderBell();
    await openBell(/2 notifications non lues/);
    vi.useFakeTimers();
    fireEvent.mouseEnter(itemOf('Message 3'));
    act(() => vi.advanceTimersByTime(99));
    expect(server.posts()).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(server.posts()).toEqual(['POST /api/notification/read/3']);
    vi.useRealTimers();
    expect(await screen.findByRole('button', { name: 'Notifications : 1 notification non lue' })).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Non lue' })).toHaveLength(1);
  });

  it('does not mark a notification the pointer only crosses', async () => {
    const server = stubNotificationServer([notificationRow(3), notificationRow(2)]);
    renderBell();
    await openBell(/2 notifications non lues/);
    vi.useFakeTimers();
    fireEvent.mouseEnter(itemOf('Message 3'));
    act(() => vi.advanceTimersByTime(60));
    fireEvent.mouseLeave(itemOf('Message 3'));
    fireEvent.mouseEnter(itemOf('Message 2'));
    act(() => vi.advanceTimersByTime(100));
    expect(server.posts()).toEqual(['POST /api/notification/read/2']);
  });

  it('does not mark again a notification already read', async () => {
    const server = stubNotificationServer([notificationRow(3, { readedAt: '2025-10-20' })]);
    renderBell();
    await openBell();
    vi.useFakeTimers();
    fireEvent.mouseEnter(itemOf('Message 3'));
    act(() => vi.advanceTimersByTime(500));
    expect(server.posts()).toEqual([]);
  });

  it('hides a notification from the bell with its close button', async () => {
    const server = stubNotificationServer([notificationRow(3), notificationRow(2)]);
    renderBell();
    await openBell(/2 notifications non lues/);
    fireEvent.click(screen.getAllByRole('button', { name: 'Masquer de la cloche' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByText('Message 3')).toBeNull());
    expect(server.posts()).toEqual(['POST /api/notification/close/3']);
    expect(screen.getByRole('button', { name: 'Notifications : 1 notification non lue' })).toBeTruthy();
  });

  it('says "Aucune notification" when there is none', async () => {
    stubNotificationServer([]);
    renderBell();
    await openBell();
    expect(await screen.findByText('Aucune notification')).toBeTruthy();
  });

  it('polls every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = stubNotificationServer([notificationRow(1)]);
    renderBell();
    await screen.findByRole('button', { name: /1 notification non lue/ });
    expect(server.calls).toEqual(['GET /api/notification/latest']);
    await act(async () => vi.advanceTimersByTimeAsync(29_000));
    expect(server.calls).toHaveLength(1);
    await act(async () => vi.advanceTimersByTimeAsync(1_500));
    expect(server.calls).toEqual(['GET /api/notification/latest', 'GET /api/notification/latest']);
  });

  it('is not shown, and asks nothing, without the read right on notification', async () => {
    const server = stubNotificationServer([notificationRow(1)]);
    setAuth({ token: 't', profile: makeProfile(), activeProfile: 'lecteur' });
    renderBell();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
    expect(server.calls).toEqual([]);
  });
});
