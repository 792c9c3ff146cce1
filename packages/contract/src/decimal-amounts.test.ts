import { describe, expect, it } from 'vitest';
import {
  compareDecimals,
  isZeroDecimal,
  lineTotal,
  normalizeQuantity,
  orderTotal,
  roundDecimal,
  sumDecimals,
  totalWithVat,
} from './decimal-amounts.js';

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

  it('adds the market VAT to a total and rounds half-up to the cent', () => {
    expect(totalWithVat('100.00', 'basic')).toBe('120.00');
    expect(totalWithVat('100.00', 'tenPercents')).toBe('110.00');
    expect(totalWithVat('100.00', 'reverseCharge')).toBe('100.00');
    expect(totalWithVat('0.05', 'basic')).toBe('0.06');
    expect(totalWithVat('1234.57', 'basic')).toBe('1481.48');
    expect(totalWithVat('-10.03', 'basic')).toBe('-12.04');
    expect(totalWithVat('10.00', 'unknown')).toBe('10.00');
  });

  it('sums the rounded line totals into the order total and normalises quantities to one decimal', () => {
    expect(orderTotal(['6.18', '37.05', '0.30'])).toBe('43.53');
    expect(orderTotal([])).toBe('0.00');
    expect(normalizeQuantity('2.25')).toBe('2.3');
    expect(normalizeQuantity('3')).toBe('3.0');
  });
});
