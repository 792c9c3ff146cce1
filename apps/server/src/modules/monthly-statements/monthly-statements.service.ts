import {
  fillStatementMessage,
  type MarketVatType,
  MONTHLY_STATEMENT_ENTITY,
  STATEMENT_ALREADY_PAID_MESSAGE,
  STATEMENT_ATTACHMENT_NOT_HERE_MESSAGE,
  STATEMENT_ATTACHMENT_NOT_VALIDATED_MESSAGE,
  STATEMENT_ATTACHMENT_OTHER_MARKET_MESSAGE,
  STATEMENT_ATTACHMENT_TAKEN_MESSAGE,
  STATEMENT_DELETE_PAID_MESSAGE,
  STATEMENT_LOCKED_MESSAGE,
  STATEMENT_MARKET_REQUIRED_MESSAGE,
  STATEMENT_NOT_PAID_MESSAGE,
  STATEMENT_PAID_BLOCKED_MESSAGE,
  STATEMENT_UNPAY_BLOCKED_MESSAGE,
  type StatementAttachmentRow,
  type StatementCreateInput,
  type StatementDetailRecord,
  type StatementUpdateInput,
} from '@isf/contract';
import { and, eq, getTableColumns, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { attachments, monthlyStatementAttachments, monthlyStatements } from '../../db/schema/index.js';
import type { AuditContext } from '../../platform/audit.js';
import { createCrud } from '../../platform/crud.js';
import { badRequest, businessRefusal, notFound } from '../../platform/errors.js';
import { isInScope } from '../../platform/list-engine.js';
import type { Principal } from '../../platform/principal.js';
import { idList, rowsOf } from '../../platform/sql-rows.js';
import {
  ATTACHMENT_VALIDATED_NODES_SQL,
  refreshOrderFigures,
  refreshOrderFiguresOfAttachments,
  rgReleaseDateSql,
  rgReleasedSql,
} from '../attachments/index.js';
import { marketList } from '../markets/index.js';
import { moveInvoicedBackFromPaid, moveInvoicedToPaid } from './statement-attachment-payment.js';
import { statementFigures } from './statement-figures.js';
import { createStatementReleases } from './statement-releases.js';
import {
  assertUnlocked,
  lockStatementForChange,
  nodeJoin,
  recordLinkChange,
  refuseUnknownAttachments,
  touchStatement,
  unlinkFromStatement,
} from './statement-store.js';

const references = (rows: readonly { reference: string }[]) => rows.map((row) => row.reference).join(', ');

type HeaderRow = Omit<
  StatementDetailRecord,
  keyof ReturnType<typeof statementFigures> | 'market' | 'releasedAttachments' | 'attachementCount' | 'status'
> & {
  marketId: number;
  edifice: string;
  agency: number;
  agencyName: string;
  project: number;
  projectName: string;
  tva: MarketVatType;
  paymentTypeName: string | null;
  marketSapReference: string | null;
};

/** Monthly statements (spec 2 Monthly statement list and detail, §4 rules, §6 rights, §7 calls). */
export function createStatementService(database: Database) {
  const releases = createStatementReleases(database);
  // the statement's row locked before a change, the version checked and the audit rows written in one place
  const crud = createCrud<typeof monthlyStatements.$inferSelect>(database, {
    table: monthlyStatements,
    entity: MONTHLY_STATEMENT_ENTITY,
    selection: getTableColumns(monthlyStatements),
    lock: true,
  });

  /** The money of the attachments it invoices, the RG it releases and the RG due and released nowhere. */
  async function moneyOf(id: number, marketId: number, date: string) {
    const invoiced = await rowsOf<{ amount: string; rg: string; depositUsed: string }>(
      database,
      sql`SELECT att.amount::text AS amount, att.rg::text AS rg, att.deposit_used::text AS "depositUsed"
        FROM monthly_statement_attachments msa JOIN attachments att ON att.id = msa.attachment_id
        WHERE msa.statement_id = ${id} ORDER BY att.id`,
    );
    const due = await rowsOf<{ rg: string }>(
      database,
      sql`SELECT att.rg::text AS rg FROM attachments att JOIN orders o ON o.id = att.order_id ${nodeJoin}
        WHERE o.market_id = ${marketId} AND att.rg > 0 AND n.code IN (${ATTACHMENT_VALIDATED_NODES_SQL})
          AND ${rgReleaseDateSql('att', 'o')} <= ${date}::date
          AND NOT ${rgReleasedSql('att')}
        ORDER BY att.id`,
    );
    return { invoiced, due: due.map((row) => row.rg) };
  }

  async function get(id: number): Promise<StatementDetailRecord> {
    const [row] = await rowsOf<HeaderRow>(
      database,
      sql`SELECT s.id, s.version, s.date::text AS date, s.sap_reference AS "sapReference",
          s.theoretical_payment_date::text AS "theoreticalPaymentDate", s.paid_at AS "paidAt", s.locked,
          s.deposit_amount::text AS "depositAmount", s.deposit_release_date::text AS "depositReleaseDate",
          s.created_at AS "createdAt", uc.name AS "creatorName",
          m.id AS "marketId", m.edifice, a.id AS agency, a.name AS "agencyName", p.id AS project, p.name AS "projectName",
          m.tva, pt.name AS "paymentTypeName", m.sap_reference AS "marketSapReference"
        FROM monthly_statements s JOIN markets m ON m.id = s.market_id JOIN agencies a ON a.id = m.agency_id
          JOIN projects p ON p.id = m.project_id LEFT JOIN payment_types pt ON pt.id = m.payment_type_id
          LEFT JOIN users uc ON uc.id = s.creator_id
        WHERE s.id = ${id}`,
    );
    if (!row) {
      throw notFound();
    }
    const { marketId, edifice, agency, agencyName, project, projectName, tva, paymentTypeName, marketSapReference, ...fields } =
      row;
    const money = await moneyOf(id, marketId, row.date);
    const releasedAttachments = await releases.releasesOf(id);
    return {
      ...fields,
      ...statementFigures({
        attachments: money.invoiced,
        released: releasedAttachments.map((release) => release.rgReleased),
        due: money.due,
        tva,
      }),
      status: row.paidAt ? 'paid' : 'unpaid',
      paidAt: row.paidAt ? new Date(row.paidAt).toISOString() : null,
      createdAt: new Date(row.createdAt).toISOString(),
      market: {
        id: marketId,
        edifice,
        agency,
        agencyName,
        project,
        projectName,
        tva,
        reverseCharge: tva === 'reverseCharge',
        paymentTypeName,
        sapReference: marketSapReference,
      },
      releasedAttachments,
      attachementCount: money.invoiced.length,
    };
  }

  /** POST /situation/create: a statement of a market in the caller's scope, dated today. */
  async function create(input: StatementCreateInput, principal: Principal, context: AuditContext): Promise<number> {
    if (input.market === null) {
      throw badRequest(STATEMENT_MARKET_REQUIRED_MESSAGE, { market: STATEMENT_MARKET_REQUIRED_MESSAGE });
    }
    if (!(await isInScope(database, marketList, principal, input.market))) {
      throw badRequest('Élément sélectionné inconnu.', { market: STATEMENT_MARKET_REQUIRED_MESSAGE });
    }
    return crud.create({ marketId: input.market, sapReference: input.sap, creatorId: principal.userId }, context);
  }

  async function update(id: number, input: StatementUpdateInput, context: AuditContext): Promise<StatementDetailRecord> {
    await crud.update(id, { version: input.version }, context, {
      // a locked statement refused once its version is known current (a stale one is a 409 first)
      values: (before) => {
        assertUnlocked(before);
        return {
          date: input.date,
          sapReference: input.sapReference,
          theoreticalPaymentDate: input.theoreticalPaymentDate,
          depositAmount: input.depositAmount,
          depositReleaseDate: input.depositReleaseDate,
        };
      },
    });
    return get(id);
  }

  /**
   * Only an unpaid statement is deleted; its attachments and RG releases are freed (cascade), and the
   * stored figures of their orders follow.
   */
  async function remove(id: number, context: AuditContext) {
    let freed: number[] = [];
    await crud.remove(id, context, {
      check: async (before, tx) => {
        if (before.paidAt !== null || before.locked) {
          throw businessRefusal(STATEMENT_DELETE_PAID_MESSAGE);
        }
        // the orders of its attachments, read before the cascade takes the links away
        const rows = await rowsOf<{ orderId: number }>(
          tx,
          sql`SELECT DISTINCT att.order_id AS "orderId" FROM attachments att
            WHERE att.id IN (SELECT r.attachment_id FROM monthly_statement_rg_releases r WHERE r.statement_id = ${id}
              UNION SELECT msa.attachment_id FROM monthly_statement_attachments msa WHERE msa.statement_id = ${id})`,
        );
        freed = rows.map((row) => row.orderId);
      },
      afterDelete: (_before, tx) => refreshOrderFigures(tx, freed),
    });
  }

  /**
   * POST /situation/{id}/attachement: validated attachments of the statement's market that no statement
   * invoices yet; all or nothing (400 for unknown ids, 422 with the first attachment refused and why).
   */
  async function addAttachments(id: number, ids: readonly number[], context: AuditContext) {
    await database.transaction(async (tx) => {
      const before = await lockStatementForChange(tx, id);
      assertUnlocked(before);
      const found = await rowsOf<{
        id: number;
        reference: string;
        marketId: number;
        validated: boolean;
        statementId: number | null;
      }>(
        tx,
        sql`SELECT att.id, att.reference, o.market_id AS "marketId",
            coalesce(n.code IN (${ATTACHMENT_VALIDATED_NODES_SQL}), FALSE) AS validated,
            (SELECT msa.statement_id FROM monthly_statement_attachments msa WHERE msa.attachment_id = att.id) AS "statementId"
          FROM attachments att JOIN orders o ON o.id = att.order_id ${nodeJoin}
          WHERE att.id IN (${idList(ids)})
          ORDER BY att.id
          FOR UPDATE OF att`,
      );
      refuseUnknownAttachments(ids, found);
      for (const row of found) {
        const refusal =
          row.marketId !== before.marketId
            ? STATEMENT_ATTACHMENT_OTHER_MARKET_MESSAGE
            : !row.validated
              ? STATEMENT_ATTACHMENT_NOT_VALIDATED_MESSAGE
              : row.statementId !== null
                ? STATEMENT_ATTACHMENT_TAKEN_MESSAGE
                : null;
        if (refusal) {
          throw businessRefusal(fillStatementMessage(refusal, { reference: row.reference }));
        }
      }
      await tx.insert(monthlyStatementAttachments).values(found.map((row) => ({ statementId: id, attachmentId: row.id })));
      await touchStatement(tx, id);
      await recordLinkChange(
        tx,
        context,
        id,
        found.map((row) => row.id),
        { action: 'add_attachments', after: { attachments: found.map((row) => row.id) } },
      );
    });
  }

  /** DELETE /situation/{id}/attachement/{attachmentId}: an unlocked statement gives the attachment back. */
  async function removeAttachment(id: number, attachmentId: number, context: AuditContext) {
    await database.transaction(async (tx) => {
      await unlinkFromStatement(
        tx,
        id,
        () =>
          tx
            .delete(monthlyStatementAttachments)
            .where(
              and(eq(monthlyStatementAttachments.statementId, id), eq(monthlyStatementAttachments.attachmentId, attachmentId)),
            )
            .returning({ id: monthlyStatementAttachments.id }),
        STATEMENT_ATTACHMENT_NOT_HERE_MESSAGE,
      );
      await recordLinkChange(tx, context, id, [attachmentId], {
        action: 'remove_attachment',
        before: { attachment: attachmentId },
      });
    });
  }

  async function invoicedIds(tx: Database, id: number): Promise<number[]> {
    const rows = await tx
      .select({ id: monthlyStatementAttachments.attachmentId })
      .from(monthlyStatementAttachments)
      .where(eq(monthlyStatementAttachments.statementId, id));
    return rows.map((row) => row.id);
  }

  /** Paid or unpaid: its attachments locked or not, and their orders' DC4 figures follow. */
  async function setAttachmentsLocked(tx: Database, id: number, locked: boolean) {
    const ids = await invoicedIds(tx, id);
    if (ids.length > 0) {
      await tx
        .update(attachments)
        .set({ locked, version: sql`${attachments.version} + 1`, updatedAt: sql`now()` })
        .where(inArray(attachments.id, ids));
      await refreshOrderFiguresOfAttachments(tx, ids);
    }
  }

  /**
   * POST /situation/{id}/paid (spec 2 §4): an unpaid statement becomes paid and locked, with its
   * attachments, which move to att_paid (statement-attachment-payment.ts); refused while an attachment whose RG it releases is not validated.
   */
  async function markPaid(id: number, context: AuditContext) {
    // paid once: of two concurrent payments, the second finds the statement paid (422) or no longer unpaid (409)
    await crud.update(id, { version: undefined, paidAt: sql`now()`, locked: true }, context, {
      action: 'paid',
      where: isNull(monthlyStatements.paidAt),
      check: async (before, tx) => {
        if (before.paidAt !== null || before.locked) {
          throw businessRefusal(before.paidAt !== null ? STATEMENT_ALREADY_PAID_MESSAGE : STATEMENT_LOCKED_MESSAGE);
        }
        const blocking = await rowsOf<{ reference: string }>(
          tx,
          sql`SELECT att.reference FROM monthly_statement_rg_releases r JOIN attachments att ON att.id = r.attachment_id ${nodeJoin}
            WHERE r.statement_id = ${id} AND (n.code IS NULL OR n.code NOT IN (${ATTACHMENT_VALIDATED_NODES_SQL}))
            ORDER BY att.reference`,
        );
        if (blocking.length > 0) {
          throw businessRefusal(fillStatementMessage(STATEMENT_PAID_BLOCKED_MESSAGE, { references: references(blocking) }));
        }
      },
      afterWrite: async (tx) => {
        await moveInvoicedToPaid(tx, id, context);
        await setAttachmentsLocked(tx, id, true);
        return undefined;
      },
    });
  }

  /**
   * POST /situation/{id}/dangerously_unpay (option DANGEROUSLY_REVERT): back to unpaid and unlocked, the
   * attachments its payment moved to att_paid back on att_validated;
   * refused when the RG of one of its attachments was already released in another paid statement.
   */
  async function unpay(id: number, context: AuditContext) {
    await crud.update(id, { version: undefined, paidAt: null, locked: false }, context, {
      action: 'dangerously_unpay',
      where: isNotNull(monthlyStatements.paidAt),
      check: async (before, tx) => {
        if (before.paidAt === null) {
          throw businessRefusal(STATEMENT_NOT_PAID_MESSAGE);
        }
        const blocking = await rowsOf<{ reference: string }>(
          tx,
          sql`SELECT att.reference FROM monthly_statement_attachments msa JOIN attachments att ON att.id = msa.attachment_id
            JOIN monthly_statement_rg_releases r ON r.attachment_id = att.id JOIN monthly_statements other ON other.id = r.statement_id
            WHERE msa.statement_id = ${id} AND other.id <> ${id} AND other.paid_at IS NOT NULL
            ORDER BY att.reference`,
        );
        if (blocking.length > 0) {
          throw businessRefusal(fillStatementMessage(STATEMENT_UNPAY_BLOCKED_MESSAGE, { references: references(blocking) }));
        }
      },
      afterWrite: async (tx) => {
        await moveInvoicedBackFromPaid(tx, id, context);
        await setAttachmentsLocked(tx, id, false);
        return undefined;
      },
    });
  }

  /** GET /situation/{id}/attachements: the attachments it invoices, by reference. */
  async function attachmentsOf(id: number): Promise<StatementAttachmentRow[]> {
    return rowsOf<StatementAttachmentRow>(
      database,
      sql`SELECT att.id, att.reference, o.id AS "orderId", o.reference AS "orderReference", att.amount::text AS amount,
          att.rg::text AS "totalRg", att.deposit_used::text AS "depositUsed", n.name AS "nodeName", n.code AS "nodeCode",
          att.oracle_status AS "oracleStatus"
        FROM monthly_statement_attachments msa JOIN attachments att ON att.id = msa.attachment_id
          JOIN orders o ON o.id = att.order_id ${nodeJoin}
        WHERE msa.statement_id = ${id} ORDER BY att.reference, att.id`,
    );
  }

  return {
    get,
    create,
    update,
    remove,
    addAttachments,
    removeAttachment,
    ...releases,
    markPaid,
    unpay,
    attachmentsOf,
  };
}
