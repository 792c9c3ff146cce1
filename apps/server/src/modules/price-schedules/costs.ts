import { formatCsvNumber, type Locale } from '@isf/contract';
import Decimal from 'decimal.js';

const COST_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * A cost as typed in a form or a spreadsheet (`1 234,5`, `0.10`, `12 €`) to its exact two-decimal
 * text, or null when it is not a number ≥ 0 with at most two decimals. Never a binary float.
 */
export function normalizeCost(text: string): string | null {
  const compact = text
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/€$/, '')
    .replace(',', '.');
  if (!COST_PATTERN.test(compact)) {
    return null;
  }
  return new Decimal(compact).toFixed(2);
}

/** Whether a validated cost (possibly empty) is nothing to save. */
export function isZeroCost(cost: string): boolean {
  return cost === '' || new Decimal(cost).isZero();
}

/** A cost in a CSV export: two decimals, in the build locale's number format (decimal comma in French). */
export function formatCsvCost(cost: string, locale: Locale): string {
  return formatCsvNumber(new Decimal(cost).toFixed(2), locale);
}
