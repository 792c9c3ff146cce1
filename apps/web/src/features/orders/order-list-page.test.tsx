import type { EntityCode, OrderRow } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { MarketOrdersTab } from './market-orders-tab';
import { OrderListPage } from './order-list-page';

const ROW: Partial<OrderRow> = {
  id: 1,
  reference: 'EDIF-2025-0001',
  name: 'Raccordement lotissement',
  marketId: 3,
  marketEdifice: 'EDIF',
  agencyId: 4,
  agencyName: 'Agence Gironde',
  projectId: 5,
  projectName: 'Bordeaux FTTH',
  oscarSubProjectName: 'SP-33',
  arcgisName: 'ARC-33',
  nroName: 'NRO-33',
  offerIdPm: 'PM-33',
  oracleStatus: 'NOT_AVAILABLE',
  total: '1250.50',
  nodeId: 21,
  nodeName: 'Validation CDP',
};

const FTTH_COLUMNS = ['Sous-projet Oscar', 'Nom ArcGIS', 'NRO', 'PM'];

function serve(hasMyActions: boolean) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/wftoken/my-actions')) {
      return reply(200, { count: hasMyActions ? 2 : 0, hasMyActions });
    }
    if (url.startsWith('/api/orders')) {
      return reply(200, { content: [ROW], totalElements: 1, summary: { total: '1250.50' } });
    }
    return reply(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function signIn(ftth: boolean) {
  const profile = makeProfile();
  const read: EntityCode[] = ['order', 'subcontractor_market', 'agency', 'project'];
  setAuth({ token: 't', profile: { ...profile, ftth, role: { ...profile.role, rights: { ...profile.role.rights, read } } } });
}

/** The query of every order-list request made so far. */
function listQueries(fetchMock: ReturnType<typeof serve>): URLSearchParams[] {
  return (
    fetchMock.mock.calls
      .map(([url]) => String(url))
      // the pages, not the totals row's own request
      .filter((url) => url.startsWith('/api/orders') && !url.includes('summary=only'))
      .map((url) => new URL(url, 'http://localhost').searchParams)
  );
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent ?? '');

describe('the order list', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('shows the Oscar sub-project, ArcGIS name, NRO and PM columns only to an FTTH profile', async () => {
    spyFeedback();
    serve(false);
    signIn(false);
    renderRoutes([{ path: '/sst/orders', element: <OrderListPage /> }], '/sst/orders');
    await screen.findByText('Raccordement lotissement', {}, { timeout: 5000 });
    expect(headers().some((text) => text.includes('Imputation eOTP'))).toBe(true);
    for (const column of FTTH_COLUMNS) {
      expect(
        headers().some((text) => text.startsWith(column)),
        column,
      ).toBe(false);
    }
    expect(screen.queryByText('NRO-33')).toBeNull();
    cleanup();

    signIn(true);
    renderRoutes([{ path: '/sst/orders', element: <OrderListPage /> }], '/sst/orders');
    await screen.findByText('NRO-33', {}, { timeout: 5000 });
    for (const column of FTTH_COLUMNS) {
      expect(
        headers().some((text) => text.startsWith(column)),
        column,
      ).toBe(true);
    }
  }, 30_000);

  it('links the reference, the market and the workflow status, and totals the amounts', async () => {
    spyFeedback();
    serve(false);
    signIn(false);
    renderRoutes([{ path: '/sst/orders', element: <OrderListPage /> }], '/sst/orders');
    expect((await screen.findByRole('link', { name: 'EDIF-2025-0001' }, { timeout: 5000 })).getAttribute('href')).toBe(
      '/sst/order/1',
    );
    expect(screen.getByRole('link', { name: 'EDIF' }).getAttribute('href')).toBe('/sst/market/3');
    expect(screen.getByRole('link', { name: 'Validation CDP' }).getAttribute('href')).toBe('/node/21');
    const totals = document.querySelector('.isf-summary-row') as HTMLElement;
    expect(await within(totals).findByText(/1\s250,50\s€/)).toBeTruthy();
  }, 30_000);

  it('opens on My tasks when the user has pending actions, and lists all on All', async () => {
    spyFeedback();
    const fetchMock = serve(true);
    signIn(false);
    renderRoutes([{ path: '/sst/orders', element: <OrderListPage /> }], '/sst/orders');
    await screen.findByText('Raccordement lotissement', {}, { timeout: 5000 });
    expect(listQueries(fetchMock).map((query) => query.get('filter'))).toEqual(['haveToDo']);
    expect(screen.getByText('Mes tâches')).toBeTruthy();

    fireEvent.click(screen.getByText('Tous'));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('filter')).toBe('all'));
    fireEvent.click(screen.getByText('Mon périmètre'));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('filter')).toBe('canDo'));
  }, 30_000);

  it('offers no filter and lists all orders without pending actions', async () => {
    spyFeedback();
    const fetchMock = serve(false);
    signIn(false);
    renderRoutes([{ path: '/sst/orders', element: <OrderListPage /> }], '/sst/orders');
    await screen.findByText('Raccordement lotissement', {}, { timeout: 5000 });
    expect(listQueries(fetchMock).map((query) => query.get('filter'))).toEqual(['all']);
    expect(screen.queryByText('Mes tâches')).toBeNull();
  }, 30_000);
});

describe("the market's Orders tab", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('lists the orders of the market only, without the market column, whatever the user filters', async () => {
    spyFeedback();
    const fetchMock = serve(false);
    signIn(false);
    renderRoutes([{ path: '/sst/market/3', element: <MarketOrdersTab marketId={3} /> }], '/sst/market/3');
    await screen.findByText('Raccordement lotissement', {}, { timeout: 5000 });
    expect(JSON.parse(listQueries(fetchMock)[0]?.get('filters') ?? '{}')).toEqual({ marketId: '3' });
    expect(headers().some((text) => /^Marché(?! client)/.test(text))).toBe(false);
    expect(headers().some((text) => text.startsWith('Marché client'))).toBe(true);

    fireEvent.change(screen.getByLabelText('Filtrer Complément'), { target: { value: 'Racc' } });
    await waitFor(
      () => expect(JSON.parse(listQueries(fetchMock).at(-1)?.get('filters') ?? '{}')).toEqual({ name: 'Racc', marketId: '3' }),
      { timeout: 3000 },
    );
    expect(screen.queryByRole('button', { name: /Effacer les filtres/ })).toBeTruthy();
  }, 30_000);
});
