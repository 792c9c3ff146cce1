import { EVALUATION_ENTITIES, projectEvaluationAttachmentSchema, projectEvaluationSchema } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access, principalOf } from '../../platform/access.js';
import { requireInScope } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { orderList } from '../orders/index.js';
import { createProjectEvaluationService } from './project-evaluation.service.js';

/**
 * The project evaluation of an order (spec 2 §7 "Evaluation in workflow", spec 1 §4 rule 6), with the
 * create right on project evaluations and the order in the caller's scope: whether the form is due for
 * the attachment's month, the evaluation, and the skip (docs/decisions.md "Project evaluation of an attachment").
 */
export function registerProjectEvaluationRoutes(app: FastifyInstance, database: Database): void {
  const service = createProjectEvaluationService(database);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const options = {
    config: { access: access.right(EVALUATION_ENTITIES.project, 'create') },
    preHandler: requireInScope(database, orderList),
  };

  typed.get(
    '/api/evaluation/project/:id/due',
    { schema: { params: idParams, querystring: projectEvaluationAttachmentSchema }, ...options },
    async (request) => service.due(request.params.id, request.query.attachement),
  );

  typed.post(
    '/api/evaluation/project/:id',
    { schema: { params: idParams, body: projectEvaluationSchema }, ...options },
    async (request) => {
      const { attachement, ...ratings } = request.body;
      return {
        success: true,
        id: await service.evaluate(
          request.params.id,
          { ...ratings, attachmentId: attachement },
          principalOf(request),
          auditContext(request),
        ),
      };
    },
  );

  typed.post(
    '/api/evaluation/project/:id/skip',
    { schema: { params: idParams, body: projectEvaluationAttachmentSchema }, ...options },
    async (request) => ({
      success: true,
      ...(await service.skip(request.params.id, request.body.attachement, principalOf(request), auditContext(request))),
    }),
  );
}
