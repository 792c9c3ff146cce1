import { ENVELOPE_DOCUMENTS_DRAFT_MESSAGE, type EnvelopeValidator } from '@isf/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, projects, userProjects } from '../src/db/schema/index.js';
import { FILE_CONTENT_MESSAGE } from '../src/modules/documents/index.js';
import { createEnvelope, uploadToEnvelope } from './contracts-fixtures.js';
import { actingAs, countRows, createTestApp, inject, login, type TestApp, userIdOf } from './helper.js';
import { multipart } from './multipart.js';
import { transitionIdOf } from './workflow-fixtures.js';

let testApp: TestApp;
let admin: string;
const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
});

afterAll(async () => {
  await testApp?.close();
});

function send(method: 'GET' | 'POST' | 'DELETE', url: string, token = admin, payload?: object) {
  return inject(testApp.app, { method, url, token, payload });
}

async function upload(entity: string, id: number, fileName = 'piece.pdf'): Promise<number> {
  const body = multipart([
    { name: 'type', value: '1' },
    { name: 'entity', value: entity },
    { name: 'id', value: String(id) },
    { name: 'file', fileName, content: pdf },
  ]);
  const reply = await inject(testApp.app, {
    method: 'POST',
    url: '/api/document',
    token: admin,
    payload: body.payload,
    headers: body.headers,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().id as number;
}

type Page = {
  content: { id: number; entity: string; ownerName: string | null; statusWF: string | null }[];
  totalElements: number;
};

const listed = async (token: string, query = '') =>
  (await send('GET', `/api/documents?size=200&sort=id,desc${query}`, token)).json<Page>();

describe('documents screen', () => {
  it('lists the documents of every owner the profile sees, and only those; detail and validators follow the same scope', async () => {
    const [mine, other] = await testApp.db
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .orderBy(projects.id)
      .limit(2);
    if (!mine || !other) {
      throw new Error('the demo has projects');
    }
    const onMine = await upload('project', mine.id, 'plan du chantier.pdf');
    const onOther = await upload('project', other.id);
    const onCompany = await upload('company', 1);
    const viewer = await actingAs(testApp, { visibility: 2, read: ['document', 'project'] });
    await testApp.db.insert(userProjects).values({ userId: viewer.userId, projectId: mine.id });

    const seen = await listed(viewer.token);
    const ids = seen.content.map((row) => row.id);
    expect(ids).toContain(onMine);
    expect(ids).not.toContain(onOther);
    // no read right on companies: their documents stay hidden though the profile reads documents
    expect(ids).not.toContain(onCompany);
    expect(seen.content.every((row) => row.entity === 'project')).toBe(true);
    expect(seen.content.find((row) => row.id === onMine)).toMatchObject({
      entity: 'project',
      ownerName: mine.name,
      statusWF: 'Brouillon',
    });
    // the administrator sees all three, the list engine's filters apply
    const all = await listed(admin, `&filters=${encodeURIComponent(JSON.stringify({ filename: 'plan du chantier' }))}`);
    expect(all.content.map((row) => row.id)).toEqual([onMine]);
    const everyOwner = (await listed(admin)).content.map((row) => row.id);
    expect(everyOwner).toEqual(expect.arrayContaining([onMine, onOther, onCompany]));

    expect((await send('GET', `/api/documents/${onMine}`, viewer.token)).json()).toMatchObject({
      id: onMine,
      filename: 'plan du chantier.pdf',
      nodeCode: 'doc_draft',
      canDelete: false,
    });
    expect((await send('GET', `/api/documents/${onOther}`, viewer.token)).statusCode).toBe(404);
    expect((await send('GET', `/api/document/${onOther}/validators`, viewer.token)).statusCode).toBe(404);
    expect((await send('GET', `/api/wftoken/document/${onOther}`, viewer.token)).statusCode).toBe(404);
    const outsider = await actingAs(testApp, { read: ['project'] });
    expect((await send('GET', '/api/documents', outsider.token)).statusCode).toBe(403);
    const badOwner = await send('GET', '/api/documents?entity=project');
    expect(badOwner.statusCode).toBe(400);
    expect(badOwner.json().detail).toBe('Précisez l’élément dont lister les documents.');
  });

  it('shows who validated or refused a document on its own workflow', async () => {
    const id = await upload('company', 1);
    const move = async (code: string, comment: string | null) => {
      const token = (await send('GET', `/api/wftoken/document/${id}`)).json();
      const reply = await send('POST', `/api/wftoken/move/${token.id}/${await transitionIdOf(testApp.db, code)}`, admin, {
        comment,
      });
      expect(reply.statusCode, reply.body).toBe(200);
    };
    expect((await send('GET', `/api/document/${id}/validators`)).json()).toEqual([]);
    await move('doc_submit_to_validation', null);
    await move('doc_to_validated', 'Conforme');
    const validators = (await send('GET', `/api/document/${id}/validators`)).json<EnvelopeValidator[]>();
    expect(validators).toHaveLength(1);
    expect(validators[0]).toMatchObject({
      user: { id: await userIdOf(testApp.db, 'admin') },
      decision: 'validated',
      isValidated: true,
      comment: 'Conforme',
    });
    expect(validators[0]?.validationDate).toBeTruthy();
  });

  it('applies the owner’s deletion rule from the documents screen: an envelope document only in draft, with the designated validators shown', async () => {
    const envelopeId = await createEnvelope(testApp.app, testApp.db, admin);
    const uploaded = await uploadToEnvelope(testApp.app, testApp.db, admin, envelopeId);
    const id = uploaded.json().id as number;
    expect((await send('GET', `/api/documents/${id}`)).json().canDelete).toBe(true);
    const validators = [await userIdOf(testApp.db, 'cdp'), await userIdOf(testApp.db, 'comptable')];
    const sent = await send('POST', '/api/envelope/validation/', admin, { envId: envelopeId, users: validators });
    expect(sent.statusCode, sent.body).toBe(200);

    const detail = (await send('GET', `/api/documents/${id}`)).json();
    expect(detail.canDelete).toBe(false);
    const shown = (await send('GET', `/api/document/${id}/validators`)).json<EnvelopeValidator[]>();
    expect(shown.map((validator) => [validator.user.id, validator.decision])).toEqual([
      [validators[0], null],
      [validators[1], null],
    ]);
    const refused = await send('DELETE', `/api/document/${id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(ENVELOPE_DOCUMENTS_DRAFT_MESSAGE);
    expect(await countRows(testApp.db, documents, eq(documents.id, id))).toBe(1);
  });

  it('refuses, with a French message, a .pdf that is not a PDF on every owner of the contracts area, writing nothing', async () => {
    const envelopeId = await createEnvelope(testApp.app, testApp.db, admin);
    const before = await countRows(testApp.db, documents);
    const fakes = [
      Buffer.from('Ceci est un texte, pas un PDF.\n'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]),
    ];
    for (const [entity, id] of [
      ['envelope', envelopeId],
      ['company', 1],
    ] as const) {
      for (const content of fakes) {
        const body = multipart([
          { name: 'type', value: '1' },
          { name: 'entity', value: entity },
          { name: 'id', value: String(id) },
          { name: 'file', fileName: 'contrat.pdf', content, contentType: 'application/pdf' },
        ]);
        const reply = await inject(testApp.app, {
          method: 'POST',
          url: '/api/document',
          token: admin,
          payload: body.payload,
          headers: body.headers,
        });
        expect(reply.statusCode).toBe(400);
        expect(reply.json().detail).toBe(FILE_CONTENT_MESSAGE);
        expect(reply.json().fields.file).toBe(FILE_CONTENT_MESSAGE);
      }
    }
    expect(await countRows(testApp.db, documents)).toBe(before);
  });
});
