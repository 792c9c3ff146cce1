import { MARKET_VAT_RATES, MARKET_VAT_TYPES } from '@isf/contract';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depositConsumption, retentionOf } from '../attachments/index.js';
import { statementFigures } from './statement-figures.js';

/** Cents as a decimal text ("-12.34" … "99999.99"). */
const money = (min: number, max: number) => fc.integer({ min, max }).map((cents) => new Decimal(cents).dividedBy(100).toFixed(2));

/** A random market's attachments: amount, its RG at a random rate, what it took of a shared deposit. */
const market = fc
  .record({
    amounts: fc.array(money(0, 9_999_999), { maxLength: 12 }),
    rgRate: fc.integer({ min: 0, max: 1000 }).map((value) => new Decimal(value).dividedBy(100).toFixed(2)),
    deposit: money(0, 5_000_000),
    released: fc.array(money(0, 500_000), { maxLength: 5 }),
    tva: fc.constantFrom(...MARKET_VAT_TYPES),
  })
  .map(({ amounts, rgRate, deposit, released, tva }) => {
    let used = '0.00';
    const attachments = amounts.map((amount) => {
      const { rg } = retentionOf(amount, { marketType: 'basic', orderType: null, rgRate, threshold: null, orderTotal: amount });
      const taken = depositConsumption(new Decimal(amount).minus(rg).toFixed(2), [{ id: 1, amount: deposit, used }]);
      used = new Decimal(used).plus(taken.total).toFixed(2);
      return { amount, rg, depositUsed: taken.total };
    });
    return { attachments, released, due: [], tva, deposit };
  });

const sum = (values: readonly string[]) => values.reduce((total, value) => total.plus(value), new Decimal(0));

describe('statement figures, for random markets, attachments, deposits and releases (fast-check)', () => {
  it('total, RG and deposit used are the sums of its attachments; the net and the released add up', () => {
    fc.assert(
      fc.property(market, (input) => {
        const figures = statementFigures(input);
        expect(figures.totalAmount).toBe(sum(input.attachments.map((row) => row.amount)).toFixed(2));
        expect(figures.rgamount).toBe(sum(input.attachments.map((row) => row.rg)).toFixed(2));
        expect(figures.depositUsed).toBe(sum(input.attachments.map((row) => row.depositUsed)).toFixed(2));
        expect(figures.totalAmountWithoutRG).toBe(
          new Decimal(figures.totalAmount).minus(figures.rgamount).minus(figures.depositUsed).toFixed(2),
        );
        expect(figures.rgreleased).toBe(sum(input.released).toFixed(2));
        expect(figures.totalAmountWithReleasedRG).toBe(
          new Decimal(figures.totalAmountWithoutRG).plus(figures.rgreleased).toFixed(2),
        );
        // the deposit is never consumed beyond its amount, and an attachment never below zero due
        expect(new Decimal(figures.depositUsed).lessThanOrEqualTo(input.deposit)).toBe(true);
        expect(new Decimal(figures.totalAmountWithoutRG).greaterThanOrEqualTo(0)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('totalAmountTTC = totalAmountWithReleasedRG + tvaamount, the VAT at the market rate rounded half-up', () => {
    fc.assert(
      fc.property(market, (input) => {
        const figures = statementFigures(input);
        expect(figures.totalAmountTTC).toBe(new Decimal(figures.totalAmountWithReleasedRG).plus(figures.tvaamount).toFixed(2));
        const expectedVat = new Decimal(figures.totalAmountWithReleasedRG)
          .times(MARKET_VAT_RATES[input.tva])
          .dividedBy(100)
          .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
        expect(figures.tvaamount).toBe(expectedVat.toFixed(2));
        if (input.tva === 'reverseCharge') {
          expect(figures.tvaamount).toBe('0.00');
          expect(figures.tvaRate).toBeNull();
        }
      }),
      { numRuns: 500 },
    );
  });
});
