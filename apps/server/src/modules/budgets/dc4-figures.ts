import type { Dc4Figures } from '@isf/contract';
import Decimal from 'decimal.js';

/**
 * The DC4 figures of a market (docs/money.md "Budgets"), in one place: the pure rule the SQL of
 * `dc4.lists.ts` computes for every market, and a test holds them together. Amounts are decimal texts.
 */
export type Dc4Attachment = {
  /** The attachment's stored amount (`attachmentAmount`: the sum of its line totals). */
  amount: string;
  /** Whether it stands on a validated node (att_validated, att_prepared_for_payment, att_paid). */
  validated: boolean;
  /** The monthly statement invoicing it, if any, and whether that statement is paid. */
  statement: { paid: boolean } | null;
};

export type Dc4Facts = {
  maxAmountDc4Ht: string;
  attachments: readonly Dc4Attachment[];
  /** The totals of the market's orders standing on a validated or closed node. */
  orderedTotals: readonly string[];
};

const sum = (values: readonly string[]) => values.reduce((total, value) => total.plus(value), new Decimal(0));

/**
 * Only validated attachments count; each counts once: paid (invoiced in a paid statement), in a statement
 * (invoiced in an unpaid one), or validated (invoiced in none). Total = their sum; available = ceiling −
 * total; RAD (remaining to do) = ordered − total; available with RAD = available − RAD.
 */
export function dc4Figures(facts: Dc4Facts): Dc4Figures {
  const validated = facts.attachments.filter((attachment) => attachment.validated);
  const amounts = (keep: (attachment: Dc4Attachment) => boolean) =>
    sum(validated.filter(keep).map((attachment) => attachment.amount));
  const paid = amounts((attachment) => attachment.statement?.paid === true);
  const inStatement = amounts((attachment) => attachment.statement?.paid === false);
  const notInvoiced = amounts((attachment) => attachment.statement === null);
  const total = paid.plus(inStatement).plus(notInvoiced);
  const available = new Decimal(facts.maxAmountDc4Ht).minus(total);
  const ordered = sum(facts.orderedTotals);
  const rad = ordered.minus(total);
  return {
    maxAmountDc4Ht: new Decimal(facts.maxAmountDc4Ht).toFixed(2),
    amountPayedAttachments: paid.toFixed(2),
    amountMonthlyStatementAttachments: inStatement.toFixed(2),
    amountValidatedAttachments: notInvoiced.toFixed(2),
    totalAttachementAmount: total.toFixed(2),
    availableOnDc4: available.toFixed(2),
    amountOrdered: ordered.toFixed(2),
    radAmount: rad.toFixed(2),
    availableOnDc4WithRAD: available.minus(rad).toFixed(2),
  };
}
