import { sql } from 'drizzle-orm';
import { monthlyStatementAttachments, monthlyStatementRgReleases, monthlyStatements } from '../src/db/schema/index.js';
import type { ExampleContext, RouteExample } from './route-examples.js';

async function rowsOf<Row>(context: ExampleContext, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await context.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** The demo's validated attachment (first market), freed from any statement; and its market. */
async function freeValidatedAttachment(context: ExampleContext): Promise<{ id: number; marketId: number }> {
  const [row] = await rowsOf<{ id: number; marketId: number }>(
    context,
    sql`SELECT att.id, o.market_id AS "marketId" FROM attachments att JOIN orders o ON o.id = att.order_id
      JOIN workflow_tokens t ON t.entity_name = 'attachement' AND t.entity_id = att.id
      JOIN workflow_nodes n ON n.id = t.node_id
      WHERE n.code = 'att_validated' ORDER BY att.id LIMIT 1`,
  );
  await context.db.execute(sql`DELETE FROM monthly_statement_attachments WHERE attachment_id = ${row?.id ?? 0}`);
  return row ?? { id: 0, marketId: 0 };
}

/** The demo's validated attachment with an RG, its release freed; and its market. */
async function unreleasedAttachment(context: ExampleContext): Promise<{ id: number; marketId: number }> {
  const [row] = await rowsOf<{ id: number; marketId: number }>(
    context,
    sql`SELECT att.id, o.market_id AS "marketId" FROM attachments att JOIN orders o ON o.id = att.order_id
      JOIN workflow_tokens t ON t.entity_name = 'attachement' AND t.entity_id = att.id
      JOIN workflow_nodes n ON n.id = t.node_id
      WHERE n.code = 'att_validated' AND att.rg > 0 ORDER BY att.id LIMIT 1`,
  );
  await context.db.execute(sql`DELETE FROM monthly_statement_rg_releases WHERE attachment_id = ${row?.id ?? 0}`);
  return row ?? { id: 0, marketId: 0 };
}

async function firstMarket(context: ExampleContext): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(context, sql`SELECT id FROM markets ORDER BY id LIMIT 1`);
  return row?.id ?? 0;
}

/** A new unpaid statement of the first market (version 1), written straight to its table. */
async function newStatement(context: ExampleContext, values: Partial<typeof monthlyStatements.$inferInsert> = {}) {
  const [row] = await context.db
    .insert(monthlyStatements)
    .values({ marketId: await firstMarket(context), ...values })
    .returning({ id: monthlyStatements.id });
  return row?.id ?? 0;
}

/** Example requests of the monthly statement routes (test/route-examples.ts). */
export const MONTHLY_STATEMENT_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'POST /api/situation/create': async (context) => ({
    url: '/api/situation/create',
    payload: { market: await firstMarket(context), sap: 'SAP-EX' },
  }),
  'POST /api/projects/monthlyStatement': async (context) => {
    const [row] = await rowsOf<{ id: number }>(context, sql`SELECT project_id AS id FROM markets ORDER BY id LIMIT 1`);
    return { url: '/api/projects/monthlyStatement', payload: [row?.id ?? 0] };
  },
  'GET /api/situation/:id': async (context) => ({ url: `/api/situation/${await newStatement(context)}` }),
  'POST /api/situation/:id/pdf': async (context) => {
    const attachment = await freeValidatedAttachment(context);
    const id = await newStatement(context, { marketId: attachment.marketId });
    await context.db.insert(monthlyStatementAttachments).values({ statementId: id, attachmentId: attachment.id });
    return { url: `/api/situation/${id}/pdf` };
  },
  'PUT /api/situation/:id': async (context) => ({
    url: `/api/situation/${await newStatement(context, { date: '2026-01-31' })}`,
    payload: { version: 1, date: '2026-01-31', sapReference: 'SAP', theoreticalPaymentDate: '2026-02-28' },
  }),
  'DELETE /api/situation/:id/delete': async (context) => ({ url: `/api/situation/${await newStatement(context)}/delete` }),
  'GET /api/situation/:id/attachements': async (context) => ({
    url: `/api/situation/${await newStatement(context)}/attachements`,
  }),
  'POST /api/situation/:id/attachement': async (context) => {
    const attachment = await freeValidatedAttachment(context);
    return {
      url: `/api/situation/${await newStatement(context, { marketId: attachment.marketId })}/attachement`,
      payload: [attachment.id],
    };
  },
  'DELETE /api/situation/:id/attachement/:attachmentId': async (context) => {
    const attachment = await freeValidatedAttachment(context);
    const id = await newStatement(context, { marketId: attachment.marketId });
    await context.db.insert(monthlyStatementAttachments).values({ statementId: id, attachmentId: attachment.id });
    return { url: `/api/situation/${id}/attachement/${attachment.id}` };
  },
  'GET /api/situation/:id/agencyattachements': async (context) => ({
    url: `/api/situation/${await newStatement(context)}/agencyattachements`,
  }),
  'POST /api/monthlystatements/csv/clientBdc': async () => ({ url: '/api/monthlystatements/csv/clientBdc', payload: {} }),
  'GET /api/situation/:id/rgreleases': async (context) => ({
    url: `/api/situation/${await newStatement(context)}/rgreleases`,
  }),
  'GET /api/situation/:id/rgreleases/candidates': async (context) => ({
    url: `/api/situation/${await newStatement(context)}/rgreleases/candidates`,
  }),
  'POST /api/situation/:id/rg': async (context) => {
    const attachment = await unreleasedAttachment(context);
    return {
      url: `/api/situation/${await newStatement(context, { marketId: attachment.marketId })}/rg`,
      payload: [attachment.id],
    };
  },
  'DELETE /api/situation/:id/attachement/:attachmentId/rg': async (context) => {
    const attachment = await unreleasedAttachment(context);
    const id = await newStatement(context, { marketId: attachment.marketId });
    await context.db.insert(monthlyStatementRgReleases).values({ statementId: id, attachmentId: attachment.id, amount: '1.00' });
    return { url: `/api/situation/${id}/attachement/${attachment.id}/rg` };
  },
  'POST /api/situation/:id/paid': async (context) => ({ url: `/api/situation/${await newStatement(context)}/paid` }),
  'POST /api/situation/:id/dangerously_unpay': async (context) => ({
    url: `/api/situation/${await newStatement(context, { paidAt: '2026-01-31T10:00:00Z', locked: true })}/dangerously_unpay`,
  }),
  'GET /api/market/:id/statements': async (context) => ({ url: `/api/market/${await firstMarket(context)}/statements` }),
};
