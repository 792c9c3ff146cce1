import { formatCsvNumber, ORDER_CSV_HEADERS, type OrderPrestationLine } from '@isf/contract';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { sanitizeCsvValue } from '../../platform/csv-export.js';
import { notFound } from '../../platform/errors.js';
import { formatCsvCost, prestationOrder, prestationSortQuery } from '../price-schedules/index.js';

const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .optional()
  .transform((value) => value === true || value === 'true');

/**
 * GET /order/{id}/prestations: `displayAll` off hides, on an order with a template, the prestations
 * outside it that are not ordered; `onlyOrdered` keeps the non-zero lines (outside edit mode).
 */
export const orderPrestationsQuery = prestationSortQuery.extend({ displayAll: flag, onlyOrdered: flag });
export type OrderPrestationsQuery = z.infer<typeof orderPrestationsQuery>;

/** The prestations of the order's BPU with their ordered quantity (0 when no line), in the asked order. */
export async function orderPrestations(
  db: Database,
  orderId: number,
  query: OrderPrestationsQuery,
): Promise<OrderPrestationLine[]> {
  const [order] = (
    (await db.execute(
      sql`SELECT bpu_id AS "bpuId", order_template_id AS "templateId" FROM orders WHERE id = ${orderId}`,
    )) as unknown as {
      rows: { bpuId: number; templateId: number | null }[];
    }
  ).rows;
  if (!order) {
    throw notFound();
  }
  const inTemplate =
    order.templateId === null
      ? sql`TRUE`
      : sql`EXISTS (SELECT 1 FROM order_template_prestations otp WHERE otp.order_template_id = ${order.templateId} AND otp.prestation_id = p.id)`;
  const conditions = [sql`pp.bpu_id = ${order.bpuId}`];
  if (query.onlyOrdered) {
    conditions.push(sql`ol.id IS NOT NULL`);
  } else if (!query.displayAll && order.templateId !== null) {
    conditions.push(sql`(ol.id IS NOT NULL OR ${inTemplate})`);
  }
  const result = (await db.execute(sql`SELECT p.id AS "prestation",
      coalesce(cp.name, c.name) AS "category", CASE WHEN c.parent_id IS NULL THEN NULL ELSE c.name END AS "subcategory",
      r.name AS "reference", p.code, p.description, u.name AS "unit",
      coalesce(ol.unit_price, pp.cost)::text AS "unitPrice", coalesce(ol.quantity, 0)::numeric(12,1)::text AS "quantity",
      coalesce(ol.total, 0)::numeric(14,2)::text AS "total", ol.id AS "lineId", ${inTemplate} AS "isInTemplate"
    FROM prestation_prices pp
      JOIN prestations p ON p.id = pp.prestation_id
      JOIN prestation_references r ON r.id = p.reference_id
      JOIN categories c ON c.id = p.category_id
      LEFT JOIN categories cp ON cp.id = c.parent_id
      JOIN units u ON u.id = p.unit_id
      JOIN prestation_types pt ON pt.id = p.type_id
      LEFT JOIN order_lines ol ON ol.order_id = ${orderId} AND ol.prestation_id = p.id
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY ${prestationOrder(query.sort)}`)) as unknown as { rows: OrderPrestationLine[] };
  return result.rows.map((row) => ({ ...row, category: row.category ?? null }));
}

/** The prestations as a CSV Excel opens (`;`, BOM, CRLF, numbers in the locale's format); its import reads it back. */
export function sendOrderCsv(reply: FastifyReply, reference: string, rows: OrderPrestationLine[]): FastifyReply {
  const cells = rows.map((row) => [
    ...[row.category, row.subcategory, row.reference, row.code, row.description, row.unit].map((value) =>
      sanitizeCsvValue(value, false),
    ),
    formatCsvCost(row.unitPrice, reply.server.locale),
    formatCsvNumber(row.quantity, reply.server.locale),
    formatCsvCost(row.total, reply.server.locale),
  ]);
  const body = stringify([[...ORDER_CSV_HEADERS], ...cells], { bom: true, delimiter: ';', record_delimiter: '\r\n' });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="commande-${reference.replace(/[^\w-]/g, '_')}.csv"`)
    .send(body);
}
