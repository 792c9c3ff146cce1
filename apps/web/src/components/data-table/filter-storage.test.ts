import { beforeEach, describe, expect, it } from 'vitest';
import { compactFilters, loadFilters, saveFilters } from './filter-storage';

describe('filter persistence', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('remembers a filter set per list name', () => {
    saveFilters('units', { name: 'mè', oracleCode: 'notnull' });
    saveFilters('projects', { code: 'P01' });
    expect(loadFilters('units')).toEqual({ name: 'mè', oracleCode: 'notnull' });
    expect(loadFilters('projects')).toEqual({ code: 'P01' });
    expect(loadFilters('documenttypes')).toEqual({});
  });

  it('discards a filter set whose values are all empty', () => {
    saveFilters('units', { name: 'mè' });
    saveFilters('units', { name: '', oracleCode: '   ' });
    expect(localStorage.getItem('isf.list-filters.units')).toBeNull();
    expect(loadFilters('units')).toEqual({});
  });

  it('keeps only the non-empty values of a mixed set', () => {
    saveFilters('units', { name: ' mè ', oracleCode: '' });
    expect(JSON.parse(localStorage.getItem('isf.list-filters.units') ?? '{}')).toEqual({ name: 'mè' });
  });

  it('ignores a stored entry that is all empty, broken or not an object of texts', () => {
    localStorage.setItem('isf.list-filters.a', JSON.stringify({ name: '' }));
    localStorage.setItem('isf.list-filters.b', '{not json');
    localStorage.setItem('isf.list-filters.c', JSON.stringify(['name']));
    localStorage.setItem('isf.list-filters.d', JSON.stringify({ name: 3, code: 'x' }));
    expect(loadFilters('a')).toEqual({});
    expect(loadFilters('b')).toEqual({});
    expect(loadFilters('c')).toEqual({});
    expect(loadFilters('d')).toEqual({ code: 'x' });
  });
});

describe('compactFilters', () => {
  it('trims values and drops the empty ones', () => {
    expect(compactFilters({ name: '  a ', code: '', id: ' ' })).toEqual({ name: 'a' });
  });
});
