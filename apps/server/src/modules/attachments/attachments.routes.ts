import {
  ATTACHMENT_RELEASE_DATE_SUCCESS,
  attachmentCreateSchema,
  attachmentReleaseDateSchema,
  attachmentUpdateSchema,
  IMPORT_SUCCESS_MESSAGE,
  workflowFilterSchema,
} from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { access, principalOf } from '../../platform/access.js';
import { sendCsv } from '../../platform/csv-export.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { type ListDefinition, parseListQuery, runList } from '../../platform/list-engine.js';
import { requireInScope } from '../../platform/list-routes.js';
import type { Principal } from '../../platform/principal.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { marketScope } from '../markets/index.js';
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
import { attachmentRowScope, attachmentWorkItem } from './attachment-work-item.js';
import { registerAttachmentWorkflow } from './attachment-workflow.js';
import { ATTACHMENT_ENTITY, attachmentList } from './attachments.lists.js';
import { createAttachmentService } from './attachments.service.js';

const filterQuery = z.object({ filter: workflowFilterSchema }).passthrough();
const selectedIds = z
  .union([z.array(z.coerce.number().int().positive()), z.string().regex(/^(\d{1,15}(,\d{1,15})*)?$/)], {
    error: 'La sélection doit être une liste d’identifiants.',
  })
  .optional()
  .transform((value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : value.split(',').map(Number)));

/** A BPU the caller may read attachment prestations of: its market is in the caller's scope. */
async function assertBpuInScope(database: Database, principal: Principal, bpuId: number): Promise<void> {
  const scope = marketScope(principal, { projectId: sql`m.project_id`, agencyId: sql`m.agency_id` });
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

  /** The list narrowed by All / My scope / My tasks (spec 2: default My tasks on the screen). */
  async function filteredList(request: FastifyRequest, raw: unknown): Promise<ListDefinition> {
    const parsed = filterQuery.safeParse(raw ?? {});
    if (!parsed.success) {
      throw badRequest(parsed.error.issues[0]?.message ?? 'Filtre inconnu.', { filter: 'Filtre inconnu.' });
    }
    const condition = await app.workflow.workItemFilter(
      principalOf(request),
      parsed.data.filter,
      ATTACHMENT_ENTITY,
      sql`att.id`,
      {
        nodeId: sql`att.wf_node_id`,
        scope: attachmentRowScope,
      },
    );
    // My scope / My tasks: counted and totalled on the attachments (the summaries stand for the unfiltered list)
    return condition ? { ...attachmentList, where: condition, stored: undefined } : attachmentList;
  }

  app.get('/api/attachements', { config: right('read') }, async (request) => {
    const definition = await filteredList(request, request.query);
    const { filter: _filter, ...query } = (request.query ?? {}) as Record<string, unknown>;
    return runList(database, definition, parseListQuery(query), request.principal);
  });

  app.post('/api/attachements/csv', { config: right('read') }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const definition = await filteredList(request, { filter: body.filter });
    const { ids, token: _token, filter: _filter, ...wire } = body;
    const selected = selectedIds.safeParse(ids);
    if (!selected.success) {
      throw badRequest(selected.error.issues[0]?.message ?? 'Sélection invalide.', { ids: 'Sélection invalide.' });
    }
    const query = parseListQuery({ ...wire, page: 0, size: 1 });
    return sendCsv(reply, database, definition, query, request.principal, selected.data, 'attachements');
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
