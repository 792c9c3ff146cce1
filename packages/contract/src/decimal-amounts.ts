import { MARKET_VAT_RATES, type MarketVatType } from './markets.js';

/**
 * Exact decimal arithmetic on money and quantity strings, the one copy of the order and attachment line
 * rules that the server stores and the web previews (no decimal library needed): a value is held as an
 * integer of units and a number of decimals, so 0.1 + 0.2 is 0.3.
 */
type Scaled = { units: bigint; decimals: number };

const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?$/;

/** Parses "12.35", "12,35", " 3 " or "" (zero); anything else is zero too (the input field refuses it). */
function parse(text: string | null | undefined): Scaled {
  const match = DECIMAL.exec((text ?? '').replace(/[\s\u202f]/g, '').replace(',', '.'));
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) {
    return { units: 0n, decimals: 0 };
  }
  const fraction = match[3] ?? '';
  const units = BigInt(`${match[2] || '0'}${fraction}`);
  return { units: match[1] === '-' ? -units : units, decimals: fraction.length };
}

function rescale(value: Scaled, decimals: number): bigint {
  if (decimals >= value.decimals) {
    return value.units * 10n ** BigInt(decimals - value.decimals);
  }
  const divisor = 10n ** BigInt(value.decimals - decimals);
  const magnitude = value.units < 0n ? -value.units : value.units;
  // Half-up on the magnitude (half away from zero), as decimal.js's ROUND_HALF_UP.
  const rounded = magnitude / divisor + ((magnitude % divisor) * 2n >= divisor ? 1n : 0n);
  return value.units < 0n ? -rounded : rounded;
}

function format(units: bigint, decimals: number): string {
  const magnitude = (units < 0n ? -units : units).toString().padStart(decimals + 1, '0');
  const sign = units < 0n ? '-' : '';
  if (decimals === 0) {
    return `${sign}${magnitude}`;
  }
  return `${sign}${magnitude.slice(0, -decimals)}.${magnitude.slice(-decimals)}`;
}

/** Whether a quantity or an amount is zero ("", "0", "0.0", "0,00"). */
export function isZeroDecimal(text: string | null | undefined): boolean {
  return parse(text).units === 0n;
}

/** A value rounded half-up to a number of decimals: `roundDecimal("2.25", 1)` is "2.3". */
export function roundDecimal(text: string | null | undefined, decimals: number): string {
  return format(rescale(parse(text), decimals), decimals);
}

/** A line total: unit price × quantity rounded half-up to the cent. */
export function lineTotal(unitPrice: string, quantity: string): string {
  const price = parse(unitPrice);
  const amount = parse(quantity);
  return format(rescale({ units: price.units * amount.units, decimals: price.decimals + amount.decimals }, 2), 2);
}

/** The exact sum of decimal strings, written with a number of decimals. */
export function sumDecimals(values: readonly string[], decimals: number): string {
  const parsed = values.map(parse);
  const widest = Math.max(decimals, ...parsed.map((value) => value.decimals));
  const total = parsed.reduce((sum, value) => sum + rescale(value, widest), 0n);
  return format(rescale({ units: total, decimals: widest }, decimals), decimals);
}

/** Compares two decimal strings (negative, zero or positive, as a sort comparator). */
export function compareDecimals(left: string, right: string): number {
  const a = parse(left);
  const b = parse(right);
  const widest = Math.max(a.decimals, b.decimals);
  const difference = rescale(a, widest) - rescale(b, widest);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}

/** The order total: the sum of its rounded line totals. */
export function orderTotal(lineTotals: readonly string[]): string {
  return sumDecimals(lineTotals, 2);
}

/** The total with VAT of the market's type, rounded half-up to the cent (reverse charge: no VAT invoiced). */
export function totalWithVat(total: string, tva: string): string {
  const amount = parse(total);
  const rate = parse(MARKET_VAT_RATES[tva as MarketVatType] ?? '0');
  // total × (100 + rate) / 100, exactly, then rounded
  const factor = 100n * 10n ** BigInt(rate.decimals) + rate.units;
  return format(rescale({ units: amount.units * factor, decimals: amount.decimals + rate.decimals + 2 }, 2), 2);
}

/** A quantity normalised to one decimal, half-up (spec 2 §9). */
export function normalizeQuantity(quantity: string): string {
  return roundDecimal(quantity, 1);
}
