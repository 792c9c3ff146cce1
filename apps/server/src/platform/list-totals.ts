import type { ListQuery, ListTotalsReply } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { ListDefinition } from './list-definition.js';
import { listSettings } from './list-settings.js';
import { storedFor, summableColumns } from './list-sources.js';
import { buildTotalsStatement } from './list-statements.js';
import type { Principal } from './principal.js';
import { rowsOf, statementKey } from './sql-rows.js';

/** Totals being computed or kept, and how long their statement ran (its wait for a slot aside). */
type CachedTotals = { expires: number; reply: Promise<{ reply: ListTotalsReply; tookMs: number }> };

/** The totals being computed or kept, per database, by statement text and parameters. */
const totalsCaches = new WeakMap<Database, Map<string, CachedTotals>>();
const TOTALS_CACHE_ENTRIES = 500;

/** Forgets the totals kept for a database (its list settings changed). */
export function forgetTotals(db: Database): void {
  totalsCaches.delete(db);
}

function isStatementTimeout(error: unknown): boolean {
  const codeOf = (value: unknown) => (value && typeof value === 'object' && 'code' in value ? value.code : undefined);
  return codeOf(error) === '57014' || codeOf((error as { cause?: unknown } | null)?.cause) === '57014';
}

type TotalsSlots = { running: number; waiting: (() => void)[] };
const totalsSlots = new WeakMap<Database, TotalsSlots>();

/** Runs `work` when fewer than `limit` totals statements of this database are running. */
export async function inTotalsSlot<T>(db: Database, limit: number, work: () => Promise<T>): Promise<T> {
  let slots = totalsSlots.get(db);
  if (!slots) {
    slots = { running: 0, waiting: [] };
    totalsSlots.set(db, slots);
  }
  const own = slots;
  if (own.running >= Math.max(1, limit)) {
    // the slot is handed over by the statement that ends (`running` stays counted)
    await new Promise<void>((resolve) => own.waiting.push(resolve));
  } else {
    own.running += 1;
  }
  try {
    return await work();
  } finally {
    const next = own.waiting.shift();
    if (next) {
      next();
    } else {
      own.running -= 1;
    }
  }
}

async function computeTotals(
  db: Database,
  statement: SQL,
  names: string[],
  timeoutMs: number,
): Promise<{ reply: ListTotalsReply; tookMs: number }> {
  const started = Date.now();
  const took = (reply: ListTotalsReply) => ({ reply, tookMs: Date.now() - started });
  try {
    const rows =
      timeoutMs > 0
        ? await db.transaction(async (transaction) => {
            const run = (query: SQL) => rowsOf(transaction as unknown as Database, query);
            // SET LOCAL, restored afterwards: inside a caller's transaction it would outlive this savepoint
            const [previous] = await run(
              sql`SELECT current_setting('statement_timeout') AS previous, set_config('statement_timeout', ${String(timeoutMs)}, true)`,
            );
            const result = await run(statement);
            await run(sql`SELECT set_config('statement_timeout', ${String(previous?.previous ?? '0')}, true)`);
            return result;
          })
        : await rowsOf(db, statement);
    const [row] = rows;
    return took({ summary: Object.fromEntries(names.map((name) => [name, String(row?.[name] ?? '0')])) });
  } catch (error) {
    if (isStatementTimeout(error)) {
      return took({ summaryTimedOut: true });
    }
    throw error;
  }
}

/**
 * The totals row of a list: the sums of its summable columns over every row of the filtered query.
 * Never on a page's path (the web asks for them with `summary=only` once the page shows). A statement
 * that runs longer than `totalsTimeoutMs` is cancelled and answers `summaryTimedOut`; at most
 * `totalsConcurrency` of them run at once per database, the others wait their turn. Identical requests
 * share one computation while it runs; totals that took `totalsCachedFromMs` or more, or timed out, are
 * kept `totalsCacheMs` for the same statement (same list, scope and filters), so a screen reloaded or
 * opened by several users does not aggregate a million rows each time; quick totals stay exact at every
 * request. Totals read from the list's stored summary (`ListDefinition.stored`) are read at once, as a page.
 */
export async function runListTotals(
  db: Database,
  definition: ListDefinition,
  query: Pick<ListQuery, 'filters'>,
  principal: Principal | null,
): Promise<ListTotalsReply> {
  const statement = buildTotalsStatement(definition, query, principal);
  if (!statement) {
    return { summary: {} };
  }
  const names = summableColumns(definition).map(([name]) => name);
  const settings = listSettings(db);
  let cache = totalsCaches.get(db);
  if (!cache) {
    cache = new Map();
    totalsCaches.set(db, cache);
  }
  if (storedFor(definition, query, principal)) {
    // summed ahead: a few thousand summary rows, read like a page (no slot to wait for, no timeout to set in
    // a transaction of its own: five statements for one)
    return (await computeTotals(db, statement, names, 0)).reply;
  }
  const key = statementKey(statement);
  const kept = cache.get(key);
  if (kept && kept.expires > Date.now()) {
    return (await kept.reply).reply;
  }
  const entry: CachedTotals = {
    expires: Number.POSITIVE_INFINITY,
    reply: inTotalsSlot(db, settings.totalsConcurrency, () => computeTotals(db, statement, names, settings.totalsTimeoutMs)),
  };
  const entries = cache;
  entries.delete(key);
  entries.set(key, entry);
  for (const oldest of entries.keys()) {
    if (entries.size <= TOTALS_CACHE_ENTRIES) {
      break;
    }
    entries.delete(oldest);
  }
  try {
    const { reply, tookMs } = await entry.reply;
    if (entries.get(key) === entry) {
      if (reply.summaryTimedOut || tookMs >= settings.totalsCachedFromMs) {
        entry.expires = Date.now() + settings.totalsCacheMs;
      } else {
        entries.delete(key);
      }
    }
    return reply;
  } catch (error) {
    if (entries.get(key) === entry) {
      entries.delete(key);
    }
    throw error;
  }
}
