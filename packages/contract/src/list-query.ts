import { z } from 'zod';
import { FILTER_NOT_NULL, FILTER_NULL, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants.js';

export type SortDirection = 'asc' | 'desc';

/** A column filter value: free text (contains / exact by column kind), or the `null` / `notnull` markers. */
export type FilterValue = string;
export type ListFilters = Record<string, FilterValue>;

export type ListQuery = {
  page: number;
  size: number;
  sort?: { column: string; direction: SortDirection };
  filters: ListFilters;
  /**
   * The totals row: `false` none; `'only'` the totals alone, no page and no count (the web's second
   * request, sent once the page shows); `true` the page, its count and the totals in one reply.
   */
  summary: boolean | 'only';
};

export type ListReply<Row> = {
  content: Row[];
  /**
   * How many rows match, exact up to LIST_COUNT_CAP (or up to the end of the asked page when it lies
   * further); with `totalCapped`, a lower bound: more rows than this match.
   */
  totalElements: number;
  /** The count stopped at `totalElements`: more rows match (the screen shows "plus de 10 000"). */
  totalCapped?: true;
  summary?: Record<string, string>;
  /** The totals were asked but took longer than the server allows (statement timeout): none given. */
  summaryTimedOut?: true;
};

/** The reply to `summary=only`: the totals of the whole filtered list, or the timeout that stopped them. */
export type ListTotalsReply = Pick<ListReply<never>, 'summary' | 'summaryTimedOut'>;

export const NULL_FILTERS = [FILTER_NULL, FILTER_NOT_NULL] as const;

const sortPattern = /^[A-Za-z][A-Za-z0-9_]*,(asc|desc)$/i;

const filtersFromText = z
  .string()
  .transform((text, context) => {
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed;
    } catch {
      context.addIssue({ code: 'custom', message: 'Le paramètre filters doit être un objet JSON.' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String)));

/**
 * The wire form of a list query: `page` (zero-based), `size`, `sort=column,direction`, `filters` (JSON
 * object column → value), `summary=true` or `summary=only`. Used by GET lists (query string) and CSV posts (body).
 */
export const listQueryWireSchema = z.object({
  page: z.coerce
    .number({ error: 'La page doit être un entier.' })
    .int('La page doit être un entier.')
    .min(0, 'La page doit être positive ou nulle.')
    .default(0),
  size: z.coerce
    .number({ error: 'La taille de page doit être un entier.' })
    .int('La taille de page doit être un entier.')
    .min(1, 'La taille de page doit être au moins 1.')
    .max(PAGE_SIZE_MAX, `La taille de page ne peut pas dépasser ${PAGE_SIZE_MAX}.`)
    .default(PAGE_SIZE_DEFAULT),
  sort: z.string().regex(sortPattern, 'Le tri doit être de la forme colonne,asc ou colonne,desc.').optional(),
  filters: z
    .union([filtersFromText, z.record(z.string(), z.string())], { error: 'Le paramètre filters doit être un objet JSON.' })
    .optional(),
  summary: z
    .union([z.boolean(), z.enum(['true', 'false', 'only'])], {
      error: 'Le paramètre summary vaut true, false ou only.',
    })
    .transform((value): boolean | 'only' => (value === 'only' ? 'only' : value === true || value === 'true'))
    .optional(),
});

export type ListQueryWire = z.input<typeof listQueryWireSchema>;

export function parseSort(sort: string | undefined): ListQuery['sort'] {
  if (!sort) {
    return undefined;
  }
  const [column, direction] = sort.split(',');
  return { column: column ?? 'id', direction: direction?.toLowerCase() === 'desc' ? 'desc' : 'asc' };
}

/** Serialises a list query for the wire (used by the web's list controller and by tests). */
export function toListWire(query: Partial<ListQuery>): Record<string, string> {
  const wire: Record<string, string> = {
    page: String(query.page ?? 0),
    size: String(query.size ?? PAGE_SIZE_DEFAULT),
  };
  if (query.sort) {
    wire.sort = `${query.sort.column},${query.sort.direction}`;
  }
  const filters = Object.fromEntries(Object.entries(query.filters ?? {}).filter(([, value]) => value !== ''));
  if (Object.keys(filters).length > 0) {
    wire.filters = JSON.stringify(filters);
  }
  if (query.summary) {
    wire.summary = String(query.summary);
  }
  return wire;
}
