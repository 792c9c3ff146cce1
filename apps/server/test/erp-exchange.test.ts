import {
  ORDER_ERP_ALREADY_SENT_MESSAGE,
  ORDER_ERP_SENDING_MESSAGE,
  ORDER_ERP_SENT_TEXT,
  RECEIPT_ORDER_NOT_IN_ERP_MESSAGE,
} from '@isf/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orders, tasks, workflowNodes, workflows, workflowTokens } from '../src/db/schema/index.js';
import { erpFixtures, erpTestConfig, purchaseOrdersOf, startOracleSimulator } from './erp-exchange-fixtures.js';
import { createTestApp, login, type TestApp } from './helper.js';
import { marketWithBpu, oracleProjectWithTask, pricesOf, userId } from './orders-fixtures.js';

let testApp: TestApp;
let admin: string;
let oracle: Awaited<ReturnType<typeof startOracleSimulator>>;
let fx: ReturnType<typeof erpFixtures>;
let market: { marketId: number; bpuId: number };

beforeAll(async () => {
  oracle = await startOracleSimulator({ hangMs: 3_000, receiptProcessingMs: 200 });
  testApp = await createTestApp(erpTestConfig(oracle.url));
  admin = await login(testApp.app, 'admin', 'admin');
  fx = erpFixtures(testApp.app, testApp.db, () => admin);
  market = await marketWithBpu(testApp.app, testApp.db, admin);
});

afterAll(async () => {
  await testApp?.close();
  await oracle?.close();
});

function resetSwitches() {
  Object.assign(oracle.switches, {
    serverErrorRate: 0,
    timeoutRate: 0,
    faults: [],
    answerDelayMs: 0,
    receiptLineRejection: undefined,
  });
}

async function referenceOf(id: number): Promise<string> {
  const [row] = await testApp.db.select({ reference: orders.reference }).from(orders).where(eq(orders.id, id));
  return row?.reference ?? '';
}

/** The task of the last send of a document, once it has ended (the document settles just before its task). */
async function lastTask(kind: string, objectId: number) {
  for (let read = 0; read < 100; read += 1) {
    const [task] = await testApp.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.kind, kind), eq(tasks.objectId, objectId)))
      .orderBy(desc(tasks.id))
      .limit(1);
    if (task && ['SUCCESS', 'FAILED'].includes(task.status)) {
      return task;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the ${kind} task of ${objectId} did not end`);
}

async function notificationsOf(template: string) {
  const adminId = await userId(testApp.db, 'admin');
  return testApp.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, adminId), eq(notifications.template, template)))
    .orderBy(asc(notifications.id));
}

/** Puts the order on the validated node without the move (and so without its automatic send). */
async function placeValidated(orderId: number) {
  const [node] = await testApp.db
    .select({ id: workflowNodes.id })
    .from(workflowNodes)
    .innerJoin(workflows, eq(workflows.id, workflowNodes.workflowId))
    .where(and(eq(workflows.objectName, 'order'), eq(workflowNodes.code, 'os_validated')));
  await testApp.db
    .update(workflowTokens)
    .set({ nodeId: node?.id ?? 0 })
    .where(and(eq(workflowTokens.entityName, 'order'), eq(workflowTokens.entityId, orderId)));
}

let sentOrder: number;

describe('orders to the ERP', () => {
  it("sends the order when the subcontractor validates it: CREATED, then SUCCESS with the ERP's number, locked", async () => {
    resetSwitches();
    const id = await fx.draftOrder(market, ['10', '4']);
    await fx.toSubcontractor(id);
    const moved = await fx.move('order', id, 'os_to_validated', 'os_validated');
    expect(moved.statusCode, moved.body).toBe(200);
    const queued = await fx.json(await fx.send('GET', `/api/order/${id}`));
    expect(['CREATED', 'PROCESSING', 'SUCCESS']).toContain(queued.oracleStatus);

    const done = await fx.settled(`/api/order/${id}`);
    const reference = await referenceOf(id);
    const [erpOrder, ...others] = purchaseOrdersOf(oracle.simulator, reference);
    expect(others).toEqual([]);
    expect(erpOrder).toMatchObject({ StatusCode: 'OPEN' });
    expect(done).toMatchObject({
      oracleStatus: 'SUCCESS',
      oracleId: erpOrder?.OrderNumber,
      locked: true,
      canSendToOracle: false,
      erpSend: { status: 'SUCCESS', erpId: erpOrder?.OrderNumber, message: null, lineErrors: [] },
    });
    // what the ERP received: the configuration values and one line per prestation, charged to the ERP project
    expect(erpOrder?.body).toMatchObject({
      ProcurementBU: 'ISF Achats France',
      Buyer: 'Service Achats Réseaux',
      DocumentStyle: 'Commande de sous-traitance',
      CurrencyCode: 'EUR',
    });
    const lines = erpOrder?.body.lines as {
      Quantity: number;
      projectDFF?: unknown;
      schedules: { distributions: { projectDFF: { projectNumber_Display: string; expenditureTypeId_Display: string }[] }[] }[];
    }[];
    expect(lines.map((line) => line.Quantity)).toEqual([10, 4]);
    expect(lines[0]?.schedules[0]?.distributions[0]?.projectDFF[0]).toMatchObject({
      projectNumber_Display: expect.stringMatching(/^PRJ-/),
      expenditureTypeId_Display: 'Sous-traitance travaux',
    });

    // the ERP id locks the order
    const order = await fx.json(await fx.send('GET', `/api/order/${id}`));
    const edit = await fx.send('PUT', `/api/order/${id}`, { ...order, observation: 'Modifiée après envoi' });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().error).toBe(ORDER_ERP_SENT_TEXT);
    const again = await fx.send('POST', `/api/oracle/order/${id}`);
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toBe(ORDER_ERP_ALREADY_SENT_MESSAGE);

    // the send is a task of /tasks with its events, and its creator is told
    const task = await lastTask('erp-order-send', id);
    expect(task?.status).toBe('SUCCESS');
    expect(task?.events.map((event) => event.name)).toEqual(
      expect.arrayContaining([
        'Tâche créée',
        'Traitement démarré',
        'Brouillon créé dans Oracle',
        'Commande soumise',
        'Envoyé à Oracle',
      ]),
    );
    expect((await notificationsOf('ORDER_ERP_SENT')).map((row) => row.context)).toContainEqual({
      orderId: id,
      orderNumber: reference,
    });
    sentOrder = id;
  });

  it('retries 500s with backoff, then ends ERROR with the ERP message in a notification; a new send succeeds once', async () => {
    resetSwitches();
    const id = await fx.draftOrder(market, ['2']);
    await placeValidated(id);
    oracle.switches.serverErrorRate = 1;
    const response = await fx.send('POST', `/api/oracle/order/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, oracleStatus: 'CREATED' });
    const failed = await fx.settled(`/api/order/${id}`);
    expect(failed).toMatchObject({ oracleStatus: 'ERROR', oracleId: null, canSendToOracle: true, erpSend: { status: 'ERROR' } });
    expect(failed.erpSend.message).toContain('Erreur Oracle (500)');
    const task = await lastTask('erp-order-send', id);
    expect(task).toMatchObject({ status: 'FAILED', attempts: 3 });
    expect(task?.events.filter((event) => event.name === 'Erreur, nouvel essai prévu')).toHaveLength(2);
    const reference = await referenceOf(id);
    const [notice] = (await notificationsOf('ORDER_ERP_SEND_FAILED')).filter(
      (row) => (row.context as { orderId: number }).orderId === id,
    );
    expect((notice?.context as { errorMessage: string } | undefined)?.errorMessage).toMatch(
      new RegExp(`^Impossible d'envoyer la commande ${reference} dans Oracle : Erreur Oracle \\(500\\)`),
    );
    expect(await notificationsOf('JOB_FAILED')).toEqual([]);

    resetSwitches();
    expect((await fx.send('POST', `/api/oracle/order/${id}`)).statusCode).toBe(200);
    expect((await fx.settled(`/api/order/${id}`)).oracleStatus).toBe('SUCCESS');
    expect(purchaseOrdersOf(oracle.simulator, reference)).toHaveLength(1);
  });

  it('retries timeouts, then ends ERROR', async () => {
    resetSwitches();
    const id = await fx.draftOrder(market, ['1']);
    await placeValidated(id);
    oracle.switches.timeoutRate = 1;
    expect((await fx.send('POST', `/api/oracle/order/${id}`)).statusCode).toBe(200);
    const failed = await fx.settled(`/api/order/${id}`);
    expect(failed).toMatchObject({ oracleStatus: 'ERROR', erpSend: { message: 'Oracle ne répond pas. Réessayez plus tard.' } });
    expect((await lastTask('erp-order-send', id))?.attempts).toBe(3);
  });

  it.each([
    ['the draft creation', ['ok', 'ok', 'timeout'], 'Brouillon abandonné supprimé'],
    ['the submission', ['ok', 'ok', 'ok', 'timeout'], 'Déjà dans Oracle'],
  ] as const)('makes one ERP order when the answer to %s is lost (the ERP did it)', async (_step, faults, event) => {
    resetSwitches();
    const id = await fx.draftOrder(market, ['3']);
    await placeValidated(id);
    oracle.switches.faults = [...faults];
    expect((await fx.send('POST', `/api/oracle/order/${id}`)).statusCode).toBe(200);
    const done = await fx.settled(`/api/order/${id}`);
    expect(done.oracleStatus).toBe('SUCCESS');
    const erpOrders = purchaseOrdersOf(oracle.simulator, await referenceOf(id));
    expect(erpOrders).toHaveLength(1);
    expect(erpOrders[0]).toMatchObject({ StatusCode: 'OPEN', OrderNumber: done.oracleId });
    expect((await lastTask('erp-order-send', id))?.events.map((entry) => entry.name)).toContain(event);
  });

  it('makes one ERP order out of 50 concurrent send requests', async () => {
    resetSwitches();
    const id = await fx.draftOrder(market, ['5']);
    await placeValidated(id);
    const replies = await Promise.all(Array.from({ length: 50 }, () => fx.send('POST', `/api/oracle/order/${id}`)));
    const accepted = replies.filter((reply) => reply.statusCode === 200);
    expect(accepted).toHaveLength(1);
    for (const reply of replies.filter((entry) => entry.statusCode !== 200)) {
      expect(reply.statusCode, reply.body).toBe(422);
      expect([ORDER_ERP_SENDING_MESSAGE, ORDER_ERP_ALREADY_SENT_MESSAGE]).toContain(reply.json().error);
    }
    expect((await fx.settled(`/api/order/${id}`)).oracleStatus).toBe('SUCCESS');
    expect(purchaseOrdersOf(oracle.simulator, await referenceOf(id))).toHaveLength(1);
    const sendTasks = await testApp.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.kind, 'erp-order-send'), eq(tasks.objectId, id)));
    expect(sendTasks).toHaveLength(1);
  });

  it('ends FAILURE without retrying when the ERP refuses the order, with its message', async () => {
    resetSwitches();
    // an order charged to a project the ERP does not know
    const id = await fx.draftOrder(market, ['1']);
    const fake = await oracleProjectWithTask(testApp.db);
    await testApp.db.update(orders).set({ oracleProjectId: fake.project, oracleTaskId: fake.task }).where(eq(orders.id, id));
    await placeValidated(id);
    expect((await fx.send('POST', `/api/oracle/order/${id}`)).statusCode).toBe(200);
    const refused = await fx.settled(`/api/order/${id}`);
    expect(refused).toMatchObject({ oracleStatus: 'FAILURE', oracleId: null });
    expect(refused.erpSend.message).toMatch(/^Erreur Oracle \(400\) : Ligne 1 : le projet « P\d+ » n'existe pas\.$/);
    expect(await lastTask('erp-order-send', id)).toMatchObject({ status: 'FAILED', attempts: 1 });
  });
});

describe('receipts to the ERP', () => {
  async function validatedAttachment(order: number, quantities: string[]) {
    const id = await fx.attachment(order);
    const prices = await pricesOf(testApp.db, market.bpuId);
    const saved = await fx.saveLines(
      id,
      quantities.map((quantity, index) => ({ prestation: prices[index]?.prestation ?? 0, quantity })),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    await fx.validate(id);
    return id;
  }

  it("refuses a receipt while the attachment's order has no ERP id", async () => {
    const order = await fx.draftOrder(market, ['1']);
    await placeValidated(order);
    const id = await validatedAttachment(order, ['1']);
    const response = await fx.send('POST', `/api/oracle/attachement/${id}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe(RECEIPT_ORDER_NOT_IN_ERP_MESSAGE);
  });

  it('sends the receipt of an attachment: processed by the ERP, SUCCESS with the receipt number', async () => {
    resetSwitches();
    const id = await validatedAttachment(sentOrder, ['4', '1']);
    const response = await fx.send('POST', `/api/oracle/attachement/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const done = await fx.settled(`/api/attachement/${id}`);
    expect(done).toMatchObject({
      oracleStatus: 'SUCCESS',
      oracleId: expect.stringMatching(/^RCV\d+$/),
      erpSend: { status: 'SUCCESS' },
    });
    const reference = done.reference as string;
    expect(oracle.simulator.procurement.receipts.filter((receipt) => receipt.ShipmentNumber === reference)).toHaveLength(1);
    expect((await notificationsOf('ATTACHMENT_ERP_SENT')).map((row) => row.context)).toContainEqual({
      attachementId: id,
      attachementReference: reference,
    });
  });

  it("lists each refused line's error on the attachment and in the notification", async () => {
    resetSwitches();
    // 20 on the first line passes what remains of the 10 ordered, 3 on the second passes the 4 ordered less 1 received
    const id = await validatedAttachment(sentOrder, ['20', '4']);
    expect((await fx.send('POST', `/api/oracle/attachement/${id}`)).statusCode).toBe(200);
    const refused = await fx.settled(`/api/attachement/${id}`);
    expect(refused).toMatchObject({ oracleStatus: 'FAILURE', oracleId: null, canSendToOracle: true });
    expect(refused.erpSend.message).toBe('Oracle a refusé la réception : 2 erreur(s) sur ses lignes.');
    expect(refused.erpSend.lineErrors).toEqual([
      {
        lineNumber: 1,
        label: expect.any(String),
        message: expect.stringMatching(
          /^Le montant reçu \(.+\) dépasse le montant restant à réceptionner \(.+\) sur la ligne 1 de la commande PO\d+\.$/,
        ),
      },
      { lineNumber: 2, label: expect.any(String), message: expect.stringMatching(/sur la ligne 2 de la commande/) },
    ]);
    const [notice] = (await notificationsOf('ATTACHMENT_ERP_SEND_FAILED')).filter(
      (row) => (row.context as { attachementId: number }).attachementId === id,
    );
    const context = (notice?.context ?? { errorMessage: '', errors: [] }) as { errorMessage: string; errors: string[] };
    expect(context.errorMessage).toMatch(/^Impossible d'envoyer la réception de l'attachement .+ dans Oracle : Oracle a refusé/);
    expect(context.errors).toHaveLength(2);
    expect(context.errors[0]).toMatch(/^Ligne 1 \(.+\) : Le montant reçu/);
    expect(await lastTask('erp-receipt-send', id)).toMatchObject({ status: 'FAILED', attempts: 1 });
  });
});
