import type { AttachmentToValidateRow, ListReply } from '@isf/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { attachments, orders, workflowTokens } from '../src/db/schema/index.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { actingAs, createTestApp, inject, login } from './helper.js';
import { createOrder, demoMarkets } from './orders-fixtures.js';
import { expectStatus, nodesOf, seededWorkflow } from './workflow-fixtures.js';

const testApp = await createTestApp();
const { app, db } = testApp;
const admin = await login(app, 'admin', 'admin');
const projectManager = await login(app, 'cdp', 'cdp');
const subcontractor = await login(app, 'sst', 'sst');
const fx = attachmentFixtures(app, db, () => admin);
const orderNodes = await nodesOf(db, (await seededWorkflow(db, 'service_order')).id);
const attachmentNodes = await nodesOf(db, (await seededWorkflow(db, 'attachement')).id);
// 0: the subcontractor's agency, on one of its projects; 1: another agency, on a project the subcontractor shares
const [ownMarket, otherAgencyMarket] = await demoMarkets(db);

afterAll(async () => {
  await testApp.close();
});

const ATTACHMENTS = '/api/dashboard/attachementstovalidate';

async function page(token: string, query: Record<string, string> = {}): Promise<ListReply<AttachmentToValidateRow>> {
  const response = await inject(app, { method: 'GET', url: ATTACHMENTS, token, query });
  expectStatus(response, 200);
  return response.json<ListReply<AttachmentToValidateRow>>();
}

const idsOf = async (token: string) => (await page(token, { size: '100' })).content.map((row) => row.id);

/** A validated order of the market (its token and its stored node put straight on os_validated). */
async function validatedOrder(marketId: number): Promise<number> {
  const id = await createOrder(app, db, admin, marketId);
  const nodeId = orderNodes.get('os_validated') ?? 0;
  await db
    .update(workflowTokens)
    .set({ nodeId })
    .where(and(eq(workflowTokens.entityName, 'order'), eq(workflowTokens.entityId, id)));
  await db.update(orders).set({ wfNodeId: nodeId }).where(eq(orders.id, id));
  return id;
}

const ownOrder = await validatedOrder(ownMarket?.id ?? 0);
const foreignOrder = await validatedOrder(otherAgencyMarket?.id ?? 0);

/** A new attachment of the order whose token (and stored node) is put straight on an attachment node. */
async function attachmentOn(order: number, nodeCode: string): Promise<number> {
  const id = await fx.attachment(order);
  const nodeId = attachmentNodes.get(nodeCode) ?? 0;
  await db
    .update(workflowTokens)
    .set({ nodeId })
    .where(and(eq(workflowTokens.entityName, 'attachement'), eq(workflowTokens.entityId, id)));
  await db.update(attachments).set({ wfNodeId: nodeId }).where(eq(attachments.id, id));
  return id;
}

const own = {
  draft: await attachmentOn(ownOrder, 'att_draft'),
  atSubcontractor: await attachmentOn(ownOrder, 'att_validation_sst'),
  atProjectManager: await attachmentOn(ownOrder, 'att_validating'),
  validated: await attachmentOn(ownOrder, 'att_validated'),
  paid: await attachmentOn(ownOrder, 'att_paid'),
};
const foreign = {
  draft: await attachmentOn(foreignOrder, 'att_draft'),
  atSubcontractor: await attachmentOn(foreignOrder, 'att_validation_sst'),
};

describe('GET /dashboard/attachementstovalidate', () => {
  it('gives a row the reference, order, market, step, agency, project, amount and arrival date', async () => {
    const row = (await page(admin, { size: '100' })).content.find((candidate) => candidate.id === own.atSubcontractor);
    const [stored] = await db.select().from(attachments).where(eq(attachments.id, own.atSubcontractor));
    const [order] = await db.select().from(orders).where(eq(orders.id, ownOrder));
    expect(row).toMatchObject({
      reference: stored?.reference,
      orderId: ownOrder,
      orderReference: order?.reference,
      orderName: order?.name,
      marketId: ownMarket?.id,
      marketEdifice: ownMarket?.edifice,
      nodeId: attachmentNodes.get('att_validation_sst'),
      nodeName: 'Validation sous-traitant',
      nodeCode: 'att_validation_sst',
      agencyId: ownMarket?.agencyId,
      projectId: order?.projectId,
      amount: stored?.amount,
    });
    expect(row?.agencyName).toEqual(expect.any(String));
    expect(row?.projectName).toEqual(expect.any(String));
    expect(row?.since).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('gives the subcontractor its own drafts and the attachments awaiting its acceptance, never another agency’s', async () => {
    const seen = await idsOf(subcontractor);
    expect(seen).toEqual(expect.arrayContaining([own.draft, own.atSubcontractor]));
    for (const id of [own.atProjectManager, own.validated, own.paid, foreign.draft, foreign.atSubcontractor]) {
      expect(seen).not.toContain(id);
    }
  });

  it('gives the project manager the drafts and the attachments awaiting its validation, not those at the subcontractor', async () => {
    const seen = await idsOf(projectManager);
    expect(seen).toEqual(expect.arrayContaining([own.draft, own.atProjectManager]));
    expect(seen).not.toContain(own.atSubcontractor);
    expect(seen).not.toContain(own.paid);
    const steps = new Set((await page(projectManager, { size: '100' })).content.map((row) => row.nodeCode));
    expect(
      [...steps].every((code) => ['att_draft', 'att_validating', 'att_validating_amount', 'att_validated'].includes(code)),
    ).toBe(true);
  });

  it('gives the administrator every attachment it may move forward, longest waiting first, ten a page, summed on demand', async () => {
    const seen = await idsOf(admin);
    expect(seen).toEqual(
      expect.arrayContaining([own.draft, own.atSubcontractor, own.atProjectManager, foreign.draft, foreign.atSubcontractor]),
    );
    // paid is an end node: nothing to move forward
    expect(seen).not.toContain(own.paid);
    for (let index = 0; index < 4; index += 1) {
      await attachmentOn(ownOrder, 'att_draft');
    }
    const first = await page(admin);
    expect(first.totalElements).toBeGreaterThan(10);
    expect(first.content).toHaveLength(10);
    const since = first.content.map((row) => Date.parse(row.since));
    expect(since).toEqual([...since].sort((left, right) => left - right));
    const summed = await page(admin, { summary: 'true', size: '100' });
    const total = summed.content.reduce((sum, row) => sum + Math.round(Number(row.amount) * 100), 0);
    expect(summed.summary?.amount).toBe((total / 100).toFixed(2));
  });

  it('answers 401 without a session and 403 without the read right on attachments', async () => {
    expectStatus(await inject(app, { method: 'GET', url: ATTACHMENTS }), 401);
    const noAttachments = await actingAs(testApp, { read: ['order', 'subcontractor_market'] });
    expectStatus(await inject(app, { method: 'GET', url: ATTACHMENTS, token: noAttachments.token }), 403);
  });
});
