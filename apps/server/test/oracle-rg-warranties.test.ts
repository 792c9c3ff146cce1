import {
  RG_WARRANTY_ALREADY_PROCESSING_MESSAGE,
  RG_WARRANTY_ALREADY_STATUS_MESSAGE,
  RG_WARRANTY_INVOICE_NAME_REQUIRED_MESSAGE,
  RG_WARRANTY_REASON_REQUIRED_MESSAGE,
  type RgWarrantyRow,
} from '@isf/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, companies, markets, monthlyStatementRgReleases, oracleRgWarranties, tasks } from '../src/db/schema/index.js';
import { ORACLE_FAULT_SUPPLIERS } from '../src/integrations/erp/oracle-fixtures.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { actingAs, countRows, createTestApp, inject, login, type TestApp } from './helper.js';
import { marketWithBpu, pricesOf } from './orders-fixtures.js';

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

const send = (method: 'GET' | 'POST', url: string, payload?: object, token = admin) =>
  inject(testApp.app, { method, url, token, payload });

async function ok<T>(response: ReturnType<typeof send>): Promise<T> {
  const done = await response;
  expect(done.statusCode, done.body).toBe(200);
  return done.json() as T;
}

/** A validated attachment with RG, its RG released in a statement of its market; returns both ids. */
async function releasedRg(supplier?: string) {
  const market = await marketWithBpu(testApp.app, testApp.db, admin);
  if (supplier) {
    const [row] = await testApp.db
      .select({ companyId: agencies.companyId })
      .from(markets)
      .innerJoin(agencies, eq(agencies.id, markets.agencyId))
      .where(eq(markets.id, market.marketId));
    await testApp.db
      .update(companies)
      .set({ name: supplier })
      .where(eq(companies.id, row?.companyId ?? 0));
  }
  const order = await fx.validatedOrder(market, ['10', '4']);
  const [price] = await pricesOf(testApp.db, market.bpuId);
  const attachment = await fx.attachment(order);
  expect((await fx.saveLines(attachment, [{ prestation: price?.prestation ?? 0, quantity: '2' }])).statusCode).toBe(200);
  await fx.validate(attachment);
  const statement = (await ok<{ id: number }>(send('POST', '/api/situation/create', { market: market.marketId, sap: 'SAP-RG' })))
    .id;
  await ok(send('POST', `/api/situation/${statement}/rg`, { attachements: [attachment] }));
  return { attachment, statement, order, market: market.marketId };
}

async function warrantyOf(attachment: number) {
  const [row] = await testApp.db.select().from(oracleRgWarranties).where(eq(oracleRgWarranties.attachmentId, attachment));
  return row;
}

/** Waits for the send jobs to leave the warranty PROCESSING. */
async function settled(attachment: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await warrantyOf(attachment);
    if (row && row.status !== 'PROCESSING') {
      return row;
    }
    if (Date.now() > deadline) {
      throw new Error(`the warranty of attachment ${attachment} is still ${row?.status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function listed(id: number): Promise<RgWarrantyRow | undefined> {
  const page = await ok<{ content: RgWarrantyRow[] }>(
    inject(testApp.app, {
      method: 'GET',
      url: '/api/oracle/rg-warranties',
      token: admin,
      query: { filters: JSON.stringify({ id: String(id) }) },
    }),
  );
  return page.content[0];
}

describe('a released RG of a paid statement becomes an ERP retention warranty', () => {
  it('is created when the statement is paid, sent as a retention invoice, and listed', async () => {
    const { attachment, statement } = await releasedRg();
    expect(await warrantyOf(attachment)).toBeUndefined();
    await ok(send('POST', `/api/situation/${statement}/paid`));
    const [release] = await testApp.db
      .select()
      .from(monthlyStatementRgReleases)
      .where(eq(monthlyStatementRgReleases.attachmentId, attachment));
    const done = await settled(attachment);
    expect(done).toMatchObject({
      status: 'SUCCESS',
      statusReason: `ISF-RG-A${attachment}`,
      invoiceNumber: `ISF-RG-A${attachment}`,
      amount: release?.amount,
      statementId: statement,
    });
    expect(done.erpInvoiceId).toMatch(/^\d+$/);
    const row = await listed(done.id);
    expect(row).toMatchObject({ warrantyId: done.id, status: 'SUCCESS', amount: release?.amount, attachmentId: attachment });
    expect(row?.orderName).toEqual(expect.any(String));
  }, 30_000);

  it('ends in ERROR with the ERP words when the ERP refuses the invoice, after the retries', async () => {
    const { attachment, statement, market } = await releasedRg();
    const [owner] = await testApp.db
      .select({ id: companies.id, name: companies.name })
      .from(markets)
      .innerJoin(agencies, eq(agencies.id, markets.agencyId))
      .innerJoin(companies, eq(companies.id, agencies.companyId))
      .where(eq(markets.id, market));
    // the subcontractor is on hold in the ERP (markets of the test share their company: put its name back after)
    await testApp.db
      .update(companies)
      .set({ name: ORACLE_FAULT_SUPPLIERS.onHold })
      .where(eq(companies.id, owner?.id ?? 0));
    await ok(send('POST', `/api/situation/${statement}/paid`));
    const done = await settled(attachment, 30_000).finally(() =>
      testApp.db
        .update(companies)
        .set({ name: owner?.name ?? '' })
        .where(eq(companies.id, owner?.id ?? 0)),
    );
    expect(done.status).toBe('ERROR');
    expect(done.statusReason).toContain('est bloqué pour paiement');
    const [task] = await testApp.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.kind, 'oracle-rg-warranty-send'), eq(tasks.objectId, done.id)))
      .orderBy(desc(tasks.id))
      .limit(1);
    expect(task?.attempts).toBe(3);
  }, 40_000);
});

describe('moves of a warranty (success, error, back to processing)', () => {
  it('requires the invoice name and the reason, refuses a move to the status it has, and re-sends without a second invoice', async () => {
    const { attachment, statement } = await releasedRg();
    await ok(send('POST', `/api/situation/${statement}/paid`));
    const { id } = await settled(attachment);

    const processing = await send('POST', `/api/oracle/rg-warranties/${id}/success`, { statusReason: '   ' });
    expect(processing.statusCode).toBe(400);
    expect(processing.body).toContain(RG_WARRANTY_INVOICE_NAME_REQUIRED_MESSAGE);
    const noReason = await send('POST', `/api/oracle/rg-warranties/${id}/error`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain(RG_WARRANTY_REASON_REQUIRED_MESSAGE);
    const again = await send('POST', `/api/oracle/rg-warranties/${id}/success`, { statusReason: 'FAC-1' });
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toBe(RG_WARRANTY_ALREADY_STATUS_MESSAGE);

    await ok(send('POST', `/api/oracle/rg-warranties/${id}/error`, { statusReason: '  Montant contesté par la comptabilité  ' }));
    expect(await warrantyOf(attachment)).toMatchObject({ status: 'ERROR', statusReason: 'Montant contesté par la comptabilité' });

    await ok(send('POST', `/api/oracle/rg-warranties/${id}/processing`));
    const resent = await settled(attachment);
    expect(resent).toMatchObject({ status: 'SUCCESS', statusReason: `ISF-RG-A${attachment}` });
    const [task] = await testApp.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.kind, 'oracle-rg-warranty-send'), eq(tasks.objectId, id)))
      .orderBy(desc(tasks.id))
      .limit(1);
    // the invoice was found in the ERP by ISF's number: no second invoice
    expect(task?.events.map((event) => event.name)).toContain('Déjà dans Oracle');

    await ok(send('POST', `/api/oracle/rg-warranties/${id}/error`, { statusReason: 'Rejet' }));
    await ok(send('POST', `/api/oracle/rg-warranties/${id}/success`, { statusReason: ' FAC-2026-0042 ' }));
    expect(await warrantyOf(attachment)).toMatchObject({ status: 'SUCCESS', statusReason: 'FAC-2026-0042' });
  }, 40_000);

  it('refuses the process state when already processing, and needs the warranty update right', async () => {
    const [any] = await testApp.db.select().from(oracleRgWarranties).limit(1);
    const id = any?.id ?? 0;
    await testApp.db.update(oracleRgWarranties).set({ status: 'PROCESSING' }).where(eq(oracleRgWarranties.id, id));
    const refused = await send('POST', `/api/oracle/rg-warranties/${id}/processing`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(RG_WARRANTY_ALREADY_PROCESSING_MESSAGE);
    const reader = await actingAs(testApp, { read: ['warranty'] });
    expect((await send('POST', `/api/oracle/rg-warranties/${id}/error`, { statusReason: 'x' }, reader.token)).statusCode).toBe(
      403,
    );
    expect((await send('GET', '/api/oracle/rg-warranties', undefined, reader.token)).statusCode).toBe(200);
    expect((await send('POST', '/api/oracle/rg-warranties/2000000000/error', { statusReason: 'x' })).statusCode).toBe(404);
    expect(await countRows(testApp.db, oracleRgWarranties)).toBeGreaterThan(0);
  });
});
