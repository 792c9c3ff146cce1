import {
  ATTACHMENT_BPU_CSV_HEADERS,
  ATTACHMENT_CSV_HEADERS,
  ATTACHMENT_ENTITY,
  type AttachmentPrestationLine,
  type BpuAttachmentPrestation,
  formatCsvNumber,
} from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { sanitizeCsvValue, sendCsvFile } from '../../platform/csv-export.js';
import { notFound } from '../../platform/errors.js';
import { formatCsvCost, prestationOrder, prestationSortQuery } from '../price-schedules/index.js';
import { ATTACHMENT_VALIDATED_NODES_SQL } from './attachment-nodes.js';

const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .optional()
  .transform((value) => value === true || value === 'true');

/**
 * GET /attachement/{id}/prestations: by default the order's prestations and those attached; `displayAll`
 * adds every priced prestation of the BPU (to attach work the order did not plan); `onlyAttached` keeps
 * the lines of this attachment (outside edit mode).
 */
export const attachmentPrestationsQuery = prestationSortQuery.extend({ displayAll: flag, onlyAttached: flag });
export type AttachmentPrestationsQuery = z.infer<typeof attachmentPrestationsQuery>;

const PRESTATION_JOINS = sql`JOIN prestation_references r ON r.id = p.reference_id
  JOIN categories c ON c.id = p.category_id
  LEFT JOIN categories cp ON cp.id = c.parent_id
  JOIN units u ON u.id = p.unit_id
  JOIN prestation_types pt ON pt.id = p.type_id`;

type Target = { orderId: number; bpuId: number; templateId: number; validatedSince: string | null };

async function targetOf(db: Database, attachmentId: number): Promise<Target> {
  const [target] = (
    (await db.execute(sql`SELECT att.order_id AS "orderId", o.bpu_id AS "bpuId", b.bpu_template_id AS "templateId",
        CASE WHEN n.code IN (${ATTACHMENT_VALIDATED_NODES_SQL}) THEN coalesce(att.validated_at, att.created_at)::text END AS "validatedSince"
      FROM attachments att JOIN orders o ON o.id = att.order_id JOIN bpus b ON b.id = o.bpu_id
        LEFT JOIN workflow_tokens t ON t.entity_name = ${ATTACHMENT_ENTITY} AND t.entity_id = att.id
        LEFT JOIN workflow_nodes n ON n.id = t.node_id
      WHERE att.id = ${attachmentId}`)) as unknown as { rows: Target[] }
  ).rows;
  if (!target) {
    throw notFound();
  }
  return target;
}

/**
 * The quantities of the order's other attachments that count (those on a validated node), per
 * prestation: all of them for an attachment not yet validated, those validated before it for a validated
 * one. A refused or deleted attachment never counts, whatever it held.
 */
function previousQuantities(attachmentId: number, target: Target): SQL {
  const before =
    target.validatedSince === null
      ? sql`TRUE`
      : sql`(coalesce(patt.validated_at, patt.created_at), patt.id) < (${target.validatedSince}::timestamptz, ${attachmentId})`;
  return sql`(SELECT pal.prestation_id, sum(pal.quantity) AS quantity FROM attachment_lines pal
      JOIN attachments patt ON patt.id = pal.attachment_id
      JOIN workflow_tokens ptk ON ptk.entity_name = ${ATTACHMENT_ENTITY} AND ptk.entity_id = patt.id
      JOIN workflow_nodes pn ON pn.id = ptk.node_id
    WHERE patt.order_id = ${target.orderId} AND patt.id <> ${attachmentId} AND pn.code IN (${ATTACHMENT_VALIDATED_NODES_SQL}) AND ${before}
    GROUP BY pal.prestation_id)`;
}

/** The attachment's prestation lines with ordered, cumulative previous, this time and cumulative quantities. */
export async function attachmentPrestations(
  db: Database,
  attachmentId: number,
  query: AttachmentPrestationsQuery,
): Promise<AttachmentPrestationLine[]> {
  const target = await targetOf(db, attachmentId);
  const shown = query.onlyAttached
    ? sql`al.id IS NOT NULL`
    : query.displayAll
      ? sql`(pp.prestation_id IS NOT NULL OR ol.id IS NOT NULL OR al.id IS NOT NULL)`
      : sql`(ol.id IS NOT NULL OR al.id IS NOT NULL)`;
  const cumulative = sql`(coalesce(prev.quantity, 0) + coalesce(al.quantity, 0))`;
  const result = (await db.execute(sql`SELECT p.id AS "prestation",
      coalesce(cp.name, c.name) AS "category", CASE WHEN c.parent_id IS NULL THEN NULL ELSE c.name END AS "subcategory",
      r.name AS "reference", p.code, p.description, u.name AS "unit",
      coalesce(al.unit_price, ol.unit_price, pp.cost)::numeric(14,2)::text AS "unitPrice",
      coalesce(ol.quantity, 0)::numeric(12,1)::text AS "orderedQuantity",
      coalesce(prev.quantity, 0)::numeric(12,1)::text AS "cumulativePreviousQuantity",
      coalesce(al.quantity, 0)::numeric(12,1)::text AS "quantity",
      ${cumulative}::numeric(12,1)::text AS "cumulativeQuantity",
      coalesce(al.total, 0)::numeric(14,2)::text AS "total",
      al.id AS "lineId",
      ${cumulative} > coalesce(ol.quantity, 0) AS "overOrdered"
    FROM prestations p ${PRESTATION_JOINS}
      LEFT JOIN prestation_prices pp ON pp.bpu_id = ${target.bpuId} AND pp.prestation_id = p.id
      LEFT JOIN order_lines ol ON ol.order_id = ${target.orderId} AND ol.prestation_id = p.id
      LEFT JOIN attachment_lines al ON al.attachment_id = ${attachmentId} AND al.prestation_id = p.id
      LEFT JOIN ${previousQuantities(attachmentId, target)} prev ON prev.prestation_id = p.id
    WHERE p.bpu_template_id = ${target.templateId} AND ${shown}
    ORDER BY ${prestationOrder(query.sort)}`)) as unknown as { rows: AttachmentPrestationLine[] };
  return result.rows.map((row) => ({ ...row, category: row.category ?? null }));
}

/** GET /bpu/{id}/attachement/prestations: the priced prestations of a BPU, in the asked order. */
export async function bpuAttachmentPrestations(
  db: Database,
  bpuId: number,
  sort: string | undefined,
): Promise<BpuAttachmentPrestation[]> {
  const result = (await db.execute(sql`SELECT p.id AS "prestation",
      coalesce(cp.name, c.name) AS "category", CASE WHEN c.parent_id IS NULL THEN NULL ELSE c.name END AS "subcategory",
      r.name AS "reference", p.code, p.description, u.name AS "unit", pp.cost::text AS "unitPrice"
    FROM prestation_prices pp JOIN prestations p ON p.id = pp.prestation_id ${PRESTATION_JOINS}
    WHERE pp.bpu_id = ${bpuId}
    ORDER BY ${prestationOrder(sort)}`)) as unknown as { rows: BpuAttachmentPrestation[] };
  return result.rows.map((row) => ({ ...row, category: row.category ?? null }));
}

type BpuLayoutRow = Record<
  'referenceName' | 'categoryParentName' | 'categoryName' | 'code' | 'description' | 'unitName' | 'typeName',
  string | null
> &
  Record<'cost' | 'quantity' | 'total', string>;

/** The attachment's lines as a CSV Excel opens (`;`, BOM, CRLF, numbers in the locale's format); its import reads it back. */
export function sendAttachmentCsv(reply: FastifyReply, reference: string, rows: AttachmentPrestationLine[]): FastifyReply {
  const cells = rows.map((row) => [
    ...[row.category, row.subcategory, row.reference, row.code, row.description, row.unit].map((value) =>
      sanitizeCsvValue(value, false),
    ),
    formatCsvCost(row.unitPrice, reply.server.locale),
    formatCsvNumber(row.orderedQuantity, reply.server.locale),
    formatCsvNumber(row.cumulativePreviousQuantity, reply.server.locale),
    formatCsvNumber(row.quantity, reply.server.locale),
    formatCsvNumber(row.cumulativeQuantity, reply.server.locale),
    formatCsvCost(row.total, reply.server.locale),
  ]);
  return sendCsvFile(reply, `attachement-${reference}`, ATTACHMENT_CSV_HEADERS, cells);
}

/** Every priced prestation of the BPU with this attachment's quantity (0 when not attached), in the BPU's columns. */
export async function sendAttachmentBpuCsv(
  reply: FastifyReply,
  db: Database,
  attachment: { id: number; reference: string; bpuId: number },
  sort: string | undefined,
): Promise<FastifyReply> {
  const rows = (
    (await db.execute(sql`SELECT r.name AS "referenceName", cp.name AS "categoryParentName", c.name AS "categoryName",
        p.code, p.description, u.name AS "unitName", pt.name AS "typeName",
        coalesce(al.unit_price, pp.cost)::numeric(14,2)::text AS "cost",
        coalesce(al.quantity, 0)::numeric(12,1)::text AS "quantity", coalesce(al.total, 0)::numeric(14,2)::text AS "total"
      FROM prestations p ${PRESTATION_JOINS}
        LEFT JOIN prestation_prices pp ON pp.bpu_id = ${attachment.bpuId} AND pp.prestation_id = p.id
        LEFT JOIN attachment_lines al ON al.attachment_id = ${attachment.id} AND al.prestation_id = p.id
      WHERE pp.prestation_id IS NOT NULL OR al.id IS NOT NULL
      ORDER BY ${prestationOrder(sort)}`)) as unknown as { rows: BpuLayoutRow[] }
  ).rows;
  const cells = rows.map((row) => [
    ...[row.referenceName, row.categoryParentName, row.categoryName, row.code, row.description, row.unitName, row.typeName].map(
      (value) => sanitizeCsvValue(value, false),
    ),
    formatCsvCost(row.cost, reply.server.locale),
    formatCsvNumber(row.quantity, reply.server.locale),
    formatCsvCost(row.total, reply.server.locale),
  ]);
  return sendCsvFile(reply, `attachement-${attachment.reference}-bpu`, ATTACHMENT_BPU_CSV_HEADERS, cells);
}
