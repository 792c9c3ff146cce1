import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { renderRoutes, reply, spyFeedback } from '../../lib/testing';
import type { AgencyUser } from './agencies.api';
import { signInWith as signIn } from './agency-testing';
import { AgencyUsersTab } from './agency-users-tab';

const member: AgencyUser = {
  id: 5,
  uid: 'mmartin',
  name: 'Marie Martin',
  mail: 'm@sst.example',
  roleName: 'Sous-traitant',
  active: true,
};
const candidate = { id: 9, uid: 'jdupont', name: 'Jean Dupont', roleName: 'Sous-traitant' };

/** The agency's users as the server keeps them, changed by the link and unlink calls. */
function serve() {
  let linked: AgencyUser[] = [member];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/agency/1/users') {
      return reply(200, linked);
    }
    if (url.startsWith('/api/users?')) {
      return reply(200, { content: [candidate], totalElements: 1 });
    }
    if (url === '/api/user/9/agency/1' && method === 'POST') {
      linked = [...linked, { ...candidate, mail: null, active: true }];
      return reply(200, { success: true });
    }
    if (url === '/api/user/5/agency/1' && method === 'DELETE') {
      linked = linked.filter((user) => user.id !== 5);
      return reply(200, { success: true });
    }
    return reply(404, { error: 'not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function show() {
  renderRoutes([{ path: '/sst/agency/1', element: <AgencyUsersTab agencyId={1} /> }], '/sst/agency/1');
}

describe('AgencyUsersTab', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('adds a user picked in the user list and removes one after confirmation', async () => {
    const feedback = spyFeedback();
    signIn({ read: ['user_agency', 'user'], create: ['user_agency'], delete: ['user_agency'] });
    const fetchMock = serve();
    show();
    expect(await screen.findByText('Marie Martin')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Ajouter un utilisateur/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByText('Jean Dupont'));
    expect(await screen.findByText('Jean Dupont')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/user/9/agency/1' && init?.method === 'POST')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Retirer Marie Martin de l’agence' }));
    await waitFor(() => expect(screen.queryByText('Marie Martin')).toBeNull());
    expect(feedback.confirm).toHaveBeenCalledWith({ content: 'Êtes-vous sûr de vouloir supprimer cet élément ?' });
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/user/5/agency/1' && init?.method === 'DELETE')).toBe(true);
  });

  it('keeps the user when the removal is not confirmed', async () => {
    const feedback = spyFeedback();
    feedback.confirm.mockResolvedValue(false);
    signIn({ read: ['user_agency'], delete: ['user_agency'] });
    const fetchMock = serve();
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Retirer Marie Martin de l’agence' }));
    await waitFor(() => expect(feedback.confirm).toHaveBeenCalled());
    expect(screen.getByText('Marie Martin')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('offers neither adding nor removing without the user_agency create and delete rights', async () => {
    spyFeedback();
    signIn({ read: ['user_agency', 'user'] });
    serve();
    show();
    expect(await screen.findByText('Marie Martin')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Ajouter un utilisateur/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Retirer/ })).toBeNull();
  });

  it('warns instead of opening the user list without the read right on users', async () => {
    const feedback = spyFeedback();
    signIn({ read: ['user_agency'], create: ['user_agency'] });
    serve();
    show();
    fireEvent.click(await screen.findByRole('button', { name: /Ajouter un utilisateur/ }));
    expect(feedback.warning).toHaveBeenCalledWith('not access to entity');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
