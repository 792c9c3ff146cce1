import type { EntityCode, RoleRecord } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { RoleDetailPage } from './role-detail-page';

const role: RoleRecord = {
  id: 6,
  version: 1,
  name: 'Chargé FTTH',
  description: 'Suit les commandes fibre',
  visibility: 1,
  parentRoleId: null,
  menus: [],
  create: [],
  read: [],
  update: [],
  delete: [],
  options: [],
  ftth: false,
  nodes: [],
  transitions: [],
};

function serve() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      return reply(200, { success: true, id: 6, record: { ...role, ...JSON.parse(String(init.body)), version: 2 } });
    }
    if (url.startsWith('/api/role/6')) {
      return reply(200, role);
    }
    return reply(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the FTTH profile on the role Information tab', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('shows the flag read-only, then saves it checked', { timeout: 20_000 }, async () => {
    spyFeedback();
    const profile = makeProfile();
    const rights = { ...profile.role.rights, read: ['role'] as EntityCode[], update: ['role'] as EntityCode[] };
    setAuth({ token: 't', profile: { ...profile, role: { ...profile.role, rights } } });
    const fetchMock = serve();
    renderRoutes([{ path: '/role/:id', element: <RoleDetailPage /> }], '/role/6');
    await screen.findByRole('heading', { name: /Chargé FTTH/ });
    const flag = screen.getByLabelText('Profil FTTH') as HTMLInputElement;
    expect(flag.checked).toBe(false);
    expect(flag.disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /Modifier/ }));
    fireEvent.click(screen.getByLabelText('Profil FTTH'));
    fireEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ name: 'Chargé FTTH', ftth: true, version: 1 });
  });
});
