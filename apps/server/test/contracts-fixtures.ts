import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import { agencies, documentTypes, users } from '../src/db/schema/index.js';
import { inject, uniqueName } from './helper.js';
import { multipart } from './multipart.js';

/** A valid contract payload on the first demo agency and document type, with the administrator as referents. */
export async function contractPayload(db: Database, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const [agency] = await db.select({ id: agencies.id }).from(agencies).orderBy(asc(agencies.id)).limit(1);
  const [type] = await db.select({ id: documentTypes.id }).from(documentTypes).orderBy(asc(documentTypes.id)).limit(1);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.uid, 'admin')).limit(1);
  return {
    contractNumber: uniqueName('CT'),
    documentType: type?.id,
    agency: agency?.id,
    signatureDate: '2026-01-05',
    startDate: '2026-01-10',
    endDate: '2027-01-09',
    duration: 12,
    referent: admin?.id,
    adminReferent: admin?.id,
    referentBuyer: 'Acheteur ERP',
    comment: null,
    ...overrides,
  };
}

async function created(app: FastifyInstance, token: string, url: string, payload: object): Promise<number> {
  const response = await inject(app, { method: 'POST', url, token, payload });
  expect(response.statusCode, response.body).toBe(200);
  return Number(response.json<{ id: number }>().id);
}

export async function createContract(
  app: FastifyInstance,
  db: Database,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  return created(app, token, '/api/contract', await contractPayload(db, overrides));
}

/** A new envelope (on a new contract unless one is given): its token is on env_draft. */
export async function createEnvelope(app: FastifyInstance, db: Database, token: string, contractId?: number): Promise<number> {
  return created(app, token, '/api/envelope', {
    name: uniqueName('Enveloppe'),
    contractId: contractId ?? (await createContract(app, db, token)),
  });
}

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');

/** Uploads a PDF to a record of `entity` through the document manager; answers the response. */
export async function uploadDocument(app: FastifyInstance, db: Database, token: string, entity: string, entityId: number) {
  const [type] = await db.select({ id: documentTypes.id }).from(documentTypes).orderBy(asc(documentTypes.id)).limit(1);
  const form = multipart([
    { name: 'type', value: String(type?.id) },
    { name: 'entity', value: entity },
    { name: 'id', value: String(entityId) },
    { name: 'comment', value: 'Contrat' },
    { name: 'file', fileName: 'contrat.pdf', content: PDF, contentType: 'application/pdf' },
  ]);
  return inject(app, { method: 'POST', url: '/api/document', token, payload: form.payload, headers: form.headers });
}

/** Uploads a PDF to the envelope through the document manager; answers the response. */
export function uploadToEnvelope(app: FastifyInstance, db: Database, token: string, envelopeId: number) {
  return uploadDocument(app, db, token, 'envelope', envelopeId);
}
