import type { DelegationRecord } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { AccountPage } from './account-page';
import { endNotBeforeStart } from './delegation-create-modal';

const delegation = (id: number, from: string, to: string, fromId = 7): DelegationRecord => ({
  id,
  delegateFrom: { id: fromId, name: from, uid: from.toLowerCase() },
  delegateTo: { id: 100 + id, name: to, uid: to.toLowerCase() },
  startDate: '2031-05-01',
  endDate: '2031-05-10',
  active: id === 1,
  createdBy: { id: fromId, name: from },
});

function serve() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'DELETE') {
      return reply(200, { success: true });
    }
    if (url.startsWith('/api/delegation/my-delegations')) {
      return reply(200, { given: [delegation(1, 'Louis', 'Camille')], received: [delegation(2, 'Alice', 'Louis', 1)] });
    }
    return reply(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function signIn(options: string[]) {
  const profile = makeProfile();
  setAuth({ token: 't', profile: { ...profile, role: { ...profile.role, options }, canDelegate: options.length > 0 } });
}

describe('the account page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('lists the delegations given and received, and deletes a given one after confirmation', { timeout: 20_000 }, async () => {
    const feedback = spyFeedback();
    signIn(['users.can_delegate']);
    const fetchMock = serve();
    renderRoutes([{ path: '/account-manage', element: <AccountPage /> }], '/account-manage');
    const given = await screen.findByRole('table', { name: 'Délégations données' });
    await within(given).findByText('Camille (camille)');
    expect(within(given).getByText('En cours')).toBeTruthy();
    const received = screen.getByRole('table', { name: 'Délégations reçues' });
    expect(within(received).getByText('Alice (alice)')).toBeTruthy();
    expect(within(received).queryByRole('button', { name: /Supprimer/ })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Toutes les délégations' })).toBeNull();

    fireEvent.click(within(given).getByRole('button', { name: 'Supprimer la délégation à Camille' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true));
    expect(feedback.confirm).toHaveBeenCalledWith({ content: 'Êtes-vous sûr de vouloir supprimer cet élément ?' });
    expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE')?.[0]).toBe('/api/delegation/1');
    expect(screen.getByRole('button', { name: /Ajouter une délégation/ })).toBeTruthy();
  });

  it('shows every delegation to an administrator of delegations', { timeout: 20_000 }, async () => {
    spyFeedback();
    signIn(['users.can_delegate', 'users.can_admin_delegate']);
    serve();
    renderRoutes([{ path: '/account-manage', element: <AccountPage /> }], '/account-manage');
    expect(await screen.findByRole('table', { name: 'Toutes les délégations' })).toBeTruthy();
  });

  it('hides the delegations without the delegation options', { timeout: 20_000 }, async () => {
    spyFeedback();
    signIn([]);
    const fetchMock = serve();
    renderRoutes([{ path: '/account-manage', element: <AccountPage /> }], '/account-manage');
    expect(await screen.findByText('Votre profil ne permet pas de gérer des délégations.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: /Délégations/ })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('endNotBeforeStart', () => {
  it('resets an end before the start to the start, and keeps the others', () => {
    const start = dayjs('2031-05-10');
    expect(endNotBeforeStart(start, dayjs('2031-05-01'))?.format('YYYY-MM-DD')).toBe('2031-05-10');
    expect(endNotBeforeStart(start, dayjs('2031-05-12'))?.format('YYYY-MM-DD')).toBe('2031-05-12');
    expect(endNotBeforeStart(undefined, dayjs('2031-05-01'))?.format('YYYY-MM-DD')).toBe('2031-05-01');
  });
});
