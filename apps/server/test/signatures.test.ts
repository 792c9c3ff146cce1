import {
  ANCHOR_REQUIRED_MESSAGE,
  ANCHORS_DIFFERENT_MESSAGE,
  type EnvelopeRecord,
  type EnvelopeValidatorRole,
  SIGNATURE_DOCUMENT_NOT_VALIDATED_MESSAGE,
  SIGNATURE_ENVELOPE_NOT_VALIDATED_MESSAGE,
  SIGNATURE_SEND_ERROR_MESSAGE,
  SIGNATURE_TARGET_MESSAGE,
  SIGNERS_COUNT_MESSAGE,
} from '@isf/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  documents,
  documentTypes,
  notifications,
  signatureRequests,
  signatureWebhookEvents,
} from '../src/db/schema/index.js';
import { signWebhookBody, WEBHOOK_SIGNATURE_HEADER } from '../src/integrations/signature/webhook-signature.js';
import { buildYousignSimulator, type YousignSimulator } from '../src/integrations/signature/yousign-simulator.js';
import { WEBHOOK_FORGED_MESSAGE, WEBHOOK_STALE_MESSAGE } from '../src/modules/signatures/index.js';
import { createEnvelope } from './contracts-fixtures.js';
import { actingAs, countRows, createTestApp, inject, login, type TestApp, userIdOf } from './helper.js';
import { multipart } from './multipart.js';
import { transitionIdOf } from './workflow-fixtures.js';

const SECRET = 'test-webhook-secret';
/** A PDF carrying the two default smart anchors where the signers sign. */
const ANCHORED_PDF = Buffer.from(
  "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\nBT (Le sous-traitant {{key1|signature|85|37}}) Tj (L'acheteur {{key2|signature|85|37}}) Tj ET\ntrailer\n%%EOF\n",
);

let testApp: TestApp;
let simulator: YousignSimulator;
let admin: string;

beforeAll(async () => {
  simulator = buildYousignSimulator({ delayMs: 0, webhookSecret: SECRET });
  const simulatorUrl = await simulator.app.listen({ port: 0, host: '127.0.0.1' });
  testApp = await createTestApp({ signatureUrl: simulatorUrl, signatureWebhookSecret: SECRET, signatureApiKey: 'test' });
  const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  simulator.setWebhookUrl(`${address}/api/signature/webhook`);
  admin = await login(testApp.app, 'admin', 'admin');
});

afterAll(async () => {
  await testApp?.close();
  await simulator?.app.close();
});

function send(method: 'GET' | 'POST', url: string, payload?: object, token = admin) {
  return inject(testApp.app, { method, url, token, payload });
}

const signer = (index: number, overrides: Record<string, unknown> = {}) => ({
  name: index === 0 ? 'Sacha Sous-traitant' : 'Alex Acheteur',
  email: index === 0 ? 'sacha@example.com' : 'alex@example.com',
  phoneCountryCode: '+33',
  phoneNumber: `06 12 34 56 7${index}`,
  anchorRequired: true,
  anchorString: `key${index + 1}`,
  ...overrides,
});
const twoSigners = () => [signer(0), signer(1)];

async function uploadPdf(entity: string, entityId: number, content = ANCHORED_PDF, fileName = 'contrat.pdf') {
  const [type] = await testApp.db.select({ id: documentTypes.id }).from(documentTypes).orderBy(asc(documentTypes.id)).limit(1);
  const form = multipart([
    { name: 'type', value: String(type?.id) },
    { name: 'entity', value: entity },
    { name: 'id', value: String(entityId) },
    { name: 'file', fileName, content, contentType: 'application/pdf' },
  ]);
  return inject(testApp.app, {
    method: 'POST',
    url: '/api/document',
    token: admin,
    payload: form.payload,
    headers: form.headers,
  });
}

const transitionId = (code: string) => transitionIdOf(testApp.db, code);

async function envelope(id: number) {
  return (await send('GET', `/api/envelope/${id}`)).json<EnvelopeRecord>();
}

/** A new envelope with an anchored PDF, validated by both demo validators. */
async function validatedEnvelope(): Promise<number> {
  const envelopeId = await createEnvelope(testApp.app, testApp.db, admin);
  expect((await uploadPdf('envelope', envelopeId)).statusCode).toBe(200);
  const roles = (await send('GET', '/api/role/envelope-validator')).json<EnvelopeValidatorRole[]>();
  expect(roles.length).toBeGreaterThanOrEqual(2);
  const users = [await userIdOf(testApp.db, 'cdp'), await userIdOf(testApp.db, 'comptable')];
  expect((await send('POST', '/api/envelope/validation/', { envId: envelopeId, users })).statusCode).toBe(200);
  for (const uid of ['cdp', 'comptable']) {
    const token = await login(testApp.app, uid, uid);
    const record = await envelope(envelopeId);
    const moved = await inject(testApp.app, {
      method: 'POST',
      url: `/api/wftoken/move/${record.statusWF?.tokenId}/${await transitionId('env_to_validated')}`,
      token,
      payload: { comment: null },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  expect((await envelope(envelopeId)).statusWF?.nodeCode).toBe('env_validated');
  return envelopeId;
}

async function providerIdOf(envelopeId: number): Promise<string> {
  const [row] = await testApp.db
    .select({ providerId: signatureRequests.providerId })
    .from(signatureRequests)
    .where(eq(signatureRequests.envelopeId, envelopeId))
    .orderBy(desc(signatureRequests.id))
    .limit(1);
  return String(row?.providerId);
}

const envelopeDocuments = (envelopeId: number) =>
  countRows(testApp.db, documents, and(eq(documents.entity, 'envelope'), eq(documents.entityId, envelopeId)));

function signedEvent(requestId: string, overrides: Record<string, unknown> = {}) {
  return JSON.stringify({
    event_id: `evt-${requestId}`,
    event_name: 'signature_request.done',
    event_time: String(Math.floor(Date.now() / 1000)),
    subscription_id: 'test',
    sandbox: true,
    data: { signature_request: { id: requestId, status: 'done' } },
    ...overrides,
  });
}

function deliver(body: string, signature = signWebhookBody(SECRET, body)) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/signature/webhook',
    headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signature },
    payload: body,
  });
}

describe('POST /document/signature/email', () => {
  it('refuses bad signers with the spec messages (400) and sends nothing', async () => {
    const envelopeId = await validatedEnvelope();
    const post = (body: object) => send('POST', '/api/document/signature/email', body);
    const one = await post({ envelopeId, signers: [signer(0)] });
    expect(one.statusCode).toBe(400);
    expect(one.json().fields.signers).toBe(SIGNERS_COUNT_MESSAGE);
    const sameAnchors = await post({ envelopeId, signers: [signer(0), signer(1, { anchorString: 'key1' })] });
    expect(sameAnchors.statusCode).toBe(400);
    expect(sameAnchors.json().fields.signers).toBe(ANCHORS_DIFFERENT_MESSAGE);
    // the same string is fine when one of them places the signature by hand
    const noAnchor = await post({ envelopeId, signers: [signer(0), signer(1, { anchorString: '' })] });
    expect(noAnchor.statusCode).toBe(400);
    expect(noAnchor.json().fields['signers.1.anchorString']).toBe(ANCHOR_REQUIRED_MESSAGE);
    for (const missing of ['name', 'email', 'phoneNumber']) {
      const reply = await post({ envelopeId, signers: [signer(0, { [missing]: '' }), signer(1)] });
      expect(reply.statusCode, missing).toBe(400);
      expect(Object.keys(reply.json().fields)).toContain(`signers.0.${missing}`);
    }
    const noTarget = await post({ signers: twoSigners() });
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json().fields.envelopeId).toBe(SIGNATURE_TARGET_MESSAGE);
    expect(await countRows(testApp.db, signatureRequests, eq(signatureRequests.envelopeId, envelopeId))).toBe(0);
    expect((await envelope(envelopeId)).statusWF?.nodeCode).toBe('env_validated');
  });

  it('sends only validated envelopes, with the option and the update right', async () => {
    const draft = await createEnvelope(testApp.app, testApp.db, admin);
    await uploadPdf('envelope', draft);
    const notValidated = await send('POST', '/api/document/signature/email', { envelopeId: draft, signers: twoSigners() });
    expect(notValidated.statusCode).toBe(422);
    expect(notValidated.json().error).toBe(SIGNATURE_ENVELOPE_NOT_VALIDATED_MESSAGE);
    const withoutOption = await actingAs(testApp, { read: ['envelope', 'contract'], update: ['envelope'] });
    expect(
      (await send('POST', '/api/document/signature/email', { envelopeId: draft, signers: twoSigners() }, withoutOption.token))
        .statusCode,
    ).toBe(403);
    const withoutUpdate = await actingAs(testApp, {
      read: ['envelope', 'contract'],
      options: ['envelopes.can_send_for_signature'],
    });
    expect(
      (await send('POST', '/api/document/signature/email', { envelopeId: draft, signers: twoSigners() }, withoutUpdate.token))
        .statusCode,
    ).toBe(403);
  });

  it('says "Erreur d\'envoi à la signature" when the provider refuses, and the envelope stays validated', async () => {
    const envelopeId = await validatedEnvelope();
    const reply = await send('POST', '/api/document/signature/email', {
      envelopeId,
      signers: [signer(0, { anchorString: 'absent' }), signer(1)],
    });
    expect(reply.statusCode).toBe(502);
    expect(reply.json().error).toBe(SIGNATURE_SEND_ERROR_MESSAGE);
    expect((await envelope(envelopeId)).statusWF?.nodeCode).toBe('env_validated');
    expect(await countRows(testApp.db, signatureRequests, eq(signatureRequests.envelopeId, envelopeId))).toBe(0);
  });

  it('sends a validated envelope to two signers; the provider completes it: signed copy stored, envelope signed, sender told', async () => {
    const envelopeId = await validatedEnvelope();
    const sent = await send('POST', '/api/document/signature/email', {
      envelopeId,
      signers: [signer(0), signer(1, { anchorRequired: false, anchorString: null, phoneCountryCode: undefined })],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ success: 'sent' });
    expect((await envelope(envelopeId)).statusWF?.nodeCode).toBe('env_signing');
    const providerId = await providerIdOf(envelopeId);
    expect(simulator.request(providerId)?.status).toBe('ongoing');
    expect(simulator.request(providerId)?.signers.map((one) => one.email)).toEqual(['sacha@example.com', 'alex@example.com']);
    const before = await envelopeDocuments(envelopeId);
    const steps = async () =>
      (await send('GET', `/api/documents?entity=envelope&id=${envelopeId}`))
        .json<{ statusWF: string }[]>()
        .map((row) => row.statusWF);
    expect(await steps()).toEqual(['Validé']);

    await simulator.complete(providerId, 'done');
    await expect.poll(async () => (await envelope(envelopeId)).statusWF?.nodeCode, { timeout: 10_000 }).toBe('env_signed');
    expect(await envelopeDocuments(envelopeId)).toBe(before + 1);
    const listed = (await send('GET', `/api/documents?entity=envelope&id=${envelopeId}`)).json<
      { id: number; filename: string }[]
    >();
    const signed = listed.find((document) => document.filename === 'contrat - signé.pdf');
    expect(signed).toBeDefined();
    // the envelope's documents, its signed copy included, are signed with it; none goes to validation
    expect(listed.map((document) => (document as unknown as { statusWF: string }).statusWF)).toEqual(['Signé', 'Signé']);
    const copyToken = (await send('GET', `/api/wftoken/document/${signed?.id}`)).json<{
      node: { id: number; nodeCode: string };
    }>();
    expect(copyToken.node.nodeCode).toBe('doc_signed');
    expect((await send('GET', `/api/node/${copyToken.node.id}/transitions/${signed?.id}`)).json()).toEqual([]);
    const download = await send('POST', `/api/document/${signed?.id}`);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(download.rawPayload.toString('latin1')).toContain('Signed electronically by Sacha Sous-traitant, Alex Acheteur');
    const status = (await send('GET', `/api/envelope/${envelopeId}/signature`)).json();
    expect(status.request).toMatchObject({ status: 'done', reason: null });
    const adminId = await userIdOf(testApp.db, 'admin');
    expect(
      await countRows(
        testApp.db,
        notifications,
        and(eq(notifications.userId, adminId), eq(notifications.template, 'SIGNATURE_COMPLETED')),
      ),
    ).toBeGreaterThan(0);
  });

  it('shows a declined request with its reason and puts the envelope back to validated', async () => {
    const envelopeId = await validatedEnvelope();
    expect((await send('POST', '/api/document/signature/email', { envelopeId, signers: twoSigners() })).statusCode).toBe(200);
    const before = await envelopeDocuments(envelopeId);
    await simulator.complete(await providerIdOf(envelopeId), 'declined', 'Le montant ne correspond pas au devis.');
    await expect.poll(async () => (await envelope(envelopeId)).statusWF?.nodeCode, { timeout: 10_000 }).toBe('env_validated');
    const status = (await send('GET', `/api/envelope/${envelopeId}/signature`)).json();
    expect(status.request).toMatchObject({ status: 'declined', reason: 'Le montant ne correspond pas au devis.' });
    expect(await envelopeDocuments(envelopeId)).toBe(before);
  });
});

describe('the provider webhook', () => {
  it('refuses a forged or replayed event and changes nothing; the same event twice makes one signed document', async () => {
    const envelopeId = await validatedEnvelope();
    expect((await send('POST', '/api/document/signature/email', { envelopeId, signers: twoSigners() })).statusCode).toBe(200);
    const providerId = await providerIdOf(envelopeId);
    // the provider has signed, but its own delivery has not reached ISF: the test delivers
    const request = simulator.request(providerId);
    if (request) {
      request.status = 'done';
    }
    const before = await envelopeDocuments(envelopeId);
    const body = signedEvent(providerId);

    const forged = await deliver(body, signWebhookBody('not-the-secret', body));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toBe(WEBHOOK_FORGED_MESSAGE);
    const tampered = await deliver(body.replace('"sandbox":true', '"sandbox":false'), signWebhookBody(SECRET, body));
    expect(tampered.statusCode).toBe(401);
    const unsigned = await deliver(body, '');
    expect(unsigned.statusCode).toBe(401);
    const old = signedEvent(providerId, {
      event_id: 'evt-old',
      event_time: String(Math.floor(Date.now() / 1000) - 3600),
    });
    const replayed = await deliver(old);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error).toBe(WEBHOOK_STALE_MESSAGE);
    expect((await envelope(envelopeId)).statusWF?.nodeCode).toBe('env_signing');
    expect(await envelopeDocuments(envelopeId)).toBe(before);
    expect(await countRows(testApp.db, signatureWebhookEvents, eq(signatureWebhookEvents.providerRequestId, providerId))).toBe(0);

    const first = await deliver(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, handled: true });
    const second = await deliver(body);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ success: true, handled: false });
    expect(await envelopeDocuments(envelopeId)).toBe(before + 1);
    expect((await envelope(envelopeId)).statusWF?.nodeCode).toBe('env_signed');
  });
});

describe('documents sent for signature', () => {
  it('sends validated documents only; the signed copy joins the owner, signed like the document', async () => {
    const [company] = await testApp.db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id)).limit(1);
    const companyId = Number(company?.id);
    const uploaded = await uploadPdf('company', companyId, ANCHORED_PDF, 'avenant.pdf');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const documentId = Number(uploaded.json().id);
    const draft = await send('POST', '/api/document/signature/email', { docIds: [documentId], signers: twoSigners() });
    expect(draft.statusCode).toBe(422);
    expect(draft.json().error).toBe(SIGNATURE_DOCUMENT_NOT_VALIDATED_MESSAGE);
    for (const code of ['doc_submit_to_validation', 'doc_to_validated']) {
      const token = (await send('GET', `/api/wftoken/document/${documentId}`)).json();
      const moved = await send('POST', `/api/wftoken/move/${token.id}/${await transitionId(code)}`, { comment: null });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const sent = await send('POST', '/api/document/signature/email', { docIds: [documentId], signers: twoSigners() });
    expect(sent.statusCode, sent.body).toBe(200);
    const [row] = await testApp.db
      .select({ providerId: signatureRequests.providerId })
      .from(signatureRequests)
      .orderBy(desc(signatureRequests.id))
      .limit(1);
    await simulator.complete(String(row?.providerId), 'done');
    await expect
      .poll(async () => (await send('GET', `/api/wftoken/document/${documentId}`)).json().node.nodeCode, { timeout: 10_000 })
      .toBe('doc_signed');
    const listed = (await send('GET', `/api/documents?entity=company&id=${companyId}`)).json<
      { id: number; filename: string }[]
    >();
    const copy = listed.find((document) => document.filename === 'avenant - signé.pdf');
    expect(copy).toBeDefined();
    // a signed copy is signed: it is not sent to validation
    const copyToken = (await send('GET', `/api/wftoken/document/${copy?.id}`)).json<{ node: { id: number; nodeCode: string } }>();
    expect(copyToken.node.nodeCode).toBe('doc_signed');
    expect((await send('GET', `/api/node/${copyToken.node.id}/transitions/${copy?.id}`)).json()).toEqual([]);
    expect((await send('GET', `/api/document/${documentId}/signature`)).json().request).toMatchObject({ status: 'done' });
  });
});
