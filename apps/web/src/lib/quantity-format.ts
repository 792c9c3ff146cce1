import { roundDecimal } from '@isf/contract';
import { NUMBER_LOCALE } from './i18n';

const quantityFormat = new Intl.NumberFormat(NUMBER_LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A quantity with one decimal in the locale's writing (spec 2 §9); display only, the value stays text. */
export function formatQuantity(quantity: string): string {
  return quantityFormat.format(Number(roundDecimal(quantity, 1)));
}
