import type { AgencyLegalReply, LegalFolderDocument } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { AgencyDetailPage } from './agency-detail-page';
import { signInWith } from './agency-testing';

const agency = {
  id: 1,
  version: 3,
  companyId: 2,
  name: 'Câblage Atlantique',
  edifice: null,
  siret: '81238648000010',
  manager: null,
  address: '15 RUE DU PORT, 64100 BAYONNE',
  phone: null,
  mail: null,
  synchronize: true,
  inviteMail: null,
  inThirdParty: true,
  status: 1,
  documentsCompleted: true,
  legalOnboarded: true,
  legalCheckedAt: null,
  invitationSentTo: null,
  invitationSentAt: null,
  company: { id: 2, name: 'Câblage Atlantique SAS' },
};

const document = (code: string, name: string, overrides: Partial<LegalFolderDocument>): LegalFolderDocument => ({
  code,
  name,
  available: true,
  deliveredOn: '2025-09-01',
  expiresOn: '2026-09-01',
  state: 'valid',
  ...overrides,
});

const folder: AgencyLegalReply = {
  synchronize: true,
  siret: agency.siret,
  onboarded: true,
  invited: false,
  checkedAt: '2025-10-20T08:15:00.000Z',
  status: 3,
  documentsCompleted: false,
  categories: [
    {
      code: 'LEGAL',
      name: 'Documents légaux',
      documents: [
        document('KBIS', 'Extrait Kbis de moins de 3 mois', {
          available: false,
          deliveredOn: null,
          expiresOn: null,
          state: 'missing',
        }),
      ],
    },
    {
      code: 'SOCIAL',
      name: 'Obligations sociales',
      documents: [document('ATT_URSSAF', 'Attestation de vigilance URSSAF', { expiresOn: '2025-11-01', state: 'expiring' })],
    },
    {
      code: 'INSURANCE',
      name: 'Assurances',
      documents: [
        document('ATT_RC_PRO', "Attestation d'assurance responsabilité civile professionnelle", {}),
        document('ATT_DECENNALE', "Attestation d'assurance décennale", { expiresOn: '2025-09-30', state: 'expired' }),
      ],
    },
  ],
};

type Answer = { status: number; body: unknown };

function serve(agencyRecord: object, answers: Answer[]) {
  const legalAnswers = [...answers];
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/agency/1/legal') {
      const next = legalAnswers.length > 1 ? legalAnswers.shift() : legalAnswers[0];
      return reply(next?.status ?? 500, next?.body ?? {});
    }
    return reply(200, agencyRecord);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, legalCalls: () => fetchMock.mock.calls.filter(([url]) => url === '/api/agency/1/legal').length };
}

async function openLegalTab() {
  await screen.findByRole('heading', { name: /Agence : / });
  fireEvent.click(screen.getByRole('tab', { name: 'Documents administratifs' }));
}

const icons = (name: string) => screen.queryAllByRole('img', { name, hidden: true });

describe('AgencyLegalTab', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signInWith({ read: ['agency', 'company'] });
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('reads the folder only when opened, shows it by category and refreshes the status and folder icons', async () => {
    spyFeedback();
    const { legalCalls } = serve(agency, [{ status: 200, body: folder }]);
    renderRoutes([{ path: '/sst/agency/:id', element: <AgencyDetailPage /> }], '/sst/agency/1');
    await screen.findByRole('heading', { name: 'Agence : Câblage Atlantique' });
    expect(icons('Conforme').length).toBe(1);
    expect(icons('Documents complets').length).toBe(1);
    expect(legalCalls()).toBe(0);

    await openLegalTab();
    const legal = await screen.findByText('Documents légaux');
    expect(legalCalls()).toBe(1);
    const kbis = (await screen.findByText('Extrait Kbis de moins de 3 mois')).closest('tr') as HTMLElement;
    expect(within(kbis).getByRole('img', { name: 'Non disponible' })).toBeTruthy();
    expect(within(kbis).getByText('Manquant')).toBeTruthy();
    const urssaf = screen.getByText('Attestation de vigilance URSSAF').closest('tr') as HTMLElement;
    expect(within(urssaf).getByRole('img', { name: 'Disponible' })).toBeTruthy();
    expect(within(urssaf).getByText('01/09/2025')).toBeTruthy();
    expect(within(urssaf).getByText('01/11/2025')).toBeTruthy();
    expect(within(urssaf).getByText('Expire bientôt')).toBeTruthy();
    const tenYear = screen.getByText("Attestation d'assurance décennale").closest('tr') as HTMLElement;
    expect(within(tenYear).getByText('Expiré')).toBeTruthy();
    expect(screen.getByText('Valide')).toBeTruthy();
    expect(screen.getByText('Obligations sociales')).toBeTruthy();
    expect(screen.getByText('Assurances')).toBeTruthy();
    expect(legal).toBeTruthy();

    // the Information tab's icons follow the refreshed status: 3 and incomplete documents
    await waitFor(() => expect(icons('Conforme').length).toBe(0));
    expect(icons('En anomalie').length).toBe(2);
    expect(icons('Documents incomplets').length).toBe(2);
    expect(icons('Documents complets').length).toBe(0);
  });

  it('says the follow-up is off without any document', async () => {
    spyFeedback();
    const message =
      "Le suivi e-attestation n'est pas activé pour cette agence : ses documents administratifs ne sont pas suivis.";
    serve({ ...agency, synchronize: false }, [{ status: 200, body: { synchronize: false, message } }]);
    renderRoutes([{ path: '/sst/agency/:id', element: <AgencyDetailPage /> }], '/sst/agency/1');
    await openLegalTab();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText('Documents légaux')).toBeNull();
  });

  it("shows the platform's failure in the tab and reads again on Retry", async () => {
    const feedback = spyFeedback();
    const failure = {
      error: "Le dossier administratif n'a pas pu être lu auprès du service de suivi e-attestation. Réessayez plus tard.",
      detail: 'Le service e-Attestations ne répond pas. Réessayez plus tard.',
    };
    const { legalCalls } = serve(agency, [
      { status: 502, body: failure },
      { status: 200, body: folder },
    ]);
    renderRoutes([{ path: '/sst/agency/:id', element: <AgencyDetailPage /> }], '/sst/agency/1');
    await openLegalTab();
    expect(await screen.findByText(failure.error)).toBeTruthy();
    expect(screen.getByText(failure.detail)).toBeTruthy();
    expect(feedback.alert).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Documents légaux')).toBeTruthy();
    expect(legalCalls()).toBe(2);
  });

  it('warns that the supplier is not onboarded and says where the invitation went', async () => {
    spyFeedback();
    const invited = {
      ...agency,
      legalOnboarded: false,
      inviteMail: 'contact@cablage.example',
      invitationSentTo: 'contact@cablage.example',
      invitationSentAt: '2025-09-01T08:00:00.000Z',
    };
    serve(invited, [{ status: 200, body: { ...folder, onboarded: false, invited: false, categories: [] } }]);
    renderRoutes([{ path: '/sst/agency/:id', element: <AgencyDetailPage /> }], '/sst/agency/1');
    await openLegalTab();
    expect(await screen.findByText(/n'est pas inscrit sur la plate-forme e-attestation/)).toBeTruthy();
    expect(screen.getByText('Invitation envoyée à contact@cablage.example le 01/09/2025.')).toBeTruthy();
    expect(screen.getByText('Aucun document demandé pour le moment.')).toBeTruthy();
  });
});
