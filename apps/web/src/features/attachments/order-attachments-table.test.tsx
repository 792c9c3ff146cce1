import type { OrderAttachmentRow } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { signInWith } from './attachment-test-data';
import { OrderAttachmentsTable } from './order-attachments-table';

const ROW: OrderAttachmentRow = {
  id: 5,
  reference: 'AQF-M2025-2026-00001-A001',
  amount: '1200.00',
  totalRg: '60.00',
  depositUsed: '1140.00',
  rgReleaseDate: '2027-06-30',
  isDGD: false,
  oracleStatus: 'NOT_AVAILABLE',
  createdAt: '2026-01-05T08:00:00.000Z',
  monthlyStatement: null,
  releaseStatements: [],
  statusWF: { nodeId: 24, nodeName: 'Validé', nodeCode: 'att_validated', updatedAt: '2026-01-06T08:00:00.000Z' },
};

function serve(rows: OrderAttachmentRow[] = [ROW]) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST' && url === '/api/attachement') {
      return reply(200, { success: true, id: 42, reference: 'AQF-M2025-2026-00001-A002' });
    }
    if (url === '/api/order/1/attachements') {
      return reply(200, rows);
    }
    if (url === '/api/order/1') {
      return reply(200, { id: 1, lastAttachment: { createdAt: new Date().toISOString() } });
    }
    return reply(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function show(canCreate: boolean) {
  return renderRoutes(
    [
      { path: '/sst/order/:id', element: <OrderAttachmentsTable orderId={1} canCreate={canCreate} /> },
      { path: '/sst/attachement/:id', element: <p>Attachement ouvert</p> },
    ],
    '/sst/order/1',
  );
}

describe("the order's attachments table", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('lists the order’s attachments with their amounts, status, view link and PDF', async () => {
    spyFeedback();
    serve();
    signInWith({ read: ['attachement', 'order'] }, { options: ['serviceorders.edit_financial_info'] });
    show(false);
    const row = (await screen.findByRole('link', { name: ROW.reference })).closest('tr') as HTMLElement;
    expect(within(row).getByText(/1\s200,00\s€/)).toBeTruthy();
    expect(within(row).getByText(/60,00\s€/)).toBeTruthy();
    expect(within(row).getByText(/1\s140,00\s€/)).toBeTruthy();
    expect(within(row).getByText('—')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Validé' }).getAttribute('href')).toBe('/node/24');
    expect(
      within(row)
        .getByRole('link', { name: /Voir l'attachement/ })
        .getAttribute('href'),
    ).toBe('/sst/attachement/5');
    expect(within(row).getByRole('button', { name: /PDF de l'attachement/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Nouvel attachement/ })).toBeNull();
  }, 30_000);

  it('links the statements releasing the RG (release situation links), by their date', async () => {
    spyFeedback();
    serve([
      {
        ...ROW,
        releaseStatements: [
          { id: 12, date: '2026-04-30' },
          { id: 15, date: '2026-06-30' },
        ],
      },
    ]);
    signInWith({ read: ['attachement', 'order', 'monthly_statement'] });
    show(false);
    const row = (await screen.findByRole('link', { name: ROW.reference })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: '30/04/2026' }).getAttribute('href')).toBe('/sst/situation/12');
    expect(within(row).getByRole('link', { name: '30/06/2026' }).getAttribute('href')).toBe('/sst/situation/15');
    expect(within(row).queryByText('—')).toBeNull();
    cleanup();

    // without the read right on statements: the restricted link, no navigation
    serve([{ ...ROW, releaseStatements: [{ id: 12, date: '2026-04-30' }] }]);
    signInWith({ read: ['attachement', 'order'] });
    show(false);
    const restricted = (await screen.findByRole('link', { name: ROW.reference })).closest('tr') as HTMLElement;
    expect(within(restricted).queryByRole('link', { name: '30/04/2026' })).toBeNull();
    expect(within(restricted).getByRole('button', { name: /30\/04\/2026/ })).toBeTruthy();
  }, 30_000);

  it('creates an attachment of the order after the repeat confirmation and opens it', async () => {
    const feedback = spyFeedback();
    const fetchMock = serve();
    signInWith({ read: ['attachement', 'order'], create: ['attachement'] });
    const router = show(true);
    fireEvent.click(await screen.findByRole('button', { name: /Nouvel attachement/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Commande')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sst/attachement/42'));
    expect(feedback.confirm).toHaveBeenCalledTimes(1);
    const post = fetchMock.mock.calls.find(([url, init]) => init?.method === 'POST' && url === '/api/attachement');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ order: 1, observation: null, isDGD: false });
  }, 30_000);
});
