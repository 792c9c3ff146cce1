import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { renderRoutes, spyFeedback } from '../../lib/testing';
import { NotificationListPage } from './notification-list-page';
import { notificationRow, signInReader, stubNotificationServer } from './notifications-testing';

function renderPage() {
  return renderRoutes([{ path: '/notifications', element: <NotificationListPage /> }], '/notifications');
}

function itemOf(text: string): HTMLElement {
  const item = screen.getByText(text).closest('li');
  if (!item) {
    throw new Error(`no item for ${text}`);
  }
  return item;
}

const unreadMarks = () => screen.queryAllByRole('img', { name: 'Non lue' });

describe('notification screen', () => {
  beforeEach(() => {
    spyFeedback();
    signInReader(['order', 'user']);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('asks for 20 notifications newest first and renders each by its template', async () => {
    const server = stubNotificationServer([
      notificationRow(9, {
        template: 'ORDER_ERP_SEND_FAILED',
        context: { orderId: 12, orderNumber: 'OS-2025-0012', errorMessage: 'Projet fermé', errors: ['Tâche 1.2 inconnue'] },
      }),
      notificationRow(8, { template: 'ERP_SOMETHING_NEW', context: { orderId: 3, detail: 'inattendu' } }),
      notificationRow(7, { readedAt: '2025-10-20 08:00:00+00', creatorId: null, creatorName: null }),
    ]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeTruthy();
    const order = await screen.findByRole('link', { name: 'OS-2025-0012' });
    expect(order.getAttribute('href')).toBe('/sst/order/12');
    expect(screen.getByText("Échec de l'envoi de la commande à l'ERP")).toBeTruthy();
    expect(screen.getByText("L'ERP n'a pas accepté la commande : Projet fermé")).toBeTruthy();
    expect(screen.getByText('Tâche 1.2 inconnue')).toBeTruthy();
    // the creator links to the user's screen
    const byAdmin = within(itemOf('OS-2025-0012')).getByRole('link', { name: 'par Alice Administratrice' });
    expect(byAdmin.getAttribute('href')).toBe('/user/1');
    // an unknown template: the fallback text and the context
    const fallback = itemOf('No template for this notification type');
    expect(fallback.textContent).toContain('"template": "ERP_SOMETHING_NEW"');
    expect(fallback.textContent).toContain('"detail": "inattendu"');

    const [list] = server.calls;
    const url = new URL(String(list).replace('GET ', ''), 'http://localhost');
    expect(url.pathname).toBe('/api/notification/list');
    expect(url.searchParams.get('size')).toBe('20');
    expect(url.searchParams.get('sort')).toBe('id,desc');
    expect(screen.queryByLabelText('Taille de page')).toBeNull();
  });

  it('marks the unread notifications read 2 seconds after the list loads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = stubNotificationServer([
      notificationRow(3),
      notificationRow(2, { readedAt: '2025-10-20 08:00:00+00' }),
      notificationRow(1),
    ]);
    renderPage();
    await screen.findByText('Message 3');
    expect(unreadMarks()).toHaveLength(2);
    await act(async () => vi.advanceTimersByTimeAsync(1_500));
    expect(server.posts()).toEqual([]);
    await act(async () => vi.advanceTimersByTimeAsync(600));
    expect(server.posts().sort()).toEqual(['POST /api/notification/read/1', 'POST /api/notification/read/3']);
    await act(async () => vi.advanceTimersByTimeAsync(50));
    expect(unreadMarks()).toHaveLength(0);
  });

  it('marks an unread notification read when it is clicked', async () => {
    const server = stubNotificationServer([notificationRow(3), notificationRow(2)]);
    renderPage();
    await screen.findByText('Message 3');
    // (the automatic reading of the other one 2 s after the load may come meanwhile on a slow machine)
    const readsOfTwo = () => server.posts().filter((call) => call === 'POST /api/notification/read/2');
    fireEvent.click(itemOf('Message 2'));
    await vi.waitFor(() => expect(readsOfTwo()).toHaveLength(1));
    await vi.waitFor(() => expect(within(itemOf('Message 2')).queryByRole('img', { name: 'Non lue' })).toBeNull());
    // a second click asks nothing more
    fireEvent.click(itemOf('Message 2'));
    expect(readsOfTwo()).toHaveLength(1);
  });

  it('says "Aucune notification" when there is none', async () => {
    stubNotificationServer([]);
    renderPage();
    expect(await screen.findByText('Aucune notification')).toBeTruthy();
  });
});
