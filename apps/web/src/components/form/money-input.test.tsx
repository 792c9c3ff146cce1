import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoneyInput, MoneyInput, parseMoneyInput } from './money-input';

describe('MoneyInput', () => {
  it('groups thousands and writes the decimal comma', () => {
    expect(formatMoneyInput('250000.00')).toBe('250\u202f000,00');
    expect(formatMoneyInput('1234567.5')).toBe('1\u202f234\u202f567,50');
    expect(formatMoneyInput('999')).toBe('999,00');
    expect(formatMoneyInput('-1234.10')).toBe('-1\u202f234,10');
    expect(formatMoneyInput('')).toBe('');
  });

  it('reads back what a user types, with spaces, comma or point', () => {
    expect(parseMoneyInput('250 000,00')).toBe('250000.00');
    expect(parseMoneyInput('250\u202f000,5 €')).toBe('250000.5');
    expect(parseMoneyInput('12.35')).toBe('12.35');
  });

  it('shows a stored amount the French way', () => {
    render(<MoneyInput aria-label="Montant" value="250000.00" />);
    expect((screen.getByLabelText('Montant') as HTMLInputElement).value).toBe('250\u202f000,00');
  });
});
