import {
  CSV_ONLY_MESSAGE,
  IMPORT_SUCCESS_MESSAGE,
  NO_IMPUTATION_SELECTED_MESSAGE,
  ORACLE_IMPUTATIONS_NO_BOUND_ORDER_MESSAGE,
  ORACLE_IMPUTATIONS_NONE_MESSAGE,
  ORACLE_IMPUTATIONS_NOT_SYNCED_MESSAGE,
  ORACLE_IMPUTATIONS_SYNC_FAILED_MESSAGE,
  type OracleImputationRow,
} from '@isf/contract';
import { parse } from 'csv-parse/sync';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, markets, oracleImputationOrders, oracleImputations, orders, tasks } from '../src/db/schema/index.js';
import { ErpError } from '../src/integrations/erp/erp.port.js';
import {
  ORACLE_FAULT_PROJECT_NUMBERS,
  ORACLE_PROJECT_FIXTURES,
  oracleTaskFixtures,
} from '../src/integrations/erp/oracle-fixtures.js';
import { createOracleErpHttpAdapter } from '../src/integrations/erp/oracle-http-adapter.js';
import { buildOracleErpSimulator } from '../src/integrations/erp/oracle-simulator.js';
import { syncImputations } from '../src/modules/erp-imputations/index.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { actingAs, countRows, createTestApp, inject, login, type TestApp, uniqueName } from './helper.js';
import { multipart } from './multipart.js';
import { createOrder, marketWithBpu } from './orders-fixtures.js';

let testApp: TestApp;
let admin: string;
const simulators: FastifyInstance[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
});

afterAll(async () => {
  await Promise.all(simulators.map((simulator) => simulator.close()));
  await testApp?.close();
});

const HEADER = 'eOTP;Type de prestation;Numéro de projet;Organisation;Numéro de tâche';
const [deployment, connections] = ORACLE_PROJECT_FIXTURES;
const deploymentTask = deployment ? oracleTaskFixtures(deployment)[1] : undefined;

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = admin) =>
  inject(testApp.app, { method, url, token, payload });

function upload(content: string, fileName = 'imputations.csv', token = admin) {
  const form = multipart([{ name: 'file', fileName, content: Buffer.from(content, 'utf8'), contentType: 'text/csv' }]);
  return inject(testApp.app, {
    method: 'POST',
    url: '/api/oracle/imputations/import',
    token,
    payload: form.payload,
    headers: form.headers,
  });
}

const csv = (...lines: string[]) => `\ufeff${[HEADER, ...lines].join('\r\n')}\r\n`;

async function rowsOf(filter: Record<string, string> = {}): Promise<OracleImputationRow[]> {
  const query = { size: '200', ...(Object.keys(filter).length > 0 ? { filters: JSON.stringify(filter) } : {}) };
  const response = await inject(testApp.app, { method: 'GET', url: '/api/oracle/imputations', token: admin, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ content: OracleImputationRow[] }>().content;
}

async function rowOf(eotp: string): Promise<OracleImputationRow> {
  const [row] = await rowsOf({ eotp });
  expect(row, eotp).toBeDefined();
  return row as OracleImputationRow;
}

/** An ISF imputation of this eOTP on the market's project, and an order of the market charged to it. */
async function orderOnEotp(market: { marketId: number; bpuId: number }, eotp: string) {
  const [owner] = await testApp.db.select({ projectId: markets.projectId }).from(markets).where(eq(markets.id, market.marketId));
  const created = await send('POST', '/api/imputation/create', {
    projectId: owner?.projectId,
    eotp,
    description: `Imputation ${eotp}`,
  });
  expect(created.statusCode, created.body).toBe(200);
  const imputation = Number(created.json<{ id: number }>().id);
  return { imputation, order: await createOrder(testApp.app, testApp.db, admin, market.marketId, { imputation }) };
}

describe('step 1: import (POST /oracle/imputations/import)', () => {
  it('refuses a file that is not a CSV, or no file, writing nothing', async () => {
    const before = await countRows(testApp.db, oracleImputations);
    const pdf = await upload('%PDF-1.7\n', 'imputations.pdf');
    expect(pdf.statusCode, pdf.body).toBe(400);
    expect(pdf.json().errors).toEqual([CSV_ONLY_MESSAGE]);
    const none = await inject(testApp.app, {
      method: 'POST',
      url: '/api/oracle/imputations/import',
      token: admin,
      ...multipart([{ name: 'comment', value: 'sans fichier' }]),
    });
    expect(none.statusCode, none.body).toBe(400);
    expect(await countRows(testApp.db, oracleImputations)).toBe(before);
  });

  it('refuses the whole file with the number of each wrong line, writing nothing', async () => {
    const before = await countRows(testApp.db, oracleImputations);
    const tasksBefore = await countRows(testApp.db, tasks);
    const response = await upload(
      csv(
        'EOTP-OK-1;Travaux;PRJ-33-FTTH-2022;DR Sud-Ouest;2.0',
        ';Travaux;PRJ-33-FTTH-2022;DR Sud-Ouest;2.0',
        'EOTP-OK-2;Travaux;;DR Sud-Ouest;',
        'eotp-ok-1;Travaux;PRJ-33-FTTH-2022;DR Sud-Ouest;3.0',
        `EOTP-LONG;Travaux;${'P'.repeat(101)};DR;1.0`,
      ),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual([
      'Ligne 3 : « eOTP » obligatoire(s).',
      'Ligne 4 : « Numéro de projet », « Numéro de tâche » obligatoire(s).',
      "Ligne 5 : l'eOTP « eotp-ok-1 » figure déjà à la ligne 2.",
      'Ligne 6 : « Numéro de projet » dépasse 100 caractères.',
    ]);
    expect(response.json().detail).toMatch(/^Import refusé, rien n'a été enregistré\./);
    expect(await countRows(testApp.db, oracleImputations)).toBe(before);
    // refused in the request: no task was even started
    expect(await countRows(testApp.db, tasks)).toBe(tasksBefore);
  });

  it('refuses a file whose header is not the expected columns', async () => {
    const response = await upload('eotp;projet\r\nE1;P1\r\n');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors[0]).toContain(HEADER);
  });

  it('imports the lines as a task, links the ISF imputation of the same eOTP, and updates on a second import', async () => {
    const market = await marketWithBpu(testApp.app, testApp.db, admin);
    const eotp = uniqueName('EOTP-IMP');
    await orderOnEotp(market, eotp);
    const other = uniqueName('EOTP-IMP');
    const first = await upload(
      csv(`${eotp};Travaux;${deployment?.ProjectNumber};DR Sud-Ouest;${deploymentTask?.TaskNumber}`, `${other};;PRJ-X;;1.0`),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true, message: IMPORT_SUCCESS_MESSAGE, created: 2, updated: 0 });
    const row = await rowOf(eotp);
    expect(row).toMatchObject({
      prestationType: 'Travaux',
      projectNumber: deployment?.ProjectNumber,
      organization: 'DR Sud-Ouest',
      taskNumber: deploymentTask?.TaskNumber,
      imputation: `Imputation ${eotp}`,
      syncStatus: 'NOT_SYNCED',
      orderCount: 0,
    });
    expect((await rowOf(other)).imputationId).toBeNull();
    const [task] = await testApp.db
      .select()
      .from(tasks)
      .where(eq(tasks.kind, 'oracle-imputation-import'))
      .orderBy(sql`${tasks.id} DESC`)
      .limit(1);
    expect(task?.status).toBe('SUCCESS');
    expect(task?.objectName).toBe('oracle_imputation');
    expect(task?.events.map((event) => event.name)).toContain('Imputations importées');

    const second = await upload(csv(`${other};Fourniture;PRJ-Y;DR;1.0`));
    expect(second.json()).toMatchObject({ created: 0, updated: 1 });
    expect(await rowOf(other)).toMatchObject({ prestationType: 'Fourniture', projectNumber: 'PRJ-Y' });
  });

  it('imports 20,000 lines in batches, the task showing its progress, and refuses one line more or 5 Mo', async () => {
    const prefix = uniqueName('EOTP-20K');
    const eotpOf = (index: number) => `${prefix}-${String(index).padStart(5, '0')}`;
    const lines = Array.from({ length: 20_000 }, (_, index) => `${eotpOf(index)};Travaux;PRJ-${index % 7};DR;${index}.0`);
    const response = await upload(csv(...lines));
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    expect(response.json()).toMatchObject({ created: 20_000, updated: 0 });
    const written = await testApp.db
      .select({
        eotp: oracleImputations.eotp,
        projectNumber: oracleImputations.projectNumber,
        taskNumber: oracleImputations.taskNumber,
      })
      .from(oracleImputations)
      .where(sql`${oracleImputations.eotp} LIKE ${`${prefix}-%`}`)
      .orderBy(asc(oracleImputations.eotp));
    expect(written).toEqual(
      Array.from({ length: 20_000 }, (_, index) => ({
        eotp: eotpOf(index),
        projectNumber: `PRJ-${index % 7}`,
        taskNumber: `${index}.0`,
      })),
    );
    const [task] = await testApp.db
      .select()
      .from(tasks)
      .where(eq(tasks.kind, 'oracle-imputation-import'))
      .orderBy(sql`${tasks.id} DESC`)
      .limit(1);
    expect(task?.status).toBe('SUCCESS');
    const progress = (task?.events ?? []).filter((event) => event.name === 'Progression').map((event) => event.description);
    expect(progress).toHaveLength(20);
    expect(progress.at(-1)).toBe('20\u202f000 ligne(s) sur 20\u202f000 enregistrée(s) (100 %)');

    const tooMany = await upload(csv(...lines, `${prefix}-X;;P;;1.0`));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toContain('Le fichier dépasse 20\u202f000 lignes.');
    const tooBig = await upload(`${csv()}${'a'.repeat(5 * 1024 * 1024)}`);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().detail).toBe('Le fichier dépasse la taille maximale de 5 Mo.');
    expect(await countRows(testApp.db, oracleImputations, sql`${oracleImputations.eotp} LIKE ${`${prefix}-%`}`)).toBe(20_000);
    // the later steps and the removal work on the small file of the other tests (a removal takes 1,000 ids at most)
    await testApp.db.delete(oracleImputations).where(sql`${oracleImputations.eotp} LIKE ${`${prefix}-%`}`);
  });

  it('needs the create right on oracle_imputation', async () => {
    const reader = await actingAs(testApp, { read: ['oracle_imputation'] });
    expect((await upload(csv('E;T;P;O;1.0'), 'imputations.csv', reader.token)).statusCode).toBe(403);
    expect((await send('POST', '/api/oracle/imputations/sync', {}, reader.token)).statusCode).toBe(403);
    expect((await send('GET', '/api/oracle/imputations', undefined, reader.token)).statusCode).toBe(200);
  });
});

describe('steps 2 to 4 on an imported file', () => {
  it('synchronises through the ERP, binds the orders by eOTP, then sends them', async () => {
    const market = await marketWithBpu(testApp.app, testApp.db, admin);
    const fx = attachmentFixtures(testApp.app, testApp.db, () => admin);
    const eotp = uniqueName('EOTP-FLOW');
    const { order } = await orderOnEotp(market, eotp);
    // a validated order on the same eOTP: the one step 4 can send
    const validated = await fx.validatedOrder(market);
    const [{ imputationId } = { imputationId: null }] = await testApp.db
      .select({ imputationId: orders.imputationId })
      .from(orders)
      .where(eq(orders.id, order));
    await testApp.db.update(orders).set({ imputationId }).where(eq(orders.id, validated));
    const missingTask = uniqueName('EOTP-NOTASK');
    const missingProject = uniqueName('EOTP-NOPRJ');
    expect(
      (
        await upload(
          csv(
            `${eotp};Travaux;${deployment?.ProjectNumber};DR;${deploymentTask?.TaskNumber}`,
            `${missingTask};Travaux;${connections?.ProjectNumber};DR;99.0`,
            `${missingProject};Travaux;PRJ-INCONNU-0000;DR;1.0`,
          ),
        )
      ).statusCode,
    ).toBe(200);

    const synced = await send('POST', '/api/oracle/imputations/sync');
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().synced).toBeGreaterThanOrEqual(1);
    const row = await rowOf(eotp);
    expect(row).toMatchObject({
      syncStatus: 'SYNCED',
      oracleProjectNumber: deployment?.ProjectNumber,
      oracleTaskName: deploymentTask?.TaskName,
    });
    expect(await rowOf(missingTask)).toMatchObject({
      syncStatus: 'TASK_NOT_FOUND',
      syncMessage: `La tâche 99.0 n'existe pas dans le projet Oracle ${connections?.ProjectNumber}.`,
      oracleTaskName: null,
    });
    expect(await rowOf(missingProject)).toMatchObject({ syncStatus: 'PROJECT_NOT_FOUND', oracleProjectId: null });
    const [syncTask] = await testApp.db
      .select()
      .from(tasks)
      .where(eq(tasks.kind, 'oracle-imputation-sync'))
      .orderBy(sql`${tasks.id} DESC`)
      .limit(1);
    expect(syncTask?.events.some((event) => event.name === 'Progression')).toBe(true);

    const [before] = await testApp.db.select().from(orders).where(eq(orders.id, order));
    const bound = await send('POST', '/api/oracle/imputations/bindorders');
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().bound).toBeGreaterThanOrEqual(2);
    const [after] = await testApp.db.select().from(orders).where(eq(orders.id, order));
    expect(after?.oracleProjectId).toBe(row.oracleProjectId);
    expect(after?.oracleTaskId).not.toBe(before?.oracleTaskId);
    expect(after?.version).toBe((before?.version ?? 0) + 1);
    expect((await rowOf(eotp)).orderCount).toBe(2);
    const audits = await testApp.db
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.entity} = 'order' AND ${auditLog.entityId} = ${String(order)} AND ${auditLog.action} = 'oracle_imputation_bind'`,
      );
    expect(audits).toHaveLength(1);

    const sent = await send('POST', '/api/oracle/imputations/sendorders');
    expect(sent.statusCode, sent.body).toBe(200);
    const reply = sent.json<{ queued: number; skipped: { orderId: number; reason: string }[] }>();
    expect(reply.skipped.map((skip) => skip.orderId)).toContain(order);
    expect(reply.skipped.find((skip) => skip.orderId === order)?.reason).toBe(
      'Seule une commande validée par le sous-traitant peut être envoyée à Oracle.',
    );
    expect(reply.skipped.map((skip) => skip.orderId)).not.toContain(validated);
    expect(reply.queued).toBeGreaterThanOrEqual(1);
  });

  it('binds an order already in the ERP without touching its ERP fields', async () => {
    const market = await marketWithBpu(testApp.app, testApp.db, admin);
    const eotp = uniqueName('EOTP-SENT');
    const { order } = await orderOnEotp(market, eotp);
    await testApp.db.update(orders).set({ oracleId: 'PO-42', oracleStatus: 'SUCCESS' }).where(eq(orders.id, order));
    const [before] = await testApp.db.select().from(orders).where(eq(orders.id, order));
    await upload(csv(`${eotp};Travaux;${deployment?.ProjectNumber};DR;${deploymentTask?.TaskNumber}`));
    expect((await send('POST', '/api/oracle/imputations/sync')).statusCode).toBe(200);
    expect((await send('POST', '/api/oracle/imputations/bindorders')).json().alreadySent).toBeGreaterThanOrEqual(1);
    const [after] = await testApp.db.select().from(orders).where(eq(orders.id, order));
    expect(after).toMatchObject({
      oracleProjectId: before?.oracleProjectId,
      oracleTaskId: before?.oracleTaskId,
      version: before?.version,
    });
    expect((await rowOf(eotp)).orderCount).toBe(1);
  });
});

describe('synchronisation faults, through the real adapter against the simulator', () => {
  it('answers 502 with the message when the ERP keeps failing, and changes nothing', async () => {
    const eotp = uniqueName('EOTP-FAULT');
    await upload(csv(`${eotp};Travaux;${ORACLE_FAULT_PROJECT_NUMBERS.serverError};DR;1.0`));
    const before = await rowOf(eotp);
    const response = await send('POST', '/api/oracle/imputations/sync');
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json().error).toBe(ORACLE_IMPUTATIONS_SYNC_FAILED_MESSAGE);
    expect(await rowOf(eotp)).toEqual(before);
    const [task] = await testApp.db
      .select()
      .from(tasks)
      .where(eq(tasks.kind, 'oracle-imputation-sync'))
      .orderBy(sql`${tasks.id} DESC`)
      .limit(1);
    expect(task?.status).toBe('FAILED');
    expect(task?.attempts).toBe(3);
    await testApp.db.delete(oracleImputations).where(eq(oracleImputations.eotp, eotp));
  }, 30_000);

  it('gets through a share of 500s (retried calls) and fails cleanly on a timeout', async () => {
    const simulator = buildOracleErpSimulator();
    let calls = 0;
    simulator.addHook('onRequest', async (_request, reply) => {
      calls += 1;
      if (calls % 2 === 1) {
        return reply.status(500).send({ title: 'Internal Server Error', 'o:errorDetails': [{ detail: 'JBO-1 instable' }] });
      }
      return undefined;
    });
    simulators.push(simulator);
    const url = await simulator.listen({ port: 0, host: '127.0.0.1' });
    const flaky = createOracleErpHttpAdapter({ baseUrl: url, username: 'isf', password: 'test' });
    const retried = async <T>(call: () => Promise<T>): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        expect(error).toBeInstanceOf(ErpError);
        return call();
      }
    };
    const retrying = {
      ...flaky,
      findProjectByNumber: (number: string) => retried(() => flaky.findProjectByNumber(number)),
      listTasks: (id: number) => retried(() => flaky.listTasks(id)),
    };
    const context = { principal: null, requestId: 'test' };
    const counts = await syncImputations(testApp.db, retrying, context, async () => undefined);
    expect(counts.synced).toBeGreaterThanOrEqual(1);
    expect(calls).toBeGreaterThanOrEqual(4);

    const slow = buildOracleErpSimulator({ latencyMs: 400 });
    simulators.push(slow);
    const slowUrl = await slow.listen({ port: 0, host: '127.0.0.1' });
    const impatient = createOracleErpHttpAdapter({ baseUrl: slowUrl, username: 'isf', password: 'test', timeoutMs: 100 });
    const before = await rowsOf();
    await expect(syncImputations(testApp.db, impatient, context, async () => undefined)).rejects.toThrow(
      'Oracle ne répond pas. Réessayez plus tard.',
    );
    expect(await rowsOf()).toEqual(before);
  }, 30_000);
});

describe('refusals of the steps and removal', () => {
  it('refuses each step until the one before it has run, and removes one or several imputations', async () => {
    const ids = (
      await testApp.db.select({ id: oracleImputations.id }).from(oracleImputations).orderBy(asc(oracleImputations.id))
    ).map((row) => row.id);
    expect((await send('DELETE', '/api/oracle/imputations', { ids: [] })).json()).toMatchObject({
      detail: NO_IMPUTATION_SELECTED_MESSAGE,
    });
    expect((await send('DELETE', '/api/oracle/imputations', { ids: [] })).statusCode).toBe(400);
    const unknown = await send('DELETE', '/api/oracle/imputations', { ids: [...ids, 2_000_000_000] });
    expect(unknown.statusCode).toBe(400);
    expect(await countRows(testApp.db, oracleImputations)).toBe(ids.length);
    const bindings = await countRows(testApp.db, oracleImputationOrders);
    expect(bindings).toBeGreaterThan(0);
    const [first, ...rest] = ids;
    expect((await send('DELETE', `/api/oracle/imputation/${first}`)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/oracle/imputation/${first}`)).statusCode).toBe(404);
    const deleter = await actingAs(testApp, { read: ['oracle_imputation'], create: ['oracle_imputation'] });
    expect((await send('DELETE', '/api/oracle/imputations', { ids: rest }, deleter.token)).statusCode).toBe(403);
    const removed = await send('DELETE', '/api/oracle/imputations', { ids: rest });
    expect(removed.json()).toEqual({ success: true, removed: rest.length });
    expect(await countRows(testApp.db, oracleImputations)).toBe(0);
    expect(await countRows(testApp.db, oracleImputationOrders)).toBe(0);

    expect((await send('POST', '/api/oracle/imputations/sync')).json().error).toBe(ORACLE_IMPUTATIONS_NONE_MESSAGE);
    await upload(csv(`${uniqueName('EOTP')};;PRJ-INCONNU;;1.0`));
    expect((await send('POST', '/api/oracle/imputations/bindorders')).json().error).toBe(ORACLE_IMPUTATIONS_NOT_SYNCED_MESSAGE);
    const sendOrders = await send('POST', '/api/oracle/imputations/sendorders');
    expect(sendOrders.statusCode).toBe(422);
    expect(sendOrders.json().error).toBe(ORACLE_IMPUTATIONS_NO_BOUND_ORDER_MESSAGE);
  });

  it('exports the list as CSV', async () => {
    const response = await inject(testApp.app, { method: 'POST', url: '/api/oracle/imputations/csv', token: admin, payload: {} });
    expect(response.statusCode, response.body).toBe(200);
    const [header] = parse(response.body.replace(/^\ufeff/, ''), { delimiter: ';' }) as string[][];
    expect(header).toEqual(
      expect.arrayContaining(['eOTP', 'Numéro de projet', 'Numéro de tâche', 'Projet Oracle', 'Synchronisation']),
    );
  });
});
