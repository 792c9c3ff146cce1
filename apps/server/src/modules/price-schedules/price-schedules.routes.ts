import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { registerBpuTemplateRoutes } from './bpu-templates.routes.js';
import { registerBpuRoutes } from './bpus.routes.js';
import { registerCategoryRoutes } from './categories.routes.js';
import { registerOrderTemplateRoutes } from './order-templates.routes.js';
import { registerPrestationRoutes } from './prestations.routes.js';

/** Price schedules (spec 3): categories, prestations, BPU templates, BPU of markets, order templates. */
export function registerPriceScheduleRoutes(app: FastifyInstance, database: Database): void {
  registerCategoryRoutes(app, database);
  registerPrestationRoutes(app, database);
  registerBpuTemplateRoutes(app, database);
  registerBpuRoutes(app, database);
  registerOrderTemplateRoutes(app, database);
}
