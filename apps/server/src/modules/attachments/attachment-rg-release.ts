import { type SQL, sql } from 'drizzle-orm';

/**
 * When is an attachment's RG "released"? One rule for the statements, the warranties and the order
 * figures stored from it (`order-figures.ts`), kept here with the attachment's other money rules so that
 * each of them may read it (docs/decisions.md "Monthly statements", RG releases): when a monthly statement records its release
 * (a row of `monthly_statement_rg_releases`, the attachment's "release situation"), paid or not; the
 * amount released is the one recorded there. The release date (`rgReleaseDateSql`) only says when it
 * becomes due.
 */

/** The RG released of an attachment (SQL on an attachment row named `attachment`): the amount, null while none. */
export function releasedRgSql(attachment: string): SQL {
  return sql`(SELECT r.amount FROM monthly_statement_rg_releases r WHERE r.attachment_id = ${sql.raw(attachment)}.id)`;
}

/** Whether the attachment's RG is released (a boolean SQL on an attachment row named `attachment`). */
export function rgReleasedSql(attachment: string): SQL {
  return sql`(${releasedRgSql(attachment)} IS NOT NULL)`;
}

/** The pure twin of `rgReleasedSql`, on the amount `releasedRgSql` reads. */
export function isRgReleased(released: string | null): released is string {
  return released !== null;
}
