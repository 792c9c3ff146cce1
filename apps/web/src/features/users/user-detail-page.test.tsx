import type { EntityCode, LoginWarning, RightAction } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { UserDetailPage } from './user-detail-page';
import type { UserRecord } from './users.api';

const user: UserRecord = {
  id: 3,
  version: 1,
  uid: 'cdp',
  cn: 'cdp',
  name: 'Camille Chef de projet',
  mail: 'cdp@isf.example',
  phone: null,
  engagement: '50000.00',
  service: null,
  quality: null,
  active: true,
  userManualUrl: null,
  role: { id: 3, name: 'Chef de projet', visibility: 2 },
  manager: { id: 1, name: 'Alice Administratrice' },
  parent: null,
  children: [],
  warnings: [],
  editable: true,
};

function signIn(actions: RightAction[]) {
  const profile = makeProfile();
  const rights = { ...profile.role.rights };
  for (const action of actions) {
    rights[action] = [...rights[action], 'user' as EntityCode];
  }
  setAuth({ token: 't', profile: { ...profile, role: { ...profile.role, rights } } });
}

function serve(record: UserRecord | null) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/user/3') && (init?.method ?? 'GET') === 'GET') {
      return record ? reply(200, record) : reply(404, { error: "Cet utilisateur n'existe pas ou ne peut pas être affiché." });
    }
    return reply(200, { success: true });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function showUser() {
  renderRoutes([{ path: '/user/:id', element: <UserDetailPage /> }], '/user/3');
}

describe('UserDetailPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('offers no Edit button when the server says the user is not editable', async () => {
    spyFeedback();
    signIn(['read', 'update', 'delete']);
    serve({ ...user, editable: false });
    showUser();
    await screen.findByText('Utilisateur : Camille Chef de projet (cdp)');
    await waitFor(() => expect((screen.getByLabelText('Nom') as HTMLInputElement).value).toBe('Camille Chef de projet'));
    expect(screen.queryByText('Modifier')).toBeNull();
    expect(screen.queryByText('Désactiver')).toBeNull();
  });

  it('offers Edit when editable, and hides the warnings in edit mode', async () => {
    spyFeedback();
    signIn(['read', 'update']);
    serve({ ...user, warnings: ['no-project'] });
    showUser();
    const warning = 'Cet utilisateur ne peut pas se connecter : aucun projet ne lui est associé.';
    expect(await screen.findByText(warning)).toBeTruthy();
    fireEvent.click(screen.getByText('Modifier'));
    await waitFor(() => expect(screen.queryByText(warning)).toBeNull());
  });

  it.each<[LoginWarning, number, string]>([
    ['no-project', 2, 'Cet utilisateur ne peut pas se connecter : aucun projet ne lui est associé.'],
    ['no-manager', 3, "Cet utilisateur ne peut pas se connecter : il n'a pas de responsable."],
    [
      'no-project-or-agency',
      4,
      'Cet utilisateur ne peut pas se connecter : aucun projet et/ou aucune agence ne lui est associé.',
    ],
  ])('warns of %s for a role of visibility %i', async (warning, visibility, text) => {
    spyFeedback();
    signIn(['read']);
    serve({ ...user, role: { ...user.role, visibility }, warnings: [warning] });
    showUser();
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('asks "Êtes-vous sûr de vouloir désactiver cet utilisateur ?" before deactivating an active user', async () => {
    const feedback = spyFeedback();
    signIn(['read', 'delete']);
    const fetchMock = serve(user);
    showUser();
    feedback.confirm.mockResolvedValueOnce(false);
    fireEvent.click(await screen.findByText('Désactiver'));
    await waitFor(() =>
      expect(feedback.confirm).toHaveBeenCalledWith({ content: 'Êtes-vous sûr de vouloir désactiver cet utilisateur ?' }),
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByText('Désactiver'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE')?.[0]).toBe('/api/user/3/delete'),
    );
  });

  it('offers reactivation, not deactivation, for an inactive user', async () => {
    const feedback = spyFeedback();
    signIn(['read', 'update', 'delete']);
    serve({ ...user, active: false });
    showUser();
    fireEvent.click(await screen.findByText('Réactiver'));
    await waitFor(() =>
      expect(feedback.confirm).toHaveBeenCalledWith({ content: 'Êtes-vous sûr de vouloir réactiver cet élément ?' }),
    );
    expect(screen.queryByText('Désactiver')).toBeNull();
  });

  it('says the user cannot be shown when it cannot be loaded', async () => {
    spyFeedback();
    signIn(['read']);
    serve(null);
    showUser();
    expect(await screen.findByText("Cet utilisateur n'existe pas ou ne peut pas être affiché.")).toBeTruthy();
  });
});
