import { MESSAGES_FR } from '@isf/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuth, getAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply } from '../../lib/testing';
import { LoginPage } from './login-page';

function renderLogin() {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>home screen</p> },
    ],
    '/login',
  );
}

function signIn(password = 'secret') {
  fireEvent.change(screen.getByLabelText('Identifiant'), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Connexion' }));
}

describe('LoginPage', () => {
  beforeEach(() => {
    clearAuth();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the invalid-credentials text with the status when the server answers 403', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(403, { error: 'Accès refusé.' })),
    );
    renderLogin();
    signIn();
    expect(await screen.findByText(MESSAGES_FR['login.invalidCredentials'])).toBeTruthy();
    expect(screen.getByText('Statut : 403')).toBeTruthy();
  });

  it('shows the internal-error text with the status for any other status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(500, { error: 'boom' })),
    );
    renderLogin();
    signIn();
    expect(await screen.findByText(MESSAGES_FR['login.internalError'])).toBeTruthy();
    expect(screen.getByText('Statut : 500')).toBeTruthy();
  });

  it('shows the connection text with status 0 when no response comes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderLogin();
    signIn();
    expect(await screen.findByText(MESSAGES_FR['login.noResponse'])).toBeTruthy();
    expect(screen.getByText('Statut : 0')).toBeTruthy();
  });

  it('shows the profile-anomaly text with the status when the profile cannot be loaded, and keeps no token', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/login') ? reply(200, { token: 'abc' }) : reply(422, { error: MESSAGES_FR['login.profileAnomaly'] }),
      ),
    );
    renderLogin();
    signIn();
    expect(await screen.findByText(MESSAGES_FR['login.profileAnomaly'])).toBeTruthy();
    expect(screen.getByText('Statut : 422')).toBeTruthy();
    expect(getAuth().token).toBeNull();
  });

  it('stores the token and profile and goes home when the login succeeds', async () => {
    const profile = makeProfile({ uid: 'admin' });
    const fetchMock = vi.fn(async (url: string) => (url.endsWith('/login') ? reply(200, { token: 'abc' }) : reply(200, profile)));
    vi.stubGlobal('fetch', fetchMock);
    const router = renderLogin();
    signIn('admin');
    expect(await screen.findByText('home screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(getAuth()).toMatchObject({ token: 'abc', activeProfile: 'admin', profile: { uid: 'admin' } });
    const [, profileCall] = fetchMock.mock.calls;
    expect(profileCall?.[0]).toBe('/api/user/profile');
  });
});
