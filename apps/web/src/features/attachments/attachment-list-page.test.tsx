import type { AttachmentListRow, EntityCode } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { AttachmentListPage } from './attachment-list-page';

const ROW: Partial<AttachmentListRow> = {
  id: 5,
  reference: 'AQF-M2025-2026-00001-A002',
  orderId: 1,
  orderReference: 'AQF-M2025-2026-00001',
  orderName: 'Raccordement lotissement',
  marketId: 2,
  marketEdifice: 'AQF-M2025',
  projectId: 4,
  projectName: 'Bordeaux Métropole',
  contractNumber: 'CT-2025-01',
  clientMarket: 'MC-1',
  clientBdc: 'BDC-1',
  oscarSubProjectName: 'SP-33',
  arcgisName: 'ARC-33',
  nroName: 'NRO-33',
  offerIdPm: 'PM-33',
  imputationEotp: 'EOTP-1',
  oracleProjectName: 'PRJ-ORA',
  oracleTaskName: 'TACHE-1',
  oracleStatus: 'NOT_AVAILABLE',
  followerName: 'Alice Administratrice',
  amount: '800.00',
  nodeId: 21,
  nodeName: 'Brouillon',
  creatorName: 'Sacha Sous-traitant',
};

const FTTH_COLUMNS = ['Sous-projet Oscar', 'Nom ArcGIS', 'NRO', 'PM'];
const COLUMNS = [
  'Référence',
  'Nom de la commande',
  'Contrat de sous-traitance',
  'Projet',
  'Numéro de contrat',
  'Marché client',
  'Commande client',
  'Imputation eOTP',
  'Projet Oracle',
  'Tâche Oracle',
  'Statut Oracle',
  'Suivi par',
  'Montant HT',
  'Statut',
  'Créateur',
];

function serve(hasMyActions: boolean) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/wftoken/my-actions')) {
      return reply(200, { count: hasMyActions ? 1 : 0, hasMyActions });
    }
    if (url.startsWith('/api/attachements')) {
      return reply(200, { content: [ROW], totalElements: 1, summary: { amount: '800.00' } });
    }
    return reply(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function signIn(ftth: boolean, create: EntityCode[] = []) {
  const profile = makeProfile();
  const read: EntityCode[] = ['attachement', 'order', 'subcontractor_market', 'project'];
  setAuth({
    token: 't',
    profile: { ...profile, ftth, role: { ...profile.role, rights: { ...profile.role.rights, read, create } } },
  });
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent ?? '');
const show = () => renderRoutes([{ path: '/sst/attachements', element: <AttachmentListPage /> }], '/sst/attachements');

function listQueries(fetchMock: ReturnType<typeof serve>): URLSearchParams[] {
  return (
    fetchMock.mock.calls
      .map(([url]) => String(url))
      // the pages, not the totals row's own request
      .filter((url) => url.startsWith('/api/attachements') && !url.includes('summary=only'))
      .map((url) => new URL(url, 'http://localhost').searchParams)
  );
}

describe('the attachment list', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('shows every column of the spec, and the Oscar sub-project, ArcGIS name, NRO and PM only to an FTTH profile', async () => {
    spyFeedback();
    serve(false);
    signIn(false);
    show();
    await screen.findByText('Raccordement lotissement', {}, { timeout: 5000 });
    for (const column of COLUMNS) {
      expect(
        headers().some((text) => text.startsWith(column)),
        column,
      ).toBe(true);
    }
    for (const column of FTTH_COLUMNS) {
      expect(
        headers().some((text) => text.startsWith(column)),
        column,
      ).toBe(false);
    }
    expect(screen.queryByText('NRO-33')).toBeNull();
    expect(screen.getByText('Non disponible')).toBeTruthy();
    cleanup();

    signIn(true);
    show();
    await screen.findByText('NRO-33', {}, { timeout: 5000 });
    for (const column of FTTH_COLUMNS) {
      expect(
        headers().some((text) => text.startsWith(column)),
        column,
      ).toBe(true);
    }
  }, 30_000);

  it('links the reference, the order, the market, the project, the workflow node and the detail, and totals the amounts', async () => {
    spyFeedback();
    serve(false);
    signIn(false);
    show();
    const reference = await screen.findByRole('link', { name: 'AQF-M2025-2026-00001-A002' }, { timeout: 5000 });
    expect(reference.getAttribute('href')).toBe('/sst/attachement/5');
    expect(screen.getByRole('link', { name: 'Raccordement lotissement' }).getAttribute('href')).toBe('/sst/order/1');
    expect(screen.getByRole('link', { name: 'AQF-M2025' }).getAttribute('href')).toBe('/sst/market/2');
    expect(screen.getByRole('link', { name: 'Bordeaux Métropole' }).getAttribute('href')).toBe('/project/4');
    expect(screen.getByRole('link', { name: 'Brouillon' }).getAttribute('href')).toBe('/node/21');
    expect(screen.getByRole('link', { name: /Voir l'attachement/ }).getAttribute('href')).toBe('/sst/attachement/5');
    const totals = document.querySelector('.isf-summary-row') as HTMLElement;
    expect(await within(totals).findByText(/800,00\s€/)).toBeTruthy();
  }, 30_000);

  it('opens on My tasks when the user has pending actions, and switches to All and My scope', async () => {
    spyFeedback();
    const fetchMock = serve(true);
    signIn(false);
    show();
    await screen.findByText('Raccordement lotissement', {}, { timeout: 5000 });
    expect(listQueries(fetchMock).map((query) => query.get('filter'))).toEqual(['haveToDo']);
    fireEvent.click(screen.getByText('Tous'));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('filter')).toBe('all'));
    fireEvent.click(screen.getByText('Mon périmètre'));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('filter')).toBe('canDo'));
  }, 30_000);

  it('lists all without pending actions, and offers creation only with the create right', async () => {
    spyFeedback();
    const fetchMock = serve(false);
    signIn(false);
    show();
    await screen.findByText('Raccordement lotissement', {}, { timeout: 5000 });
    expect(listQueries(fetchMock).map((query) => query.get('filter'))).toEqual(['all']);
    expect(screen.queryByText('Mes tâches')).toBeNull();
    expect(screen.queryByRole('button', { name: /Créer/ })).toBeNull();
    cleanup();
    signIn(false, ['attachement']);
    show();
    expect(await screen.findByRole('button', { name: /Créer/ }, { timeout: 5000 })).toBeTruthy();
  }, 30_000);
});
