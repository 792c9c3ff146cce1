import { ENVELOPE_DOCUMENT_NODES, ENVELOPE_ENTITY } from '@isf/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { documents } from '../../db/schema/index.js';
import type { AuditContext } from '../../platform/audit.js';
import { placeBySystem, tokenOfItem } from '../workflow/index.js';

/**
 * Puts each document of the envelope on the step matching the envelope's (`ENVELOPE_DOCUMENT_NODES`), in the
 * caller's transaction: an envelope's documents are validated, refused and signed with it, the signed copies
 * included. A document already there is left as it is (no history row).
 */
export async function syncEnvelopeDocuments(
  db: Database,
  envelopeId: number,
  by: { userId: number | null; comment: string | null },
  context: AuditContext,
): Promise<void> {
  const envelopeNode = (await tokenOfItem(db, ENVELOPE_ENTITY, envelopeId))?.node.nodeCode;
  const nodeCode = envelopeNode ? ENVELOPE_DOCUMENT_NODES[envelopeNode] : undefined;
  if (!nodeCode) {
    return;
  }
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.entity, ENVELOPE_ENTITY), eq(documents.entityId, envelopeId)))
    .orderBy(asc(documents.id));
  for (const row of rows) {
    await placeBySystem(
      db,
      { item: { entity: 'document' }, entityId: row.id, userId: by.userId, comment: by.comment, nodeCode },
      context,
    );
  }
}
