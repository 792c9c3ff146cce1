import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, incidents } from '../src/db/schema/index.js';
import { createFileStorage } from '../src/integrations/storage/file-storage.js';
import { ALL_RIGHTS } from '../src/seed/access-seed.js';
import { actingAs, countRows, createTestApp, inject, login, type TestApp, userIdOf } from './helper.js';
import { type MultipartPart, multipart } from './multipart.js';

let testApp: TestApp;
let reader: string;

beforeAll(async () => {
  testApp = await createTestApp();
  reader = await login(testApp.app, 'lecteur', 'lecteur');
});

afterAll(async () => {
  await testApp.close();
});

const FIELDS = { subject: 'Écran figé', project: '2', problem_description: 'La liste des unités ne se charge plus.' };

function submit(token: string, fields: Record<string, string>, attachment?: { fileName: string; content: Buffer }) {
  const parts: MultipartPart[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (attachment) {
    parts.push({ name: 'attachment', fileName: attachment.fileName, content: attachment.content, contentType: 'text/plain' });
  }
  const body = multipart(parts);
  return inject(testApp.app, { method: 'POST', url: '/api/help/submit', token, payload: body.payload, headers: body.headers });
}

describe('POST /api/help/submit', () => {
  it('records the incident and writes its attachment when the three fields are filled', async () => {
    const content = Buffer.from('Capture des journaux\n');
    const response = await submit(reader, FIELDS, { fileName: 'journal.txt', content });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ success: boolean; id: number; message: string }>();
    expect(body).toMatchObject({ success: true, message: 'Votre incident a bien été transmis.' });
    const [row] = await testApp.db.select().from(incidents).where(eq(incidents.id, body.id));
    expect(row).toMatchObject({
      userId: await userIdOf(testApp.db, 'lecteur'),
      subject: FIELDS.subject,
      projectId: 2,
      description: FIELDS.problem_description,
      attachmentName: 'journal.txt',
      requestId: response.headers['x-request-id'],
    });
    // in the file storage, under a generated key (the default storage: <DATA_DIR>/documents)
    const stored = String(row?.attachmentPath);
    expect(stored).toMatch(new RegExp(`^incidents/${body.id}/[0-9a-f-]{36}$`));
    const storage = createFileStorage(testApp.config);
    expect(await text(await storage.read(stored))).toBe(content.toString());
    expect(await readFile(path.join(testApp.config.dataDir, 'documents', stored))).toEqual(content);
    const audit = await countRows(
      testApp.db,
      auditLog,
      and(eq(auditLog.entity, 'incident'), eq(auditLog.entityId, String(body.id)), eq(auditLog.action, 'create')),
    );
    expect(audit).toBe(1);
  });

  it('accepts an incident without attachment', async () => {
    const response = await submit(reader, FIELDS);
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await testApp.db.select().from(incidents).where(eq(incidents.id, response.json().id));
    expect(row).toMatchObject({ attachmentName: null, attachmentPath: null });
  });

  it('keeps an attachment name from climbing out of the incident folder: the name is kept, the key is generated', async () => {
    const response = await submit(reader, FIELDS, { fileName: '../../../evil.txt', content: Buffer.from('x') });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await testApp.db.select().from(incidents).where(eq(incidents.id, response.json().id));
    expect(row?.attachmentName).toBe('evil.txt');
    expect(String(row?.attachmentPath)).toMatch(new RegExp(`^incidents/${row?.id}/[0-9a-f-]{36}$`));
    expect(await text(await createFileStorage(testApp.config).read(String(row?.attachmentPath)))).toBe('x');
  });

  it.each([
    ['subject', 'missing'],
    ['project', 'missing'],
    ['problem_description', 'missing'],
    ['subject', 'blank'],
    ['problem_description', 'blank'],
  ])('answers 400 "Veuillez d\'abord remplir le formulaire" when %s is %s, writing nothing', async (field, how) => {
    const before = await countRows(testApp.db, incidents);
    const fields: Record<string, string> = { ...FIELDS };
    if (how === 'missing') {
      delete fields[field];
    } else {
      fields[field] = '   ';
    }
    const response = await submit(reader, fields, { fileName: 'journal.txt', content: Buffer.from('x') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      detail: "Veuillez d'abord remplir le formulaire",
      fields: { [field]: expect.any(String) },
    });
    expect(await countRows(testApp.db, incidents)).toBe(before);
  });

  it('answers 400 when the project does not exist', async () => {
    const response = await submit(reader, { ...FIELDS, project: '999999' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('project');
  });

  it('answers 403 to a role without the help menu option, even with every right', async () => {
    const before = await countRows(testApp.db, incidents);
    const { token } = await actingAs(testApp, { ...ALL_RIGHTS, options: [] });
    const response = await submit(token, FIELDS);
    expect(response.statusCode).toBe(403);
    expect(await countRows(testApp.db, incidents)).toBe(before);
  });
});
