import { STATEMENT_MARKET_REQUIRED_MESSAGE } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../app/auth-store';
import { renderRoutes, reply, spyFeedback } from '../../app/testing';
import { StatementListPage } from './statement-list-page';
import { STATEMENT_ROW, signInWith } from './statement-test-data';

function serve() {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/situations')) {
      return reply(200, {
        content: [STATEMENT_ROW],
        totalElements: 1,
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
    expect(within(totals).getByText(/2\s400,00\s€/)).toBeTruthy();
    const query = new URL(
      String(fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/situations'))?.[0]),
      'http://x',
    );
    expect(query.searchParams.get('sort')).toBe('id,desc');
  }, 30_000);

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
  }, 30_000);
});
