import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import {
  attachments,
  monthlyStatementAttachments,
  monthlyStatements,
  orders,
  users,
  workflowNodes,
  workflowTokens,
} from '../db/schema/index.js';

/**
 * One unpaid monthly statement of today per market holding validated demo attachments, invoicing them,
 * payable in 45 days, created by the accountant: the statement screens have something to show.
 */
export async function seedStatements(db: Database): Promise<void> {
  const [accountant] = await db.select({ id: users.id }).from(users).where(eq(users.uid, 'comptable')).limit(1);
  const validated = await db
    .select({ id: attachments.id, marketId: orders.marketId })
    .from(attachments)
    .innerJoin(orders, eq(orders.id, attachments.orderId))
    .innerJoin(
      workflowTokens,
      sql`${workflowTokens.entityName} = 'attachement' AND ${workflowTokens.entityId} = ${attachments.id}`,
    )
    .innerJoin(workflowNodes, eq(workflowNodes.id, workflowTokens.nodeId))
    .where(inArray(workflowNodes.code, ['att_validated', 'att_prepared_for_payment', 'att_paid']))
    .orderBy(asc(attachments.id));
  const byMarket = new Map<number, number[]>();
  for (const row of validated) {
    byMarket.set(row.marketId, [...(byMarket.get(row.marketId) ?? []), row.id]);
  }
  for (const [marketId, attachmentIds] of byMarket) {
    const [statement] = await db
      .insert(monthlyStatements)
      .values({
        marketId,
        sapReference: `SAP-DEMO-${marketId}`,
        theoreticalPaymentDate: sql`CURRENT_DATE + 45`,
        creatorId: accountant?.id ?? null,
      })
      .returning({ id: monthlyStatements.id });
    if (statement) {
      await db
        .insert(monthlyStatementAttachments)
        .values(attachmentIds.map((attachmentId) => ({ statementId: statement.id, attachmentId })));
    }
  }
}
