import { z } from 'zod';
import { E_ATTESTATIONS_API_PATH, E_ATTESTATIONS_CLIENT_ID, E_ATTESTATIONS_TOKEN_PATH } from './e-attestations-paths.js';
import { groupByCategory } from './legal-document-categories.js';
import {
  type InvitationOutcome,
  type LegalDocument,
  LegalFolderError,
  LegalFolderInvalidResponse,
  type LegalFolderService,
  type LegalRegistration,
} from './legal-folder.port.js';

const text = z.string().nullish();

const dossierSchema = z.object({
  dossierId: z.number().int(),
  siret: text,
  monitored: z.boolean().optional(),
  thirdpartyState: z.boolean(),
});

const dossierPageSchema = z.object({ content: z.array(dossierSchema) });

const documentSchema = z.object({
  documentCode: z.string(),
  documentName: z.string(),
  present: z.boolean(),
  statusCode: text,
  evidences: z.array(z.object({ uploadDate: text, expirationDate: text })).nullish(),
});

const documentPageSchema = z.object({ content: z.array(documentSchema) });

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

const invitationSchema = z.object({ dossierId: z.number().int(), created: z.boolean(), invitedEmails: z.array(z.string()) });

const problemSchema = z.object({
  title: z.string().optional(),
  detail: z.string().optional(),
  code: z.string().optional(),
  error_description: z.string().optional(),
});

export type EAttestationsOptions = {
  baseUrl: string;
  accountId: string;
  username?: string;
  password?: string;
  /** The OpenID Connect token endpoint; by default the platform's path under `baseUrl`. */
  tokenUrl?: string;
  timeoutMs?: number;
};

/** Renew the token this long before the platform says it expires. */
const TOKEN_MARGIN_MS = 30_000;
const INVALID_RESPONSE = 'Réponse invalide du service e-Attestations.';

const dateOf = (value: string | null | undefined) => (value ? value.slice(0, 10) : null);

function toDocument(item: z.infer<typeof documentSchema>): LegalDocument {
  // the latest evidence is the file in force
  const latest = [...(item.evidences ?? [])].sort((left, right) =>
    (right.uploadDate ?? '').localeCompare(left.uploadDate ?? ''),
  )[0];
  return {
    code: item.documentCode,
    name: item.documentName,
    available: item.present,
    statusCode: item.statusCode ?? null,
    deliveredOn: item.present ? dateOf(latest?.uploadDate) : null,
    expiresOn: item.present ? dateOf(latest?.expirationDate) : null,
  };
}

function parsed<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new LegalFolderInvalidResponse(INVALID_RESPONSE);
  }
  return result.data;
}

/** The text of an error reply of the platform: its problem detail, or a short plain-text body. */
function errorText(status: number, body: string): string {
  try {
    const problem = problemSchema.safeParse(JSON.parse(body));
    const detail = problem.success ? (problem.data.detail ?? problem.data.error_description ?? problem.data.title) : undefined;
    if (detail) {
      return `Erreur e-Attestations (${status}) : ${detail}`;
    }
  } catch {
    // not JSON
  }
  if (status === 401 || status === 403) {
    return `e-Attestations a refusé l'authentification de ISF (${status}).`;
  }
  const plain = body.trim();
  return plain && plain.length <= 300 && !plain.startsWith('<')
    ? `Erreur e-Attestations (${status}) : ${plain}`
    : `Erreur e-Attestations (${status}).`;
}

type Answer = { status: number; body: string };

/**
 * The real adapter: the e-Attestations (Aprovall EDGE) REST API, `/api/v1/account/{accountId}/…`, behind
 * an OpenID Connect password grant (client `ea-api-edge`) whose bearer token is kept until shortly before
 * it expires, and asked again once when the platform refuses it.
 */
export function createEAttestationsHttpAdapter(options: EAttestationsOptions): LegalFolderService {
  const root = options.baseUrl.replace(/\/$/, '');
  const accountRoot = `${root}${E_ATTESTATIONS_API_PATH}/${encodeURIComponent(options.accountId)}`;
  const tokenUrl = options.tokenUrl ?? `${root}${E_ATTESTATIONS_TOKEN_PATH}`;
  const timeoutMs = options.timeoutMs ?? 15_000;
  let token: { value: string; validUntil: number } | null = null;

  async function send(url: string, init: RequestInit): Promise<Answer> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new LegalFolderError('Le service e-Attestations ne répond pas. Réessayez plus tard.');
    }
    return { status: response.status, body: await response.text() };
  }

  function json(answer: Answer): unknown {
    try {
      return JSON.parse(answer.body);
    } catch {
      throw new LegalFolderInvalidResponse(INVALID_RESPONSE);
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.validUntil > Date.now()) {
      return token.value;
    }
    const form = new URLSearchParams({
      client_id: E_ATTESTATIONS_CLIENT_ID,
      grant_type: 'password',
      username: options.username ?? '',
      password: options.password ?? '',
    });
    const answer = await send(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
    if (answer.status !== 200) {
      throw new LegalFolderError(errorText(answer.status === 400 ? 401 : answer.status, answer.body));
    }
    const granted = parsed(tokenSchema, json(answer));
    token = { value: granted.access_token, validUntil: Date.now() + granted.expires_in * 1000 - TOKEN_MARGIN_MS };
    return token.value;
  }

  /** One API call with the bearer token; a refused token is renewed once. */
  async function call(method: 'GET' | 'POST', path: string, body?: object): Promise<Answer> {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await send(`${accountRoot}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${await accessToken()}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (answer.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      return answer;
    }
  }

  function failure(answer: Answer): LegalFolderError {
    return new LegalFolderError(errorText(answer.status, answer.body));
  }

  async function dossierOf(siret: string) {
    const answer = await call('GET', `/dossiers?siret=${encodeURIComponent(siret)}`);
    if (answer.status !== 200) {
      throw failure(answer);
    }
    const dossiers = parsed(dossierPageSchema, json(answer)).content;
    return dossiers.find((dossier) => dossier.monitored !== false && (!dossier.siret || dossier.siret === siret)) ?? null;
  }

  function registrationOf(siret: string, dossier: z.infer<typeof dossierSchema> | null): LegalRegistration {
    return { siret, onboarded: dossier?.thirdpartyState === true, invited: dossier !== null && !dossier.thirdpartyState };
  }

  return {
    async registration(siret) {
      return registrationOf(siret, await dossierOf(siret));
    },

    async folder(siret) {
      const dossier = await dossierOf(siret);
      if (!dossier) {
        return { ...registrationOf(siret, null), categories: [] };
      }
      const answer = await call('GET', `/dossiers/${dossier.dossierId}/documents`);
      if (answer.status !== 200) {
        throw failure(answer);
      }
      const documents = parsed(documentPageSchema, json(answer)).content.map(toDocument);
      return { ...registrationOf(siret, dossier), categories: groupByCategory(documents) };
    },

    async invite({ siret, mail, name }): Promise<InvitationOutcome> {
      const answer = await call('POST', '/dossiers', {
        siret,
        dossierReference: `ISF-${siret}`,
        dossierTypeCode: 'VIGILANCE',
        description: `Suivi des documents de vigilance — ${name}`,
        thirdpartyEmail: [mail],
      });
      if (answer.status === 409) {
        const problem = problemSchema.safeParse(json(answer));
        if (problem.success && problem.data.code === 'THIRDPARTY_ALREADY_REGISTERED') {
          return 'already-onboarded';
        }
        throw failure(answer);
      }
      if (answer.status !== 200 && answer.status !== 201) {
        throw failure(answer);
      }
      const invitation = parsed(invitationSchema, json(answer));
      return invitation.invitedEmails.length > 0 ? 'invited' : 'already-invited';
    },
  };
}
