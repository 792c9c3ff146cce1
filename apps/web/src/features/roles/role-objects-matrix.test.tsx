import { ENTITY_CODES, type EntityCode, ROLE_OPTIONS, type RoleRecord } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { RoleDetailPage } from './role-detail-page';

const role: RoleRecord = {
  id: 5,
  version: 3,
  name: 'Conducteur de travaux',
  description: 'Suit les chantiers',
  visibility: 2,
  parentRoleId: null,
  menus: [1],
  create: [],
  read: ['project'],
  update: [],
  delete: ['user'],
  options: [],
  ftth: false,
  nodes: [],
  transitions: [],
};

function serve() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'PUT') {
      return reply(200, { success: true, id: 5, record: { ...role, ...JSON.parse(String(init?.body)), version: 4 } });
    }
    if (url.startsWith('/api/role/options')) {
      return reply(200, ROLE_OPTIONS);
    }
    if (url.startsWith('/api/role/5')) {
      return reply(200, role);
    }
    if (url.startsWith('/api/entities')) {
      return reply(200, ENTITY_CODES);
    }
    if (url.startsWith('/api/menus')) {
      return reply(200, [{ id: 1, title: 'Accueil', path: '/', parent: null }]);
    }
    return reply(200, [{ id: 5, name: 'Conducteur de travaux', visibility: 2 }]);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function signIn() {
  const profile = makeProfile();
  const rights = { ...profile.role.rights, read: ['role'] as EntityCode[], update: ['role'] as EntityCode[] };
  setAuth({ token: 't', profile: { ...profile, role: { ...profile.role, rights } } });
}

function putBody(fetchMock: ReturnType<typeof serve>) {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe('RoleObjectsMatrix on the role detail', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('shows one row per entity code with its four rights', { timeout: 20_000 }, async () => {
    spyFeedback();
    signIn();
    serve();
    renderRoutes([{ path: '/role/:id', element: <RoleDetailPage /> }], '/role/5');
    await screen.findByRole('heading', { name: /Conducteur de travaux/ });
    fireEvent.click(screen.getByRole('tab', { name: 'Objets' }));
    const readProject = (await screen.findByLabelText('Lire project')) as HTMLInputElement;
    expect(readProject.checked).toBe(true);
    expect(readProject.disabled).toBe(true);
    expect(document.querySelectorAll('input[aria-label^="Créer "]')).toHaveLength(ENTITY_CODES.length);
  });

  it('saves the toggled rights and the select-all of a filtered column', { timeout: 20_000 }, async () => {
    spyFeedback();
    signIn();
    const fetchMock = serve();
    renderRoutes([{ path: '/role/:id', element: <RoleDetailPage /> }], '/role/5');
    await screen.findByRole('heading', { name: /Conducteur de travaux/ });
    fireEvent.click(screen.getByRole('button', { name: /Modifier/ }));
    fireEvent.click(screen.getByRole('tab', { name: 'Objets' }));

    fireEvent.click(await screen.findByLabelText('Lire unit'));
    fireEvent.click(screen.getByLabelText('Lire project'));
    fireEvent.click(screen.getByLabelText('Modifier unit'));

    fireEvent.change(screen.getByLabelText('Filtrer par nom'), { target: { value: 'user' } });
    await waitFor(() => expect(document.querySelectorAll('input[aria-label^="Créer "]')).toHaveLength(3));
    fireEvent.click(screen.getByLabelText('Tout cocher : Créer'));
    // `user` was already deletable: the select-all of Supprimer is partly checked and grants the other two.
    const deleteAll = screen.getByLabelText('Tout cocher : Supprimer');
    fireEvent.click(deleteAll);

    fireEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(putBody(fetchMock)).toBeDefined());
    expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')?.[0]).toBe('/api/role/5');
    expect(putBody(fetchMock)).toEqual({
      name: 'Conducteur de travaux',
      description: 'Suit les chantiers',
      visibility: 2,
      parentRoleId: null,
      menus: [1],
      create: ['user', 'user_agency', 'user_project'],
      read: ['unit'],
      update: ['unit'],
      delete: ['user', 'user_agency', 'user_project'],
      options: [],
      ftth: false,
      nodes: [],
      transitions: [],
      version: 3,
    });
  });

  it('clears a fully checked column with its select-all', { timeout: 20_000 }, async () => {
    spyFeedback();
    signIn();
    const fetchMock = serve();
    renderRoutes([{ path: '/role/:id', element: <RoleDetailPage /> }], '/role/5');
    await screen.findByRole('heading', { name: /Conducteur de travaux/ });
    fireEvent.click(screen.getByRole('button', { name: /Modifier/ }));
    fireEvent.click(screen.getByRole('tab', { name: 'Objets' }));
    const filter = await screen.findByLabelText('Filtrer par nom');
    fireEvent.change(filter, { target: { value: 'project' } });
    await waitFor(() => expect(document.querySelectorAll('input[aria-label^="Lire "]')).toHaveLength(5));
    fireEvent.click(screen.getByLabelText('Tout cocher : Lire'));
    fireEvent.click(screen.getByLabelText('Tout cocher : Lire'));
    fireEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(putBody(fetchMock)).toBeDefined());
    expect(putBody(fetchMock).read).toEqual([]);
  });
});
