import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { AgencyCreateModal } from './agency-create-modal';

const KNOWN = '81236470300015';
/** Known to the registry, not onboarded on the e-attestation platform. */
const NOT_ONBOARDED = '81236574000016';
const UNKNOWN = '44444444400012';
const FAILING = '99999999900017';
const BAD_KEY = '81236470300016';

type Handler = (url: string, init?: RequestInit) => Response | undefined;

function serve(handler: Handler = () => undefined) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const answer = handler(url, init);
    if (answer) {
      return answer;
    }
    if (url === `/api/agency/lookup/${KNOWN}`) {
      return reply(200, {
        siret: KNOWN,
        inThirdParty: true,
        name: 'Gers Infrastructures Numériques',
        address: '16 RUE DESSOLES, 32000 AUCH',
        active: true,
        onboarded: true,
      });
    }
    if (url === `/api/agency/lookup/${NOT_ONBOARDED}`) {
      return reply(200, {
        siret: NOT_ONBOARDED,
        inThirdParty: true,
        name: 'Basque Télécom Réseaux',
        address: '44 AV DE BIARRITZ, 64600 ANGLET',
        active: true,
        onboarded: false,
      });
    }
    if (url === `/api/agency/lookup/${UNKNOWN}`) {
      return reply(200, { siret: UNKNOWN, inThirdParty: false, onboarded: false });
    }
    if (url === `/api/agency/lookup/${FAILING}`) {
      return reply(502, { error: 'Erreur interne du service Sirene', inThirdParty: false, siret: FAILING });
    }
    return reply(200, { success: true, id: 12 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function lookups(fetchMock: ReturnType<typeof serve>) {
  return fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/agency/lookup/'));
}

function showModal() {
  return renderRoutes(
    [
      {
        path: '/sst/company/4',
        element: <AgencyCreateModal open onClose={() => undefined} company={{ id: 4, label: 'Gers Réseaux' }} />,
      },
    ],
    '/sst/company/4',
  );
}

async function siretInput() {
  return (await screen.findByLabelText('SIRET')) as HTMLInputElement;
}

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

function pressEnter(input: HTMLElement) {
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('AgencyCreateModal SIRET lookup', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    const profile = makeProfile();
    const rights = { ...profile.role.rights, read: [...profile.role.rights.read, 'company' as const, 'agency' as const] };
    setAuth({ token: 't', profile: { ...profile, role: { ...profile.role, rights } } });
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('looks the number up when it reaches exactly 14 characters, not before', async () => {
    spyFeedback();
    const fetchMock = serve();
    showModal();
    const input = await siretInput();
    for (const length of [1, 9, 13]) {
      type(input, KNOWN.slice(0, length));
    }
    expect(lookups(fetchMock)).toEqual([]);
    type(input, KNOWN);
    await waitFor(() => expect(lookups(fetchMock)).toEqual([`/api/agency/lookup/${KNOWN}`]));
  });

  it('looks the number up again on Enter and on the button, without submitting the form', async () => {
    spyFeedback();
    const fetchMock = serve();
    showModal();
    const input = await siretInput();
    type(input, UNKNOWN);
    await waitFor(() => expect(lookups(fetchMock)).toHaveLength(1));
    pressEnter(input);
    await waitFor(() => expect(lookups(fetchMock)).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: /Rechercher le SIRET/ }));
    await waitFor(() => expect(lookups(fetchMock)).toHaveLength(3));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('never sends a number whose check key is wrong, and says why', async () => {
    spyFeedback();
    const fetchMock = serve();
    showModal();
    const input = await siretInput();
    type(input, BAD_KEY);
    expect(await screen.findByText('Le numéro SIRET est invalide (14 chiffres et clé de contrôle).')).toBeTruthy();
    pressEnter(input);
    type(input, '8123647');
    pressEnter(input);
    fireEvent.click(screen.getByRole('button', { name: /Rechercher le SIRET/ }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lookups(fetchMock)).toEqual([]);
  });

  it('prefills name and address from the registry, read-only, for a known number', async () => {
    spyFeedback();
    serve();
    showModal();
    type(await siretInput(), KNOWN);
    const name = screen.getByLabelText('Nom') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Gers Infrastructures Numériques'));
    expect(name.disabled).toBe(true);
    expect((screen.getByLabelText('Adresse') as HTMLTextAreaElement).value).toBe('16 RUE DESSOLES, 32000 AUCH');
    expect((screen.getByLabelText('Adresse') as HTMLTextAreaElement).disabled).toBe(true);
  });

  it('leaves name and address to the user for a number the registry does not know', async () => {
    spyFeedback();
    serve();
    showModal();
    type(await siretInput(), UNKNOWN);
    expect(await screen.findByText(/Inconnu du répertoire Sirene/)).toBeTruthy();
    expect((screen.getByLabelText('Nom') as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByLabelText('Adresse') as HTMLTextAreaElement).disabled).toBe(false);
  });

  it("shows the registry's text on a 502, keeps the number and leaves the name editable", async () => {
    const feedback = spyFeedback();
    serve();
    showModal();
    const input = await siretInput();
    type(input, FAILING);
    expect(await screen.findByText('Erreur interne du service Sirene')).toBeTruthy();
    expect(input.value).toBe(FAILING);
    expect((screen.getByLabelText('Nom') as HTMLInputElement).disabled).toBe(false);
    expect(feedback.alert).not.toHaveBeenCalled();
  });

  it('says the response is invalid when the registry reply cannot be read', async () => {
    spyFeedback();
    serve((url) => (url === `/api/agency/lookup/${KNOWN}` ? reply(200, { unexpected: true }) : undefined));
    showModal();
    type(await siretInput(), KNOWN);
    expect(await screen.findByText('Réponse invalide du serveur ! Veuillez réessayer plus tard !')).toBeTruthy();
  });

  it('shows the invite mail only with the follow-up on and a number not onboarded', async () => {
    spyFeedback();
    serve();
    showModal();
    const input = await siretInput();
    const hint = /une invitation à s'y inscrire/;
    type(input, UNKNOWN);
    await screen.findByText(/Inconnu du répertoire Sirene/);
    expect(screen.queryByLabelText("E-mail d'invitation")).toBeNull();

    fireEvent.click(screen.getByRole('switch', { name: 'Suivi e-attestation' }));
    expect(await screen.findByLabelText("E-mail d'invitation")).toBeTruthy();
    expect(screen.getByText(hint)).toBeTruthy();

    // onboarded on the platform: nothing to invite
    type(input, KNOWN);
    await waitFor(() => expect((screen.getByLabelText('Nom') as HTMLInputElement).disabled).toBe(true));
    expect(screen.queryByLabelText("E-mail d'invitation")).toBeNull();
    expect(screen.queryByText(hint)).toBeNull();

    // known to the registry but not onboarded: the invitation is offered
    type(input, NOT_ONBOARDED);
    expect(await screen.findByLabelText("E-mail d'invitation")).toBeTruthy();
    expect(screen.getByText(hint)).toBeTruthy();
  });

  it('creates the agency for the preset company with the looked-up number', async () => {
    spyFeedback();
    const fetchMock = serve();
    showModal();
    type(await siretInput(), UNKNOWN);
    await screen.findByText(/Inconnu du répertoire Sirene/);
    type(screen.getByLabelText('Nom'), 'Agence de Pau');
    fireEvent.click(screen.getByRole('button', { name: /Créer/ }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/agency/create')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/agency/create') ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      companyId: 4,
      siret: UNKNOWN,
      name: 'Agence de Pau',
      synchronize: false,
    });
  });

  it('refuses to create before the number was looked up', async () => {
    spyFeedback();
    const fetchMock = serve();
    showModal();
    type(await siretInput(), '8123647');
    type(screen.getByLabelText('Nom'), 'Agence de Pau');
    fireEvent.click(screen.getByRole('button', { name: /Créer/ }));
    expect(await screen.findByText('Le numéro SIRET est invalide (14 chiffres et clé de contrôle).')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });
});
