import {
  IMPORT_SUCCESS_MESSAGE,
  ORDER_COMPLEMENT_FROZEN_MESSAGE,
  ORDER_CSV_HEADERS,
  ORDER_DELETE_NOT_DRAFT_MESSAGE,
  ORDER_DOCUMENT_DELETE_MESSAGE,
  ORDER_EMITTER_ONLY_INTERNAL_MESSAGE,
  ORDER_ERP_SENT_TEXT,
  ORDER_FINANCIAL_OPTION_MESSAGE,
  ORDER_LINE_DUPLICATE_MESSAGE,
  ORDER_LOCKED_IMPORT_MESSAGE,
  ORDER_LOCKED_MESSAGE,
  ORDER_MARKET_WITHOUT_BPU_MESSAGE,
  ORDER_QUANTITY_INVALID_MESSAGE,
  ORDER_RELEASE_DATE_MESSAGE,
  ORDER_REQUIRED_FIELDS_MESSAGE,
  orderComplementMaxLength,
} from '@isf/contract';
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, prestationPrices, workflowNodes, workflowTokens } from '../src/db/schema/index.js';
import { actingAs, countRows, createTestApp, inject, login, type TestApp } from './helper.js';
import { multipart } from './multipart.js';
import { createOrder, demoMarkets, marketWithBpu, oracleProjectWithTask, orderPayload, pricesOf } from './orders-fixtures.js';
import { csvFile, csvRows, importForm } from './price-schedules-fixtures.js';

let testApp: TestApp;
let admin: string;
let sst: string;
let market: { marketId: number; bpuId: number };

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  sst = await login(testApp.app, 'sst', 'sst');
  market = await marketWithBpu(testApp.app, testApp.db, admin);
});

afterAll(async () => {
  await testApp?.close();
});

function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) {
  return inject(testApp.app, { method, url, token, payload });
}

async function detail(id: number, token = admin) {
  const response = await send('GET', `/api/order/${id}`, undefined, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The order as a PUT payload (the stored fields), with changes. */
async function saved(id: number, changes: Record<string, unknown> = {}, token = admin) {
  const order = await detail(id);
  return send('PUT', `/api/order/${id}`, { ...order, ...changes }, token);
}

describe('order creation (spec 2 §5)', () => {
  it('creates an order with a generated reference, the market agency, project, BPU and client order, and starts its workflow', async () => {
    const id = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const order = await detail(id);
    expect(order).toMatchObject({
      name: 'Raccordement rue des Lilas',
      market: market.marketId,
      bpu: market.bpuId,
      clientBdc: 'BDC-MARCHE',
      total: '0.00',
      oracleStatus: 'NOT_AVAILABLE',
      sentSST: false,
      locked: false,
      statusWF: { nodeCode: 'os_draft' },
    });
    expect(order.reference).toMatch(new RegExp(`^${order.marketEdifice}-\\d{4}-\\d{5}$`));
    const explicit = await createOrder(testApp.app, testApp.db, admin, market.marketId, { clientBdc: 'BDC-PROPRE' });
    expect((await detail(explicit)).clientBdc).toBe('BDC-PROPRE');
  });

  it('refuses missing required fields with the screen message and writes nothing', async () => {
    const before = await countRows(testApp.db, orders);
    const response = await send('POST', '/api/order/create', { name: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(ORDER_REQUIRED_FIELDS_MESSAGE);
    expect(Object.keys(response.json().fields).sort()).toEqual(
      ['endDate', 'follower', 'market', 'name', 'oracleProject', 'oracleTask'].sort(),
    );
    for (const field of ['endDate', 'market', 'oracleProject', 'oracleTask', 'follower']) {
      const payload = await orderPayload(testApp.db, market.marketId, { [field]: null });
      const refused = await send('POST', '/api/order/create', payload);
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().fields, field).toHaveProperty(field);
    }
    expect(await countRows(testApp.db, orders)).toBe(before);
  });

  it('limits the complement to 100 − (min(edifice, 60) + 1 + 12) characters', async () => {
    const order = await detail(await createOrder(testApp.app, testApp.db, admin, market.marketId));
    const max = orderComplementMaxLength(order.marketEdifice);
    expect(max).toBe(100 - (Math.min(order.marketEdifice.length, 60) + 13));
    expect(orderComplementMaxLength(null)).toBe(88);
    expect(orderComplementMaxLength('E'.repeat(80))).toBe(27);
    const tooLong = await send(
      'POST',
      '/api/order/create',
      await orderPayload(testApp.db, market.marketId, { name: 'x'.repeat(max + 1) }),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields.name).toContain(String(max));
    await createOrder(testApp.app, testApp.db, admin, market.marketId, { name: 'x'.repeat(max) });
  });

  it('refuses a market without BPU with its message', async () => {
    const withoutBpu = (await demoMarkets(testApp.db))[2];
    const response = await send('POST', '/api/order/create', await orderPayload(testApp.db, withoutBpu?.id ?? 0));
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(ORDER_MARKET_WITHOUT_BPU_MESSAGE);
  });

  it('takes emitter fields only for the payment_internal payment type, and a task of the chosen project', async () => {
    const emitter = await oracleProjectWithTask(testApp.db);
    const fields = { oracleEmitterProject: emitter.project, oracleEmitterTask: emitter.task };
    const refused = await send('POST', '/api/order/create', await orderPayload(testApp.db, market.marketId, fields));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(ORDER_EMITTER_ONLY_INTERNAL_MESSAGE);

    const internal = await marketWithBpu(testApp.app, testApp.db, admin, 'payment_internal');
    const id = await createOrder(testApp.app, testApp.db, admin, internal.marketId, fields);
    expect(await detail(id)).toMatchObject(fields);
    const other = await oracleProjectWithTask(testApp.db);
    const mismatch = await send(
      'POST',
      '/api/order/create',
      await orderPayload(testApp.db, internal.marketId, { oracleEmitterProject: emitter.project, oracleEmitterTask: other.task }),
    );
    expect(mismatch.statusCode).toBe(400);
    const noTask = await send(
      'POST',
      '/api/order/create',
      await orderPayload(testApp.db, internal.marketId, { oracleEmitterProject: emitter.project }),
    );
    expect(noTask.json().detail).toBe(ORDER_REQUIRED_FIELDS_MESSAGE);
  });
});

describe('order references', () => {
  it('numbers the orders of a market and year in sequence, uniquely under concurrent creations', async () => {
    const fresh = await marketWithBpu(testApp.app, testApp.db, admin);
    const first = await detail(await createOrder(testApp.app, testApp.db, admin, fresh.marketId));
    const year = new Date().getUTCFullYear();
    expect(first.reference).toBe(`${first.marketEdifice}-${year}-00001`);
    const payloads = await Promise.all(Array.from({ length: 6 }, () => orderPayload(testApp.db, fresh.marketId)));
    const responses = await Promise.all(payloads.map((payload) => send('POST', '/api/order/create', payload)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    const references = (
      await testApp.db.select({ reference: orders.reference }).from(orders).where(eq(orders.marketId, fresh.marketId))
    )
      .map((row) => row.reference)
      .sort();
    expect(references).toEqual(Array.from({ length: 7 }, (_, index) => `${first.marketEdifice}-${year}-0000${index + 1}`));
  });
});

describe('prestation lines and totals', () => {
  it('saves only non-zero or existing lines, once per prestation, and stores the exact totals', async () => {
    const id = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const [a, b, c] = await pricesOf(testApp.db, market.bpuId);
    expect(c).toBeDefined();
    const lines = [
      { prestation: a?.prestation, quantity: '2.5' },
      { prestation: b?.prestation, quantity: '0' },
      { prestation: c?.prestation, quantity: '1,5' },
    ];
    const response = await saved(id, { prestationOSs: lines });
    expect(response.statusCode, response.body).toBe(200);
    const stored = await testApp.db.select().from(orderLines).where(eq(orderLines.orderId, id));
    expect(stored.map((line) => line.prestationId).sort()).toEqual([a?.prestation, c?.prestation].sort());
    const expected = new Decimal(a?.cost ?? 0)
      .times('2.5')
      .toDecimalPlaces(2)
      .plus(new Decimal(c?.cost ?? 0).times('1.5').toDecimalPlaces(2));
    const order = await detail(id);
    expect(order.total).toBe(expected.toFixed(2));
    expect(order.totalTTC).toBe(expected.times('1.2').toDecimalPlaces(2).toFixed(2));

    const prestations = (await send('GET', `/api/order/${id}/prestations?onlyOrdered=true`)).json();
    expect(prestations).toHaveLength(2);
    expect(prestations[0]).toEqual(
      expect.objectContaining({
        category: expect.anything(),
        reference: expect.any(String),
        code: expect.any(String),
        description: expect.any(String),
        unit: expect.any(String),
        unitPrice: expect.any(String),
        quantity: expect.stringMatching(/^\d+\.\d$/),
        total: expect.any(String),
        lineId: expect.any(Number),
        isInTemplate: true,
      }),
    );
    const all = (await send('GET', `/api/order/${id}/prestations`)).json();
    expect(all.length).toBeGreaterThan(2);

    const existing = stored.find((line) => line.prestationId === a?.prestation);
    const duplicate = await saved(id, { prestationOSs: [{ prestation: a?.prestation, quantity: '1' }] });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().detail).toBe(ORDER_LINE_DUPLICATE_MESSAGE);
    const twice = await saved(id, {
      prestationOSs: [
        { prestation: b?.prestation, quantity: '1' },
        { prestation: b?.prestation, quantity: '2' },
      ],
    });
    expect(twice.json().detail).toBe(ORDER_LINE_DUPLICATE_MESSAGE);
    const badStep = await saved(id, { prestationOSs: [{ prestation: b?.prestation, quantity: '0.3' }] });
    expect(badStep.statusCode).toBe(400);
    expect(badStep.body).toContain(ORDER_QUANTITY_INVALID_MESSAGE);

    // an existing line set to zero is removed
    const removed = await saved(id, { prestationOSs: [{ id: existing?.id, prestation: a?.prestation, quantity: '0' }] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await countRows(testApp.db, orderLines, eq(orderLines.orderId, id))).toBe(1);
  });

  it('keeps the total equal to the sum of the rounded lines for random quantities and prices (property)', async () => {
    const id = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const prices = (await pricesOf(testApp.db, market.bpuId)).slice(0, 8);
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let round = 0; round < 5; round += 1) {
      // random unit prices with cents, set on the order's BPU
      for (const price of prices) {
        price.cost = new Decimal(Math.floor(random() * 10_000_000)).dividedBy(100).toFixed(2);
        await testApp.db
          .update(prestationPrices)
          .set({ cost: price.cost })
          .where(and(eq(prestationPrices.bpuId, market.bpuId), eq(prestationPrices.prestationId, price.prestation)));
      }
      const current = (await send('GET', `/api/order/${id}/prestations`)).json() as {
        prestation: number;
        lineId: number | null;
      }[];
      const quantities = prices.map((price) => ({
        prestation: price.prestation,
        id: current.find((row) => row.prestation === price.prestation)?.lineId ?? null,
        quantity: new Decimal(Math.floor(random() * 400)).dividedBy(2).toFixed(1),
      }));
      const response = await saved(id, { prestationOSs: quantities });
      expect(response.statusCode, response.body).toBe(200);
      const expected = quantities.reduce((sum, line, index) => {
        const cost = new Decimal(prices[index]?.cost ?? 0);
        return sum.plus(cost.times(line.quantity).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
      }, new Decimal(0));
      expect((await detail(id)).total).toBe(expected.toFixed(2));
      const stored = await testApp.db.select({ total: orderLines.total }).from(orderLines).where(eq(orderLines.orderId, id));
      expect(stored.reduce((sum, line) => sum.plus(line.total), new Decimal(0)).toFixed(2)).toBe(expected.toFixed(2));
    }
  });
});

describe('order editing rules (spec 2 §5)', () => {
  it('refuses a save with missing required fields with the screen message', async () => {
    const id = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    for (const field of ['name', 'oracleTask', 'endDate']) {
      const response = await saved(id, { [field]: null });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().detail).toBe(ORDER_REQUIRED_FIELDS_MESSAGE);
    }
  });

  it('needs the financial option for the financial fields, not for the others', async () => {
    const id = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const editor = await actingAs(testApp, { read: ['order', 'subcontractor_market'], update: ['order'] });
    const plain = await saved(id, { observation: 'Accès par le portail' }, editor.token);
    expect(plain.statusCode, plain.body).toBe(200);
    const refused = await saved(id, { name: 'Nouveau complément' }, editor.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(ORDER_FINANCIAL_OPTION_MESSAGE);
    const financial = await actingAs(testApp, {
      read: ['order', 'subcontractor_market'],
      update: ['order'],
      options: ['serviceorders.edit_financial_info'],
    });
    const allowed = await saved(id, { name: 'Nouveau complément' }, financial.token);
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('freezes the complement once sent to the subcontractor and the ERP fields once in the ERP', async () => {
    const id = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    await testApp.db.update(orders).set({ sentSst: true }).where(eq(orders.id, id));
    const frozen = await saved(id, { name: 'Autre' });
    expect(frozen.statusCode).toBe(400);
    expect(frozen.json().detail).toBe(ORDER_COMPLEMENT_FROZEN_MESSAGE);
    await testApp.db.update(orders).set({ oracleId: 'ORA-1' }).where(eq(orders.id, id));
    const erp = await oracleProjectWithTask(testApp.db);
    // in the ERP, the order is no longer editable in ISF at all (spec 2 §4)
    const refused = await saved(id, { oracleProject: erp.project, oracleTask: erp.task });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(ORDER_ERP_SENT_TEXT);
    expect((await saved(id, { observation: 'Suivi après envoi' })).json().error).toBe(ORDER_ERP_SENT_TEXT);
  });

  it('wants the release date after the order date', async () => {
    const id = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const order = await detail(id);
    const refused = await saved(id, { releaseDate: order.date });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(ORDER_RELEASE_DATE_MESSAGE);
    expect((await saved(id, { releaseDate: '2099-01-01' })).statusCode).toBe(200);
  });

  it('lets a locked order change only its follow-up fields', async () => {
    const id = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    await testApp.db.update(orders).set({ locked: true }).where(eq(orders.id, id));
    const followUp = await saved(id, { observation: 'Suivi du chantier', deliveryDate: '2026-06-30' });
    expect(followUp.statusCode, followUp.body).toBe(200);
    const refused = await saved(id, { endDate: '2027-01-31' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(ORDER_LOCKED_MESSAGE);
    const [price] = await pricesOf(testApp.db, market.bpuId);
    const lines = await saved(id, { prestationOSs: [{ prestation: price?.prestation, quantity: '1' }] });
    expect(lines.json().error).toBe(ORDER_LOCKED_MESSAGE);
  });

  it('answers 409 on a stale version', async () => {
    const id = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    expect((await saved(id, { observation: 'un' })).statusCode).toBe(200);
    const stale = await saved(id, { observation: 'deux', version: 1 });
    expect(stale.statusCode).toBe(409);
  });
});

/** Posts an import form to an order. */
function importFile(id: number, form: ReturnType<typeof importForm>) {
  return inject(testApp.app, {
    method: 'POST',
    url: `/api/order/${id}/import`,
    token: admin,
    payload: form.payload,
    headers: form.headers,
  });
}

describe('import and export', () => {
  async function orderWithExport() {
    const id = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const exported = await send('POST', `/api/order/${id}/export`, {});
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.body.startsWith('\uFEFF')).toBe(true);
    return { id, rows: csvRows(exported.body) };
  }

  it('exports the prestations with a decimal point in the English build, and imports them back', async () => {
    const english = await testApp.variant({ locale: 'en' });
    const id = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const exported = await inject(english, { method: 'POST', url: `/api/order/${id}/export`, token: admin, payload: {} });
    expect(exported.statusCode, exported.body).toBe(200);
    const rows = csvRows(exported.body);
    expect(rows[1]?.[6]).toMatch(/^\d+\.\d{2}$/);
    expect(rows[1]?.[7]).toBe('0.0');
    const edited = rows.map((row, index) => (index === 1 ? [...row.slice(0, 7), '3.5', ''] : row));
    const form = importForm(csvFile(edited));
    const response = await inject(english, {
      method: 'POST',
      url: `/api/order/${id}/import`,
      token: admin,
      payload: form.payload,
      headers: form.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await countRows(testApp.db, orderLines, eq(orderLines.orderId, id))).toBe(1);
  });

  it('exports the prestations for French Excel and imports the quantities back', async () => {
    const { id, rows } = await orderWithExport();
    expect(rows[0]).toEqual([...ORDER_CSV_HEADERS]);
    expect(rows[1]?.[6]).toMatch(/^\d+,\d{2}$/);
    const edited = rows.map((row, index) =>
      index === 1 || index === 2 ? [...row.slice(0, 7), index === 1 ? '3,5' : '2', ''] : row,
    );
    const response = await importFile(id, importForm(csvFile(edited)));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(IMPORT_SUCCESS_MESSAGE);
    expect(await countRows(testApp.db, orderLines, eq(orderLines.orderId, id))).toBe(2);
    expect(Number((await detail(id)).total)).toBeGreaterThan(0);
  });

  it('refuses a file with a bad line, names the line and writes nothing', async () => {
    const { id, rows } = await orderWithExport();
    const edited = rows.map((row, index) => {
      if (index === 1) {
        return [...row.slice(0, 7), '4', ''];
      }
      if (index === 2) {
        return [...row.slice(0, 7), '1,3', ''];
      }
      return row;
    });
    const response = await importFile(id, importForm(csvFile(edited)));
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('Ligne 3');
    expect(response.json().detail).toContain(ORDER_QUANTITY_INVALID_MESSAGE);
    expect(await countRows(testApp.db, orderLines, eq(orderLines.orderId, id))).toBe(0);

    const unknownCode = rows.map((row, index) => (index === 2 ? ['', '', '', 'INCONNU', '', '', '', '1', ''] : row));
    const unknown = await importFile(id, importForm(csvFile(unknownCode)));
    expect(unknown.json().detail).toContain('Ligne 3');

    const notCsv = await importFile(id, importForm(Buffer.from('%PDF-1.4'), 'commande.pdf'));
    expect(notCsv.statusCode).toBe(400);

    await testApp.db.update(orders).set({ locked: true }).where(eq(orders.id, id));
    const locked = await importFile(id, importForm(csvFile(rows)));
    expect(locked.statusCode).toBe(422);
    expect(locked.json().error).toBe(ORDER_LOCKED_IMPORT_MESSAGE);
  });
});

describe('deletion, rights and scope', () => {
  it('deletes only a draft order', async () => {
    const id = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const draft = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const [node] = await testApp.db
      .select({ id: workflowNodes.id })
      .from(workflowNodes)
      .where(eq(workflowNodes.code, 'os_validation_cdp'));
    await testApp.db
      .update(workflowTokens)
      .set({ nodeId: node?.id ?? 0 })
      .where(and(eq(workflowTokens.entityName, 'order'), eq(workflowTokens.entityId, id)));
    const refused = await send('DELETE', `/api/order/${id}/delete`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(ORDER_DELETE_NOT_DRAFT_MESSAGE);
    const deleted = await send('DELETE', `/api/order/${draft}/delete`);
    expect(deleted.json()).toEqual({ success: true });
    expect((await send('GET', `/api/order/${draft}`)).statusCode).toBe(404);
  });

  it('takes documents through the shared document manager, in the order scope', async () => {
    const id = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const body = multipart([
      { name: 'type', value: '1' },
      { name: 'entity', value: 'order' },
      { name: 'id', value: String(id) },
      { name: 'file', fileName: 'bon.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    const uploaded = await inject(testApp.app, { method: 'POST', url: '/api/document', token: admin, ...body });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const list = await inject(testApp.app, {
      method: 'GET',
      url: '/api/documents',
      query: { entity: 'order', id: String(id) },
      token: admin,
    });
    expect(list.json()).toEqual([expect.objectContaining({ filename: 'bon.pdf' })]);
    const documentId = list.json()[0].id;
    const [validated] = await testApp.db
      .select({ id: workflowNodes.id })
      .from(workflowNodes)
      .where(eq(workflowNodes.code, 'os_validated'));
    await testApp.db
      .update(workflowTokens)
      .set({ nodeId: validated?.id ?? 0 })
      .where(and(eq(workflowTokens.entityName, 'order'), eq(workflowTokens.entityId, id)));
    const editor = await actingAs(testApp, { read: ['order', 'document'], update: ['order', 'document'], delete: ['document'] });
    const refused = await send('DELETE', `/api/document/${documentId}`, undefined, editor.token);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error).toBe(ORDER_DOCUMENT_DELETE_MESSAGE);
    const optioned = await actingAs(testApp, {
      read: ['order', 'document'],
      update: ['order', 'document'],
      delete: ['document'],
      options: ['serviceorders.deletion_after_validation'],
    });
    const deleted = await send('DELETE', `/api/document/${documentId}`, undefined, optioned.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [, other] = await demoMarkets(testApp.db);
    const otherOrder = await createOrder(testApp.app, testApp.db, admin, other?.id ?? 0);
    const hidden = await inject(testApp.app, {
      method: 'GET',
      url: '/api/documents',
      query: { entity: 'order', id: String(otherOrder) },
      token: sst,
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('checks the entity right on every action', async () => {
    const id = await createOrder(testApp.app, testApp.db, admin, market.marketId);
    const reader = await actingAs(testApp, { read: ['order', 'subcontractor_market'] });
    expect((await send('GET', `/api/order/${id}`, undefined, reader.token)).statusCode).toBe(200);
    expect((await send('GET', '/api/orders', undefined, reader.token)).statusCode).toBe(200);
    const payload = await orderPayload(testApp.db, market.marketId);
    expect((await send('POST', '/api/order/create', payload, reader.token)).statusCode).toBe(403);
    expect((await saved(id, {}, reader.token)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/order/${id}/delete`, undefined, reader.token)).statusCode).toBe(403);
    expect((await send('POST', `/api/order/${id}/import`, {}, reader.token)).statusCode).toBe(403);
    const nobody = await actingAs(testApp, {});
    expect((await send('GET', `/api/order/${id}`, undefined, nobody.token)).statusCode).toBe(403);
    expect((await send('POST', `/api/order/${id}/export`, {}, nobody.token)).statusCode).toBe(403);
    expect((await send('GET', `/api/order/${id}/prestations`, undefined, nobody.token)).statusCode).toBe(403);
  });

  it('shows a subcontractor only the orders of its agencies, by list and by id', async () => {
    const [own, other] = await demoMarkets(testApp.db);
    const ownOrder = await createOrder(testApp.app, testApp.db, admin, own?.id ?? 0);
    const otherOrder = await createOrder(testApp.app, testApp.db, admin, other?.id ?? 0);
    const list = await send('GET', '/api/orders?size=200', undefined, sst);
    expect(list.statusCode, list.body).toBe(200);
    const rows: { id: number; agencyId: number }[] = list.json().content;
    expect(rows.some((row) => row.id === ownOrder)).toBe(true);
    expect(rows.every((row) => row.agencyId === own?.agencyId)).toBe(true);
    for (const url of [`/api/order/${otherOrder}`, `/api/order/${otherOrder}/prestations`, `/api/wftoken/order/${otherOrder}`]) {
      expect((await send('GET', url, undefined, sst)).statusCode, url).toBe(404);
    }
    expect((await send('POST', `/api/order/${otherOrder}/export`, {}, sst)).statusCode).toBe(404);
    const csv = await send('POST', '/api/orders/csv', {}, sst);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain((await detail(otherOrder)).reference);
    expect((await detail(ownOrder, sst)).id).toBe(ownOrder);
  });

  it('filters the list by All / My scope / My tasks and exports it', async () => {
    await createOrder(testApp.app, testApp.db, admin, market.marketId, { name: 'Commande filtrée' });
    for (const filter of ['all', 'canDo', 'haveToDo']) {
      const response = await send('GET', `/api/orders?filter=${filter}&sort=total,desc`);
      expect(response.statusCode, response.body).toBe(200);
    }
    for (const column of ['reference', 'name', 'endDate', 'total', 'createdAt', 'marketEdifice', 'nodeName']) {
      const sorted = await send('GET', `/api/orders?sort=${column},asc&size=5`);
      expect(sorted.statusCode, `${column}: ${sorted.body}`).toBe(200);
    }
    const haveToDo = (await send('GET', '/api/orders?filter=haveToDo&size=200')).json();
    expect(haveToDo.totalElements).toBeGreaterThan(0);
    expect((await send('GET', '/api/orders?filter=mine')).statusCode).toBe(400);
    const csv = await send('POST', '/api/orders/csv', { filters: JSON.stringify({ name: 'Commande filtrée' }) });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Référence');
    expect(csv.body).toContain('Commande filtrée');
  });
});
