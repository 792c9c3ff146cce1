/** A no-break space: between thousands and before the currency, so an amount never wraps. */
const NBSP = '\u00a0';

/**
 * A decimal string as French money: "78210.6" → "78 210,60 €" (two decimals rounded half away from zero,
 * no-break spaces between thousands and before €). Text arithmetic, never a binary float; a value that
 * is not a decimal number comes back unchanged.
 */
export function formatEuroFr(value: string): string {
  const match = /^([+-]?)(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) {
    return value;
  }
  const [, sign = '', whole = '0', fraction = ''] = match;
  let cents = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  if ((fraction[2] ?? '0') >= '5') {
    cents += 1n;
  }
  const digits = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  const decimals = (cents % 100n).toString().padStart(2, '0');
  const negative = sign === '-' && cents > 0n;
  return `${negative ? '-' : ''}${digits},${decimals}${NBSP}€`;
}

/** The largest amount a money column holds (`numeric(14, 2)`). */
export const MONEY_COLUMN_MAX = '999999999999.99';

/** The refusal of an amount beyond `MONEY_COLUMN_MAX`, naming what overflowed and the limit. */
export function moneyOverflowMessage(what: string, amount: string): string {
  return `${what} (${formatEuroFr(amount)}) dépasse le maximum de ${formatEuroFr(MONEY_COLUMN_MAX)} : réduisez la quantité.`;
}
