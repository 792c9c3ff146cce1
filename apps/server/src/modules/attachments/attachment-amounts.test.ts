import type { MarketDepositType } from '@isf/contract';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  attachmentAmount,
  attachmentLineTotal,
  depositConsumption,
  netAmount,
  type RetentionFacts,
  retentionApplies,
  retentionOf,
} from './attachment-amounts.js';

/** A seeded generator (the same draws on every run), as the order total property test does. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return {
    cents: (max: number) => new Decimal(Math.floor(next() * max * 100)).dividedBy(100).toFixed(2),
    quantity: () => new Decimal(Math.floor(next() * 400)).dividedBy(2).toFixed(1),
    rate: () => new Decimal(Math.floor(next() * 10_001)).dividedBy(100).toFixed(2),
    integer: (max: number) => Math.floor(next() * max),
  };
}

const facts = (overrides: Partial<RetentionFacts> = {}): RetentionFacts => ({
  marketType: 'basic',
  orderType: null,
  rgRate: '5',
  threshold: null,
  orderTotal: '1000.00',
  ...overrides,
});

describe('attachment amount', () => {
  it('rounds each line half-up to the cent before summing', () => {
    expect(attachmentLineTotal('0.15', '0.5')).toBe('0.08');
    expect(attachmentAmount([attachmentLineTotal('0.15', '0.5'), attachmentLineTotal('0.15', '0.5')])).toBe('0.16');
    expect(attachmentAmount([])).toBe('0.00');
  });

  it('equals the sum of the rounded lines for random prices and quantities (property)', () => {
    const random = generator(7);
    for (let round = 0; round < 200; round += 1) {
      const lines = Array.from({ length: random.integer(12) }, () => ({
        price: random.cents(50_000),
        quantity: random.quantity(),
      }));
      const totals = lines.map((line) => attachmentLineTotal(line.price, line.quantity));
      const amount = new Decimal(attachmentAmount(totals));
      const exact = lines.reduce((sum, line) => sum.plus(new Decimal(line.price).times(line.quantity)), new Decimal(0));
      expect(amount.toFixed(2)).toBe(totals.reduce((sum, total) => sum.plus(total), new Decimal(0)).toFixed(2));
      expect(amount.greaterThanOrEqualTo(0)).toBe(true);
      // each line is off by half a cent at most
      expect(amount.minus(exact).abs().lessThanOrEqualTo(new Decimal('0.005').times(lines.length))).toBe(true);
    }
  });
});

describe('retention (RG)', () => {
  it('follows the market type: basic yes, not applicable no', () => {
    expect(retentionOf('200.00', facts())).toEqual({ rate: '5.00', rg: '10.00' });
    expect(retentionOf('200.00', facts({ marketType: 'notApplicable', rgRate: null }))).toEqual({ rate: null, rg: '0.00' });
    expect(retentionOf('333.33', facts({ rgRate: '2.5' }))).toEqual({ rate: '2.50', rg: '8.33' });
  });

  it('with a threshold: from the threshold on; below it only when the order chose the basic retention', () => {
    const withThreshold = facts({ marketType: 'withThreshold', threshold: '5000.00' });
    expect(retentionApplies({ ...withThreshold, orderTotal: '4999.99' })).toBe(false);
    expect(retentionApplies({ ...withThreshold, orderTotal: '5000.00' })).toBe(true);
    expect(retentionApplies({ ...withThreshold, orderTotal: '100.00', orderType: 'basic' })).toBe(true);
    expect(retentionApplies({ ...withThreshold, orderTotal: '100.00', orderType: 'notApplicable' })).toBe(false);
    expect(retentionApplies({ ...withThreshold, orderTotal: '6000.00', orderType: 'notApplicable' })).toBe(true);
  });

  it('never exceeds rate × amount (to the half cent) nor the amount (property)', () => {
    const random = generator(11);
    const types: MarketDepositType[] = ['basic', 'withThreshold', 'notApplicable'];
    for (let round = 0; round < 500; round += 1) {
      const amount = random.cents(1_000_000);
      const rate = random.rate();
      const retention = retentionOf(
        amount,
        facts({
          marketType: types[random.integer(3)] ?? 'basic',
          orderType: [null, 'basic', 'notApplicable', 'withThreshold'][random.integer(4)] as MarketDepositType | null,
          rgRate: rate,
          threshold: random.cents(100_000),
          orderTotal: random.cents(100_000),
        }),
      );
      const rg = new Decimal(retention.rg);
      expect(rg.greaterThanOrEqualTo(0)).toBe(true);
      expect(rg.lessThanOrEqualTo(amount)).toBe(true);
      expect(rg.lessThanOrEqualTo(new Decimal(amount).times(rate).dividedBy(100).plus('0.005'))).toBe(true);
      expect(rg.decimalPlaces()).toBeLessThanOrEqual(2);
    }
  });
});

describe('deposit consumption', () => {
  it('takes what is due from the deposits in order, up to what remains on each', () => {
    const deposits = [
      { id: 1, amount: '100.00', used: '80.00' },
      { id: 2, amount: '50.00', used: '0' },
    ];
    expect(depositConsumption('30.00', deposits)).toEqual({
      uses: [
        { depositId: 1, amount: '20.00' },
        { depositId: 2, amount: '10.00' },
      ],
      total: '30.00',
    });
    expect(depositConsumption('500.00', deposits).total).toBe('70.00');
    expect(depositConsumption('0.00', deposits)).toEqual({ uses: [], total: '0.00' });
    expect(depositConsumption('-5.00', deposits)).toEqual({ uses: [], total: '0.00' });
    // an over-consumed deposit (data from elsewhere) gives nothing, never a negative use
    expect(depositConsumption('10.00', [{ id: 3, amount: '10.00', used: '12.00' }])).toEqual({ uses: [], total: '0.00' });
  });

  it('never consumes beyond a deposit, nor beyond what is due, and leaves nothing negative (property)', () => {
    const random = generator(23);
    for (let round = 0; round < 500; round += 1) {
      const deposits = Array.from({ length: random.integer(5) }, (_, index) => {
        const amount = random.cents(10_000);
        return { id: index + 1, amount, used: new Decimal(amount).times(random.integer(120)).dividedBy(100).toFixed(2) };
      });
      const due = random.cents(20_000);
      const { uses, total } = depositConsumption(due, deposits);
      const available = deposits.reduce(
        (sum, deposit) => sum.plus(Decimal.max(new Decimal(deposit.amount).minus(deposit.used), 0)),
        new Decimal(0),
      );
      expect(total).toBe(Decimal.min(due, available).toFixed(2));
      expect(total).toBe(uses.reduce((sum, use) => sum.plus(use.amount), new Decimal(0)).toFixed(2));
      for (const use of uses) {
        const deposit = deposits.find((candidate) => candidate.id === use.depositId);
        const remaining = new Decimal(deposit?.amount ?? 0).minus(deposit?.used ?? 0);
        expect(new Decimal(use.amount).greaterThan(0)).toBe(true);
        expect(remaining.minus(use.amount).greaterThanOrEqualTo(0)).toBe(true);
      }
      expect(new Decimal(netAmount(due, '0', total)).greaterThanOrEqualTo(0)).toBe(true);
    }
  });
});
