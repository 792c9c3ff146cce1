import type { AttachmentDepositUse } from '@isf/contract';
import Decimal from 'decimal.js';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { attachmentDeposits, attachments, deposits } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { type DepositBalance, depositConsumption } from './attachment-amounts.js';

/** Gives back what an attachment consumed of the deposits (it left the validated nodes, or is recomputed). */
export async function releaseDeposits(tx: Database, attachmentId: number): Promise<void> {
  await tx.delete(attachmentDeposits).where(eq(attachmentDeposits.attachmentId, attachmentId));
  await tx.update(attachments).set({ depositUsed: '0' }).where(eq(attachments.id, attachmentId));
}

/**
 * Makes a validated attachment consume the deposits of its order, then those of its market paid for no
 * order (oldest first), up to its amount less its RG (attachment-amounts.ts `depositConsumption`).
 * The deposit rows are locked (`FOR UPDATE`, always in the same order) before what they already fed is
 * read, so two attachments validated at the same time take turns: the second sees the first's
 * consumption and a deposit is never consumed beyond its amount.
 */
export async function consumeDeposits(tx: Database, attachmentId: number): Promise<void> {
  const [attachment] = (
    (await tx.execute(sql`SELECT att.order_id AS "orderId", o.market_id AS "marketId",
        att.amount::text AS "amount", att.rg::text AS "rg"
      FROM attachments att JOIN orders o ON o.id = att.order_id WHERE att.id = ${attachmentId}`)) as unknown as {
      rows: { orderId: number; marketId: number; amount: string; rg: string }[];
    }
  ).rows;
  if (!attachment) {
    throw notFound();
  }
  const candidates = await tx
    .select({ id: deposits.id, amount: deposits.amount })
    .from(deposits)
    .where(
      sql`${deposits.marketId} = ${attachment.marketId} AND (${deposits.orderId} = ${attachment.orderId} OR ${deposits.orderId} IS NULL)`,
    )
    .orderBy(sql`${deposits.orderId} IS NULL`, asc(deposits.id))
    .for('update');
  await tx.delete(attachmentDeposits).where(eq(attachmentDeposits.attachmentId, attachmentId));
  let total = '0.00';
  if (candidates.length > 0) {
    const used = new Map(
      (
        (await tx.execute(sql`SELECT deposit_id AS "depositId", sum(amount)::text AS "used" FROM attachment_deposits
          WHERE deposit_id IN (${sql.join(
            candidates.map((deposit) => sql`${deposit.id}`),
            sql`, `,
          )}) GROUP BY deposit_id`)) as unknown as { rows: { depositId: number; used: string }[] }
      ).rows.map((row) => [row.depositId, row.used] as const),
    );
    const balances: DepositBalance[] = candidates.map((deposit) => ({
      id: deposit.id,
      amount: deposit.amount,
      used: used.get(deposit.id) ?? '0',
    }));
    const due = new Decimal(attachment.amount).minus(attachment.rg).toFixed(2);
    const consumption = depositConsumption(due, balances);
    if (consumption.uses.length > 0) {
      await tx
        .insert(attachmentDeposits)
        .values(consumption.uses.map((use) => ({ attachmentId, depositId: use.depositId, amount: use.amount })));
    }
    total = consumption.total;
  }
  await tx.update(attachments).set({ depositUsed: total }).where(eq(attachments.id, attachmentId));
}

/** The deposits an attachment consumed (the spec's `warranties`: deposit and depositUsed). */
export async function depositUsesOf(db: Database, attachmentId: number): Promise<AttachmentDepositUse[]> {
  return db
    .select({ deposit: deposits.id, depositReference: deposits.reference, depositUsed: attachmentDeposits.amount })
    .from(attachmentDeposits)
    .innerJoin(deposits, eq(deposits.id, attachmentDeposits.depositId))
    .where(eq(attachmentDeposits.attachmentId, attachmentId))
    .orderBy(asc(deposits.id));
}

/** What remains on a deposit: its amount less what the attachments consumed (never negative by construction). */
export async function depositRemaining(db: Database, depositId: number): Promise<string> {
  const [row] = (
    (await db.execute(sql`SELECT (d.amount - coalesce((SELECT sum(ad.amount) FROM attachment_deposits ad
        WHERE ad.deposit_id = d.id), 0))::text AS "remaining" FROM deposits d WHERE d.id = ${depositId}`)) as unknown as {
      rows: { remaining: string }[];
    }
  ).rows;
  if (!row) {
    throw notFound();
  }
  return row.remaining;
}
