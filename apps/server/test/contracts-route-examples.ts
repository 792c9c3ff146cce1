import { PDFDocument } from '@cantoo/pdf-lib';
import { asc, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { companies } from '../src/db/schema/index.js';
import { contractPayload, createContract, createEnvelope, uploadDocument, uploadToEnvelope } from './contracts-fixtures.js';
import { inject } from './helper.js';
import { multipart } from './multipart.js';
import type { ExampleContext, RouteExample } from './route-examples.js';
import { transitionIdOf } from './workflow-fixtures.js';

const newContract = (context: ExampleContext) => createContract(context.app, context.db, context.admin);
const newEnvelope = (context: ExampleContext) => createEnvelope(context.app, context.db, context.admin);

/**
 * A PDF of the first company moved to doc_validated (what the signature route sends from the documents
 * screen); its id. Not an envelope's: those follow their envelope and are not moved one by one.
 */
async function validatedDocument(context: ExampleContext): Promise<number> {
  const [company] = await context.db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id)).limit(1);
  const upload = await uploadDocument(context.app, context.db, context.admin, 'company', Number(company?.id));
  expect(upload.statusCode, upload.body).toBe(200);
  const documentId = Number(upload.json().id);
  for (const code of ['doc_submit_to_validation', 'doc_to_validated']) {
    const token = await inject(context.app, { method: 'GET', url: `/api/wftoken/document/${documentId}`, token: context.admin });
    const moved = await inject(context.app, {
      method: 'POST',
      url: `/api/wftoken/move/${token.json().id}/${await transitionIdOf(context.db, code)}`,
      token: context.admin,
      payload: { comment: null },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return documentId;
}

const manualSigner = (name: string, email: string) => ({
  name,
  email,
  phoneCountryCode: '+33',
  phoneNumber: '06 12 34 56 78',
  anchorRequired: false,
  anchorString: null,
});

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');

function templateForm(extra: { name: string; value: string }[] = [], content: Buffer = PDF) {
  return multipart([
    { name: 'templateName', value: 'Modèle' },
    ...extra,
    { name: 'file', fileName: 'modele.pdf', content, contentType: 'application/pdf' },
  ]);
}

/** A one-page PDF a reader opens (the contract template the fill route reads); the smallest PDF is enough elsewhere. */
async function readablePdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage();
  return Buffer.from(await document.save());
}

/** A new stored model of the kind (`/api/paymentguarantee` or `/api/contracttemplate`); its id. */
async function newTemplate(context: ExampleContext, base: string, content: Buffer = PDF): Promise<number> {
  const form = templateForm([], content);
  const created = await inject(context.app, {
    method: 'POST',
    url: `${base}/create`,
    token: context.admin,
    payload: form.payload,
    headers: form.headers,
  });
  expect(created.statusCode, created.body).toBe(200);
  return Number(created.json().id);
}

/** Example requests of the contract and envelope routes (test/route-examples.ts). */
export const CONTRACT_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'GET /api/paymentguarantee': async () => ({ url: '/api/paymentguarantee' }),
  'GET /api/paymentguarantee/formSettings': async () => ({ url: '/api/paymentguarantee/formSettings' }),
  'POST /api/paymentguarantee/create': async () => {
    const form = templateForm();
    return { url: '/api/paymentguarantee/create', payload: form.payload, headers: form.headers };
  },
  'POST /api/paymentguarantee/:id': async (context) => ({
    url: `/api/paymentguarantee/${await newTemplate(context, '/api/paymentguarantee')}`,
    payload: {},
  }),
  'DELETE /api/paymentguarantee/:id': async (context) => ({
    url: `/api/paymentguarantee/${await newTemplate(context, '/api/paymentguarantee')}`,
  }),
  'GET /api/contracttemplate': async () => ({ url: '/api/contracttemplate' }),
  'POST /api/contracttemplate/create': async () => {
    const form = templateForm();
    return { url: '/api/contracttemplate/create', payload: form.payload, headers: form.headers };
  },
  'POST /api/contracttemplate/:id': async (context) => ({
    url: `/api/contracttemplate/${await newTemplate(context, '/api/contracttemplate')}`,
    payload: {},
  }),
  'DELETE /api/contracttemplate/:id': async (context) => ({
    url: `/api/contracttemplate/${await newTemplate(context, '/api/contracttemplate')}`,
  }),
  'POST /api/contract/:id/contracttemplate/:templateId': async (context) => ({
    url: `/api/contract/${await newContract(context)}/contracttemplate/${await newTemplate(context, '/api/contracttemplate', await readablePdf())}`,
    payload: {},
  }),
  'POST /api/contract': async (context) => ({ url: '/api/contract', payload: await contractPayload(context.db) }),
  'GET /api/contract/:id': async (context) => ({ url: `/api/contract/${await newContract(context)}` }),
  'PUT /api/contract/:id': async (context) => ({
    url: `/api/contract/${await newContract(context)}`,
    payload: { ...(await contractPayload(context.db)), version: 1 },
  }),
  'DELETE /api/contract/:id': async (context) => ({ url: `/api/contract/${await newContract(context)}` }),
  'GET /api/contract/:id/childs': async (context) => ({ url: `/api/contract/${await newContract(context)}/childs` }),
  'GET /api/contract/:id/parents': async (context) => ({ url: `/api/contract/${await newContract(context)}/parents` }),
  'GET /api/contract/:id/markets': async (context) => ({ url: `/api/contract/${await newContract(context)}/markets` }),
  'GET /api/contract/:id/envelopes': async (context) => ({ url: `/api/contract/${await newContract(context)}/envelopes` }),
  'POST /api/envelope': async (context) => ({
    url: '/api/envelope',
    payload: { name: 'Enveloppe exemple', contractId: await newContract(context) },
  }),
  'GET /api/envelope/:id': async (context) => ({ url: `/api/envelope/${await newEnvelope(context)}` }),
  'PUT /api/envelope/:id': async (context) => ({
    url: `/api/envelope/${await newEnvelope(context)}`,
    payload: { name: 'Enveloppe renommée', version: 1 },
  }),
  'DELETE /api/envelope/:id': async (context) => ({ url: `/api/envelope/${await newEnvelope(context)}` }),
  'GET /api/envelope/:id/validators': async (context) => ({ url: `/api/envelope/${await newEnvelope(context)}/validators` }),
  'POST /api/envelope/validation/': async (context) => {
    const envelopeId = await newEnvelope(context);
    const upload = await uploadToEnvelope(context.app, context.db, context.admin, envelopeId);
    expect(upload.statusCode, upload.body).toBe(200);
    const roles = await inject(context.app, { method: 'GET', url: '/api/role/envelope-validator', token: context.admin });
    // one user for each of the first two validator roles (the send needs at least two)
    const users = roles
      .json<{ users: { id: number }[] }[]>()
      .flatMap((role) => role.users.slice(0, 1).map((user) => user.id))
      .slice(0, 2);
    if (context.caller) {
      // the send fires the hidden transition: the caller's role must hold it (the role editor's Workflow tab)
      await context.db.execute(sql`INSERT INTO role_workflow_transitions (role_id, transition_id)
        SELECT u.role_id, t.id FROM users u, workflow_transitions t
        WHERE u.id = ${context.caller.userId} AND t.code = 'env_submit_to_validation' ON CONFLICT DO NOTHING`);
    }
    return { url: '/api/envelope/validation/', payload: { envId: envelopeId, users } };
  },
  'POST /api/document/signature/email': async (context) => ({
    url: '/api/document/signature/email',
    payload: {
      docIds: [await validatedDocument(context)],
      signers: [manualSigner('Sacha Sous-traitant', 'sacha@example.com'), manualSigner('Alex Acheteur', 'alex@example.com')],
    },
  }),
  'GET /api/envelope/:id/signature': async (context) => ({ url: `/api/envelope/${await newEnvelope(context)}/signature` }),
  'GET /api/document/:id/signature': async (context) => ({ url: `/api/document/${await validatedDocument(context)}/signature` }),
};
