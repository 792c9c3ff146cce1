import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import type { AccessRule } from './access.js';
import { sendCsv } from './csv-export.js';
import { badRequest, notFound } from './errors.js';
import { isInScope, type ListDefinition, parseListQuery, runList } from './list-engine.js';
import type { Principal } from './principal.js';

const selectedIdsSchema = z
  .union([z.array(z.coerce.number().int().positive()), z.string()])
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === '') {
      return [];
    }
    if (Array.isArray(value)) {
      return value;
    }
    const parts = value.split(',').map((part) => part.trim());
    if (!parts.every((part) => /^\d{1,15}$/.test(part))) {
      context.addIssue({ code: 'custom', message: 'La sélection doit être une liste d’identifiants.' });
      return z.NEVER;
    }
    return parts.map(Number);
  });

/**
 * A screen's own criteria (e.g. a date range) read off the query or form before the list query: the
 * list to run for them, and the rest of the wire parameters (the list query). Throws a 400 on bad input.
 */
export type ListCriteria = (wire: Record<string, unknown>) => { definition: ListDefinition; wire: Record<string, unknown> };

/**
 * Registers the two faces of one list query: `GET path` (a page as JSON) and `POST csvPath` (the whole
 * result, or the selected ids, as a streamed CSV). With `criteria`, both first take the screen's own
 * parameters off the query, which choose the list definition.
 */
export function registerList(
  app: FastifyInstance,
  database: Database,
  options: {
    path: string;
    csvPath?: string;
    definition: ListDefinition;
    access: AccessRule;
    fileName?: string;
    criteria?: ListCriteria;
    /** The list the CSV writes for this caller (e.g. without the FTTH columns for a profile without FTTH). */
    csvFor?: (definition: ListDefinition, principal: Principal | null) => ListDefinition;
  },
): void {
  const resolve: ListCriteria = options.criteria ?? ((wire) => ({ definition: options.definition, wire }));
  app.get(options.path, { config: { access: options.access } }, async (request) => {
    const { definition, wire } = resolve({ ...((request.query ?? {}) as Record<string, unknown>) });
    return runList(database, definition, parseListQuery(wire), request.principal);
  });
  if (options.csvPath) {
    registerCsv(app, database, { ...options, csvPath: options.csvPath, criteria: resolve });
  }
}

/**
 * The CSV face of a list query alone: `POST csvPath` (the form post of the screens: the list state, the
 * selected ids and the token) and, with `get`, `GET csvPath` taking the same fields from the query string.
 */
export function registerCsv(
  app: FastifyInstance,
  database: Database,
  options: {
    csvPath: string;
    definition: ListDefinition;
    access: AccessRule;
    fileName?: string;
    criteria?: ListCriteria;
    csvFor?: (definition: ListDefinition, principal: Principal | null) => ListDefinition;
    get?: boolean;
  },
): void {
  const resolve: ListCriteria = options.criteria ?? ((wire) => ({ definition: options.definition, wire }));
  const methods: ('GET' | 'POST')[] = options.get ? ['GET', 'POST'] : ['POST'];
  for (const method of methods) {
    app.route({
      method,
      url: options.csvPath,
      config: { access: options.access },
      handler: async (request, reply) => {
        const fields = method === 'GET' ? request.query : request.body;
        const { definition, wire: body } = resolve({ ...((fields ?? {}) as Record<string, unknown>) });
        const { ids, token: _token, ...wire } = body;
        const selected = selectedIdsSchema.safeParse(ids);
        if (!selected.success) {
          throw badRequest(selected.error.issues[0]?.message ?? 'Sélection invalide.', { ids: 'Sélection invalide.' });
        }
        const query = parseListQuery({ ...wire, page: 0, size: 1 });
        const written = options.csvFor ? options.csvFor(definition, request.principal) : definition;
        return sendCsv(reply, database, written, query, request.principal, selected.data, options.fileName ?? definition.name);
      },
    });
  }
}

/**
 * A preHandler that answers 404 when the `:id` record is outside the caller's scope of a list, so a
 * detail route never shows what the list would hide.
 */
export function requireInScope(database: Database, definition: ListDefinition) {
  return async (request: FastifyRequest): Promise<void> => {
    const id = Number((request.params as { id?: unknown }).id);
    if (!Number.isInteger(id) || !(await isInScope(database, definition, request.principal, id))) {
      throw notFound();
    }
  };
}
