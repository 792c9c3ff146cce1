import type { ListQuery, SortDirection } from '@isf/contract';
import type { SQL } from 'drizzle-orm';
import type { Principal } from './principal.js';

/**
 * What a list is (its columns, tables, scope, sort and stored totals) and how a definition is checked.
 */

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
  /**
   * `sql` is a column indexed by `search_grams` (migration 0062): a "contains" filter on it that reads every
   * row it selects (count, totals, CSV) looks the value's grams up in that index (`textContains`).
   */
  grams?: boolean;
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
  /**
   * The same summary rolled up over the scope's keys (the node summaries per node and stripe of projects), with
   * the alias, count and columns of `from`: read instead of `from` when `applies` (a caller whose scope narrows
   * nothing) and no narrowing of the request reads the scope's keys (`Narrowing.storedUnscoped`).
   */
  rollUp?: { from: SQL; applies: (principal: Principal | null) => boolean };
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
