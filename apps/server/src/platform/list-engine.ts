import {
  FILTER_NOT_NULL,
  FILTER_NULL,
  type ListQuery,
  type ListReply,
  listQueryWireSchema,
  parseSort,
  type SortDirection,
} from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { badRequest } from './errors.js';
import type { Principal } from './principal.js';
import { rowsOf } from './sql-rows.js';
import { textContains } from './text-match.js';

/**
 * How a column filters: text contains (case- and accent-insensitive, see `textContains`), exact for
 * ids and enumerations, numeric equality, date prefix, boolean.
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
  /** Always-true condition of the list (e.g. a forced type). */
  where?: SQL;
  /** The visibility scope of the caller, as a condition; undefined means everything. */
  scope?: (principal: Principal) => SQL | undefined;
};

export type Row = Record<string, unknown>;

export function defineList(definition: ListDefinition): ListDefinition {
  if (!ownColumn(definition, definition.idColumn)) {
    throw new Error(`list ${definition.name}: id column ${definition.idColumn} is not declared`);
  }
  for (const [name, column] of Object.entries(definition.columns)) {
    if (column.join && (!definition.countFrom || !column.joined)) {
      throw new Error(`list ${definition.name}: column ${name} declares a join without countFrom or joined`);
    }
  }
  return definition;
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
    case 'date':
      return sql`${column.sql}::text LIKE ${`${escapeLike(trimmed)}%`}`;
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
 * The ORDER BY of a list query: the sort column, ties broken by the id. `reference` names a column in
 * it (its SQL by default; the CSV export orders an outer query by the inner query's output columns).
 */
export function buildOrderBy(
  definition: ListDefinition,
  sort: ListQuery['sort'],
  reference: (name: string, column: ListColumn) => SQL = (_name, column) => column.sql,
): SQL {
  const chosen = sort ?? definition.defaultSort;
  const column = ownColumn(definition, chosen.column);
  if (!column || column.sortable === false) {
    throw badRequest(`La colonne ${chosen.column} ne peut pas être triée.`, { sort: 'Colonne de tri inconnue.' });
  }
  const direction = chosen.direction === 'desc' ? sql`DESC` : sql`ASC`;
  const idColumn = ownColumn(definition, definition.idColumn);
  const nulls = chosen.direction === 'desc' ? sql`NULLS LAST` : sql`NULLS FIRST`;
  if (chosen.column === definition.idColumn || !idColumn) {
    return sql`${reference(chosen.column, column)} ${direction}`;
  }
  return sql`${reference(chosen.column, column)} ${direction} ${nulls}, ${reference(definition.idColumn, idColumn)} ${direction}`;
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

function countSource(definition: ListDefinition, query: ListQuery): SQL {
  const filtered = activeFilterNames(query);
  const summed = query.summary
    ? Object.entries(definition.columns)
        .filter(([, column]) => column.summable)
        .map(([name]) => name)
    : [];
  const needsJoins = [...filtered, ...summed].some((name) => ownColumn(definition, name)?.joined === true);
  if (!needsJoins) {
    return definition.countFrom ?? definition.from;
  }
  return (declaresJoins(definition) ? narrowFrom(definition, [...filtered, ...summed]) : undefined) ?? definition.from;
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
  page: { where: SQL; orderBy: SQL; limit: number; offset: number; columns?: string[] },
): SQL {
  const select = buildSelect(definition, page.columns);
  const sortColumn = (query.sort ?? definition.defaultSort).column;
  const narrow = declaresJoins(definition) ? narrowFrom(definition, [...activeFilterNames(query), sortColumn]) : undefined;
  const id = ownColumn(definition, definition.idColumn)?.sql;
  if (!narrow || !id) {
    return sql`SELECT ${select} FROM ${definition.from} WHERE ${page.where} ORDER BY ${page.orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`;
  }
  return sql`SELECT ${select} FROM ${definition.from} WHERE ${id} = ANY(ARRAY(SELECT ${id} FROM ${narrow} WHERE ${page.where} ORDER BY ${page.orderBy} LIMIT ${page.limit} OFFSET ${page.offset})) ORDER BY ${page.orderBy}`;
}

/** The two statements of a list page: the page of rows, and the count (with the totals when asked). */
export function buildListStatements(
  definition: ListDefinition,
  query: ListQuery,
  principal: Principal | null,
): { page: SQL; count: SQL } {
  const where = buildWhere(definition, query, principal);
  const orderBy = buildOrderBy(definition, query.sort);
  const summable = Object.entries(definition.columns).filter(([, column]) => column.summable);
  return {
    page: buildPageStatement(definition, query, { where, orderBy, limit: query.size, offset: query.page * query.size }),
    // `__count`: a list may have a summable column named `total` (orders)
    count: sql`SELECT count(*)::bigint AS __count ${
      query.summary && summable.length > 0
        ? sql`, ${sql.join(
            summable.map(([name, column]) => sql`coalesce(sum(${column.sql}), 0)::text AS ${sql.identifier(name)}`),
            sql`, `,
          )}`
        : sql``
    } FROM ${countSource(definition, query)} WHERE ${where}`,
  };
}

/** Runs a list query: one page of rows, the total count, and the totals row when asked. */
export async function runList(
  db: Database,
  definition: ListDefinition,
  query: ListQuery,
  principal: Principal | null,
): Promise<ListReply<Row>> {
  const statements = buildListStatements(definition, query, principal);
  const [content, [totals]] = await Promise.all([rowsOf(db, statements.page), rowsOf(db, statements.count)]);
  const reply: ListReply<Row> = { content, totalElements: Number(totals?.__count ?? 0) };
  if (query.summary) {
    const summable = Object.entries(definition.columns).filter(([, column]) => column.summable);
    reply.summary = Object.fromEntries(summable.map(([name]) => [name, String(totals?.[name] ?? '0')]));
  }
  return reply;
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
