import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateFiles } from '../src/db/schema/index.js';
import {
  TEMPLATE_FILE_REQUIRED_MESSAGE,
  TEMPLATE_NAME_REQUIRED_MESSAGE,
  TEMPLATE_PDF_MESSAGE,
} from '../src/modules/contracts/index.js';
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

function create(base: string, fields: Record<string, string>, file?: { fileName: string; content: Buffer }, token = admin) {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file ? [{ name: 'file', fileName: file.fileName, content: file.content, contentType: 'application/pdf' }] : []),
  ]);
  return inject(testApp.app, { method: 'POST', url: `${base}/create`, token, payload: body.payload, headers: body.headers });
}

describe.each([
  ['/api/paymentguarantee', 'payment_guarantee'],
  ['/api/contracttemplate', 'contract_template'],
] as const)('%s', (base, entity) => {
  it('uploads a named PDF, lists it, downloads the same bytes and deletes it', async () => {
    const created = await create(
      base,
      { templateName: ' Caution bancaire ', documentTypeId: '1' },
      { fileName: 'caution.pdf', content: pdf },
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const listed = (await inject(testApp.app, { method: 'GET', url: base, token: admin })).json<
      { id: number; templateName: string }[]
    >();
    expect(listed.find((row) => row.id === id)).toMatchObject({ templateName: 'Caution bancaire', filename: 'caution.pdf' });
    const download = await inject(testApp.app, {
      method: 'POST',
      url: `${base}/${id}`,
      payload: `token=${encodeURIComponent(admin)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect((await inject(testApp.app, { method: 'DELETE', url: `${base}/${id}`, token: admin })).statusCode).toBe(200);
    expect(await countRows(testApp.db, templateFiles, eq(templateFiles.id, id))).toBe(0);
    expect((await inject(testApp.app, { method: 'DELETE', url: `${base}/${id}`, token: admin })).statusCode).toBe(404);
  });

  it('requires a template name and a file, and refuses a .pdf that is not a PDF, writing nothing', async () => {
    const before = await countRows(testApp.db, templateFiles);
    const noName = await create(base, { templateName: '  ' }, { fileName: 'a.pdf', content: pdf });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields.templateName).toBe(TEMPLATE_NAME_REQUIRED_MESSAGE);
    const noFile = await create(base, { templateName: 'Modèle' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fields.file).toBe(TEMPLATE_FILE_REQUIRED_MESSAGE);
    for (const content of [Buffer.from('pas un PDF'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])]) {
      const fake = await create(base, { templateName: 'Modèle' }, { fileName: 'modele.pdf', content });
      expect(fake.statusCode).toBe(400);
      expect(fake.json().fields.file).toBe(TEMPLATE_PDF_MESSAGE);
    }
    expect(await countRows(testApp.db, templateFiles)).toBe(before);
  });

  it(`follows the rights on ${entity}`, async () => {
    const reader = await actingAs(testApp, { read: [entity] });
    expect((await inject(testApp.app, { method: 'GET', url: base, token: reader.token })).statusCode).toBe(200);
    expect((await create(base, { templateName: 'Modèle' }, { fileName: 'a.pdf', content: pdf }, reader.token)).statusCode).toBe(
      403,
    );
    const stranger = await actingAs(testApp, { read: ['contract'] });
    expect((await inject(testApp.app, { method: 'GET', url: base, token: stranger.token })).statusCode).toBe(403);
  });
});

describe('contract templates', () => {
  it('lists in descending order and filters by document type code', async () => {
    const first = (
      await create('/api/contracttemplate', { templateName: 'A', documentTypeId: '1' }, { fileName: 'a.pdf', content: pdf })
    ).json().id;
    const second = (
      await create('/api/contracttemplate', { templateName: 'B', documentTypeId: '1' }, { fileName: 'b.pdf', content: pdf })
    ).json().id;
    const ids = (await inject(testApp.app, { method: 'GET', url: '/api/contracttemplate', token: admin }))
      .json<{ id: number }[]>()
      .map((row) => row.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    const unknownType = await create(
      '/api/contracttemplate',
      { templateName: 'C', documentTypeId: '999999' },
      { fileName: 'c.pdf', content: pdf },
    );
    expect(unknownType.statusCode).toBe(400);
    const filtered = await inject(testApp.app, { method: 'GET', url: '/api/contracttemplate?documentType=nope', token: admin });
    expect(filtered.json()).toEqual([]);
  });
});
