import type { EntityCode, WarrantyRow } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { formatMoney } from '../../lib/i18n';
import { clearDate, makeProfile, renderRoutes, reply, spyFeedback, typeDate } from '../../lib/testing';
import { warrantyDatesPayload, warrantyQuery, warrantySaveDisabled } from './warranties.api';
import { WarrantyListPage } from './warranty-list-page';

const ROW: WarrantyRow = {
  id: 31,
  reference: 'AQF-M2025-2026-00004',
  name: 'Raccordement rue des Lilas',
  marketId: 3,
  marketEdifice: 'AQF-M2025',
  projectId: 5,
  projectName: 'Bordeaux FTTH',
  agencyId: 4,
  agencyName: 'Agence Gironde',
  oscarSubProjectName: null,
  imputationEotp: null,
  total: '2000.00',
  date: '2026-01-10',
  deliveryDate: null,
  releaseDate: null,
  oracleStatus: 'NOT_AVAILABLE',
  oracleId: null,
  nodeName: 'Validée',
  rg: '56.53',
  depositUsed: '1074.00',
  rgToRelease: '0.00',
  rgReleased: '0.00',
  rgLeft: '56.53',
  rgFromDepositReleased: '0.00',
};

function serve() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      return reply(200, { success: true, count: 1 });
    }
    if (url.startsWith('/api/orders/warranties')) {
      return reply(200, { content: [ROW], totalElements: 1, summary: { rg: '56.53', rgLeft: '56.53' } });
    }
    return reply(200, { content: [], totalElements: 0 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function signIn(options: string[]) {
  const profile = makeProfile();
  const read: EntityCode[] = ['order', 'subcontractor_market', 'project'];
  setAuth({
    token: 't',
    profile: { ...profile, role: { ...profile.role, options, rights: { ...profile.role.rights, read, update: ['order'] } } },
  });
}

const listQueries = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.startsWith('/api/orders/warranties'))
    .map((url) => new URL(url, 'http://localhost').searchParams);

const saveButton = () => screen.getByRole('button', { name: /Enregistrer/ }) as HTMLButtonElement;

describe('the warranty save rules', () => {
  it('disables Save with no date or no selected order', () => {
    expect(warrantySaveDisabled('', 2)).toBe(true);
    expect(warrantySaveDisabled(null, 2)).toBe(true);
    expect(warrantySaveDisabled('2026-06-30', 0)).toBe(true);
    expect(warrantySaveDisabled('2026-06-30', 1)).toBe(false);
  });

  it('sends each selected order with the chosen date under the chosen type', () => {
    expect(warrantyDatesPayload([4, 7], 'releaseDate', '2027-01-31')).toEqual([
      { id: 4, releaseDate: '2027-01-31' },
      { id: 7, releaseDate: '2027-01-31' },
    ]);
  });

  it('sends hide-empty-RG on and hide-ERP off by default, and only the criteria chosen', () => {
    expect(
      warrantyQuery({ projects: [], markets: [2, 3], subprojects: [], imputations: [], hideEmptyRg: true, hideErp: false }),
    ).toEqual({
      markets: '2,3',
      hideEmptyRg: 'true',
      hideErp: 'false',
    });
  });
});

describe('the order warranties screen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('lists the warranty columns, newest first, hiding the orders without RG until unticked', async () => {
    spyFeedback();
    const fetchMock = serve();
    signIn([]);
    renderRoutes([{ path: '/os/warranties', element: <WarrantyListPage /> }], '/os/warranties');
    const link = await screen.findByText('AQF-M2025-2026-00004');
    expect(link.closest('a')?.getAttribute('href')).toBe('/sst/order/31');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent ?? '');
    for (const title of ['RG', 'Avance consommée', 'RG à libérer', 'RG libérée', 'RG restante', 'RG libérée sur avance']) {
      expect(
        headers.some((text) => text.startsWith(title)),
        title,
      ).toBe(true);
    }
    expect((link.closest('tr') as HTMLElement).textContent).toContain(formatMoney('1074.00'));
    const [first] = listQueries(fetchMock);
    expect(first?.get('sort')).toBe('id,desc');
    expect(first?.get('hideEmptyRg')).toBe('true');
    expect(first?.get('hideErp')).toBe('false');
    expect(screen.getByRole('button', { name: /CSV/ })).toBeTruthy();
    // without the financial option: no date form
    expect(screen.queryByRole('button', { name: /Enregistrer/ })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Masquer les commandes sans RG' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Masquer les commandes envoyées à Oracle' }));
    await waitFor(() =>
      expect(
        listQueries(fetchMock).some((query) => query.get('hideEmptyRg') === 'false' && query.get('hideErp') === 'true'),
      ).toBe(true),
    );
  }, 60_000);

  it('saves the chosen date of the selected orders; Save stays disabled without a date or a selection', async () => {
    spyFeedback();
    const fetchMock = serve();
    signIn(['serviceorders.edit_financial_info']);
    renderRoutes([{ path: '/os/warranties', element: <WarrantyListPage /> }], '/os/warranties');
    const row = (await screen.findByText('AQF-M2025-2026-00004')).closest('tr') as HTMLElement;
    expect(saveButton().disabled).toBe(true);
    const date = screen.getByLabelText('Date') as HTMLInputElement;
    typeDate(date, '31/03/2027');
    // the date reads dd/mm/yyyy, whatever the browser's language
    await waitFor(() => expect(date.value).toBe('31/03/2027'));
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(within(row).getByRole('checkbox'));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    clearDate(date);
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(date.value).toBe('');

    typeDate(date, '31/03/2027');
    await waitFor(() => expect(date.value).toBe('31/03/2027'));
    fireEvent.mouseDown(screen.getByLabelText('Type de date'));
    const options = await screen.findAllByText('Date libération de la RG');
    fireEvent.click(options[options.length - 1] as HTMLElement);
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(true),
    );
    const [url, init] = fetchMock.mock.calls.find(([, call]) => (call as RequestInit | undefined)?.method === 'PUT') ?? [];
    expect(url).toBe('/api/orders');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual([{ id: 31, releaseDate: '2027-03-31' }]);
    await waitFor(() => expect(saveButton().disabled).toBe(true));
  }, 120_000);
});
