import { asc, eq, sql } from 'drizzle-orm';
import {
  attachments,
  monthlyStatements,
  oracleImputationOrders,
  oracleImputations,
  oracleRgWarranties,
  orders,
} from '../src/db/schema/index.js';
import { uniqueName } from './helper.js';
import { multipart } from './multipart.js';
import type { ExampleContext, RouteExample } from './route-examples.js';

const IMPUTATION_HEADER = 'eOTP;Type de prestation;Numéro de projet;Organisation;Numéro de tâche';

/** An ERP imputation written straight to its table. */
async function newOracleImputation(context: ExampleContext, values: Partial<typeof oracleImputations.$inferInsert> = {}) {
  const [row] = await context.db
    .insert(oracleImputations)
    .values({ eotp: uniqueName('EOTP-EX'), projectNumber: 'PRJ-EX', taskNumber: '1.0', ...values })
    .returning({ id: oracleImputations.id });
  return Number(row?.id);
}

/** A demo order without ERP id bound to an ERP imputation (what step 4 sends). */
async function boundOrder(context: ExampleContext) {
  const [order] = await context.db
    .select({ id: orders.id })
    .from(orders)
    .where(sql`${orders.oracleId} IS NULL AND ${orders.id} NOT IN (SELECT order_id FROM oracle_imputation_orders)`)
    .orderBy(asc(orders.id))
    .limit(1);
  const imputation = await newOracleImputation(context, { syncStatus: 'SYNCED' });
  await context.db.insert(oracleImputationOrders).values({ oracleImputationId: imputation, orderId: order?.id ?? 0 });
}

/** An ERP retention warranty of a demo attachment (the first one without), in the given status. */
async function warrantyIn(context: ExampleContext, status: 'PROCESSING' | 'ERROR') {
  const [existing] = await context.db
    .select({ id: oracleRgWarranties.id })
    .from(oracleRgWarranties)
    .orderBy(asc(oracleRgWarranties.id))
    .limit(1);
  if (existing) {
    await context.db.update(oracleRgWarranties).set({ status }).where(eq(oracleRgWarranties.id, existing.id));
    return existing.id;
  }
  const [attachment] = await context.db.select({ id: attachments.id }).from(attachments).orderBy(asc(attachments.id)).limit(1);
  const [statement] = await context.db
    .select({ id: monthlyStatements.id })
    .from(monthlyStatements)
    .orderBy(asc(monthlyStatements.id))
    .limit(1);
  const [row] = await context.db
    .insert(oracleRgWarranties)
    .values({
      attachmentId: attachment?.id ?? 0,
      statementId: statement?.id ?? 0,
      amount: '12.50',
      invoiceNumber: `ISF-RG-A${attachment?.id}`,
      status,
    })
    .returning({ id: oracleRgWarranties.id });
  return Number(row?.id);
}

export const ORACLE_EXCHANGE_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'POST /api/oracle/imputations/import': async () => {
    const form = multipart([
      {
        name: 'file',
        fileName: 'imputations.csv',
        contentType: 'text/csv',
        content: Buffer.from(`${IMPUTATION_HEADER}\r\n${uniqueName('EOTP-EX')};Travaux;PRJ-EX;DR;1.0\r\n`),
      },
    ]);
    return { url: '/api/oracle/imputations/import', payload: form.payload, headers: form.headers };
  },
  'POST /api/oracle/imputations/sync': async (context) => {
    await newOracleImputation(context);
    return { url: '/api/oracle/imputations/sync', payload: {} };
  },
  'POST /api/oracle/imputations/bindorders': async (context) => {
    await newOracleImputation(context, { syncStatus: 'SYNCED' });
    return { url: '/api/oracle/imputations/bindorders', payload: {} };
  },
  'POST /api/oracle/imputations/sendorders': async (context) => {
    await boundOrder(context);
    return { url: '/api/oracle/imputations/sendorders', payload: {} };
  },
  'DELETE /api/oracle/imputation/:id': async (context) => ({
    url: `/api/oracle/imputation/${await newOracleImputation(context)}`,
  }),
  'DELETE /api/oracle/imputations': async (context) => ({
    url: '/api/oracle/imputations',
    payload: { ids: [await newOracleImputation(context), await newOracleImputation(context)] },
  }),
  'POST /api/oracle/rg-warranties/:id/success': async (context) => ({
    url: `/api/oracle/rg-warranties/${await warrantyIn(context, 'PROCESSING')}/success`,
    payload: { statusReason: 'FAC-2026-001' },
  }),
  'POST /api/oracle/rg-warranties/:id/error': async (context) => ({
    url: `/api/oracle/rg-warranties/${await warrantyIn(context, 'PROCESSING')}/error`,
    payload: { statusReason: 'Fournisseur bloqué' },
  }),
  'POST /api/oracle/rg-warranties/:id/processing': async (context) => ({
    url: `/api/oracle/rg-warranties/${await warrantyIn(context, 'ERROR')}/processing`,
    payload: {},
  }),
};
