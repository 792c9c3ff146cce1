import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, reply } from '../../lib/testing';
import { type DataColumn, DataTable } from './data-table';
import { type ListControllerOptions, useListController } from './use-list-controller';

type UnitRow = { id: number; name: string; amount?: string };

const columns: DataColumn<UnitRow>[] = [
  { key: 'id', title: 'ID' },
  { key: 'name', title: 'Nom' },
  { key: 'amount', title: 'Montant', summary: true },
];

function UnitTable({
  tableColumns = columns,
  ...options
}: Partial<ListControllerOptions> & { tableColumns?: DataColumn<UnitRow>[] }) {
  const controller = useListController<UnitRow>({ listName: 'units', path: '/unit', ...options });
  return <DataTable controller={controller} columns={tableColumns} csvPath="/unit/csv" />;
}

function show(options: Partial<ListControllerOptions> & { tableColumns?: DataColumn<UnitRow>[] } = {}) {
  renderRoutes([{ path: '/', element: <UnitTable {...options} /> }], '/');
}

const PINNED = 'ant-table-cell-fix-start';
const pinned = (cells: Iterable<Element>) => Array.from(cells).map((cell) => cell.classList.contains(PINNED));

describe('DataTable', () => {
  beforeEach(() => localStorage.clear());

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows "no data" for an empty result', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(200, { content: [], totalElements: 0 })),
    );
    show();
    expect(await screen.findByText('no data')).toBeTruthy();
    expect(screen.queryByText('fetching error')).toBeNull();
  });

  it('shows "fetching error" in the empty table when the fetch fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(500, { error: 'boom' })),
    );
    show();
    expect(await screen.findByText('fetching error')).toBeTruthy();
    expect(screen.queryByText('no data')).toBeNull();
  });

  it('numbers the rows from the page start, shows the totals row and the pager', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const search = new URL(url, 'http://localhost').searchParams;
      if (search.get('summary') === 'only') {
        return reply(200, { summary: { amount: '15.00' } });
      }
      const page = Number(search.get('page'));
      return reply(200, {
        content: [
          { id: 101 + page, name: 'Mètre', amount: '10.00' },
          { id: 201 + page, name: 'Unité', amount: '5.00' },
        ],
        totalElements: 500,
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    show({ summary: true, defaultPageSize: 100, pageSizeOptions: [] });
    expect(await screen.findByText('101')).toBeTruthy();
    expect(screen.getByText('Total')).toBeTruthy();
    expect(await screen.findByText('15.00')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getAllByText('…')).toHaveLength(1);
    expect(within(pager).getByText('500 éléments')).toBeTruthy();
    expect(within(pager).getByRole('button', { name: '5' })).toBeTruthy();

    fireEvent.click(within(pager).getByRole('button', { name: '5' }));
    expect(await screen.findByText('105')).toBeTruthy();
    const rowNumbers = screen.getAllByRole('row').map((row) => row.querySelectorAll('td')[1]?.textContent);
    expect(rowNumbers).toContain('401');
    expect(rowNumbers).toContain('402');

    const pageInput = within(pager).getByRole('spinbutton', { name: 'Page' });
    fireEvent.change(pageInput, { target: { value: '99' } });
    fireEvent.keyDown(pageInput, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(fetchMock.mock.calls.at(-1)?.[0]).toContain('page=4'));
    // the totals were asked once, apart from the pages: paging does not ask them again
    const totalsCalls = fetchMock.mock.calls.filter(([url]) => url.includes('summary=only'));
    expect(totalsCalls).toHaveLength(1);
    expect(fetchMock.mock.calls.filter(([url]) => !url.includes('summary=only')).every(([url]) => !url.includes('summary'))).toBe(
      true,
    );
  });

  it('shows the page first, a spinner in the totals row until the totals come, then the totals', async () => {
    let sendTotals: (() => void) | undefined;
    const totalsSent = new Promise<void>((resolve) => {
      sendTotals = resolve;
    });
    const fetchMock = vi.fn(async (url: string) => {
      if (url.includes('summary=only')) {
        await totalsSent;
        return reply(200, { summary: { amount: '1250.50' } });
      }
      return reply(200, { content: [{ id: 1, name: 'Mètre', amount: '1250.50' }], totalElements: 1 });
    });
    vi.stubGlobal('fetch', fetchMock);
    show({ summary: true });
    expect(await screen.findByText('Mètre')).toBeTruthy();
    const totals = document.querySelector('.isf-summary-row') as HTMLElement;
    expect(totals.textContent).toContain('Total');
    expect(await within(totals).findByLabelText('Calcul des totaux…')).toBeTruthy();
    // the page went first, alone; the totals request followed it
    expect(fetchMock.mock.calls[0]?.[0]).not.toContain('summary');
    expect(fetchMock.mock.calls[1]?.[0]).toContain('summary=only');
    sendTotals?.();
    await waitFor(() => expect(within(totals).queryByLabelText('Calcul des totaux…')).toBeNull());
    expect(totals.textContent).toContain('1250.50');
  });

  it('shows a dash and the reason when the server gave up computing the totals', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('summary=only')
          ? reply(200, { summaryTimedOut: true })
          : reply(200, { content: [{ id: 1, name: 'Mètre', amount: '10.00' }], totalElements: 1 }),
      ),
    );
    show({ summary: true });
    expect(await screen.findByText('Mètre')).toBeTruthy();
    const missing = await screen.findByLabelText('Totaux non calculés (trop long) : filtrez la liste pour les obtenir.');
    expect(missing.textContent).toBe('—');
    expect(screen.queryByLabelText('Calcul des totaux…')).toBeNull();
  });

  it('shows "plus de 10 000" when the count was capped, and pages on without a last page', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
      return reply(200, {
        content: [{ id: 1000 + page, name: `Ligne ${page}` }],
        // as the server answers: counted up to the cap, or to the end of a page further away
        totalElements: Math.max(10_000, (page + 1) * 50),
        totalCapped: true,
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    show({ pageSizeOptions: [] });
    expect(await screen.findByText('Ligne 0')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    // French grouping: a narrow no-break space, as the app formats numbers
    const exactly = (text: string) => (_content: string, element: Element | null) => element?.textContent === text;
    expect(within(pager).getByText(exactly('plus de 10\u202f000 éléments'))).toBeTruthy();
    expect(within(pager).getByText('sur plus de 200')).toBeTruthy();
    expect(within(pager).queryByRole('button', { name: '200' })).toBeNull();
    expect(within(pager).queryByRole('button', { name: '201' })).toBeNull();
    expect(within(pager).getAllByText('…')).toHaveLength(1);

    fireEvent.click(within(pager).getByRole('button', { name: 'Page suivante' }));
    expect(await screen.findByText('Ligne 1')).toBeTruthy();

    // a page typed beyond the known ones is asked as it is, not brought back to the last page known
    const pageInput = within(pager).getByRole('spinbutton', { name: 'Page' });
    fireEvent.change(pageInput, { target: { value: '300' } });
    fireEvent.keyDown(pageInput, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('Ligne 299')).toBeTruthy();
    expect(within(pager).getByText(exactly('plus de 15\u202f000 éléments'))).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Page suivante' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('sorts by a clicked column header', async () => {
    const fetchMock = vi.fn(async (_url: string) => reply(200, { content: [{ id: 1, name: 'Mètre' }], totalElements: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    show();
    await screen.findByText('Mètre');
    fireEvent.click(screen.getByRole('columnheader', { name: 'Nom' }));
    await waitFor(() => expect(fetchMock.mock.calls.at(-1)?.[0]).toContain('sort=name%2Casc'));
  });

  it('pins the selection, the number and the reference (shown first) on the left, with the totals label', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('summary=only')
          ? reply(200, { summary: { amount: '10.00' } })
          : reply(200, { content: [{ id: 7, name: 'Mètre', amount: '10.00' }], totalElements: 1 }),
      ),
    );
    const withReference: DataColumn<UnitRow>[] = [
      { key: 'id', title: 'ID' },
      { key: 'name', title: 'Nom', reference: true },
      { key: 'amount', title: 'Montant', summary: true },
    ];
    show({ summary: true, tableColumns: withReference });
    const cell = await screen.findByText('Mètre');
    const [titles, filters] = Array.from(document.querySelectorAll('.ant-table-thead > tr'));
    // the reference comes first, after the selection and the number
    expect(Array.from(titles?.children ?? []).map((th) => th.textContent)).toEqual(['', '#', 'Nom', 'ID', 'Montant']);
    expect(pinned(titles?.children ?? [])).toEqual([true, true, true, false, false]);
    // the filter row's cells stick under their titles
    await waitFor(() => expect(pinned(filters?.children ?? [])).toEqual([true, true, true, false, false]));
    expect(pinned(cell.closest('tr')?.children ?? [])).toEqual([true, true, true, false, false]);
    // the totals label spans the pinned columns and is pinned with them
    const totals = document.querySelector('.isf-summary-row') as HTMLElement;
    expect(await within(totals).findByText('10.00')).toBeTruthy();
    const label = within(totals).getByText('Total').closest('td');
    expect(label?.colSpan).toBe(3);
    expect(label?.classList.contains(PINNED)).toBe(true);
    expect(pinned(totals.children)).toEqual([true, false, false]);
  });

  it('pins nothing in a list without a reference', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(200, { content: [{ id: 7, name: 'Mètre' }], totalElements: 1 })),
    );
    show();
    const cell = await screen.findByText('Mètre');
    expect(pinned(cell.closest('tr')?.children ?? [])).toEqual([false, false, false, false, false]);
    expect(pinned(document.querySelectorAll('.ant-table-thead th'))).not.toContain(true);
  });
});
