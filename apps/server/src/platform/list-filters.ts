import { FILTER_NOT_NULL, FILTER_NULL, type ListQuery } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from './errors.js';
import { type ListColumn, type ListDefinition, ownColumn } from './list-definition.js';
import type { Principal } from './principal.js';
import { idList } from './sql-rows.js';
import { textContains } from './text-match.js';

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

function filterCondition(name: string, column: ListColumn, value: string, reading: WhereReading): SQL | undefined {
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
      return textContains(column.sql, trimmed, { grams: reading === 'every' && column.grams === true });
  }
}

/**
 * What a WHERE's rows are read for: a page of them in the list's order (`page`), or every row it selects
 * (`every`: a count, totals, an export), which a column's `grams` index then finds.
 */
export type WhereReading = 'page' | 'every';

/** Builds the WHERE of a list query: forced condition, scope, column filters and selected ids. */
export function buildWhere(
  definition: ListDefinition,
  query: Pick<ListQuery, 'filters'>,
  principal: Principal | null,
  options: { selectedIds?: number[]; reading?: WhereReading } = {},
): SQL {
  const { selectedIds, reading = 'page' } = options;
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
    const condition = filterCondition(name, column, value, reading);
    if (condition) {
      conditions.push(condition);
    }
  }
  if (selectedIds && selectedIds.length > 0) {
    const idColumn = ownColumn(definition, definition.idColumn);
    if (idColumn) {
      conditions.push(sql`${idColumn.sql} IN (${idList(selectedIds)})`);
    }
  }
  return conditions.length === 0 ? sql`TRUE` : sql.join(conditions, sql` AND `);
}
