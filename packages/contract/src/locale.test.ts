import { describe, expect, it } from 'vitest';
import { csvDecimalSeparator, formatCount, formatCsvNumber, parseLocale } from './locale.js';

describe('CSV number format by locale', () => {
  it('writes a decimal comma in French and a decimal point in English, without grouping', () => {
    expect(formatCsvNumber('-1234.50', 'fr')).toBe('-1234,50');
    expect(formatCsvNumber('-1234.50', 'en')).toBe('-1234.50');
    expect(formatCsvNumber('42', 'fr')).toBe('42');
    expect(csvDecimalSeparator('fr')).toBe(',');
    expect(csvDecimalSeparator('en')).toBe('.');
  });

  it('is French unless the build asks for English', () => {
    expect(parseLocale(undefined)).toBe('fr');
    expect(parseLocale('fr')).toBe('fr');
    expect(parseLocale('de')).toBe('fr');
    expect(parseLocale('en')).toBe('en');
  });
});

describe('count format by locale', () => {
  it('groups thousands with a narrow no-break space in French and a comma in English', () => {
    expect(formatCount(20_000)).toBe('20\u202f000');
    expect(formatCount(1_234_567, 'fr')).toBe('1\u202f234\u202f567');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(20_000, 'en')).toBe('20,000');
  });
});
