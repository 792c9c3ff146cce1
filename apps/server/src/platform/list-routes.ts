import { type WorkflowFilter, workflowFilterSchema } from '@isf/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { type AccessRule, principalOf } from './access.js';
import { sendCsv } from './csv-export.js';
import { badRequest, notFound } from './errors.js';
import { isInScope, type ListDefinition, parseListQuery, runList, type StoredTotals } from './list-engine.js';
import type { Principal } from './principal.js';

const selectedIdsSchema = z
  .union([z.array(z.coerce.number().int().positive()), z.string()], {
    error: 'La sélection doit être une liste d’identifiants.',
  })
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

/** The list to run for one request and the rest of its wire parameters (the list query). */
type Resolved = { definition: ListDefinition; wire: Record<string, unknown> };

/**
 * A screen's own criteria (e.g. a date range) read off the query or form before the list query: the
 * list to run for them, and the rest of the wire parameters (the list query). Throws a 400 on bad input.
 * The request gives what else the list depends on: the caller (their notifications), a record read
 * first (a project's business unit), the route's parameters.
 */
export type ListCriteria = (wire: Record<string, unknown>, request: FastifyRequest) => Resolved | Promise<Resolved>;

/**
 * A list of work items' narrowing, as the workflow engine gives it for an item kind
 * (`app.workflow.workItemList(orderWorkItem)`), the screens' All / My scope / My tasks: for the `filter`
 * read off the query or the CSV form (All when absent), the condition that keeps the caller's rows
 * (undefined for All) and, when the list has a `stored` summary (`stored`) and it can be written there,
 * the same on the summary's rows (My scope and My tasks then count and total from the summary too). One
 * call, so the caller's delegations and role nodes are read once per request.
 */
export type WorkItemList = {
  narrowing(
    principal: Principal,
    filter: WorkflowFilter,
    options: { stored: boolean },
  ): Promise<{ condition: SQL | undefined; stored?: SQL | undefined; storedUnscoped?: boolean }>;
};

/**
 * The list a route runs: one `definition`, or the one its `criteria` choose per request (then `definition`
 * may be left out, e.g. a list built for the caller from the workflow registry).
 */
type ListChoice = { definition: ListDefinition; criteria?: ListCriteria } | { definition?: undefined; criteria: ListCriteria };

type ListOptions = ListChoice & {
  access: AccessRule;
  /** The CSV file's name, without its extension (the list's name by default), e.g. one of a record. */
  fileName?: string | ((request: FastifyRequest) => string);
  workItems?: WorkItemList;
  /**
   * The rows of one record, for a path with parameters (`/api/contract/:id/childs`): the condition read
   * off the route's parameters (validated by `params`), or from a record read first (a statement's market).
   */
  where?: (request: FastifyRequest) => SQL | Promise<SQL>;
  /**
   * The same condition as `where` on the rows of the list's `stored` summary, when it can be written there:
   * the record's rows are then counted and totalled from the summary too (a market's statements).
   */
  storedWhere?: (request: FastifyRequest) => SQL;
  /** The list the CSV writes for this caller (e.g. without the FTTH columns for a profile without FTTH). */
  csvFor?: (definition: ListDefinition, principal: Principal | null) => ListDefinition;
};

type Resolve = (request: FastifyRequest, wire: Record<string, unknown>) => Promise<Resolved>;

/**
 * A condition on a list's rows, and the same condition on its stored summary's rows when it can be written there;
 * `storedUnscoped` when that one reads no scope key of the summary, so that its roll-up can serve it too.
 */
type Narrowing = { condition: SQL; stored?: SQL; storedUnscoped?: boolean };

/** The conjunction of one or more conditions (the condition itself when alone). */
function allOf([first, ...others]: SQL[]): SQL {
  return first && others.length === 0 ? first : sql`(${and(first, ...others)})`;
}

/**
 * A list narrowed to some of its rows for this request: its stored totals sum the whole list, so the
 * narrowed list counts and totals its own rows (`ListDefinition.stored`), unless every narrowing is
 * also given on the summary's rows (`Narrowing.stored`).
 */
function narrowed(definition: ListDefinition, narrowings: Narrowing[]): ListDefinition {
  if (narrowings.length === 0) {
    return definition;
  }
  const condition = allOf(narrowings.map((narrowing) => narrowing.condition));
  const stored = definition.stored;
  const storedConditions = narrowings.flatMap((narrowing) => (narrowing.stored ? [narrowing.stored] : []));
  // the roll-up has no scope key: it serves the narrowed list only when no narrowing reads one
  const keepsRollUp = narrowings.every((narrowing) => narrowing.storedUnscoped);
  const narrowedStored = ({ rollUp, ...summary }: StoredTotals): StoredTotals => ({
    ...summary,
    ...(rollUp && keepsRollUp ? { rollUp } : {}),
    where: (principal) => sql`(${summary.where(principal)}) AND (${allOf(storedConditions)})`,
  });
  return {
    ...definition,
    where: definition.where ? sql`(${definition.where}) AND (${condition})` : condition,
    stored: stored && storedConditions.length === narrowings.length ? narrowedStored(stored) : undefined,
  };
}

/** The list query's wire parameters without the work item `filter`, and that filter (All when absent). */
function workItemFilterOf(raw: Record<string, unknown>): { filter: WorkflowFilter; rest: Record<string, unknown> } {
  const { filter, ...rest } = raw;
  const parsed = workflowFilterSchema.safeParse(filter);
  if (!parsed.success) {
    throw badRequest(parsed.error.issues[0]?.message ?? 'Filtre inconnu.', { filter: 'Filtre inconnu.' });
  }
  return { filter: parsed.data, rest };
}

function criteriaOf(choice: ListChoice): ListCriteria {
  if (choice.definition === undefined) {
    return choice.criteria;
  }
  const { definition, criteria } = choice;
  return criteria ?? ((wire) => ({ definition, wire }));
}

function resolverOf(options: ListOptions): Resolve {
  const criteria = criteriaOf(options);
  const { workItems, where, storedWhere } = options;
  return async (request, raw) => {
    const filtered = workItems ? workItemFilterOf(raw) : undefined;
    const { definition, wire } = await criteria(filtered?.rest ?? raw, request);
    const narrowings: Narrowing[] = [];
    if (where) {
      narrowings.push({ condition: await where(request), stored: definition.stored ? storedWhere?.(request) : undefined });
    }
    if (workItems && filtered) {
      const principal = principalOf(request);
      const { condition, stored, storedUnscoped } = await workItems.narrowing(principal, filtered.filter, {
        stored: definition.stored !== undefined,
      });
      if (condition) {
        narrowings.push({ condition, stored, storedUnscoped });
      }
    }
    return { definition: narrowed(definition, narrowings), wire };
  };
}

/**
 * The route options a list's routes share: the declared right, the parameters' schema, the scope check;
 * the page's GET also validates its query string (`querystring`).
 */
function routeOptions(options: RouteOptions, page = false) {
  const schema = {
    ...(options.params ? { params: options.params } : {}),
    ...(page && options.querystring ? { querystring: options.querystring } : {}),
  };
  return {
    config: { access: options.access },
    ...(Object.keys(schema).length > 0 ? { schema } : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
  };
}

type RouteOptions = {
  access: AccessRule;
  /** The path parameters' schema (e.g. `idParams`): a bad one is answered 400 before the list runs. */
  params?: z.ZodType;
  /**
   * The page's query string schema, checked before the list runs (a bad one answered 400 as every route's),
   * for the screen's own parameters that `criteria` reads (a node screen's `filter`); the list query's
   * fields pass through it.
   */
  querystring?: z.ZodType;
  /** Runs before the list, e.g. `requireInScope` on the record whose rows the list shows. */
  preHandler?: preHandlerAsyncHookHandler;
};

/**
 * Registers the two faces of one list query: `GET path` (a page as JSON) and `POST csvPath` (the whole
 * result, or the selected ids, as a streamed CSV). With `criteria`, both first take the screen's own
 * parameters off the query, which choose the list definition; with `workItems`, they take the `filter`
 * (All / My scope / My tasks) off it and keep the caller's rows.
 */
export function registerList(
  app: FastifyInstance,
  database: Database,
  options: ListOptions & RouteOptions & { path: string; csvPath?: string },
): void {
  const resolve = resolverOf(options);
  app.get(options.path, routeOptions(options, true), async (request) => {
    const { definition, wire } = await resolve(request, { ...((request.query ?? {}) as Record<string, unknown>) });
    return runList(database, definition, parseListQuery(wire), request.principal);
  });
  if (options.csvPath) {
    csvRoutes(app, database, { ...options, csvPath: options.csvPath }, resolve);
  }
}

/**
 * The CSV face of a list query alone: `POST csvPath` (the form post of the screens: the list state, the
 * selected ids and the token) and, with `get`, `GET csvPath` taking the same fields from the query string.
 */
export function registerCsv(
  app: FastifyInstance,
  database: Database,
  options: ListOptions & RouteOptions & { csvPath: string; get?: boolean },
): void {
  csvRoutes(app, database, options, resolverOf(options));
}

function csvRoutes(
  app: FastifyInstance,
  database: Database,
  options: ListOptions & RouteOptions & { csvPath: string; get?: boolean },
  resolve: Resolve,
): void {
  const methods: ('GET' | 'POST')[] = options.get ? ['GET', 'POST'] : ['POST'];
  for (const method of methods) {
    app.route({
      method,
      url: options.csvPath,
      ...routeOptions(options),
      handler: async (request, reply) => {
        const fields = method === 'GET' ? request.query : request.body;
        const { definition, wire: body } = await resolve(request, { ...((fields ?? {}) as Record<string, unknown>) });
        const { ids, token: _token, ...wire } = body;
        const selected = selectedIdsSchema.safeParse(ids);
        if (!selected.success) {
          throw badRequest(selected.error.issues[0]?.message ?? 'Sélection invalide.', { ids: 'Sélection invalide.' });
        }
        const query = parseListQuery({ ...wire, page: 0, size: 1 });
        const written = options.csvFor ? options.csvFor(definition, request.principal) : definition;
        const { fileName } = options;
        const name = typeof fileName === 'function' ? fileName(request) : (fileName ?? definition.name);
        return sendCsv(reply, database, written, query, request.principal, selected.data, name);
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
