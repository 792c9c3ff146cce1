import type { OrderLineInput, OrderPrestationLine } from '@isf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../../lib/auth-store';
import { makeProfile, reply, spyFeedback } from '../../../lib/testing';
import { OrderPrestationsTab, type OrderPrestationsTabProps } from './order-prestations-tab';

function line(prestation: number, overrides: Partial<OrderPrestationLine> = {}): OrderPrestationLine {
  return {
    prestation,
    category: 'Transport optique',
    subcategory: 'Soudure',
    reference: 'Soudure',
    code: `SO-00${prestation}`,
    description: `Désignation ${prestation}`,
    unit: 'Unité',
    unitPrice: '12.35',
    quantity: '0.0',
    total: '0.00',
    lineId: null,
    isInTemplate: true,
    ...overrides,
  };
}

/** The BPU of order 5 (saved template 3): two ordered lines, a saved zero line, lines outside the template. */
const lines = [
  line(1, { quantity: '2.0', total: '24.70', lineId: 11 }),
  line(2, { quantity: '0.0', lineId: 12 }),
  line(3),
  line(4),
  line(5),
  line(6, { isInTemplate: false, code: 'HT-006' }),
  line(7, { isInTemplate: false, code: 'HT-007', quantity: '1.5', total: '1.50', unitPrice: '1.00', lineId: 17 }),
];

function serve() {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/orderTemplate/4')) {
      return reply(200, {
        id: 4,
        version: 1,
        name: 'Raccordement',
        bpuTemplate: 1,
        bpuTemplateName: 'FTTH',
        prestations: [6, 3],
        tree: [],
      });
    }
    if (url.startsWith('/api/order/5/prestations')) {
      const query = new URL(url, 'http://localhost').searchParams;
      return reply(200, query.get('onlyOrdered') === 'true' ? lines.filter((row) => row.lineId !== null) : lines);
    }
    return reply(404, { error: 'Introuvable' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function signIn(templateRead: boolean) {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: {
      ...profile,
      role: {
        ...profile.role,
        rights: { create: [], read: templateRead ? ['order', 'os_template'] : ['order'], update: ['order'], delete: [] },
      },
    },
  });
}

function renderTab(overrides: Partial<OrderPrestationsTabProps> = {}) {
  const onLinesChange = vi.fn<(lines: OrderLineInput[]) => void>();
  const props: OrderPrestationsTabProps = {
    orderId: 5,
    editing: false,
    savedTemplateId: 3,
    templateId: 3,
    onLinesChange,
    ...overrides,
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui = (next: OrderPrestationsTabProps) => (
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <OrderPrestationsTab {...next} />
      </AntApp>
    </QueryClientProvider>
  );
  const view = render(ui(props));
  return {
    onLinesChange,
    rerender: (next: Partial<OrderPrestationsTabProps>) => view.rerender(ui({ ...props, ...next })),
  };
}

/** The codes of the table rows, in order. */
function shownCodes(): string[] {
  return screen
    .getAllByRole('row')
    .map((row) => row.getAttribute('data-row-key'))
    .filter((key): key is string => key !== null)
    .map((key) => lines.find((item) => String(item.prestation) === key)?.code ?? key);
}

function text(testId: string): string {
  return (screen.getByTestId(testId).textContent ?? '').replace(/[\s\u202f\u00a0]/g, ' ');
}

function typeQuantity(code: string, value: string) {
  const input = screen.getByLabelText(`Quantité de ${code}`);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

describe('OrderPrestationsTab', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setAuth({ token: null, profile: null });
  });

  it('shows only the non-zero lines outside edit mode, with the order totals in the last row', async () => {
    spyFeedback();
    signIn(true);
    const fetchMock = serve();
    renderTab();
    await screen.findByText('SO-001');
    expect(shownCodes()).toEqual(['SO-001', 'HT-007']);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/order/5/prestations?onlyOrdered=true');
    expect(text('order-prestations-total-quantity')).toBe('3,5');
    expect(text('order-prestations-total-amount')).toBe('26,20 €');
    expect(screen.queryByLabelText('Quantité de SO-001')).toBeNull();
    expect(screen.queryByText('Afficher toutes les prestations')).toBeNull();
  });

  it('says there is no prestation when nothing is ordered', async () => {
    spyFeedback();
    signIn(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(200, [line(1, { lineId: 11 })])),
    );
    renderTab();
    expect(await screen.findByText('Aucune prestation')).toBeTruthy();
    expect(screen.queryByTestId('order-prestations-total-amount')).toBeNull();
  });

  it('totals typed half quantities with decimal arithmetic (3 × 0.5 × 12.35)', async () => {
    spyFeedback();
    signIn(true);
    serve();
    renderTab({ editing: true });
    await screen.findByLabelText('Quantité de SO-003');
    typeQuantity('SO-001', '0');
    typeQuantity('SO-003', '0,5');
    typeQuantity('SO-004', '0,5');
    typeQuantity('SO-005', '0.5');
    await waitFor(() => expect(text('order-prestations-total-amount')).toBe('20,04 €'));
    // 3 × 6.175 rounded per line (6.18) plus the saved 1.50: never 18.525 rounded once.
    expect(text('order-prestations-total-quantity')).toBe('3,0');
    const row = screen.getByLabelText('Quantité de SO-003').closest('tr') as HTMLElement;
    expect(within(row).getByText(/6,18/)).toBeTruthy();
  });

  it('reports the lines to save: typed ones and saved ones (even at zero), never a new zero line', async () => {
    spyFeedback();
    signIn(true);
    serve();
    const { onLinesChange } = renderTab({ editing: true });
    await screen.findByLabelText('Quantité de SO-003');
    await waitFor(() => expect(onLinesChange).toHaveBeenCalled());
    expect(onLinesChange.mock.lastCall?.[0]).toEqual([
      { id: 11, prestation: 1, quantity: '2.0' },
      { id: 12, prestation: 2, quantity: '0.0' },
      { id: 17, prestation: 7, quantity: '1.5' },
    ]);
    typeQuantity('SO-001', '0');
    typeQuantity('SO-003', '2,5');
    typeQuantity('SO-004', '1');
    typeQuantity('SO-004', '0');
    await waitFor(() =>
      expect(onLinesChange.mock.lastCall?.[0]).toEqual([
        { id: 11, prestation: 1, quantity: '0' },
        { id: 12, prestation: 2, quantity: '0.0' },
        { id: null, prestation: 3, quantity: '2.5' },
        { id: 17, prestation: 7, quantity: '1.5' },
      ]),
    );
  });

  it('refuses a negative quantity and flags one off the 0.5 step', async () => {
    spyFeedback();
    signIn(true);
    serve();
    const { onLinesChange } = renderTab({ editing: true });
    await screen.findByLabelText('Quantité de SO-003');
    typeQuantity('SO-003', '-3');
    await waitFor(() => expect(onLinesChange.mock.lastCall?.[0]).toContainEqual({ id: null, prestation: 3, quantity: '3' }));
    typeQuantity('SO-004', '1,2');
    const input = screen.getByLabelText('Quantité de SO-004');
    await waitFor(() => expect(input.closest('.ant-input-number')?.className).toContain('ant-input-number-status-error'));
  });

  it('narrows edit mode to the order template, with a switch to display every prestation', async () => {
    spyFeedback();
    signIn(true);
    serve();
    renderTab({ editing: true });
    await screen.findByLabelText('Quantité de SO-003');
    expect(shownCodes()).toEqual(['SO-001', 'SO-002', 'SO-003', 'SO-004', 'SO-005', 'HT-007']);
    expect(screen.getByText(/Seules les prestations du modèle de commande/)).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Afficher toutes les prestations' }));
    await waitFor(() => expect(shownCodes()).toContain('HT-006'));
    expect(shownCodes()).toHaveLength(7);
  });

  it('warns when the template chosen in the form differs from the saved one and shows its prestations', async () => {
    spyFeedback();
    signIn(true);
    const fetchMock = serve();
    const { rerender } = renderTab({ editing: true });
    await screen.findByLabelText('Quantité de SO-003');
    expect(screen.queryByRole('alert')).toBeNull();
    rerender({ editing: true, templateId: 4 });
    expect((await screen.findByRole('alert')).textContent).toContain('Le modèle de commande a été changé');
    // Template 4 holds prestations 3 and 6; lines already ordered stay.
    await waitFor(() => expect(shownCodes()).toEqual(['SO-001', 'SO-002', 'SO-003', 'HT-006', 'HT-007']));
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/orderTemplate/4')).toBe(true);
    rerender({ editing: true, templateId: null });
    await waitFor(() => expect(shownCodes()).toHaveLength(7));
    expect(screen.queryByText('Afficher toutes les prestations')).toBeNull();
    rerender({ editing: false, templateId: 4 });
    await waitFor(() => expect(shownCodes()).toEqual(['SO-001', 'HT-007']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows every line, without reading the template, when the user may not read order templates', async () => {
    spyFeedback();
    signIn(false);
    const fetchMock = serve();
    renderTab({ editing: true, templateId: 4 });
    await screen.findByLabelText('Quantité de SO-003');
    expect(screen.getByText(/n'ont pas pu être lues/)).toBeTruthy();
    expect(shownCodes()).toHaveLength(7);
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/orderTemplate'))).toBe(false);
  });

  it('sorts through the server and exports the CSV in the current sort', async () => {
    spyFeedback();
    signIn(true);
    const fetchMock = serve();
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    let action = '';
    submit.mockImplementation(function (this: HTMLFormElement) {
      action = this.action;
    });
    renderTab();
    await screen.findByText('SO-001');
    fireEvent.click(screen.getByRole('columnheader', { name: 'Code' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url) === '/api/order/5/prestations?sort=code%2Casc&onlyOrdered=true'),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: /Exporter en CSV/ }));
    expect(action).toBe('http://localhost:3000/api/order/5/export?sort=code%2Casc');
  });

  it('refetches and forgets the typed quantities when the page bumps the reload key', async () => {
    spyFeedback();
    signIn(true);
    const fetchMock = serve();
    const { rerender } = renderTab({ editing: true });
    await screen.findByLabelText('Quantité de SO-003');
    typeQuantity('SO-003', '4');
    await waitFor(() => expect((screen.getByLabelText('Quantité de SO-003') as HTMLInputElement).value).toBe('4,0'));
    const calls = fetchMock.mock.calls.length;
    rerender({ editing: true, reloadKey: 1 });
    await waitFor(() => expect((screen.getByLabelText('Quantité de SO-003') as HTMLInputElement).value).toBe('0,0'));
    expect(fetchMock.mock.calls.length).toBeGreaterThan(calls);
  });

  it('filters per column in edit mode only', async () => {
    spyFeedback();
    signIn(true);
    serve();
    const { rerender } = renderTab({ editing: true });
    await screen.findByLabelText('Quantité de SO-003');
    fireEvent.change(screen.getByLabelText('Filtrer Désignation'), { target: { value: 'désignation 4' } });
    await waitFor(() => expect(shownCodes()).toEqual(['SO-004']));
    rerender({ editing: false });
    await waitFor(() => expect(shownCodes()).toEqual(['SO-001', 'HT-007']));
    expect(screen.queryByLabelText('Filtrer Désignation')).toBeNull();
  });
});
