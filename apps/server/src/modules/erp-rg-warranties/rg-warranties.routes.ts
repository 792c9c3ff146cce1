import { rgWarrantyErrorSchema, rgWarrantySuccessSchema } from '@isf/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import type { Erp } from '../../integrations/erp/erp.port.js';
import { access } from '../../platform/access.js';
import { registerList, requireInScope } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { rgWarrantyList } from './rg-warranties.lists.js';
import { rgWarrantySendJob } from './rg-warranty-send.js';
import { moveWarranty, recordStatementWarranties } from './rg-warranty-store.js';

export type RgWarranties = {
  /** After a statement is paid: its released RG become warranties and their invoices are queued. */
  statementPaid(statementId: number, request: FastifyRequest): Promise<void>;
};

/**
 * ERP retention warranties (spec 2 /release-rg-warranties, §7): the list, and the three moves a person
 * makes — success (invoice name), error (reason), back to processing (which sends the invoice again).
 * Rights on `warranty`: read for the list, update for the moves. Scope: the order's market.
 */
export function registerRgWarrantyRoutes(app: FastifyInstance, database: Database, erp: Erp): RgWarranties {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const sendJob = app.jobs.define(rgWarrantySendJob(database, erp));
  const update = { access: access.right('warranty', 'update') };
  const inScope = { preHandler: requireInScope(database, rgWarrantyList) };
  const queue = async (ids: number[], request: FastifyRequest) => {
    for (const warrantyId of ids) {
      await app.jobs.enqueue(
        sendJob,
        { warrantyId },
        { entity: 'warranty', entityId: warrantyId, creatorId: request.principal?.userId ?? null },
      );
    }
  };

  registerList(app, database, {
    path: '/api/oracle/rg-warranties',
    csvPath: '/api/oracle/rg-warranties/csv',
    definition: rgWarrantyList,
    access: access.right('warranty', 'read'),
    fileName: 'garanties-rg-oracle',
  });

  typed.post(
    '/api/oracle/rg-warranties/:id/success',
    { schema: { params: idParams, body: rgWarrantySuccessSchema }, config: update, ...inScope },
    async (request) => {
      await moveWarranty(database, request.params.id, 'success', request.body.statusReason, auditContext(request));
      return { success: true };
    },
  );

  typed.post(
    '/api/oracle/rg-warranties/:id/error',
    { schema: { params: idParams, body: rgWarrantyErrorSchema }, config: update, ...inScope },
    async (request) => {
      await moveWarranty(database, request.params.id, 'error', request.body.statusReason, auditContext(request));
      return { success: true };
    },
  );

  typed.post(
    '/api/oracle/rg-warranties/:id/processing',
    { schema: { params: idParams }, config: update, ...inScope },
    async (request) => {
      await moveWarranty(database, request.params.id, 'processing', null, auditContext(request));
      await queue([request.params.id], request);
      return { success: true };
    },
  );

  return {
    async statementPaid(statementId, request) {
      await queue(await recordStatementWarranties(database, statementId, auditContext(request)), request);
    },
  };
}
