import { DEPOSIT_AMOUNT_REQUIRED_MESSAGE, DEPOSIT_NOT_APPLICABLE_MESSAGE, type DepositRow, type EntityCode } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { formatMoney } from '../../lib/i18n';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { DepositListPage } from './deposit-list-page';

const ROW: DepositRow = {
  id: 12,
  version: 3,
  reference: 'AV-2026-001',
  amount: '1500.00',
  depositUsed: '1130.50',
  remaining: '369.50',
  reimbursementDate: '2026-12-31',
  createdAt: '2026-01-05T10:00:00Z',
  marketId: 3,
  marketEdifice: 'AQF-M2025',
  projectId: 5,
  projectName: 'Bordeaux FTTH',
  agencyId: 4,
  agencyName: 'Agence Gironde',
  orderId: null,
  orderReference: null,
  depositType: 'basic',
};

function serve(rows: DepositRow[] = [ROW]) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/deposit/12/attachements')) {
      return reply(200, [
        {
          attachment: 40,
          reference: 'AQF-M2025-2026-00004-A001',
          order: 9,
          orderReference: 'AQF-M2025-2026-00004',
          amount: '1130.50',
          createdAt: '2026-02-01T08:00:00Z',
        },
      ]);
    }
    if (url.startsWith('/api/deposit/12') && init?.method === 'PUT') {
      return reply(200, { success: true, id: 12, record: ROW });
    }
    if (url.startsWith('/api/deposit')) {
      return reply(200, {
        content: rows,
        totalElements: rows.length,
        summary: { amount: '1500.00', depositUsed: '1130.50', remaining: '369.50' },
      });
    }
    return reply(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function signIn(update: boolean, options: string[]) {
  const profile = makeProfile();
  const read: EntityCode[] = ['deposit', 'subcontractor_market', 'project', 'attachement', 'order'];
  setAuth({
    token: 't',
    profile: {
      ...profile,
      role: { ...profile.role, options, rights: { ...profile.role.rights, read, update: update ? ['deposit'] : [] } },
    },
  });
}

function show() {
  renderRoutes([{ path: '/sst/deposits', element: <DepositListPage /> }], '/sst/deposits');
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('the deposits list', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('shows market, reference, amount, used, remaining and reimbursement date, newest first, with totals and CSV', async () => {
    spyFeedback();
    const fetchMock = serve();
    signIn(false, []);
    show();
    await screen.findByText('AV-2026-001');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent ?? '');
    for (const title of [
      'Contrat de sous-traitance',
      'Projet',
      'Référence',
      'Montant',
      'Consommé',
      'Restant',
      'Date de remboursement',
    ]) {
      expect(
        headers.some((text) => text.startsWith(title)),
        title,
      ).toBe(true);
    }
    const row = rowOf('AV-2026-001');
    expect(row.textContent).toContain(formatMoney('369.50'));
    expect(row.textContent).toContain('31/12/2026');
    expect(screen.getByText('Toutes les commandes du marché')).toBeTruthy();
    const query = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost').searchParams;
    expect(query.get('sort')).toBe('id,desc');
    expect(query.get('summary')).toBeNull();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('summary=only'))).toBe(true));
    expect(screen.getByRole('button', { name: /CSV/ })).toBeTruthy();
    // no inline edit without the update right and the financial option
    expect(within(row).queryByRole('button', { name: 'Modifier' })).toBeNull();
  });

  it('edits a row inline: amount required, then saves the decimal text with the version', async () => {
    spyFeedback();
    const fetchMock = serve();
    signIn(true, ['serviceorders.edit_financial_info']);
    show();
    await screen.findByText('AV-2026-001');
    fireEvent.click(within(rowOf('AV-2026-001')).getByRole('button', { name: 'Modifier' }));
    const amount = (await screen.findByRole('spinbutton', { name: 'Montant' })) as HTMLInputElement;
    expect(amount.value).toBe('1\u202f500,00');
    // the reimbursement date reads dd/mm/yyyy, whatever the browser's language, and is saved as the ISO date
    expect((screen.getByLabelText('Date de remboursement', { selector: 'input' }) as HTMLInputElement).value).toBe('31/12/2026');
    fireEvent.change(amount, { target: { value: '' } });
    fireEvent.blur(amount);
    fireEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    expect(await screen.findByText(DEPOSIT_AMOUNT_REQUIRED_MESSAGE)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(false);

    fireEvent.change(amount, { target: { value: '1600,5' } });
    fireEvent.blur(amount);
    fireEvent.change(screen.getByRole('textbox', { name: 'Référence' }), { target: { value: 'AV-2026-001-B' } });
    fireEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(true),
    );
    const [url, init] = fetchMock.mock.calls.find(([, call]) => (call as RequestInit | undefined)?.method === 'PUT') ?? [];
    expect(url).toBe('/api/deposit/12');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      reference: 'AV-2026-001-B',
      amount: '1600.5',
      reimbursementDate: '2026-12-31',
      version: 3,
    });
  }, 60_000);

  it('disables the edit of a deposit whose retention type is not applicable, and says why', async () => {
    spyFeedback();
    serve([{ ...ROW, depositType: 'notApplicable' }]);
    signIn(true, ['serviceorders.edit_financial_info']);
    show();
    await screen.findByText('AV-2026-001');
    const edit = within(rowOf('AV-2026-001')).getByRole('button', { name: 'Modifier' }) as HTMLButtonElement;
    expect(edit.disabled).toBe(true);
    fireEvent.mouseEnter(edit.parentElement as HTMLElement);
    expect(await screen.findByText(DEPOSIT_NOT_APPLICABLE_MESSAGE)).toBeTruthy();
  });

  it('opens the usage map: which attachments consumed the deposit, and how much', async () => {
    spyFeedback();
    serve();
    signIn(false, []);
    show();
    await screen.findByText('AV-2026-001');
    fireEvent.click(within(rowOf('AV-2026-001')).getByRole('button', { name: 'Attachements' }));
    expect(await screen.findByText("Consommation de l'avance AV-2026-001")).toBeTruthy();
    const usage = await screen.findByText('AQF-M2025-2026-00004-A001');
    expect(usage.closest('a')?.getAttribute('href')).toBe('/sst/attachement/40');
    expect((usage.closest('tr') as HTMLElement).textContent).toContain(formatMoney('1130.50'));
  });
});
