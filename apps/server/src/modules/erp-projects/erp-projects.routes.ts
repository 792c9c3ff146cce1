import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Erp } from '../../integrations/erp/erp.port.js';
import { createErpProjectService } from './erp-projects.service.js';
import { registerOracleProjectRoutes } from './oracle-projects.routes.js';
import { registerOscarProjectRoutes } from './oscar-projects.routes.js';
import { registerOscarValueRoutes } from './oscar-values.routes.js';

/** The ERP side of projects (spec 3 Project detail): Oracle projects and OSCAR sub-projects. */
export function registerErpProjectRoutes(app: FastifyInstance, database: Database, erp: Erp): void {
  const service = createErpProjectService(database);
  registerOracleProjectRoutes(app, database, erp, service);
  registerOscarProjectRoutes(app, database, service);
  registerOscarValueRoutes(app, database);
}
