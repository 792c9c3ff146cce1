import {
  FILTER_NOT_NULL,
  FILTER_NULL,
  LIST_COUNT_CAP,
  type ListQuery,
  type ListReply,
  type ListTotalsReply,
  listQueryWireSchema,
  parseSort,
  type SortDirection,
} from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { badRequest } from './errors.js';
import type { Principal } from './principal.js';
import { rowsOf } from './sql-rows.js';
import { textContains } from './text-match.js';

/**
 * How a column filters: text contains (case- and accent-insensitive, see `textContains`), exact for
 * ids and enumerations, numeric equality, date prefix (a range of the column's values), boolean.
 */

/**
 * The column of a list by name, among the list's own columns only: a name from the request such as
 * `constructor` or `__proto__` is no column (and not Object.prototype's).
 */
export function ownColumn(definition: Pick<ListDefinition, 'columns'>, name: string): ListColumn | undefined {
  return Object.hasOwn(definition.columns, name) ? definition.columns[name] : undefined;
}

export type ColumnKind = 'id' | 'text' | 'enum' | 'number' | 'money' | 'date' | 'boolean';

export type ListColumn = {
  sql: SQL;
  kind: ColumnKind;
  /**
   * What a sort on the column reads, when it is not `sql` but orders the rows the same way (a timestamp
   * shown as ISO text: its index can then serve the sort). Filters and the CSV still read `sql`.
   */
  orderSql?: SQL;
  /** Header of the CSV export (French). */
  label: string;
  sortable?: boolean;
  filterable?: boolean;
  /** Summed in the totals row when the query asks for `summary`. */
  summable?: boolean;
  /** Left out of the CSV. */
  hiddenInCsv?: boolean;
  /** Read from a table joined only for display: a filter on it needs the joins to count. */
  joined?: boolean;
  /**
   * The joins of `from` this `joined` column reads, the very fragments `from` is built with (a join
   * two columns read is one shared constant, written once). Declared, with `countFrom`, they let a page
   * pick its ids over `countFrom` and only the joins its filters and sort read, then read those rows
   * with every join (see `buildPageStatement`); a list that declares none keeps the single query.
   */
  join?: SQL | readonly SQL[];
};

export type ListDefinition = {
  name: string;
  from: SQL;
  /**
   * The base table alone, to count rows when no filter reads a `joined` column: the joins that only
   * fetch display names would otherwise stop PostgreSQL from counting from an index. `where` and
   * `scope` read only this table. Must give one row per id, as `from` does.
   */
  countFrom?: SQL;
  /** The id column of the rows (selection, CSV of selected ids, tie-breaker of every sort). */
  idColumn: string;
  columns: Record<string, ListColumn>;
  defaultSort: { column: string; direction: SortDirection };
  /**
   * Columns that break the ties left after the id, ascending, for a list giving several rows per id (an
   * export broken down per statement and client BDC): its rows then come in one order.
   */
  tieBreak?: readonly string[];
  /** Always-true condition of the list (e.g. a forced type). */
  where?: SQL;
  /** The visibility scope of the caller, as a condition; undefined means everything. */
  scope?: (principal: Principal) => SQL | undefined;
  /**
   * A column with one value in every row `where` keeps, written first in every ORDER BY in the sort's
   * direction (same rows, same order), so that an index that starts with it serves the sort: the node
   * screen's tokens `(node_id, id)`. `where` must test it with `= ANY(array)`: an equality with a constant
   * makes PostgreSQL drop the column from the sort, and it then walks the primary key of the whole table
   * (docs/performance.md, "Node screen").
   */
  sortPrefix?: SQL;
  /**
   * The count and the totals read from rows summed ahead by the writes (`order_summaries`), when no
   * column filter is active: a few thousand summary rows instead of every matching row. Must give the
   * same figures as the list's own statements (tests compare them): a list built from another with a
   * `where` of its own must bring its own `stored` (or none).
   */
  stored?: StoredTotals;
  /**
   * The page statement is planned with the joins in the order `from` writes them (`join_collapse_limit` and
   * `from_collapse_limit` at 1, for that statement only): for a list of many joins whose page picks its ids
   * first, then reads each joined table by key, the written order is the plan, and searching the others cost
   * ten times the execution (the attachments' 15 relations; docs/performance.md).
   */
  writtenJoinOrder?: boolean;
};

/** Where a list's count and totals are summed ahead (see `ListDefinition.stored`). */
export type StoredTotals = {
  /** The summary rows and their joins. */
  from: SQL;
  /** The summary rows alone, when only the sums read `from`'s joins (the count then skips them). */
  countFrom?: SQL;
  /** The summary rows that stand for the list's rows: its `where` and the caller's scope, on the summary's columns. */
  where: (principal: Principal | null) => SQL;
  /** The number of the list's rows a summary row stands for. */
  count: SQL;
  /** Per summable column: its sum over the rows a summary row stands for. */
  columns: Record<string, SQL>;
};

export type Row = Record<string, unknown>;

/** A list query that asks for a page (with or without the totals), not for the totals alone. */
export type PageQuery = ListQuery & { summary: boolean };

/**
 * The columns of a list whose rows the web reads as `ListRow` (a row type of `packages/contract`
 * list-rows.ts): one column per field of the row, no other (the compiler refuses a missing or an extra one).
 */
export type ColumnsOf<ListRow> = { [Key in keyof ListRow]-?: ListColumn };

/**
 * Checks a list definition; `defineList<OrderRow>({ … })` also ties its columns to the contract's row type,
 * so the server cannot send a row the web does not declare, nor the web read a column the server lacks.
 */
export function defineList<ListRow extends object = Row>(
  definition: Omit<ListDefinition, 'columns'> & { columns: ColumnsOf<ListRow> },
): ListDefinition {
  const checked: ListDefinition = definition;
  if (!ownColumn(checked, checked.idColumn)) {
    throw new Error(`list ${checked.name}: id column ${checked.idColumn} is not declared`);
  }
  for (const [name, column] of Object.entries(checked.columns)) {
    if (column.join && (!definition.countFrom || !column.joined)) {
      throw new Error(`list ${checked.name}: column ${name} declares a join without countFrom or joined`);
    }
    if (definition.stored && column.summable && !Object.hasOwn(definition.stored.columns, name)) {
      throw new Error(`list ${definition.name}: summable column ${name} has no stored sum`);
    }
  }
  return checked;
}

/** Parses the wire form of a list query (query string or form body) into a checked ListQuery. */
export function parseListQuery(input: unknown): ListQuery {
  const result = listQueryWireSchema.safeParse(input ?? {});
  if (!result.success) {
    const fields = Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.') || 'query', issue.message]));
    throw badRequest(Object.values(fields).join(' ; '), fields);
  }
  const wire = result.data;
  return {
    page: wire.page,
    size: wire.size,
    sort: parseSort(wire.sort),
    filters: wire.filters ?? {},
    summary: wire.summary ?? false,
  };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The half-open range of dates a date filter's prefix stands for: `2025` the year, `2025-10` the month,
 * `2025-10-03` the day, as `[from, to)` ISO dates; undefined for any other text (a partial month such as
 * `2025-1`, a time, an impossible date), which keeps the prefix match of the column's text. Compared to
 * the column as it is (the parameters take its type: a date, a timestamp read in the session's time
 * zone as its text is), the range uses the column's index, where `column::text LIKE '2025-10%'` reads
 * every row.
 */
export function datePrefixRange(prefix: string): { from: string; to: string } | undefined {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(prefix);
  if (!match) {
    return undefined;
  }
  const year = Number(match[1]);
  const month = match[2] === undefined ? undefined : Number(match[2]);
  const day = match[3] === undefined ? undefined : Number(match[3]);
  if (year < 1000 || year > 9998 || (month !== undefined && (month < 1 || month > 12))) {
    return undefined;
  }
  const from = new Date(Date.UTC(year, (month ?? 1) - 1, day ?? 1));
  if (day !== undefined && from.getUTCDate() !== day) {
    return undefined;
  }
  const to =
    day !== undefined
      ? new Date(Date.UTC(year, (month ?? 1) - 1, day + 1))
      : month !== undefined
        ? new Date(Date.UTC(year, month, 1))
        : new Date(Date.UTC(year + 1, 0, 1));
  return { from: isoDay(from), to: isoDay(to) };
}

function filterCondition(name: string, column: ListColumn, value: string): SQL | undefined {
  const trimmed = value.trim();
  if (trimmed === '') {
    return undefined;
  }
  if (trimmed === FILTER_NULL) {
    return sql`${column.sql} IS NULL`;
  }
  if (trimmed === FILTER_NOT_NULL) {
    return sql`${column.sql} IS NOT NULL`;
  }
  switch (column.kind) {
    case 'id': {
      const ids = trimmed.split(',').map((part) => part.trim());
      if (!ids.every((id) => /^\d{1,15}$/.test(id))) {
        throw badRequest(`Le filtre ${name} attend un identifiant numérique.`, { [name]: 'Identifiant numérique attendu.' });
      }
      return ids.length === 1
        ? sql`${column.sql} = ${Number(ids[0])}`
        : sql`${column.sql} IN (${sql.join(
            ids.map((id) => sql`${Number(id)}`),
            sql`, `,
          )})`;
    }
    case 'enum':
      return sql`${column.sql}::text = ${trimmed}`;
    case 'number':
    case 'money': {
      const normalised = trimmed.replace(',', '.').replace(/\s/g, '');
      if (!/^-?\d+(\.\d+)?$/.test(normalised)) {
        throw badRequest(`Le filtre ${name} attend un nombre.`, { [name]: 'Nombre attendu.' });
      }
      return sql`${column.sql} = ${normalised}::numeric`;
    }
    case 'boolean': {
      if (trimmed !== 'true' && trimmed !== 'false') {
        throw badRequest(`Le filtre ${name} attend true ou false.`, { [name]: 'true ou false attendu.' });
      }
      return sql`${column.sql} = ${trimmed === 'true'}`;
    }
    case 'date': {
      const range = datePrefixRange(trimmed);
      return range
        ? sql`${column.sql} >= ${range.from} AND ${column.sql} < ${range.to}`
        : sql`${column.sql}::text LIKE ${`${escapeLike(trimmed)}%`}`;
    }
    case 'text':
      // a regular expression of the folded value, every character escaped or in a class of its own
      return textContains(column.sql, trimmed);
  }
}

/** Builds the WHERE of a list query: forced condition, scope, column filters and selected ids. */
export function buildWhere(
  definition: ListDefinition,
  query: Pick<ListQuery, 'filters'>,
  principal: Principal | null,
  selectedIds?: number[],
): SQL {
  const conditions: SQL[] = [];
  if (definition.where) {
    conditions.push(definition.where);
  }
  const scope = principal && definition.scope ? definition.scope(principal) : undefined;
  if (scope) {
    conditions.push(scope);
  }
  for (const [name, value] of Object.entries(query.filters)) {
    const column = ownColumn(definition, name);
    if (!column || column.filterable === false) {
      throw badRequest(`La colonne ${name} ne peut pas être filtrée.`, { [name]: 'Colonne inconnue.' });
    }
    const condition = filterCondition(name, column, value);
    if (condition) {
      conditions.push(condition);
    }
  }
  if (selectedIds && selectedIds.length > 0) {
    const idColumn = ownColumn(definition, definition.idColumn);
    if (idColumn) {
      conditions.push(
        sql`${idColumn.sql} IN (${sql.join(
          selectedIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    }
  }
  return conditions.length === 0 ? sql`TRUE` : sql.join(conditions, sql` AND `);
}

/**
 * The ORDER BY of a list query: the list's `sortPrefix`, the sort column, ties broken by the id. `outer`
 * names a column in it (its SQL by default; the CSV export orders an outer query by the inner query's
 * output columns).
 */
export function buildOrderBy(
  definition: ListDefinition,
  sort: ListQuery['sort'],
  outer?: (name: string, column: ListColumn) => SQL,
): SQL {
  const reference = outer ?? ((_name: string, column: ListColumn) => column.orderSql ?? column.sql);
  const chosen = sort ?? definition.defaultSort;
  const column = ownColumn(definition, chosen.column);
  if (!column || column.sortable === false) {
    throw badRequest(`La colonne ${chosen.column} ne peut pas être triée.`, { sort: 'Colonne de tri inconnue.' });
  }
  const direction = chosen.direction === 'desc' ? sql`DESC` : sql`ASC`;
  const idColumn = ownColumn(definition, definition.idColumn);
  const nulls = chosen.direction === 'desc' ? sql`NULLS LAST` : sql`NULLS FIRST`;
  const ties = (definition.tieBreak ?? []).flatMap((name) => {
    const tie = ownColumn(definition, name);
    return tie ? [sql`, ${reference(name, tie)} ASC NULLS FIRST`] : [];
  });
  const rest = sql.join(ties, sql``);
  // the prefix is one value in every row: an outer query ordering by output columns leaves it out
  const prefix = definition.sortPrefix && !outer ? sql`${definition.sortPrefix} ${direction}, ` : sql``;
  if (chosen.column === definition.idColumn || !idColumn) {
    return sql`${prefix}${reference(chosen.column, column)} ${direction}${rest}`;
  }
  return sql`${prefix}${reference(chosen.column, column)} ${direction} ${nulls}, ${reference(definition.idColumn, idColumn)} ${direction}${rest}`;
}

export function buildSelect(definition: ListDefinition, columns: string[] = Object.keys(definition.columns)): SQL {
  return sql.join(
    columns.map((name) => sql`${ownColumn(definition, name)?.sql} AS ${sql.identifier(name)}`),
    sql`, `,
  );
}

function joinsOf(column: ListColumn | undefined): readonly SQL[] {
  if (!column?.join) {
    return [];
  }
  return Array.isArray(column.join) ? column.join : [column.join as SQL];
}

/** Whether the list declares the joins of its columns (then its pages pick their ids first). */
function declaresJoins(definition: ListDefinition): boolean {
  return definition.countFrom !== undefined && Object.values(definition.columns).some((column) => column.join);
}

/**
 * `countFrom` with only the joins the named columns read, in the order of their declaration; undefined
 * when the list has no `countFrom` or one of these columns is `joined` without declaring its join.
 */
function narrowFrom(definition: ListDefinition, names: Iterable<string>): SQL | undefined {
  if (!definition.countFrom) {
    return undefined;
  }
  const joins: SQL[] = [];
  for (const name of names) {
    const column = ownColumn(definition, name);
    if (column?.joined && !column.join) {
      return undefined;
    }
    for (const join of joinsOf(column)) {
      if (!joins.includes(join)) {
        joins.push(join);
      }
    }
  }
  return joins.length === 0 ? definition.countFrom : sql`${definition.countFrom} ${sql.join(joins, sql` `)}`;
}

function activeFilterNames(query: Pick<ListQuery, 'filters'>): string[] {
  return Object.entries(query.filters)
    .filter(([, value]) => value.trim() !== '')
    .map(([name]) => name);
}

/**
 * What a list's count or totals read: `countFrom` with the joins of the active filters (and of the
 * summed columns for the totals), or the whole `from` when a read column does not declare its join.
 */
function countSource(definition: ListDefinition, query: Pick<ListQuery, 'filters'>, summing: boolean): SQL {
  const filtered = activeFilterNames(query);
  const summed = summing ? summableColumns(definition).map(([name]) => name) : [];
  const needsJoins = [...filtered, ...summed].some((name) => ownColumn(definition, name)?.joined === true);
  if (!needsJoins) {
    return definition.countFrom ?? definition.from;
  }
  return (declaresJoins(definition) ? narrowFrom(definition, [...filtered, ...summed]) : undefined) ?? definition.from;
}

/** The stored count and totals of the list, when they serve this query: no column filter is active. */
function storedFor(definition: ListDefinition, query: Pick<ListQuery, 'filters'>): StoredTotals | undefined {
  return definition.stored && activeFilterNames(query).length === 0 ? definition.stored : undefined;
}

function summableColumns(definition: ListDefinition): [string, ListColumn][] {
  return Object.entries(definition.columns).filter(([, column]) => column.summable);
}

/**
 * One page of rows (`limit` rows from `offset`) in the order of the query. A list that declares the
 * joins of its columns picks the page's ids first, over `countFrom` and only the joins the filters and
 * the sort read, then reads those rows with every join: PostgreSQL does not sort before a join, so a
 * single query would join every matching row before keeping the page (on 1,000,000 orders filtered on
 * the agency name, 0.9–2.3 s against about 0.1 s; docs/performance.md, proposal 6). Both queries sort
 * the same way, ties broken by id, so the rows and their order are those of the single query. The ids
 * come as `id = ANY(ARRAY(…))`, computed once and applied to the base table, rather than `id IN (…)`: a
 * semi-join is planned after every join of `from`, and past eight relations (`join_collapse_limit`:
 * attachments, warranties) PostgreSQL joined the whole table before keeping the 50 ids (8 s instead of
 * 30 ms for the warranties' first page).
 */
export function buildPageStatement(
  definition: ListDefinition,
  query: Pick<ListQuery, 'filters' | 'sort'>,
  page: { where: SQL; orderBy: SQL; limit: number; offset: number; columns?: string[]; keys?: SQL },
): SQL {
  const select = page.keys ? sql`${buildSelect(definition, page.columns)}, ${page.keys}` : buildSelect(definition, page.columns);
  const sortColumn = (query.sort ?? definition.defaultSort).column;
  const narrow = declaresJoins(definition) ? narrowFrom(definition, [...activeFilterNames(query), sortColumn]) : undefined;
  const id = ownColumn(definition, definition.idColumn)?.sql;
  if (!narrow || !id) {
    return sql`SELECT ${select} FROM ${definition.from} WHERE ${page.where} ORDER BY ${page.orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`;
  }
  return sql`SELECT ${select} FROM ${definition.from} WHERE ${id} = ANY(ARRAY(SELECT ${id} FROM ${narrow} WHERE ${page.where} ORDER BY ${page.orderBy} LIMIT ${page.limit} OFFSET ${page.offset})) ORDER BY ${page.orderBy}`;
}

/**
 * How far a page's count goes: the cap, or the end of the asked page when it lies further (so that the
 * count still tells whether a next page exists).
 */
export function countLimitOf(query: Pick<ListQuery, 'page' | 'size'>, countCap: number): number {
  return Math.max(countCap, (query.page + 1) * query.size);
}

/**
 * The statements of a list page: the page of rows, and its count, which stops after `countLimit` rows
 * (a count over `LIMIT countLimit + 1`: a few milliseconds, where the count of a million rows took
 * 120 ms and more; docs/performance.md, "Counts and totals").
 */
export function buildListStatements(
  definition: ListDefinition,
  query: ListQuery,
  principal: Principal | null,
  countCap: number = LIST_COUNT_CAP,
): { page: SQL; count: SQL; countLimit: number } {
  const where = buildWhere(definition, query, principal);
  const orderBy = buildOrderBy(definition, query.sort);
  const countLimit = countLimitOf(query, countCap);
  const stored = storedFor(definition, query);
  return {
    page: buildPageStatement(definition, query, { where, orderBy, limit: query.size, offset: query.page * query.size }),
    countLimit,
    // `__count`: a list may have a column named `count`
    count: stored
      ? sql`SELECT coalesce(sum(${stored.count}), 0)::bigint AS __count FROM ${stored.countFrom ?? stored.from} WHERE ${stored.where(principal)}`
      : sql`SELECT count(*)::bigint AS __count FROM (SELECT 1 FROM ${countSource(definition, query, false)} WHERE ${where} LIMIT ${countLimit + 1}) AS capped`,
  };
}

/** The statement of a list's totals row (the summable columns over the whole filtered list); undefined when none. */
export function buildTotalsStatement(
  definition: ListDefinition,
  query: Pick<ListQuery, 'filters'>,
  principal: Principal | null,
): SQL | undefined {
  const summable = summableColumns(definition);
  if (summable.length === 0) {
    return undefined;
  }
  const stored = storedFor(definition, query);
  if (stored) {
    return sql`SELECT ${sql.join(
      summable.map(([name]) => sql`coalesce(sum(${stored.columns[name]}), 0)::text AS ${sql.identifier(name)}`),
      sql`, `,
    )} FROM ${stored.from} WHERE ${stored.where(principal)}`;
  }
  const where = buildWhere(definition, query, principal);
  return sql`SELECT ${sql.join(
    summable.map(([name, column]) => sql`coalesce(sum(${column.sql}), 0)::text AS ${sql.identifier(name)}`),
    sql`, `,
  )} FROM ${countSource(definition, query, true)} WHERE ${where}`;
}

/** How the lists of one database count and total (tests change them with `configureLists`). */
export type ListSettings = {
  /** Rows counted at most (LIST_COUNT_CAP). */
  countCap: number;
  /** The longest a totals statement may run, on PostgreSQL (PGlite ignores `statement_timeout`); 0: no limit. */
  totalsTimeoutMs: number;
  /** How long slow totals (or their timeout) are reused for the same list and condition. */
  totalsCacheMs: number;
  /** Totals that took less than this are never reused: they are computed again at every request. */
  totalsCachedFromMs: number;
  /**
   * Totals statements running at once per database (the others wait their turn): long aggregates never
   * hold every pool connection, so pages keep being served while totals are computed.
   */
  totalsConcurrency: number;
  /**
   * Keyset paging (docs/decisions.md "Deep pages"): a page whose offset is at least this many rows past a
   * page served before (same list, condition, sort and size) starts from that page's first or last row
   * instead of skipping its offset; pages from this many rows on are remembered. 0: never.
   */
  keysetFromRows: number;
  /** How long the first and last rows of a served page are remembered for keyset paging. */
  keysetMemoryMs: number;
};

export const DEFAULT_LIST_SETTINGS: Readonly<ListSettings> = {
  countCap: LIST_COUNT_CAP,
  totalsTimeoutMs: 10_000,
  totalsCacheMs: 60_000,
  totalsCachedFromMs: 500,
  totalsConcurrency: 2,
  keysetFromRows: 1_000,
  keysetMemoryMs: 10 * 60_000,
};

const settingsByDatabase = new WeakMap<Database, ListSettings>();

/** Changes how the lists of a database count and total; undefined restores the defaults. */
export function configureLists(db: Database, settings: Partial<ListSettings> | undefined): void {
  if (settings) {
    settingsByDatabase.set(db, { ...DEFAULT_LIST_SETTINGS, ...settings });
  } else {
    settingsByDatabase.delete(db);
  }
  totalsCaches.delete(db);
  keysetMemories.delete(db);
}

function listSettings(db: Database): ListSettings {
  return settingsByDatabase.get(db) ?? DEFAULT_LIST_SETTINGS;
}

/** Rows a count of this database's lists goes to at most (other capped counts, e.g. the dashboard's, share it). */
export function listCountCap(db: Database): number {
  return listSettings(db).countCap;
}

/** Totals being computed or kept, and how long their statement ran (its wait for a slot aside). */
type CachedTotals = { expires: number; reply: Promise<{ reply: ListTotalsReply; tookMs: number }> };

/** The totals being computed or kept, per database, by statement text and parameters. */
const totalsCaches = new WeakMap<Database, Map<string, CachedTotals>>();
const TOTALS_CACHE_ENTRIES = 500;
const dialect = new PgDialect();

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
 * request.
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
  const key = JSON.stringify(dialect.sqlToQuery(statement));
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
  const [rows, [counted], totals] = await Promise.all([
    definition.writtenJoinOrder ? inWrittenJoinOrder(db, statements.page) : rowsOf(db, statements.page),
    rowsOf(db, statements.count),
    query.summary ? runListTotals(db, definition, query, principal) : undefined,
  ]);
  const content = keyset ? keyset.remember(rows) : rows;
  const count = Number(counted?.__count ?? 0) + (keyset?.countedFrom ?? 0);
  const reply: ListReply<Row> = { content, totalElements: Math.min(count, statements.countLimit) };
  if (count > statements.countLimit) {
    reply.totalCapped = true;
  }
  return totals ? { ...reply, ...totals } : reply;
}

/** One key of a list's order: what the ORDER BY reads, its direction (NULL is the least value in both). */
type OrderKey = { sql: SQL; descending: boolean };

/** The keys of the ORDER BY `buildOrderBy` writes (its `sortPrefix` aside: one value in every row). */
function orderKeysOf(definition: ListDefinition, sort: ListQuery['sort']): OrderKey[] {
  const chosen = sort ?? definition.defaultSort;
  const column = ownColumn(definition, chosen.column);
  const idColumn = ownColumn(definition, definition.idColumn);
  if (!column) {
    return [];
  }
  const descending = chosen.direction === 'desc';
  const keys: OrderKey[] = [{ sql: column.orderSql ?? column.sql, descending }];
  if (chosen.column !== definition.idColumn && idColumn) {
    keys.push({ sql: idColumn.orderSql ?? idColumn.sql, descending });
  }
  for (const name of definition.tieBreak ?? []) {
    const tie = ownColumn(definition, name);
    if (tie) {
      keys.push({ sql: tie.orderSql ?? tie.sql, descending: false });
    }
  }
  return keys;
}

/** The key values of a row, as text (NULL as null), in `orderKeysOf`'s order. */
type KeyValues = (string | null)[];

/**
 * The rows that come after `values` in the list's order (or at it, `inclusive`): ASC NULLS FIRST and DESC
 * NULLS LAST both put NULL lowest. The first key is also bounded alone (`k >= v` ascending), which an index
 * on it serves; the values are parameters typed by the expression they are compared with.
 */
function keysetCondition(keys: OrderKey[], values: KeyValues, inclusive: boolean): SQL {
  const equal = (key: OrderKey, value: string | null) =>
    value === null ? sql`(${key.sql}) IS NULL` : sql`(${key.sql}) = ${value}`;
  const after = (key: OrderKey, value: string | null): SQL => {
    if (!key.descending) {
      return value === null ? sql`(${key.sql}) IS NOT NULL` : sql`(${key.sql}) > ${value}`;
    }
    return value === null ? sql`FALSE` : sql`((${key.sql}) < ${value} OR (${key.sql}) IS NULL)`;
  };
  const branches: SQL[] = [];
  keys.forEach((key, index) => {
    const before = keys.slice(0, index).map((previous, at) => equal(previous, values[at] ?? null));
    branches.push(sql.join([...before, after(key, values[index] ?? null)], sql` AND `));
  });
  if (inclusive) {
    branches.push(
      sql.join(
        keys.map((key, index) => equal(key, values[index] ?? null)),
        sql` AND `,
      ),
    );
  }
  const [first] = keys;
  const firstValue = values[0] ?? null;
  const bound =
    first === undefined
      ? undefined
      : !first.descending
        ? firstValue === null
          ? undefined
          : sql`(${first.sql}) >= ${firstValue}`
        : firstValue === null
          ? sql`(${first.sql}) IS NULL`
          : sql`((${first.sql}) <= ${firstValue} OR (${first.sql}) IS NULL)`;
  const any = sql`(${sql.join(
    branches.map((branch) => sql`(${branch})`),
    sql` OR `,
  )})`;
  return bound ? sql`${bound} AND ${any}` : any;
}

/** The first and last rows' keys of a served page. */
type PageEdges = { first: KeyValues; last: KeyValues; full: boolean; at: number };
/** Per database, per list statement (condition, order and page size): the edges of its served pages by number. */
const keysetMemories = new WeakMap<Database, Map<string, Map<number, PageEdges>>>();
const KEYSET_STATEMENTS = 1_000;
const KEYSET_PAGES = 200;

/**
 * How a page is read from the edges of a page served before (docs/decisions.md "Deep pages"): the nearest
 * remembered page at or before the asked one, when starting there skips at least `keysetFromRows` rows of
 * the offset; its first row (the same page) or its last row (a later page) bounds the rows, the rest of the
 * offset is skipped as before. The count counts from there and adds the rows before. Whatever is asked,
 * the served page's edges are remembered once it is read (`remember`, which also drops the key columns).
 */
function keysetPlan(
  db: Database,
  definition: ListDefinition,
  query: ListQuery,
  principal: Principal | null,
  settings: ListSettings,
):
  | { statements: { page: SQL; count: SQL; countLimit: number }; countedFrom: number; remember: (rows: Row[]) => Row[] }
  | undefined {
  const offset = query.page * query.size;
  if (offset + query.size < settings.keysetFromRows) {
    return undefined;
  }
  const keys = orderKeysOf(definition, query.sort);
  if (keys.length === 0) {
    return undefined;
  }
  const where = buildWhere(definition, query, principal);
  const orderBy = buildOrderBy(definition, query.sort);
  const countLimit = countLimitOf(query, settings.countCap);
  let memory = keysetMemories.get(db);
  if (!memory) {
    memory = new Map();
    keysetMemories.set(db, memory);
  }
  const statementKey = `${definition.name}\u0000${query.size}\u0000${JSON.stringify(dialect.sqlToQuery(sql`${where} ORDER BY ${orderBy}`))}`;
  const now = Date.now();
  const pages = memory.get(statementKey);
  let from: { condition: SQL; position: number } | undefined;
  if (pages) {
    let nearest: number | undefined;
    for (const [number, edges] of pages) {
      if (now - edges.at > settings.keysetMemoryMs) {
        pages.delete(number);
      } else if (number <= query.page && (nearest === undefined || number > nearest)) {
        nearest = number;
      }
    }
    const edges = nearest === undefined ? undefined : pages.get(nearest);
    if (nearest !== undefined && edges) {
      const same = nearest === query.page;
      const position = (same ? nearest : nearest + 1) * query.size;
      // after a page's last row: the page was full (a short page is the last one, its rows are fewer)
      if (position >= settings.keysetFromRows && (same || edges.full)) {
        from = { condition: keysetCondition(keys, same ? edges.first : edges.last, same), position };
      }
    }
  }
  const keyColumns = sql.join(
    keys.map((key, index) => sql`(${key.sql})::text AS ${sql.identifier(`__key${index}`)}`),
    sql`, `,
  );
  const pageWhere = from ? sql`${where} AND ${from.condition}` : where;
  const page = buildPageStatement(definition, query, {
    where: pageWhere,
    orderBy,
    limit: query.size,
    offset: offset - (from?.position ?? 0),
    keys: keyColumns,
  });
  const stored = storedFor(definition, query);
  let count: SQL;
  if (stored || !from) {
    count = buildListStatements(definition, query, principal, settings.countCap).count;
  } else {
    // the condition reads the sort's columns: their joins, as the page's ids do
    const sortNames = [(query.sort ?? definition.defaultSort).column, ...(definition.tieBreak ?? [])];
    const readsJoined = sortNames.some((name) => ownColumn(definition, name)?.joined === true);
    const source = !readsJoined
      ? countSource(definition, query, false)
      : ((declaresJoins(definition) ? narrowFrom(definition, [...activeFilterNames(query), ...sortNames]) : undefined) ??
        definition.from);
    count = sql`SELECT count(*)::bigint AS __count FROM (SELECT 1 FROM ${source} WHERE ${pageWhere} LIMIT ${countLimit + 1 - from.position}) AS capped`;
  }
  const keyNames = keys.map((_key, index) => `__key${index}`);
  return {
    statements: { page, count, countLimit },
    countedFrom: from && !stored ? from.position : 0,
    remember: (rows) => {
      const content = rows.map((row) => {
        const copy = { ...row };
        for (const name of keyNames) {
          delete copy[name];
        }
        return copy;
      });
      const first = rows[0];
      const last = rows[rows.length - 1];
      if (first && last) {
        const valuesOf = (row: Row): KeyValues => keyNames.map((name) => (row[name] === null ? null : String(row[name])));
        let kept = memory.get(statementKey);
        if (!kept) {
          kept = new Map();
        }
        // most recently used last, for both bounds
        memory.delete(statementKey);
        memory.set(statementKey, kept);
        kept.delete(query.page);
        kept.set(query.page, {
          first: valuesOf(first),
          last: valuesOf(last),
          full: rows.length === query.size,
          at: Date.now(),
        });
        for (const oldest of kept.keys()) {
          if (kept.size <= KEYSET_PAGES) {
            break;
          }
          kept.delete(oldest);
        }
        for (const oldest of memory.keys()) {
          if (memory.size <= KEYSET_STATEMENTS) {
            break;
          }
          memory.delete(oldest);
        }
      }
      return content;
    },
  };
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
