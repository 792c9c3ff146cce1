import { sql } from 'drizzle-orm';
import { inject } from './helper.js';
import type { ExampleContext, RouteExample } from './route-examples.js';

/** The demo order validated by the subcontractor (attachments are made on validated orders only). */
async function validatedOrder(context: ExampleContext): Promise<number> {
  const result = (await context.db.execute(sql`SELECT o.id FROM orders o
    JOIN workflow_tokens t ON t.entity_name = 'order' AND t.entity_id = o.id
    JOIN workflow_nodes n ON n.id = t.node_id
    WHERE n.code = 'os_validated' ORDER BY o.id LIMIT 1`)) as unknown as { rows: { id: number }[] };
  return result.rows[0]?.id ?? 0;
}

/** A new attachment of the demo validated order, its token put on a node; returns its id. */
async function attachmentOn(context: ExampleContext, nodeCode: string): Promise<number> {
  const response = await inject(context.app, {
    method: 'POST',
    url: '/api/attachement',
    token: context.admin,
    payload: { order: await validatedOrder(context), observation: 'Exemple' },
  });
  const id = Number(response.json<{ id: number }>().id);
  await context.db.execute(sql`UPDATE workflow_tokens SET node_id = (SELECT n.id FROM workflow_nodes n
      JOIN workflows w ON w.id = n.workflow_id WHERE w.object_name = 'attachement' AND n.code = ${nodeCode})
    WHERE entity_name = 'attachement' AND entity_id = ${id}`);
  return id;
}

/** Example requests of the routes the attachment screens added (test/route-examples.ts). */
export const ATTACHMENT_SCREEN_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'POST /api/oracle/attachement/:id': async (context) => ({
    url: `/api/oracle/attachement/${await attachmentOn(context, 'att_validated')}`,
  }),
  'POST /api/attachement/:id/pdf': async (context) => ({
    url: `/api/attachement/${await attachmentOn(context, 'att_validated')}/pdf`,
    payload: {},
  }),
  'GET /api/evaluation/project/:id/due': async (context) => ({
    url: `/api/evaluation/project/${await validatedOrder(context)}/due`,
  }),
  'POST /api/evaluation/project/:id': async (context) => ({
    url: `/api/evaluation/project/${await validatedOrder(context)}`,
    payload: { quality: 4, reactivity: 5, technic: 3, comment: null },
  }),
  'POST /api/evaluation/project/:id/skip': async (context) => ({
    url: `/api/evaluation/project/${await validatedOrder(context)}/skip`,
    payload: { attachement: await attachmentOn(context, 'att_validating') },
  }),
};
