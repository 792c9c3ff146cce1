import { describe, expect, it } from 'vitest';
import { formatEuroFr } from './money.js';

const nbsp = (text: string) => text.replaceAll(' ', '\u00a0');

describe('formatEuroFr', () => {
  it('writes a decimal string the French way, with no-break spaces', () => {
    expect(formatEuroFr('78210.60')).toBe(nbsp('78 210,60 €'));
    expect(formatEuroFr('1234567.5')).toBe(nbsp('1 234 567,50 €'));
    expect(formatEuroFr('999.99')).toBe(nbsp('999,99 €'));
    expect(formatEuroFr('0')).toBe(nbsp('0,00 €'));
    expect(formatEuroFr('12')).toBe(nbsp('12,00 €'));
    expect(formatEuroFr('-1500.25')).toBe(nbsp('-1 500,25 €'));
  });

  it('rounds half away from zero to the cent, without binary floats', () => {
    expect(formatEuroFr('0.005')).toBe(nbsp('0,01 €'));
    expect(formatEuroFr('1.004')).toBe(nbsp('1,00 €'));
    expect(formatEuroFr('999999999999999.995')).toBe(nbsp('1 000 000 000 000 000,00 €'));
    expect(formatEuroFr('-0.001')).toBe(nbsp('0,00 €'));
  });

  it('gives back what is not a decimal number', () => {
    expect(formatEuroFr('n/a')).toBe('n/a');
    expect(formatEuroFr('1e5')).toBe('1e5');
  });
});
