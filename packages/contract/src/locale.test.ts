import { describe, expect, it } from 'vitest';
import { csvDecimalSeparator, formatCsvNumber, parseLocale } from './locale.js';

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
