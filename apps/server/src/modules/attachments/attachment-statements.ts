import { type SQL, sql } from 'drizzle-orm';

/** The statements an attachment's detail links (spec 2 §6): read from the statements' link tables. */

/**
 * The statement invoicing an attachment (SQL on an attachment row named `attachment`), as `{ id, date }`
 * or null: the `monthlyStatement` of the attachment detail and of the order's attachments.
 */
export function invoicingStatementSql(attachment: string): SQL {
  return sql`(SELECT json_build_object('id', ms.id, 'date', ms.date::text) FROM monthly_statement_attachments msa
    JOIN monthly_statements ms ON ms.id = msa.statement_id WHERE msa.attachment_id = ${sql.raw(attachment)}.id)`;
}

/**
 * The statements releasing an attachment's RG (SQL on an attachment row named `attachment`), as a JSON
 * array of `{ id, date }`, oldest first, empty while none: the attachment's "release situation links".
 */
export function releaseStatementsSql(attachment: string): SQL {
  return sql`coalesce((SELECT json_agg(json_build_object('id', ms.id, 'date', ms.date::text) ORDER BY ms.date, ms.id)
    FROM monthly_statement_rg_releases r JOIN monthly_statements ms ON ms.id = r.statement_id
    WHERE r.attachment_id = ${sql.raw(attachment)}.id), '[]'::json)`;
}
