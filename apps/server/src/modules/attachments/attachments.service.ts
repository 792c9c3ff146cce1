import {
  ATTACHMENT_DELETABLE_NODES,
  ATTACHMENT_DELETE_MESSAGE,
  ATTACHMENT_ORDER_NOT_VALIDATED_MESSAGE,
  ATTACHMENT_ORDER_REQUIRED_MESSAGE,
  ATTACHMENT_RELEASE_DATE_OPTION_MESSAGE,
  ATTACHMENT_VALIDATED_NODES,
  type AttachmentCreateInput,
  type AttachmentDetailRecord,
  type AttachmentLineInput,
  type AttachmentOracleStatus,
  type AttachmentReleaseDateInput,
  type AttachmentUpdateInput,
  type MarketDepositType,
  MONTHLY_STATEMENT_REVERT_OPTION,
  ORDER_VALIDATED_NODE,
  type OrderAttachmentRow,
} from '@isf/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { attachmentLines, attachments } from '../../db/schema/index.js';
import { ANALYZE_AFTER_ROWS, analyze } from '../../db/statistics.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { updateAtVersion } from '../../platform/crud.js';
import { badRequest, businessRefusal, notFound, staleVersion } from '../../platform/errors.js';
import { isInScope } from '../../platform/list-engine.js';
import { hasOption, type Principal } from '../../platform/principal.js';
import { rowsOf } from '../../platform/sql-rows.js';
import { lastErpSend } from '../erp-exchange/index.js';
import { FINANCIAL_OPTION, ORDER_ENTITY, orderList } from '../orders/index.js';
import { removeToken, startToken, tokenOfItem } from '../workflow/index.js';
import { netAmount, rgReleaseDateSql } from './attachment-amounts.js';
import { consumeDeposits, depositUsesOf } from './attachment-deposits.js';
import { attachmentEditRefusal } from './attachment-editing.js';
import { parseAttachmentImport } from './attachment-import.js';
import { type AttachmentTarget, applyAttachmentLines, recomputeAttachmentAmounts } from './attachment-lines.js';
import { attachmentPrestations } from './attachment-prestations.js';
import { nextAttachmentReference } from './attachment-reference.js';
import { invoicingStatementSql, releaseStatementsSql } from './attachment-statements.js';
import { attachmentWorkItem } from './attachment-work-item.js';
import { ATTACHMENT_ENTITY } from './attachments.lists.js';
import { refreshOrderFigures } from './order-figures.js';

type DetailRow = Omit<
  AttachmentDetailRecord,
  'netAmount' | 'retention' | 'editable' | 'editRefusal' | 'overOrdered' | 'warranties' | 'statusWF' | 'checks'
> & {
  marketType: MarketDepositType;
  orderType: MarketDepositType | null;
  marketRgRate: string | null;
  threshold: string | null;
  attachmentsTotal: string;
  lastOtherPresentedAt: string | null;
  agencyMissing: boolean;
  agencyAnomaly: boolean;
};

const VALIDATED = new Set(ATTACHMENT_VALIDATED_NODES);

/** Attachments (spec 2 §2-§7): creation on a validated order, lines, editing rules, deletion, warranty date. */
export function createAttachmentService(database: Database) {
  async function find(db: Database, id: number) {
    const [row] = await db.select().from(attachments).where(eq(attachments.id, id)).limit(1);
    return row;
  }

  /** The audit row of a change to an attachment: as it was when locked (`before`), and as it is now. */
  async function auditChange(tx: Database, context: AuditContext, action: 'update' | 'import', before: { id: number }) {
    await recordAudit(tx, context, {
      entity: ATTACHMENT_ENTITY,
      entityId: before.id,
      action,
      before,
      after: await find(tx, before.id),
    });
  }

  /** The row locked for a change, with its node; 404 when unknown. */
  async function lockForChange(tx: Database, id: number) {
    const [locked] = await tx.select({ id: attachments.id }).from(attachments).where(eq(attachments.id, id)).for('update');
    const before = locked ? await find(tx, id) : undefined;
    if (!before) {
      throw notFound();
    }
    const token = await tokenOfItem(tx, ATTACHMENT_ENTITY, id);
    return { before, nodeCode: token?.node.nodeCode ?? null };
  }

  async function targetOf(db: Database, id: number): Promise<AttachmentTarget & { reference: string }> {
    const result = (await db.execute(sql`SELECT att.id, att.reference, att.order_id AS "orderId", o.bpu_id AS "bpuId"
      FROM attachments att JOIN orders o ON o.id = att.order_id WHERE att.id = ${id}`)) as unknown as {
      rows: (AttachmentTarget & { reference: string })[];
    };
    const target = result.rows[0];
    if (!target) {
      throw notFound();
    }
    return target;
  }

  async function get(id: number, principal: Principal): Promise<AttachmentDetailRecord> {
    const result = (await database.execute(sql`SELECT att.id, att.version, att.reference, att.observation,
        att.is_dgd AS "isDGD", att.amount::text AS "amount", att.rg::text AS "totalRg", att.rg_rate::text AS "rgRate",
        ${rgReleaseDateSql('att', 'o')}::text AS "rgReleaseDate", att.deposit_used::text AS "depositUsed",
        o.id AS "order", o.reference AS "orderReference", o.name AS "orderName", o.total::text AS "orderTotal",
        m.id AS "market", m.edifice AS "marketEdifice", m.contract_number AS "contractNumber",
        a.id AS "agency", a.name AS "agencyName", p.id AS "project", p.name AS "projectName", o.bpu_id AS "bpu",
        i.eotp AS "imputationEotp", op.name AS "oracleProjectName", ot.name AS "oracleTaskName",
        osp.name AS "oscarSubProjectName", osp.arcgis_name AS "arcgisName", osp.nro_name AS "nroName",
        osp.offer_id_pm AS "offerIdPm", o.follower_id AS "follower", uf.name AS "followerName",
        att.creator_id AS "creator", uc.name AS "creatorName", att.validator_id AS "validator", uv.name AS "validatorName",
        att.validated_at AS "validatedAt", att.oracle_status AS "oracleStatus", att.oracle_id AS "oracleId",
        att.can_send_to_oracle AS "canSendToOracle", att.locked, att.created_at AS "createdAt",
        ${invoicingStatementSql('att')} AS "monthlyStatement",
        ${releaseStatementsSql('att')} AS "releaseStatements",
        m.deposit_type AS "marketType", o.deposit_type AS "orderType", m.rg_rate::text AS "marketRgRate",
        m.threshold::text AS "threshold",
        (SELECT coalesce(sum(s.amount), 0)::text FROM attachments s
          LEFT JOIN workflow_tokens st ON st.entity_name = ${ATTACHMENT_ENTITY} AND st.entity_id = s.id
          LEFT JOIN workflow_nodes sn ON sn.id = st.node_id
          WHERE s.order_id = o.id AND (s.id = att.id OR sn.code IS DISTINCT FROM 'att_refused')) AS "attachmentsTotal",
        (SELECT max(s.created_at) FROM attachments s WHERE s.order_id = o.id AND s.id <> att.id) AS "lastOtherPresentedAt",
        a.id IS NULL AS "agencyMissing",
        coalesce(a.synchronize AND (NOT a.documents_completed OR a.status <> 1), FALSE) AS "agencyAnomaly"
      FROM attachments att JOIN orders o ON o.id = att.order_id JOIN markets m ON m.id = o.market_id
        LEFT JOIN agencies a ON a.id = o.agency_id JOIN projects p ON p.id = o.project_id
        LEFT JOIN imputations i ON i.id = o.imputation_id
        LEFT JOIN oracle_projects op ON op.id = o.oracle_project_id LEFT JOIN oracle_tasks ot ON ot.id = o.oracle_task_id
        LEFT JOIN oscar_subprojects osp ON osp.id = o.oscar_subproject_id
        LEFT JOIN users uf ON uf.id = o.follower_id LEFT JOIN users uc ON uc.id = att.creator_id
        LEFT JOIN users uv ON uv.id = att.validator_id
      WHERE att.id = ${id}`)) as unknown as { rows: DetailRow[] };
    const row = result.rows[0];
    if (!row) {
      throw notFound();
    }
    const token = await tokenOfItem(database, ATTACHMENT_ENTITY, id);
    const lines = await attachmentPrestations(database, id, { onlyAttached: true, displayAll: false });
    const {
      marketType,
      orderType,
      marketRgRate,
      threshold,
      attachmentsTotal,
      lastOtherPresentedAt,
      agencyMissing,
      agencyAnomaly,
      ...fields
    } = row;
    const editRefusal = attachmentEditRefusal(
      { locked: row.locked, oracleId: row.oracleId, nodeCode: token?.node.nodeCode ?? null },
      principal,
    );
    return {
      ...fields,
      oracleStatus: row.oracleStatus as AttachmentOracleStatus,
      erpSend: await lastErpSend(database, 'attachement', id),
      validatedAt: row.validatedAt ? new Date(row.validatedAt).toISOString() : null,
      createdAt: new Date(row.createdAt).toISOString(),
      netAmount: netAmount(row.amount, row.totalRg, row.depositUsed),
      retention: { type: orderType ?? marketType, marketType, rate: marketRgRate, threshold },
      editable: editRefusal === null,
      editRefusal,
      overOrdered: lines.some((line) => line.overOrdered),
      warranties: await depositUsesOf(database, id),
      statusWF: token
        ? { nodeId: token.node.id, nodeName: token.node.name, nodeCode: token.node.nodeCode, updatedAt: token.updatedAt }
        : null,
      checks: {
        amount: row.amount,
        isDGD: row.isDGD,
        orderTotal: row.orderTotal,
        attachmentsTotal,
        lastOtherPresentedAt: lastOtherPresentedAt ? new Date(lastOtherPresentedAt).toISOString() : null,
        agencyMissing,
        agencyAnomaly,
      },
    };
  }

  async function create(
    input: AttachmentCreateInput,
    principal: Principal,
    context: AuditContext,
  ): Promise<{ id: number; reference: string }> {
    if (input.order === null) {
      throw badRequest(ATTACHMENT_ORDER_REQUIRED_MESSAGE, { order: ATTACHMENT_ORDER_REQUIRED_MESSAGE });
    }
    const orderId = input.order;
    if (!(await isInScope(database, orderList, principal, orderId))) {
      throw badRequest('Élément sélectionné inconnu.', { order: ATTACHMENT_ORDER_REQUIRED_MESSAGE });
    }
    const orderToken = await tokenOfItem(database, ORDER_ENTITY, orderId);
    if (orderToken?.node.nodeCode !== ORDER_VALIDATED_NODE) {
      throw businessRefusal(ATTACHMENT_ORDER_NOT_VALIDATED_MESSAGE);
    }
    return database.transaction(async (tx) => {
      const reference = await nextAttachmentReference(tx, orderId);
      const [created] = await tx
        .insert(attachments)
        .values({
          ...reference,
          orderId,
          observation: input.observation,
          isDgd: input.isDGD,
          creatorId: principal.userId,
        })
        .returning({ id: attachments.id });
      const id = Number(created?.id);
      await recomputeAttachmentAmounts(tx, id);
      await recordAudit(tx, context, { entity: ATTACHMENT_ENTITY, entityId: id, action: 'create', after: await find(tx, id) });
      await startToken(tx, attachmentWorkItem, id, principal.userId);
      return { id, reference: reference.reference };
    });
  }

  /**
   * Applies line changes where the rules allow, then stores the money again (and the deposits, once
   * validated), and the order's figures that sum them.
   */
  async function changeLines(
    tx: Database,
    id: number,
    nodeCode: string | null,
    changes: readonly AttachmentLineInput[] | undefined,
    errorAt?: (index: number) => string,
  ) {
    if (changes && changes.length > 0) {
      await applyAttachmentLines(tx, await targetOf(tx, id), changes, errorAt);
    }
    await recomputeAttachmentAmounts(tx, id);
    if (nodeCode !== null && VALIDATED.has(nodeCode)) {
      await consumeDeposits(tx, id);
    }
    await refreshOrderFigures(tx, [(await targetOf(tx, id)).orderId]);
  }

  async function update(id: number, input: AttachmentUpdateInput, principal: Principal, context: AuditContext) {
    await database.transaction(async (tx) => {
      const { before, nodeCode } = await lockForChange(tx, id);
      if (before.version !== input.version) {
        throw staleVersion(before.version);
      }
      const refusal = attachmentEditRefusal({ locked: before.locked, oracleId: before.oracleId, nodeCode }, principal);
      if (refusal) {
        throw businessRefusal(refusal);
      }
      await updateAtVersion(tx, attachments, id, input.version, {
        observation: input.observation,
        isDgd: input.isDGD,
      });
      await changeLines(tx, id, nodeCode, input.prestationAttachements);
      await auditChange(tx, context, 'update', before);
    });
    return get(id, principal);
  }

  /** POST /attachement/{id}/import: the whole file or nothing, under the same rules as a save. */
  async function importLines(id: number, content: Buffer, principal: Principal, context: AuditContext): Promise<number> {
    const { changes, lineOf } = await parseAttachmentImport(database, await targetOf(database, id), content);
    await database.transaction(async (tx) => {
      const { before, nodeCode } = await lockForChange(tx, id);
      const refusal = attachmentEditRefusal({ locked: before.locked, oracleId: before.oracleId, nodeCode }, principal);
      if (refusal) {
        throw businessRefusal(refusal);
      }
      await changeLines(tx, id, nodeCode, changes, (index) => `Ligne ${lineOf[index]} : `);
      await tx
        .update(attachments)
        .set({ version: sql`${attachments.version} + 1`, updatedAt: sql`now()` })
        .where(eq(attachments.id, id));
      await auditChange(tx, context, 'import', before);
    });
    // thousands of lines written at once: without fresh statistics the attachment's detail and lines were
    // planned as on a nearly empty table (minutes instead of a second over 20,000 lines)
    if (changes.length >= ANALYZE_AFTER_ROWS) {
      await analyze(database, [attachmentLines]);
    }
    return changes.length;
  }

  /** A draft or refused attachment may be deleted, with its lines and token; it never consumed a deposit. */
  async function remove(id: number, context: AuditContext) {
    await database.transaction(async (tx) => {
      const { before, nodeCode } = await lockForChange(tx, id);
      if (before.locked || (nodeCode !== null && !ATTACHMENT_DELETABLE_NODES.includes(nodeCode))) {
        throw businessRefusal(ATTACHMENT_DELETE_MESSAGE);
      }
      await removeToken(tx, ATTACHMENT_ENTITY, id);
      await tx.delete(attachments).where(eq(attachments.id, id));
      // a draft or refused attachment counts in no figure; refreshed all the same, whatever the deletable nodes
      await refreshOrderFigures(tx, [before.orderId]);
      await recordAudit(tx, context, { entity: ATTACHMENT_ENTITY, entityId: id, action: 'delete', before });
    });
  }

  /** PUT /attachement/{id}/warranties/releaseDate: the RG release date, with the financial option (spec 2 §6). */
  async function setReleaseDate(id: number, input: AttachmentReleaseDateInput, principal: Principal, context: AuditContext) {
    // the financial option, or DANGEROUSLY_REVERT on an attachment whose RG a statement releases (the
    // statement detail's release-date edit, spec 2 §6)
    if (!hasOption(principal, FINANCIAL_OPTION)) {
      const released = await rowsOf<{ id: number }>(
        database,
        sql`SELECT r.attachment_id AS id FROM monthly_statement_rg_releases r WHERE r.attachment_id = ${id} ORDER BY r.id`,
      );
      if (!hasOption(principal, MONTHLY_STATEMENT_REVERT_OPTION) || released.length === 0) {
        throw businessRefusal(ATTACHMENT_RELEASE_DATE_OPTION_MESSAGE);
      }
    }
    await database.transaction(async (tx) => {
      const { before } = await lockForChange(tx, id);
      await tx
        .update(attachments)
        .set({ rgReleaseDate: input.releaseDate, version: sql`${attachments.version} + 1`, updatedAt: sql`now()` })
        .where(eq(attachments.id, id));
      await refreshOrderFigures(tx, [before.orderId]);
      await auditChange(tx, context, 'update', before);
    });
    return get(id, principal);
  }

  /** GET /order/{id}/attachements: the order's attachments, sorted by reference. */
  async function ofOrder(orderId: number): Promise<OrderAttachmentRow[]> {
    const result = (await database.execute(sql`SELECT att.id, att.reference, att.amount::text AS "amount",
        att.rg::text AS "totalRg", att.deposit_used::text AS "depositUsed",
        ${rgReleaseDateSql('att', 'o')}::text AS "rgReleaseDate", att.is_dgd AS "isDGD", att.oracle_status AS "oracleStatus",
        att.created_at AS "createdAt", ${invoicingStatementSql('att')} AS "monthlyStatement",
        ${releaseStatementsSql('att')} AS "releaseStatements", n.id AS "nodeId", n.name AS "nodeName", n.code AS "nodeCode", t.updated_at AS "updatedAt"
      FROM attachments att JOIN orders o ON o.id = att.order_id
        LEFT JOIN workflow_tokens t ON t.entity_name = ${ATTACHMENT_ENTITY} AND t.entity_id = att.id
        LEFT JOIN workflow_nodes n ON n.id = t.node_id
      WHERE att.order_id = ${orderId}
      ORDER BY att.reference, att.id`)) as unknown as {
      rows: (Omit<OrderAttachmentRow, 'statusWF'> & {
        nodeId: number | null;
        nodeName: string;
        nodeCode: string;
        updatedAt: string;
      })[];
    };
    return result.rows.map(({ nodeId, nodeName, nodeCode, updatedAt, ...row }) => ({
      ...row,
      createdAt: new Date(row.createdAt).toISOString(),
      statusWF: nodeId === null ? null : { nodeId, nodeName, nodeCode, updatedAt: new Date(updatedAt).toISOString() },
    }));
  }

  return { get, create, update, importLines, remove, setReleaseDate, ofOrder, target: (id: number) => targetOf(database, id) };
}

export type AttachmentService = ReturnType<typeof createAttachmentService>;
