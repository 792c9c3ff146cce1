import { type EntityCode, RESOURCES } from '@isf/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { ReferenceListPage } from './reference-list-page';
import { referenceRoutes } from './reference-routes';

function signIn(create: EntityCode[]) {
  const profile = makeProfile();
  const rights = { ...profile.role.rights, read: ['unit', 'payment_type'] as EntityCode[], create };
  setAuth({ token: 't', profile: { ...profile, role: { ...profile.role, rights } } });
}

describe('ReferenceListPage', () => {
  beforeEach(() => {
    localStorage.clear();
    spyFeedback();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(200, { content: [{ id: 1, name: 'Mètre linéaire', oracleCode: 'ML' }], totalElements: 1 })),
    );
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('shows the title, the declared columns and links to the detail', async () => {
    signIn([]);
    renderRoutes([{ path: '/units', element: <ReferenceListPage definition={RESOURCES.units} /> }], '/units');
    expect(await screen.findByRole('heading', { name: 'Unités' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Code Oracle' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Mètre linéaire' })).getAttribute('href')).toBe('/unit/1');
    expect(screen.queryByRole('button', { name: /Créer/ })).toBeNull();
  });

  it('offers the create modal with the create right', async () => {
    signIn(['unit']);
    renderRoutes([{ path: '/units', element: <ReferenceListPage definition={RESOURCES.units} /> }], '/units');
    fireEvent.click(await screen.findByRole('button', { name: /Créer/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Créer : Unité');
  });

  it('offers no creation on a list the ERP feeds, even with the create right', async () => {
    signIn(['payment_type']);
    renderRoutes(
      [{ path: '/paymenttypes', element: <ReferenceListPage definition={RESOURCES.paymenttypes} /> }],
      '/paymenttypes',
    );
    expect(await screen.findByRole('heading', { name: 'Types de paiement' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Créer/ })).toBeNull();
  });
});

describe('referenceRoutes', () => {
  it('declares a list and a detail route with its entity for each of the 9 resources', () => {
    expect(referenceRoutes).toHaveLength(18);
    expect(referenceRoutes.map(({ path, entity }) => `${path} ${entity}`)).toContain('/units unit');
    expect(referenceRoutes.map(({ path, entity }) => `${path} ${entity}`)).toContain('/paymentterm/:id payment_term');
  });
});
