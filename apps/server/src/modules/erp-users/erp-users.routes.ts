import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import type { Erp } from '../../integrations/erp/erp.port.js';
import { access } from '../../platform/access.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { createErpUserService } from './erp-users.service.js';

/**
 * `POST /oracle/user/{id}/rename` (spec 3 §7): the user takes the name of its Oracle person. The spec
 * ties the "rename users" button to the read right on the Oracle configuration.
 */
export function registerErpUserRoutes(app: FastifyInstance, database: Database, erp: Erp): void {
  const service = createErpUserService(database, erp, () => app.principals.invalidate());
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/oracle/user/:id/rename',
      { schema: { params: idParams }, config: { access: access.right('oracle_configuration', 'read') } },
      async (request) => service.rename(request.params.id, auditContext(request)),
    );
}
