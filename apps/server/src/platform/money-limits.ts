import { MONEY_COLUMN_MAX, moneyOverflowMessage } from '@isf/contract';
import Decimal from 'decimal.js';
import { badRequest } from './errors.js';

/**
 * Refuses (400, naming the field and the limit) an amount that a money column (`numeric(14, 2)`) cannot hold:
 * a line total of a huge quantity, or the total it makes. `field` is the request field the error points at.
 */
export function assertFitsMoney(amount: string, what: string, field: string, prefix = ''): string {
  if (new Decimal(amount).abs().greaterThan(MONEY_COLUMN_MAX)) {
    const message = `${prefix}${moneyOverflowMessage(what, amount)}`;
    throw badRequest(message, { [field]: message });
  }
  return amount;
}
