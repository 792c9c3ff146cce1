import { and, asc, eq, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { oscarProjects, oscarSubprojects } from '../../db/schema/erp-projects.js';
import { access, principalOf } from '../../platform/access.js';
import { requireInScope } from '../../platform/list-routes.js';
import type { Principal } from '../../platform/principal.js';
import { idParams } from '../../platform/route-helpers.js';
import { projectScope } from '../../platform/scope.js';
import { textContains } from '../../platform/text-match.js';
import { projectList } from '../projects/index.js';

/** At most this many values in one answer: pickers narrow with `search`. */
export const OSCAR_VALUES_LIMIT = 500;

const valuesQuery = z.object({
  search: z.string().trim().max(100, 'La recherche contient au plus 100 caractères.').optional(),
});

type ValuesFilter = { principal: Principal; search?: string; projectId?: number };

/**
 * The distinct non-empty values of a column of the OSCAR sub-projects the caller may see, sorted, for
 * the pickers of the FTTH columns; `search` keeps those that contain it (case and accents ignored).
 */
async function distinctValues(database: Database, column: PgColumn, filter: ValuesFilter): Promise<string[]> {
  const conditions: (SQL | undefined)[] = [
    isNotNull(column),
    ne(column, ''),
    projectScope(filter.principal, sql`${oscarProjects.projectId}`),
    filter.search ? textContains(column, filter.search) : undefined,
    filter.projectId === undefined ? undefined : eq(oscarProjects.projectId, filter.projectId),
  ];
  const rows = await database
    .selectDistinct({ value: sql<string>`${column}` })
    .from(oscarSubprojects)
    .innerJoin(oscarProjects, eq(oscarProjects.id, oscarSubprojects.oscarProjectId))
    .where(and(...conditions))
    .orderBy(asc(column))
    .limit(OSCAR_VALUES_LIMIT);
  return rows.map((row) => row.value);
}

/**
 * Picker values of the OSCAR sub-projects (spec 3 §7): `GET /dsps`, `/nros` (NRO names), `/pms` (PM
 * identifiers of the IPE) and `/project/{id}/pms` (those of the OSCAR projects attached to a project),
 * read with the project read right, within the caller's project scope.
 */
export function registerOscarValueRoutes(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: access.right('project', 'read') };
  const lists: [string, PgColumn][] = [
    ['/api/dsps', oscarSubprojects.dsp],
    ['/api/nros', oscarSubprojects.nroName],
    ['/api/pms', oscarSubprojects.ipeIdPm],
  ];
  for (const [path, column] of lists) {
    typed.get(path, { schema: { querystring: valuesQuery }, config: read }, async (request) =>
      distinctValues(database, column, { principal: principalOf(request), search: request.query.search }),
    );
  }

  typed.get(
    '/api/project/:id/pms',
    { schema: { params: idParams, querystring: valuesQuery }, config: read, preHandler: requireInScope(database, projectList) },
    async (request) =>
      distinctValues(database, oscarSubprojects.ipeIdPm, {
        principal: principalOf(request),
        search: request.query.search,
        projectId: request.params.id,
      }),
  );
}
