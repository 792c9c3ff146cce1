import type { ListQuery } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type ListColumn, type ListDefinition, ownColumn, type StoredTotals } from './list-definition.js';
import type { Principal } from './principal.js';

/**
 * What a list's statements read from: `countFrom` narrowed to the joins the filters, the sort or the sums
 * read, and the stored totals when they serve the query.
 */

function joinsOf(column: ListColumn | undefined): readonly SQL[] {
  if (!column?.join) {
    return [];
  }
  return Array.isArray(column.join) ? column.join : [column.join as SQL];
}

/** Whether the list declares the joins of its columns (then its pages pick their ids first). */
export function declaresJoins(definition: ListDefinition): boolean {
  return definition.countFrom !== undefined && Object.values(definition.columns).some((column) => column.join);
}

/**
 * `countFrom` with only the joins the named columns read, in the order of their declaration; undefined
 * when the list has no `countFrom` or one of these columns is `joined` without declaring its join.
 */
export function narrowFrom(definition: ListDefinition, names: Iterable<string>): SQL | undefined {
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

export function activeFilterNames(query: Pick<ListQuery, 'filters'>): string[] {
  return Object.entries(query.filters)
    .filter(([, value]) => value.trim() !== '')
    .map(([name]) => name);
}

/**
 * What a list's count or totals read: `countFrom` with the joins of the active filters (and of the
 * summed columns for the totals), or the whole `from` when a read column does not declare its join.
 */
export function countSource(definition: ListDefinition, query: Pick<ListQuery, 'filters'>, summing: boolean): SQL {
  const filtered = activeFilterNames(query);
  const summed = summing ? summableColumns(definition).map(([name]) => name) : [];
  const needsJoins = [...filtered, ...summed].some((name) => ownColumn(definition, name)?.joined === true);
  if (!needsJoins) {
    return definition.countFrom ?? definition.from;
  }
  return (declaresJoins(definition) ? narrowFrom(definition, [...filtered, ...summed]) : undefined) ?? definition.from;
}

/**
 * The stored count and totals of the list, when they serve this query (no column filter is active): its roll-up
 * when the caller's scope narrows nothing (`StoredTotals.rollUp`), a few hundred rows instead of thousands.
 */
export function storedFor(
  definition: ListDefinition,
  query: Pick<ListQuery, 'filters'>,
  principal: Principal | null,
): StoredTotals | undefined {
  const stored = definition.stored;
  if (!stored || activeFilterNames(query).length > 0) {
    return undefined;
  }
  const { rollUp, ...summary } = stored;
  return rollUp?.applies(principal) ? { ...summary, from: rollUp.from, countFrom: rollUp.from } : summary;
}

export function summableColumns(definition: ListDefinition): [string, ListColumn][] {
  return Object.entries(definition.columns).filter(([, column]) => column.summable);
}
