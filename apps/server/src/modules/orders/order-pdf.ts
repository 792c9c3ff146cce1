import { MARKET_VAT_RATES, type MarketVatType, orderTotal, totalWithVat } from '@isf/contract';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { ORDER_PARTIES_JOINS } from '../../db/order-joins.js';
import { notFound } from '../../platform/errors.js';
import { type DocumentIssuer, renderPdf, todayInParis } from '../../platform/pdf-document.js';
import {
  type OrderPdfData,
  type OrderPdfLine,
  type OrderPdfOrder,
  type OrderPdfTotals,
  orderPdfDefinition,
} from './order-pdf-layout.js';

/** Totals from the printed lines: sum of the rounded lines, then the market's VAT (none under reverse charge). */
export function orderPdfTotals(lines: readonly OrderPdfLine[], tva: MarketVatType): OrderPdfTotals {
  const net = orderTotal(lines.map((line) => line.total));
  const gross = totalWithVat(net, tva);
  const reverseCharge = tva === 'reverseCharge';
  return {
    net,
    vatRate: reverseCharge ? null : MARKET_VAT_RATES[tva],
    vat: new Decimal(gross).minus(net).toFixed(2),
    gross,
    reverseCharge,
  };
}

type Rows<T> = { rows: T[] };

/** The order's header facts (market, parties, dates) the documents print; 404 when unknown. */
export async function loadOrderPdfOrder(db: Database, orderId: number): Promise<OrderPdfOrder> {
  const [order] = (
    (await db.execute(sql`SELECT o.reference, o.name, o.date::text AS date, o.end_date::text AS "endDate",
        o.delivery_date::text AS "deliveryDate", o.execution_period AS "executionPeriod", o.main_client AS "mainClient",
        o.client_market AS "clientMarket", o.client_bdc AS "clientBdc", o.observation,
        m.edifice AS "marketEdifice", m.contract_number AS "contractNumber", m.tva,
        pty.name AS "paymentType", ptm.name AS "paymentTerm",
        c.name AS "companyName", a.name AS "agencyName", a.address AS "agencyAddress", a.siret AS "agencySiret",
        coalesce(a.mail, c.mail) AS "agencyMail", a.phone AS "agencyPhone", coalesce(a.manager, c.manager) AS "agencyManager",
        p.name AS "projectName", p.code AS "projectCode", p.address AS "projectAddress",
        bu.name AS "businessUnitName", bu.description AS "businessUnitDescription",
        bu.invoice_location AS "invoiceLocation", bu.delivery_location AS "deliveryLocation",
        CASE WHEN op.id IS NULL THEN NULL ELSE op.number || ' – ' || op.name END AS "oracleProject",
        CASE WHEN ot.id IS NULL THEN NULL ELSE ot.number || ' – ' || ot.name END AS "oracleTask",
        i.eotp AS "imputationEotp",
        uf.name AS "followerName", uf.mail AS "followerMail", uf.phone AS "followerPhone"
      FROM orders o ${ORDER_PARTIES_JOINS}
        JOIN markets m ON m.id = o.market_id
        LEFT JOIN payment_types pty ON pty.id = m.payment_type_id
        LEFT JOIN payment_terms ptm ON ptm.id = m.payment_term_id
        LEFT JOIN imputations i ON i.id = o.imputation_id
        LEFT JOIN users uf ON uf.id = o.follower_id
      WHERE o.id = ${orderId}`)) as unknown as Rows<OrderPdfOrder>
  ).rows;
  if (!order) {
    throw notFound();
  }
  return order;
}

export async function loadOrderPdfData(db: Database, orderId: number): Promise<OrderPdfData> {
  const order = await loadOrderPdfOrder(db, orderId);
  const lines = (
    (await db.execute(sql`SELECT CASE WHEN cp.id IS NULL THEN c.name ELSE cp.name || ' › ' || c.name END AS category,
        pr.code, pr.description, u.name AS unit, ol.unit_price::text AS "unitPrice", ol.quantity::text AS quantity,
        ol.total::text AS total
      FROM order_lines ol
        JOIN prestations pr ON pr.id = ol.prestation_id
        JOIN categories c ON c.id = pr.category_id
        LEFT JOIN categories cp ON cp.id = c.parent_id
        JOIN units u ON u.id = pr.unit_id
      WHERE ol.order_id = ${orderId} AND ol.quantity <> 0
      ORDER BY cp.name ASC NULLS FIRST, c.name ASC, pr.description ASC, pr.id ASC`)) as unknown as Rows<OrderPdfLine>
  ).rows;
  return { order, lines, totals: orderPdfTotals(lines, order.tva) };
}

/** The purchase order of an order as a PDF, with the file name it is downloaded under. */
export async function renderOrderPdf(
  db: Database,
  orderId: number,
  issuer: DocumentIssuer,
): Promise<{ fileName: string; pdf: Buffer }> {
  const data = await loadOrderPdfData(db, orderId);
  const pdf = await renderPdf(orderPdfDefinition(data, issuer, todayInParis()));
  return { fileName: `${data.order.reference}.pdf`, pdf };
}
