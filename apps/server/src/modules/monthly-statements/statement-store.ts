import {
  fillStatementMessage,
  MONTHLY_STATEMENT_ENTITY,
  STATEMENT_ATTACHMENT_UNKNOWN_MESSAGE,
  STATEMENT_LOCKED_MESSAGE,
} from '@isf/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { monthlyStatements } from '../../db/schema/index.js';
import { type AuditContext, type AuditEntry, recordAudit } from '../../platform/audit.js';
import { badRequest, businessRefusal, notFound } from '../../platform/errors.js';
import { ATTACHMENT_ENTITY, refreshOrderFiguresOfAttachments } from '../attachments/index.js';

/**
 * What every change of a monthly statement shares: reading and locking its row, the locked-statement
 * refusal, the version bump, and the SQL pieces its queries join on.
 */

/** The attachment's node code, joined as `n` on an attachment `att`. */
export const nodeJoin = sql`LEFT JOIN workflow_tokens t ON t.entity_name = ${ATTACHMENT_ENTITY} AND t.entity_id = att.id
  LEFT JOIN workflow_nodes n ON n.id = t.node_id`;

/** Refuses (400) the attachment ids asked for that were not found, named together in one message. */
export function refuseUnknownAttachments(ids: readonly number[], found: readonly { id: number }[]): void {
  const unknown = ids.filter((value) => !found.some((row) => row.id === value));
  if (unknown.length > 0) {
    const message = fillStatementMessage(STATEMENT_ATTACHMENT_UNKNOWN_MESSAGE, { ids: unknown.join(', ') });
    throw badRequest(message, { attachements: message });
  }
}

export async function findStatement(db: Database, id: number) {
  const [row] = await db.select().from(monthlyStatements).where(eq(monthlyStatements.id, id)).limit(1);
  return row;
}

/** The statement row locked for a change, read in the same statement; 404 when unknown. */
export async function lockStatementForChange(tx: Database, id: number) {
  const [before] = await tx.select().from(monthlyStatements).where(eq(monthlyStatements.id, id)).for('update');
  if (!before) {
    throw notFound();
  }
  return before;
}

export function assertUnlocked(statement: { locked: boolean }) {
  if (statement.locked) {
    throw businessRefusal(STATEMENT_LOCKED_MESSAGE);
  }
}

/** A change of what the statement holds bumps its version (its figures changed). */
export async function touchStatement(tx: Database, id: number) {
  await tx
    .update(monthlyStatements)
    .set({ version: sql`${monthlyStatements.version} + 1`, updatedAt: sql`now()` })
    .where(eq(monthlyStatements.id, id));
}

/**
 * Takes one attachment link (invoiced attachment, RG release) out of an unlocked statement: `unlink`
 * deletes it and returns what it deleted; nothing deleted is refused with `notHere`. Returns the row.
 */
export async function unlinkFromStatement<Row>(
  tx: Database,
  id: number,
  unlink: () => Promise<Row[]>,
  notHere: string,
): Promise<Row> {
  assertUnlocked(await lockStatementForChange(tx, id));
  const [removed] = await unlink();
  if (removed === undefined) {
    throw businessRefusal(notHere);
  }
  await touchStatement(tx, id);
  return removed;
}

/**
 * What follows a change of the statement's attachment links (invoiced attachments, RG releases): the
 * figures of those attachments' orders refreshed, and the statement's audit row.
 */
export async function recordLinkChange(
  tx: Database,
  context: AuditContext,
  id: number,
  attachmentIds: readonly number[],
  change: Pick<AuditEntry, 'action' | 'before' | 'after'>,
): Promise<void> {
  await refreshOrderFiguresOfAttachments(tx, attachmentIds);
  await recordAudit(tx, context, { entity: MONTHLY_STATEMENT_ENTITY, entityId: id, ...change });
}
