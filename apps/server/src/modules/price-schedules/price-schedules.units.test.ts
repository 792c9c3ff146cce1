import { describe, expect, it } from 'vitest';
import { normalizeName, planCategoryMerges } from './category-merge.js';
import { formatCsvCost, isZeroCost, normalizeCost } from './costs.js';

describe('category merge plan', () => {
  it('compares names without case, accents or extra spaces', () => {
    expect(normalizeName('  Génie   Civil ')).toBe(normalizeName('genie civil'));
    expect(normalizeName('Tirage')).not.toBe(normalizeName('Tirages'));
  });

  it('merges duplicates of the same parent into the lowest id, top categories first', () => {
    const plan = planCategoryMerges([
      { id: 4, name: 'Génie civil', parentId: null },
      { id: 2, name: 'GENIE CIVIL', parentId: null },
      { id: 9, name: 'Tranchée', parentId: 4 },
      { id: 7, name: 'tranchee', parentId: 2 },
      { id: 8, name: 'Tranchée', parentId: 3 },
      { id: 3, name: 'Optique', parentId: null },
    ]);
    expect(plan).toEqual([
      { keep: 2, merged: [4] },
      { keep: 7, merged: [9] },
    ]);
  });

  it('plans nothing without duplicates', () => {
    expect(planCategoryMerges([{ id: 1, name: 'A', parentId: null }])).toEqual([]);
  });
});

describe('costs', () => {
  it('keeps costs exact to the cent', () => {
    expect(normalizeCost('0.10')).toBe('0.10');
    expect(normalizeCost('0,2')).toBe('0.20');
    expect(normalizeCost('1 234,56 €')).toBe('1234.56');
    expect(normalizeCost('999999999999.99')).toBe('999999999999.99');
  });

  it('refuses negative, over-precise or non-numeric costs', () => {
    for (const text of ['-1', '1.005', 'abc', '', '1e3', '1.2.3', '0x10']) {
      expect(normalizeCost(text), text).toBeNull();
    }
  });

  it('treats empty and zero as nothing to save, and writes French decimals', () => {
    expect(isZeroCost('')).toBe(true);
    expect(isZeroCost('0.00')).toBe(true);
    expect(isZeroCost('0.01')).toBe(false);
    expect(formatCsvCost('12.5', 'fr')).toBe('12,50');
    expect(formatCsvCost('12.5', 'en')).toBe('12.50');
  });
});
