import type { ListQuery } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { type ListDefinition, ownColumn, type Row } from './list-definition.js';
import { buildWhere } from './list-filters.js';
import type { ListSettings } from './list-settings.js';
import { activeFilterNames, countSource, declaresJoins, narrowFrom, storedFor } from './list-sources.js';
import { buildListStatements, buildOrderBy, buildPageStatement, countLimitOf, type ListStatements } from './list-statements.js';
import type { Principal } from './principal.js';
import { statementKey } from './sql-rows.js';

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

/** Forgets the pages remembered for a database (its list settings changed). */
export function forgetKeysets(db: Database): void {
  keysetMemories.delete(db);
}

/**
 * How a page is read from the edges of a page served before (docs/decisions.md "Deep pages"): the nearest
 * remembered page at or before the asked one, when starting there skips at least `keysetFromRows` rows of
 * the offset; its first row (the same page) or its last row (a later page) bounds the rows, the rest of the
 * offset is skipped as before. The count counts from there and adds the rows before. Whatever is asked,
 * the served page's edges are remembered once it is read (`remember`, which also drops the key columns).
 */
export function keysetPlan(
  db: Database,
  definition: ListDefinition,
  query: ListQuery,
  principal: Principal | null,
  settings: ListSettings,
): { statements: ListStatements; countedFrom: number; remember: (rows: Row[]) => Row[] } | undefined {
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
  const memoryKey = `${definition.name}\u0000${query.size}\u0000${statementKey(sql`${where} ORDER BY ${orderBy}`)}`;
  const now = Date.now();
  const pages = memory.get(memoryKey);
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
  const stored = storedFor(definition, query, principal);
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
        let kept = memory.get(memoryKey);
        if (!kept) {
          kept = new Map();
        }
        // most recently used last, for both bounds
        memory.delete(memoryKey);
        memory.set(memoryKey, kept);
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
