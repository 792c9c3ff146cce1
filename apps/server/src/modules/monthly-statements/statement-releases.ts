import {
  fillStatementMessage,
  STATEMENT_ATTACHMENT_OTHER_MARKET_MESSAGE,
  STATEMENT_RELEASE_NO_RG_MESSAGE,
  STATEMENT_RELEASE_NOT_HERE_MESSAGE,
  STATEMENT_RELEASE_NOT_VALIDATED_MESSAGE,
  STATEMENT_RELEASE_TAKEN_MESSAGE,
  type StatementRelease,
} from '@isf/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { monthlyStatementRgReleases } from '../../db/schema/index.js';
import type { AuditContext } from '../../platform/audit.js';
import { businessRefusal } from '../../platform/errors.js';
import { idList, rowsOf } from '../../platform/sql-rows.js';
import { ATTACHMENT_VALIDATED_NODES_SQL, rgReleaseDateSql } from '../attachments/index.js';
import {
  assertUnlocked,
  lockStatementForChange,
  nodeJoin,
  recordLinkChange,
  refuseUnknownAttachments,
  touchStatement,
  unlinkFromStatement,
} from './statement-store.js';

/**
 * The RG a monthly statement releases (its attachments' "release situation"): the releases it holds,
 * recording and removing them (the attachments whose RG it may still release are a list of its routes).
 */
export function createStatementReleases(database: Database) {
  async function releasesOf(id: number): Promise<StatementRelease[]> {
    return rowsOf<StatementRelease>(
      database,
      sql`SELECT att.id, att.reference, o.id AS "orderId", o.reference AS "orderReference",
          ${rgReleaseDateSql('att', 'o')}::text AS "rgReleaseDate", r.amount::text AS "rgReleased",
          coalesce(n.code IN (${ATTACHMENT_VALIDATED_NODES_SQL}), FALSE) AS validated,
          coalesce((SELECT s.paid_at IS NOT NULL FROM monthly_statement_attachments msa
            JOIN monthly_statements s ON s.id = msa.statement_id WHERE msa.attachment_id = att.id), FALSE) AS paid
        FROM monthly_statement_rg_releases r JOIN attachments att ON att.id = r.attachment_id
          JOIN orders o ON o.id = att.order_id ${nodeJoin}
        WHERE r.statement_id = ${id} ORDER BY att.reference, att.id`,
    );
  }

  /**
   * POST /situation/{id}/rg: records the RG release of validated attachments of the statement's market
   * with an RG above zero that no statement releases yet, the amount released being their RG; all or
   * nothing (400 for unknown ids, 422 naming the first attachment refused and why).
   */
  async function recordReleases(id: number, ids: readonly number[], context: AuditContext) {
    await database.transaction(async (tx) => {
      const before = await lockStatementForChange(tx, id);
      assertUnlocked(before);
      // the attachments locked first, then read again: a release recorded meanwhile is seen
      await tx.execute(sql`SELECT att.id FROM attachments att WHERE att.id IN (${idList(ids)}) ORDER BY att.id FOR UPDATE`);
      const found = await rowsOf<{
        id: number;
        reference: string;
        marketId: number;
        rg: string;
        validated: boolean;
        releasedIn: number | null;
      }>(
        tx,
        sql`SELECT att.id, att.reference, o.market_id AS "marketId", att.rg::text AS rg,
            coalesce(n.code IN (${ATTACHMENT_VALIDATED_NODES_SQL}), FALSE) AS validated,
            (SELECT r.statement_id FROM monthly_statement_rg_releases r WHERE r.attachment_id = att.id) AS "releasedIn"
          FROM attachments att JOIN orders o ON o.id = att.order_id ${nodeJoin}
          WHERE att.id IN (${idList(ids)})
          ORDER BY att.reference, att.id`,
      );
      refuseUnknownAttachments(ids, found);
      for (const row of found) {
        const refusal =
          row.marketId !== before.marketId
            ? STATEMENT_ATTACHMENT_OTHER_MARKET_MESSAGE
            : !row.validated
              ? STATEMENT_RELEASE_NOT_VALIDATED_MESSAGE
              : !(Number(row.rg) > 0)
                ? STATEMENT_RELEASE_NO_RG_MESSAGE
                : row.releasedIn !== null
                  ? STATEMENT_RELEASE_TAKEN_MESSAGE
                  : null;
        if (refusal) {
          throw businessRefusal(
            fillStatementMessage(refusal, { reference: row.reference, statement: String(row.releasedIn ?? '') }),
          );
        }
      }
      await tx
        .insert(monthlyStatementRgReleases)
        .values(found.map((row) => ({ statementId: id, attachmentId: row.id, amount: row.rg })));
      await touchStatement(tx, id);
      await recordLinkChange(
        tx,
        context,
        id,
        found.map((row) => row.id),
        { action: 'release_rg', after: { releases: found.map((row) => ({ attachment: row.id, amount: row.rg })) } },
      );
    });
  }

  /**
   * DELETE /situation/{id}/attachement/{attachmentId}/rg (option DANGEROUSLY_REVERT, checked by the
   * route): an unlocked statement no longer releases the attachment's RG.
   */
  async function removeRelease(id: number, attachmentId: number, context: AuditContext) {
    await database.transaction(async (tx) => {
      const removed = await unlinkFromStatement(
        tx,
        id,
        () =>
          tx
            .delete(monthlyStatementRgReleases)
            .where(and(eq(monthlyStatementRgReleases.statementId, id), eq(monthlyStatementRgReleases.attachmentId, attachmentId)))
            .returning({ amount: monthlyStatementRgReleases.amount }),
        STATEMENT_RELEASE_NOT_HERE_MESSAGE,
      );
      await recordLinkChange(tx, context, id, [attachmentId], {
        action: 'remove_rg_release',
        before: { attachment: attachmentId, amount: removed.amount },
      });
    });
  }

  return { releasesOf, recordReleases, removeRelease };
}
