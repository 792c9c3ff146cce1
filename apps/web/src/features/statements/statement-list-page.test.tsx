import { STATEMENT_CONFIRM_GENERATE, STATEMENT_MARKET_REQUIRED_MESSAGE } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { StatementListPage } from './statement-list-page';
import { STATEMENT_ROW, signInWith } from './statement-test-data';

const SECOND_ROW = { ...STATEMENT_ROW, id: 18, date: '2026-02-28', sapReference: 'SAP-2026-02' };
const PROJECTS = [
  { id: 5, code: 'BDX', name: 'Bordeaux Métropole' },
  { id: 6, code: 'PAU', name: 'Pau Agglomération' },
];

function serve(rows = [STATEMENT_ROW]) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/projects/monthlyStatement')) {
      return reply(200, { success: true, created: 2, statements: [] });
    }
    if (url.startsWith('/api/projects')) {
      return reply(200, { content: PROJECTS, totalElements: 2 });
    }
    if (url === '/api/situation/18/paid' && init?.method === 'POST') {
      return reply(422, { error: 'La situation est verrouillée.' });
    }
    if (url.endsWith('/paid')) {
      return reply(200, { success: true, record: {} });
    }
    if (url.startsWith('/api/situations')) {
      return reply(200, {
        content: rows,
        totalElements: rows.length,
        summary: { totalAmount: '2400.00', rgamount: '120.00', depositUsed: '300.00' },
      });
    }
    return reply(200, { content: [], totalElements: 0 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const READ = ['monthly_statement', 'subcontractor_market', 'company', 'agency', 'project'] as const;
const show = () => renderRoutes([{ path: '/sst/situations', element: <StatementListPage /> }], '/sst/situations');

describe('the monthly statement list', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('asks for the newest first and links the statement, market, company, agency and project, with totals', async () => {
    spyFeedback();
    const fetchMock = serve();
    signInWith({ read: [...READ] });
    show();
    const statement = await screen.findByRole('link', { name: '31/03/2026' }, { timeout: 5000 });
    expect(statement.getAttribute('href')).toBe('/sst/situation/17');
    expect(screen.getByRole('link', { name: 'AQF-M2025' }).getAttribute('href')).toBe('/sst/market/3');
    expect(screen.getByRole('link', { name: 'Réseaux Aquitaine' }).getAttribute('href')).toBe('/sst/company/8');
    expect(screen.getByRole('link', { name: 'Agence de Pau' }).getAttribute('href')).toBe('/sst/agency/4');
    expect(screen.getByRole('link', { name: 'Bordeaux Métropole' }).getAttribute('href')).toBe('/project/5');
    expect(screen.getByRole('link', { name: 'Voir la situation 17' }).getAttribute('href')).toBe('/sst/situation/17');
    const row = statement.closest('tr') as HTMLElement;
    expect(within(row).getByText('SAP-2026-03')).toBeTruthy();
    expect(within(row).getByText('30/04/2026')).toBeTruthy();
    const totals = document.querySelector('.isf-summary-row') as HTMLElement;
    expect(await within(totals).findByText(/2\s400,00\s€/)).toBeTruthy();
    const query = new URL(
      String(fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/situations'))?.[0]),
      'http://x',
    );
    expect(query.searchParams.get('sort')).toBe('id,desc');
  }, 60_000);

  it('offers the creation only with the create right, and requires the market', async () => {
    spyFeedback();
    serve();
    signInWith({ read: [...READ] });
    show();
    await screen.findByRole('link', { name: '31/03/2026' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /Créer/ })).toBeNull();
    cleanup();

    signInWith({ read: [...READ], create: ['monthly_statement'] });
    show();
    fireEvent.click(await screen.findByRole('button', { name: /Créer/ }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Nouvelle situation')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /OK|Enregistrer|Créer/ }));
    await waitFor(() => expect(within(dialog).getByText(STATEMENT_MARKET_REQUIRED_MESSAGE)).toBeTruthy());
  }, 60_000);

  const callsTo = (fetchMock: ReturnType<typeof serve>, prefix: string) =>
    fetchMock.mock.calls.filter(([url]) => String(url).startsWith(prefix));

  it('generates the statements of the chosen projects after a confirmation, then reads the list again', async () => {
    const feedback = spyFeedback();
    const fetchMock = serve();
    signInWith({ read: [...READ] });
    show();
    await screen.findByRole('link', { name: '31/03/2026' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /Générer/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Télécharger CSV/ })).toBeTruthy();
    cleanup();

    signInWith({ read: [...READ], create: ['monthly_statement'] });
    show();
    fireEvent.click(await screen.findByRole('button', { name: /Générer/ }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Générer les situations mensuelles')).toBeTruthy();
    const first = await within(dialog).findByText('Pau Agglomération');
    const query = new URL(String(callsTo(fetchMock, '/api/projects').at(-1)?.[0]), 'http://x');
    expect(query.searchParams.get('size')).toBe('15');
    const ok = within(dialog).getByRole('button', { name: /Générer/ });
    expect((ok as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(first.closest('tr') as HTMLElement).getByRole('checkbox'));
    fireEvent.click(within(within(dialog).getByText('Bordeaux Métropole').closest('tr') as HTMLElement).getByRole('checkbox'));
    const listCalls = callsTo(fetchMock, '/api/situations').length;
    fireEvent.click(ok);
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('2 situations créées.'));
    expect(feedback.confirm).toHaveBeenCalledWith({ content: STATEMENT_CONFIRM_GENERATE });
    const [generation] = callsTo(fetchMock, '/api/projects/monthlyStatement');
    expect(generation?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(generation?.[1]?.body)).sort()).toEqual([5, 6]);
    await waitFor(() => expect(callsTo(fetchMock, '/api/situations').length).toBeGreaterThan(listCalls));
  }, 60_000);

  it('marks the selected statements paid one call per row, reports the refusals and reads the list again', async () => {
    const feedback = spyFeedback();
    const fetchMock = serve([STATEMENT_ROW, SECOND_ROW]);
    signInWith({ read: [...READ], update: ['monthly_statement'] });
    show();
    const row = (await screen.findByRole('link', { name: '31/03/2026' }, { timeout: 5000 })).closest('tr') as HTMLElement;
    expect(screen.queryByRole('button', { name: /Marquer payé/ })).toBeNull();
    fireEvent.click(within(row).getByRole('checkbox'));
    const other = screen.getByRole('link', { name: '28/02/2026' }).closest('tr') as HTMLElement;
    fireEvent.click(within(other).getByRole('checkbox'));
    const listCalls = callsTo(fetchMock, '/api/situations').length;
    fireEvent.click(await screen.findByRole('button', { name: /Marquer payé/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('1 situation marquée payée.'));
    expect(feedback.confirm).toHaveBeenCalledWith({
      content: 'Marquer les 2 situations choisies comme payées ? Elles seront verrouillées.',
    });
    expect(feedback.warning).toHaveBeenCalledWith('Situation n° 18 non marquée payée : La situation est verrouillée.');
    expect(callsTo(fetchMock, '/api/situation/').map(([url]) => url)).toEqual([
      '/api/situation/17/paid',
      '/api/situation/18/paid',
    ]);
    await waitFor(() => expect(callsTo(fetchMock, '/api/situations').length).toBeGreaterThan(listCalls));
    expect(feedback.alert).not.toHaveBeenCalled();
  }, 60_000);
});
