import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ORACLE_FAULT_SUPPLIERS } from './oracle-fixtures.js';
import {
  adfError,
  badFilter,
  type CollectionQuery,
  collectionPage,
  knownFilter,
  matches,
  ORACLE_RESOURCES_PATH,
} from './oracle-simulator.js';

const invoiceRequestSchema = z.object({
  InvoiceNumber: z.string().min(1).max(50),
  InvoiceCurrency: z.string().regex(/^[A-Z]{3}$/),
  InvoiceAmount: z.number().positive(),
  InvoiceDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  InvoiceType: z.string().min(1),
  BusinessUnit: z.string().min(1),
  Supplier: z.string().min(1),
  SupplierSite: z.string().nullish(),
  Description: z.string().nullish(),
  PayGroup: z.string().nullish(),
  invoiceLines: z
    .array(z.object({ LineNumber: z.number().int(), LineAmount: z.number(), LineType: z.string() }).passthrough())
    .min(1),
});

type StoredInvoice = z.infer<typeof invoiceRequestSchema> & { InvoiceId: number; ValidationStatus: string };

/**
 * Oracle Fusion Payables `invoices` of the simulator: `POST …/invoices` (an invoice with its lines;
 * invoice numbers are unique per supplier, lines must add up to the amount; the fault supplier is on
 * hold) and `GET …/invoices?q=InvoiceNumber='…'`, kept in memory so a test can count them.
 */
export function registerPayablesInvoices(app: FastifyInstance): void {
  const invoices: StoredInvoice[] = [];
  let nextId = 300_000_900_000_000;
  // Oracle REST clients post `application/vnd.oracle.adf.resourceitem+json`
  const resourceItem = 'application/vnd.oracle.adf.resourceitem+json';
  if (!app.hasContentTypeParser(resourceItem)) {
    app.addContentTypeParser(resourceItem, { parseAs: 'string' }, app.getDefaultJsonParser('ignore', 'ignore'));
  }

  app.post(`${ORACLE_RESOURCES_PATH}/invoices`, async (request, reply) => {
    const parsed = invoiceRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return adfError(reply, 400, 'Bad Request', `Attribut ${issue?.path.join('.') ?? ''} invalide : ${issue?.message ?? ''}`);
    }
    const invoice = parsed.data;
    if (invoice.Supplier === ORACLE_FAULT_SUPPLIERS.onHold) {
      return adfError(reply, 400, 'Bad Request', `AP-810213 : le fournisseur ${invoice.Supplier} est bloqué pour paiement.`);
    }
    if (invoices.some((stored) => stored.InvoiceNumber === invoice.InvoiceNumber && stored.Supplier === invoice.Supplier)) {
      return adfError(reply, 400, 'Bad Request', `AP-810118 : le numéro de facture ${invoice.InvoiceNumber} existe déjà.`);
    }
    const linesCents = invoice.invoiceLines.reduce((sum, line) => sum + Math.round(line.LineAmount * 100), 0);
    if (linesCents !== Math.round(invoice.InvoiceAmount * 100)) {
      return adfError(reply, 400, 'Bad Request', 'AP-810042 : le total des lignes diffère du montant de la facture.');
    }
    nextId += 1;
    const stored: StoredInvoice = { ...invoice, InvoiceId: nextId, ValidationStatus: 'Validated' };
    invoices.push(stored);
    return reply.status(201).send(stored);
  });

  app.get<{ Querystring: CollectionQuery }>(`${ORACLE_RESOURCES_PATH}/invoices`, async (request, reply) => {
    const filter = knownFilter(request.query.q, ['InvoiceNumber', 'Supplier']);
    if (!filter) {
      return badFilter(reply, request.query.q);
    }
    return collectionPage(
      request,
      reply,
      invoices.filter((invoice) => matches(invoice, filter)),
      request.query,
    );
  });
}
