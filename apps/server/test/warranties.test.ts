import {
  formatCsvNumber,
  ORDER_FINANCIAL_OPTION_MESSAGE,
  ORDER_RELEASE_DATE_MESSAGE,
  type StatementDetailRecord,
  WARRANTY_DATE_REQUIRED_MESSAGE,
  WARRANTY_IDS_INVALID_MESSAGE,
  WARRANTY_NO_ORDER_MESSAGE,
  type WarrantyRow,
} from '@isf/contract';
import Decimal from 'decimal.js';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  monthlyStatementRgReleases,
  orders,
  oscarSubprojects,
  workflowNodes,
  workflows,
  workflowTokens,
} from '../src/db/schema/index.js';
import { refreshOrderFigures } from '../src/modules/attachments/index.js';
import { orderWarranty, warrantyListOf } from '../src/modules/warranties/index.js';
import { type PageQuery, parseListQuery, runList } from '../src/platform/list-engine.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { subcontractorOfFirstMarket, withoutFinancialOption } from './deposits-fixtures.js';
import { createTestApp, inject, login, type TestApp } from './helper.js';
import { createOrder, demoMarkets, marketWithBpu, pricesOf } from './orders-fixtures.js';
import { csvRows } from './price-schedules-fixtures.js';
import { formerWarranties } from './warranties-former-query.js';

let testApp: TestApp;
let admin: string;
let fx: ReturnType<typeof attachmentFixtures>;
let market: { marketId: number; bpuId: number };
let prices: { prestation: number; cost: string }[];

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  fx = attachmentFixtures(testApp.app, testApp.db, () => admin);
  market = await marketWithBpu(testApp.app, testApp.db, admin);
  prices = await pricesOf(testApp.db, market.bpuId);
});

afterAll(async () => {
  await testApp?.close();
});

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = admin) =>
  inject(testApp.app, { method, url, token, payload: payload as object });

async function warranties(query: Record<string, string>, token = admin) {
  const response = await inject(testApp.app, { method: 'GET', url: '/api/orders/warranties', token, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ content: WarrantyRow[]; totalElements: number; summary?: Record<string, string> }>();
}

/** A validated attachment of the order with this quantity of the BPU's prestation at `index`. */
async function validatedAttachment(order: number, index: number, quantity: string, releaseDate?: string) {
  const id = await fx.attachment(order);
  const saved = await fx.saveLines(id, [{ prestation: prices[index]?.prestation ?? 0, quantity }]);
  expect(saved.statusCode, saved.body).toBe(200);
  await fx.validate(id);
  if (releaseDate) {
    const set = await send('PUT', `/api/attachement/${id}/warranties/releaseDate`, { releaseDate });
    expect(set.statusCode, set.body).toBe(200);
  }
  return id;
}

/** The RG released of an attachment: the amount its release situation records, null while none. */
async function releasedOf(attachment: number): Promise<string | null> {
  const [row] = await testApp.db
    .select({ amount: monthlyStatementRgReleases.amount })
    .from(monthlyStatementRgReleases)
    .where(eq(monthlyStatementRgReleases.attachmentId, attachment));
  return row?.amount ?? null;
}

/** What the warranty columns should be, from the attachments' own details (the pure rules). */
async function expectedWarranty(attachmentIds: number[]) {
  const details = await Promise.all(attachmentIds.map((id) => fx.detail(id)));
  return orderWarranty(
    await Promise.all(
      details.map(async (detail) => ({
        rg: detail.totalRg,
        depositUsed: detail.depositUsed,
        releaseDate: detail.rgReleaseDate,
        released: await releasedOf(detail.id),
      })),
    ),
  );
}

/** A statement of the market releasing the RG of these attachments (POST /situation/{id}/rg). */
async function releaseInStatement(marketId: number, attachmentIds: number[]): Promise<StatementDetailRecord> {
  const created = await send('POST', '/api/situation/create', { market: marketId });
  expect(created.statusCode, created.body).toBe(200);
  const released = await send('POST', `/api/situation/${created.json().id}/rg`, attachmentIds);
  expect(released.statusCode, released.body).toBe(200);
  return released.json<{ record: StatementDetailRecord }>().record;
}

describe('the order warranties list (spec 2 Order warranties)', () => {
  it('sums the validated attachments: RG, deposit used, released, to release, left, released from a deposit', async () => {
    const deposit = await send('POST', `/api/market/${market.marketId}/deposit`, { reference: 'AV-GARANTIE', amount: '1.00' });
    expect(deposit.statusCode, deposit.body).toBe(200);
    const order = await fx.validatedOrder(market, ['10', '4']);
    // the first consumes the whole deposit, the second nothing; both released by a statement; the third still withheld
    const withDeposit = await validatedAttachment(order, 0, '2', '2025-01-10');
    const withoutDeposit = await validatedAttachment(order, 0, '3', '2025-02-10');
    const toRelease = await validatedAttachment(order, 1, '1', '2099-01-01');
    const draft = await fx.attachment(order);
    await fx.saveLines(draft, [{ prestation: prices[1]?.prestation ?? 0, quantity: '1' }]);
    await releaseInStatement(market.marketId, [withDeposit, withoutDeposit]);

    expect((await fx.detail(withDeposit)).depositUsed).toBe('1.00');
    expect((await fx.detail(withoutDeposit)).depositUsed).toBe('0.00');
    const expected = await expectedWarranty([withDeposit, withoutDeposit, toRelease]);
    const { content } = await warranties({ markets: String(market.marketId) });
    const row = content.find((entry) => entry.id === order);
    expect(row).toMatchObject({ ...expected, depositUsed: '1.00' });
    const rgOf = async (id: number) => (await fx.detail(id)).totalRg as string;
    expect(row?.rgFromDepositReleased).toBe(await rgOf(withDeposit));
    expect(row?.rgToRelease).toBe(await rgOf(toRelease));
    expect(row?.rgLeft).toBe(row?.rgToRelease);
    expect(Number(row?.rgReleased)).toBeGreaterThan(Number(row?.rgFromDepositReleased));
  });

  it('counts as released what a monthly statement releases, as the statement figures do, whatever the release date', async () => {
    const order = await fx.validatedOrder(market, ['10', '4']);
    // release date come, but no statement releases it yet: still to release, for the warranties and the statement
    const due = await validatedAttachment(order, 0, '2', '2020-01-10');
    // release date to come, released by a statement all the same
    const early = await validatedAttachment(order, 1, '1', '2099-01-01');
    const rowOf = async () =>
      (await warranties({ markets: String(market.marketId), size: '200' })).content.find((entry) => entry.id === order);
    const rgOf = async (id: number) => (await fx.detail(id)).totalRg as string;
    const rgDue = await rgOf(due);
    const rgEarly = await rgOf(early);
    const total = new Decimal(rgDue).plus(rgEarly).toFixed(2);
    expect(await rowOf()).toMatchObject({ rg: total, rgReleased: '0.00', rgToRelease: total, rgLeft: total });

    const statement = await releaseInStatement(market.marketId, [early]);
    expect(statement.rgreleased).toBe(rgEarly);
    // the statement's "to release" is the market's due RG released nowhere: the due attachment's among others
    const dueReleased = await send('GET', `/api/situation/${statement.id}`);
    expect(new Decimal(dueReleased.json<StatementDetailRecord>().rgToRelease).greaterThanOrEqualTo(rgDue)).toBe(true);
    expect(await rowOf()).toMatchObject({ ...(await expectedWarranty([due, early])), rgReleased: rgEarly, rgToRelease: rgDue });

    await send('POST', `/api/situation/${statement.id}/rg`, [due]);
    const both = await send('GET', `/api/situation/${statement.id}`);
    expect(both.json<StatementDetailRecord>().rgreleased).toBe(total);
    expect(await rowOf()).toMatchObject({ rgReleased: total, rgToRelease: '0.00', rgLeft: '0.00' });

    // removing the release gives it back to both
    const removed = await inject(testApp.app, {
      method: 'DELETE',
      url: `/api/situation/${statement.id}/attachement/${early}/rg`,
      token: admin,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ record: StatementDetailRecord }>().record.rgreleased).toBe(rgDue);
    expect(await rowOf()).toMatchObject({ ...(await expectedWarranty([due, early])), rgReleased: rgDue, rgToRelease: rgEarly });
  });

  it('hides the orders without RG by default, and the orders sent to the ERP on demand', async () => {
    const empty = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const withRg = await fx.validatedOrder(market, ['10', '4']);
    await validatedAttachment(withRg, 0, '1');
    const ids = async (query: Record<string, string>) =>
      (await warranties({ markets: String(market.marketId), size: '200', ...query })).content.map((row) => row.id);
    expect(await ids({})).toContain(withRg);
    expect(await ids({})).not.toContain(empty);
    expect(await ids({ hideEmptyRg: 'false' })).toContain(empty);
    await testApp.db.update(orders).set({ oracleId: 'PO-4242' }).where(eq(orders.id, withRg));
    expect(await ids({})).toContain(withRg);
    expect(await ids({ hideErp: 'true' })).not.toContain(withRg);
  });

  it('counts an RG as shown only on a validated, prepared for payment or paid attachment', async () => {
    const ids = async (query: Record<string, string> = {}) => {
      const list = await warranties({ markets: String(market.marketId), size: '200', ...query });
      expect(list.totalElements).toBe(list.content.length);
      return list.content.map((row) => row.id);
    };
    // an RG on a draft and on a refused attachment only: hidden, its sums are zero
    const notValidated = await fx.validatedOrder(market, ['10', '4']);
    const draft = await fx.attachment(notValidated);
    await fx.saveLines(draft, [{ prestation: prices[0]?.prestation ?? 0, quantity: '2' }]);
    const refused = await fx.attachment(notValidated);
    await fx.saveLines(refused, [{ prestation: prices[0]?.prestation ?? 0, quantity: '1' }]);
    await fx.refuse(refused);
    expect(Number((await fx.detail(draft)).totalRg)).toBeGreaterThan(0);
    expect(Number((await fx.detail(refused)).totalRg)).toBeGreaterThan(0);
    expect(await ids()).not.toContain(notValidated);
    const shownAnyway = (await warranties({ markets: String(market.marketId), size: '200', hideEmptyRg: 'false' })).content;
    expect(shownAnyway.find((row) => row.id === notValidated)).toMatchObject({ rg: '0.00' });
    // a validated attachment without RG (no line) does not show it either
    const empty = await fx.attachment(notValidated);
    await fx.validate(empty);
    expect((await fx.detail(empty)).totalRg).toBe('0.00');
    expect(await ids()).not.toContain(notValidated);
    // one validated attachment with an RG shows it, and at the later validated nodes too
    const validated = await validatedAttachment(notValidated, 1, '1');
    expect(await ids()).toContain(notValidated);
    const node = async (code: string) => {
      const [row] = await testApp.db
        .select({ id: workflowNodes.id })
        .from(workflowNodes)
        .innerJoin(workflows, eq(workflows.id, workflowNodes.workflowId))
        .where(and(eq(workflows.objectName, 'attachement'), eq(workflowNodes.code, code)));
      await testApp.db
        .update(workflowTokens)
        .set({ nodeId: row?.id ?? 0 })
        .where(and(eq(workflowTokens.entityName, 'attachement'), eq(workflowTokens.entityId, validated)));
      // a move written straight to the token, as a system move would: its writer refreshes the order's figures
      await refreshOrderFigures(testApp.db, [notValidated]);
    };
    for (const [code, shown] of [
      ['att_prepared_for_payment', true],
      ['att_paid', true],
      ['att_validating', false],
      ['att_refused', false],
      ['att_draft', false],
      ['att_validated', true],
    ] as const) {
      await node(code);
      expect((await ids()).includes(notValidated), code).toBe(shown);
    }
  });

  it('gives the rows, order, count and totals of the former query summing the attachments', async () => {
    const order = await fx.validatedOrder(market, ['10', '4']);
    await validatedAttachment(order, 0, '1');
    const released = await fx.validatedOrder(market, ['10', '4']);
    const dated = await validatedAttachment(released, 0, '2', '2030-01-01');
    await validatedAttachment(released, 1, '1');
    await releaseInStatement(market.marketId, [dated]);
    const delivered = await fx.validatedOrder(market, ['10', '4']);
    await validatedAttachment(delivered, 1, '3');
    expect((await send('PUT', '/api/orders', [{ id: delivered, deliveryDate: '2024-03-01' }])).statusCode).toBe(200);
    const draft = await fx.attachment(await fx.validatedOrder(market, ['10', '4']));
    await fx.saveLines(draft, [{ prestation: prices[0]?.prestation ?? 0, quantity: '1' }]);
    for (const [criteria, wire] of [
      [
        { hideEmptyRg: true, hideErp: false },
        { sort: 'rg,desc', size: '200', summary: 'true' },
      ],
      [
        { hideEmptyRg: true, hideErp: false },
        { sort: 'id,desc', size: '2', page: '1', summary: 'true' },
      ],
      [
        { hideEmptyRg: true, hideErp: true },
        { sort: 'reference,asc', filters: JSON.stringify({ agencyName: 'a' }) },
      ],
      [
        { hideEmptyRg: false, hideErp: false },
        { sort: 'rgLeft,desc', size: '5', summary: 'true' },
      ],
      [
        { hideEmptyRg: true, hideErp: false },
        { sort: 'rgToRelease,desc', size: '200', summary: 'true' },
      ],
    ] as const) {
      const base = { projects: [], markets: [market.marketId], subprojects: [], imputations: [] };
      const query = parseListQuery(wire) as PageQuery;
      const now = await runList(testApp.db, warrantyListOf({ ...base, ...criteria }), query, null);
      expect(now.totalElements, JSON.stringify(wire)).toBeGreaterThan(0);
      expect(now, JSON.stringify(wire)).toEqual(await formerWarranties(testApp.db, { ...base, ...criteria }, query));
    }
  });

  it('filters by projects, markets, sub-projects and imputations, newest first', async () => {
    const first = await fx.validatedOrder(market, ['10', '4']);
    const second = await fx.validatedOrder(market, ['10', '4']);
    await validatedAttachment(first, 0, '1');
    await validatedAttachment(second, 0, '1');
    const base = { markets: String(market.marketId), hideEmptyRg: 'false', size: '200' };
    const all = await warranties(base);
    const ids = all.content.map((row) => row.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(ids).toEqual([...ids].sort((left, right) => right - left));
    const projectId = all.content[0]?.projectId ?? 0;
    expect((await warranties({ ...base, projects: String(projectId) })).totalElements).toBe(all.totalElements);
    expect((await warranties({ ...base, projects: String(projectId + 100_000) })).totalElements).toBe(0);
    const [demo] = await demoMarkets(testApp.db);
    const both = await warranties({ markets: `${market.marketId},${demo?.id}`, hideEmptyRg: 'false', size: '200' });
    expect(both.content.some((row) => row.marketId === demo?.id)).toBe(true);
    const [subproject] = await testApp.db
      .select({ id: oscarSubprojects.id })
      .from(oscarSubprojects)
      .orderBy(asc(oscarSubprojects.id));
    expect(subproject).toBeDefined();
    await testApp.db.update(orders).set({ oscarSubprojectId: subproject?.id }).where(eq(orders.id, first));
    const bySubproject = await warranties({ ...base, subprojects: String(subproject?.id) });
    expect(bySubproject.content.map((row) => row.id)).toEqual([first]);
    expect((await warranties({ ...base, imputations: '999999' })).totalElements).toBe(0);
    const invalid = await inject(testApp.app, {
      method: 'GET',
      url: '/api/orders/warranties',
      token: admin,
      query: { projects: '1,abc' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().detail).toBe(WARRANTY_IDS_INVALID_MESSAGE);
  });

  it('downloads the same rows as CSV (objectName orders/warranties) with the warranty columns', async () => {
    const order = await fx.validatedOrder(market, ['10', '4']);
    await validatedAttachment(order, 0, '1');
    const response = await send('POST', '/api/orders/warranties/csv', { markets: String(market.marketId), ids: String(order) });
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...rows] = csvRows(response.body);
    expect(header).toEqual(
      expect.arrayContaining([
        'Commande',
        'RG (€)',
        'Avance consommée (€)',
        'RG à libérer (€)',
        'RG libérée (€)',
        'RG restante (€)',
        'RG libérée sur avance (€)',
      ]),
    );
    expect(rows).toHaveLength(1);
    const { content } = await warranties({ markets: String(market.marketId), size: '200' });
    const row = content.find((entry) => entry.id === order);
    expect(rows[0]?.[header?.indexOf('RG (€)') ?? -1]).toBe(formatCsvNumber(row?.rg ?? '', 'fr'));
  });
});

describe('the warranty dates (PUT /orders)', () => {
  it('sets the delivery date (PV de réception) or the RG release date of the selected orders', async () => {
    const first = await fx.validatedOrder(market, ['10', '4']);
    const second = await fx.validatedOrder(market, ['10', '4']);
    const attachment = await validatedAttachment(first, 0, '1');
    const other = await validatedAttachment(second, 0, '1');
    const delivered = await send('PUT', '/api/orders', [
      { id: first, deliveryDate: '2024-03-01' },
      { id: second, deliveryDate: '2024-03-01' },
    ]);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toEqual({ success: true, count: 2 });
    expect((await fx.json(await send('GET', `/api/order/${first}`))).deliveryDate).toBe('2024-03-01');
    // no date of its own: the attachment's RG is due a year after the PV de réception, released once a statement does
    expect((await fx.detail(attachment)).rgReleaseDate).toBe('2025-03-01');
    const due = await warranties({ markets: String(market.marketId), size: '200' });
    const row = due.content.find((entry) => entry.id === first);
    expect(row).toMatchObject({ deliveryDate: '2024-03-01', rgReleased: '0.00', rgLeft: row?.rg, rgToRelease: row?.rg });

    const releaseDate = await send('PUT', '/api/orders', [{ id: second, releaseDate: '2099-06-30' }]);
    expect(releaseDate.statusCode, releaseDate.body).toBe(200);
    expect((await fx.detail(other)).rgReleaseDate).toBe('2099-06-30');
    const later = (await warranties({ markets: String(market.marketId), size: '200' })).content.find(
      (entry) => entry.id === second,
    );
    expect(later).toMatchObject({ releaseDate: '2099-06-30', rgReleased: '0.00', rgToRelease: later?.rg, rgLeft: later?.rg });
  });

  it('refuses a release date not after the order date, naming the order, and writes nothing', async () => {
    const first = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const second = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const reference = (await fx.json(await send('GET', `/api/order/${second}`))).reference;
    const refused = await send('PUT', '/api/orders', [
      { id: first, deliveryDate: '2024-05-01' },
      { id: second, releaseDate: '2020-01-01' },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(`${reference} : ${ORDER_RELEASE_DATE_MESSAGE}`);
    expect((await fx.json(await send('GET', `/api/order/${first}`))).deliveryDate).toBeNull();
  });

  it('refuses no order, an order without date and a stale version with clear answers', async () => {
    const none = await send('PUT', '/api/orders', []);
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain(WARRANTY_NO_ORDER_MESSAGE);
    const order = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const noDate = await send('PUT', '/api/orders', [{ id: order }]);
    expect(noDate.statusCode).toBe(400);
    expect(noDate.body).toContain(WARRANTY_DATE_REQUIRED_MESSAGE);
    const badDate = await send('PUT', '/api/orders', [{ id: order, deliveryDate: '01/02/2024' }]);
    expect(badDate.statusCode).toBe(400);
    const stale = await send('PUT', '/api/orders', [{ id: order, version: 99, deliveryDate: '2024-02-01' }]);
    expect(stale.statusCode).toBe(409);
  });

  it('needs the financial option (422 with the reason)', async () => {
    const order = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const profile = await withoutFinancialOption(testApp);
    const refused = await send('PUT', '/api/orders', [{ id: order, deliveryDate: '2024-02-01' }], profile.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(ORDER_FINANCIAL_OPTION_MESSAGE);
  });
});

describe('the scope', () => {
  it("never shows nor dates another agency's orders for a subcontractor", async () => {
    const [first, second] = await demoMarkets(testApp.db);
    const mine = await createOrder(testApp.app, testApp.db, admin, first?.id ?? 0);
    const theirs = await createOrder(testApp.app, testApp.db, admin, second?.id ?? 0);
    const subcontractor = await subcontractorOfFirstMarket(testApp);
    const seen = await warranties({ hideEmptyRg: 'false', size: '200' }, subcontractor.token);
    const ids = seen.content.map((row) => row.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    expect(seen.content.every((row) => row.agencyId === first?.agencyId)).toBe(true);
    const refused = await send(
      'PUT',
      '/api/orders',
      [
        { id: mine, deliveryDate: '2024-02-01' },
        { id: theirs, deliveryDate: '2024-02-01' },
      ],
      subcontractor.token,
    );
    expect(refused.statusCode).toBe(404);
    expect((await fx.json(await send('GET', `/api/order/${mine}`))).deliveryDate).toBeNull();
    const allowed = await send('PUT', '/api/orders', [{ id: mine, deliveryDate: '2024-02-01' }], subcontractor.token);
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});
