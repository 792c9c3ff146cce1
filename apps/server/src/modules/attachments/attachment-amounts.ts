import {
  DEFAULT_RG_RATE,
  lineTotal,
  MARKET_VAT_RATES,
  type MarketDepositType,
  type MarketVatType,
  orderTotal,
  RG_WARRANTY_MONTHS,
  totalWithVat,
} from '@isf/contract';
import Decimal from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The money of an attachment, in one place (DESIGN §6): its amount, its retention (RG) and release
 * date, and what it consumes of the deposits. Pure functions over decimal texts (decimal.js, never
 * binary floats); the service stores what they answer.
 */

const CENT = 2;
const roundCent = (value: Decimal) => value.toDecimalPlaces(CENT, Decimal.ROUND_HALF_UP);

/** A line: quantity done this time × unit price, rounded half-up to the cent. */
export const attachmentLineTotal = lineTotal;

/** The attachment's amount: the sum of its rounded line totals. */
export function attachmentAmount(lineTotals: readonly string[]): string {
  return orderTotal(lineTotals);
}

/** What decides the retention of an attachment: its market's type, rate and threshold, and its order. */
export type RetentionFacts = {
  marketType: MarketDepositType;
  /** The order's own type (chosen below a with-threshold market's threshold); null: the market's. */
  orderType: MarketDepositType | null;
  rgRate: string | null;
  threshold: string | null;
  orderTotal: string;
};

/**
 * Whether an RG is withheld (DESIGN §6): basic market → yes; not applicable → no; with threshold → yes
 * once the order total reaches the threshold, below it only when the order chose the basic retention
 * (its "with threshold" default, or "not applicable", withholds nothing).
 */
export function retentionApplies(facts: RetentionFacts): boolean {
  switch (facts.marketType) {
    case 'notApplicable':
      return false;
    case 'basic':
      return true;
    case 'withThreshold': {
      if (facts.threshold !== null && new Decimal(facts.orderTotal).greaterThanOrEqualTo(facts.threshold)) {
        return true;
      }
      return facts.orderType === 'basic';
    }
  }
}

/** The RG of an amount: amount × rate %, rounded half-up to the cent; no rate when no retention applies. */
export function retentionOf(amount: string, facts: RetentionFacts): { rate: string | null; rg: string } {
  if (!retentionApplies(facts)) {
    return { rate: null, rg: '0.00' };
  }
  const rate = new Decimal(facts.rgRate ?? DEFAULT_RG_RATE);
  return { rate: rate.toFixed(CENT), rg: roundCent(new Decimal(amount).times(rate).dividedBy(100)).toFixed(CENT) };
}

/** What is paid of an attachment once the RG and the deposit consumed are withheld. */
export function netAmount(amount: string, rg: string, depositUsed: string): string {
  return new Decimal(amount).minus(rg).minus(depositUsed).toFixed(CENT);
}

/** The VAT of what is paid, as the monthly statements charge it (DESIGN §6). */
export type AttachmentVat = {
  /** Percent ("20", "10"); null under reverse charge. */
  rate: string | null;
  vat: string;
  /** Net to pay with VAT (the net itself under reverse charge). */
  gross: string;
  reverseCharge: boolean;
};

/** The VAT on the net to pay excluding tax under the market's regime: none under reverse charge. */
export function attachmentVat(net: string, tva: MarketVatType): AttachmentVat {
  const gross = totalWithVat(net, tva);
  const reverseCharge = tva === 'reverseCharge';
  return {
    rate: reverseCharge ? null : MARKET_VAT_RATES[tva],
    vat: new Decimal(gross).minus(net).toFixed(CENT),
    gross,
    reverseCharge,
  };
}

/**
 * When the RG is released (SQL on an attachment row and its order, for the detail, the lists and the
 * statements): the date set on the attachment (warranty screen), else the order's RG release date, else
 * its delivery date (PV de réception) plus the warranty period; null while none is known or when
 * nothing is withheld.
 */
export function rgReleaseDateSql(attachment: string, order: string): SQL {
  const a = sql.raw(attachment);
  const o = sql.raw(order);
  return sql`CASE WHEN ${a}.rg > 0 THEN coalesce(${a}.rg_release_date, ${o}.release_date,
    (${o}.delivery_date + make_interval(months => ${RG_WARRANTY_MONTHS}))::date) END`;
}

export type DepositBalance = { id: number; amount: string; used: string };
export type DepositUse = { depositId: number; amount: string };

/**
 * What an attachment consumes of the deposits, in the given order: the amount still due once the RG is
 * withheld, taken from what remains on each deposit (amount − used, never below zero), until nothing
 * is due or nothing remains. So no deposit is ever consumed beyond its amount, and the attachment never
 * consumes more than it is worth.
 */
export function depositConsumption(due: string, deposits: readonly DepositBalance[]): { uses: DepositUse[]; total: string } {
  let left = Decimal.max(new Decimal(due), 0);
  const uses: DepositUse[] = [];
  for (const deposit of deposits) {
    if (left.isZero()) {
      break;
    }
    const remaining = Decimal.max(new Decimal(deposit.amount).minus(deposit.used), 0);
    const taken = Decimal.min(remaining, left);
    if (taken.greaterThan(0)) {
      uses.push({ depositId: deposit.id, amount: taken.toFixed(CENT) });
      left = left.minus(taken);
    }
  }
  return { uses, total: uses.reduce((sum, use) => sum.plus(use.amount), new Decimal(0)).toFixed(CENT) };
}
