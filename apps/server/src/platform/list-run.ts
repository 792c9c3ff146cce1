import type { ListQuery, ListReply, ListTotalsReply } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { type ListDefinition, ownColumn, type PageQuery, type Row } from './list-definition.js';
import { buildWhere } from './list-filters.js';
import { forgetKeysets, keysetPlan } from './list-keyset.js';
import { type ListSettings, listSettings, setListSettings } from './list-settings.js';
import { summableColumns } from './list-sources.js';
import { buildListStatements, buildStoredCountAndTotals } from './list-statements.js';
import { forgetTotals, runListTotals } from './list-totals.js';
import type { Principal } from './principal.js';
import { rowsOf } from './sql-rows.js';

/** Changes how the lists of a database count and total; undefined restores the defaults. */
export function configureLists(db: Database, settings: Partial<ListSettings> | undefined): void {
  setListSettings(db, settings);
  forgetTotals(db);
  forgetKeysets(db);
}

/**
 * Runs a statement planned with its joins in the written order (`ListDefinition.writtenJoinOrder`): the two
 * settings are set for this transaction (a savepoint inside a caller's transaction) and restored after it, as
 * `computeTotals` does for its timeout.
 */
async function inWrittenJoinOrder(db: Database, statement: SQL): Promise<Row[]> {
  return db.transaction(async (transaction) => {
    const run = (query: SQL) => rowsOf(transaction as unknown as Database, query);
    const [previous] = await run(
      sql`SELECT current_setting('join_collapse_limit') AS joins, current_setting('from_collapse_limit') AS froms,
        set_config('join_collapse_limit', '1', true), set_config('from_collapse_limit', '1', true)`,
    );
    const rows = await run(statement);
    await run(
      sql`SELECT set_config('join_collapse_limit', ${String(previous?.joins ?? '8')}, true),
        set_config('from_collapse_limit', ${String(previous?.froms ?? '8')}, true)`,
    );
    return rows;
  });
}

/**
 * Runs a list query: one page of rows and their count, capped (`totalCapped` beyond), plus the totals
 * row with `summary=true`; with `summary=only`, the totals alone (`runListTotals`).
 */
export async function runList(
  db: Database,
  definition: ListDefinition,
  query: PageQuery,
  principal: Principal | null,
): Promise<ListReply<Row>>;
export async function runList(
  db: Database,
  definition: ListDefinition,
  query: ListQuery,
  principal: Principal | null,
): Promise<ListReply<Row> | ListTotalsReply>;
export async function runList(
  db: Database,
  definition: ListDefinition,
  query: ListQuery,
  principal: Principal | null,
): Promise<ListReply<Row> | ListTotalsReply> {
  if (query.summary === 'only') {
    return runListTotals(db, definition, query, principal);
  }
  const settings = listSettings(db);
  const keyset = settings.keysetFromRows > 0 ? keysetPlan(db, definition, query, principal, settings) : undefined;
  const statements = keyset ? keyset.statements : buildListStatements(definition, query, principal, settings.countCap);
  // with the totals, a stored count and totals are read by one statement over the summary rows
  const storedBoth = query.summary ? buildStoredCountAndTotals(definition, query, principal) : undefined;
  const readPage = () => (definition.writtenJoinOrder ? inWrittenJoinOrder(db, statements.page) : rowsOf(db, statements.page));
  const countRows = rowsOf(db, storedBoth ?? statements.count);
  // a filter its search grams serve: the count first (a few milliseconds through the grams); under its cap the
  // page is read through the grams too (a few thousand rows sorted), above it the matches are dense and the
  // list's order finds its page soon (docs/decisions.md, "Contains on references: search grams")
  const byGrams = !keyset && !storedBoth ? statements.pageByGrams : undefined;
  const [rows, [counted], computed] = await Promise.all([
    byGrams
      ? countRows.then(([found]) => (Number(found?.__count ?? 0) <= statements.countLimit ? rowsOf(db, byGrams) : readPage()))
      : readPage(),
    countRows,
    query.summary && !storedBoth ? runListTotals(db, definition, query, principal) : undefined,
  ]);
  const totals: ListTotalsReply | undefined = storedBoth
    ? { summary: Object.fromEntries(summableColumns(definition).map(([name]) => [name, String(counted?.[name] ?? '0')])) }
    : computed;
  const content = keyset ? keyset.remember(rows) : rows;
  const count = Number(counted?.__count ?? 0) + (keyset?.countedFrom ?? 0);
  const reply: ListReply<Row> = { content, totalElements: Math.min(count, statements.countLimit) };
  if (count > statements.countLimit) {
    reply.totalCapped = true;
  }
  return totals ? { ...reply, ...totals } : reply;
}

/** Whether a record is inside the caller's scope of a list (a detail outside it answers 404). */
export async function isInScope(
  db: Database,
  definition: ListDefinition,
  principal: Principal | null,
  id: number,
): Promise<boolean> {
  const idColumn = ownColumn(definition, definition.idColumn);
  const where = buildWhere(definition, { filters: {} }, principal);
  const rows = await rowsOf(
    db,
    sql`SELECT 1 AS found FROM ${definition.from} WHERE ${where} AND ${idColumn?.sql} = ${id} LIMIT 1`,
  );
  return rows.length > 0;
}
