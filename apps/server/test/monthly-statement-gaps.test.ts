import type { StatementDetailRecord } from '@isf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentFixtures } from './attachments-fixtures.js';
import { subcontractorOfFirstMarket } from './deposits-fixtures.js';
import { createTestApp, inject, login, type TestApp } from './helper.js';
import { demoMarkets, marketWithBpu, pricesOf } from './orders-fixtures.js';

/** Issue 11 item 4, "detail and list gaps" of the monthly statements (spec 2 Monthly statement list and detail). */

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

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  inject(testApp.app, { method, url, token, payload: payload as object });

async function ok<T>(response: Promise<{ statusCode: number; body: string; json: () => unknown }>): Promise<T> {
  const done = await response;
  expect(done.statusCode, done.body).toBe(200);
  return done.json() as T;
}

async function createStatement(market: number, token = admin): Promise<number> {
  return (await ok<{ id: number }>(send('POST', '/api/situation/create', { market, sap: 'SAP-GAPS' }, token))).id;
}

const detail = (id: number, token = admin) => ok<StatementDetailRecord>(send('GET', `/api/situation/${id}`, undefined, token));

/** A market with a BPU and `count` validated attachments (a line each) on one validated order, plus a draft. */
async function marketWithAttachments(count = 2) {
  const market = await marketWithBpu(testApp.app, testApp.db, admin);
  const order = await fx.validatedOrder(market, ['10', '4']);
  const [price] = await pricesOf(testApp.db, market.bpuId);
  const validated: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const attachment = await fx.attachment(order);
    expect((await fx.saveLines(attachment, [{ prestation: price?.prestation ?? 0, quantity: '1.5' }])).statusCode).toBe(200);
    await fx.validate(attachment);
    validated.push(attachment);
  }
  const draft = await fx.attachment(order);
  return { market, order, validated, draft };
}

type CandidateRow = { id: number; reference: string; orderReference: string; amount: string; nodeName: string };
const candidatesOf = async (id: number, token = admin) =>
  (
    await ok<{ content: CandidateRow[]; totalElements: number }>(
      send('GET', `/api/situation/${id}/agencyattachements?size=200`, undefined, token),
    )
  ).content;

describe('GET /situation/{id}/agencyattachements (the add-attachments panel)', () => {
  it('offers the validated attachments of its market that no statement invoices, by reference', async () => {
    const { market, validated, draft } = await marketWithAttachments(3);
    const [first, second, third] = validated as [number, number, number];
    const elsewhere = await marketWithAttachments(1);
    const id = await createStatement(market.marketId);
    const offered = await candidatesOf(id);
    // validated only (not the draft), its market only (not the other market's)
    expect(offered.map((row) => row.id).sort((a, b) => a - b)).toEqual([first, second, third].sort((a, b) => a - b));
    expect(offered.map((row) => row.id)).not.toContain(draft);
    expect(offered.map((row) => row.id)).not.toContain(elsewhere.validated[0]);
    const references = offered.map((row) => row.reference);
    expect(references).toEqual([...references].sort());
    const [money] = offered.filter((row) => row.id === first);
    expect(money?.amount).toBe((await fx.detail(first)).amount);
    expect(money?.nodeName).toBe('Validé');

    // invoiced here or in another statement: no longer offered, to either
    await ok(send('POST', `/api/situation/${id}/attachement`, [first]));
    const other = await createStatement(market.marketId);
    await ok(send('POST', `/api/situation/${other}/attachement`, [second]));
    expect((await candidatesOf(id)).map((row) => row.id)).toEqual([third]);
    expect((await candidatesOf(other)).map((row) => row.id)).toEqual([third]);
    // given back: offered again
    await ok(send('DELETE', `/api/situation/${id}/attachement/${first}`));
    expect((await candidatesOf(other)).map((row) => row.id).sort((a, b) => a - b)).toEqual([first, third].sort((a, b) => a - b));
    expect((await detail(id)).attachementCount).toBe(0);
  });

  it('is read under the statement scope: another agency’s statement is a 404, an unknown one too', async () => {
    const [, secondMarket] = await demoMarkets(testApp.db);
    const theirs = await createStatement(secondMarket?.id ?? 0);
    const sst = await subcontractorOfFirstMarket(testApp);
    expect((await send('GET', `/api/situation/${theirs}/agencyattachements`, undefined, sst.token)).statusCode).toBe(404);
    expect((await send('GET', '/api/situation/2000000000/agencyattachements')).statusCode).toBe(404);
  });
});
