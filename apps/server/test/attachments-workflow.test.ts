import {
  ATTACHMENT_AMOUNT_ABOVE_ENGAGEMENT_MESSAGE,
  ATTACHMENT_AMOUNT_WITHIN_ENGAGEMENT_MESSAGE,
  REFUSAL_COMMENT_MESSAGE,
  ROLE_OPTIONS,
} from '@isf/contract';
import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentDeposits, users, workflowNodes, workflows, workflowTransitions } from '../src/db/schema/index.js';
import { depositRemaining } from '../src/modules/attachments/index.js';
import { ALL_RIGHTS } from '../src/seed/access-seed.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { actingAs, createTestApp, login, type TestApp, userIdOf } from './helper.js';
import { marketWithBpu, pricesOf } from './orders-fixtures.js';
import { grant, roleOf } from './workflow-fixtures.js';

let testApp: TestApp;
let admin: string;
let fx: ReturnType<typeof attachmentFixtures>;
let prices: { prestation: number; cost: string }[];

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  fx = attachmentFixtures(testApp.app, testApp.db, () => admin);
  const { bpuId } = await marketWithBpu(testApp.app, testApp.db, admin);
  prices = await pricesOf(testApp.db, bpuId);
});

afterAll(async () => {
  await testApp?.close();
});

const first = () => prices[0] as { prestation: number; cost: string };
/** What an attachment of `quantity` of the first prestation is worth, its RG at 5 % and what it owes the deposits. */
function money(quantity: string) {
  const amount = new Decimal(first().cost).times(quantity).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const rg = amount.times(5).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { amount: amount.toFixed(2), rg: rg.toFixed(2), due: amount.minus(rg) };
}

/** A fresh market and a validated order ordering 10 of the first prestation. */
async function freshOrder(quantities = ['10']) {
  const market = await marketWithBpu(testApp.app, testApp.db, admin);
  return { market, order: await fx.validatedOrder(market, quantities) };
}

async function attachmentWith(order: number, quantity: string) {
  const id = await fx.attachment(order);
  const saved = await fx.saveLines(id, [{ prestation: first().prestation, quantity }]);
  expect(saved.statusCode, saved.body).toBe(200);
  return id;
}

async function setEngagement(amount: string) {
  await testApp.db.update(users).set({ engagement: amount }).where(eq(users.uid, 'admin'));
}

const lineOf = async (id: number) =>
  (await fx.json(await fx.send('GET', `/api/attachement/${id}/prestations?onlyAttached=true`)))[0];

describe('attachment workflow guards (docs/decisions.md "Reference workflows")', () => {
  it('sends an attachment beyond the CDP engagement to amount validation and refuses the direct validation', async () => {
    const { order } = await freshOrder();
    const id = await attachmentWith(order, '5');
    await setEngagement('1.00');
    try {
      expect((await fx.move('attachement', id, 'att_submit_to_cdp', 'att_validating')).statusCode).toBe(200);
      const direct = await fx.move('attachement', id, 'att_to_validated', 'att_validated');
      expect(direct.statusCode).toBe(422);
      expect(direct.json().error).toBe(ATTACHMENT_AMOUNT_ABOVE_ENGAGEMENT_MESSAGE);
      expect((await fx.move('attachement', id, 'att_to_validation', 'att_validating_amount')).statusCode).toBe(200);
      expect((await fx.move('attachement', id, 'att_to_validated', 'att_validated')).statusCode).toBe(200);
    } finally {
      await setEngagement('1000000');
    }
    const within = await attachmentWith(order, '1');
    await fx.move('attachement', within, 'att_submit_to_cdp', 'att_validating');
    const viaAmount = await fx.move('attachement', within, 'att_to_validation', 'att_validating_amount');
    expect(viaAmount.statusCode).toBe(422);
    expect(viaAmount.json().error).toBe(ATTACHMENT_AMOUNT_WITHIN_ENGAGEMENT_MESSAGE);
  });

  it('needs a 5-character comment to refuse, and records the validator once validated', async () => {
    const { order } = await freshOrder();
    const id = await attachmentWith(order, '1');
    await fx.move('attachement', id, 'att_submit_to_cdp', 'att_validating');
    const refused = await fx.move('attachement', id, 'att_to_refused', 'att_refused', 'non');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(REFUSAL_COMMENT_MESSAGE);
    expect((await fx.move('attachement', id, 'att_to_validated', 'att_validated')).statusCode).toBe(200);
    const detail = await fx.detail(id);
    expect(detail).toMatchObject({ validator: await userIdOf(testApp.db, 'admin'), canSendToOracle: true });
    expect(detail.validatedAt).not.toBeNull();
  });
});

describe('cumulative quantities', () => {
  it('counts only validated attachments, before this one, so a refused one in the middle changes nothing', async () => {
    const { order } = await freshOrder(['10']);
    const a1 = await attachmentWith(order, '10');
    const a2 = await attachmentWith(order, '5');
    const a3 = await attachmentWith(order, '3');
    await fx.validate(a1);
    await fx.refuse(a2);
    expect(await lineOf(a1)).toMatchObject({ cumulativePreviousQuantity: '0.0', quantity: '10.0', cumulativeQuantity: '10.0' });
    // the refused attachment counts nowhere, not even for itself
    expect(await lineOf(a3)).toMatchObject({
      orderedQuantity: '10.0',
      cumulativePreviousQuantity: '10.0',
      quantity: '3.0',
      cumulativeQuantity: '13.0',
      overOrdered: true,
    });
    expect((await fx.detail(a3)).overOrdered).toBe(true);
    expect((await fx.detail(a1)).overOrdered).toBe(false);

    await fx.validate(a3);
    expect(await lineOf(a3)).toMatchObject({ cumulativePreviousQuantity: '10.0', cumulativeQuantity: '13.0' });
    // validated before a3, a1 does not see it
    expect(await lineOf(a1)).toMatchObject({ cumulativePreviousQuantity: '0.0', cumulativeQuantity: '10.0' });

    // the refused one reworked and validated last comes after both
    expect((await fx.move('attachement', a2, 'att_to_draft', 'att_draft', 'Quantités corrigées')).statusCode).toBe(200);
    await fx.validate(a2);
    expect(await lineOf(a2)).toMatchObject({ cumulativePreviousQuantity: '13.0', cumulativeQuantity: '18.0' });
    expect(await lineOf(a3)).toMatchObject({ cumulativePreviousQuantity: '10.0' });

    // a deleted draft never counted
    const a4 = await attachmentWith(order, '100');
    expect((await fx.send('DELETE', `/api/attachement/${a4}/delete`)).statusCode).toBe(200);
    const a5 = await attachmentWith(order, '1');
    expect(await lineOf(a5)).toMatchObject({ cumulativePreviousQuantity: '18.0', cumulativeQuantity: '19.0' });
  });
});

describe('deposits (DESIGN §6)', () => {
  it('consumes the order’s deposit first, then the market’s, never beyond what remains', async () => {
    const { market, order } = await freshOrder(['100']);
    const one = money('2');
    const orderDeposit = await fx.deposit(market.marketId, one.due.dividedBy(2).toFixed(2), order);
    const marketDeposit = await fx.deposit(market.marketId, one.due.toFixed(2));
    const a1 = await attachmentWith(order, '2');
    expect((await fx.detail(a1)).depositUsed).toBe('0.00');
    await fx.validate(a1);
    const detail1 = await fx.detail(a1);
    // all of a1's due is covered: half by the order's deposit, half by the market's
    expect(detail1.depositUsed).toBe(one.due.toFixed(2));
    expect(detail1.netAmount).toBe('0.00');
    expect(detail1.warranties.map((use: { deposit: number }) => use.deposit)).toEqual([orderDeposit, marketDeposit]);

    const a2 = await attachmentWith(order, '2');
    await fx.validate(a2);
    const detail2 = await fx.detail(a2);
    expect(detail2.depositUsed).toBe(one.due.dividedBy(2).toFixed(2));
    expect(new Decimal(detail2.netAmount).greaterThan(0)).toBe(true);

    const a3 = await attachmentWith(order, '2');
    await fx.validate(a3);
    expect((await fx.detail(a3)).depositUsed).toBe('0.00');
    expect(await depositRemaining(testApp.db, orderDeposit)).toBe('0.00');
    expect(await depositRemaining(testApp.db, marketDeposit)).toBe('0.00');
  });

  it('recomputes the consumption when a validated attachment is edited, and gives it back when it leaves validation', async () => {
    const { market, order } = await freshOrder(['100']);
    const deposit = await fx.deposit(market.marketId, '1000000.00');
    const id = await attachmentWith(order, '1');
    await fx.validate(id);
    expect((await fx.detail(id)).depositUsed).toBe(money('1').due.toFixed(2));

    const editor = await actingAs(testApp, {
      ...ALL_RIGHTS,
      options: ROLE_OPTIONS.filter((option) => option !== 'attachements.cannot_edit_after_validation'),
      visibility: 1,
    });
    const edited = await fx.saveLines(id, [{ prestation: first().prestation, quantity: '3' }], editor.token);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().record.depositUsed).toBe(money('3').due.toFixed(2));

    // a link back to draft added as data: leaving the validated nodes gives the deposit back
    const [workflow] = await testApp.db.select({ id: workflows.id }).from(workflows).where(eq(workflows.code, 'attachement'));
    const nodes = await testApp.db
      .select({ id: workflowNodes.id, code: workflowNodes.code })
      .from(workflowNodes)
      .where(eq(workflowNodes.workflowId, workflow?.id ?? 0));
    const node = (code: string) => nodes.find((candidate) => candidate.code === code)?.id ?? 0;
    const [link] = await testApp.db
      .insert(workflowTransitions)
      .values({
        workflowId: workflow?.id ?? 0,
        code: 'att_to_draft',
        name: 'Annuler la validation (test)',
        type: 2,
        fromNodeId: node('att_validated'),
        toNodeId: node('att_draft'),
      })
      .returning({ id: workflowTransitions.id });
    await grant(testApp.db, await roleOf(testApp.db, await userIdOf(testApp.db, 'admin')), { transitions: [link?.id ?? 0] });
    const back = await fx.move('attachement', id, 'att_to_draft', 'att_draft', 'Erreur de saisie');
    expect(back.statusCode, back.body).toBe(200);
    expect(await fx.detail(id)).toMatchObject({ depositUsed: '0.00', warranties: [], validatedAt: null });
    expect(await depositRemaining(testApp.db, deposit)).toBe('1000000.00');
    await testApp.db.delete(workflowTransitions).where(eq(workflowTransitions.id, link?.id ?? 0));
  });

  // On PGlite (one connection) the moves run one after the other; with DATABASE_URL (PostgreSQL) they run
  // concurrently, and the deposit row lock of the validation makes them take turns.
  it('never consumes a deposit beyond its amount when several attachments are validated at the same time', async () => {
    const { market, order } = await freshOrder(['100']);
    const one = money('2');
    const depositAmount = one.due.times(2.5).toDecimalPlaces(2).toFixed(2);
    const deposit = await fx.deposit(market.marketId, depositAmount);
    const ids = [];
    for (let index = 0; index < 4; index += 1) {
      const id = await attachmentWith(order, '2');
      expect((await fx.move('attachement', id, 'att_submit_to_cdp', 'att_validating')).statusCode).toBe(200);
      ids.push(id);
    }
    const moves = await Promise.all(ids.map((id) => fx.move('attachement', id, 'att_to_validated', 'att_validated')));
    expect(moves.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    const [consumed] = await testApp.db
      .select({ total: sql<string>`coalesce(sum(${attachmentDeposits.amount}), 0)::text` })
      .from(attachmentDeposits)
      .where(eq(attachmentDeposits.depositId, deposit));
    expect(consumed?.total).toBe(depositAmount);
    expect(await depositRemaining(testApp.db, deposit)).toBe('0.00');
    const used = await Promise.all(ids.map(async (id) => new Decimal((await fx.detail(id)).depositUsed)));
    expect(used.every((value) => value.lessThanOrEqualTo(one.due) && value.greaterThanOrEqualTo(0))).toBe(true);
    expect(used.reduce((sum, value) => sum.plus(value), new Decimal(0)).toFixed(2)).toBe(depositAmount);
  });
});
