import { bpuTemplateCreateSchema, bpuTemplateUpdateSchema, IMPORT_SUCCESS_MESSAGE, type ImportReply } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access } from '../../platform/access.js';
import { jobAuditOf, taskTargetOf } from '../../platform/jobs/job-requests.js';
import { registerList } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { createBpuTemplateService } from './bpu-templates.service.js';
import { sendTemplateCsv } from './csv-export.js';
import { parseCsv, readCsvUpload } from './csv-import.js';
import { templateImportJob } from './import-jobs.js';
import { prestationSortQuery } from './prestation-rows.js';
import { bpuTemplateList } from './price-schedules.lists.js';

/** BPU templates (spec 3 /sst/bputemplates): list, detail, prestations, CSV export and import, editor pickers. */
export function registerBpuTemplateRoutes(app: FastifyInstance, database: Database): void {
  const service = createBpuTemplateService(database);
  const importJob = app.jobs.define(templateImportJob(database, app.principals));
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const right = (action: 'create' | 'read' | 'update' | 'delete') => ({ access: access.right('bpu_template', action) });

  registerList(app, database, {
    path: '/api/bputemplates',
    csvPath: '/api/bputemplate/csv',
    definition: bpuTemplateList,
    access: access.right('bpu_template', 'read'),
    fileName: 'modeles-bpu',
  });

  typed.get('/api/bputemplates/list', { config: right('read') }, async () => service.all());
  typed.get('/api/bputemplates/units', { config: right('read') }, async () => service.choices('units'));
  typed.get('/api/bputemplates/prestationreferences', { config: right('read') }, async () => service.choices('references'));
  typed.get('/api/bputemplates/prestationtypes', { config: right('read') }, async () => service.choices('types'));

  typed.post('/api/bputemplate', { schema: { body: bpuTemplateCreateSchema }, config: right('create') }, async (request) => ({
    success: true,
    id: await service.create(request.body, auditContext(request)),
  }));

  typed.get('/api/bputemplate/:id', { schema: { params: idParams }, config: right('read') }, async (request) =>
    service.get(request.params.id),
  );

  typed.put(
    '/api/bputemplate/:id',
    { schema: { params: idParams, body: bpuTemplateUpdateSchema }, config: right('update') },
    async (request) => ({
      success: true,
      id: request.params.id,
      record: await service.update(request.params.id, request.body, auditContext(request)),
    }),
  );

  typed.delete('/api/bputemplate/:id', { schema: { params: idParams }, config: right('delete') }, async (request) => {
    await service.remove(request.params.id, auditContext(request));
    return { success: true };
  });

  typed.get(
    '/api/bputemplate/:id/prestations',
    { schema: { params: idParams, querystring: prestationSortQuery }, config: right('read') },
    async (request) => service.prestations(request.params.id, request.query.sort),
  );

  typed.post(
    '/api/bputemplate/:id/export',
    { schema: { params: idParams, querystring: prestationSortQuery }, config: right('read') },
    async (request, reply) =>
      sendTemplateCsv(reply, request.params.id, await service.prestations(request.params.id, request.query.sort)),
  );

  typed.post(
    '/api/bputemplate/:id/import',
    { schema: { params: idParams }, config: right('update') },
    async (request): Promise<ImportReply> => {
      await service.get(request.params.id);
      const csv = parseCsv(await readCsvUpload(request));
      const counts = await app.jobs.runAndWait(
        importJob,
        { templateId: request.params.id, csv, audit: jobAuditOf(request) },
        taskTargetOf(request, 'bpu_template', request.params.id),
      );
      return { success: true, message: IMPORT_SUCCESS_MESSAGE, ...counts };
    },
  );
}
