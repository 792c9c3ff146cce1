import { type EntityCode, NO_IMPUTATION_SELECTED_MESSAGE, type OracleImputationRow, type RgWarrantyRow } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { OracleImputationListPage } from './oracle-imputation-list-page';
import { RgWarrantyListPage } from './rg-warranty-list-page';

const IMPUTATION: OracleImputationRow = {
  id: 7,
  eotp: 'EOTP-33-001',
  prestationType: 'Travaux',
  projectNumber: 'PRJ-33-FTTH-2022',
  organization: 'DR Sud-Ouest',
  taskNumber: '2.0',
  imputationId: 3,
  imputation: 'Gironde lot 1',
  oracleProjectId: 4,
  oracleProjectName: 'FTTH Gironde',
  oracleProjectNumber: 'PRJ-33-FTTH-2022',
  oracleTaskName: 'Génie civil',
  syncStatus: 'SYNCED',
  syncMessage: null,
  syncedAt: '2026-11-26T10:00:00Z',
  orderCount: 2,
};

const WARRANTY: RgWarrantyRow = {
  id: 12,
  warrantyId: 12,
  attachmentId: 40,
  attachmentReference: 'ED-2026-00001-A001',
  orderId: 31,
  orderName: 'Raccordement rue des Lilas',
  orderReference: 'ED-2026-00001',
  statementId: 5,
  amount: '56.53',
  status: 'PROCESSING',
  statusReason: null,
  invoiceNumber: 'ISF-RG-A40',
  erpInvoiceId: null,
  updatedAt: '2026-11-26T10:00:00Z',
};

function signIn(rights: Partial<Record<'create' | 'read' | 'update' | 'delete', EntityCode[]>>) {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: {
      ...profile,
      role: { ...profile.role, rights: { create: [], read: [], update: [], delete: [], ...rights } },
    },
  });
}

function serve(handlers: Record<string, (init?: RequestInit) => Response>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    const handler = handlers[key];
    return handler ? handler(init) : reply(200, { content: [], totalElements: 0 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setAuth({ token: null, profile: null });
});

describe('the ERP imputations screen', () => {
  it('shows the four numbered steps with their banners, the list, and runs a step', async () => {
    const feedback = spyFeedback();
    const fetchMock = serve({
      'GET /api/oracle/imputations': () => reply(200, { content: [IMPUTATION], totalElements: 1 }),
      'POST /api/oracle/imputations/sync': () => reply(200, { success: true, synced: 3, projectNotFound: 1, taskNotFound: 0 }),
      'POST /api/oracle/imputations/sendorders': () =>
        reply(200, {
          success: true,
          queued: 1,
          skipped: [{ orderId: 9, reason: 'Seule une commande validée par le sous-traitant peut être envoyée à Oracle.' }],
        }),
      'POST /api/oracle/imputations/bindorders': () =>
        reply(422, { error: "Aucune imputation synchronisée : lancez d'abord la synchronisation (étape 2)." }),
    });
    signIn({ create: ['oracle_imputation'], read: ['oracle_imputation'], delete: ['oracle_imputation'] });
    renderRoutes([{ path: '/oracleimputations', element: <OracleImputationListPage /> }], '/oracleimputations');
    expect(await screen.findByText('EOTP-33-001')).toBeTruthy();
    for (const [number, title] of [
      [1, '1. Importer'],
      [2, '2. Synchroniser'],
      [3, '3. Rattacher les commandes'],
      [4, '4. Envoyer les commandes'],
    ] as const) {
      const step = screen.getByTestId(`imputation-step-${number}`);
      expect(within(step).getByText(title)).toBeTruthy();
      expect(within(step).getByRole('alert')).toBeTruthy();
    }
    expect(screen.getByText('PRJ-33-FTTH-2022 — FTTH Gironde')).toBeTruthy();
    expect(screen.getByText('Synchronisée')).toBeTruthy();
    // the import's upload and the list's download
    expect(screen.getAllByRole('button', { name: /CSV/ }).length).toBe(2);

    fireEvent.click(within(screen.getByTestId('imputation-step-2')).getByRole('button', { name: /Synchroniser/ }));
    await waitFor(() =>
      expect(feedback.success).toHaveBeenCalledWith(
        'Synchronisation terminée : 3 imputation(s) synchronisée(s), 1 projet(s) introuvable(s), 0 tâche(s) introuvable(s).',
      ),
    );
    fireEvent.click(within(screen.getByTestId('imputation-step-3')).getByRole('button', { name: /Rattacher/ }));
    await waitFor(() =>
      expect(feedback.warning).toHaveBeenCalledWith(
        "Aucune imputation synchronisée : lancez d'abord la synchronisation (étape 2).",
      ),
    );
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/oracle/imputations/sync' && init?.method === 'POST')).toBe(
      true,
    );
  });

  it('warns "Aucune imputation sélectionnée" on a removal without selection, and removes the selected rows after confirmation', async () => {
    const feedback = spyFeedback();
    feedback.confirm.mockResolvedValue(true);
    const fetchMock = serve({
      'GET /api/oracle/imputations': () => reply(200, { content: [IMPUTATION], totalElements: 1 }),
      'DELETE /api/oracle/imputations': () => reply(200, { success: true, removed: 1 }),
    });
    signIn({ read: ['oracle_imputation'], delete: ['oracle_imputation'] });
    renderRoutes([{ path: '/oracleimputations', element: <OracleImputationListPage /> }], '/oracleimputations');
    const row = (await screen.findByText('EOTP-33-001')).closest('tr') as HTMLElement;
    // without the create right the steps cannot run
    expect((within(screen.getByTestId('imputation-step-2')).getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Retirer de la liste/ }));
    expect(feedback.warning).toHaveBeenCalledWith(NO_IMPUTATION_SELECTED_MESSAGE);
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /Retirer de la liste/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('1 imputation(s) retirée(s) de la liste.'));
    const removal = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(JSON.parse(String(removal?.[1]?.body))).toEqual({ ids: [7] });
  });
});

describe('the ERP retention warranties screen', () => {
  it('lists the warranties and marks one as success with its invoice name (required)', async () => {
    spyFeedback();
    const fetchMock = serve({
      'GET /api/oracle/rg-warranties': () => reply(200, { content: [WARRANTY], totalElements: 1, summary: { amount: '56.53' } }),
      'POST /api/oracle/rg-warranties/12/success': () => reply(200, { success: true }),
    });
    signIn({ read: ['warranty', 'order', 'attachement', 'monthly_statement'], update: ['warranty'] });
    renderRoutes([{ path: '/release-rg-warranties', element: <RgWarrantyListPage /> }], '/release-rg-warranties');
    const row = (await screen.findByText('Raccordement rue des Lilas')).closest('tr') as HTMLElement;
    expect(within(row).getByText('En cours')).toBeTruthy();
    expect((within(row).getByRole('button', { name: 'Remettre en traitement' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(row).getByRole('button', { name: 'Marquer en succès' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marquer en succès' }));
    // the modal checks with the contract's schema before sending
    expect(await within(dialog).findByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/oracle/rg-warranties/12/success')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Nom de la facture'), { target: { value: ' FAC-2026-0042 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marquer en succès' }));
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(([url]) => url === '/api/oracle/rg-warranties/12/success');
      expect(JSON.parse(String(call?.[1]?.body))).toEqual({ statusReason: 'FAC-2026-0042' });
    });
  });

  it('sends a warranty in error back to processing after the confirmation, and shows no action without the update right', async () => {
    const feedback = spyFeedback();
    feedback.confirm.mockResolvedValue(true);
    const fetchMock = serve({
      'GET /api/oracle/rg-warranties': () =>
        reply(200, { content: [{ ...WARRANTY, status: 'ERROR', statusReason: 'Fournisseur bloqué' }], totalElements: 1 }),
      'POST /api/oracle/rg-warranties/12/processing': () => reply(200, { success: true }),
    });
    signIn({ read: ['warranty'], update: ['warranty'] });
    renderRoutes([{ path: '/release-rg-warranties', element: <RgWarrantyListPage /> }], '/release-rg-warranties');
    const row = (await screen.findByText('Fournisseur bloqué')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Remettre en traitement' }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Garantie remise en traitement.'));
    expect(feedback.confirm).toHaveBeenCalled();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/oracle/rg-warranties/12/processing')).toBe(true);
    cleanup();
    signIn({ read: ['warranty'] });
    renderRoutes([{ path: '/release-rg-warranties', element: <RgWarrantyListPage /> }], '/release-rg-warranties');
    await screen.findByText('Fournisseur bloqué');
    expect(screen.queryByRole('button', { name: 'Remettre en traitement' })).toBeNull();
  });
});
