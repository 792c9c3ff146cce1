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

function UnitTable(options: Partial<ListControllerOptions>) {
  const controller = useListController<UnitRow>({ listName: 'units', path: '/unit', ...options });
  return <DataTable controller={controller} columns={columns} csvPath="/unit/csv" />;
}

function show(options: Partial<ListControllerOptions> = {}) {
  renderRoutes([{ path: '/', element: <UnitTable {...options} /> }], '/');
}

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
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
      return reply(200, {
        content: [
          { id: 101 + page, name: 'Mètre', amount: '10.00' },
          { id: 201 + page, name: 'Unité', amount: '5.00' },
        ],
        totalElements: 500,
        summary: { amount: '15.00' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    show({ summary: true, defaultPageSize: 100, pageSizeOptions: [] });
    expect(await screen.findByText('101')).toBeTruthy();
    expect(screen.getByText('Total')).toBeTruthy();
    expect(screen.getByText('15.00')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toContain('summary=true');
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getAllByText('…')).toHaveLength(1);

    fireEvent.click(within(pager).getByRole('button', { name: '5' }));
    expect(await screen.findByText('105')).toBeTruthy();
    const rowNumbers = screen.getAllByRole('row').map((row) => row.querySelectorAll('td')[1]?.textContent);
    expect(rowNumbers).toContain('401');
    expect(rowNumbers).toContain('402');

    const pageInput = within(pager).getByRole('spinbutton', { name: 'Page' });
    fireEvent.change(pageInput, { target: { value: '99' } });
    fireEvent.keyDown(pageInput, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(fetchMock.mock.calls.at(-1)?.[0]).toContain('page=4'));
  });

  it('sorts by a clicked column header', async () => {
    const fetchMock = vi.fn(async (_url: string) => reply(200, { content: [{ id: 1, name: 'Mètre' }], totalElements: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    show();
    await screen.findByText('Mètre');
    fireEvent.click(screen.getByRole('columnheader', { name: 'Nom' }));
    await waitFor(() => expect(fetchMock.mock.calls.at(-1)?.[0]).toContain('sort=name%2Casc'));
  });
});
