import type { EntityCode, RightAction } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { CompanyDetailPage } from './company-detail-page';

const company = {
  id: 3,
  version: 1,
  edifice: 'ED-1003',
  name: 'Génie Civil Garonne',
  siren: '812347074',
  manager: null,
  mail: null,
};
const agency = {
  id: 7,
  name: 'Génie Civil Garonne Agen',
  companyId: 3,
  companyName: 'Génie Civil Garonne',
  siret: '81234707400013',
  edifice: null,
  manager: null,
  mail: null,
  phone: null,
  status: 3,
  documentsCompleted: false,
  inThirdParty: true,
  synchronize: false,
};

function signIn(rights: Partial<Record<RightAction, EntityCode[]>>) {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: { ...profile, role: { ...profile.role, rights: { create: [], read: [], update: [], delete: [], ...rights } } },
  });
}

function serve() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'DELETE') {
      return reply(200, { success: true });
    }
    if (url === '/api/company/3/agencies') {
      return reply(200, { content: [agency], totalElements: 1 });
    }
    return reply(200, company);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function openAgencies() {
  renderRoutes([{ path: '/sst/company/:id', element: <CompanyDetailPage /> }], '/sst/company/3');
  await screen.findByRole('heading', { name: /Entreprise : Génie Civil Garonne/ });
  fireEvent.click(screen.getByRole('tab', { name: 'Agences' }));
  return screen.findByRole('link', { name: 'Génie Civil Garonne Agen' });
}

describe('CompanyDetailPage', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it("lists the company's agencies with links, without add or delete for a reader", async () => {
    spyFeedback();
    signIn({ read: ['company', 'agency'] });
    serve();
    const link = await openAgencies();
    expect(link.getAttribute('href')).toBe('/sst/agency/7');
    expect(screen.getByRole('img', { name: 'En anomalie' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Ajouter une agence/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Supprimer l'agence/ })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Documents' })).toBeNull();
  });

  it('opens the agency creation with the company preset, with the create right on agency', async () => {
    spyFeedback();
    signIn({ read: ['company', 'agency'], create: ['agency'] });
    serve();
    await openAgencies();
    fireEvent.click(screen.getByRole('button', { name: /Ajouter une agence/ }));
    const companyField = (await screen.findByLabelText('Entreprise')) as HTMLInputElement;
    expect(companyField.value).toBe('Génie Civil Garonne');
    expect(companyField.disabled).toBe(true);
  });

  it('deletes an agency of the company after confirmation', async () => {
    const feedback = spyFeedback();
    signIn({ read: ['company', 'agency'], delete: ['agency'] });
    const fetchMock = serve();
    await openAgencies();
    fireEvent.click(screen.getByLabelText("Supprimer l'agence Génie Civil Garonne Agen"));
    await waitFor(() =>
      expect(feedback.confirm).toHaveBeenCalledWith({ content: 'Êtes-vous sûr de vouloir supprimer cet élément ?' }),
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE')?.[0]).toBe('/api/company/3/agency/7/delete'),
    );
  });
});
