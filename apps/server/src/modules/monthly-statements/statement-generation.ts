import {
  fillStatementMessage,
  MONTHLY_STATEMENT_ENTITY,
  STATEMENT_PROJECT_UNKNOWN_MESSAGE,
  type StatementGenerationResult,
} from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { monthlyStatements } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { badRequest } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { projectScope } from '../../platform/scope.js';
import { idList, rowsOf } from '../../platform/sql-rows.js';
import { ATTACHMENT_VALIDATED_NODES_SQL, refreshOrderFigures, rgReleaseDateSql, rgReleasedSql } from '../attachments/index.js';
import { joinedMarketScope, MARKET_ENTITY } from '../markets/index.js';
import { nodeJoin } from './statement-store.js';

/** The market nodes a statement is generated on: validated, and in pre-closure (its last statements). */
export const GENERATION_MARKET_NODES = ['sst_validated', 'sst_pre_closure'] as const;

/** Called after each market with how far the run is (the job writes task events from it, at most one every 500 ms). */
export type GenerationProgress = (
  done: number,
  total: number,
  created: StatementGenerationResult['statements'][number] | null,
) => Promise<void>;

/**
 * Monthly statement generation (spec 2 §5, issue 11; docs/decisions.md "Monthly statements complete"): for each
 * active market of the projects, on a validated or pre-closure node, in the caller's scope, one statement dated
 * `today` invoicing its validated attachments no statement invoices yet AND releasing the RG of its validated
 * attachments whose release date has come and that no statement releases yet — only when there is one or the
 * other, and only once per market and month (`generated_month`, unique with the market: a second run in the
 * month creates nothing; statements created by hand do not count). One transaction per market: a market that fails leaves the others generated.
 * Unknown or out-of-scope projects answer 400 and generate nothing; an empty list does nothing.
 */
export async function generateStatements(
  database: Database,
  input: {
    projectIds: readonly number[];
    today: string;
    /** The caller, whose scope bounds the run; null for the scheduled run, which covers the whole projects. */
    principal: Principal | null;
    context: AuditContext;
  },
  progress: GenerationProgress = async () => {},
): Promise<StatementGenerationResult> {
  const { projectIds, today, principal, context } = input;
  if (projectIds.length === 0) {
    return { success: true, created: 0, statements: [] };
  }
  const projectsFound = await rowsOf<{ id: number }>(
    database,
    sql`SELECT p.id FROM projects p WHERE p.id IN (${idList(projectIds)})
      AND ${(principal && projectScope(principal, sql`p.id`)) ?? sql`TRUE`} ORDER BY p.id`,
  );
  const unknown = projectIds.filter((value) => !projectsFound.some((row) => row.id === value));
  if (unknown.length > 0) {
    const message = fillStatementMessage(STATEMENT_PROJECT_UNKNOWN_MESSAGE, { ids: unknown.join(', ') });
    throw badRequest(message, { projects: message });
  }
  const markets = await rowsOf<{ id: number; edifice: string }>(
    database,
    sql`SELECT m.id, m.edifice FROM markets m
        JOIN workflow_tokens mt ON mt.entity_name = ${MARKET_ENTITY} AND mt.entity_id = m.id
        JOIN workflow_nodes mn ON mn.id = mt.node_id
      WHERE m.project_id IN (${idList(projectIds)}) AND m.active
        AND mn.code IN (${sql.join(
          GENERATION_MARKET_NODES.map((code) => sql`${code}`),
          sql`, `,
        )})
        AND ${(principal && joinedMarketScope(principal)) ?? sql`TRUE`}
      ORDER BY m.id`,
  );
  const created: StatementGenerationResult['statements'] = [];
  for (const [index, market] of markets.entries()) {
    const statement = await generateForMarket(database, market, today, principal?.userId ?? null, context);
    if (statement) {
      created.push(statement);
    }
    await progress(index + 1, markets.length, statement);
  }
  return { success: true, created: created.length, statements: created };
}

/**
 * One market's statement of the month, in its own transaction; null when there is nothing to invoice or release.
 * A dozen statements a market (docs/performance.md "Monthly statement generation"): the market locked, then
 * in one read this month's generated statement and the attachments to invoice or release (locked), the
 * statement inserted (its row kept for the audit), its links in one insert, the stored figures of its orders
 * and of the market, the audit row.
 */
async function generateForMarket(
  database: Database,
  market: { id: number; edifice: string },
  today: string,
  creatorId: number | null,
  context: AuditContext,
): Promise<StatementGenerationResult['statements'][number] | null> {
  return database.transaction(async (tx) => {
    // the market row locked: two runs of the same month on one market wait for each other; what follows is
    // read in a later statement, so the second run sees the statement the first one committed
    await tx.execute(sql`SELECT id FROM markets WHERE id = ${market.id} FOR UPDATE`);
    const month = today.slice(0, 7);
    // nothing when the month's statement exists; else the validated attachments free to invoice and those
    // whose RG is due and not released yet, locked (the unique indexes refuse a concurrent taker anyway)
    const candidates = await rowsOf<{ id: number; orderId: number; rg: string; free: boolean; due: boolean }>(
      tx,
      sql`SELECT c.id, c.order_id AS "orderId", c.rg, c.free, c.due FROM (
          SELECT att.id, att.order_id, att.rg::text AS rg,
            NOT EXISTS (SELECT 1 FROM monthly_statement_attachments msa WHERE msa.attachment_id = att.id) AS free,
            (att.rg > 0 AND ${rgReleaseDateSql('att', 'o')} <= ${today}::date AND NOT ${rgReleasedSql('att')}) AS due
          FROM attachments att JOIN orders o ON o.id = att.order_id ${nodeJoin}
          WHERE o.market_id = ${market.id} AND n.code IN (${ATTACHMENT_VALIDATED_NODES_SQL})
            AND NOT EXISTS (SELECT 1 FROM monthly_statements s WHERE s.market_id = ${market.id} AND s.generated_month = ${month})
          ORDER BY att.id
          FOR UPDATE OF att
        ) c WHERE c.free OR c.due ORDER BY c.id`,
    );
    const free = candidates.filter((row) => row.free);
    const due = candidates.filter((row) => row.due);
    if (free.length === 0 && due.length === 0) {
      return null;
    }
    const [statement] = await tx
      .insert(monthlyStatements)
      .values({ marketId: market.id, date: today, creatorId, generatedMonth: month })
      .returning();
    const id = Number(statement?.id);
    await linkStatement(tx, id, free, due);
    await refreshOrderFigures(
      tx,
      candidates.map((row) => row.orderId),
      [market.id],
    );
    await recordAudit(tx, context, {
      entity: MONTHLY_STATEMENT_ENTITY,
      entityId: id,
      action: 'generate',
      after: { ...statement, attachments: free.map((row) => row.id), rgReleases: due.map((row) => row.id) },
    });
    return { id, marketId: market.id, edifice: market.edifice, attachementCount: free.length, rgReleaseCount: due.length };
  });
}

/** The invoiced attachments and the RG releases (each its RG) of a new statement, in one statement. */
async function linkStatement(
  tx: Database,
  id: number,
  free: readonly { id: number }[],
  due: readonly { id: number; rg: string }[],
): Promise<void> {
  const inserts: SQL[] = [];
  if (free.length > 0) {
    inserts.push(sql`INSERT INTO monthly_statement_attachments (statement_id, attachment_id)
      VALUES ${sql.join(
        free.map((row) => sql`(${id}, ${row.id})`),
        sql`, `,
      )}`);
  }
  if (due.length > 0) {
    inserts.push(sql`INSERT INTO monthly_statement_rg_releases (statement_id, attachment_id, amount)
      VALUES ${sql.join(
        due.map((row) => sql`(${id}, ${row.id}, ${row.rg}::numeric)`),
        sql`, `,
      )}`);
  }
  const [first, second] = inserts;
  if (first && second) {
    await tx.execute(sql`WITH invoiced AS (${first}) ${second}`);
  } else if (first) {
    await tx.execute(first);
  } else if (second) {
    await tx.execute(second);
  }
}
