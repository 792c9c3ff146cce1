import { describe, expect, it } from 'vitest';
import {
  csvFormFields,
  filtersFromTable,
  type ListSort,
  listStateToWire,
  sortFromSorter,
  sortOrderOf,
  tableChangeToQuery,
  totalsWire,
} from './table-change';

const byId: ListSort = { column: 'id', direction: 'asc' };

describe('sortFromSorter', () => {
  it('maps the clicked column and its order', () => {
    expect(sortFromSorter({ columnKey: 'name', order: 'descend' }, byId)).toEqual({ column: 'name', direction: 'desc' });
    expect(sortFromSorter({ field: 'oracleCode', order: 'ascend' }, byId)).toEqual({ column: 'oracleCode', direction: 'asc' });
  });

  it('falls back to the default sort when the sort is cancelled', () => {
    expect(sortFromSorter({ columnKey: 'name', order: null }, byId)).toBe(byId);
    expect(sortFromSorter([], byId)).toBe(byId);
  });

  it('takes the first ordered sorter of a multiple sort', () => {
    expect(
      sortFromSorter(
        [
          { columnKey: 'name', order: null },
          { columnKey: 'code', order: 'descend' },
        ],
        byId,
      ),
    ).toEqual({ column: 'code', direction: 'desc' });
  });
});

describe('sortOrderOf', () => {
  it('shows the order on the sorted column only', () => {
    expect(sortOrderOf({ column: 'name', direction: 'desc' }, 'name')).toBe('descend');
    expect(sortOrderOf(byId, 'id')).toBe('ascend');
    expect(sortOrderOf(byId, 'name')).toBeNull();
  });
});

describe('filtersFromTable', () => {
  it('sets a null or not-null marker chosen in a column menu', () => {
    expect(filtersFromTable({ name: 'mè' }, { oracleCode: ['notnull'], name: null })).toEqual({
      name: 'mè',
      oracleCode: 'notnull',
    });
  });

  it('replaces a text filter of the same column by the marker', () => {
    expect(filtersFromTable({ name: 'mè' }, { name: ['null'] })).toEqual({ name: 'null' });
  });

  it('removes a marker whose menu was cleared and keeps text filters', () => {
    expect(filtersFromTable({ name: 'mè', code: 'null' }, { name: null, code: null })).toEqual({ name: 'mè' });
  });

  it('ignores values that are not markers', () => {
    expect(filtersFromTable({}, { name: ['other'] })).toEqual({});
  });
});

describe('tableChangeToQuery', () => {
  it('maps the sorter and the filter menus together', () => {
    expect(
      tableChangeToQuery(
        { sort: byId, filters: { name: 'a' } },
        { sorter: { columnKey: 'name', order: 'ascend' }, filters: { oracleCode: ['null'] } },
        byId,
      ),
    ).toEqual({ sort: { column: 'name', direction: 'asc' }, filters: { name: 'a', oracleCode: 'null' } });
  });
});

describe('listStateToWire', () => {
  it('sends a zero-based page, the sort and the non-empty filters, never the totals', () => {
    expect(
      listStateToWire({
        page: 3,
        size: 50,
        sort: { column: 'name', direction: 'desc' },
        filters: { name: 'mè', code: '' },
        summary: true,
      }),
    ).toEqual({ page: '2', size: '50', sort: 'name,desc', filters: '{"name":"mè"}' });
  });
});

describe('totalsWire', () => {
  it('asks the totals alone, for the non-empty filters only', () => {
    expect(totalsWire({ name: 'mè', code: '' })).toEqual({ filters: '{"name":"mè"}', summary: 'only' });
    expect(totalsWire({})).toEqual({ summary: 'only' });
  });
});

describe('csvFormFields', () => {
  it('posts the current query with the selected ids', () => {
    expect(csvFormFields({ page: 1, size: 100, sort: byId, filters: {}, summary: true }, [3, 7])).toEqual({
      page: '0',
      size: '100',
      sort: 'id,asc',
      filters: '{}',
      ids: '3,7',
    });
  });
});
