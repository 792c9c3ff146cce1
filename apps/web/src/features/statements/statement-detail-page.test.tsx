import {
  STATEMENT_CONFIRM_PAID,
  STATEMENT_CONFIRM_REMOVE_ATTACHMENT,
  type StatementAttachmentRow,
  type StatementDetailRecord,
} from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../app/auth-store';
import { renderRoutes, reply, spyFeedback } from '../../app/testing';
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
