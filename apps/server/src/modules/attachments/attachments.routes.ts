import {
  ATTACHMENT_RELEASE_DATE_SUCCESS,
  attachmentCreateSchema,
  attachmentReleaseDateSchema,
  attachmentUpdateSchema,
  IMPORT_SUCCESS_MESSAGE,
} from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access, principalOf } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { registerList, requireInScope } from '../../platform/list-routes.js';
import type { Principal } from '../../platform/principal.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { joinedMarketScope } from '../markets/index.js';
import { orderList } from '../orders/index.js';
import { prestationSortQuery, readCsvUpload } from '../price-schedules/index.js';
import { attachmentDocumentRemovalRefusal } from './attachment-editing.js';
import { registerAttachmentErpRoutes } from './attachment-erp.routes.js';
import { registerAttachmentPdfRoutes } from './attachment-pdf.routes.js';
import {
  attachmentPrestations,
  attachmentPrestationsQuery,
  bpuAttachmentPrestations,
  sendAttachmentBpuCsv,
  sendAttachmentCsv,
} from './attachment-prestations.js';
import { attachmentWorkItem } from './attachment-work-item.js';
import { registerAttachmentWorkflow } from './attachment-workflow.js';
import { ATTACHMENT_ENTITY, attachmentList } from './attachments.lists.js';
import { createAttachmentService } from './attachments.service.js';

/** A BPU the caller may read attachment prestations of: its market is in the caller's scope. */
async function assertBpuInScope(database: Database, principal: Principal, bpuId: number): Promise<void> {
  const scope = joinedMarketScope(principal);
  const result = (await database.execute(sql`SELECT 1 AS found FROM bpus b JOIN markets m ON m.id = b.market_id
    WHERE b.id = ${bpuId}${scope ? sql` AND ${scope}` : sql``}`)) as unknown as { rows: unknown[] };
  if (result.rows.length === 0) {
    throw notFound();
  }
}

/** Attachments (spec 2 /sst/attachements, /sst/attachement/{id}, §7 Attachments). */
export function registerAttachmentRoutes(app: FastifyInstance, database: Database): void {
  const service = createAttachmentService(database);
  app.workflow.registry.registerKind(attachmentWorkItem);
  registerAttachmentWorkflow(app.workflow.registry);
  app.documentOwners.registerOwner('attachement', {
    entity: 'attachement',
    list: attachmentList,
    removalRefusal: attachmentDocumentRemovalRefusal,
  });
  registerAttachmentErpRoutes(app, database);
  registerAttachmentPdfRoutes(app, database, service);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const right = (action: 'create' | 'read' | 'update' | 'delete') => ({ access: access.right(ATTACHMENT_ENTITY, action) });
  const inScope = { preHandler: requireInScope(database, attachmentList) };

  // All / My scope / My tasks (spec 2: default My tasks on the screen), read on the attachments' stored node
  registerList(app, database, {
    path: '/api/attachements',
    csvPath: '/api/attachements/csv',
    definition: attachmentList,
    access: access.right(ATTACHMENT_ENTITY, 'read'),
    fileName: 'attachements',
    workItems: app.workflow.workItemList(attachmentWorkItem),
  });

  typed.post('/api/attachement', { schema: { body: attachmentCreateSchema }, config: right('create') }, async (request) => ({
    success: true as const,
    ...(await service.create(request.body, principalOf(request), auditContext(request))),
  }));

  typed.get('/api/attachement/:id', { schema: { params: idParams }, config: right('read'), ...inScope }, async (request) =>
    service.get(request.params.id, principalOf(request)),
  );

  typed.put(
    '/api/attachement/:id',
    { schema: { params: idParams, body: attachmentUpdateSchema }, config: right('update'), ...inScope },
    async (request) => ({
      success: true,
      id: request.params.id,
      record: await service.update(request.params.id, request.body, principalOf(request), auditContext(request)),
    }),
  );

  typed.delete(
    '/api/attachement/:id/delete',
    { schema: { params: idParams }, config: right('delete'), ...inScope },
    async (request) => {
      await service.remove(request.params.id, auditContext(request));
      return { success: true };
    },
  );

  typed.get(
    '/api/attachement/:id/prestations',
    { schema: { params: idParams, querystring: attachmentPrestationsQuery }, config: right('read'), ...inScope },
    async (request) => attachmentPrestations(database, request.params.id, request.query),
  );

  typed.post(
    '/api/attachement/:id/import',
    { schema: { params: idParams }, config: right('update'), ...inScope },
    async (request) => {
      const content = await readCsvUpload(request);
      const count = await service.importLines(request.params.id, content, principalOf(request), auditContext(request));
      return { success: true, message: IMPORT_SUCCESS_MESSAGE, updated: count };
    },
  );

  typed.post(
    '/api/attachement/:id/export',
    { schema: { params: idParams, querystring: prestationSortQuery }, config: right('read'), ...inScope },
    async (request, reply) => {
      const target = await service.target(request.params.id);
      const rows = await attachmentPrestations(database, target.id, {
        sort: request.query.sort,
        displayAll: false,
        onlyAttached: false,
      });
      return sendAttachmentCsv(reply, target.reference, rows);
    },
  );

  typed.post(
    '/api/attachement/:id/export/bpu',
    { schema: { params: idParams, querystring: prestationSortQuery }, config: right('read'), ...inScope },
    async (request, reply) => sendAttachmentBpuCsv(reply, database, await service.target(request.params.id), request.query.sort),
  );

  typed.put(
    '/api/attachement/:id/warranties/releaseDate',
    { schema: { params: idParams, body: attachmentReleaseDateSchema }, config: right('update'), ...inScope },
    async (request) => ({
      success: true,
      message: ATTACHMENT_RELEASE_DATE_SUCCESS,
      record: await service.setReleaseDate(request.params.id, request.body, principalOf(request), auditContext(request)),
    }),
  );

  typed.get(
    '/api/order/:id/attachements',
    { schema: { params: idParams }, config: right('read'), preHandler: requireInScope(database, orderList) },
    async (request) => service.ofOrder(request.params.id),
  );

  typed.get(
    '/api/bpu/:id/attachement/prestations',
    { schema: { params: idParams, querystring: prestationSortQuery }, config: right('read') },
    async (request) => {
      await assertBpuInScope(database, principalOf(request), request.params.id);
      return bpuAttachmentPrestations(database, request.params.id, request.query.sort);
    },
  );
}
