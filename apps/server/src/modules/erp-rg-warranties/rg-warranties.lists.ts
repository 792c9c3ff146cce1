import { sql } from 'drizzle-orm';
import { defineList, type ListColumn } from '../../platform/list-engine.js';
import { marketScope } from '../markets/index.js';

const text = (column: string, label: string): ListColumn => ({ sql: sql.raw(column), kind: 'text', label, joined: true });

/**
 * ERP retention warranties (GET /oracle/rg-warranties): one row per released RG of a paid statement,
 * with its order and attachment; newest first; scoped as the statements (the market's).
 */
export const rgWarrantyList = defineList({
  name: 'oracle-rg-warranties',
  from: sql`oracle_rg_warranties w
    JOIN attachments a ON a.id = w.attachment_id
    JOIN orders o ON o.id = a.order_id
    JOIN monthly_statements s ON s.id = w.statement_id`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`w.id`, kind: 'id', label: 'ID' },
    warrantyId: { sql: sql`w.id`, kind: 'id', label: 'Garantie', hiddenInCsv: true },
    attachmentId: { sql: sql`w.attachment_id`, kind: 'id', label: 'Attachement (id)', hiddenInCsv: true },
    attachmentReference: text('a.reference', 'Attachement'),
    orderId: { sql: sql`o.id`, kind: 'id', label: 'Commande (id)', hiddenInCsv: true },
    orderName: text('o.name', 'Commande'),
    orderReference: text('o.reference', 'Référence commande'),
    statementId: { sql: sql`w.statement_id`, kind: 'id', label: 'Situation' },
    amount: { sql: sql`w.amount`, kind: 'money', label: 'Montant', summable: true },
    status: { sql: sql`w.status`, kind: 'enum', label: 'Statut' },
    statusReason: { sql: sql`w.status_reason`, kind: 'text', label: 'Motif / facture' },
    invoiceNumber: { sql: sql`w.invoice_number`, kind: 'text', label: 'Numéro de facture ISF' },
    erpInvoiceId: { sql: sql`w.erp_invoice_id`, kind: 'text', label: 'Identifiant Oracle' },
    updatedAt: { sql: sql`w.updated_at`, kind: 'date', label: 'Mis à jour le' },
  },
  defaultSort: { column: 'id', direction: 'desc' },
  scope: (principal) => marketScope(principal, { projectId: sql`o.project_id`, agencyId: sql`o.agency_id` }),
});
