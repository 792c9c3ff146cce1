import { randomUUID } from 'node:crypto';
import { attachmentErpSendRefusal, orderErpSendRefusal, RECEIPT_ORDER_NOT_IN_ERP_MESSAGE } from '@isf/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { erpSends } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { businessRefusal, notFound } from '../../platform/errors.js';
import { jobAuditSchema } from '../../platform/jobs/job-requests.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { JobKind } from '../../platform/jobs/job-types.js';
import type { ErpDocument } from './erp-send-store.js';

/** A send's job: the send row and its idempotency key (a job whose key is not the row's does nothing). */
export const erpSendPayload = z.object({ sendId: z.number().int(), key: z.uuid(), audit: jobAuditSchema });
export type ErpSendPayload = z.infer<typeof erpSendPayload>;

/** A send accepted: its row and its task (in /tasks). */
export type QueuedErpSend = { sendId: number; taskId: number; oracleStatus: 'CREATED' };

type Facts = {
  id: number;
  reference: string;
  oracleId: string | null;
  oracleStatus: string;
  canSendToOracle: boolean;
  nodeCode: string | null;
  orderOracleId: string | null;
};

/** The document locked for the send (FOR UPDATE: concurrent requests on it queue up here) with its workflow node. */
async function lockedFacts(tx: Database, document: ErpDocument, id: number): Promise<Facts | undefined> {
  const table = document === 'order' ? sql`orders` : sql`attachments`;
  const orderOracleId = document === 'order' ? sql`NULL::text` : sql`(SELECT o.oracle_id FROM orders o WHERE o.id = d.order_id)`;
  const result = (await tx.execute(sql`SELECT d.id, d.reference, d.oracle_id AS "oracleId", d.oracle_status AS "oracleStatus",
      d.can_send_to_oracle AS "canSendToOracle", ${orderOracleId} AS "orderOracleId",
      (SELECT n.code FROM workflow_tokens t JOIN workflow_nodes n ON n.id = t.node_id
        WHERE t.entity_name = ${document} AND t.entity_id = d.id) AS "nodeCode"
    FROM ${table} d WHERE d.id = ${id} FOR UPDATE OF d`)) as unknown as { rows: Facts[] };
  return result.rows[0];
}

/** Why the document cannot be sent now (spec 2 §4), or null. */
function refusalOf(document: ErpDocument, facts: Facts): string | null {
  if (document === 'order') {
    return orderErpSendRefusal(facts);
  }
  const refusal = attachmentErpSendRefusal(facts);
  if (refusal) {
    return refusal;
  }
  return facts.orderOracleId === null ? RECEIPT_ORDER_NOT_IN_ERP_MESSAGE : null;
}

/**
 * Accepts a send in the caller's transaction `tx`: the document is locked and checked, a send row with a
 * new idempotency key is written, the document goes CREATED, the audit row and the job (with the key) are
 * written, all in `tx`. A second request waits for the lock, then finds CREATED and is refused; the
 * partial unique index of erp_sends refuses a second running send even if it got past. Call `wake` after
 * the commit. `quiet`: a refusal returns null instead of throwing (the automatic send of a validation).
 */
export async function queueErpSend(
  tx: Database,
  jobs: JobRunner,
  kind: JobKind<ErpSendPayload, unknown>,
  request: { document: ErpDocument; id: number; context: AuditContext; quiet?: boolean },
): Promise<(QueuedErpSend & { wake(): void }) | null> {
  const { document, id, context } = request;
  const facts = await lockedFacts(tx, document, id);
  if (!facts) {
    if (request.quiet) {
      return null;
    }
    throw notFound();
  }
  const refusal = refusalOf(document, facts);
  if (refusal) {
    if (request.quiet) {
      return null;
    }
    throw businessRefusal(refusal);
  }
  const key = randomUUID();
  const creatorId = context.principal?.userId ?? null;
  const [send] = await tx
    .insert(erpSends)
    .values({ document, entityId: id, reference: facts.reference, idempotencyKey: key, creatorId })
    .returning({ id: erpSends.id });
  if (!send) {
    throw new Error('erp send not written');
  }
  const table = document === 'order' ? sql`orders` : sql`attachments`;
  // a system fact, not an edit: the document's version does not move (an edit in progress stays valid)
  await tx.execute(
    sql`UPDATE ${table} SET oracle_status = 'CREATED', can_send_to_oracle = FALSE, updated_at = now() WHERE id = ${id}`,
  );
  const task = await jobs.enqueueInTransaction(
    tx,
    kind,
    { sendId: send.id, key, audit: { requestId: context.requestId, onBehalfOfId: context.principal?.onBehalfOfId ?? null } },
    { entity: document, entityId: id, creatorId },
  );
  await tx.execute(sql`UPDATE erp_sends SET task_id = ${task.id} WHERE id = ${send.id}`);
  const before = { oracleStatus: facts.oracleStatus, oracleId: facts.oracleId, canSendToOracle: facts.canSendToOracle };
  await recordAudit(tx, context, {
    entity: document,
    entityId: id,
    action: 'erp_send',
    before,
    after: { ...before, oracleStatus: 'CREATED', canSendToOracle: false, taskId: task.id },
  });
  return { sendId: send.id, taskId: task.id, oracleStatus: 'CREATED', wake: task.wake };
}
