import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import { deposits, workflowNodes, workflows } from '../src/db/schema/index.js';
import { inject, uniqueName } from './helper.js';
import { createOrder, pricesOf } from './orders-fixtures.js';

type Send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token?: string,
) => Promise<LightMyRequestResponse>;

/** Factories of the attachment tests, as `token` (an administrator by default). */
export function attachmentFixtures(app: FastifyInstance, db: Database, token: () => string) {
  const send: Send = (method, url, payload, as = token()) => inject(app, { method, url, token: as, payload });

  async function json(response: LightMyRequestResponse) {
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** Moves a work item's token along the link of this code to this node; returns the reply. */
  async function move(entity: 'order' | 'attachement', id: number, code: string, toNode: string, comment?: string, as = token()) {
    const current = await json(await send('GET', `/api/wftoken/${entity}/${id}`, undefined, as));
    const transitions = await json(await send('GET', `/api/node/${current.node.id}/transitions/${id}`, undefined, as));
    const [target] = await db
      .select({ id: workflowNodes.id })
      .from(workflowNodes)
      .innerJoin(workflows, eq(workflows.id, workflowNodes.workflowId))
      .where(and(eq(workflows.objectName, entity), eq(workflowNodes.code, toNode)));
    const transition = transitions.find(
      (entry: { transitionCode: string; toNode: number }) => entry.transitionCode === code && entry.toNode === target?.id,
    );
    expect(transition, `${code} → ${toNode} from ${current.node.nodeCode}`).toBeDefined();
    const moved = await send(
      'POST',
      `/api/wftoken/move/${current.id}/${transition.id}`,
      { comment, version: current.version },
      as,
    );
    // what the move does once it has answered (its notifications), done before the test reads on
    await app.workflow.settled();
    return moved;
  }

  async function expectMoved(response: Promise<LightMyRequestResponse>) {
    const done = await response;
    expect(done.statusCode, done.body).toBe(200);
  }

  const fixtures = {
    send,
    json,
    move,

    /** A validated order of the market with these quantities on its BPU's first prestations; returns its id. */
    async validatedOrder(market: { marketId: number; bpuId: number }, quantities: string[] = ['10', '4']) {
      const id = await createOrder(app, db, token(), market.marketId);
      const prices = await pricesOf(db, market.bpuId);
      const order = await json(await send('GET', `/api/order/${id}`));
      await json(
        await send('PUT', `/api/order/${id}`, {
          ...order,
          prestationOSs: quantities.map((quantity, index) => ({ prestation: prices[index]?.prestation, quantity })),
        }),
      );
      await expectMoved(move('order', id, 'os_submit_to_cdp', 'os_validation_cdp'));
      await expectMoved(move('order', id, 'os_submit_to_sst', 'os_validation_sst'));
      await expectMoved(move('order', id, 'os_to_validated', 'os_validated'));
      return id;
    },

    /** Creates an attachment through the API; returns its id. */
    async attachment(order: number, overrides: Record<string, unknown> = {}, as = token()) {
      const response = await send('POST', '/api/attachement', { order, observation: 'Travaux de la semaine', ...overrides }, as);
      return Number((await json(response)).id);
    },

    detail: async (id: number, as = token()) => json(await send('GET', `/api/attachement/${id}`, undefined, as)),

    /** Saves lines (prestation and quantity; the line ids are looked up) on an attachment; returns the reply. */
    async saveLines(id: number, lines: { prestation: number; quantity: string }[], as = token()) {
      const current = await json(await send('GET', `/api/attachement/${id}`, undefined, as));
      const rows: { prestation: number; lineId: number | null }[] = await json(
        await send('GET', `/api/attachement/${id}/prestations?displayAll=true`, undefined, as),
      );
      return send(
        'PUT',
        `/api/attachement/${id}`,
        {
          version: current.version,
          observation: current.observation,
          isDGD: current.isDGD,
          prestationAttachements: lines.map((line) => ({
            ...line,
            id: rows.find((row) => row.prestation === line.prestation)?.lineId ?? null,
          })),
        },
        as,
      );
    },

    /** Submits then validates an attachment (admin: within its engagement). */
    async validate(id: number) {
      await expectMoved(move('attachement', id, 'att_submit_to_cdp', 'att_validating'));
      await expectMoved(move('attachement', id, 'att_to_validated', 'att_validated'));
    },

    async refuse(id: number) {
      await expectMoved(move('attachement', id, 'att_submit_to_cdp', 'att_validating'));
      await expectMoved(move('attachement', id, 'att_to_refused', 'att_refused', 'Quantités non justifiées'));
    },

    /** A deposit written straight to its table (its screens come with their own issue). */
    async deposit(marketId: number, amount: string, orderId: number | null = null) {
      const [row] = await db
        .insert(deposits)
        .values({ reference: uniqueName('AV'), marketId, orderId, amount })
        .returning({ id: deposits.id });
      return row?.id ?? 0;
    },
  };
  return fixtures;
}
