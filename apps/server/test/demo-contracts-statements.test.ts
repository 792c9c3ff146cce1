import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markets } from '../src/db/schema/index.js';
import { createTestApp, inject, login, type TestApp } from './helper.js';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

async function get(token: string, url: string) {
  const response = await inject(testApp.app, { method: 'GET', url, token });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('the demo contracts', () => {
  it('give every demo market its frame contract, with a draft envelope ready for documents', async () => {
    const admin = await login(testApp.app, 'admin', 'admin');
    const demoMarkets = await testApp.db
      .select({ id: markets.id, contractId: markets.contractId, contractNumber: markets.contractNumber })
      .from(markets)
      .orderBy(asc(markets.id));
    expect(demoMarkets.length).toBeGreaterThan(0);
    for (const market of demoMarkets) {
      expect(market.contractId).not.toBeNull();
      const contract = await get(admin, `/api/contract/${market.contractId}`);
      expect(contract).toMatchObject({ contractNumber: market.contractNumber, duration: 36 });
      const linked = await get(admin, `/api/contract/${market.contractId}/markets`);
      expect(JSON.stringify(linked)).toContain(`"id":${market.id}`);
      const envelopes = await get(admin, `/api/contract/${market.contractId}/envelopes`);
      expect(envelopes).toEqual([
        expect.objectContaining({
          name: 'Contrat cadre et annexes',
          statusWF: expect.objectContaining({ nodeCode: 'env_draft' }),
        }),
      ]);
    }
  });

  it('are read by the project manager, not by the demo subcontractor, whose role has no contract right', async () => {
    const admin = await login(testApp.app, 'admin', 'admin');
    const manager = await login(testApp.app, 'cdp', 'cdp');
    const all = await get(admin, '/api/contracts?size=200');
    const managed = await get(manager, '/api/contracts?size=200');
    expect(managed.totalElements).toBe(all.totalElements);
    const sst = await login(testApp.app, 'sst', 'sst');
    expect((await inject(testApp.app, { method: 'GET', url: '/api/contracts', token: sst })).statusCode).toBe(403);
  });
});

describe('the demo statements', () => {
  it('invoice the validated demo attachments in an unpaid statement of today, payable in 45 days', async () => {
    const accountant = await login(testApp.app, 'comptable', 'comptable');
    const list = await get(accountant, '/api/situations?size=200');
    expect(list.totalElements).toBeGreaterThan(0);
    const [first] = list.content as { id: number }[];
    const statement = await get(accountant, `/api/situation/${first?.id}`);
    expect(statement.paidAt).toBeNull();
    expect(statement.locked).toBe(false);
    const days = (Date.parse(statement.theoreticalPaymentDate) - Date.parse(statement.date)) / 86_400_000;
    expect(days).toBe(45);
    const invoiced = await get(accountant, `/api/situation/${first?.id}/attachements`);
    expect(invoiced.length).toBeGreaterThan(0);
    expect(Number(statement.totalAmount)).toBeGreaterThan(0);
  });
});
