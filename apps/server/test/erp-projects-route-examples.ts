import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { oracleProjects, oscarProjects, oscarSubprojects } from '../src/db/schema/erp-projects.js';
import { businessUnits } from '../src/db/schema/index.js';
import { inject, uniqueName } from './helper.js';
import type { ExampleContext, RouteExample } from './route-examples.js';

async function asAdmin(context: ExampleContext, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await inject(context.app, { method, url, token: context.admin, payload });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json();
}

/** A project, with the requisitioning business unit of that name when given. */
export async function newErpProject(context: Pick<ExampleContext, 'app' | 'db' | 'admin'>, businessUnit?: string) {
  const [unit] = businessUnit
    ? await context.db.select({ id: businessUnits.id }).from(businessUnits).where(eq(businessUnits.name, businessUnit))
    : [];
  const payload = { name: 'Projet ERP', code: uniqueName('ERP'), businessUnitId: unit?.id ?? null };
  return Number((await asAdmin(context as ExampleContext, 'POST', '/api/project', payload)).id);
}

/** An Oracle project written straight to its table (the ERP synchronisation is their only source). */
export async function newOracleProject(
  context: Pick<ExampleContext, 'db'>,
  values: Partial<typeof oracleProjects.$inferInsert> = {},
): Promise<number> {
  const [row] = await context.db
    .insert(oracleProjects)
    .values({
      erpProjectId: 900_000_000_000 + randomInt(0, 99_999_999),
      name: uniqueName('Projet Oracle'),
      number: uniqueName('PRJ'),
      businessUnitName: null,
      ...values,
    })
    .returning({ id: oracleProjects.id });
  return Number(row?.id);
}

/** An OSCAR project with two sub-projects (OSCAR data have no creation route). */
export async function newOscarProject(context: Pick<ExampleContext, 'db'>): Promise<{ id: number; subprojectIds: number[] }> {
  const [project] = await context.db
    .insert(oscarProjects)
    .values({ name: uniqueName('OSCAR'), dsp: 'DSP Test', oiCode: 'TST' })
    .returning({ id: oscarProjects.id });
  const id = Number(project?.id);
  const subprojects = await context.db
    .insert(oscarSubprojects)
    .values([
      { oscarProjectId: id, name: uniqueName('PM'), oscarColumns: { 'Prises FTTH': '120' } },
      { oscarProjectId: id, name: uniqueName('PM'), oscarColumns: {} },
    ])
    .returning({ id: oscarSubprojects.id });
  return { id, subprojectIds: subprojects.map((row) => row.id) };
}

/** Requests for the Oracle project and OSCAR routes (spec 3 §7). */
export const ERP_PROJECT_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'GET /api/oracle/project/:id/tasks': async (context) => ({
    url: `/api/oracle/project/${await newOracleProject(context)}/tasks`,
  }),
  'GET /api/project/:id/oracleprojects': async (context) => ({
    url: `/api/project/${await newErpProject(context)}/oracleprojects`,
  }),
  'GET /api/project/:id/oracleprojects/available': async (context) => ({
    url: `/api/project/${await newErpProject(context)}/oracleprojects/available`,
  }),
  'PUT /api/project/:id/oracleprojects/:oracleId': async (context) => ({
    url: `/api/project/${await newErpProject(context)}/oracleprojects/${await newOracleProject(context)}`,
  }),
  'DELETE /api/project/:id/oracleprojects/:oracleId': async (context) => {
    const url = `/api/project/${await newErpProject(context)}/oracleprojects/${await newOracleProject(context)}`;
    await asAdmin(context, 'PUT', url);
    return { url };
  },
  'POST /api/oracle/project/:id/sync': async (context) => ({
    url: `/api/oracle/project/${await newErpProject(context, 'BU Occitanie')}/sync`,
  }),
  'POST /api/oracle/projects/sync': async () => ({ url: '/api/oracle/projects/sync' }),
  'GET /api/oscarsubproject/:id': async (context) => ({
    url: `/api/oscarsubproject/${(await newOscarProject(context)).subprojectIds[0]}`,
  }),
  'GET /api/oscarproject/:id/oscarsubprojects': async (context) => ({
    url: `/api/oscarproject/${(await newOscarProject(context)).id}/oscarsubprojects`,
  }),
  'GET /api/project/:id/oscarsubprojects': async (context) => ({
    url: `/api/project/${await newErpProject(context)}/oscarsubprojects`,
  }),
  'POST /api/project/:id/oscarproject/:oscarId': async (context) => ({
    url: `/api/project/${await newErpProject(context)}/oscarproject/${(await newOscarProject(context)).id}`,
  }),
  'DELETE /api/project/:id/oscarproject/:oscarId': async (context) => {
    const url = `/api/project/${await newErpProject(context)}/oscarproject/${(await newOscarProject(context)).id}`;
    await asAdmin(context, 'POST', url);
    return { url };
  },
};
