import { FILTER_DEBOUNCE_MS } from '@isf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reply } from '../../lib/testing';
import { useListController } from './use-list-controller';

function wrapper({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

function requestedFilters(fetchMock: ReturnType<typeof vi.fn>): (string | null)[] {
  return fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').searchParams.get('filters'));
}

describe('useListController', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    localStorage.clear();
    fetchMock = vi.fn(async () => reply(200, { content: [{ id: 1, name: 'Mètre' }], totalElements: 120 }));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('fetches the first page sorted by id ascending, zero-based on the wire', async () => {
    const { result } = renderHook(() => useListController({ listName: 'units', path: '/unit' }), { wrapper });
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/unit');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '0', size: '50', sort: 'id,asc' });
    expect(result.current.lastPage).toBe(3);
    act(() => result.current.setPage(3));
    await waitFor(() => expect(fetchMock.mock.calls.at(-1)?.[0]).toContain('page=2'));
  });

  it('applies a typed filter after 500 ms of inactivity, back on the first page, and remembers it', async () => {
    const { result } = renderHook(() => useListController({ listName: 'units', path: '/unit' }), { wrapper });
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    act(() => result.current.setPage(2));
    vi.useFakeTimers();

    act(() => result.current.setFilterInput('name', 'm'));
    act(() => vi.advanceTimersByTime(300));
    act(() => result.current.setFilterInput('name', 'mè'));
    act(() => vi.advanceTimersByTime(FILTER_DEBOUNCE_MS - 1));
    expect(result.current.filterInputs).toEqual({ name: 'mè' });
    expect(result.current.state.filters).toEqual({});

    act(() => vi.advanceTimersByTime(1));
    expect(result.current.state.filters).toEqual({ name: 'mè' });
    expect(result.current.state.page).toBe(1);
    expect(JSON.parse(localStorage.getItem('isf.list-filters.units') ?? '{}')).toEqual({ name: 'mè' });
    await vi.waitFor(() => expect(requestedFilters(fetchMock)).toContain('{"name":"mè"}'));
    expect(requestedFilters(fetchMock)).not.toContain('{"name":"m"}');
  });

  it('applies a null / not-null choice at once and starts from the remembered filters', async () => {
    localStorage.setItem('isf.list-filters.units', JSON.stringify({ name: 'mè' }));
    const { result } = renderHook(() => useListController({ listName: 'units', path: '/unit' }), { wrapper });
    expect(result.current.state.filters).toEqual({ name: 'mè' });
    act(() => result.current.onTableChange({ columnKey: 'name', order: 'descend' }, { oracleCode: ['notnull'] }));
    expect(result.current.state.filters).toEqual({ name: 'mè', oracleCode: 'notnull' });
    expect(result.current.state.sort).toEqual({ column: 'name', direction: 'desc' });
    act(() => result.current.clearFilters());
    expect(result.current.state.filters).toEqual({});
    expect(localStorage.getItem('isf.list-filters.units')).toBeNull();
  });
});
