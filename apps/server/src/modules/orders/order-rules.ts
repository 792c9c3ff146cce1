import { MARKET_VAT_RATES, type MarketVatType } from '@isf/contract';
import Decimal from 'decimal.js';

/** A line total: unit price × quantity, rounded half-up to the cent (decimal arithmetic, never floats). */
export function lineTotal(unitPrice: string, quantity: string): string {
  return new Decimal(unitPrice).times(new Decimal(quantity)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** The order total: the sum of its rounded line totals. */
export function orderTotal(lineTotals: readonly string[]): string {
  return lineTotals.reduce((sum, total) => sum.plus(total), new Decimal(0)).toFixed(2);
}

/** The total with VAT of the market's type (reverse charge: no VAT invoiced). */
export function totalWithVat(total: string, tva: string): string {
  const rate = MARKET_VAT_RATES[tva as MarketVatType] ?? '0';
  return new Decimal(total)
    .times(new Decimal(100).plus(rate))
    .dividedBy(100)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .toFixed(2);
}

/** Whether a quantity (numeric text) is zero. */
export function isZeroQuantity(quantity: string): boolean {
  return new Decimal(quantity).isZero();
}

/** A quantity normalised to one decimal (spec 2 §9). */
export function normalizeQuantity(quantity: string): string {
  return new Decimal(quantity).toFixed(1);
}
