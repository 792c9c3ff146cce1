import {
  STATEMENT_CONFIRM_PAID,
  STATEMENT_CONFIRM_REMOVE_ATTACHMENT,
  STATEMENT_CONFIRM_REMOVE_RELEASE,
  type StatementAttachmentRow,
  type StatementDetailRecord,
  type StatementRelease,
  type StatementReleaseCandidateRow,
} from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { StatementDetailPage } from './statement-detail-page';
import { signInWith } from './statement-test-data';

function record(overrides: Partial<StatementDetailRecord> = {}): StatementDetailRecord {
  return {
    id: 17,
    version: 2,
    date: '2026-03-31',
    status: 'unpaid',
    sapReference: 'SAP-2026-03',
    theoreticalPaymentDate: '2026-04-30',
    paidAt: null,
    locked: false,
    depositAmount: null,
    depositReleaseDate: null,
    market: {
      id: 3,
      edifice: 'AQF-M2025',
      agency: 4,
      agencyName: 'Agence de Pau',
      project: 5,
      projectName: 'Bordeaux Métropole',
      tva: 'basic',
      reverseCharge: false,
      paymentTypeName: 'Virement',
      sapReference: null,
    },
    totalAmount: '2400.00',
    rgamount: '120.00',
    depositUsed: '300.00',
    totalAmountWithoutRG: '1980.00',
    rgToRelease: '0.00',
    rgreleased: '50.00',
    totalAmountWithReleasedRG: '2030.00',
    tvaRate: '20',
    tvaamount: '406.00',
    totalAmountTTC: '2436.00',
    negative: false,
    releasedAttachments: [],
    attachementCount: 1,
    creatorName: 'Claude Comptable',
    createdAt: '2026-03-31T08:00:00.000Z',
    ...overrides,
  };
}

const ATTACHMENT: StatementAttachmentRow = {
  id: 40,
  reference: 'AQF-M2025-2026-00004-A001',
  orderId: 9,
  orderReference: 'AQF-M2025-2026-00004',
  amount: '2400.00',
  totalRg: '120.00',
  depositUsed: '300.00',
  nodeName: 'Validé',
  nodeCode: 'att_validated',
  oracleStatus: 'NOT_AVAILABLE',
};

function serve(statement: StatementDetailRecord, paidStatus = 200) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/situation/17/paid') {
      return paidStatus === 200
        ? reply(200, { success: true, record: record({ paidAt: '2026-05-02T09:00:00.000Z', locked: true, status: 'paid' }) })
        : reply(paidStatus, { error: 'Paiement bloqué : RG non validée.', detail: 'Paiement bloqué : RG non validée.' });
    }
    if (url === '/api/situation/17/attachement/40' && init?.method === 'DELETE') {
      return reply(200, { success: true, record: record({ attachementCount: 0 }) });
    }
    if (url === '/api/situation/17/attachements') {
      return reply(200, [ATTACHMENT]);
    }
    if (url === '/api/situation/17') {
      return reply(200, statement);
    }
    return reply(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const RELEASE: StatementRelease = {
  id: 41,
  reference: 'AQF-M2025-2026-00004-A002',
  orderId: 9,
  orderReference: 'AQF-M2025-2026-00004',
  rgReleaseDate: '2026-02-28',
  rgReleased: '75.40',
  validated: true,
  paid: false,
};

const CANDIDATE: StatementReleaseCandidateRow = {
  id: 52,
  reference: 'AQF-M2025-2026-00007-A001',
  orderId: 11,
  orderReference: 'AQF-M2025-2026-00007',
  totalRg: '33.10',
  rgReleaseDate: '2026-03-15',
  nodeName: 'Validé',
};

/** The statement with one RG release, its candidates, and the release routes answering with new figures. */
function serveReleases(statement: StatementDetailRecord) {
  let releases = [RELEASE];
  let current = statement;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/situation/17/rg' && init?.method === 'POST') {
      releases = [...releases, { ...RELEASE, id: CANDIDATE.id, reference: CANDIDATE.reference, rgReleased: CANDIDATE.totalRg }];
      current = { ...current, rgreleased: '108.50' };
      return reply(200, { success: true, record: current });
    }
    if (url === '/api/situation/17/attachement/41/rg' && init?.method === 'DELETE') {
      releases = releases.filter((row) => row.id !== RELEASE.id);
      current = { ...current, rgreleased: '0.00' };
      return reply(200, { success: true, record: current });
    }
    if (url.startsWith('/api/situation/17/rgreleases/candidates')) {
      return reply(200, { content: [CANDIDATE], totalElements: 1 });
    }
    if (url === '/api/situation/17/rgreleases') {
      return reply(200, releases);
    }
    if (url === '/api/situation/17') {
      return reply(200, current);
    }
    return reply(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const show = () => renderRoutes([{ path: '/sst/situation/:id', element: <StatementDetailPage /> }], '/sst/situation/17');
const calls = (fetchMock: ReturnType<typeof serve>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === method).map(([url]) => String(url));

describe('the monthly statement detail', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('shows the market links, the figures and the attachments, and marks paid after a confirmation', async () => {
    const feedback = spyFeedback();
    const fetchMock = serve(record());
    signInWith({ read: ['monthly_statement', 'subcontractor_market', 'attachement', 'order'], update: ['monthly_statement'] });
    show();
    expect(await screen.findByText('Situation n° 17 du 31/03/2026', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('AQF-M2025').closest('a')?.getAttribute('href')).toBe('/sst/market/3');
    expect(screen.getByText(/2\s436,00\s€/)).toBeTruthy();
    expect(screen.getByText('TVA 20 % (€)')).toBeTruthy();
    const attachment = (await screen.findByText(ATTACHMENT.reference)).closest('a') as HTMLElement;
    expect(attachment.getAttribute('href')).toBe('/sst/attachement/40');
    expect(screen.queryByText('Annuler le paiement')).toBeNull();

    fireEvent.click(screen.getByText('Marquer comme payée'));
    await waitFor(() => expect(calls(fetchMock, 'POST')).toContain('/api/situation/17/paid'));
    expect(feedback.confirm).toHaveBeenCalledWith({ content: STATEMENT_CONFIRM_PAID });

    const row = attachment.closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByLabelText(`Retirer l'attachement ${ATTACHMENT.reference}`));
    await waitFor(() => expect(calls(fetchMock, 'DELETE')).toContain('/api/situation/17/attachement/40'));
    expect(feedback.confirm).toHaveBeenCalledWith({ content: STATEMENT_CONFIRM_REMOVE_ATTACHMENT });
  }, 60_000);

  it('shows the invoiced attachments paid once the statement is marked paid, and reads its RG releases again, without a reload of the page', async () => {
    spyFeedback();
    let paid = false;
    const paidRecord = () => record({ paidAt: '2026-05-02T09:00:00.000Z', locked: true, status: 'paid' });
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/situation/17/paid') {
        paid = true;
        return reply(200, { success: true, record: paidRecord() });
      }
      if (url === '/api/situation/17/attachements') {
        return reply(200, [paid ? { ...ATTACHMENT, nodeName: 'Payé', nodeCode: 'att_paid' } : ATTACHMENT]);
      }
      if (url === '/api/situation/17') {
        return reply(200, paid ? paidRecord() : record());
      }
      return reply(200, []);
    });
    vi.stubGlobal('fetch', fetchMock);
    signInWith({ read: ['monthly_statement', 'subcontractor_market', 'attachement', 'order'], update: ['monthly_statement'] });
    show();
    const row = (await screen.findByText(ATTACHMENT.reference, {}, { timeout: 5000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Validé')).toBeTruthy();
    const releaseReads = () => fetchMock.mock.calls.filter(([url]) => url === '/api/situation/17/rgreleases').length;
    await waitFor(() => expect(releaseReads()).toBeGreaterThan(0));
    const releaseReadsBefore = releaseReads();
    fireEvent.click(screen.getByText('Marquer comme payée'));
    await waitFor(() =>
      expect(within(screen.getByText(ATTACHMENT.reference).closest('tr') as HTMLElement).getByText('Payé')).toBeTruthy(),
    );
    await waitFor(() => expect(releaseReads()).toBeGreaterThan(releaseReadsBefore));
    // the record is read again: paid, it no longer offers the payment
    await waitFor(() => expect(screen.queryByText('Marquer comme payée')).toBeNull());
  }, 60_000);

  it('lists the RG released, releases one picked among the candidates and removes one with the option, refreshing the figures', async () => {
    const feedback = spyFeedback();
    const fetchMock = serveReleases(record({ rgreleased: '75.40' }));
    signInWith({ read: ['monthly_statement', 'attachement', 'order'], update: ['monthly_statement'] }, [
      'monthly_statements.can_dangerously_revert_paid',
    ]);
    show();
    expect(await screen.findByText('RG libérées', {}, { timeout: 5000 })).toBeTruthy();
    const released = (await screen.findByText(RELEASE.reference)).closest('a') as HTMLElement;
    expect(released.getAttribute('href')).toBe('/sst/attachement/41');
    const row = released.closest('tr') as HTMLElement;
    expect(within(row).getByText(RELEASE.orderReference).closest('a')?.getAttribute('href')).toBe('/sst/order/9');
    expect(within(row).getByText(/75,40\s€/)).toBeTruthy();
    const figureReads = () => fetchMock.mock.calls.filter(([url]) => url === '/api/situation/17').length;

    // release: the picker lists the candidates of the statement, a click records it, the figures are read again
    fireEvent.click(screen.getByText('Libérer des RG'));
    const candidate = await screen.findByText(CANDIDATE.reference, {}, { timeout: 5000 });
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/situation/17/rgreleases/candidates'))).toBe(true);
    const readsBefore = figureReads();
    fireEvent.click(candidate);
    await waitFor(() => expect(calls(fetchMock, 'POST')).toContain('/api/situation/17/rg'));
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/situation/17/rg' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual([CANDIDATE.id]);
    await waitFor(() => expect(figureReads()).toBeGreaterThan(readsBefore));
    expect(await screen.findByText(/108,50\s€/)).toBeTruthy();
    expect((await screen.findAllByText(CANDIDATE.reference)).length).toBeGreaterThan(0);

    // removal: after the confirmation, then the figures again
    const readsBeforeRemoval = figureReads();
    fireEvent.click(screen.getByLabelText(`Retirer la libération de RG de ${RELEASE.reference}`));
    await waitFor(() => expect(calls(fetchMock, 'DELETE')).toContain('/api/situation/17/attachement/41/rg'));
    expect(feedback.confirm).toHaveBeenCalledWith({ content: STATEMENT_CONFIRM_REMOVE_RELEASE });
    await waitFor(() => expect(figureReads()).toBeGreaterThan(readsBeforeRemoval));
    await waitFor(() => expect(screen.queryByText(RELEASE.reference)).toBeNull());
  }, 60_000);

  it('offers neither release nor removal without the update right and the option, nor on a paid statement', async () => {
    serveReleases(record());
    signInWith({ read: ['monthly_statement', 'attachement', 'order'] });
    show();
    expect(await screen.findByText(RELEASE.reference, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Libérer des RG')).toBeNull();
    expect(screen.queryByLabelText(`Retirer la libération de RG de ${RELEASE.reference}`)).toBeNull();
    cleanup();

    serveReleases(record({ paidAt: '2026-05-02T09:00:00.000Z', locked: true, status: 'paid' }));
    signInWith({ read: ['monthly_statement', 'attachement', 'order'], update: ['monthly_statement'] }, [
      'monthly_statements.can_dangerously_revert_paid',
    ]);
    show();
    expect(await screen.findByText(RELEASE.reference, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Libérer des RG')).toBeNull();
    expect(screen.queryByLabelText(`Retirer la libération de RG de ${RELEASE.reference}`)).toBeNull();
  }, 60_000);

  it('says why the payment is refused, and offers Cancel payment on a paid statement only with the option', async () => {
    const feedback = spyFeedback();
    serve(record(), 422);
    signInWith({ read: ['monthly_statement'], update: ['monthly_statement'] });
    show();
    fireEvent.click(await screen.findByText('Marquer comme payée', {}, { timeout: 5000 }));
    await waitFor(() => expect(feedback.warning).toHaveBeenCalledWith('Paiement bloqué : RG non validée.'));
    cleanup();

    const paid = record({ paidAt: '2026-05-02T09:00:00.000Z', locked: true, status: 'paid' });
    serve(paid);
    signInWith({ read: ['monthly_statement'], update: ['monthly_statement'] });
    show();
    expect(await screen.findByText('Payée (verrouillée)', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Marquer comme payée')).toBeNull();
    expect(screen.queryByText('Annuler le paiement')).toBeNull();
    expect(screen.queryByText('Ajouter un attachement')).toBeNull();
    cleanup();

    serve(paid);
    signInWith({ read: ['monthly_statement'], update: ['monthly_statement'] }, [
      'monthly_statements.can_dangerously_revert_paid',
    ]);
    show();
    expect(await screen.findByText('Annuler le paiement', {}, { timeout: 5000 })).toBeTruthy();
  }, 60_000);
});
