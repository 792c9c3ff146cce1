import { ATTACHMENT_ENTITY } from '@isf/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { attachments, deposits, orderLines, users } from '../db/schema/index.js';
import {
  applyAttachmentLines,
  attachmentWorkItem,
  CANNOT_EDIT_AFTER_VALIDATION,
  consumeDeposits,
  nextAttachmentReference,
  recomputeAttachmentAmounts,
  refreshOrderFigures,
} from '../modules/attachments/index.js';
import { startToken } from '../modules/workflow/index.js';
import { moveThrough } from './orders-seed.js';

type DemoAttachment = {
  observation: string;
  /** This time's quantity of each of the order's lines, in line order. */
  quantities: string[];
  path: string[];
};

const DEMO_ATTACHMENTS: DemoAttachment[] = [
  { observation: 'Tranche 1 : tranchée et fourreaux', quantities: ['10', '2'], path: ['att_validating', 'att_validated'] },
  { observation: 'Tranche 2', quantities: ['8'], path: [] },
];

/** Adds rights to a demo role (kept once each), so the personas can act on attachments. */
async function grant(
  db: Database,
  roleName: string,
  rights: { create?: boolean; update?: boolean; delete?: boolean; option?: string },
) {
  const add = (column: string, wanted: boolean | undefined) =>
    wanted
      ? sql`${sql.identifier(column)} = array(SELECT DISTINCT unnest(${sql.identifier(column)} || ARRAY[${ATTACHMENT_ENTITY}]::text[]))`
      : sql`${sql.identifier(column)} = ${sql.identifier(column)}`;
  await db.execute(sql`UPDATE roles SET
      read_rights = array(SELECT DISTINCT unnest(read_rights || ARRAY[${ATTACHMENT_ENTITY}]::text[])),
      ${add('create_rights', rights.create)}, ${add('update_rights', rights.update)}, ${add('delete_rights', rights.delete)}
      ${rights.option ? sql`, options = array(SELECT DISTINCT unnest(options || ARRAY[${rights.option}]::text[]))` : sql``}
    WHERE name = ${roleName}`);
}

/**
 * The demo attachments (after the orders): the project manager and the subcontractor draft and update
 * attachments (the subcontractor cannot change a validated one); a deposit on the first market; on its
 * validated order, one validated attachment (which consumed part of the deposit) and one draft.
 */
export async function seedAttachments(db: Database): Promise<void> {
  await grant(db, 'Chef de projet', { create: true, update: true });
  await grant(db, 'Sous-traitant', { create: true, update: true, delete: true, option: CANNOT_EDIT_AFTER_VALIDATION });
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.uid, 'admin')).limit(1);
  const validated = (await db.execute(sql`SELECT o.id, o.market_id AS "marketId", o.bpu_id AS "bpuId" FROM orders o
    JOIN workflow_tokens t ON t.entity_name = 'order' AND t.entity_id = o.id
    JOIN workflow_nodes n ON n.id = t.node_id
    WHERE n.code = 'os_validated' ORDER BY o.id LIMIT 1`)) as unknown as {
    rows: { id: number; marketId: number; bpuId: number }[];
  };
  const order = validated.rows[0];
  if (!admin || !order) {
    return;
  }
  await db
    .insert(deposits)
    .values({ reference: 'AV-2026-001', marketId: order.marketId, amount: '1500.00', creatorId: admin.id });
  const lines = await db
    .select({ prestation: orderLines.prestationId })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  for (const demo of DEMO_ATTACHMENTS) {
    const reference = await nextAttachmentReference(db, order.id);
    const [created] = await db
      .insert(attachments)
      .values({ ...reference, orderId: order.id, observation: demo.observation, creatorId: admin.id })
      .returning({ id: attachments.id });
    const id = created?.id ?? 0;
    await applyAttachmentLines(
      db,
      { id, orderId: order.id, bpuId: order.bpuId },
      demo.quantities.flatMap((quantity, index) => {
        const line = lines[index];
        return line ? [{ id: null, prestation: line.prestation, quantity }] : [];
      }),
    );
    await recomputeAttachmentAmounts(db, id);
    const tokenId = await startToken(db, attachmentWorkItem, id, admin.id);
    if (tokenId !== null && demo.path.length > 0) {
      await moveThrough(db, attachmentWorkItem, id, tokenId, demo.path, admin.id);
    }
    if (demo.path.at(-1) === 'att_validated') {
      await consumeDeposits(db, id);
      await db
        .update(attachments)
        .set({ validatedAt: sql`now()`, validatorId: admin.id, canSendToOracle: true })
        .where(and(eq(attachments.id, id), eq(attachments.orderId, order.id)));
    }
  }
  // the tokens were moved directly, without the workflow's post-actions
  await refreshOrderFigures(db, [order.id]);
}
