import type { Database } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';
import type { Principal } from './principal.js';

export type AuditEntry = {
  entity: string;
  entityId: number | string | null;
  action: 'create' | 'update' | 'delete' | string;
  before?: unknown;
  after?: unknown;
};

export type AuditContext = { principal: Principal | null; requestId: string };

/** Writes the audit row of a mutation, inside the mutation's transaction. */
export async function recordAudit(db: Database, context: AuditContext, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    userId: context.principal?.userId ?? null,
    onBehalfOfId: context.principal?.onBehalfOfId ?? null,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: context.requestId,
  });
}
