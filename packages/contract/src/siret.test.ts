import { describe, expect, it } from 'vitest';
import { isValidSiret, withSiretKey } from './siret.js';

describe('SIRET check', () => {
  it('accepts a SIRET whose Luhn key is right', () => {
    expect(isValidSiret('73282932000074')).toBe(true);
  });

  it('refuses a wrong key, a wrong length and letters', () => {
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('7328293200007')).toBe(false);
    expect(isValidSiret('7328293200007A')).toBe(false);
  });

  it("accepts La Poste's establishments by the sum of digits rule", () => {
    expect(isValidSiret('35600000000048')).toBe(true);
    expect(isValidSiret('35600000049837')).toBe(true);
    expect(isValidSiret('35600000049838')).toBe(false);
  });

  it('completes a prefix with its key', () => {
    expect(isValidSiret(withSiretKey('1234567890123'))).toBe(true);
  });
});
