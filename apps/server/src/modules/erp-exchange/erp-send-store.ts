import type { ErpLineError, ErpSendRecord } from '@isf/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { attachments, erpSends, orders } from '../../db/schema/index.js';

/** What ISF sends: an order (purchase order) or an attachment (receipt); the entity codes of their rights. */
export type ErpDocument = 'order' | 'attachement';

export type ErpSendRow = typeof erpSends.$inferSelect;

/** The ISF table whose oracle_status / oracle_id a send moves. */
function tableOf(document: ErpDocument) {
  return document === 'order' ? orders : attachments;
}

/** The last send of a document, for its detail (null when never sent). */
export async function lastErpSend(db: Database, document: ErpDocument, entityId: number): Promise<ErpSendRecord | null> {
  const [row] = await db
    .select()
    .from(erpSends)
    .where(and(eq(erpSends.document, document), eq(erpSends.entityId, entityId)))
    .orderBy(desc(erpSends.id))
    .limit(1);
  if (!row) {
    return null;
  }
  return {
    status: row.status as ErpSendRecord['status'],
    taskId: row.taskId,
    erpId: row.erpId,
    message: row.message,
    lineErrors: row.lineErrors,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

export async function readErpSend(db: Database, sendId: number): Promise<ErpSendRow | undefined> {
  const [row] = await db.select().from(erpSends).where(eq(erpSends.id, sendId));
  return row;
}

/** The send runs (an attempt started): the send and its document are PROCESSING. */
export async function markErpSendProcessing(db: Database, send: ErpSendRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(erpSends)
      .set({ status: 'PROCESSING', updatedAt: sql`clock_timestamp()` })
      .where(and(eq(erpSends.id, send.id), sql`${erpSends.status} IN ('CREATED', 'PROCESSING')`));
    const table = tableOf(send.document as ErpDocument);
    await tx
      .update(table)
      .set({ oracleStatus: 'PROCESSING', updatedAt: sql`now()` })
      .where(and(eq(table.id, send.entityId), sql`${table.oracleId} IS NULL`));
  });
}

/** Remembers what the ERP holds of the send so far (its key), before anything else can go wrong. */
export async function noteErpDocument(db: Database, sendId: number, erpDocumentId: string): Promise<void> {
  await db.update(erpSends).set({ erpDocumentId, updatedAt: sql`clock_timestamp()` }).where(eq(erpSends.id, sendId));
}

export type ErpSendEnd =
  | { status: 'SUCCESS'; erpId: string; erpDocumentId: string }
  | { status: 'ERROR' | 'FAILURE'; message: string; lineErrors?: ErpLineError[] };

/**
 * Ends a send and moves its document, in `tx`: SUCCESS writes the ERP id (the order is then locked);
 * ERROR or FAILURE keep the message and the line errors. Returns false when the send had already ended
 * (another run of the same job got there first): nothing is written then.
 */
export async function settleErpSend(tx: Database, send: ErpSendRow, end: ErpSendEnd): Promise<boolean> {
  const [settled] = await tx
    .update(erpSends)
    .set(
      end.status === 'SUCCESS'
        ? {
            status: 'SUCCESS',
            erpId: end.erpId,
            erpDocumentId: end.erpDocumentId,
            message: null,
            updatedAt: sql`clock_timestamp()`,
          }
        : { status: end.status, message: end.message, lineErrors: end.lineErrors ?? [], updatedAt: sql`clock_timestamp()` },
    )
    .where(and(eq(erpSends.id, send.id), sql`${erpSends.status} IN ('CREATED', 'PROCESSING')`))
    .returning({ id: erpSends.id });
  if (!settled) {
    return false;
  }
  const document = send.document as ErpDocument;
  const table = tableOf(document);
  if (end.status === 'SUCCESS') {
    await tx
      .update(table)
      .set({
        oracleStatus: 'SUCCESS',
        oracleId: end.erpId,
        canSendToOracle: false,
        ...(document === 'order' ? { locked: true } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(table.id, send.entityId));
  } else {
    await tx
      .update(table)
      .set({ oracleStatus: end.status, canSendToOracle: true, updatedAt: sql`now()` })
      .where(and(eq(table.id, send.entityId), sql`${table.oracleId} IS NULL`));
  }
  return true;
}
