import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { type Erp, ErpError, ErpInvalidResponse, type ErpRetentionInvoiceRequest } from '../../integrations/erp/erp.port.js';
import type { JobKind, RetryPolicy } from '../../platform/jobs/job-types.js';
import { writeStatus } from './rg-warranty-store.js';

/** Sends are retried with backoff; after the last attempt the warranty shows the ERP's words as ERROR. */
export const RG_SEND_RETRY: RetryPolicy = { limit: 2, delaySeconds: 1, backoff: true };

const payload = z.object({ warrantyId: z.number().int().positive() });

type WarrantyFacts = {
  id: number;
  status: string;
  amount: string;
  invoiceNumber: string;
  attachmentReference: string;
  orderName: string;
  orderReference: string;
  supplier: string;
  supplierSite: string;
  businessUnit: string | null;
  projectNumber: string | null;
  taskNumber: string | null;
};

async function factsOf(db: Database, id: number): Promise<WarrantyFacts | undefined> {
  const result = (await db.execute(sql`
    SELECT w.id, w.status, w.amount::text AS amount, w.invoice_number AS "invoiceNumber", a.reference AS "attachmentReference",
      o.name AS "orderName", o.reference AS "orderReference", c.name AS supplier, ag.name AS "supplierSite",
      op.business_unit_name AS "businessUnit", op.number AS "projectNumber", ot.number AS "taskNumber"
    FROM oracle_rg_warranties w
    JOIN attachments a ON a.id = w.attachment_id
    JOIN orders o ON o.id = a.order_id
    JOIN agencies ag ON ag.id = o.agency_id
    JOIN companies c ON c.id = ag.company_id
    LEFT JOIN oracle_projects op ON op.id = o.oracle_project_id
    LEFT JOIN oracle_tasks ot ON ot.id = o.oracle_task_id
    WHERE w.id = ${id}`)) as unknown as { rows: WarrantyFacts[] };
  return result.rows[0];
}

/** The Oracle configuration values the retention invoices carry (spec 3 /oracleconfigurations). */
async function configuration(db: Database): Promise<Map<string, string>> {
  const result = (await db.execute(sql`SELECT code, value FROM oracle_configurations ORDER BY code`)) as unknown as {
    rows: { code: string; value: string }[];
  };
  return new Map(result.rows.map((row) => [row.code, row.value]));
}

/** The retention invoice of a warranty: its amount, ISF's number, the subcontractor, the order's ERP project and task. */
export function retentionInvoiceOf(
  facts: WarrantyFacts,
  settings: Map<string, string>,
  today: string,
): ErpRetentionInvoiceRequest {
  return {
    invoiceNumber: facts.invoiceNumber,
    amount: facts.amount,
    currency: settings.get('PO_CURRENCY_CODE') ?? 'EUR',
    invoiceDate: today,
    invoiceType: settings.get('RETENTION_INVOICE_TYPE') ?? 'Standard',
    payGroup: settings.get('RETENTION_PAY_GROUP') ?? null,
    businessUnit: facts.businessUnit ?? settings.get('PO_DEFAULT_REQUISITIONING_BU') ?? '',
    supplier: facts.supplier,
    supplierSite: facts.supplierSite,
    description: `Libération RG ${facts.attachmentReference} – ${facts.orderReference} ${facts.orderName}`.slice(0, 240),
    projectNumber: facts.projectNumber,
    taskNumber: facts.taskNumber,
  };
}

/**
 * Sends a PROCESSING warranty's retention invoice (a warranty moved meanwhile is left alone): the
 * invoice is first looked up by ISF's number, so a retry or a resend never makes a second one; the
 * ERP's invoice number becomes the status reason of SUCCESS. An ERP failure is retried; the last
 * one leaves the warranty in ERROR with the ERP's words.
 */
export function rgWarrantySendJob(database: Database, erp: Erp): JobKind<z.infer<typeof payload>, { status: string }> {
  return {
    name: 'oracle-rg-warranty-send',
    payload,
    retry: RG_SEND_RETRY,
    async handler({ warrantyId }, context) {
      const facts = await factsOf(database, warrantyId);
      if (facts?.status !== 'PROCESSING') {
        await context.log('Ignorée', 'La garantie n’est plus en cours de traitement.');
        return { status: facts?.status ?? 'UNKNOWN' };
      }
      const invoice = retentionInvoiceOf(facts, await configuration(database), new Date().toISOString().slice(0, 10));
      try {
        await context.log('Envoi', `Facture de retenue ${invoice.invoiceNumber} de ${invoice.amount} ${invoice.currency}`);
        const existing = await erp.findInvoiceByNumber(invoice.invoiceNumber);
        const sent = existing ?? (await erp.createRetentionInvoice(invoice));
        await writeStatus(database, warrantyId, {
          status: 'SUCCESS',
          statusReason: sent.invoiceNumber,
          erpInvoiceId: String(sent.invoiceId),
        });
        await context.log(existing ? 'Déjà dans Oracle' : 'Facture créée', `Facture Oracle ${sent.invoiceId}`);
        return { status: 'SUCCESS' };
      } catch (error) {
        const lastAttempt = context.attempt > RG_SEND_RETRY.limit;
        if (!(error instanceof ErpError || error instanceof ErpInvalidResponse) || !lastAttempt) {
          throw error;
        }
        await writeStatus(database, warrantyId, { status: 'ERROR', statusReason: error.message });
        await context.log('Erreur', error.message);
        return { status: 'ERROR' };
      }
    },
  };
}
