import type { StatementDetailRecord, StatementInvoiceCandidateRow } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAuth, setAuth } from '../../lib/auth-store';
import { renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { StatementDetailPage } from './statement-detail-page';
import { signInWith } from './statement-test-data';

/** Issue 11 item 4: the detail's gaps (add-attachments panel fed by agencyattachements, …). */

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
    totalAmount: '0.00',
    rgamount: '0.00',
    depositUsed: '0.00',
    totalAmountWithoutRG: '0.00',
    rgToRelease: '0.00',
    rgreleased: '0.00',
    totalAmountWithReleasedRG: '0.00',
    tvaRate: '20',
    tvaamount: '0.00',
    totalAmountTTC: '0.00',
    negative: false,
    releasedAttachments: [],
    attachementCount: 0,
    creatorName: 'Claude Comptable',
    createdAt: '2026-03-31T08:00:00.000Z',
    ...overrides,
  };
}

const CANDIDATE: StatementInvoiceCandidateRow = {
  id: 61,
  reference: 'AQF-M2025-2026-00009-A003',
  orderId: 12,
  orderReference: 'AQF-M2025-2026-00009',
  amount: '812.30',
  totalRg: '40.62',
  depositUsed: '0.00',
  nodeName: 'Validé',
};

type Handler = (url: string, init?: RequestInit) => Response | undefined;

function serve(statement: StatementDetailRecord, handler: Handler = () => undefined) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const handled = handler(url, init);
    if (handled) {
      return handled;
    }
    if (url.startsWith('/api/situation/17/agencyattachements')) {
      return reply(200, { content: [CANDIDATE], totalElements: 1 });
    }
    if (url === '/api/situation/17/attachement' && init?.method === 'POST') {
      return reply(200, { success: true, record: statement });
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

describe('the monthly statement detail: gaps of issue 11', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it("shows and takes the statement's dates dd/mm/yyyy whatever the browser's language, and saves ISO dates", async () => {
    spyFeedback();
    const fetchMock = serve(record(), (url, init) =>
      url === '/api/situation/17' && init?.method === 'PUT'
        ? reply(200, { success: true, id: 17, record: record({ theoreticalPaymentDate: '2026-05-15' }) })
        : undefined,
    );
    signInWith({ read: ['monthly_statement'], update: ['monthly_statement'] });
    show();
    fireEvent.click(await screen.findByRole('button', { name: /Modifier$/ }, { timeout: 20_000 }));
    const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
    await waitFor(() => expect(field('Date').disabled).toBe(false));
    expect(field('Date').value).toBe('31/03/2026');
    expect(field('Date théorique de paiement').value).toBe('30/04/2026');
    expect(field("Date de libération de l'avance").value).toBe('');
    const payment = field('Date théorique de paiement');
    fireEvent.mouseDown(payment);
    fireEvent.change(payment, { target: { value: '15/05/2026' } });
    fireEvent.keyDown(payment, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(payment.value).toBe('15/05/2026'));
    fireEvent.click(screen.getByRole('button', { name: /Enregistrer$/ }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/situation/17' && init?.method === 'PUT')).toBe(true),
    );
    const put = fetchMock.mock.calls.find(([url, init]) => url === '/api/situation/17' && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
      date: '2026-03-31',
      theoreticalPaymentDate: '2026-05-15',
      depositReleaseDate: null,
    });
  }, 180_000);

  it('adds an attachment picked among what GET /situation/{id}/agencyattachements offers', async () => {
    spyFeedback();
    const fetchMock = serve(record());
    signInWith({ read: ['monthly_statement', 'attachement', 'order'], update: ['monthly_statement'] });
    show();
    fireEvent.click(await screen.findByText('Ajouter un attachement', {}, { timeout: 20_000 }));
    const candidate = await screen.findByText(CANDIDATE.reference, {}, { timeout: 20_000 });
    const reads = fetchMock.mock.calls.map(([url]) => String(url));
    expect(reads.some((url) => url.startsWith('/api/situation/17/agencyattachements'))).toBe(true);
    expect(reads.some((url) => url.startsWith('/api/attachements'))).toBe(false);
    expect(screen.getByText(/812,30\s€/)).toBeTruthy();
    fireEvent.click(candidate);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/situation/17/attachement' && init?.method === 'POST')).toBe(
        true,
      ),
    );
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/situation/17/attachement' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual([CANDIDATE.id]);
  }, 180_000);

  const DOCUMENT = {
    id: 90,
    version: 1,
    filename: 'bdc-client.pdf',
    comment: null,
    size: 2048,
    createdAt: '2026-04-01T08:00:00.000Z',
    typeId: 1,
    typeName: 'Bon de commande',
    statusWF: null,
  };
  const withDocuments: Handler = (url) =>
    url.startsWith('/api/documents?')
      ? reply(200, [DOCUMENT])
      : url.startsWith('/api/documenttype')
        ? reply(200, { content: [], totalElements: 0 })
        : undefined;

  it('shows a Documents tab with the shared document manager: removal while unpaid only, none without the document right', async () => {
    spyFeedback();
    const fetchMock = serve(record(), withDocuments);
    signInWithDocumentRights(false);
    show();
    fireEvent.click(await screen.findByRole('tab', { name: 'Documents' }, { timeout: 20_000 }));
    expect(await screen.findByText(DOCUMENT.filename, {}, { timeout: 20_000 })).toBeTruthy();
    const read = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.startsWith('/api/documents?'));
    expect(new URL(read ?? '', 'http://x').searchParams.get('entity')).toBe('monthly_statement');
    expect(new URL(read ?? '', 'http://x').searchParams.get('id')).toBe('17');
    expect(screen.getByLabelText(`Supprimer ${DOCUMENT.filename}`)).toBeTruthy();
    cleanup();

    // paid (locked): the document stays, its removal is not offered
    serve(record({ paidAt: '2026-05-02T09:00:00.000Z', locked: true, status: 'paid' }), withDocuments);
    signInWithDocumentRights(false);
    show();
    fireEvent.click(await screen.findByRole('tab', { name: 'Documents' }, { timeout: 20_000 }));
    expect(await screen.findByText(DOCUMENT.filename, {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByLabelText(`Supprimer ${DOCUMENT.filename}`)).toBeNull();
    cleanup();

    // without the document read right: no tab
    serve(record(), withDocuments);
    signInWithDocumentRights(true);
    show();
    expect(await screen.findByText('Situation n° 17 du 31/03/2026', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Documents' })).toBeNull();
  }, 180_000);

  it('changes the release date of a released RG with the option only, then reads the releases again', async () => {
    const feedback = spyFeedback();
    const release = {
      id: 41,
      reference: 'AQF-M2025-2026-00004-A002',
      orderId: 9,
      orderReference: 'AQF-M2025-2026-00004',
      rgReleaseDate: '2026-02-28',
      rgReleased: '75.40',
      validated: true,
      paid: true,
    };
    let current = release;
    const fetchMock = serve(record({ paidAt: '2026-05-02T09:00:00.000Z', locked: true, status: 'paid' }), (url, init) => {
      if (url === '/api/attachement/41/warranties/releaseDate' && init?.method === 'PUT') {
        current = { ...release, rgReleaseDate: '2026-09-30' };
        return reply(200, { success: true, message: 'Date de libération modifiée avec succès', record: {} });
      }
      return url === '/api/situation/17/rgreleases' ? reply(200, [current]) : undefined;
    });
    signInWith({ read: ['monthly_statement', 'attachement', 'order'] }, ['monthly_statements.can_dangerously_revert_paid']);
    show();
    const label = `Modifier la date de libération de la RG de ${release.reference}`;
    fireEvent.click(await screen.findByLabelText(label, {}, { timeout: 20_000 }));
    const input = (await screen.findByLabelText('Libération de la RG', { selector: 'input' })) as HTMLInputElement;
    // the date reads and is typed dd/mm/yyyy, whatever the browser's language
    expect(input.value).toBe('28/02/2026');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '30/09/2026' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(input.value).toBe('30/09/2026'));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Date de libération modifiée avec succès'));
    const put = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/attachement/41/warranties/releaseDate' && init?.method === 'PUT',
    );
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ releaseDate: '2026-09-30' });
    expect(await screen.findByText('30/09/2026')).toBeTruthy();
    cleanup();

    serve(record(), (url) => (url === '/api/situation/17/rgreleases' ? reply(200, [release]) : undefined));
    signInWith({ read: ['monthly_statement', 'attachement', 'order'], update: ['monthly_statement'] });
    show();
    expect(await screen.findByText(release.reference, {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByLabelText(label)).toBeNull();
  }, 180_000);
});

/** Rights of the Documents tab tests: the statement read and updated, documents read, added and deleted (or none). */
function signInWithDocumentRights(withoutDocuments: boolean) {
  signInWith({
    read: withoutDocuments ? ['monthly_statement'] : ['monthly_statement', 'document'],
    update: ['monthly_statement'],
    create: withoutDocuments ? [] : ['document'],
  });
  if (!withoutDocuments) {
    const state = getAuth();
    if (state.profile) {
      setAuth({
        ...state,
        profile: {
          ...state.profile,
          role: { ...state.profile.role, rights: { ...state.profile.role.rights, delete: ['document'] } },
        },
      });
    }
  }
}
