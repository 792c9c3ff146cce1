import {
  MARKET_ALREADY_INACTIVE_MESSAGE,
  MARKET_AMOUNT_INVALID_MESSAGE,
  MARKET_DATE_INVALID_MESSAGE,
  MARKET_DELETE_NOT_DRAFT_MESSAGE,
  MARKET_DEPOSIT_TYPE_MESSAGE,
  MARKET_EDIFICE_DUPLICATE_MESSAGE,
  MARKET_INACTIVE_FOR_BPU_MESSAGE,
  MARKET_RG_RATE_INVALID_MESSAGE,
  MARKET_RG_RATE_REQUIRED_MESSAGE,
  MARKET_THRESHOLD_POSITIVE_MESSAGE,
  MARKET_THRESHOLD_REQUIRED_MESSAGE,
  MARKET_VAT_TYPE_MESSAGE,
  MESSAGES_FR,
} from '@isf/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, auditLog, bpus, bpuTemplates, markets, workflowTokens } from '../src/db/schema/index.js';
import { actingAs, countRows, createTestApp, inject, login, type TestApp } from './helper.js';
import { createMarket, marketPayload } from './markets-fixtures.js';
import { multipart } from './multipart.js';

let testApp: TestApp;
let admin: string;
let sst: string;
let agencyIds: number[];

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  sst = await login(testApp.app, 'sst', 'sst');
  agencyIds = (await testApp.db.select({ id: agencies.id }).from(agencies).orderBy(asc(agencies.id))).map((row) => row.id);
});

afterAll(async () => {
  await testApp?.close();
});

function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) {
  return inject(testApp.app, { method, url, token, payload });
}

async function create(overrides: Record<string, unknown> = {}) {
  return send('POST', '/api/market/create', await marketPayload(testApp.db, overrides));
}

async function detail(id: number, token = admin) {
  const response = await send('GET', `/api/market/${id}`, undefined, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Moves a market's token along one transition code, as the bearer of `token`. */
async function move(id: number, code: string, token = admin, comment?: string) {
  const current = (await send('GET', `/api/wftoken/subcontractor_market/${id}`, undefined, token)).json();
  const transitions = (await send('GET', `/api/node/${current.node.id}/transitions/${id}`, undefined, token)).json();
  const transition = transitions.find((entry: { transitionCode: string }) => entry.transitionCode === code);
  expect(transition, `${code} from ${current.node.nodeCode}`).toBeDefined();
  const moved = await send('POST', `/api/wftoken/move/${current.id}/${transition.id}`, { comment }, token);
  expect(moved.statusCode, moved.body).toBe(200);
}

describe('market creation', () => {
  it('creates a market, keeps its amounts as exact decimals and starts its workflow on the draft', async () => {
    const response = await create({
      edifice: '  MARCHE-EXACT  ',
      maxAmountDC4: '123456789012,34',
      depositType: 'withThreshold',
      rgRate: '3,75',
      threshold: '15000.10',
      tva: 'reverseCharge',
      dateEndOfContract: '2026-12-31',
      contractNumber: ' CT-1 ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, id: expect.any(Number) });
    const id = response.json().id;
    expect(await detail(id)).toMatchObject({
      edifice: 'MARCHE-EXACT',
      maxAmountDC4: '123456789012.34',
      rgRate: '3.75',
      threshold: '15000.10',
      tva: 'reverseCharge',
      reverseCharge: true,
      depositType: 'withThreshold',
      dateEndOfContract: '2026-12-31',
      contractNumber: 'CT-1',
      active: true,
      canBeDeactivated: true,
      toEvaluate: false,
      statusWF: { nodeCode: 'sst_draft' },
      version: 1,
    });
    const [token] = await testApp.db
      .select({ id: workflowTokens.id })
      .from(workflowTokens)
      .where(and(eq(workflowTokens.entityName, 'subcontractor_market'), eq(workflowTokens.entityId, id)));
    expect(token).toBeDefined();
    const history = await send('GET', `/api/wftoken/history/subcontractor_market/${id}`);
    expect(history.json()).toEqual([expect.objectContaining({ toNode: expect.objectContaining({ nodeCode: 'sst_draft' }) })]);
    expect(await countRows(testApp.db, auditLog, sql`entity = 'subcontractor_market' AND entity_id = ${String(id)}`)).toBe(1);
  });

  it('defaults the RG rate to 5 and keeps the rate only for basic and with-threshold retentions, the threshold only with threshold', async () => {
    const defaulted = await create({ rgRate: undefined });
    expect(await detail(defaulted.json().id)).toMatchObject({ depositType: 'basic', rgRate: '5.00', threshold: null });
    const notApplicable = await create({ depositType: 'notApplicable', rgRate: '7', threshold: '1000' });
    expect(await detail(notApplicable.json().id)).toMatchObject({ rgRate: null, threshold: null });
    const basic = await create({ depositType: 'basic', rgRate: '0', threshold: '1000' });
    expect(await detail(basic.json().id)).toMatchObject({ rgRate: '0.00', threshold: null });
  });

  it('refuses each invalid field with its French message and writes nothing', async () => {
    await create({ edifice: 'MARCHE-DOUBLON' });
    const required = MESSAGES_FR['validation.required'];
    const selectItem = MESSAGES_FR['validation.selectItem'];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ edifice: '   ' }, 'edifice', required],
      [{ agency: null }, 'agency', selectItem],
      [{ agency: 999_999 }, 'agency', selectItem],
      [{ project: undefined }, 'project', selectItem],
      [{ project: 999_999 }, 'project', selectItem],
      [{ paymentType: '' }, 'paymentType', selectItem],
      [{ paymentType: 999_999 }, 'paymentType', selectItem],
      [{ paymentTerm: 0 }, 'paymentTerm', selectItem],
      [{ paymentTerm: 999_999 }, 'paymentTerm', selectItem],
      [{ tva: '5.5' }, 'tva', MARKET_VAT_TYPE_MESSAGE],
      [{ depositType: 'other' }, 'depositType', MARKET_DEPOSIT_TYPE_MESSAGE],
      [{ maxAmountDC4: '' }, 'maxAmountDC4', required],
      [{ maxAmountDC4: '12.345' }, 'maxAmountDC4', MARKET_AMOUNT_INVALID_MESSAGE],
      [{ maxAmountDC4: '-1' }, 'maxAmountDC4', MARKET_AMOUNT_INVALID_MESSAGE],
      [{ rgRate: '100.01' }, 'rgRate', MARKET_RG_RATE_INVALID_MESSAGE],
      [{ rgRate: '5.125' }, 'rgRate', MARKET_RG_RATE_INVALID_MESSAGE],
      [{ rgRate: '-1' }, 'rgRate', MARKET_RG_RATE_INVALID_MESSAGE],
      [{ rgRate: null }, 'rgRate', MARKET_RG_RATE_REQUIRED_MESSAGE],
      [{ depositType: 'withThreshold', rgRate: '' }, 'rgRate', MARKET_RG_RATE_REQUIRED_MESSAGE],
      [{ depositType: 'withThreshold', threshold: null }, 'threshold', MARKET_THRESHOLD_REQUIRED_MESSAGE],
      [{ depositType: 'withThreshold', threshold: '0.00' }, 'threshold', MARKET_THRESHOLD_POSITIVE_MESSAGE],
      [{ depositType: 'withThreshold', threshold: '1,005' }, 'threshold', MARKET_AMOUNT_INVALID_MESSAGE],
      [{ dateEndOfContract: '31/12/2026' }, 'dateEndOfContract', MARKET_DATE_INVALID_MESSAGE],
      [{ edifice: 'MARCHE-DOUBLON' }, 'edifice', MARKET_EDIFICE_DUPLICATE_MESSAGE],
    ];
    const before = await countRows(testApp.db, markets);
    for (const [overrides, field, message] of cases) {
      const response = await create(overrides);
      expect(response.statusCode, `${JSON.stringify(overrides)}: ${response.body}`).toBe(400);
      expect(response.json().fields?.[field], JSON.stringify(overrides)).toBe(message);
    }
    expect(await countRows(testApp.db, markets)).toBe(before);
  });

  it('needs the create right', async () => {
    const reader = await actingAs(testApp, { read: ['subcontractor_market'] });
    const response = await send('POST', '/api/market/create', await marketPayload(testApp.db), reader.token);
    expect(response.statusCode).toBe(403);
  });
});

describe('market edit and deletion', () => {
  it('saves an edit under optimistic locking and refuses a stale version', async () => {
    const id = (await create()).json().id;
    const payload = await marketPayload(testApp.db, { edifice: `EDIT-${id}`, maxAmountDC4: '0.10', toEvaluate: true });
    const saved = await send('PUT', `/api/market/${id}`, { ...payload, version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().record).toMatchObject({ edifice: `EDIT-${id}`, maxAmountDC4: '0.10', toEvaluate: true, version: 2 });
    const stale = await send('PUT', `/api/market/${id}`, { ...payload, version: 1 });
    expect(stale.statusCode).toBe(409);
  });

  it('deletes a draft market with its token, and refuses once it left the draft', async () => {
    const draft = (await create()).json().id;
    expect((await send('DELETE', `/api/market/${draft}/delete`)).json()).toEqual({ success: true });
    expect(await countRows(testApp.db, workflowTokens, sql`entity_name = 'subcontractor_market' AND entity_id = ${draft}`)).toBe(
      0,
    );
    const submitted = (await create()).json().id;
    await move(submitted, 'sst_creation_validation');
    const refused = await send('DELETE', `/api/market/${submitted}/delete`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(MARKET_DELETE_NOT_DRAFT_MESSAGE);
    expect(await countRows(testApp.db, markets, eq(markets.id, submitted))).toBe(1);
  });

  it('goes through the market workflow to validated', async () => {
    const id = (await create()).json().id;
    const accountant = await login(testApp.app, 'comptable', 'comptable');
    await move(id, 'sst_creation_validation');
    await move(id, 'sst_accounting_validation', accountant);
    expect((await detail(id)).statusWF).toMatchObject({ nodeCode: 'sst_validated' });
  });
});

describe('activation', () => {
  it('deactivates and activates with the option only, returns the market and keeps inactive ones off the pickers', async () => {
    const id = (await create()).json().id;
    const withoutOption = await actingAs(testApp, { read: ['subcontractor_market'], update: ['subcontractor_market'] });
    expect((await send('PUT', `/api/market/${id}/deactivate`, undefined, withoutOption.token)).statusCode).toBe(403);

    const holder = await actingAs(testApp, {
      read: ['subcontractor_market'],
      options: ['subcontractor_markets.deactivate_markets'],
    });
    const deactivated = await send('PUT', `/api/market/${id}/deactivate`, undefined, holder.token);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(deactivated.json()).toMatchObject({ id, active: false, canBeDeactivated: false, version: 2 });
    const again = await send('PUT', `/api/market/${id}/deactivate`, undefined, holder.token);
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toBe(MARKET_ALREADY_INACTIVE_MESSAGE);

    const active = await send(
      'GET',
      `/api/markets/active?size=200&filters=${encodeURIComponent(JSON.stringify({ id: String(id) }))}`,
    );
    expect(active.json().totalElements).toBe(0);
    const [template] = await testApp.db.select({ id: bpuTemplates.id }).from(bpuTemplates).limit(1);
    const bpu = await send('POST', '/api/bpu', { name: 'BPU marché inactif', bpuTemplate: template?.id, market: id });
    expect(bpu.statusCode).toBe(400);
    expect(bpu.json().fields.market).toBe(MARKET_INACTIVE_FOR_BPU_MESSAGE);

    const activated = await send('PUT', `/api/market/${id}/activate`, undefined, holder.token);
    expect(activated.json()).toMatchObject({ id, active: true, canBeDeactivated: true });
  });
});

describe('visibility scope', () => {
  it('shows a subcontractor (visibility 4) only the markets of its agency, by list and by id', async () => {
    const list = await send('GET', '/api/markets?size=200', undefined, sst);
    expect(list.statusCode, list.body).toBe(200);
    const rows: { id: number; agencyId: number }[] = list.json().content;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.agencyId === agencyIds[0])).toBe(true);

    // the second demo market is on a project of sst, but of another agency
    const [other] = await testApp.db
      .select({ id: markets.id })
      .from(markets)
      .where(eq(markets.agencyId, agencyIds[1] ?? 0))
      .limit(1);
    const otherId = other?.id ?? 0;
    expect(rows.some((row) => row.id === otherId)).toBe(false);
    for (const url of [`/api/market/${otherId}`, `/api/market/${otherId}/bpus`, `/api/wftoken/subcontractor_market/${otherId}`]) {
      expect((await send('GET', url, undefined, sst)).statusCode, url).toBe(404);
    }
    const documents = await inject(testApp.app, {
      method: 'GET',
      url: '/api/documents',
      query: { entity: 'subcontractor_market', id: String(otherId) },
      token: sst,
    });
    expect(documents.statusCode).toBe(404);
    const agencyMarkets = await send('GET', `/api/agency/${agencyIds[1]}/markets`, undefined, sst);
    expect(agencyMarkets.statusCode).toBe(404);
    const active = await send('GET', '/api/markets/active?size=200', undefined, sst);
    expect(active.json().content.every((row: { agencyId: number }) => row.agencyId === agencyIds[0])).toBe(true);

    const own = rows[0]?.id ?? 0;
    expect((await detail(own, sst)).agency).toBe(agencyIds[0]);
  });
});

describe('documents, BPUs and the agency', () => {
  it('takes documents through the shared document manager', async () => {
    const id = (await create()).json().id;
    const body = multipart([
      { name: 'type', value: '1' },
      { name: 'entity', value: 'subcontractor_market' },
      { name: 'id', value: String(id) },
      { name: 'file', fileName: 'contrat.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    const uploaded = await inject(testApp.app, {
      method: 'POST',
      url: '/api/document',
      token: admin,
      payload: body.payload,
      headers: body.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const list = await inject(testApp.app, {
      method: 'GET',
      url: '/api/documents',
      query: { entity: 'subcontractor_market', id: String(id) },
      token: admin,
    });
    expect(list.json()).toEqual([expect.objectContaining({ filename: 'contrat.pdf' })]);
    // a draft market holding documents is not deleted
    expect((await send('DELETE', `/api/market/${id}/delete`)).statusCode).toBe(422);
  });

  it('lists the BPUs of a market, and a BPU may only name an existing market', async () => {
    const id = (await create()).json().id;
    const [template] = await testApp.db.select({ id: bpuTemplates.id, name: bpuTemplates.name }).from(bpuTemplates).limit(1);
    const bpu = await send('POST', '/api/bpu', { name: 'BPU du marché', bpuTemplate: template?.id, market: id });
    expect(bpu.statusCode, bpu.body).toBe(200);
    expect((await send('GET', `/api/market/${id}/bpus`)).json()).toEqual([
      { id: bpu.json().id, name: 'BPU du marché', bpuTemplate: template?.id, bpuTemplateName: template?.name, locked: false },
    ]);
    await expect(
      testApp.db.insert(bpus).values({ name: 'orphelin', bpuTemplateId: template?.id ?? 0, marketId: 999_999 }),
    ).rejects.toThrow();
    // a market holding a BPU is not deleted
    expect((await send('DELETE', `/api/market/${id}/delete`)).statusCode).toBe(422);
  });

  it("lists an agency's markets and enables or disables all their evaluations with the update right", async () => {
    const agency = agencyIds[2] ?? 0;
    await createMarket(testApp.app, testApp.db, admin, { agency });
    const listed = await send('GET', `/api/agency/${agency}/markets?size=200`);
    expect(listed.statusCode, listed.body).toBe(200);
    const rows: { agencyId: number; toEvaluate: boolean }[] = listed.json().content;
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((row) => row.agencyId === agency)).toBe(true);

    const reader = await actingAs(testApp, { read: ['subcontractor_market'] });
    const refused = await send('PUT', `/api/agency/${agency}/enable-all-evaluations?toEvaluate=1`, undefined, reader.token);
    expect(refused.statusCode).toBe(403);
    expect((await send('PUT', `/api/agency/${agency}/enable-all-evaluations?toEvaluate=2`)).statusCode).toBe(400);

    const others = async () =>
      (
        await testApp.db
          .select({ agencyId: markets.agencyId, toEvaluate: markets.toEvaluate })
          .from(markets)
          .orderBy(asc(markets.id))
      )
        .filter((row) => row.agencyId !== agency)
        .map((row) => row.toEvaluate);
    const othersBefore = await others();
    const enabled = await send('PUT', `/api/agency/${agency}/enable-all-evaluations?toEvaluate=1`);
    expect(enabled.json()).toEqual({ success: true, count: rows.filter((row) => !row.toEvaluate).length });
    const after = await testApp.db.select({ agencyId: markets.agencyId, toEvaluate: markets.toEvaluate }).from(markets);
    expect(after.filter((row) => row.agencyId === agency).every((row) => row.toEvaluate)).toBe(true);
    expect(await others()).toEqual(othersBefore);
    const disabled = await send('PUT', `/api/agency/${agency}/enable-all-evaluations?toEvaluate=0`);
    expect(disabled.json().count).toBe(rows.length);
  });

  it('exports the list as CSV with exact amounts', async () => {
    await create({ edifice: 'MARCHE-CSV', maxAmountDC4: '1234.56' });
    const response = await inject(testApp.app, {
      method: 'POST',
      url: '/api/markets/csv',
      token: admin,
      payload: { filters: JSON.stringify({ edifice: 'MARCHE-CSV' }) },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('Code Edifice');
    expect(response.body).toMatch(/MARCHE-CSV;.*1234[.,]56/);
  });
});
