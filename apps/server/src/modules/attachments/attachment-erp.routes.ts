import { ATTACHMENT_ERP_QUEUED_MESSAGE } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access } from '../../platform/access.js';
import { requireInScope } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { ATTACHMENT_ENTITY, attachmentList } from './attachments.lists.js';

/**
 * POST /oracle/attachement/{id} (spec 2 §7): the detail's Send to ERP (its receipt), with the attachment
 * update right; only once its order is in the ERP. The send is a job of the ERP exchange.
 */
export function registerAttachmentErpRoutes(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/oracle/attachement/:id',
    {
      schema: { params: idParams },
      config: { access: access.right(ATTACHMENT_ENTITY, 'update') },
      preHandler: requireInScope(database, attachmentList),
    },
    async (request) => {
      const queued = await app.erpExchange.sendAttachment(request.params.id, auditContext(request));
      return { success: true, oracleStatus: queued.oracleStatus, taskId: queued.taskId, message: ATTACHMENT_ERP_QUEUED_MESSAGE };
    },
  );
}
