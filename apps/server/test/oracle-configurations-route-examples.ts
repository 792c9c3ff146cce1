import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.js';
import { newErpProject } from './erp-projects-route-examples.js';
import type { RouteExample } from './route-examples.js';

/** Requests for the Oracle user rename and the OSCAR picker values of a project (spec 3 §7). */
export const ORACLE_CONFIGURATION_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  // the administrator already has its Oracle name: the rename answers without changing anything
  'POST /api/oracle/user/:id/rename': async (context) => {
    const [admin] = await context.db.select({ id: users.id }).from(users).where(eq(users.uid, 'admin'));
    return { url: `/api/oracle/user/${admin?.id}/rename` };
  },
  'GET /api/project/:id/pms': async (context) => ({ url: `/api/project/${await newErpProject(context)}/pms` }),
};
