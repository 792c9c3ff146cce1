import { bpuCreateSchema, bpuUpdateSchema, IMPORT_SUCCESS_MESSAGE, type ImportReply } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access } from '../../platform/access.js';
import { jobAuditOf, taskTargetOf } from '../../platform/jobs/job-requests.js';
import { registerList } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { assertUnlocked, createBpuService } from './bpus.service.js';
import { sendBpuCsv } from './csv-export.js';
import { parseCsv, readCsvUpload } from './csv-import.js';
import { bpuImportJob } from './import-jobs.js';
import { prestationSortQuery } from './prestation-rows.js';
import { bpuList } from './price-schedules.lists.js';

/** BPU of markets (spec 3 /sst/bpu): list, detail, price lines, CSV export and price import. */
export function registerBpuRoutes(app: FastifyInstance, database: Database): void {
  const service = createBpuService(database);
  const importJob = app.jobs.define(bpuImportJob(database, app.principals));
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const right = (action: 'create' | 'read' | 'update' | 'delete') => ({ access: access.right('bpu_sst', action) });

  registerList(app, database, {
    path: '/api/bpus',
    csvPath: '/api/bpu/csv',
    definition: bpuList,
    access: access.right('bpu_sst', 'read'),
    fileName: 'bpu',
  });

  typed.post('/api/bpu', { schema: { body: bpuCreateSchema }, config: right('create') }, async (request) => ({
    success: true,
    id: await service.create(request.body, auditContext(request)),
  }));

  typed.get('/api/bpu/:id', { schema: { params: idParams }, config: right('read') }, async (request) =>
    service.get(request.params.id),
  );

  typed.put(
    '/api/bpu/:id',
    { schema: { params: idParams, body: bpuUpdateSchema }, config: right('update') },
    async (request) => ({
      success: true,
      id: request.params.id,
      record: await service.update(request.params.id, request.body, auditContext(request)),
    }),
  );

  typed.delete('/api/bpu/:id', { schema: { params: idParams }, config: right('delete') }, async (request) => {
    await service.remove(request.params.id, auditContext(request));
    return { success: true };
  });

  typed.get(
    '/api/bpu/:id/prestations',
    { schema: { params: idParams, querystring: prestationSortQuery }, config: right('read') },
    async (request) => service.prestations(request.params.id, request.query.sort),
  );

  typed.post(
    '/api/bpu/:id/export',
    { schema: { params: idParams, querystring: prestationSortQuery }, config: right('read') },
    async (request, reply) =>
      sendBpuCsv(reply, request.params.id, await service.prestations(request.params.id, request.query.sort)),
  );

  typed.post(
    '/api/bpu/:id/import',
    { schema: { params: idParams }, config: right('update') },
    async (request): Promise<ImportReply> => {
      assertUnlocked(await service.find(request.params.id));
      const csv = parseCsv(await readCsvUpload(request));
      const { updated } = await app.jobs.runAndWait(
        importJob,
        { bpuId: request.params.id, csv, audit: jobAuditOf(request) },
        taskTargetOf(request, 'bpu_sst', request.params.id),
      );
      return { success: true, message: IMPORT_SUCCESS_MESSAGE, created: 0, updated };
    },
  );
}
