import {
  DEPOSIT_AMOUNT_BELOW_USED_MESSAGE,
  DEPOSIT_ENTITY,
  DEPOSIT_FINANCIAL_OPTION,
  DEPOSIT_REFERENCE_DUPLICATE_MESSAGE,
  type DepositCreateInput,
  type DepositRecord,
  type DepositRow,
  type DepositUpdateInput,
  type DepositUsage,
  depositEditRefusal,
  type MarketDepositType,
  type OwnerDeposits,
  PAGE_SIZE_MAX,
} from '@isf/contract';
import Decimal from 'decimal.js';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { deposits } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { updateAtVersion } from '../../platform/crud.js';
import { badRequest, businessRefusal, notFound, staleVersion } from '../../platform/errors.js';
import { runList } from '../../platform/list-engine.js';
import { hasOption, type Principal } from '../../platform/principal.js';
import { idList, rowsOf } from '../../platform/sql-rows.js';
import { depositList } from './deposits.lists.js';

/** Whose deposits: an order (its own, and its market's paid for no order) or a market (all of them). */
export type DepositOwner = { kind: 'order' | 'market'; id: number };

type OwnerFacts = { marketId: number; orderId: number | null; depositType: MarketDepositType };

/** Deposits (spec 2 Deposits list, the order and market blocks, §5 Deposit, §6 option). */
export function createDepositService(database: Database) {
  async function ownerFacts(db: Database, owner: DepositOwner): Promise<OwnerFacts> {
    const [facts] =
      owner.kind === 'order'
        ? await rowsOf<OwnerFacts>(
            db,
            sql`SELECT o.market_id AS "marketId", o.id AS "orderId", coalesce(o.deposit_type, m.deposit_type) AS "depositType"
              FROM orders o JOIN markets m ON m.id = o.market_id WHERE o.id = ${owner.id}`,
          )
        : await rowsOf<OwnerFacts>(
            db,
            sql`SELECT m.id AS "marketId", NULL::integer AS "orderId", m.deposit_type AS "depositType" FROM markets m WHERE m.id = ${owner.id}`,
          );
    if (!facts) {
      throw notFound();
    }
    return facts;
  }

  function refusalFor(principal: Principal, depositType: MarketDepositType): string | null {
    return depositEditRefusal({ hasFinancialOption: hasOption(principal, DEPOSIT_FINANCIAL_OPTION), depositType });
  }

  /** The attachments that consumed each deposit, and how much (the deposit's "attachements" map). */
  async function usagesOf(depositIds: number[]): Promise<Map<number, DepositUsage[]>> {
    const usages = new Map<number, DepositUsage[]>();
    if (depositIds.length === 0) {
      return usages;
    }
    const rows = await rowsOf<DepositUsage & { deposit: number }>(
      database,
      sql`SELECT ad.deposit_id AS "deposit", att.id AS "attachment", att.reference, o.id AS "order",
          o.reference AS "orderReference", ad.amount::text AS "amount", ad.created_at::text AS "createdAt"
        FROM attachment_deposits ad
        JOIN attachments att ON att.id = ad.attachment_id
        JOIN orders o ON o.id = att.order_id
        WHERE ad.deposit_id IN (${idList(depositIds)})
        ORDER BY ad.created_at, att.id`,
    );
    for (const { deposit, ...usage } of rows) {
      usages.set(deposit, [...(usages.get(deposit) ?? []), usage]);
    }
    return usages;
  }

  async function records(where: SQL, principal: Principal): Promise<DepositRecord[]> {
    const page = await runList(
      database,
      { ...depositList, where },
      { page: 0, size: PAGE_SIZE_MAX, filters: {}, summary: false },
      principal,
    );
    const rows = page.content as DepositRow[];
    const usages = await usagesOf(rows.map((row) => row.id));
    return rows.map((row) => ({ ...row, attachements: usages.get(row.id) ?? [] }));
  }

  async function ofOwner(owner: DepositOwner, principal: Principal): Promise<OwnerDeposits> {
    const facts = await ownerFacts(database, owner);
    const where =
      owner.kind === 'order'
        ? sql`(d.order_id = ${owner.id} OR (d.market_id = ${facts.marketId} AND d.order_id IS NULL))`
        : sql`d.market_id = ${owner.id}`;
    return {
      depositType: facts.depositType,
      editRefusal: refusalFor(principal, facts.depositType),
      content: await records(where, principal),
    };
  }

  async function usages(id: number): Promise<DepositUsage[]> {
    return (await usagesOf([id])).get(id) ?? [];
  }

  async function find(db: Database, id: number) {
    const [row] = await db.select().from(deposits).where(eq(deposits.id, id)).limit(1);
    return row;
  }

  async function assertReferenceFree(db: Database, marketId: number, reference: string, exceptId?: number) {
    const [taken] = await db
      .select({ id: deposits.id })
      .from(deposits)
      .where(
        and(
          eq(deposits.marketId, marketId),
          eq(deposits.reference, reference),
          exceptId === undefined ? undefined : ne(deposits.id, exceptId),
        ),
      )
      .limit(1);
    if (taken) {
      throw badRequest(DEPOSIT_REFERENCE_DUPLICATE_MESSAGE, { reference: DEPOSIT_REFERENCE_DUPLICATE_MESSAGE });
    }
  }

  async function create(owner: DepositOwner, input: DepositCreateInput, principal: Principal, context: AuditContext) {
    return database.transaction(async (tx) => {
      const facts = await ownerFacts(tx, owner);
      const refusal = refusalFor(principal, facts.depositType);
      if (refusal) {
        throw businessRefusal(refusal);
      }
      await assertReferenceFree(tx, facts.marketId, input.reference);
      const [created] = await tx
        .insert(deposits)
        .values({
          reference: input.reference,
          amount: input.amount,
          reimbursementDate: input.reimbursementDate,
          marketId: facts.marketId,
          orderId: facts.orderId,
          creatorId: principal.userId,
        })
        .returning({ id: deposits.id });
      const id = Number(created?.id);
      await recordAudit(tx, context, { entity: DEPOSIT_ENTITY, entityId: id, action: 'create', after: await find(tx, id) });
      return id;
    });
  }

  async function update(id: number, input: DepositUpdateInput, principal: Principal, context: AuditContext) {
    await database.transaction(async (tx) => {
      // the same lock as an attachment's consumption: the used amount read below cannot change meanwhile
      const [locked] = await tx.select({ id: deposits.id }).from(deposits).where(eq(deposits.id, id)).for('update');
      const before = locked ? await find(tx, id) : undefined;
      if (!before) {
        throw notFound();
      }
      if (before.version !== input.version) {
        throw staleVersion(before.version);
      }
      const facts = await ownerFacts(
        tx,
        before.orderId === null ? { kind: 'market', id: before.marketId } : { kind: 'order', id: before.orderId },
      );
      const refusal = refusalFor(principal, facts.depositType);
      if (refusal) {
        throw businessRefusal(refusal);
      }
      const [consumed] = await rowsOf<{ used: string }>(
        tx,
        sql`SELECT coalesce(sum(amount), 0)::text AS used FROM attachment_deposits WHERE deposit_id = ${id}`,
      );
      const used = consumed?.used ?? '0';
      if (new Decimal(input.amount).lessThan(used)) {
        const message = DEPOSIT_AMOUNT_BELOW_USED_MESSAGE.replace('{used}', new Decimal(used).toFixed(2).replace('.', ','));
        throw badRequest(message, { amount: message });
      }
      await assertReferenceFree(tx, before.marketId, input.reference, id);
      await updateAtVersion(tx, deposits, id, input.version, {
        reference: input.reference,
        amount: input.amount,
        reimbursementDate: input.reimbursementDate,
      });
      await recordAudit(tx, context, {
        entity: DEPOSIT_ENTITY,
        entityId: id,
        action: 'update',
        before,
        after: await find(tx, id),
      });
    });
    const [record] = await records(sql`d.id = ${id}`, principal);
    if (!record) {
      throw notFound();
    }
    return record;
  }

  /** GET /deposit/references: the references of the deposits the caller sees, for the reference filter. */
  async function references(principal: Principal, search: string | undefined): Promise<string[]> {
    const page = await runList(
      database,
      depositList,
      {
        page: 0,
        size: PAGE_SIZE_MAX,
        filters: search ? { reference: search } : {},
        summary: false,
        sort: { column: 'reference', direction: 'asc' },
      },
      principal,
    );
    return [...new Set(page.content.map((row) => String(row.reference)))];
  }

  return { ofOwner, usages, create, update, references };
}
