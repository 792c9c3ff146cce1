import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/sql-rows.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { createTestApp, login, type TestApp } from './helper.js';
import { createOrder, marketWithBpu } from './orders-fixtures.js';

/**
 * The current node stored on an order's and an attachment's row (`wf_node_id`, issue 14) always equals
 * its token's node, whatever sequence of creations, moves (accepted or refused) and edits happens.
 */
let testApp: TestApp;
let admin: string;
let market: { marketId: number; bpuId: number };
let validatedOrder: number;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  market = await marketWithBpu(testApp.app, testApp.db, admin);
  validatedOrder = await attachmentFixtures(testApp.app, testApp.db, () => admin).validatedOrder(market);
});

afterAll(async () => {
  await testApp?.close();
});

type Kind = 'order' | 'attachement';

/** The items whose stored node differs from their token's (none expected), and how many items were compared. */
async function mismatches() {
  const rows = await rowsOf<{ entity: string; id: number; stored: number | null; token: number | null }>(
    testApp.db,
    sql`SELECT 'order' AS entity, o.id, o.wf_node_id AS stored, t.node_id AS token
        FROM orders o LEFT JOIN workflow_tokens t ON t.entity_name = 'order' AND t.entity_id = o.id
        WHERE o.wf_node_id IS DISTINCT FROM t.node_id
      UNION ALL
      SELECT 'attachement', a.id, a.wf_node_id, t.node_id
        FROM attachments a LEFT JOIN workflow_tokens t ON t.entity_name = 'attachement' AND t.entity_id = a.id
        WHERE a.wf_node_id IS DISTINCT FROM t.node_id
      ORDER BY 1, 2`,
  );
  return rows;
}

type Step =
  | { op: 'createOrder' }
  | { op: 'createAttachment' }
  | { op: 'move'; kind: Kind; pick: number; transition: number }
  | { op: 'editOrder'; pick: number }
  | { op: 'staleMove'; kind: Kind; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant<Step>({ op: 'createOrder' }),
  fc.constant<Step>({ op: 'createAttachment' }),
  fc.record({
    op: fc.constant('move' as const),
    kind: fc.constantFrom<Kind>('order', 'attachement'),
    pick: fc.nat(),
    transition: fc.nat(),
  }),
  fc.record({
    op: fc.constant('move' as const),
    kind: fc.constantFrom<Kind>('order', 'attachement'),
    pick: fc.nat(),
    transition: fc.nat(),
  }),
  fc.record({ op: fc.constant('editOrder' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('staleMove' as const), kind: fc.constantFrom<Kind>('order', 'attachement'), pick: fc.nat() }),
);

describe('the stored current node of a work item (orders.wf_node_id, attachments.wf_node_id)', () => {
  it('equals the token node after every creation, move, refused move and edit', async () => {
    const fixtures = attachmentFixtures(testApp.app, testApp.db, () => admin);
    const created: Record<Kind, number[]> = { order: [], attachement: [] };
    let checkedSteps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        for (const current of steps) {
          if (current.op === 'createOrder') {
            created.order.push(await createOrder(testApp.app, testApp.db, admin, market.marketId));
          } else if (current.op === 'createAttachment') {
            created.attachement.push(await fixtures.attachment(validatedOrder));
          } else if (current.op === 'editOrder') {
            const id = created.order[current.pick % Math.max(created.order.length, 1)];
            if (id !== undefined) {
              const order = await fixtures.json(await fixtures.send('GET', `/api/order/${id}`));
              // accepted or refused (a validated order is frozen): the stored node must not change either way
              await fixtures.send('PUT', `/api/order/${id}`, { ...order, name: `Modifiée ${current.pick}` });
            }
          } else {
            const ids = created[current.kind];
            const id = ids[current.pick % Math.max(ids.length, 1)];
            if (id === undefined) {
              continue;
            }
            const token = await fixtures.json(await fixtures.send('GET', `/api/wftoken/${current.kind}/${id}`));
            const transitions: { id: number }[] = await fixtures.json(
              await fixtures.send('GET', `/api/node/${token.node.id}/transitions/${id}`),
            );
            const chosen = transitions[(current.op === 'move' ? current.transition : 0) % Math.max(transitions.length, 1)];
            if (chosen) {
              // a stale version is refused (409) and changes nothing; a guard may refuse too (422)
              const version = current.op === 'staleMove' ? token.version + 1 : token.version;
              const reply = await fixtures.send('POST', `/api/wftoken/move/${token.id}/${chosen.id}`, {
                comment: 'Motif de la décision',
                version,
              });
              expect([200, 409, 422], reply.body).toContain(reply.statusCode);
            }
          }
          checkedSteps += 1;
          expect(await mismatches()).toEqual([]);
        }
      }),
      { numRuns: 12 },
    );
    expect(created.order.length).toBeGreaterThan(0);
    expect(checkedSteps).toBeGreaterThan(20);
  });
});
