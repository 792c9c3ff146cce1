import { readFileSync } from 'node:fs';
import { MARKET_VAT_TYPES } from '@isf/contract';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { attachmentAmount, attachmentLineTotal, depositConsumption, retentionOf } from '../attachments/index.js';
import { statementFigures } from './statement-figures.js';

/**
 * docs/money.md's worked example, row by row: every `key` | value row of its tables is computed here with
 * the product's own functions, and every row is checked (a row the test does not compute fails).
 */
const MONEY_DOC = new URL('../../../../../docs/money.md', import.meta.url);

function documentedRows(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const match of readFileSync(MONEY_DOC, 'utf8').matchAll(/^\|\s*`([\w.]+)`\s*\|([^|]+)\|$/gm)) {
    rows.set(match[1] ?? '', (match[2] ?? '').trim());
  }
  return rows;
}

const RETENTION = { marketType: 'basic', orderType: null, rgRate: '5', threshold: null, orderTotal: '0' } as const;

function computedRows(): Map<string, string> {
  const rows = new Map<string, string>();
  const lines = { A1: ['12', '102.88'], A2: ['2.5', '315.64'], A3: ['3', '666.67'] } as const;
  let deposit = { id: 1, amount: '500.00', used: '0.00' };
  const invoiced: { amount: string; rg: string; depositUsed: string }[] = [];
  for (const [name, [quantity, price]] of Object.entries(lines)) {
    const amount = attachmentAmount([attachmentLineTotal(price, quantity)]);
    const { rg } = retentionOf(amount, RETENTION);
    const consumed = depositConsumption(new Decimal(amount).minus(rg).toFixed(2), [deposit]);
    deposit = { ...deposit, used: new Decimal(deposit.used).plus(consumed.total).toFixed(2) };
    rows.set(`${name}.line`, `${quantity} × ${price}`);
    rows.set(`${name}.amount`, amount);
    rows.set(`${name}.rg`, rg);
    rows.set(`${name}.depositUsed`, consumed.total);
    invoiced.push({ amount, rg, depositUsed: consumed.total });
  }
  const earlier = { amount: '965.00', rg: retentionOf('965.00', RETENTION).rg };
  rows.set('A0.amount', earlier.amount);
  rows.set('A0.rg', earlier.rg);
  for (const tva of MARKET_VAT_TYPES) {
    const figures = statementFigures({ attachments: invoiced, released: [earlier.rg], due: [], tva });
    for (const key of [
      'totalAmount',
      'rgamount',
      'depositUsed',
      'totalAmountWithoutRG',
      'rgreleased',
      'totalAmountWithReleasedRG',
    ] as const) {
      rows.set(key, figures[key]);
    }
    if (figures.tvaRate !== null) {
      rows.set(`${tva}.tvaRate`, figures.tvaRate);
    }
    rows.set(`${tva}.tvaamount`, figures.tvaamount);
    rows.set(`${tva}.totalAmountTTC`, figures.totalAmountTTC);
  }
  return rows;
}

describe('docs/money.md worked example', () => {
  it('matches the product functions line by line, for each VAT regime', () => {
    const documented = documentedRows();
    const computed = computedRows();
    expect(documented.size).toBeGreaterThan(20);
    for (const [key, value] of documented) {
      expect(computed.get(key), `docs/money.md row ${key}`).toBe(value);
    }
    expect([...computed.keys()].filter((key) => !documented.has(key))).toEqual([]);
  });
});
