import type { MarketVatType, StatementFigures } from '@isf/contract';
import Decimal from 'decimal.js';
import { attachmentVat, netAmount } from '../attachments/index.js';

/** What the figures of a statement are computed from: its attachments' money and the RG it releases. */
export type StatementMoney = {
  attachments: readonly { amount: string; rg: string; depositUsed: string }[];
  /** The RG released in this statement. */
  released: readonly string[];
  /** The RG due by the statement's date and released in no statement yet. */
  due: readonly string[];
  tva: MarketVatType;
};

const sum = (values: readonly string[]) => values.reduce((total, value) => total.plus(value), new Decimal(0));

/**
 * The figures of a monthly statement (DESIGN §6), in one place: totals of its attachments, what is paid
 * without the RG and the deposits consumed (the attachments' `netAmount`), plus the RG released in it, and
 * the VAT of the market (the attachments' `attachmentVat`: none under reverse charge). Decimal texts.
 */
export function statementFigures(money: StatementMoney): StatementFigures {
  const totalAmount = sum(money.attachments.map((row) => row.amount)).toFixed(2);
  const rgamount = sum(money.attachments.map((row) => row.rg)).toFixed(2);
  const depositUsed = sum(money.attachments.map((row) => row.depositUsed)).toFixed(2);
  const totalAmountWithoutRG = netAmount(totalAmount, rgamount, depositUsed);
  const rgreleased = sum(money.released).toFixed(2);
  const totalAmountWithReleasedRG = new Decimal(totalAmountWithoutRG).plus(rgreleased).toFixed(2);
  const vat = attachmentVat(totalAmountWithReleasedRG, money.tva);
  const figures = {
    totalAmount,
    rgamount,
    depositUsed,
    totalAmountWithoutRG,
    rgToRelease: sum(money.due).toFixed(2),
    rgreleased,
    totalAmountWithReleasedRG,
    tvaRate: vat.rate,
    tvaamount: vat.vat,
    totalAmountTTC: vat.gross,
  };
  const negative = [rgamount, depositUsed, totalAmountWithoutRG, rgreleased, totalAmountWithReleasedRG].some((value) =>
    new Decimal(value).lessThan(0),
  );
  return { ...figures, negative };
}
