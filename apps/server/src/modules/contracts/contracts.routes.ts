import {
  contractCreateSchema,
  contractUpdateSchema,
  envelopeCreateSchema,
  envelopeUpdateSchema,
  envelopeValidationSchema,
} from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access, principalOf } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { isInScope } from '../../platform/list-engine.js';
import { registerList, requireInScope } from '../../platform/list-routes.js';
import { auditContext, idParams, routeId } from '../../platform/route-helpers.js';
import { marketList } from '../markets/index.js';
import { contractList, envelopeList } from './contracts.lists.js';
import { createContractService } from './contracts.service.js';
import { envelopeWorkItem } from './envelope-work-item.js';
import { createEnvelopeService, envelopeDocumentRefusal, registerEnvelopeWorkflowRules } from './envelopes.service.js';

/** Contracts and their envelopes (spec 2 /sst/contracts, Envelope manager, §7 Contracts and envelopes). */
export function registerContractRoutes(app: FastifyInstance, database: Database): void {
  const contractsService = createContractService(database);
  const envelopesService = createEnvelopeService(database, app.workflow);
  app.workflow.registry.registerKind(envelopeWorkItem);
  registerEnvelopeWorkflowRules(app.workflow.registry);
  // spec 2 §4: an envelope's documents are added and deleted only in draft, with the update right on envelopes
  app.documentOwners.registerOwner('envelope', {
    entity: 'envelope',
    list: envelopeList,
    // part of the envelope: read with it, validated and signed with it (spec 2 Envelope manager)
    followsOwner: true,
    parentColumn: 'contractId',
    removalRefusal: envelopeDocumentRefusal,
    uploadRefusal: envelopeDocumentRefusal,
    validators: (_db, envelopeId) => envelopesService.validators(envelopeId),
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const contractRight = (action: 'create' | 'read' | 'update' | 'delete') => ({ access: access.right('contract', action) });
  const envelopeRight = (action: 'create' | 'read' | 'update' | 'delete') => ({ access: access.right('envelope', action) });
  const contractInScope = { preHandler: requireInScope(database, contractList) };
  const envelopeInScope = { preHandler: requireInScope(database, envelopeList) };

  registerList(app, database, {
    path: '/api/contracts',
    csvPath: '/api/contracts/csv',
    definition: contractList,
    access: access.right('contract', 'read'),
    fileName: 'contrats',
  });

  typed.post('/api/contract', { schema: { body: contractCreateSchema }, config: contractRight('create') }, async (request) => ({
    success: true,
    id: await contractsService.create(request.body, principalOf(request), auditContext(request)),
  }));

  typed.get(
    '/api/contract/:id',
    { schema: { params: idParams }, config: contractRight('read'), ...contractInScope },
    async (request) => contractsService.get(request.params.id),
  );

  typed.put(
    '/api/contract/:id',
    { schema: { params: idParams, body: contractUpdateSchema }, config: contractRight('update'), ...contractInScope },
    async (request) => ({
      success: true,
      id: request.params.id,
      record: await contractsService.update(request.params.id, request.body, principalOf(request), auditContext(request)),
    }),
  );

  typed.delete(
    '/api/contract/:id',
    { schema: { params: idParams }, config: contractRight('delete'), ...contractInScope },
    async (request) => {
      await contractsService.remove(request.params.id, auditContext(request));
      return { success: true };
    },
  );

  registerList(app, database, {
    path: '/api/contract/:id/childs',
    params: idParams,
    ...contractInScope,
    definition: contractList,
    where: (request) => sql`k.parent_id = ${routeId(request)}`,
    access: access.right('contract', 'read'),
  });

  // the parent chain, nearest first, as far as the caller sees it
  typed.get(
    '/api/contract/:id/parents',
    { schema: { params: idParams }, config: contractRight('read'), ...contractInScope },
    async (request) => {
      const principal = principalOf(request);
      const parents = [];
      for (const id of await contractsService.ancestorIds(request.params.id)) {
        if (!(await isInScope(database, contractList, principal, id))) {
          break;
        }
        parents.push(await contractsService.get(id));
      }
      return parents;
    },
  );

  // the Contractor agreement tab: the markets of the contract, as a market list page
  registerList(app, database, {
    path: '/api/contract/:id/markets',
    params: idParams,
    ...contractInScope,
    definition: marketList,
    where: (request) => sql`m.contract_id = ${routeId(request)}`,
    access: access.right('subcontractor_market', 'read'),
  });

  typed.get(
    '/api/contract/:id/envelopes',
    { schema: { params: idParams }, config: envelopeRight('read'), ...contractInScope },
    async (request) => envelopesService.ofContract(request.params.id),
  );

  typed.post('/api/envelope', { schema: { body: envelopeCreateSchema }, config: envelopeRight('create') }, async (request) => ({
    success: true,
    id: await envelopesService.create(request.body, principalOf(request), auditContext(request)),
  }));

  registerList(app, database, { path: '/api/envelope/all', definition: envelopeList, access: access.right('envelope', 'read') });

  typed.get(
    '/api/envelope/:id',
    { schema: { params: idParams }, config: envelopeRight('read'), ...envelopeInScope },
    async (request) => envelopesService.get(request.params.id),
  );

  typed.put(
    '/api/envelope/:id',
    { schema: { params: idParams, body: envelopeUpdateSchema }, config: envelopeRight('update'), ...envelopeInScope },
    async (request) => ({
      success: true,
      id: request.params.id,
      record: await envelopesService.rename(request.params.id, request.body, auditContext(request)),
    }),
  );

  typed.delete(
    '/api/envelope/:id',
    { schema: { params: idParams }, config: envelopeRight('delete'), ...envelopeInScope },
    async (request) => {
      await envelopesService.remove(request.params.id, auditContext(request));
      return { success: true };
    },
  );

  typed.get(
    '/api/envelope/:id/validators',
    { schema: { params: idParams }, config: envelopeRight('read'), ...envelopeInScope },
    async (request) => envelopesService.validators(request.params.id),
  );

  // sending needs the option envelopes.can_send_for_signature too: the workflow guard answers 422 without it
  typed.post(
    '/api/envelope/validation/',
    { schema: { body: envelopeValidationSchema }, config: envelopeRight('update') },
    async (request) => {
      const principal = principalOf(request);
      if (!(await isInScope(database, envelopeList, principal, request.body.envId))) {
        throw notFound();
      }
      return { success: true, record: await envelopesService.sendToValidation(request.body, principal, auditContext(request)) };
    },
  );

  typed.get('/api/role/envelope-validator', { config: envelopeRight('read') }, async () => envelopesService.validatorRoles());
}
