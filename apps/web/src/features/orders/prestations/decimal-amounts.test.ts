import { describe, expect, it } from 'vitest';
import { compareDecimals, isZeroDecimal, lineTotal, roundDecimal, sumDecimals } from './decimal-amounts';

describe('decimal amounts', () => {
  it('multiplies a price by a quantity and rounds half-up to the cent, as the server does', () => {
    expect(lineTotal('12.35', '0.5')).toBe('6.18');
    expect(lineTotal('12.35', '3')).toBe('37.05');
    expect(lineTotal('0.10', '3')).toBe('0.30');
    expect(lineTotal('1.005', '1')).toBe('1.01');
    expect(lineTotal('19.99', '0')).toBe('0.00');
    expect(lineTotal('1234567.89', '1000.5')).toBe('1235185173.95');
  });

  it('sums exactly where binary floats drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumDecimals(['0.1', '0.2'], 2)).toBe('0.30');
    expect(sumDecimals(['6.18', '6.18', '6.18'], 2)).toBe('18.54');
    expect(sumDecimals(['0.5', '0.5', '0.5'], 1)).toBe('1.5');
    expect(sumDecimals([], 2)).toBe('0.00');
    expect(
      sumDecimals(
        Array.from({ length: 1000 }, () => '0.01'),
        2,
      ),
    ).toBe('10.00');
  });

  it('reads commas, blanks and empty text', () => {
    expect(sumDecimals(['1,5', ' 2 ', ''], 1)).toBe('3.5');
    expect(isZeroDecimal('')).toBe(true);
    expect(isZeroDecimal('0,0')).toBe(true);
    expect(isZeroDecimal('0.00')).toBe(true);
    expect(isZeroDecimal('0.5')).toBe(false);
    expect(isZeroDecimal('abc')).toBe(true);
  });

  it('rounds half-up and compares', () => {
    expect(roundDecimal('2.25', 1)).toBe('2.3');
    expect(roundDecimal('3', 1)).toBe('3.0');
    expect(roundDecimal('-2.25', 1)).toBe('-2.3');
    expect(compareDecimals('10.5', '9.75')).toBe(1);
    expect(compareDecimals('2', '2.00')).toBe(0);
    expect(compareDecimals('0.1', '0.25')).toBe(-1);
  });
});
