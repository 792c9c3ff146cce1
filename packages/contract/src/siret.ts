/** SIRET checks done before any registry call (spec 3 §5): 14 digits and the Luhn key. */
export const SIRET_LENGTH = 14;
const LA_POSTE_SIREN = '356000000';

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) {
        digit -= 9;
      }
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * A SIRET is valid when it has 14 digits and passes Luhn, except La Poste's establishments (SIREN
 * 356000000), whose SIRET digits must add up to a multiple of 5 (INSEE rule).
 */
export function isValidSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) {
    return false;
  }
  if (value.startsWith(LA_POSTE_SIREN) && value !== '35600000000048') {
    const sum = [...value].reduce((total, digit) => total + Number(digit), 0);
    return sum % 5 === 0;
  }
  return luhnValid(value);
}

/** Completes a 13-digit prefix with the Luhn key (fixtures and tests). */
export function withSiretKey(prefix13: string): string {
  for (let key = 0; key <= 9; key += 1) {
    const candidate = `${prefix13}${key}`;
    if (luhnValid(candidate)) {
      return candidate;
    }
  }
  throw new Error('unreachable: one key digit always satisfies Luhn');
}
