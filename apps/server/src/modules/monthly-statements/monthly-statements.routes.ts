import {
  DOCUMENT_PDF_OPTIONS,
  MONTHLY_STATEMENT_ENTITY,
  MONTHLY_STATEMENT_REVERT_OPTION,
  STATEMENT_DOCUMENT_LOCKED_MESSAGE,
  statementAttachmentsSchema,
  statementCreateSchema,
  statementGenerationSchema,
  statementUpdateSchema,
} from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access, principalOf } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { jobAuditOf } from '../../platform/jobs/job-requests.js';
import { registerCsv, registerList, requireInScope } from '../../platform/list-routes.js';
import { issuerFromEnvironment, sendPdf } from '../../platform/pdf-document.js';
import { auditContext, idParams, routeId } from '../../platform/route-helpers.js';
import { marketList } from '../markets/index.js';
import { invoiceCandidateList, releaseCandidateList, statementClientBdcList, statementList } from './monthly-statements.lists.js';
import { createStatementService } from './monthly-statements.service.js';
import { statementGenerationJob } from './statement-generation-job.js';
import { renderStatementPdf } from './statement-pdf.js';
import { scheduleGenerations } from './statement-schedule.js';
import { findStatement } from './statement-store.js';

const attachmentParams = idParams.extend({ attachmentId: idParams.shape.id });

/**
 * Monthly statements (spec 2 /sst/situations, /sst/situation/{id}, §7 Monthly statements). Rights on
 * `monthly_statement`; mark paid and the attachments need update (and an unlocked statement, which the
 * service checks: 422), and so does recording RG releases; cancelling a payment and removing an RG release
 * need the DANGEROUSLY_REVERT option (spec 2 §6). Scope: the market's.
 */
export type StatementHooks = {
  /** Told once a statement is paid (the ERP retention warranties of its released RG). */
  afterPaid?: (statementId: number, request: FastifyRequest) => Promise<void>;
  /** How often this process ticks the scheduled generation (statement-schedule.ts); 0 or absent: never. */
  scheduleMinutes?: number;
};

export function registerStatementRoutes(app: FastifyInstance, database: Database, hooks: StatementHooks = {}): void {
  const service = createStatementService(database);
  const generationJob = app.jobs.define(statementGenerationJob(database, app.principals));
  scheduleGenerations(app, database, generationJob, hooks.scheduleMinutes ?? 0);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const right = (action: 'create' | 'read' | 'update' | 'delete') => ({ access: access.right(MONTHLY_STATEMENT_ENTITY, action) });
  const inScope = { preHandler: requireInScope(database, statementList) };
  // the statement's pickers list the attachments of its market (the statement is in scope: its preHandler)
  const ofTheStatementsMarket = async (request: FastifyRequest) => {
    const statement = await findStatement(database, routeId(request));
    if (!statement) {
      throw notFound();
    }
    return sql`o.market_id = ${statement.marketId}`;
  };
  // the detail's Documents tab: scoped as the statement; a paid (locked) statement keeps its documents (one may
  // still be added, e.g. the proof of payment) — docs/decisions.md "Monthly statements: detail and list gaps"
  app.documentOwners.registerOwner(MONTHLY_STATEMENT_ENTITY, {
    entity: MONTHLY_STATEMENT_ENTITY,
    list: statementList,
    removalRefusal: async (db, ownerId) =>
      (await findStatement(db, ownerId))?.locked ? STATEMENT_DOCUMENT_LOCKED_MESSAGE : null,
  });

  registerList(app, database, {
    path: '/api/situations',
    definition: statementList,
    access: access.right(MONTHLY_STATEMENT_ENTITY, 'read'),
  });
  // spec 2 §7 "CSV: GET /monthlystatements/csv and /monthlystatements/csv/clientBdc"; the screens post their
  // list state as every list export does (POST), an API client may GET with the same fields
  registerCsv(app, database, {
    csvPath: '/api/monthlystatements/csv',
    definition: statementList,
    access: access.right(MONTHLY_STATEMENT_ENTITY, 'read'),
    fileName: 'situations',
    get: true,
  });
  registerCsv(app, database, {
    csvPath: '/api/monthlystatements/csv/clientBdc',
    definition: statementClientBdcList,
    access: access.right(MONTHLY_STATEMENT_ENTITY, 'read'),
    fileName: 'situations-bdc-client',
    get: true,
  });

  typed.post('/api/situation/create', { schema: { body: statementCreateSchema }, config: right('create') }, async (request) => ({
    success: true as const,
    id: await service.create(request.body, principalOf(request), auditContext(request)),
  }));

  // spec 2 §5 generation: one statement per market of the projects with free validated attachments (create right)
  typed.post(
    '/api/projects/monthlyStatement',
    { schema: { body: statementGenerationSchema }, config: right('create') },
    async (request) =>
      app.jobs.runAndWait(
        generationJob,
        { projectIds: [...request.body], audit: jobAuditOf(request) },
        { entity: MONTHLY_STATEMENT_ENTITY, entityId: null, creatorId: principalOf(request).userId },
      ),
  );

  typed.get('/api/situation/:id', { schema: { params: idParams }, config: right('read'), ...inScope }, async (request) =>
    service.get(request.params.id),
  );

  typed.put(
    '/api/situation/:id',
    { schema: { params: idParams, body: statementUpdateSchema }, config: right('update'), ...inScope },
    async (request) => ({
      success: true,
      id: request.params.id,
      record: await service.update(request.params.id, request.body, auditContext(request)),
    }),
  );

  typed.delete(
    '/api/situation/:id/delete',
    { schema: { params: idParams }, config: right('delete'), ...inScope },
    async (request) => {
      await service.remove(request.params.id, auditContext(request));
      return { success: true };
    },
  );

  // spec 2 statement detail: the PDF (Factur-X, PDF/A-3 with its EN 16931 XML); the download option of the business documents
  const issuer = issuerFromEnvironment();
  typed.post(
    '/api/situation/:id/pdf',
    {
      schema: { params: idParams },
      config: { access: access.right(MONTHLY_STATEMENT_ENTITY, 'read', DOCUMENT_PDF_OPTIONS) },
      preHandler: [requireInScope(database, statementList)],
    },
    async (request, reply) => {
      const { fileName, pdf } = await renderStatementPdf(database, service, request.params.id, issuer);
      return sendPdf(reply, fileName, pdf);
    },
  );

  typed.get(
    '/api/situation/:id/attachements',
    { schema: { params: idParams }, config: right('read'), ...inScope },
    async (request) => service.attachmentsOf(request.params.id),
  );

  // the detail's "add attachments" picker: what its market may still invoice
  registerList(app, database, {
    path: '/api/situation/:id/agencyattachements',
    params: idParams,
    ...inScope,
    definition: invoiceCandidateList,
    where: ofTheStatementsMarket,
    access: access.right(MONTHLY_STATEMENT_ENTITY, 'read'),
  });

  typed.post(
    '/api/situation/:id/attachement',
    { schema: { params: idParams, body: statementAttachmentsSchema }, config: right('update'), ...inScope },
    async (request) => {
      await service.addAttachments(request.params.id, request.body, auditContext(request));
      return { success: true, record: await service.get(request.params.id) };
    },
  );

  typed.delete(
    '/api/situation/:id/attachement/:attachmentId',
    { schema: { params: attachmentParams }, config: right('update'), ...inScope },
    async (request) => {
      await service.removeAttachment(request.params.id, request.params.attachmentId, auditContext(request));
      return { success: true, record: await service.get(request.params.id) };
    },
  );

  typed.get(
    '/api/situation/:id/rgreleases',
    { schema: { params: idParams }, config: right('read'), ...inScope },
    async (request) => service.releasesOf(request.params.id),
  );

  // the detail's RG release picker: the attachments of its market whose RG it may release
  registerList(app, database, {
    path: '/api/situation/:id/rgreleases/candidates',
    params: idParams,
    ...inScope,
    definition: releaseCandidateList,
    where: ofTheStatementsMarket,
    access: access.right(MONTHLY_STATEMENT_ENTITY, 'read'),
  });

  typed.post(
    '/api/situation/:id/rg',
    { schema: { params: idParams, body: statementAttachmentsSchema }, config: right('update'), ...inScope },
    async (request) => {
      await service.recordReleases(request.params.id, request.body, auditContext(request));
      return { success: true, record: await service.get(request.params.id) };
    },
  );

  typed.delete(
    '/api/situation/:id/attachement/:attachmentId/rg',
    { schema: { params: attachmentParams }, config: { access: access.option(MONTHLY_STATEMENT_REVERT_OPTION) }, ...inScope },
    async (request) => {
      await service.removeRelease(request.params.id, request.params.attachmentId, auditContext(request));
      return { success: true, record: await service.get(request.params.id) };
    },
  );

  typed.post(
    '/api/situation/:id/paid',
    { schema: { params: idParams }, config: right('update'), ...inScope },
    async (request) => {
      await service.markPaid(request.params.id, auditContext(request));
      await hooks.afterPaid?.(request.params.id, request);
      return { success: true, record: await service.get(request.params.id) };
    },
  );

  typed.post(
    '/api/situation/:id/dangerously_unpay',
    { schema: { params: idParams }, config: { access: access.option(MONTHLY_STATEMENT_REVERT_OPTION) }, ...inScope },
    async (request) => {
      await service.unpay(request.params.id, auditContext(request));
      return { success: true, record: await service.get(request.params.id) };
    },
  );

  // the market's Situations tab, newest first: counted and totalled from its market's summary row, as the
  // list is from every market's
  registerList(app, database, {
    path: '/api/market/:id/statements',
    params: idParams,
    preHandler: requireInScope(database, marketList),
    definition: statementList,
    where: (request) => sql`s.market_id = ${routeId(request)}`,
    storedWhere: (request) => sql`ss.market_id = ${routeId(request)}`,
    access: access.right(MONTHLY_STATEMENT_ENTITY, 'read'),
  });
}
