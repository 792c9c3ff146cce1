import { PRESTATION_SORT_COLUMNS, type PrestationRecord, type PrestationSortColumn } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../platform/errors.js';
import { PRESTATION_FROM } from './price-schedules.lists.js';

const SORT_SQL: Record<PrestationSortColumn, SQL> = {
  id: sql`p.id`,
  code: sql`p.code`,
  description: sql`p.description`,
  referenceName: sql`r.name`,
  categoryParentName: sql`cp.name`,
  categoryName: sql`c.name`,
  unitName: sql`u.name`,
  typeName: sql`pt.name`,
};

/** Spec 3 §9: category parent name, category name, description, ascending (then id, for stable pages). */
const DEFAULT_ORDER = sql`cp.name ASC NULLS FIRST, c.name ASC, p.description ASC, p.id ASC`;

export const prestationSortQuery = z.object({
  sort: z
    .string()
    .regex(
      new RegExp(`^(${PRESTATION_SORT_COLUMNS.join('|')}),(asc|desc)$`, 'i'),
      `Le tri doit être de la forme colonne,asc ou colonne,desc (colonnes : ${PRESTATION_SORT_COLUMNS.join(', ')}).`,
    )
    .optional(),
});

/** The ORDER BY of a prestation table: the asked column first, then the default order. */
export function prestationOrder(sort: string | undefined): SQL {
  if (!sort) {
    return DEFAULT_ORDER;
  }
  const [column, direction] = sort.split(',');
  const expression = SORT_SQL[column as PrestationSortColumn];
  if (!expression) {
    throw badRequest('Colonne de tri inconnue.', { sort: 'Colonne de tri inconnue.' });
  }
  const descending = direction?.toLowerCase() === 'desc';
  return sql`${expression} ${descending ? sql`DESC NULLS LAST` : sql`ASC NULLS FIRST`}, ${DEFAULT_ORDER}`;
}

/** Prestations with the ids and names their editors need, under a condition, in an order. */
export async function prestationRows(db: Database, where: SQL, orderBy: SQL = DEFAULT_ORDER): Promise<PrestationRecord[]> {
  const result = (await db.execute(sql`SELECT
      p.id, p.version, p.bpu_template_id AS "bpu", t.name AS "bpuTemplateName",
      p.reference_id AS "reference", r.name AS "referenceName",
      coalesce(c.parent_id, c.id) AS "category",
      CASE WHEN c.parent_id IS NULL THEN NULL ELSE c.id END AS "subcategory",
      cp.name AS "categoryParentName", c.name AS "categoryName",
      p.code, p.description, p.unit_id AS "unit", u.name AS "unitName", p.type_id AS "type", pt.name AS "typeName"
    FROM ${PRESTATION_FROM} WHERE ${where} ORDER BY ${orderBy}`)) as unknown as { rows: PrestationRecord[] };
  return result.rows;
}
