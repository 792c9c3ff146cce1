import { DEPOSIT_OPTION_MESSAGE, type DepositRecord, type EntityCode, type OwnerDeposits } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { DepositsBlock } from './deposits-block';

const RECORD: DepositRecord = {
  id: 12,
  version: 1,
  reference: 'AV-2026-001',
  amount: '1500.00',
  depositUsed: '1130.50',
  remaining: '369.50',
  reimbursementDate: null,
  createdAt: '2026-01-05T10:00:00Z',
  marketId: 3,
  marketEdifice: 'AQF-M2025',
  projectId: 5,
  projectName: 'Bordeaux FTTH',
  agencyId: 4,
  agencyName: 'Agence Gironde',
  orderId: 9,
  orderReference: 'AQF-M2025-2026-00004',
  depositType: 'basic',
  attachements: [
    {
      attachment: 40,
      reference: 'AQF-M2025-2026-00004-A001',
      order: 9,
      orderReference: 'AQF-M2025-2026-00004',
      amount: '1130.50',
      createdAt: '2026-02-01T08:00:00Z',
    },
  ],
};

function serve(block: Partial<OwnerDeposits> = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      return reply(200, { success: true, id: 77 });
    }
    if (url.endsWith('/deposits')) {
      return reply(200, { depositType: 'basic', editRefusal: null, content: [RECORD], ...block });
    }
    return reply(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function signIn(rights: { create?: boolean; update?: boolean }, options: string[] = ['serviceorders.edit_financial_info']) {
  const profile = makeProfile();
  const read: EntityCode[] = ['deposit', 'order', 'attachement'];
  setAuth({
    token: 't',
    profile: {
      ...profile,
      role: {
        ...profile.role,
        options,
        rights: { read, create: rights.create ? ['deposit'] : [], update: rights.update ? ['deposit'] : [], delete: [] },
      },
    },
  });
}

const posts = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

describe('DepositsBlock', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it("lists an order's deposits and expands a row into its usage map", async () => {
    spyFeedback();
    const fetchMock = serve();
    signIn({});
    renderRoutes([{ path: '/sst/order/9', element: <DepositsBlock orderId={9} /> }], '/sst/order/9');
    const row = (await screen.findByText('AV-2026-001')).closest('tr') as HTMLElement;
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/order/9/deposits');
    expect(screen.queryByRole('button', { name: /Ajouter une avance/ })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: /expand|Développer/i }));
    const usage = await screen.findByText('AQF-M2025-2026-00004-A001');
    expect(usage.closest('a')?.getAttribute('href')).toBe('/sst/attachement/40');
  });

  it('adds a deposit to the market through the modal: amount required, then the decimal text is sent', async () => {
    spyFeedback();
    const fetchMock = serve();
    signIn({ create: true, update: true });
    renderRoutes([{ path: '/sst/market/3', element: <DepositsBlock marketId={3} /> }], '/sst/market/3');
    fireEvent.click(await screen.findByRole('button', { name: /Ajouter une avance/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Référence'), { target: { value: 'AV-2026-002' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Créer/ }));
    expect(await within(dialog).findByText("Le montant de l'avance est obligatoire.")).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Montant'), { target: { value: '250,75' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Créer/ }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    const [url, init] = posts(fetchMock)[0] ?? [];
    expect(url).toBe('/api/market/3/deposit');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      reference: 'AV-2026-002',
      amount: '250.75',
      reimbursementDate: null,
    });
  });

  it('offers neither the add nor the edit without the financial option', async () => {
    spyFeedback();
    serve({ editRefusal: DEPOSIT_OPTION_MESSAGE });
    signIn({ create: true, update: true }, []);
    renderRoutes([{ path: '/sst/market/3', element: <DepositsBlock marketId={3} /> }], '/sst/market/3');
    await screen.findByText('AV-2026-001');
    expect(screen.queryByRole('button', { name: /Ajouter une avance/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Modifier' })).toBeNull();
  });

  it('says that no deposit can be entered when the retention type is not applicable', async () => {
    spyFeedback();
    serve({ depositType: 'notApplicable', editRefusal: 'refusé', content: [] });
    signIn({ create: true, update: true });
    renderRoutes([{ path: '/sst/market/3', element: <DepositsBlock marketId={3} /> }], '/sst/market/3');
    expect(await screen.findByText('Retenue de garantie non applicable : aucune avance ne peut être saisie.')).toBeTruthy();
    expect(screen.getByText('Aucune avance.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Ajouter une avance/ })).toBeNull();
  });
});
