import Decimal from 'decimal.js';
import { isRgReleased } from '../attachments/index.js';

/**
 * What the warranty view reads of one validated attachment: its RG, the deposits it consumed, its RG
 * release date, and the RG released (the amount its release situation records, `releasedRgSql`; null
 * while no statement releases it).
 */
export type WarrantyAttachment = { rg: string; depositUsed: string; releaseDate: string | null; released: string | null };

export type OrderWarranty = {
  rg: string;
  depositUsed: string;
  rgToRelease: string;
  rgReleased: string;
  rgLeft: string;
  rgFromDepositReleased: string;
};

/**
 * The warranty columns of an order (spec 2 Order warranties) from its validated attachments
 * (docs/decisions.md "Deposits and order warranties" and "Monthly statements"): the RG withheld and the
 * deposits consumed; released = the RG a monthly statement releases (the statements' rule, `isRgReleased`);
 * to release = the RG of the attachments not released yet whose release date is known (come or to come);
 * left = withheld − released; from deposit released = the released RG of attachments that consumed a
 * deposit. `warranties.lists.ts` computes the same in SQL; a test holds them together.
 */
export function orderWarranty(attachments: readonly WarrantyAttachment[]): OrderWarranty {
  const sum = (predicate: (attachment: WarrantyAttachment) => boolean, pick: (attachment: WarrantyAttachment) => string) =>
    attachments.filter(predicate).reduce((total, attachment) => total.plus(pick(attachment)), new Decimal(0));
  const all = () => true;
  const released = (attachment: WarrantyAttachment) => isRgReleased(attachment.released);
  const releasedAmount = (attachment: WarrantyAttachment) => attachment.released ?? '0';
  const rg = sum(all, (attachment) => attachment.rg);
  const rgReleased = sum(released, releasedAmount);
  return {
    rg: rg.toFixed(2),
    depositUsed: sum(all, (attachment) => attachment.depositUsed).toFixed(2),
    rgToRelease: sum(
      (attachment) => attachment.releaseDate !== null && !released(attachment),
      (attachment) => attachment.rg,
    ).toFixed(2),
    rgReleased: rgReleased.toFixed(2),
    rgLeft: rg.minus(rgReleased).toFixed(2),
    rgFromDepositReleased: sum(
      (attachment) => released(attachment) && new Decimal(attachment.depositUsed).greaterThan(0),
      releasedAmount,
    ).toFixed(2),
  };
}
