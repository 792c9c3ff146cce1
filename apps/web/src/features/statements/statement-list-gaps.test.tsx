import { MONTHLY_STATEMENT_REVERT_OPTION } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { StatementListPage } from './statement-list-page';
import { STATEMENT_ROW, signInWith } from './statement-test-data';

/** Issue 11 item 4: the list's gaps (what is due next to the gross, bulk cancel payment with the option). */

const PAID_ROW = { ...STATEMENT_ROW, paid: true, locked: true, paidAt: '2026-04-30T08:00:00.000Z' };
const SECOND_ROW = { ...PAID_ROW, id: 18, date: '2026-02-28', sapReference: 'SAP-2026-02' };

function serve(rows = [STATEMENT_ROW]) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/situation/18/dangerously_unpay' && init?.method === 'POST') {
      return reply(422, { error: "Impossible d'annuler le paiement : RG libérée ailleurs." });
    }
    if (url.endsWith('/dangerously_unpay') || url.endsWith('/paid')) {
      return reply(200, { success: true, record: {} });
    }
    if (url.startsWith('/api/situations')) {
      return reply(200, { content: rows, totalElements: rows.length, summary: {} });
    }
    return reply(200, { content: [], totalElements: 0 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const READ = ['monthly_statement', 'subcontractor_market', 'company', 'agency', 'project'] as const;
const show = () => renderRoutes([{ path: '/sst/situations', element: <StatementListPage /> }], '/sst/situations');
const callsTo = (fetchMock: ReturnType<typeof serve>, prefix: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith(prefix));

describe('the monthly statement list: gaps of issue 11', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('shows what is due (net without RG, RG released, VAT, TTC) next to the gross', async () => {
    spyFeedback();
    serve();
    signInWith({ read: [...READ] });
    show();
    const row = (await screen.findByRole('link', { name: '31/03/2026' }, { timeout: 20_000 })).closest('tr') as HTMLElement;
    for (const header of [
      'Montant total (€ HT)',
      'Montant hors RG et avance (€ HT)',
      'RG libérée (€)',
      'TVA (€)',
      'Montant TTC (€)',
    ]) {
      expect(screen.getAllByText(header).length, header).toBeGreaterThan(0);
    }
    const cells = [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').replace(/\s/g, ''));
    const gross = cells.indexOf('2400,00€');
    expect(gross).toBeGreaterThan(0);
    // gross, RG, deposit used, then what is due, in that order
    expect(cells.slice(gross, gross + 7)).toEqual([
      '2400,00€',
      '120,00€',
      '300,00€',
      '1980,00€',
      '50,00€',
      '406,00€',
      '2436,00€',
    ]);
  }, 180_000);

  it('cancels the payment of the selected statements only with the option: one call per row, then the list again', async () => {
    const feedback = spyFeedback();
    const fetchMock = serve([PAID_ROW, SECOND_ROW]);
    signInWith({ read: [...READ], update: ['monthly_statement'] });
    show();
    let row = (await screen.findByRole('link', { name: '31/03/2026' }, { timeout: 20_000 })).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox'));
    expect(await screen.findByRole('button', { name: /Marquer payé/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Annuler le paiement/ })).toBeNull();
    cleanup();

    signInWith({ read: [...READ] }, [MONTHLY_STATEMENT_REVERT_OPTION]);
    show();
    row = (await screen.findByRole('link', { name: '31/03/2026' }, { timeout: 20_000 })).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox'));
    const other = screen.getByRole('link', { name: '28/02/2026' }).closest('tr') as HTMLElement;
    fireEvent.click(within(other).getByRole('checkbox'));
    expect(screen.queryByRole('button', { name: /Marquer payé/ })).toBeNull();
    const listCalls = callsTo(fetchMock, '/api/situations').length;
    fireEvent.click(await screen.findByRole('button', { name: /Annuler le paiement/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('1 paiement annulé.'));
    expect(feedback.confirm).toHaveBeenCalledWith({
      content: 'Annuler le paiement des 2 situations choisies ? Elles seront déverrouillées.',
    });
    expect(feedback.warning).toHaveBeenCalledWith(
      "Situation n° 18 : paiement non annulé : Impossible d'annuler le paiement : RG libérée ailleurs.",
    );
    expect(callsTo(fetchMock, '/api/situation/').map(([url]) => url)).toEqual([
      '/api/situation/17/dangerously_unpay',
      '/api/situation/18/dangerously_unpay',
    ]);
    await waitFor(() => expect(callsTo(fetchMock, '/api/situations').length).toBeGreaterThan(listCalls));
    expect(feedback.alert).not.toHaveBeenCalled();
  }, 180_000);

  it('downloads the CSV per client BDC with the list state and the selection, by a form post', async () => {
    spyFeedback();
    serve([STATEMENT_ROW, SECOND_ROW]);
    signInWith({ read: [...READ] });
    const posted: { action: string; fields: Record<string, string> }[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      posted.push({
        action: this.action,
        fields: Object.fromEntries([...this.querySelectorAll('input')].map((input) => [input.name, input.value])),
      });
    });
    show();
    const row = (await screen.findByRole('link', { name: '31/03/2026' }, { timeout: 20_000 })).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /CSV par BDC client/ }));
    expect(posted).toHaveLength(1);
    expect(posted[0]?.action).toMatch(/\/api\/monthlystatements\/csv\/clientBdc$/);
    expect(posted[0]?.fields).toMatchObject({ ids: '17', sort: 'id,desc', token: 't' });
    vi.restoreAllMocks();
  }, 180_000);
});
