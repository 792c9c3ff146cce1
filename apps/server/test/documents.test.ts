import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../src/db/schema/index.js';
import { FILE_CONTENT_MESSAGE, NO_FILE_MESSAGE } from '../src/modules/documents/index.js';
import { actingAs, countRows, createTestApp, inject, login, type TestApp } from './helper.js';
import { multipart } from './multipart.js';

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

function upload(token: string, fields: Record<string, string>, file?: { fileName: string; content: Buffer }) {
  const parts = [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file ? [{ name: 'file', fileName: file.fileName, content: file.content }] : []),
  ];
  const body = multipart(parts);
  return inject(testApp.app, { method: 'POST', url: '/api/document', token, payload: body.payload, headers: body.headers });
}

describe('documents', () => {
  it('uploads a document to a company, lists it, downloads it with the token field, edits its comment and deletes it', async () => {
    const uploaded = await upload(
      admin,
      { type: '1', entity: 'company', id: '1', comment: 'Kbis à jour' },
      { fileName: '../Kbis société.pdf', content: pdf },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const id = uploaded.json().id as number;
    const list = await inject(testApp.app, {
      method: 'GET',
      url: '/api/documents',
      query: { entity: 'company', id: '1' },
      token: admin,
    });
    expect(list.json()[0]).toMatchObject({
      id,
      filename: 'Kbis société.pdf',
      typeName: 'Kbis',
      comment: 'Kbis à jour',
      size: pdf.length,
    });
    const download = await inject(testApp.app, {
      method: 'POST',
      url: `/api/document/${id}`,
      payload: `token=${encodeURIComponent(admin)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''Kbis%20soci%C3%A9t%C3%A9.pdf");
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const comment = await inject(testApp.app, {
      method: 'PUT',
      url: `/api/document/${id}`,
      token: admin,
      payload: { comment: ' Nouveau ' },
    });
    expect(comment.statusCode).toBe(200);
    expect((await inject(testApp.app, { method: 'GET', url: `/api/document/${id}`, token: admin })).json().comment).toBe(
      'Nouveau',
    );
    const removed = await inject(testApp.app, { method: 'DELETE', url: `/api/document/${id}`, token: admin });
    expect(removed.statusCode).toBe(200);
    expect(await countRows(testApp.db, documents, eq(documents.id, id))).toBe(0);
  });

  it('refuses a missing file, a missing type and a file whose content does not match its name, writing nothing', async () => {
    const before = await countRows(testApp.db, documents);
    const noFile = await upload(admin, { type: '1', entity: 'company', id: '1' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().detail).toBe(NO_FILE_MESSAGE);
    const noType = await upload(admin, { entity: 'company', id: '1' }, { fileName: 'a.pdf', content: pdf });
    expect(noType.statusCode).toBe(400);
    const disguised = await upload(
      admin,
      { type: '1', entity: 'company', id: '1' },
      { fileName: 'facture.pdf', content: Buffer.from([0x4d, 0x5a, 0x90, 0, 3]) },
    );
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().detail).toBe(FILE_CONTENT_MESSAGE);
    const unknownOwner = await upload(admin, { type: '1', entity: 'spaceship', id: '1' }, { fileName: 'a.pdf', content: pdf });
    expect(unknownOwner.statusCode).toBe(400);
    expect(await countRows(testApp.db, documents)).toBe(before);
  });

  it('hides documents of a project outside the scope and needs the update right on the owner to delete', async () => {
    const uploaded = await upload(admin, { type: '12', entity: 'project', id: '30' }, { fileName: 'plan.pdf', content: pdf });
    const id = uploaded.json().id as number;
    const cdp = await login(testApp.app, 'cdp', 'cdp');
    const hidden = await inject(testApp.app, {
      method: 'GET',
      url: '/api/documents',
      query: { entity: 'project', id: '30' },
      token: cdp,
    });
    expect(hidden.statusCode).toBe(403);
    const reader = await actingAs(testApp, { read: ['document', 'project'], delete: ['document'] });
    const refused = await inject(testApp.app, { method: 'DELETE', url: `/api/document/${id}`, token: reader.token });
    expect(refused.statusCode).toBe(403);
    expect(await countRows(testApp.db, documents, eq(documents.id, id))).toBe(1);
  });
});
