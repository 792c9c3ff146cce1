import { readFileSync } from 'node:fs';
import {
  ENVELOPE_ALREADY_DECIDED_MESSAGE,
  ENVELOPE_DELETE_NOT_DRAFT_MESSAGE,
  ENVELOPE_DOCUMENT_FOLLOWS_MESSAGE,
  ENVELOPE_DOCUMENTS_DRAFT_MESSAGE,
  ENVELOPE_NO_DOCUMENT_MESSAGE,
  ENVELOPE_NOT_SENDABLE_MESSAGE,
  ENVELOPE_ROLE_USER_MESSAGE,
  ENVELOPE_ROLES_REQUIRED_MESSAGE,
  ENVELOPE_SEND_OPTION_MESSAGE,
  ENVELOPE_TOO_FEW_VALIDATORS_MESSAGE,
  ENVELOPE_VALIDATOR_ONLY_MESSAGE,
  ENVELOPE_VALIDATOR_UNKNOWN_MESSAGE,
  ENVELOPE_VALIDATORS_REQUIRED_MESSAGE,
  type EnvelopeRecord,
  type EnvelopeValidatorRole,
  MESSAGES_FR,
} from '@isf/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, envelopeValidators, users, workflowTokens } from '../src/db/schema/index.js';
import { rowsOf } from '../src/platform/sql-rows.js';
import { createContract, createEnvelope, uploadToEnvelope } from './contracts-fixtures.js';
import { actingAs, countRows, createTestApp, inject, login, type TestApp, userIdOf } from './helper.js';
import { grant, transitionIdOf } from './workflow-fixtures.js';

let testApp: TestApp;
let admin: string;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
});

afterAll(async () => {
  await testApp?.close();
});

function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) {
  return inject(testApp.app, { method, url, token, payload });
}

const transitionId = (code: string) => transitionIdOf(testApp.db, code);

async function validatorUsers(): Promise<number[]> {
  const roles = (await send('GET', '/api/role/envelope-validator')).json<EnvelopeValidatorRole[]>();
  return roles.flatMap((role) => role.users.map((user) => user.id));
}

/** The demo's two envelope validator roles (project manager, accountant), each with its demo user. */
async function demoValidators() {
  const roles = (await send('GET', '/api/role/envelope-validator')).json<EnvelopeValidatorRole[]>();
  const pick = (roleName: string, uid: string) => {
    const role = roles.find((candidate) => candidate.name === roleName);
    return { roleId: Number(role?.id), userId: Number(role?.users.find((user) => user.name)?.id), uid };
  };
  const projectManager = pick('Chef de projet', 'cdp');
  const accountant = pick('Comptable', 'comptable');
  projectManager.userId = await userIdOf(testApp.db, 'cdp');
  accountant.userId = await userIdOf(testApp.db, 'comptable');
  return { projectManager, accountant, users: [projectManager.userId, accountant.userId] };
}

async function moveEnvelope(envelopeId: number, code: string, token: string, comment: string | null = null) {
  const record = (await send('GET', `/api/envelope/${envelopeId}`)).json<EnvelopeRecord>();
  return inject(testApp.app, {
    method: 'POST',
    url: `/api/wftoken/move/${record.statusWF?.tokenId}/${await transitionId(code)}`,
    token,
    payload: { comment },
  });
}

/** A new envelope with a document, sent to validation to the two demo validators. */
async function envelopeInValidation(): Promise<number> {
  const envelopeId = await createEnvelope(testApp.app, testApp.db, admin);
  expect((await uploadToEnvelope(testApp.app, testApp.db, admin, envelopeId)).statusCode).toBe(200);
  const sent = await send('POST', '/api/envelope/validation/', { envId: envelopeId, users: (await demoValidators()).users });
  expect(sent.statusCode, sent.body).toBe(200);
  return envelopeId;
}

describe('envelopes', () => {
  it('creates an envelope on env_draft, lists it in its contract and in /envelope/all, renames it', async () => {
    const contractId = await createContract(testApp.app, testApp.db, admin);
    const missing = await send('POST', '/api/envelope', { name: '  ', contractId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.name).toBe(MESSAGES_FR['validation.required']);
    const unknown = await send('POST', '/api/envelope', { name: 'Enveloppe', contractId: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.contractId).toBe(MESSAGES_FR['validation.selectItem']);

    const first = await createEnvelope(testApp.app, testApp.db, admin, contractId);
    const second = await createEnvelope(testApp.app, testApp.db, admin, contractId);
    const record = (await send('GET', `/api/envelope/${first}`)).json<EnvelopeRecord>();
    expect(record).toMatchObject({ id: first, contractId, version: 1, validators: [] });
    expect(record.statusWF?.nodeCode).toBe('env_draft');
    const ofContract = (await send('GET', `/api/contract/${contractId}/envelopes`)).json<
      { id: number; statusWF: { nodeCode: string } }[]
    >();
    expect(ofContract.map((row) => [row.id, row.statusWF.nodeCode])).toEqual([
      [first, 'env_draft'],
      [second, 'env_draft'],
    ]);
    const all = (await send('GET', `/api/envelope/all?filters=${encodeURIComponent(JSON.stringify({ contractId }))}`)).json();
    expect(all.content.map((row: { id: number; nodeCode: string }) => [row.id, row.nodeCode])).toEqual([
      [first, 'env_draft'],
      [second, 'env_draft'],
    ]);

    const renamed = await send('PUT', `/api/envelope/${first}`, { name: ' Avenant 1 ', version: 1 });
    expect(renamed.json().record).toMatchObject({ name: 'Avenant 1', version: 2 });
    expect((await send('PUT', `/api/envelope/${first}`, { name: '', version: 2 })).statusCode).toBe(400);
  });

  it('takes documents only in draft and with the update right on envelopes', async () => {
    const envelopeId = await createEnvelope(testApp.app, testApp.db, admin);
    const reader = await actingAs(testApp, {
      read: ['envelope', 'contract', 'document'],
      create: ['document'],
      update: ['document'],
    });
    expect((await uploadToEnvelope(testApp.app, testApp.db, reader.token, envelopeId)).statusCode).toBe(403);
    const uploaded = await uploadToEnvelope(testApp.app, testApp.db, admin, envelopeId);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const documents = (await send('GET', `/api/documents?entity=envelope&id=${envelopeId}`)).json<{ id: number }[]>();
    expect(documents.map((document) => document.id)).toEqual([uploaded.json().id]);

    const sent = await send('POST', '/api/envelope/validation/', { envId: envelopeId, users: (await demoValidators()).users });
    expect(sent.statusCode, sent.body).toBe(200);
    const late = await uploadToEnvelope(testApp.app, testApp.db, admin, envelopeId);
    expect(late.statusCode).toBe(422);
    expect(late.json().error).toBe(ENVELOPE_DOCUMENTS_DRAFT_MESSAGE);
    const removal = await send('DELETE', `/api/document/${uploaded.json().id}`);
    expect(removal.statusCode).toBe(422);
    expect(removal.json().error).toBe(ENVELOPE_DOCUMENTS_DRAFT_MESSAGE);
  });

  it('sends to validation with a document, the option and a user for each of at least two validator roles', async () => {
    const envelopeId = await createEnvelope(testApp.app, testApp.db, admin);
    const validators = await validatorUsers();
    const demo = await demoValidators();
    expect(validators).toEqual(expect.arrayContaining(demo.users));

    const post = (body: object, token = admin) =>
      send('POST', '/api/envelope/validation/', { envId: envelopeId, ...body }, token);
    const empty = await post({ users: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.users).toBe(ENVELOPE_VALIDATORS_REQUIRED_MESSAGE);
    const stranger = await actingAs(testApp);
    const notValidator = await post({ users: [stranger.userId, demo.projectManager.userId] });
    expect(notValidator.statusCode).toBe(400);
    expect(notValidator.json().fields.users).toBe(ENVELOPE_VALIDATOR_UNKNOWN_MESSAGE);
    // spec 2 §5: at least two roles, a user for each
    const oneRole = await post({ users: [demo.projectManager.userId] });
    expect(oneRole.statusCode).toBe(400);
    expect(oneRole.json().fields.users).toBe(ENVELOPE_ROLES_REQUIRED_MESSAGE);
    const secondManager = await actingAs(testApp, { read: ['envelope'] });
    await testApp.db.update(users).set({ roleId: demo.projectManager.roleId }).where(eq(users.id, secondManager.userId));
    const sameRole = await post({ users: [demo.projectManager.userId, secondManager.userId] });
    expect(sameRole.statusCode).toBe(400);
    expect(sameRole.json().fields.users).toBe(ENVELOPE_ROLES_REQUIRED_MESSAGE);
    const roleWithoutUser = await post({
      users: [demo.projectManager.userId],
      roles: [demo.projectManager.roleId, demo.accountant.roleId],
    });
    expect(roleWithoutUser.statusCode).toBe(400);
    expect(roleWithoutUser.json().fields.users).toBe(ENVELOPE_ROLE_USER_MESSAGE);
    const twoForOneRole = await post({
      users: [demo.projectManager.userId, secondManager.userId, demo.accountant.userId],
      roles: [demo.projectManager.roleId, demo.accountant.roleId],
    });
    expect(twoForOneRole.statusCode).toBe(400);
    expect(twoForOneRole.json().fields.users).toBe(ENVELOPE_ROLE_USER_MESSAGE);
    const noDocument = await post({ users: demo.users });
    expect(noDocument.statusCode).toBe(422);
    expect(noDocument.json().error).toBe(ENVELOPE_NO_DOCUMENT_MESSAGE);
    expect((await send('GET', `/api/envelope/${envelopeId}`)).json<EnvelopeRecord>().statusWF?.nodeCode).toBe('env_draft');

    expect((await uploadToEnvelope(testApp.app, testApp.db, admin, envelopeId)).statusCode).toBe(200);
    const sender = await actingAs(testApp, { read: ['envelope', 'contract'], update: ['envelope'] });
    await grant(testApp.db, sender.roleId, { transitions: [await transitionId('env_submit_to_validation')] });
    const withoutOption = await post({ users: demo.users }, sender.token);
    expect(withoutOption.statusCode).toBe(422);
    expect(withoutOption.json().error).toBe(ENVELOPE_SEND_OPTION_MESSAGE);
    const withoutTransition = await actingAs(testApp, {
      read: ['envelope', 'contract'],
      update: ['envelope'],
      options: ['envelopes.can_send_for_signature'],
    });
    expect((await post({ users: demo.users }, withoutTransition.token)).statusCode).toBe(403);

    const sent = await post({
      users: demo.users,
      roles: [demo.projectManager.roleId, demo.accountant.roleId],
      comment: 'À valider',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const record = sent.json<{ record: EnvelopeRecord }>().record;
    expect(record.statusWF?.nodeCode).toBe('env_pending_validation');
    expect(record.validators.map((validator) => [validator.user.id, validator.isValidated, validator.decision])).toEqual([
      [demo.projectManager.userId, false, null],
      [demo.accountant.userId, false, null],
    ]);
    const again = await post({ users: demo.users });
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toBe(ENVELOPE_NOT_SENDABLE_MESSAGE);
  });

  it('is validated only when every validator has validated; each decision is recorded with its date and comment', async () => {
    const envelopeId = await envelopeInValidation();
    const cdp = await login(testApp.app, 'cdp', 'cdp');
    const accountant = await login(testApp.app, 'comptable', 'comptable');
    const other = await actingAs(testApp, { read: ['envelope', 'contract'] });
    await grant(testApp.db, other.roleId, { transitions: [await transitionId('env_to_validated')] });
    const outsider = await moveEnvelope(envelopeId, 'env_to_validated', other.token);
    expect(outsider.statusCode, outsider.body).toBe(422);
    expect(outsider.json().error).toBe(ENVELOPE_VALIDATOR_ONLY_MESSAGE);

    const first = await moveEnvelope(envelopeId, 'env_to_validated', cdp, 'Bon pour moi');
    expect(first.statusCode, first.body).toBe(200);
    let record = (await send('GET', `/api/envelope/${envelopeId}`)).json<EnvelopeRecord>();
    expect(record.statusWF?.nodeCode).toBe('env_pending_validation');
    expect(record.validators.map((row) => [row.user.id, row.decision, row.comment, Boolean(row.validationDate)])).toEqual([
      [await userIdOf(testApp.db, 'cdp'), 'validated', 'Bon pour moi', true],
      [await userIdOf(testApp.db, 'comptable'), null, null, false],
    ]);
    // the validator who decided is no longer offered Valider / Refuser; the other one still is
    const offered = async (token: string) =>
      (
        await inject(testApp.app, {
          method: 'GET',
          url: `/api/node/${record.statusWF?.nodeId}/transitions/${envelopeId}`,
          token,
        })
      )
        .json<{ transitionCode: string }[]>()
        .map((transition) => transition.transitionCode)
        .sort();
    expect(await offered(cdp)).toEqual([]);
    expect(await offered(accountant)).toEqual(['env_to_refused', 'env_to_validated']);
    // validating twice is refused with its reason and changes nothing: validator row, token, history
    const historyBefore = (await send('GET', `/api/wftoken/history/envelope/${envelopeId}`)).json();
    const tokenVersion = async () =>
      (
        await testApp.db
          .select({ version: workflowTokens.version })
          .from(workflowTokens)
          .where(and(eq(workflowTokens.entityName, 'envelope'), eq(workflowTokens.entityId, envelopeId)))
          .orderBy(asc(workflowTokens.id))
      )[0]?.version;
    const versionBefore = await tokenVersion();
    for (const [code, comment] of [
      ['env_to_validated', 'Encore moi'],
      ['env_to_refused', 'Finalement non'],
    ] as const) {
      const twice = await moveEnvelope(envelopeId, code, cdp, comment);
      expect(twice.statusCode).toBe(422);
      expect(twice.json().error).toBe(ENVELOPE_ALREADY_DECIDED_MESSAGE);
    }
    const unchanged = (await send('GET', `/api/envelope/${envelopeId}`)).json<EnvelopeRecord>();
    expect(unchanged.statusWF).toEqual(record.statusWF);
    expect(unchanged.validators).toEqual(record.validators);
    expect((await send('GET', `/api/wftoken/history/envelope/${envelopeId}`)).json()).toEqual(historyBefore);
    expect(await tokenVersion()).toBe(versionBefore);

    const last = await moveEnvelope(envelopeId, 'env_to_validated', accountant, 'Conforme');
    expect(last.statusCode, last.body).toBe(200);
    record = (await send('GET', `/api/envelope/${envelopeId}`)).json<EnvelopeRecord>();
    expect(record.statusWF?.nodeCode).toBe('env_validated');
    expect(record.validators.map((row) => [row.decision, row.comment])).toEqual([
      ['validated', 'Bon pour moi'],
      ['validated', 'Conforme'],
    ]);
    // both decisions are in the history: the first keeps the envelope on its node
    const history = (await send('GET', `/api/wftoken/history/envelope/${envelopeId}`)).json();
    const comments = (Array.isArray(history) ? history : history.content).map((row: { comment: string | null }) => row.comment);
    expect(comments).toEqual(expect.arrayContaining(['Bon pour moi', 'Conforme']));
  });

  it("is refused by one refusal, with the refusing validator's comment", async () => {
    const envelopeId = await envelopeInValidation();
    const cdp = await login(testApp.app, 'cdp', 'cdp');
    const accountant = await login(testApp.app, 'comptable', 'comptable');
    expect((await moveEnvelope(envelopeId, 'env_to_validated', cdp)).statusCode).toBe(200);
    const short = await moveEnvelope(envelopeId, 'env_to_refused', accountant, 'non');
    expect(short.statusCode).toBe(422);
    const refused = await moveEnvelope(envelopeId, 'env_to_refused', accountant, 'Montants erronés');
    expect(refused.statusCode, refused.body).toBe(200);
    const record = (await send('GET', `/api/envelope/${envelopeId}`)).json<EnvelopeRecord>();
    expect(record.statusWF?.nodeCode).toBe('env_refused');
    expect(record.validators.map((row) => [row.decision, row.isValidated, row.comment])).toEqual([
      ['validated', true, null],
      ['refused', false, 'Montants erronés'],
    ]);
    // sent again, the validators start over
    const again = await send('POST', '/api/envelope/validation/', { envId: envelopeId, users: (await demoValidators()).users });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ record: EnvelopeRecord }>().record.validators.map((row) => row.decision)).toEqual([null, null]);
  });

  it('leaves no token to act on when an envelope has fewer than two validators', async () => {
    const envelopeId = await envelopeInValidation();
    const demo = await demoValidators();
    await testApp.db
      .delete(envelopeValidators)
      .where(and(eq(envelopeValidators.envelopeId, envelopeId), eq(envelopeValidators.userId, demo.accountant.userId)));
    const cdp = await login(testApp.app, 'cdp', 'cdp');
    for (const [code, comment] of [
      ['env_to_validated', null],
      ['env_to_refused', 'Refus motivé'],
    ] as const) {
      const move = await moveEnvelope(envelopeId, code, cdp, comment);
      expect(move.statusCode, move.body).toBe(422);
      expect(move.json().error).toBe(ENVELOPE_TOO_FEW_VALIDATORS_MESSAGE);
    }
    const record = (await send('GET', `/api/envelope/${envelopeId}`)).json<EnvelopeRecord>();
    expect(record.statusWF?.nodeCode).toBe('env_pending_validation');
    expect(record.validators.map((row) => row.decision)).toEqual([null]);
  });

  it('lets a reader of the envelope read its documents without the document right, and names the envelope on them', async () => {
    const contractId = await createContract(testApp.app, testApp.db, admin);
    const envelopeId = await createEnvelope(testApp.app, testApp.db, admin, contractId);
    const uploaded = await uploadToEnvelope(testApp.app, testApp.db, admin, envelopeId);
    const documentId = Number(uploaded.json().id);
    const envelopeName = (await send('GET', `/api/envelope/${envelopeId}`)).json<EnvelopeRecord>().name;
    // the demo project manager reads envelopes, not documents
    const cdp = await login(testApp.app, 'cdp', 'cdp');
    const listed = await send('GET', `/api/documents?entity=envelope&id=${envelopeId}`, undefined, cdp);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ id: number }[]>().map((document) => document.id)).toEqual([documentId]);
    const detail = await send('GET', `/api/documents/${documentId}`, undefined, cdp);
    expect(detail.statusCode, detail.body).toBe(200);
    // the envelope by its name, with its contract for the link
    expect(detail.json()).toMatchObject({
      entity: 'envelope',
      entityId: envelopeId,
      ownerName: envelopeName,
      ownerParentId: contractId,
    });
    expect((await send('GET', `/api/document/${documentId}/validators`, undefined, cdp)).statusCode).toBe(200);
    const download = await inject(testApp.app, {
      method: 'POST',
      url: `/api/document/${documentId}`,
      payload: `token=${encodeURIComponent(cdp)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // the other owners' documents and the documents screen still need the document right
    const [agency] = await testApp.db.select({ id: agencies.id }).from(agencies).orderBy(asc(agencies.id)).limit(1);
    expect((await send('GET', `/api/documents?entity=agency&id=${agency?.id}`, undefined, cdp)).statusCode).toBe(403);
    expect((await send('GET', '/api/documents', undefined, cdp)).statusCode).toBe(403);
    // without the envelope read right, nothing
    const stranger = await actingAs(testApp, { read: ['contract'] });
    expect((await send('GET', `/api/documents?entity=envelope&id=${envelopeId}`, undefined, stranger.token)).statusCode).toBe(
      403,
    );
    expect((await send('GET', `/api/documents/${documentId}`, undefined, stranger.token)).statusCode).toBe(403);
    // the documents screen names the envelope and its contract too
    const screen = (await send('GET', `/api/documents?filters=${encodeURIComponent(JSON.stringify({ id: documentId }))}`)).json<{
      content: { ownerName: string; ownerParentId: number }[];
    }>();
    expect(screen.content.map((row) => [row.ownerName, row.ownerParentId])).toEqual([[envelopeName, contractId]]);
  });

  it("moves the envelope's documents with it (in validation, validated, back to draft); never one by one", async () => {
    const envelopeId = await envelopeInValidation();
    const cdp = await login(testApp.app, 'cdp', 'cdp');
    const accountant = await login(testApp.app, 'comptable', 'comptable');
    const steps = async () =>
      (await send('GET', `/api/documents?entity=envelope&id=${envelopeId}`))
        .json<{ id: number; statusWF: string }[]>()
        .map((document) => document.statusWF);
    expect(await steps()).toEqual(['En attente de validation']);
    const [document] = (await send('GET', `/api/documents?entity=envelope&id=${envelopeId}`)).json<{ id: number }[]>();
    const documentToken = (await send('GET', `/api/wftoken/document/${document?.id}`)).json<{
      id: number;
      node: { id: number };
    }>();
    // nobody moves an envelope document on its own: nothing offered, a move refused with its reason
    expect((await send('GET', `/api/node/${documentToken.node.id}/transitions/${document?.id}`)).json()).toEqual([]);
    const alone = await send('POST', `/api/wftoken/move/${documentToken.id}/${await transitionId('doc_to_validated')}`, {
      comment: null,
    });
    expect(alone.statusCode).toBe(422);
    expect(alone.json().error).toBe(ENVELOPE_DOCUMENT_FOLLOWS_MESSAGE);

    expect((await moveEnvelope(envelopeId, 'env_to_validated', cdp)).statusCode).toBe(200);
    expect(await steps()).toEqual(['En attente de validation']);
    expect((await moveEnvelope(envelopeId, 'env_to_validated', accountant)).statusCode).toBe(200);
    expect(await steps()).toEqual(['Validé']);
    const signing = await send('POST', '/api/document/signature/email', {
      docIds: [document?.id],
      signers: [0, 1].map((index) => ({
        name: `Signataire ${index}`,
        email: `signataire${index}@example.com`,
        phoneCountryCode: '+33',
        phoneNumber: `061234567${index}`,
        anchorRequired: true,
        anchorString: `key${index + 1}`,
      })),
    });
    expect(signing.statusCode).toBe(422);
    expect(signing.json().error).toBe(ENVELOPE_DOCUMENT_FOLLOWS_MESSAGE);
    // back to draft, back to draft
    expect((await moveEnvelope(envelopeId, 'env_from_validated_to_draft', admin, 'À reprendre')).statusCode).toBe(200);
    expect(await steps()).toEqual(['Brouillon']);
  });

  it('migration 0051 puts the documents of envelopes moved before on their envelope’s step', async () => {
    const envelopeId = await envelopeInValidation();
    const draftEnvelope = await createEnvelope(testApp.app, testApp.db, admin);
    await uploadToEnvelope(testApp.app, testApp.db, admin, draftEnvelope);
    const documentsOf = async (id: number) =>
      (await send('GET', `/api/documents?entity=envelope&id=${id}`)).json<{ id: number; statusWF: string }[]>();
    // as the application left them before: on doc_draft whatever the envelope's step
    const [document] = await documentsOf(envelopeId);
    const [draftNode] = await rowsOf<{ id: number }>(
      testApp.db,
      sql`SELECT n.id FROM workflow_nodes n JOIN workflows w ON w.id = n.workflow_id
        WHERE w.object_name = 'document' AND n.code = 'doc_draft' ORDER BY n.id LIMIT 1`,
    );
    await testApp.db
      .update(workflowTokens)
      .set({ nodeId: Number(draftNode?.id) })
      .where(and(eq(workflowTokens.entityName, 'document'), eq(workflowTokens.entityId, Number(document?.id))));
    expect((await documentsOf(envelopeId)).map((row) => row.statusWF)).toEqual(['Brouillon']);
    const migration = readFileSync(new URL('../src/db/migrations/0051_envelope_documents_follow.sql', import.meta.url), 'utf8');
    await testApp.db.execute(sql.raw(migration));
    expect((await documentsOf(envelopeId)).map((row) => row.statusWF)).toEqual(['En attente de validation']);
    expect((await documentsOf(draftEnvelope)).map((row) => row.statusWF)).toEqual(['Brouillon']);
    const history = (await send('GET', `/api/wftoken/history/document/${document?.id}`)).json();
    const comments = (Array.isArray(history) ? history : history.content).map((row: { comment: string | null }) => row.comment);
    expect(comments).toContain('Enveloppe : En attente de validation');
    // run again, it changes nothing
    await testApp.db.execute(sql.raw(migration));
    expect((await send('GET', `/api/wftoken/history/document/${document?.id}`)).json()).toEqual(history);
  });

  it('deletes only a draft envelope without documents, with its token', async () => {
    const empty = await createEnvelope(testApp.app, testApp.db, admin);
    expect((await send('DELETE', `/api/envelope/${empty}`)).json()).toEqual({ success: true });
    expect(
      await countRows(
        testApp.db,
        workflowTokens,
        and(eq(workflowTokens.entityName, 'envelope'), eq(workflowTokens.entityId, empty)),
      ),
    ).toBe(0);

    const withDocument = await createEnvelope(testApp.app, testApp.db, admin);
    await uploadToEnvelope(testApp.app, testApp.db, admin, withDocument);
    const inUse = await send('DELETE', `/api/envelope/${withDocument}`);
    expect(inUse.statusCode).toBe(422);
    expect(inUse.json().error).toBe(MESSAGES_FR['error.inUse']);
    await send('POST', '/api/envelope/validation/', { envId: withDocument, users: (await demoValidators()).users });
    const notDraft = await send('DELETE', `/api/envelope/${withDocument}`);
    expect(notDraft.statusCode).toBe(422);
    expect(notDraft.json().error).toBe(ENVELOPE_DELETE_NOT_DRAFT_MESSAGE);
  });

  it('lists envelope tokens on the node screen with name, contract number and agency', async () => {
    const contractId = await createContract(testApp.app, testApp.db, admin);
    const envelopeId = await createEnvelope(testApp.app, testApp.db, admin, contractId);
    const record = (await send('GET', `/api/envelope/${envelopeId}`)).json<EnvelopeRecord>();
    const contract = (await send('GET', `/api/contract/${contractId}`)).json();
    const reply = await inject(testApp.app, {
      method: 'GET',
      url: `/api/node/${record.statusWF?.nodeId}/tokens`,
      token: admin,
      query: { filter: 'all', filters: JSON.stringify({ contractNumber: contract.contractNumber }) },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().content).toMatchObject([
      {
        entityName: 'envelope',
        entityId: envelopeId,
        envelopeName: record.name,
        contractId,
        contractNumber: contract.contractNumber,
        agencyName: contract.agencyName,
      },
    ]);
  });
});
