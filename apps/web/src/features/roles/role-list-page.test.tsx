import type { EntityCode } from '@isf/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { RoleListPage } from './role-list-page';

function signIn(create: EntityCode[]) {
  const profile = makeProfile();
  const rights = { ...profile.role.rights, read: ['role'] as EntityCode[], create };
  setAuth({ token: 't', profile: { ...profile, role: { ...profile.role, rights } } });
}

const row = { id: 3, name: 'Acheteur', description: null, visibility: 1, parentRoleId: null, parentRoleName: null, userCount: 2 };

describe('RoleListPage', () => {
  beforeEach(() => {
    localStorage.clear();
    spyFeedback();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/roles/list')
          ? reply(200, [{ id: 3, name: 'Acheteur' }])
          : reply(200, { content: [row], totalElements: 1 }),
      ),
    );
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('shows the title and the rows, without Create lacking the create right', async () => {
    signIn([]);
    renderRoutes([{ path: '/roles', element: <RoleListPage /> }], '/roles');
    expect(await screen.findByRole('heading', { name: 'Rôles' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Acheteur' })).getAttribute('href')).toBe('/role/3');
    expect(screen.queryByRole('button', { name: /Créer/ })).toBeNull();
  });

  it('opens the create modal with the create right', async () => {
    signIn(['role']);
    renderRoutes([{ path: '/roles', element: <RoleListPage /> }], '/roles');
    fireEvent.click(await screen.findByRole('button', { name: /Créer/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Créer : Rôle');
  });
});
