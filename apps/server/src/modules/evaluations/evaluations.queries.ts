import {
  type AgencyEvaluationRow,
  type CompanyEvaluationRow,
  EVALUATION_CRITERIA,
  EVALUATION_TYPES,
  type EvaluationAxis,
  type EvaluationCriterion,
  type EvaluationFilters,
  type EvaluationScore,
  type EvaluationSummary,
  type ProjectEvaluationRow,
} from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { rowsOf } from '../../platform/sql-rows.js';
import { scoredEvaluations } from './evaluations.filters.js';

type Row = Record<string, unknown>;

/** Averages stay numeric (two decimals as text); the web shows one decimal. */
const average = (expression: SQL) => sql`round(avg(${expression}), 2)::text`;

function score(row: Row): EvaluationScore {
  return { score: (row.score as string | null) ?? null, count: Number(row.count ?? 0) };
}

const COMPANY_SORTS: Record<string, SQL> = {
  companyName: sql`c.name`,
  score: sql`score`,
  count: sql`count`,
  agencyCount: sql`"agencyCount"`,
  lastRatedAt: sql`"lastRatedAt"`,
};

export type CompanyPageQuery = { page: number; size: number; sort?: string };

/** Aggregates of the dashboard, all computed by the database on the filtered evaluations. */
export function createEvaluationQueries(database: Database) {
  async function axes(principal: Principal, filters: EvaluationFilters, extra?: SQL): Promise<EvaluationAxis[]> {
    const rows = await rowsOf(
      database,
      sql`SELECT ec.criterion, ${average(sql`ec.value`)} AS average, count(*)::int AS count
        FROM ${scoredEvaluations(principal, filters, extra)} JOIN evaluation_criteria ec ON ec.evaluation_id = scored.id
        GROUP BY ec.criterion`,
    );
    const byCriterion = new Map(rows.map((row) => [row.criterion as EvaluationCriterion, row]));
    return EVALUATION_CRITERIA.map((criterion) => {
      const row = byCriterion.get(criterion);
      return { criterion, average: (row?.average as string | null) ?? null, count: Number(row?.count ?? 0) };
    });
  }

  return {
    async summary(principal: Principal, filters: EvaluationFilters, extra?: SQL): Promise<EvaluationSummary> {
      const [totals] = await rowsOf(
        database,
        sql`SELECT ${average(sql`score`)} AS score, count(*)::int AS count, count(DISTINCT agency_id)::int AS "agencyCount"
          FROM ${scoredEvaluations(principal, filters, extra)}`,
      );
      const perType = await rowsOf(
        database,
        sql`SELECT type, ${average(sql`score`)} AS score, count(*)::int AS count
          FROM ${scoredEvaluations(principal, filters, extra)} GROUP BY type`,
      );
      const typeScore = (type: number) => score(perType.find((row) => Number(row.type) === type) ?? {});
      const axisList = await axes(principal, filters, extra);
      const axis = (criterion: EvaluationCriterion): EvaluationScore => {
        const found = axisList.find((entry) => entry.criterion === criterion);
        return { score: found?.average ?? null, count: found?.count ?? 0 };
      };
      return {
        ...score(totals ?? {}),
        agencyCount: Number(totals?.agencyCount ?? 0),
        axes: axisList,
        details: {
          safety: typeScore(EVALUATION_TYPES.safety),
          procurement: { ...typeScore(EVALUATION_TYPES.procurement), relational: axis('relational'), rse: axis('rse') },
          project: {
            ...typeScore(EVALUATION_TYPES.project),
            quality: axis('quality'),
            reactivity: axis('reactivity'),
            technic: axis('technic'),
          },
        },
      };
    },

    /** The table of company evaluations, one row per company, paged and sorted. */
    async companies(principal: Principal, filters: EvaluationFilters, page: CompanyPageQuery) {
      const [column = 'companyName', direction = 'asc'] = (page.sort ?? 'companyName,asc').split(',');
      const order = Object.hasOwn(COMPANY_SORTS, column) ? COMPANY_SORTS[column] : undefined;
      if (!order || !['asc', 'desc'].includes(direction)) {
        throw badRequest(`La colonne ${column} ne peut pas être triée.`, { sort: 'Colonne de tri inconnue.' });
      }
      const orderBy = sql`${order} ${direction === 'desc' ? sql`DESC NULLS LAST` : sql`ASC NULLS FIRST`}, c.id`;
      const grouped = sql`SELECT scored.company_id, ${average(sql`score`)} AS score, count(*)::int AS count,
          count(DISTINCT scored.agency_id)::int AS "agencyCount", max(scored.rated_at) AS "lastRatedAt"
        FROM ${scoredEvaluations(principal, filters)} GROUP BY scored.company_id`;
      const content = await rowsOf<CompanyEvaluationRow>(
        database,
        sql`SELECT c.id AS "companyId", c.name AS "companyName", g.score, g.count, g."agencyCount", g."lastRatedAt"
          FROM (${grouped}) g JOIN companies c ON c.id = g.company_id
          ORDER BY ${orderBy} LIMIT ${page.size} OFFSET ${page.page * page.size}`,
      );
      const [total] = await rowsOf(database, sql`SELECT count(*)::int AS total FROM (${grouped}) g`);
      return { content, totalElements: Number(total?.total ?? 0) };
    },

    /** A company's agencies with their score (drill-down, level 2). */
    agenciesOf(principal: Principal, filters: EvaluationFilters, companyId: number) {
      return rowsOf<AgencyEvaluationRow>(
        database,
        sql`SELECT a.id AS "agencyId", a.name AS "agencyName", g.score, g.count, g."lastRatedAt"
          FROM (SELECT scored.agency_id, ${average(sql`score`)} AS score, count(*)::int AS count, max(scored.rated_at) AS "lastRatedAt"
            FROM ${scoredEvaluations(principal, filters, sql`a.company_id = ${companyId}`)} GROUP BY scored.agency_id) g
          JOIN agencies a ON a.id = g.agency_id
          ORDER BY a.name, a.id`,
      );
    },

    /**
     * An agency's projects with their markets (drill-down, levels 3 and 4). The agency's own
     * evaluations (safety, procurement) have no project: they form the row whose project is null.
     */
    async projectsOf(principal: Principal, filters: EvaluationFilters, agencyId: number): Promise<ProjectEvaluationRow[]> {
      const rows = await rowsOf(
        database,
        sql`SELECT g.project_id AS "projectId", p.name AS "projectName", g.market_id AS "marketId", mk.edifice AS "marketName",
            g.score, g.count, g.grouping
          FROM (SELECT scored.project_id, scored.market_id, ${average(sql`score`)} AS score, count(*)::int AS count,
              GROUPING(scored.market_id)::int AS grouping
            FROM ${scoredEvaluations(principal, filters, sql`e.agency_id = ${agencyId}`)}
            GROUP BY GROUPING SETS ((scored.project_id), (scored.project_id, scored.market_id))) g
          LEFT JOIN projects p ON p.id = g.project_id
          LEFT JOIN markets mk ON mk.id = g.market_id
          ORDER BY g.project_id NULLS FIRST, g.grouping DESC, mk.edifice, g.market_id`,
      );
      const projects: ProjectEvaluationRow[] = [];
      for (const row of rows) {
        if (Number(row.grouping) === 1) {
          projects.push({
            projectId: (row.projectId as number | null) ?? null,
            projectName: (row.projectName as string | null) ?? null,
            ...score(row),
            markets: [],
          });
        } else if (row.marketId !== null) {
          projects.at(-1)?.markets.push({ marketId: Number(row.marketId), marketName: String(row.marketName), ...score(row) });
        }
      }
      return projects;
    },
  };
}
