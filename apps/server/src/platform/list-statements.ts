import { LIST_COUNT_CAP, type ListQuery } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from './errors.js';
import { type ListColumn, type ListDefinition, ownColumn } from './list-definition.js';
import { buildWhere } from './list-filters.js';
import { activeFilterNames, countSource, declaresJoins, narrowFrom, storedFor, summableColumns } from './list-sources.js';
import type { Principal } from './principal.js';
import { statementKey } from './sql-rows.js';

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

/** What `runList` sends for a page: its rows, its count (capped at `countLimit`), and the rows by search grams. */
export type ListStatements = { page: SQL; count: SQL; countLimit: number; pageByGrams?: SQL };

/**
 * The statements of a list page: the page of rows, and its count, which stops after `countLimit` rows
 * (a count over `LIMIT countLimit + 1`: a few milliseconds, where the count of a million rows took
 * 120 ms and more; docs/performance.md, "Counts and totals"). With a filter its search grams serve
 * (`textContains`), `pageByGrams` is the same page read through them: `runList` reads it when the count
 * found fewer rows than its cap.
 */
export function buildListStatements(
  definition: ListDefinition,
  query: ListQuery,
  principal: Principal | null,
  countCap: number = LIST_COUNT_CAP,
): ListStatements {
  const where = buildWhere(definition, query, principal);
  const orderBy = buildOrderBy(definition, query.sort);
  const countLimit = countLimitOf(query, countCap);
  const every = buildWhere(definition, query, principal, { reading: 'every' });
  const stored = storedFor(definition, query, principal);
  const page = { orderBy, limit: query.size, offset: query.page * query.size };
  return {
    page: buildPageStatement(definition, query, { where, ...page }),
    // a filter looked up by its search grams: the page read through them too, when the count finds few rows
    ...(statementKey(every) === statementKey(where)
      ? {}
      : { pageByGrams: buildPageStatement(definition, query, { where: every, ...page }) }),
    countLimit,
    // `__count`: a list may have a column named `count`
    count: stored
      ? sql`SELECT coalesce(sum(${stored.count}), 0)::bigint AS __count FROM ${stored.countFrom ?? stored.from} WHERE ${stored.where(principal)}`
      : sql`SELECT count(*)::bigint AS __count FROM (SELECT 1 FROM ${countSource(definition, query, false)} WHERE ${every} LIMIT ${countLimit + 1}) AS capped`,
  };
}

/**
 * The count and the totals row of a list read from its stored summary in one statement (`__count` and one
 * column per summable column, as `buildListStatements` and `buildTotalsStatement` read them separately);
 * undefined when they are not stored for this query.
 */
export function buildStoredCountAndTotals(
  definition: ListDefinition,
  query: Pick<ListQuery, 'filters'>,
  principal: Principal | null,
): SQL | undefined {
  const stored = storedFor(definition, query, principal);
  if (!stored) {
    return undefined;
  }
  const sums = summableColumns(definition).map(
    ([name]) => sql`, coalesce(sum(${stored.columns[name]}), 0)::text AS ${sql.identifier(name)}`,
  );
  return sql`SELECT coalesce(sum(${stored.count}), 0)::bigint AS __count${sql.join(sums, sql``)} FROM ${stored.from} WHERE ${stored.where(principal)}`;
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
  const stored = storedFor(definition, query, principal);
  if (stored) {
    return sql`SELECT ${sql.join(
      summable.map(([name]) => sql`coalesce(sum(${stored.columns[name]}), 0)::text AS ${sql.identifier(name)}`),
      sql`, `,
    )} FROM ${stored.from} WHERE ${stored.where(principal)}`;
  }
  const where = buildWhere(definition, query, principal, { reading: 'every' });
  return sql`SELECT ${sql.join(
    summable.map(([name, column]) => sql`coalesce(sum(${column.sql}), 0)::text AS ${sql.identifier(name)}`),
    sql`, `,
  )} FROM ${countSource(definition, query, true)} WHERE ${where}`;
}
