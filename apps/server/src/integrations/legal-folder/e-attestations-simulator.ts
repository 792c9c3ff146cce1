import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  type DocumentFixture,
  E_ATTESTATIONS_FAULT_SIRETS,
  E_ATTESTATIONS_SIMULATOR_ACCOUNT,
  FOLDER_FIXTURES,
  VIGILANCE_DOCUMENTS,
} from './e-attestations-fixtures.js';
import { E_ATTESTATIONS_API_PATH, E_ATTESTATIONS_CLIENT_ID, E_ATTESTATIONS_TOKEN_PATH } from './e-attestations-paths.js';

export type EAttestationsSimulatorSwitches = {
  /** Delay before every answer. */
  latencyMs?: number;
  /** Every call fails with a 503 (platform down). */
  down?: boolean;
  /** Lifetime of the access tokens it issues (the platform's is 300 s). */
  tokenLifetimeSeconds?: number;
};

type Dossier = {
  dossierId: number;
  siret: string;
  registered: boolean;
  emails: string[];
  reference: string;
  requestDate: string;
  documents: Map<string, DocumentFixture>;
};

const DAY_MS = 86_400_000;

function dayOffset(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
}

function problem(reply: FastifyReply, status: number, title: string, detail: string, code?: string) {
  return reply
    .status(status)
    .type('application/problem+json')
    .send({ title, status, detail, ...(code ? { code } : {}) });
}

function documentsOf(dossier: Dossier) {
  return VIGILANCE_DOCUMENTS.map((document, index) => {
    const fixture = dossier.documents.get(document.code) ?? { deliveredDaysAgo: 20 };
    const base = { documentId: dossier.dossierId * 100 + index + 1, dossierId: dossier.dossierId };
    const request = { documentCode: document.code, documentName: document.name, requestDate: dossier.requestDate };
    if (fixture === 'missing') {
      return { ...base, ...request, present: false, statusCode: 'MISSING', evidences: [] };
    }
    const expiresIn =
      fixture.expiresInDays ?? (document.validityDays === null ? null : document.validityDays - fixture.deliveredDaysAgo);
    const expirationDate = expiresIn === null ? null : `${dayOffset(expiresIn)}T23:59:59.999`;
    return {
      ...base,
      ...request,
      present: true,
      statusCode: expiresIn !== null && expiresIn < 0 ? 'EXPIRED' : 'VALID',
      evidences: [
        {
          id: base.documentId * 10,
          uploadDate: `${dayOffset(-fixture.deliveredDaysAgo)}T09:30:00.000`,
          expirationDate,
          fileName: `${document.code.toLowerCase()}_${dossier.siret}.pdf`,
          format: 'ORIGINALNUMERIQUE',
          transmitter: 'FOURNISSEUR',
        },
      ],
    };
  });
}

function dossierJson(dossier: Dossier) {
  const documents = documentsOf(dossier);
  return {
    dossierId: dossier.dossierId,
    accountId: Number(E_ATTESTATIONS_SIMULATOR_ACCOUNT),
    siren: dossier.siret.slice(0, 9),
    siret: dossier.siret,
    thirdpartyId: dossier.dossierId + 5_000,
    companyIdType: 'CIT001',
    companyIdValue: dossier.siret,
    dossierReference: dossier.reference,
    dossierTypeCode: 'VIGILANCE',
    monitored: true,
    state: dossier.registered && documents.every((document) => document.statusCode === 'VALID'),
    thirdpartyState: dossier.registered,
    thirdpartyEmail: dossier.emails,
    stateLastChangeDate: `${dossier.requestDate.slice(0, 10)}T08:00:00.000`,
  };
}

function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/**
 * A local stand-in for the e-Attestations (Aprovall EDGE) REST API, same shapes: an OpenID Connect
 * password grant issuing bearer tokens, dossiers searched by SIRET, the documents of a dossier with their
 * evidences, and the creation of a dossier that invites the supplier by mail (asking again with the same
 * addresses sends nothing). The fixture folders are per instance: invitations change only this simulator.
 */
export function buildEAttestationsSimulator(switches: EAttestationsSimulatorSwitches = {}): FastifyInstance {
  const app = Fastify({ logger: false });
  const tokens = new Map<string, number>();
  let nextDossierId = 804_100;
  const dossiers = new Map<string, Dossier>(
    FOLDER_FIXTURES.map((fixture) => {
      nextDossierId += 1;
      const documents = new Map(Object.entries(fixture.documents ?? {}) as [string, DocumentFixture][]);
      const requestDate = `${dayOffset(-400)}T10:00:00.000`;
      const reference = `ISF-${fixture.siret}`;
      const dossier = { ...fixture, dossierId: nextDossierId, reference, requestDate, emails: [...fixture.emails], documents };
      return [fixture.siret, dossier];
    }),
  );
  const byId = () => new Map([...dossiers.values()].map((dossier) => [dossier.dossierId, dossier]));

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseForm(String(body)));
  });

  app.addHook('onRequest', async (request, reply) => {
    if (switches.latencyMs) {
      await new Promise((resolve) => setTimeout(resolve, switches.latencyMs));
    }
    if (switches.down) {
      return reply.status(503).type('text/plain').send('Service Unavailable');
    }
    if (!request.url.startsWith(E_ATTESTATIONS_API_PATH)) {
      return undefined;
    }
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiry = token ? tokens.get(token) : undefined;
    if (!expiry || expiry < Date.now()) {
      return problem(reply, 401, 'Unauthorized', 'Jeton absent ou expiré.');
    }
    const accountId = request.url.slice(E_ATTESTATIONS_API_PATH.length + 1).split(/[/?]/)[0];
    if (accountId !== E_ATTESTATIONS_SIMULATOR_ACCOUNT) {
      return problem(reply, 403, 'Forbidden', `Le compte ${accountId} n'est pas accessible avec ce jeton.`);
    }
    return undefined;
  });

  app.post<{ Body: Record<string, string> }>(E_ATTESTATIONS_TOKEN_PATH, async (request, reply) => {
    const form = request.body ?? {};
    if (form.grant_type !== 'password' || form.client_id !== E_ATTESTATIONS_CLIENT_ID) {
      return reply.status(400).send({ error: 'unsupported_grant_type', error_description: 'Unsupported grant type' });
    }
    if (!form.username || !form.password) {
      return reply.status(401).send({ error: 'invalid_grant', error_description: 'Invalid user credentials' });
    }
    const lifetime = switches.tokenLifetimeSeconds ?? 300;
    const token = randomUUID();
    tokens.set(token, Date.now() + lifetime * 1000);
    return { access_token: token, expires_in: lifetime, token_type: 'bearer', scope: 'openid' };
  });

  app.get<{ Querystring: { siret?: string } }>(`${E_ATTESTATIONS_API_PATH}/:accountId/dossiers`, async (request, reply) => {
    const siret = request.query.siret ?? '';
    if (siret === E_ATTESTATIONS_FAULT_SIRETS.serverError) {
      return problem(reply, 500, 'Internal Server Error', 'Erreur interne de la plate-forme e-Attestations.');
    }
    if (siret === E_ATTESTATIONS_FAULT_SIRETS.invalidResponse) {
      return reply.type('text/html').send('<html><body><h1>e-Attestations — maintenance</h1></body></html>');
    }
    const dossier = dossiers.get(siret);
    const content = dossier ? [dossierJson(dossier)] : [];
    return { content, totalElements: content.length, totalPages: 1, number: 0, size: 20 };
  });

  app.get<{ Params: { dossierId: string } }>(
    `${E_ATTESTATIONS_API_PATH}/:accountId/dossiers/:dossierId/documents`,
    async (request, reply) => {
      const dossier = byId().get(Number(request.params.dossierId));
      if (!dossier) {
        return problem(reply, 404, 'Not Found', `Le dossier ${request.params.dossierId} n'existe pas.`);
      }
      const content = documentsOf(dossier);
      return { content, totalElements: content.length };
    },
  );

  app.post<{ Body: { siret?: unknown; dossierReference?: unknown; thirdpartyEmail?: unknown } }>(
    `${E_ATTESTATIONS_API_PATH}/:accountId/dossiers`,
    async (request, reply) => {
      const { siret, dossierReference, thirdpartyEmail } = request.body ?? {};
      const emails = Array.isArray(thirdpartyEmail) ? thirdpartyEmail.filter((mail) => typeof mail === 'string') : [];
      if (typeof siret !== 'string' || !/^\d{14}$/.test(siret) || typeof dossierReference !== 'string') {
        return problem(reply, 400, 'Bad Request', 'siret (14 chiffres) et dossierReference sont obligatoires.');
      }
      if (emails.length === 0 || emails.some((mail) => !mail.includes('@'))) {
        return problem(reply, 400, 'Bad Request', 'thirdpartyEmail doit contenir au moins une adresse valide.');
      }
      if (siret === E_ATTESTATIONS_FAULT_SIRETS.serverError) {
        return problem(reply, 500, 'Internal Server Error', 'Erreur interne lors de la création du dossier.');
      }
      const existing = dossiers.get(siret);
      if (existing?.registered) {
        return problem(
          reply,
          409,
          'Conflict',
          `Le tiers ${siret} est déjà inscrit sur la plate-forme.`,
          'THIRDPARTY_ALREADY_REGISTERED',
        );
      }
      if (existing) {
        const known = new Set(existing.emails.map((mail) => mail.toLowerCase()));
        const invited = emails.filter((mail) => !known.has(mail.toLowerCase()));
        existing.emails.push(...invited);
        return { dossierId: existing.dossierId, created: false, invitedEmails: invited };
      }
      nextDossierId += 1;
      const missing = VIGILANCE_DOCUMENTS.map((document): [string, DocumentFixture] => [document.code, 'missing']);
      const created: Dossier = {
        dossierId: nextDossierId,
        siret,
        registered: false,
        emails: [...emails],
        reference: dossierReference,
        requestDate: new Date().toISOString().slice(0, 23),
        documents: new Map(missing),
      };
      dossiers.set(siret, created);
      return reply.status(201).send({ dossierId: created.dossierId, created: true, invitedEmails: emails });
    },
  );
  return app;
}
