import {
  EVALUATION_DOCUMENT_OWNER,
  EVALUATION_DOCUMENT_TYPE_CODE,
  EVALUATION_ENTITIES,
  EVALUATION_ENTITY_LIST,
  EVALUATION_FILE_TOO_LARGE_MESSAGE,
  EVALUATION_MAX_FILE_BYTES,
  evaluationFiltersSchema,
  procurementEvaluationSchema,
  safetyEvaluationSchema,
} from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { FileStorage } from '../../integrations/storage/storage.port.js';
import { access, principalOf } from '../../platform/access.js';
import { sendCsv } from '../../platform/csv-export.js';
import { parseListQuery } from '../../platform/list-engine.js';
import { requireInScope } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { agencyList } from '../agencies/index.js';
import { companyList } from '../companies/index.js';
import { evaluationExportList } from './evaluations.export.js';
import { createEvaluationQueries } from './evaluations.queries.js';
import { evaluationList } from './evaluations.scope.js';
import { createEvaluationService } from './evaluations.service.js';
import { registerProjectEvaluationRoutes } from './project-evaluation.routes.js';

const companyPageSchema = evaluationFiltersSchema.extend({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(200).default(10),
  sort: z.string().max(50).optional(),
});

/** Supplier evaluations (spec 3 §7): the dashboard's aggregates, the agency's panel, creation, deletion, export. */
export function registerEvaluationRoutes(app: FastifyInstance, database: Database, storage: FileStorage): void {
  const service = createEvaluationService(database, storage);
  const queries = createEvaluationQueries(database);
  // spec 3 §5: evaluation attachments, 2 MB at most, of the evaluation type (the spec's legacy id 11)
  app.documentOwners.registerOwner(EVALUATION_DOCUMENT_OWNER, {
    entity: EVALUATION_ENTITY_LIST,
    list: evaluationList,
    maxFile: { bytes: EVALUATION_MAX_FILE_BYTES, message: EVALUATION_FILE_TOO_LARGE_MESSAGE },
    typeCode: EVALUATION_DOCUMENT_TYPE_CODE,
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // spec 3 §2: the panel and the dashboard show with any evaluation read right; rows follow each type's right
  const readAny = { access: access.anyRight(EVALUATION_ENTITY_LIST, 'read') };
  const agencyInScope = { preHandler: requireInScope(database, agencyList) };
  const companyInScope = { preHandler: requireInScope(database, companyList) };
  registerProjectEvaluationRoutes(app, database);

  typed.get('/api/evaluation/summary', { schema: { querystring: evaluationFiltersSchema }, config: readAny }, async (request) =>
    queries.summary(principalOf(request), request.query),
  );

  typed.get('/api/evaluation/companies', { schema: { querystring: companyPageSchema }, config: readAny }, async (request) =>
    queries.companies(principalOf(request), request.query, request.query),
  );

  typed.get(
    '/api/evaluation/company/:id',
    { schema: { params: idParams, querystring: evaluationFiltersSchema }, config: readAny, ...companyInScope },
    async (request) => queries.agenciesOf(principalOf(request), request.query, request.params.id),
  );

  typed.get(
    '/api/evaluation/agency/:id/projects',
    { schema: { params: idParams, querystring: evaluationFiltersSchema }, config: readAny, ...agencyInScope },
    async (request) => queries.projectsOf(principalOf(request), request.query, request.params.id),
  );

  typed.get(
    '/api/evaluation/agency/:id',
    { schema: { params: idParams, querystring: evaluationFiltersSchema }, config: readAny, ...agencyInScope },
    async (request) => service.ofAgency(request.params.id, request.query, principalOf(request)),
  );

  typed.post(
    '/api/evaluation/export',
    { schema: { body: evaluationFiltersSchema.extend({ token: z.string().optional() }) }, config: readAny },
    async (request, reply) => {
      const principal = principalOf(request);
      const definition = evaluationExportList(principal, request.body);
      return sendCsv(reply, database, definition, parseListQuery({ page: 0, size: 1 }), null, [], 'evaluations');
    },
  );

  typed.post(
    '/api/evaluation/safety/:id',
    {
      schema: { params: idParams, body: safetyEvaluationSchema },
      config: { access: access.right(EVALUATION_ENTITIES.safety, 'create') },
      ...agencyInScope,
    },
    async (request) => ({
      success: true,
      id: await service.createForAgency(
        request.params.id,
        { kind: 'safety', ratings: { safety: request.body.safety }, comment: request.body.comment },
        principalOf(request),
        auditContext(request),
      ),
    }),
  );

  typed.post(
    '/api/evaluation/procurement/:id',
    {
      schema: { params: idParams, body: procurementEvaluationSchema },
      config: { access: access.right(EVALUATION_ENTITIES.procurement, 'create') },
      ...agencyInScope,
    },
    async (request) => ({
      success: true,
      id: await service.createForAgency(
        request.params.id,
        {
          kind: 'procurement',
          ratings: { rse: request.body.rse, relational: request.body.relational },
          comment: request.body.comment,
        },
        principalOf(request),
        auditContext(request),
      ),
    }),
  );

  // the type's own delete right is checked on the record (spec 3 §6)
  typed.delete(
    '/api/evaluation/:id',
    { schema: { params: idParams }, config: { access: access.anyRight(EVALUATION_ENTITY_LIST, 'delete') } },
    async (request) => {
      await service.remove(request.params.id, principalOf(request), auditContext(request));
      return { success: true };
    },
  );
}
