import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { isEditing } from '../../lib/edit-mode';
import { renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { AgencyDetailPage } from './agency-detail-page';
import { signInWith as signIn } from './agency-testing';

const KNOWN = '81236470300015';

const agency = {
  id: 1,
  version: 3,
  companyId: 2,
  name: 'Agence de Pau',
  edifice: null,
  siret: '44444444400012',
  manager: null,
  address: '8 BD ALSACE LORRAINE, 64000 PAU',
  phone: null,
  mail: null,
  synchronize: true,
  inviteMail: 'contact@pau.example',
  inThirdParty: false,
  status: 2,
  documentsCompleted: false,
  legalOnboarded: false,
  legalCheckedAt: null,
  invitationSentTo: 'contact@pau.example',
  invitationSentAt: '2025-09-01T08:00:00.000Z',
  company: { id: 2, name: 'Télécom Travaux Sud-Ouest' },
};

function serve() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === `/api/agency/lookup/${KNOWN}`) {
      return reply(200, {
        siret: KNOWN,
        inThirdParty: true,
        name: 'Gers Infrastructures Numériques',
        address: 'AUCH',
        active: true,
        onboarded: true,
      });
    }
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as object;
      return reply(200, { success: true, id: 1, record: { ...agency, ...body, inThirdParty: true, version: 4 } });
    }
    return reply(200, agency);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The field, found afresh: loading the record resets the form, which remounts its inputs. */
function siretInput() {
  return screen.getByLabelText('SIRET') as HTMLInputElement;
}

function show() {
  renderRoutes([{ path: '/sst/agency/:id', element: <AgencyDetailPage /> }], '/sst/agency/1');
}

describe('AgencyDetailPage', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('shows the saved agency read-only, with its status, and only the tabs the rights open', async () => {
    spyFeedback();
    signIn({ read: ['agency', 'company'] });
    serve();
    show();
    expect(await screen.findByRole('heading', { name: /Agence : Agence de Pau/ })).toBeTruthy();
    await waitFor(() => expect(siretInput().value).toBe('44444444400012'));
    expect(siretInput().disabled).toBe(true);
    expect(screen.getByRole('img', { name: 'À surveiller' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Documents incomplets' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Télécom Travaux Sud-Ouest' }).getAttribute('href')).toBe('/sst/company/2');
    // Follow-up on and not onboarded: the invite mail shows.
    expect((screen.getByLabelText("E-mail d'invitation") as HTMLInputElement).value).toBe('contact@pau.example');
    expect(screen.queryByRole('tab', { name: 'Utilisateurs' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Documents' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Modifier/ })).toBeNull();
  });

  it('looks a new SIRET up in edit mode and saves what the registry says', async () => {
    spyFeedback();
    signIn({ read: ['agency', 'company', 'user_agency', 'document'], update: ['agency'] });
    const fetchMock = serve();
    show();
    await waitFor(() => expect(siretInput().value).toBe('44444444400012'));
    expect(screen.getByRole('tab', { name: 'Utilisateurs' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Documents' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Modifier/ }));
    fireEvent.change(siretInput(), { target: { value: KNOWN } });
    const name = screen.getByLabelText('Nom') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Gers Infrastructures Numériques'));
    expect(name.disabled).toBe(true);
    expect(screen.queryByLabelText("E-mail d'invitation")).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(isEditing()).toBe(false));
    const [url, init] = fetchMock.mock.calls.find(([, request]) => request?.method === 'PUT') ?? [];
    expect(url).toBe('/api/agency/1');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      siret: KNOWN,
      name: 'Gers Infrastructures Numériques',
      address: 'AUCH',
      synchronize: true,
      version: 3,
    });
    expect(fetchMock.mock.calls.filter(([path]) => path.startsWith('/api/agency/lookup/'))).toHaveLength(1);
  });
});
