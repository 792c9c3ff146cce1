import Decimal from 'decimal.js';

/** What the warranty view reads of one validated attachment: its RG, the deposits it consumed, its RG release date. */
export type WarrantyAttachment = { rg: string; depositUsed: string; releaseDate: string | null };

export type OrderWarranty = {
  rg: string;
  depositUsed: string;
  rgToRelease: string;
  rgReleased: string;
  rgLeft: string;
  rgFromDepositReleased: string;
};

/** Whether an attachment's RG is released on `today` (ISO dates): its release date has come. */
export function rgReleasedOn(releaseDate: string | null, today: string): boolean {
  return releaseDate !== null && releaseDate <= today;
}

/**
 * The warranty columns of an order (spec 2 Order warranties) from its validated attachments
 * (docs/decisions.md "Deposits and order warranties"): the RG withheld and the deposits consumed;
 * released = the RG whose release date has come; to release = the RG whose release date is known and
 * still to come; left = withheld − released; from deposit released = the released RG of attachments
 * that consumed a deposit. `warranties.lists.ts` computes the same in SQL; a test holds them together.
 */
export function orderWarranty(attachments: readonly WarrantyAttachment[], today: string): OrderWarranty {
  const sum = (predicate: (attachment: WarrantyAttachment) => boolean, pick: (attachment: WarrantyAttachment) => string) =>
    attachments.filter(predicate).reduce((total, attachment) => total.plus(pick(attachment)), new Decimal(0));
  const all = () => true;
  const released = (attachment: WarrantyAttachment) => rgReleasedOn(attachment.releaseDate, today);
  const rg = sum(all, (attachment) => attachment.rg);
  const rgReleased = sum(released, (attachment) => attachment.rg);
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
      (attachment) => attachment.rg,
    ).toFixed(2),
  };
}
