import {
  ATTACHMENT_ERP_ALREADY_SENT_MESSAGE,
  ATTACHMENT_ERP_NOT_VALIDATED_MESSAGE,
  ATTACHMENT_ERP_SENDING_MESSAGE,
} from '@isf/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, auditLog, orders } from '../src/db/schema/index.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { actingAs, countRows, createTestApp, login, type TestApp } from './helper.js';
import { marketWithBpu } from './orders-fixtures.js';

let testApp: TestApp;
let admin: string;
let fx: ReturnType<typeof attachmentFixtures>;
let order: number;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  fx = attachmentFixtures(testApp.app, testApp.db, () => admin);
  order = await fx.validatedOrder(await marketWithBpu(testApp.app, testApp.db, admin));
  // its receipts are sent only once the order is in the ERP (erp-exchange.test.ts sends it for real)
  await testApp.db.update(orders).set({ oracleId: 'PO-TEST-1', oracleStatus: 'SUCCESS' }).where(eq(orders.id, order));
});

afterAll(async () => {
  await testApp?.close();
});

async function stored(id: number) {
  const [row] = await testApp.db.select().from(attachments).where(eq(attachments.id, id));
  return row;
}

async function validatedAttachment(changes: Partial<typeof attachments.$inferInsert> = {}) {
  const id = await fx.attachment(order);
  await fx.validate(id);
  if (Object.keys(changes).length > 0) {
    await testApp.db.update(attachments).set(changes).where(eq(attachments.id, id));
  }
  return id;
}

describe('POST /oracle/attachement/{id}: accepting the send to the ERP', () => {
  it('accepts a validated attachment (CREATED, its job queued), keeps its version, writes an audit row and shows it on the detail', async () => {
    const id = await validatedAttachment({ oracleStatus: 'ERROR' });
    const before = await stored(id);
    const response = await fx.send('POST', `/api/oracle/attachement/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, oracleStatus: 'CREATED', taskId: expect.any(Number) });
    const after = await stored(id);
    expect(after?.oracleStatus).not.toBe('ERROR');
    expect(after?.version).toBe(before?.version);
    expect(await countRows(testApp.db, auditLog, and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'erp_send')))).toBe(
      1,
    );
    expect((await fx.detail(id)).erpSend).toMatchObject({ taskId: response.json().taskId });
  });

  it('refuses with 422 an attachment that is not validated, already sent, or being sent', async () => {
    const draft = await fx.attachment(order);
    const refusals: [number, string][] = [
      [draft, ATTACHMENT_ERP_NOT_VALIDATED_MESSAGE],
      [await validatedAttachment({ oracleId: 'RCV-1', oracleStatus: 'SUCCESS' }), ATTACHMENT_ERP_ALREADY_SENT_MESSAGE],
      [await validatedAttachment({ oracleStatus: 'PROCESSING' }), ATTACHMENT_ERP_SENDING_MESSAGE],
    ];
    for (const [id, message] of refusals) {
      const response = await fx.send('POST', `/api/oracle/attachement/${id}`);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().error).toBe(message);
    }
    expect((await stored(draft))?.oracleStatus).toBe('NOT_AVAILABLE');
  });

  it('answers 404 for an unknown attachment and 403 without the update right', async () => {
    expect((await fx.send('POST', '/api/oracle/attachement/999999')).statusCode).toBe(404);
    const reader = await actingAs(testApp, { read: ['attachement', 'order'] });
    const id = await validatedAttachment();
    expect((await fx.send('POST', `/api/oracle/attachement/${id}`, undefined, reader.token)).statusCode).toBe(403);
    expect((await stored(id))?.oracleStatus).toBe('NOT_AVAILABLE');
  });
});
