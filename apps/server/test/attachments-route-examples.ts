import { ATTACHMENT_CSV_HEADERS } from '@isf/contract';
import { sql } from 'drizzle-orm';
import { inject } from './helper.js';
import { csvFile, importForm } from './price-schedules-fixtures.js';
import type { ExampleContext, RouteExample } from './route-examples.js';

/** The demo order validated by the subcontractor (attachments are made on validated orders only). */
async function validatedOrder(context: ExampleContext): Promise<{ id: number; bpuId: number }> {
  const result = (await context.db.execute(sql`SELECT o.id, o.bpu_id AS "bpuId" FROM orders o
    JOIN workflow_tokens t ON t.entity_name = 'order' AND t.entity_id = o.id
    JOIN workflow_nodes n ON n.id = t.node_id
    WHERE n.code = 'os_validated' ORDER BY o.id LIMIT 1`)) as unknown as { rows: { id: number; bpuId: number }[] };
  return result.rows[0] ?? { id: 0, bpuId: 0 };
}

/** A new draft attachment on the demo validated order; returns its id. */
async function newAttachment(context: ExampleContext): Promise<number> {
  const response = await inject(context.app, {
    method: 'POST',
    url: '/api/attachement',
    token: context.admin,
    payload: { order: (await validatedOrder(context)).id, observation: 'Exemple' },
  });
  return Number(response.json<{ id: number }>().id);
}

/** Example requests of the attachment routes (test/route-examples.ts). */
export const ATTACHMENT_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'POST /api/attachement': async (context) => ({
    url: '/api/attachement',
    payload: { order: (await validatedOrder(context)).id, observation: 'Exemple', isDGD: false },
  }),
  'GET /api/attachement/:id': async (context) => ({ url: `/api/attachement/${await newAttachment(context)}` }),
  'PUT /api/attachement/:id': async (context) => {
    const id = await newAttachment(context);
    const detail = await inject(context.app, { method: 'GET', url: `/api/attachement/${id}`, token: context.admin });
    return { url: `/api/attachement/${id}`, payload: { ...detail.json<Record<string, unknown>>(), prestationAttachements: [] } };
  },
  'DELETE /api/attachement/:id/delete': async (context) => ({ url: `/api/attachement/${await newAttachment(context)}/delete` }),
  'GET /api/attachement/:id/prestations': async (context) => ({
    url: `/api/attachement/${await newAttachment(context)}/prestations`,
  }),
  'POST /api/attachement/:id/import': async (context) => {
    const form = importForm(csvFile([[...ATTACHMENT_CSV_HEADERS]]));
    return { url: `/api/attachement/${await newAttachment(context)}/import`, payload: form.payload, headers: form.headers };
  },
  'POST /api/attachement/:id/export': async (context) => ({
    url: `/api/attachement/${await newAttachment(context)}/export`,
    payload: {},
  }),
  'POST /api/attachement/:id/export/bpu': async (context) => ({
    url: `/api/attachement/${await newAttachment(context)}/export/bpu`,
    payload: {},
  }),
  'PUT /api/attachement/:id/warranties/releaseDate': async (context) => ({
    url: `/api/attachement/${await newAttachment(context)}/warranties/releaseDate`,
    payload: { releaseDate: '2027-06-30' },
  }),
  'GET /api/order/:id/attachements': async (context) => ({
    url: `/api/order/${(await validatedOrder(context)).id}/attachements`,
  }),
  'GET /api/bpu/:id/attachement/prestations': async (context) => ({
    url: `/api/bpu/${(await validatedOrder(context)).bpuId}/attachement/prestations`,
  }),
};
