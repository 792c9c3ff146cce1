import { EVALUATION_DEFAULT_MAX, EVALUATION_DEFAULT_MIN, type EvaluationFilters } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../platform/principal.js';
import { idList } from '../../platform/sql-rows.js';
import { evaluationScope } from './evaluations.scope.js';

function inList(column: SQL, ids: number[]): SQL | undefined {
  return ids.length === 0 ? undefined : sql`${column} IN (${idList(ids)})`;
}

/** Calendar days are French days: a rating given at 00:30 in Paris belongs to that day. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp AT TIME ZONE 'Europe/Paris'`;

/**
 * The evaluations the caller sees that match the dashboard filters, each with its score (the average of
 * its criteria): a subquery `scored` with id, type, agency_id, company_id, project_id, market_id,
 * rated_at, creator_id, comment and score. The rating range applies to each evaluation's score.
 */
export function scoredEvaluations(principal: Principal, filters: EvaluationFilters, extra?: SQL): SQL {
  const conditions = [
    evaluationScope(principal),
    filters.start_date ? sql`e.rated_at >= ${dayStart(filters.start_date)}` : undefined,
    filters.end_date ? sql`e.rated_at < ${dayStart(filters.end_date)} + interval '1 day'` : undefined,
    inList(sql`a.company_id`, filters.companies),
    inList(sql`e.agency_id`, filters.agencies),
    inList(sql`e.project_id`, filters.projects),
    inList(sql`e.market_id`, filters.markets),
    inList(sql`mk.contract_id`, filters.contracts),
    extra,
  ].filter((condition): condition is SQL => condition !== undefined);
  const min = filters.min ?? String(EVALUATION_DEFAULT_MIN);
  const max = filters.max ?? String(EVALUATION_DEFAULT_MAX);
  return sql`(SELECT * FROM (
      SELECT e.id, e.type, e.agency_id, a.company_id, e.project_id, e.market_id, e.rated_at, e.creator_id, e.comment,
        (SELECT avg(ec.value) FROM evaluation_criteria ec WHERE ec.evaluation_id = e.id) AS score
      FROM evaluations e
      JOIN agencies a ON a.id = e.agency_id
      LEFT JOIN markets mk ON mk.id = e.market_id
      WHERE ${sql.join(conditions, sql` AND `)}
    ) filtered WHERE filtered.score BETWEEN ${min}::numeric AND ${max}::numeric) scored`;
}
