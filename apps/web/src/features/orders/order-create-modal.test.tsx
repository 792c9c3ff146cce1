import { type EntityCode, type MarketRecord, ORDER_REQUIRED_FIELDS_MESSAGE } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback, typeDate } from '../../lib/testing';
import { OrderCreateModal } from './order-create-modal';

function market(id: number, overrides: Partial<MarketRecord> = {}): MarketRecord {
  return {
    id,
    version: 1,
    edifice: `EDIFICE-${id}`,
    agency: 3,
    agencyName: 'Agence Gironde',
    agencyAnomaly: false,
    companyId: 2,
    companyName: 'Fibre Sud',
    project: 10 + id,
    projectName: `Projet ${id}`,
    projectCode: `P${id}`,
    maxAmountDC4: '100000.00',
    paymentType: 1,
    paymentTypeName: 'Virement',
    paymentTypeCode: 'payment_external',
    paymentTerm: 1,
    paymentTermName: '30 jours',
    tva: 'basic',
    reverseCharge: false,
    depositType: 'basic',
    rgRate: '5',
    threshold: null,
    toEvaluate: false,
    active: true,
    canBeDeactivated: true,
    contract: null,
    contractNumber: null,
    dateEndOfContract: null,
    sapReference: null,
    clientBdc: `BDC-${id}`,
    eotpST: null,
    createdAt: '2025-01-01',
    statusWF: null,
    ...overrides,
  };
}

type Served = { markets: MarketRecord[]; bpus?: unknown[] };

function serve({ markets, bpus = [{ id: 8, name: 'BPU', bpuTemplate: 4, bpuTemplateName: 'Modèle', locked: false }] }: Served) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0] ?? url;
    if (init?.method === 'POST' && path === '/api/order/create') {
      return reply(200, { success: true, id: 42 });
    }
    if (path === '/api/markets/active') {
      return reply(200, { content: markets.map((row) => ({ ...row, agencyId: row.agency })), totalElements: markets.length });
    }
    const bpusOf = /^\/api\/market\/(\d+)\/bpus$/.exec(path);
    if (bpusOf) {
      return reply(200, bpus);
    }
    const marketOf = /^\/api\/market\/(\d+)$/.exec(path);
    if (marketOf) {
      return reply(
        200,
        markets.find((row) => row.id === Number(marketOf[1])),
      );
    }
    if (path === '/api/orderTemplates') {
      return reply(200, { content: [{ id: 5, name: 'Modèle raccordement' }], totalElements: 1 });
    }
    const oracleProjectsOf = /^\/api\/project\/(\d+)\/oracleprojects$/.exec(path);
    if (oracleProjectsOf) {
      const project = Number(oracleProjectsOf[1]);
      return reply(200, [{ id: 100 + project, number: `OP-${project}`, name: `Oracle ${project}` }]);
    }
    const tasksOf = /^\/api\/oracle\/project\/(\d+)\/tasks$/.exec(path);
    if (tasksOf) {
      return reply(200, [{ id: 7, erpTaskId: 1, name: 'Travaux', number: '1.1', description: null }]);
    }
    if (/^\/api\/project\/\d+\/imputations$/.test(path)) {
      return reply(200, [{ id: 9, eotp: 'EOTP-9', description: null, active: true }]);
    }
    return reply(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function showModal() {
  const profile = makeProfile();
  const read: EntityCode[] = [
    'subcontractor_market',
    'bpu_sst',
    'os_template',
    'imputation',
    'oracle_project',
    'oracle_task',
    'user',
  ];
  setAuth({
    token: 't',
    profile: { ...profile, role: { ...profile.role, rights: { ...profile.role.rights, read, create: ['order'] } } },
  });
  return renderRoutes(
    [
      { path: '/sst/orders', element: <OrderCreateModal open onClose={() => undefined} /> },
      { path: '/sst/order/:id', element: <p>Commande ouverte</p> },
    ],
    '/sst/orders',
  );
}

async function pickMarket(edifice: string) {
  fireEvent.click(screen.getByLabelText('Marché'));
  await screen.findByText('Sélectionner : Marché');
  const dialogs = screen.getAllByRole('dialog');
  fireEvent.click(await within(dialogs[dialogs.length - 1] as HTMLElement).findByText(edifice));
  await waitFor(() => expect((screen.getByLabelText('Marché') as HTMLInputElement).value).toBe(edifice));
}

/** Chooses an option of the antd select labelled `label`. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const items = await screen.findAllByText(option);
  fireEvent.click(items[items.length - 1] as HTMLElement);
}

const disabled = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).disabled;
const postBody = (fetchMock: ReturnType<typeof serve>) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

describe('OrderCreateModal', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('keeps template, imputation and ERP fields read-only until a market is chosen, the ERP task until its project is', async () => {
    spyFeedback();
    serve({ markets: [market(1)] });
    showModal();
    for (const label of ['Modèle de commande', 'Imputation eOTP', 'Projet Oracle', 'Tâche Oracle']) {
      expect(disabled(label), label).toBe(true);
    }
    await pickMarket('EDIFICE-1');
    await waitFor(() => expect(disabled('Projet Oracle')).toBe(false));
    expect(disabled('Modèle de commande')).toBe(false);
    expect(disabled('Imputation eOTP')).toBe(false);
    expect(disabled('Tâche Oracle')).toBe(true);

    await choose('Projet Oracle', 'OP-11 — Oracle 11');
    await waitFor(() => expect(disabled('Tâche Oracle')).toBe(false));
  }, 30_000);

  it("gives the end date field the date fields' width (the whole date and its calendar icon)", () => {
    spyFeedback();
    serve({ markets: [market(1)] });
    showModal();
    const picker = screen.getByLabelText('Date de fin').closest('.ant-picker') as HTMLElement;
    expect(picker.style.width).toBe('200px');
  });

  it('clears the ERP fields when another market is chosen and takes its client order number', async () => {
    spyFeedback();
    serve({ markets: [market(1), market(2)] });
    showModal();
    await pickMarket('EDIFICE-1');
    await waitFor(() => expect((screen.getByLabelText('Commande client') as HTMLInputElement).value).toBe('BDC-1'));
    await waitFor(() => expect(disabled('Projet Oracle')).toBe(false));
    await choose('Projet Oracle', 'OP-11 — Oracle 11');
    await waitFor(() => expect(disabled('Tâche Oracle')).toBe(false));
    await choose('Tâche Oracle', '1.1 — Travaux');
    await choose('Imputation eOTP', 'EOTP-9');
    expect(screen.getAllByText('1.1 — Travaux').length).toBeGreaterThan(0);

    await pickMarket('EDIFICE-2');
    await waitFor(() => expect((screen.getByLabelText('Commande client') as HTMLInputElement).value).toBe('BDC-2'));
    const modal = screen.getAllByRole('dialog')[0] as HTMLElement;
    expect(within(modal).queryByText('OP-11 — Oracle 11')).toBeNull();
    expect(within(modal).queryByText('1.1 — Travaux')).toBeNull();
    expect(within(modal).queryByText('EOTP-9')).toBeNull();
    expect(disabled('Tâche Oracle')).toBe(true);
  }, 30_000);

  it('limits the complement to 100 − (min(edifice length, 60) + 13), 88 without a market', async () => {
    spyFeedback();
    const longEdifice = 'E'.repeat(70);
    const fetchMock = serve({ markets: [market(1, { edifice: longEdifice })] });
    showModal();
    const complement = screen.getByLabelText('Complément') as HTMLInputElement;
    expect(complement.maxLength).toBe(88);
    fireEvent.change(complement, { target: { value: 'x'.repeat(40) } });

    await pickMarket(longEdifice);
    await waitFor(() => expect((screen.getByLabelText('Complément') as HTMLInputElement).maxLength).toBe(27));
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('Le complément ne doit pas dépasser 27 caractères.')).toBeTruthy();
    expect(postBody(fetchMock)).toBeUndefined();
  }, 30_000);

  it('shows the emitter project and task only for a market paid internally', async () => {
    spyFeedback();
    serve({ markets: [market(1), market(2, { paymentTypeCode: 'payment_internal' })] });
    showModal();
    await pickMarket('EDIFICE-1');
    await waitFor(() => expect(disabled('Projet Oracle')).toBe(false));
    expect(screen.queryByLabelText('Projet émetteur')).toBeNull();

    await pickMarket('EDIFICE-2');
    expect(await screen.findByLabelText('Projet émetteur')).toBeTruthy();
    expect(disabled('Tâche émettrice')).toBe(true);
  }, 30_000);

  it('warns of the agency of the market and of a market without BPU', async () => {
    spyFeedback();
    serve({ markets: [market(1, { agencyAnomaly: true })], bpus: [] });
    showModal();
    await pickMarket('EDIFICE-1');
    expect(await screen.findByText("Le marché choisi n'a pas de BPU associé.")).toBeTruthy();
    expect(await screen.findByText(/L'agence de ce marché est suivie par e-attestation/)).toBeTruthy();
  }, 30_000);

  it('says "Veuillez remplir tous les champs requis!" and sends nothing while a required field is missing', async () => {
    const feedback = spyFeedback();
    const fetchMock = serve({ markets: [market(1)] });
    showModal();
    fireEvent.change(screen.getByLabelText('Complément'), { target: { value: 'Raccordement' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(feedback.warning).toHaveBeenCalledWith(ORDER_REQUIRED_FIELDS_MESSAGE));
    expect(postBody(fetchMock)).toBeUndefined();
  }, 30_000);

  it('creates the order with the chosen ids and opens it', async () => {
    spyFeedback();
    const fetchMock = serve({ markets: [market(1)] });
    const router = showModal();
    await pickMarket('EDIFICE-1');
    fireEvent.change(screen.getByLabelText('Complément'), { target: { value: 'Raccordement' } });
    const endDate = screen.getByLabelText('Date de fin') as HTMLInputElement;
    typeDate(endDate, '31/03/2026');
    // the date reads dd/mm/yyyy, whatever the browser's language; the API gets an ISO date
    await waitFor(() => expect(endDate.value).toBe('31/03/2026'));
    await waitFor(() => expect(disabled('Projet Oracle')).toBe(false));
    await choose('Projet Oracle', 'OP-11 — Oracle 11');
    await waitFor(() => expect(disabled('Tâche Oracle')).toBe(false));
    await choose('Tâche Oracle', '1.1 — Travaux');
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/sst/order/42'));
    expect(postBody(fetchMock)).toMatchObject({
      name: 'Raccordement',
      endDate: '2026-03-31',
      market: 1,
      oracleProject: 111,
      oracleTask: 7,
      follower: 7,
      clientBdc: 'BDC-1',
      oracleEmitterProject: null,
    });
  }, 30_000);
});
