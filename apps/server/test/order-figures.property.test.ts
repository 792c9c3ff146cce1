import { ROLE_OPTIONS, TRANSITION_TYPES } from '@isf/contract';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleWorkflowTransitions, users, workflowNodes, workflows, workflowTransitions } from '../src/db/schema/index.js';
import { CANNOT_EDIT_AFTER_VALIDATION, recomputedOrderFigures, storedOrderFigures } from '../src/modules/attachments/index.js';
import { depositPaidMismatches, recomputedOrderSummaries, storedOrderSummaries } from '../src/modules/orders/index.js';
import { warrantyListOf } from '../src/modules/warranties/index.js';
import { type PageQuery, parseListQuery, runList } from '../src/platform/list-engine.js';
import { rowsOf } from '../src/platform/sql-rows.js';
import { ALL_RIGHTS } from '../src/seed/access-seed.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { budgetWarrantiesNowAndBefore } from './budget-warranties-former-query.js';
import { dc4NowAndBefore } from './dc4-former-query.js';
import { actingAs, createTestApp, login, type TestApp } from './helper.js';
import { marketWithBpu, pricesOf } from './orders-fixtures.js';
import { formerWarranties } from './warranties-former-query.js';

let testApp: TestApp;
let admin: string;
/** A profile that may still change a validated attachment (without `cannot_edit_after_validation`). */
let editor: string;
let fx: ReturnType<typeof attachmentFixtures>;
let market: { marketId: number; bpuId: number };
let prestations: number[];
let orderIds: number[];

const KINDS = [
  'create',
  'validate',
  'refuse',
  'edit',
  'prepare',
  'postpone',
  'pay',
  'reopen',
  'releaseDate',
  'release',
  'unrelease',
  'deleteStatement',
  'deliveryDate',
  'deleteAttachment',
  'invoice',
  'uninvoice',
  'payStatement',
  'unpayStatement',
  'orderLines',
  'orderDeposit',
  'editDeposit',
  'deleteDeposit',
  'erp',
  'releaseOrderDate',
] as const;
type Step = { kind: (typeof KINDS)[number]; pick: number; quantity: number };

async function nodeNamed(code: string) {
  const [row] = await testApp.db
    .select({ id: workflowNodes.id })
    .from(workflowNodes)
    .innerJoin(workflows, eq(workflows.id, workflowNodes.workflowId))
    .where(and(eq(workflows.objectName, 'attachement'), eq(workflowNodes.code, code)));
  return row?.id ?? 0;
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  fx = attachmentFixtures(testApp.app, testApp.db, () => admin);
  const options = ROLE_OPTIONS.filter((option) => option !== CANNOT_EDIT_AFTER_VALIDATION);
  editor = (await actingAs(testApp, { ...ALL_RIGHTS, options, visibility: 1 })).token;
  market = await marketWithBpu(testApp.app, testApp.db, admin);
  prestations = (await pricesOf(testApp.db, market.bpuId)).slice(0, 2).map((price) => price.prestation);
  await fx.deposit(market.marketId, '40.00');
  orderIds = [await fx.validatedOrder(market, ['50', '50']), await fx.validatedOrder(market, ['50', '50'])];
  // a way back out of the validated nodes (an administrator may add one to the workflow): att_validated → att_draft
  const [workflow] = await testApp.db.select({ id: workflows.id }).from(workflows).where(eq(workflows.objectName, 'attachement'));
  const [reopen] = await testApp.db
    .insert(workflowTransitions)
    .values({
      workflowId: workflow?.id ?? 0,
      code: 'att_reopen',
      name: 'Rouvrir',
      type: TRANSITION_TYPES.normal,
      fromNodeId: await nodeNamed('att_validated'),
      toNodeId: await nodeNamed('att_draft'),
    })
    .returning({ id: workflowTransitions.id });
  const [user] = await testApp.db.select({ roleId: users.roleId }).from(users).where(eq(users.uid, 'admin'));
  await testApp.db.insert(roleWorkflowTransitions).values({ roleId: user?.roleId ?? 0, transitionId: reopen?.id ?? 0 });
});

afterAll(async () => {
  await testApp?.close();
});

type Attachment = {
  id: number;
  orderId: number;
  node: string;
  rg: string;
  releasedIn: number | null;
  invoicedIn: number | null;
  paid: boolean;
  locked: boolean;
};

/** The test orders' attachments as they stand: node, RG, the statement releasing it. */
async function attachmentsNow(): Promise<Attachment[]> {
  return rowsOf<Attachment>(
    testApp.db,
    sql`SELECT att.id, att.order_id AS "orderId", n.code AS node, att.rg::text AS rg,
        (SELECT r.statement_id FROM monthly_statement_rg_releases r WHERE r.attachment_id = att.id) AS "releasedIn",
        msa.statement_id AS "invoicedIn", coalesce(ms.paid_at IS NOT NULL, FALSE) AS paid, att.locked
      FROM attachments att JOIN workflow_tokens t ON t.entity_name = 'attachement' AND t.entity_id = att.id
        JOIN workflow_nodes n ON n.id = t.node_id
        LEFT JOIN monthly_statement_attachments msa ON msa.attachment_id = att.id
        LEFT JOIN monthly_statements ms ON ms.id = msa.statement_id
      WHERE att.order_id IN (${sql.join(
        orderIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      ORDER BY att.id`,
  );
}

async function ok(response: Promise<{ statusCode: number; body: string }>, step: Step) {
  const done = await response;
  expect(done.statusCode, `${JSON.stringify(step)}: ${done.body}`).toBe(200);
}

/** Plays one step on an attachment it applies to (none: nothing happens). */
async function play(step: Step) {
  const all = await attachmentsNow();
  const at = (...nodes: string[]) => all.filter((attachment) => nodes.includes(attachment.node));
  const chosen = <T>(candidates: T[]) => candidates[step.pick % Math.max(candidates.length, 1)];
  const line = [{ prestation: prestations[step.pick % 2] ?? 0, quantity: String(step.quantity) }];
  switch (step.kind) {
    case 'create': {
      const id = await fx.attachment(orderIds[step.pick % 2] ?? 0);
      await ok(fx.saveLines(id, line), step);
      return;
    }
    case 'validate': {
      const target = chosen(at('att_draft'));
      return target && fx.validate(target.id);
    }
    case 'refuse': {
      const target = chosen(at('att_draft'));
      return target && fx.refuse(target.id);
    }
    case 'edit': {
      // a locked attachment (paid, or sent to the ERP once validated) refuses edits: not a candidate
      const target = chosen(at('att_draft', 'att_validated').filter((attachment) => !attachment.locked));
      return target && ok(fx.saveLines(target.id, line, editor), step);
    }
    case 'prepare': {
      const target = chosen(at('att_validated'));
      return target && ok(fx.move('attachement', target.id, 'att_to_prepared', 'att_prepared_for_payment'), step);
    }
    case 'postpone': {
      const target = chosen(at('att_prepared_for_payment'));
      return target && ok(fx.move('attachement', target.id, 'att_postponed', 'att_validated'), step);
    }
    case 'pay': {
      const target = chosen(at('att_prepared_for_payment'));
      return target && ok(fx.move('attachement', target.id, 'att_to_paid', 'att_paid'), step);
    }
    case 'reopen': {
      const target = chosen(at('att_validated'));
      return target && ok(fx.move('attachement', target.id, 'att_reopen', 'att_draft', 'Quantités à revoir'), step);
    }
    case 'releaseDate': {
      const target = chosen(all);
      const releaseDate = `20${20 + (step.quantity % 10)}-0${1 + (step.pick % 9)}-15`;
      return target && ok(fx.send('PUT', `/api/attachement/${target.id}/warranties/releaseDate`, { releaseDate }), step);
    }
    case 'release': {
      const candidates = at('att_validated', 'att_prepared_for_payment', 'att_paid').filter(
        (attachment) => Number(attachment.rg) > 0 && attachment.releasedIn === null,
      );
      const target = chosen(candidates);
      if (!target) {
        return;
      }
      const created = await fx.json(await fx.send('POST', '/api/situation/create', { market: market.marketId }));
      return ok(fx.send('POST', `/api/situation/${created.id}/rg`, [target.id]), step);
    }
    case 'unrelease': {
      const target = chosen(all.filter((attachment) => attachment.releasedIn !== null));
      return target && ok(fx.send('DELETE', `/api/situation/${target.releasedIn}/attachement/${target.id}/rg`), step);
    }
    case 'deleteStatement': {
      const target = chosen(all.filter((attachment) => attachment.releasedIn !== null));
      return target && ok(fx.send('DELETE', `/api/situation/${target.releasedIn}/delete`), step);
    }
    case 'deliveryDate': {
      const id = orderIds[step.pick % 2] ?? 0;
      return ok(fx.send('PUT', '/api/orders', [{ id, deliveryDate: `2024-0${1 + (step.quantity % 9)}-01` }]), step);
    }
    case 'invoice': {
      const target = chosen(at('att_validated', 'att_prepared_for_payment', 'att_paid').filter((row) => row.invoicedIn === null));
      if (!target) {
        return;
      }
      const created = await fx.json(await fx.send('POST', '/api/situation/create', { market: market.marketId }));
      return ok(fx.send('POST', `/api/situation/${created.id}/attachement`, [target.id]), step);
    }
    case 'uninvoice': {
      const target = chosen(all.filter((row) => row.invoicedIn !== null && !row.paid));
      return target && ok(fx.send('DELETE', `/api/situation/${target.invoicedIn}/attachement/${target.id}`), step);
    }
    case 'payStatement': {
      // a statement releasing the RG of an attachment no longer validated may not be paid: those left out
      const blocked = new Set(all.filter((row) => !validatedNodes.includes(row.node)).map((row) => row.releasedIn));
      const target = chosen(all.filter((row) => row.invoicedIn !== null && !row.paid && !blocked.has(row.invoicedIn)));
      return target && ok(fx.send('POST', `/api/situation/${target.invoicedIn}/paid`), step);
    }
    case 'unpayStatement': {
      const target = chosen(all.filter((row) => row.invoicedIn !== null && row.paid));
      if (!target) {
        return;
      }
      const response = await fx.send('POST', `/api/situation/${target.invoicedIn}/dangerously_unpay`);
      // refused (422) when another paid statement released the RG of one of its attachments
      expect([200, 422], response.body).toContain(response.statusCode);
      return;
    }
    case 'orderLines': {
      // an order in the ERP (the `erp` step) refuses edits: the other one, when it is not
      const [open] = await rowsOf<{ id: number }>(
        testApp.db,
        sql`SELECT id FROM orders WHERE id IN (${orderIds[step.pick % 2] ?? 0}, ${orderIds[(step.pick + 1) % 2] ?? 0})
          AND oracle_id IS NULL ORDER BY id = ${orderIds[step.pick % 2] ?? 0} DESC LIMIT 1`,
      );
      if (!open) {
        return;
      }
      const id = open.id;
      const order = await fx.json(await fx.send('GET', `/api/order/${id}`));
      const [line] = await rowsOf<{ id: number }>(
        testApp.db,
        sql`SELECT id FROM order_lines WHERE order_id = ${id} AND prestation_id = ${prestations[0] ?? 0}`,
      );
      const prestationOSs = [{ id: line?.id ?? null, prestation: prestations[0], quantity: String(50 + step.quantity) }];
      return ok(fx.send('PUT', `/api/order/${id}`, { ...order, prestationOSs }), step);
    }
    case 'orderDeposit': {
      // deposits and the ERP id are written to their tables: the triggers keep the summaries whoever writes
      await fx.deposit(market.marketId, `${step.quantity}.25`, orderIds[step.pick % 2] ?? 0);
      return;
    }
    case 'editDeposit': {
      await testApp.db.execute(sql`UPDATE deposits SET amount = amount + ${step.quantity}
        WHERE id = (SELECT max(id) FROM deposits WHERE market_id = ${market.marketId})`);
      return;
    }
    case 'deleteDeposit': {
      await testApp.db.execute(sql`DELETE FROM deposits WHERE id = (SELECT max(id) FROM deposits
        WHERE order_id IN (${orderIds[0] ?? 0}, ${orderIds[1] ?? 0})
          AND NOT EXISTS (SELECT 1 FROM attachment_deposits ad WHERE ad.deposit_id = deposits.id))`);
      return;
    }
    case 'erp': {
      const id = orderIds[step.pick % 2] ?? 0;
      await testApp.db.execute(
        sql`UPDATE orders SET oracle_id = CASE WHEN oracle_id IS NULL THEN ${`ERP-${id}`} END WHERE id = ${id}`,
      );
      return;
    }
    case 'releaseOrderDate': {
      const id = orderIds[step.pick % 2] ?? 0;
      return ok(fx.send('PUT', '/api/orders', [{ id, releaseDate: `2031-0${1 + (step.quantity % 9)}-01` }]), step);
    }
    case 'deleteAttachment': {
      // a locked attachment (one that went back to draft after its lock) is refused, as its edits are
      const target = chosen(at('att_draft', 'att_refused').filter((attachment) => !attachment.locked));
      return target && ok(fx.send('DELETE', `/api/attachement/${target.id}/delete`), step);
    }
  }
}

const validatedNodes = ['att_validated', 'att_prepared_for_payment', 'att_paid'];

const steps = fc.array(
  fc.record({ kind: fc.constantFrom(...KINDS), pick: fc.nat({ max: 50 }), quantity: fc.integer({ min: 1, max: 9 }) }),
  { minLength: 4, maxLength: 10 },
);

/** Every kind of step at least once, in an order where each applies. */
const everyKind: Step[] = (
  [
    'create',
    'create',
    'validate',
    'edit',
    'releaseDate',
    'release',
    'unrelease',
    'release',
    'deleteStatement',
    'prepare',
    'postpone',
    'reopen',
    'validate',
    'prepare',
    'pay',
    'create',
    'refuse',
    'deleteAttachment',
    'deliveryDate',
    'invoice',
    'payStatement',
    'unpayStatement',
    'uninvoice',
    'orderLines',
    'orderDeposit',
    'editDeposit',
    'erp',
    'releaseOrderDate',
    'deleteDeposit',
  ] as const
).map((kind, index) => ({ kind, pick: index, quantity: 1 + (index % 9) }));

describe('the stored RG and DC4 figures (docs/decisions.md "Stored RG figures", "Stored market figures")', () => {
  it('equal their recomputation, and the lists the former queries, after any sequence of moves, edits, releases and statements', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (sequence) => {
        for (const step of sequence) {
          await play(step);
        }
        expect(await storedOrderFigures(testApp.db, orderIds)).toEqual(await recomputedOrderFigures(testApp.db, orderIds));
        const dc4 = await dc4NowAndBefore(testApp.db, [market.marketId]);
        expect(dc4.now).toEqual(dc4.before);
        expect(await storedOrderSummaries(testApp.db)).toEqual(await recomputedOrderSummaries(testApp.db));
        expect(await depositPaidMismatches(testApp.db)).toEqual([]);
        const criteria = { projects: [], markets: [market.marketId], subprojects: [], imputations: [] };
        const query = parseListQuery({ sort: 'id,desc', size: '50', summary: 'true' }) as PageQuery;
        for (const hideEmptyRg of [true, false]) {
          for (const hideErp of [false, true]) {
            expect(await runList(testApp.db, warrantyListOf({ ...criteria, hideEmptyRg, hideErp }), query, null)).toEqual(
              await formerWarranties(testApp.db, { ...criteria, hideEmptyRg, hideErp }, query),
            );
          }
        }
        const budget = await budgetWarrantiesNowAndBefore(testApp.db, query, null);
        expect(budget.now).toEqual(budget.before);
      }),
      { numRuns: 15, endOnFailure: true, examples: [[everyKind]] },
    );
    // up to 15 sequences of ten steps through the API, each checked against four former queries
  }, 300_000);
});
