import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { MarketStatementsTab } from './market-statements-tab';
import { STATEMENT_ROW, signInWith } from './statement-test-data';

describe("the market's Situations tab", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it("lists the market's statements, newest first, each linked to its screen, without the market columns", async () => {
    spyFeedback();
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/api/market/3/statements')
        ? reply(200, { content: [{ ...STATEMENT_ROW, paidAt: '2026-05-02T09:00:00.000Z', paid: true }], totalElements: 1 })
        : reply(200, []),
    );
    vi.stubGlobal('fetch', fetchMock);
    signInWith({ read: ['monthly_statement', 'subcontractor_market'] });
    renderRoutes([{ path: '/sst/market/:id', element: <MarketStatementsTab marketId={3} /> }], '/sst/market/3');
    const link = await screen.findByRole('link', { name: '31/03/2026' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/sst/situation/17');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('02/05/2026')).toBeTruthy();
    expect(within(row).getByText(/2\s400,00\s€/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'AQF-M2025' })).toBeNull();
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent ?? '');
    expect(headers.some((text) => text.startsWith('Contrat de sous-traitance'))).toBe(false);
    const query = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x');
    expect(query.pathname).toBe('/api/market/3/statements');
    expect(query.searchParams.get('sort')).toBe('id,desc');
  }, 30_000);
});
