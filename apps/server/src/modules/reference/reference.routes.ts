import { API_BASE, RESOURCE_LIST, type ResourceDefinition, resourceCreateSchema, resourceUpdateSchema } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { access } from '../../platform/access.js';
import { registerList } from '../../platform/list-routes.js';
import { auditContext, idParams } from '../../platform/route-helpers.js';
import { createReferenceService } from './reference.service.js';

function registerResource(app: FastifyInstance, database: Database, definition: ResourceDefinition): void {
  const service = createReferenceService(database, definition);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { entity } = definition;
  const api = {
    list: API_BASE + definition.api.list,
    item: API_BASE + definition.api.item,
    create: definition.api.create ? API_BASE + definition.api.create : null,
    csv: API_BASE + definition.api.csv,
    all: definition.api.all.map((path) => API_BASE + path),
  };

  registerList(app, database, {
    path: api.list,
    csvPath: api.csv,
    definition: service.listDefinition,
    access: access.right(entity, 'read'),
    fileName: definition.key,
  });

  for (const path of api.all) {
    typed.get(path, { config: { access: access.right(entity, 'read') } }, async () => service.all());
  }

  typed.get(
    `${api.item}/:id`,
    { schema: { params: idParams }, config: { access: access.right(entity, 'read') } },
    async (request) => service.get(request.params.id),
  );

  if (api.create) {
    typed.post(
      api.create,
      { schema: { body: resourceCreateSchema(definition) }, config: { access: access.right(entity, 'create') } },
      async (request) => {
        const id = await service.create(request.body, auditContext(request));
        return { success: true, id };
      },
    );
  }

  typed.put(
    `${api.item}/:id`,
    {
      schema: { params: idParams, body: resourceUpdateSchema(definition) },
      config: { access: access.right(entity, 'update') },
    },
    async (request) => {
      const record = await service.update(request.params.id, request.body, auditContext(request));
      return { success: true, id: request.params.id, record };
    },
  );

  if (definition.deletable) {
    typed.delete(
      `${api.item}/:id`,
      { schema: { params: idParams }, config: { access: access.right(entity, 'delete') } },
      async (request) => {
        await service.remove(request.params.id, auditContext(request));
        return { success: true };
      },
    );
  }
}

/** Every simple reference list of spec 3, generated from its declaration in the contract. */
export function registerReferenceRoutes(app: FastifyInstance, database: Database): void {
  for (const definition of RESOURCE_LIST) {
    registerResource(app, database, definition);
  }
}
