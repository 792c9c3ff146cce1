import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { ORDER_PARTIES_JOINS } from '../../db/order-joins.js';
import { oracleConfigurations } from '../../db/schema/index.js';
import type { ErpPurchaseOrderDraft, ErpReceiptRequestDraft } from '../../integrations/erp/erp.port.js';
import { businessRefusal, HttpError } from '../../platform/errors.js';

/** The `/oracleconfigurations` values the documents carry, by code. */
async function configuration(db: Database): Promise<(code: string) => string> {
  const rows = await db
    .select({ code: oracleConfigurations.code, value: oracleConfigurations.value })
    .from(oracleConfigurations)
    .orderBy(oracleConfigurations.code);
  const values = new Map(rows.map((row) => [row.code, row.value.trim()]));
  return (code) => {
    const value = values.get(code);
    if (!value) {
      // a setting removed from /oracleconfigurations: retrying cannot help, an administrator must restore it
      throw businessRefusal(`Le paramètre Oracle ${code} est absent de la configuration Oracle.`);
    }
    return value;
  };
}

const optional = (value: string) => (value === '' ? null : value);

type Rows<Row> = { rows: Row[] };

/**
 * The draft purchase order of an ISF order: its header from the configuration, the subcontractor and the
 * project's business unit; one line per BPU prestation (quantity, unit price, amount) scheduled at the
 * order's completion date and charged to the order's ERP project and task.
 */
export async function purchaseOrderDraftOf(db: Database, orderId: number): Promise<ErpPurchaseOrderDraft> {
  const config = await configuration(db);
  const header = (
    (await db.execute(sql`SELECT o.reference, o.name, o.end_date::text AS "endDate", o.date::text AS "date",
        c.name AS "companyName", a.name AS "agencyName", bu.name AS "businessUnit",
        op.number AS "projectNumber", op.owning_organization_name AS "organization", ot.number AS "taskNumber"
      FROM orders o ${ORDER_PARTIES_JOINS}
      WHERE o.id = ${orderId}`)) as unknown as Rows<{
      reference: string;
      name: string;
      endDate: string;
      date: string;
      companyName: string;
      agencyName: string;
      businessUnit: string | null;
      projectNumber: string | null;
      organization: string | null;
      taskNumber: string | null;
    }>
  ).rows[0];
  if (!header) {
    throw new HttpError(404, { error: 'Commande introuvable.', detail: `La commande ${orderId} n'existe plus.` });
  }
  if (!header.projectNumber || !header.taskNumber) {
    throw businessRefusal("La commande n'a pas de projet et de tâche Oracle : elle ne peut pas être envoyée à Oracle.");
  }
  const lines = (
    (await db.execute(sql`SELECT ol.quantity::text AS "quantity", ol.unit_price::text AS "unitPrice", ol.total::text AS "amount",
        pr.code, pr.description, u.name AS "unit", u.oracle_code AS "unitCode"
      FROM order_lines ol
      JOIN prestations pr ON pr.id = ol.prestation_id
      LEFT JOIN units u ON u.id = pr.unit_id
      WHERE ol.order_id = ${orderId} AND ol.quantity > 0
      ORDER BY ol.id`)) as unknown as Rows<{
      quantity: string;
      unitPrice: string;
      amount: string;
      code: string;
      description: string;
      unit: string | null;
      unitCode: string | null;
    }>
  ).rows;
  if (lines.length === 0) {
    throw businessRefusal("La commande n'a aucune prestation : elle ne peut pas être envoyée à Oracle.");
  }
  return {
    reference: header.reference,
    description: header.name,
    procurementBusinessUnit: config('PO_PROCUREMENT_BU'),
    requisitioningBusinessUnit: header.businessUnit ?? config('PO_DEFAULT_REQUISITIONING_BU'),
    buyer: config('PO_BUYER_NAME'),
    documentStyle: config('PO_DOCUMENT_STYLE'),
    currencyCode: config('PO_CURRENCY_CODE'),
    supplier: header.companyName,
    supplierSite: header.agencyName,
    lineType: config('PO_DEFAULT_LINE_TYPE'),
    destinationType: config('PO_DESTINATION_TYPE'),
    taxClassification: optional(config('PO_TAX_CLASSIFICATION')),
    lines: lines.map((line, index) => ({
      lineNumber: index + 1,
      description: `${line.code} ${line.description}`.slice(0, 240),
      quantity: line.quantity,
      unitOfMeasure: line.unitCode ?? line.unit ?? 'U',
      unitPrice: line.unitPrice,
      amount: line.amount,
      needByDate: header.endDate,
      costing: {
        projectNumber: header.projectNumber as string,
        taskNumber: header.taskNumber as string,
        expenditureType: config('PO_EXPENDITURE_TYPE'),
        expenditureItemDate: header.date,
        expenditureOrganization: header.organization,
      },
    })),
  };
}

/** A receipt line with the prestation it stands for (named in the line errors). */
export type ReceiptDraft = { draft: ErpReceiptRequestDraft; labels: Map<number, string> };

/**
 * The receipt request of an attachment: one amount-based line per prestation done, received against
 * the purchase order line of the same prestation (the order's lines are numbered as they were sent).
 */
export async function receiptDraftOf(db: Database, attachmentId: number, orderNumber: string): Promise<ReceiptDraft> {
  const config = await configuration(db);
  const header = (
    (await db.execute(sql`SELECT att.reference, att.order_id AS "orderId", c.name AS "companyName", bu.name AS "businessUnit"
      FROM attachments att
      JOIN orders o ON o.id = att.order_id
      JOIN agencies a ON a.id = o.agency_id
      JOIN companies c ON c.id = a.company_id
      JOIN projects p ON p.id = o.project_id
      LEFT JOIN business_units bu ON bu.id = p.business_unit_id
      WHERE att.id = ${attachmentId}`)) as unknown as Rows<{
      reference: string;
      orderId: number;
      companyName: string;
      businessUnit: string | null;
    }>
  ).rows[0];
  if (!header) {
    throw new HttpError(404, { error: 'Attachement introuvable.', detail: `L'attachement ${attachmentId} n'existe plus.` });
  }
  const lines = (
    (await db.execute(sql`WITH po_lines AS (
        SELECT prestation_id, row_number() OVER (ORDER BY id) AS line_number
        FROM order_lines WHERE order_id = ${header.orderId} AND quantity > 0)
      SELECT al.id, al.total::text AS "amount", pr.code, pr.description, pl.line_number::int AS "documentLineNumber"
      FROM attachment_lines al
      JOIN prestations pr ON pr.id = al.prestation_id
      LEFT JOIN po_lines pl ON pl.prestation_id = al.prestation_id
      WHERE al.attachment_id = ${attachmentId} AND al.total > 0
      ORDER BY al.id`)) as unknown as Rows<{
      id: number;
      amount: string;
      code: string;
      description: string;
      documentLineNumber: number | null;
    }>
  ).rows;
  if (lines.length === 0) {
    throw businessRefusal("L'attachement n'a aucune prestation : sa réception ne peut pas être envoyée à Oracle.");
  }
  const labels = new Map<number, string>();
  const draft: ErpReceiptRequestDraft = {
    reference: header.reference,
    orderNumber,
    businessUnit: header.businessUnit ?? config('PO_DEFAULT_REQUISITIONING_BU'),
    organizationCode: config('RECEIPT_ORGANIZATION_CODE'),
    supplier: header.companyName,
    currencyCode: config('PO_CURRENCY_CODE'),
    routing: config('RECEIPT_ROUTING'),
    lines: lines.map((line, index) => {
      const label = `${line.code} ${line.description}`.slice(0, 240);
      labels.set(index + 1, label);
      return { lineNumber: index + 1, description: label, documentLineNumber: line.documentLineNumber, amount: line.amount };
    }),
  };
  return { draft, labels };
}
