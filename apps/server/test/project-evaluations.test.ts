import { EVALUATION_COMMENT_REQUIRED_MESSAGE, PROJECT_EVALUATION_ATTACHMENT_MESSAGE } from '@isf/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachments,
  evaluationCriteria,
  evaluations,
  markets,
  orders,
  projectEvaluationAnswers,
} from '../src/db/schema/index.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { actingAs, countRows, createTestApp, login, type TestApp } from './helper.js';
import { marketWithBpu } from './orders-fixtures.js';

let testApp: TestApp;
let admin: string;
let fx: ReturnType<typeof attachmentFixtures>;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  fx = attachmentFixtures(testApp.app, testApp.db, () => admin);
});

afterAll(async () => {
  await testApp?.close();
});

/** A validated order on a new market, to evaluate or not. */
async function orderOf(toEvaluate: boolean) {
  const market = await marketWithBpu(testApp.app, testApp.db, admin);
  await testApp.db.update(markets).set({ toEvaluate }).where(eq(markets.id, market.marketId));
  return fx.validatedOrder(market);
}

const due = async (order: number, attachment?: number, token = admin) =>
  fx.send('GET', `/api/evaluation/project/${order}/due${attachment ? `?attachement=${attachment}` : ''}`, undefined, token);

describe('the project evaluation of an attachment (spec 1 §4 rule 6)', () => {
  it('is due for an order of a market to evaluate until it is answered for the attachment month', async () => {
    const order = await orderOf(true);
    const attachment = await fx.attachment(order);
    const first = await due(order, attachment);
    expect(first.statusCode, first.body).toBe(200);
    const month = new Intl.DateTimeFormat('fr-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' }).format(
      new Date(),
    );
    expect(first.json()).toEqual({ toEvaluate: true, month, answered: null, due: true });

    const notToEvaluate = await orderOf(false);
    expect((await due(notToEvaluate, await fx.attachment(notToEvaluate))).json()).toMatchObject({
      toEvaluate: false,
      due: false,
    });
  });

  it('creates a type 3 evaluation of the order’s agency, project and market with the three ratings, then is no longer due', async () => {
    const order = await orderOf(true);
    const attachment = await fx.attachment(order);
    const response = await fx.send('POST', `/api/evaluation/project/${order}`, {
      quality: 4,
      reactivity: 5,
      technic: 3,
      comment: '  Bon chantier  ',
      attachement: attachment,
    });
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().id as number;
    const [stored] = await testApp.db.select().from(evaluations).where(eq(evaluations.id, id));
    const [orderRow] = await testApp.db.select().from(orders).where(eq(orders.id, order));
    expect(stored).toMatchObject({
      type: 3,
      orderId: order,
      agencyId: orderRow?.agencyId,
      projectId: orderRow?.projectId,
      marketId: orderRow?.marketId,
      comment: 'Bon chantier',
    });
    const criteria = await testApp.db
      .select({ criterion: evaluationCriteria.criterion, value: evaluationCriteria.value })
      .from(evaluationCriteria)
      .where(eq(evaluationCriteria.evaluationId, id));
    expect(criteria.sort((left, right) => left.criterion.localeCompare(right.criterion))).toEqual([
      { criterion: 'quality', value: 4 },
      { criterion: 'reactivity', value: 5 },
      { criterion: 'technic', value: 3 },
    ]);
    expect((await due(order, attachment)).json()).toMatchObject({ answered: 'evaluated', due: false });
    // another attachment of the same order and month is not asked again
    expect((await due(order, await fx.attachment(order))).json()).toMatchObject({ due: false });
  });

  it('records a skip once, so the form is not asked again that month; a later evaluation replaces the skip', async () => {
    const order = await orderOf(true);
    const attachment = await fx.attachment(order);
    const skipped = await fx.send('POST', `/api/evaluation/project/${order}/skip`, { attachement: attachment });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json()).toMatchObject({ success: true, answered: 'skipped', due: false });
    expect((await fx.send('POST', `/api/evaluation/project/${order}/skip`, { attachement: attachment })).statusCode).toBe(200);
    expect(await countRows(testApp.db, projectEvaluationAnswers, eq(projectEvaluationAnswers.orderId, order))).toBe(1);
    expect(await countRows(testApp.db, evaluations, eq(evaluations.orderId, order))).toBe(0);

    const evaluated = await fx.send('POST', `/api/evaluation/project/${order}`, {
      quality: 5,
      reactivity: 5,
      technic: 5,
      attachement: attachment,
    });
    expect(evaluated.statusCode, evaluated.body).toBe(200);
    expect((await due(order, attachment)).json()).toMatchObject({ answered: 'evaluated' });
    // a skip never replaces an evaluation
    await fx.send('POST', `/api/evaluation/project/${order}/skip`, { attachement: attachment });
    expect((await due(order, attachment)).json()).toMatchObject({ answered: 'evaluated' });
  });

  it('asks again for an attachment of another month', async () => {
    const order = await orderOf(true);
    const earlier = await fx.attachment(order);
    await testApp.db.update(attachments).set({ createdAt: sql`now() - interval '2 months'` }).where(eq(attachments.id, earlier));
    await fx.send('POST', `/api/evaluation/project/${order}/skip`, { attachement: earlier });
    expect((await due(order, earlier)).json()).toMatchObject({ answered: 'skipped', due: false });
    expect((await due(order, await fx.attachment(order))).json()).toMatchObject({ answered: null, due: true });
  });

  it('refuses ratings out of 1 to 5, a missing comment below 3 stars, and an attachment of another order, writing nothing', async () => {
    const order = await orderOf(true);
    const other = await fx.attachment(await orderOf(true));
    const cases: [Record<string, unknown>, string][] = [
      [{ quality: 6, reactivity: 3, technic: 3 }, 'quality'],
      [{ quality: 2, reactivity: 3, technic: 3, comment: '   ' }, 'comment'],
    ];
    for (const [payload, field] of cases) {
      const response = await fx.send('POST', `/api/evaluation/project/${order}`, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().fields ?? {})).toContain(field);
    }
    const noComment = await fx.send('POST', `/api/evaluation/project/${order}`, { quality: 2, reactivity: 3, technic: 3 });
    expect(noComment.json().fields.comment).toBe(EVALUATION_COMMENT_REQUIRED_MESSAGE);
    const wrongAttachment = await fx.send('POST', `/api/evaluation/project/${order}`, {
      quality: 4,
      reactivity: 4,
      technic: 4,
      attachement: other,
    });
    expect(wrongAttachment.statusCode).toBe(400);
    expect(wrongAttachment.json().detail).toBe(PROJECT_EVALUATION_ATTACHMENT_MESSAGE);
    expect(await countRows(testApp.db, evaluations, eq(evaluations.orderId, order))).toBe(0);
    expect(await countRows(testApp.db, projectEvaluationAnswers, eq(projectEvaluationAnswers.orderId, order))).toBe(0);
  });

  it('needs the create right on project evaluations, and the order in the caller’s scope', async () => {
    const order = await orderOf(true);
    const reader = await actingAs(testApp, { read: ['evaluation_project', 'order'] });
    expect((await due(order, undefined, reader.token)).statusCode).toBe(403);
    expect(
      (await fx.send('POST', `/api/evaluation/project/${order}`, { quality: 4, reactivity: 4, technic: 4 }, reader.token))
        .statusCode,
    ).toBe(403);
    const outsider = await actingAs(testApp, { create: ['evaluation_project'], read: ['order'], visibility: 2 });
    expect((await due(order, undefined, outsider.token)).statusCode).toBe(404);
    expect(
      (await fx.send('POST', `/api/evaluation/project/${order}/skip`, { attachement: null }, outsider.token)).statusCode,
    ).toBe(404);
    expect(
      await countRows(
        testApp.db,
        projectEvaluationAnswers,
        and(eq(projectEvaluationAnswers.orderId, order), eq(projectEvaluationAnswers.outcome, 'skipped')),
      ),
    ).toBe(0);
  });
});
