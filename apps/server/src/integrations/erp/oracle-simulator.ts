import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  ORACLE_FAULT_BUSINESS_UNITS,
  ORACLE_FAULT_PROJECT_NUMBERS,
  ORACLE_PROJECT_FIXTURES,
  oracleTaskFixtures,
} from './oracle-fixtures.js';
import {
  type OracleProcurementStore,
  type OracleProcurementSwitches,
  registerOracleProcurementSimulator,
} from './oracle-procurement-simulator.js';
import { registerPayablesInvoices } from './oracle-simulator-invoices.js';
import { ORACLE_FAULT_WORKER_MAILS, ORACLE_WORKER_FIXTURES } from './oracle-worker-fixtures.js';

export const ORACLE_RESOURCES_PATH = '/fscmRestApi/resources/11.13.18.05';
export const ORACLE_HCM_RESOURCES_PATH = '/hcmRestApi/resources/11.13.18.05';

export type OracleSimulatorSwitches = OracleProcurementSwitches & {
  /** Delay before every answer. */
  latencyMs?: number;
  /** Every call fails with a 503 (ERP down). */
  down?: boolean;
};

/** The simulator, with what it received (purchase orders, receipts) for the tests to count. */
export type OracleErpSimulator = FastifyInstance & { procurement: OracleProcurementStore };

const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 500;

export type CollectionQuery = { q?: string; limit?: string; offset?: string; onlyData?: string; totalResults?: string };

/** The ADF error body of Oracle Fusion REST (framework version 4 and later). */
export function adfError(reply: FastifyReply, status: number, title: string, detail: string) {
  return reply
    .status(status)
    .type('application/vnd.oracle.adf.error+json')
    .send({ title, status: String(status), 'o:errorDetails': [{ detail, 'o:errorCode': `ISF-SIM-${status}` }] });
}

function readInteger(value: string | undefined, fallback: number): number | null {
  if (value === undefined || value === '') {
    return fallback;
  }
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/** The `q` filter of the simulator: `Attribute='value'` or `Attribute=value` terms joined by `;`. */
function parseFilter(q: string | undefined): Map<string, string> | null {
  const terms = new Map<string, string>();
  if (!q) {
    return terms;
  }
  for (const term of q.split(';')) {
    const match = /^\s*(\w+)\s*=\s*(?:'((?:[^']|'')*)'|([^']*?))\s*$/.exec(term);
    if (!match?.[1]) {
      return null;
    }
    terms.set(match[1], (match[2] ?? match[3] ?? '').replace(/''/g, "'"));
  }
  return terms;
}

/** The `q` filter when it reads only `known` attributes, otherwise null (a 400 for the caller). */
export function knownFilter(q: string | undefined, known: readonly string[]): Map<string, string> | null {
  const filter = parseFilter(q);
  return filter && [...filter.keys()].every((name) => known.includes(name)) ? filter : null;
}

export function matches<Item extends object>(item: Item, filter: Map<string, string>): boolean {
  return [...filter.entries()].every(([name, value]) => item[name as keyof Item] === value);
}

export function badFilter(reply: FastifyReply, q: string | undefined) {
  return adfError(reply, 400, 'Bad Request', `Le paramètre q « ${q ?? ''} » n'est pas valide.`);
}

/** One page of a collection, in the Oracle REST shape (`items`, `count`, `hasMore`, `limit`, `offset`). */
export function collectionPage<Item extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  all: Item[],
  query: CollectionQuery,
) {
  const limit = readInteger(query.limit, DEFAULT_LIMIT);
  const offset = readInteger(query.offset, 0);
  if (limit === null || offset === null || limit === 0) {
    return adfError(reply, 400, 'Bad Request', 'Les paramètres limit et offset doivent être des entiers positifs.');
  }
  const size = Math.min(limit, MAX_LIMIT);
  const items = all.slice(offset, offset + size);
  const self = `${request.protocol}://${request.host}${request.url}`;
  const withLinks = query.onlyData === 'true' ? items : items.map((item) => ({ ...item, links: [{ rel: 'self', href: self }] }));
  return {
    items: withLinks,
    ...(query.totalResults === 'true' ? { totalResults: all.length } : {}),
    count: items.length,
    hasMore: offset + items.length < all.length,
    limit: size,
    offset,
    links: [{ rel: 'self', href: self, name: 'projects', kind: 'collection' }],
  };
}

/**
 * A local stand-in for Oracle Fusion Project Management REST: `GET …/projects` filtered by
 * `q=BusinessUnitName='…'` and `GET …/projects/{ProjectId}/child/Tasks`, and for Oracle HCM
 * `GET /hcmRestApi/…/publicWorkers?q=WorkEmail='…'`, all paged with limit/offset/hasMore, behind Basic
 * authentication. The fault business units answer a 500 or a page that is not JSON; the fault mail a 500.
 * Procurement (purchase orders, receipts) is in oracle-procurement-simulator.ts. The switches are read at
 * every call: a test may change them on a running simulator.
 */
export function buildOracleErpSimulator(switches: OracleSimulatorSwitches = {}): OracleErpSimulator {
  const app = Fastify({ logger: false });
  const projectsById = new Map(ORACLE_PROJECT_FIXTURES.map((project) => [project.ProjectId, project]));

  app.addHook('onRequest', async (request, reply) => {
    if (switches.latencyMs) {
      await new Promise((resolve) => setTimeout(resolve, switches.latencyMs));
    }
    if (switches.down) {
      return reply.status(503).type('text/plain').send('Service Unavailable');
    }
    if (!request.headers.authorization?.startsWith('Basic ')) {
      return reply.status(401).header('www-authenticate', 'Basic realm="Oracle Fusion"').send();
    }
    return undefined;
  });

  app.get<{ Querystring: CollectionQuery }>(`${ORACLE_RESOURCES_PATH}/projects`, async (request, reply) => {
    const filter = knownFilter(request.query.q, ['BusinessUnitName', 'ProjectNumber', 'ProjectStatusCode']);
    if (!filter) {
      return badFilter(reply, request.query.q);
    }
    const businessUnit = filter.get('BusinessUnitName');
    if (businessUnit === ORACLE_FAULT_BUSINESS_UNITS.serverError) {
      return adfError(reply, 500, 'Internal Server Error', 'JBO-27122: Erreur SQL lors de la préparation d’une instruction.');
    }
    if (filter.get('ProjectNumber') === ORACLE_FAULT_PROJECT_NUMBERS.serverError) {
      return adfError(reply, 500, 'Internal Server Error', 'JBO-29000: Erreur inattendue lors de la lecture du projet.');
    }
    if (businessUnit === ORACLE_FAULT_BUSINESS_UNITS.invalidResponse) {
      return reply.type('text/html').send('<html><body><h1>Oracle Fusion — maintenance</h1></body></html>');
    }
    const projects = ORACLE_PROJECT_FIXTURES.filter((project) => matches(project, filter));
    return collectionPage(request, reply, projects, request.query);
  });

  app.get<{ Params: { projectId: string }; Querystring: CollectionQuery }>(
    `${ORACLE_RESOURCES_PATH}/projects/:projectId/child/Tasks`,
    async (request, reply) => {
      const project = projectsById.get(Number(request.params.projectId));
      if (!project) {
        return adfError(reply, 404, 'Not Found', `Le projet ${request.params.projectId} n'existe pas.`);
      }
      return collectionPage(request, reply, oracleTaskFixtures(project), request.query);
    },
  );

  app.get<{ Querystring: CollectionQuery }>(`${ORACLE_HCM_RESOURCES_PATH}/publicWorkers`, async (request, reply) => {
    const filter = knownFilter(request.query.q, ['WorkEmail', 'PersonNumber']);
    if (!filter) {
      return badFilter(reply, request.query.q);
    }
    if (filter.get('WorkEmail') === ORACLE_FAULT_WORKER_MAILS.serverError) {
      return adfError(reply, 500, 'Internal Server Error', 'HCM-PER-0042 : le service des personnes est indisponible.');
    }
    const workers = ORACLE_WORKER_FIXTURES.filter((worker) => matches(worker, filter));
    return collectionPage(request, reply, workers, request.query);
  });
  registerPayablesInvoices(app);
  const procurement = registerOracleProcurementSimulator(app, ORACLE_RESOURCES_PATH, switches, {
    adfError,
    collectionPage,
    knownFilter,
  });
  app.decorate('procurement', procurement);
  return app as unknown as OracleErpSimulator;
}
