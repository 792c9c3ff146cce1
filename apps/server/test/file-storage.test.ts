import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppConfig, loadConfig, storageConfig } from '../src/config.js';
import { documents } from '../src/db/schema/index.js';
import { createDirectoryStorage } from '../src/integrations/storage/directory-storage.js';
import { createFileStorage } from '../src/integrations/storage/file-storage.js';
import { createS3Storage } from '../src/integrations/storage/s3-storage.js';
import { type FileStorage, StoredFileMissing } from '../src/integrations/storage/storage.port.js';
import { STORED_FILE_MISSING_MESSAGE } from '../src/modules/documents/index.js';
import { createTestApp, inject, login, type TestApp } from './helper.js';
import { multipart } from './multipart.js';
import { startS3Server, type TestS3Server } from './s3-server.js';

/**
 * The storage port's contract, run against both adapters: the local directory (the default) and an
 * S3-compatible bucket (s3rver, started here on a free port, checking AWS Signature V4).
 */

type Subject = { name: 'directory' | 's3'; make(): FileStorage };

let s3: TestS3Server;
let folder: string;

beforeAll(async () => {
  s3 = await startS3Server();
  folder = await mkdtemp(path.join(tmpdir(), 'isf-storage-'));
});

afterAll(async () => {
  await s3?.close();
  await rm(folder, { recursive: true, force: true });
});

const subjects: Subject[] = [
  { name: 'directory', make: () => createDirectoryStorage(path.join(folder, 'documents')) },
  { name: 's3', make: () => createS3Storage(s3.storage) },
];

function key(): string {
  return `company/1/${randomBytes(8).toString('hex')}`;
}

function sha256(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/** A stream of `count` chunks of `size` random bytes, and the bytes it gives. */
function chunkedStream(count: number, size: number): { stream: Readable; content: Buffer } {
  const chunks = Array.from({ length: count }, () => randomBytes(size));
  return { stream: Readable.from(chunks), content: Buffer.concat(chunks) };
}

describe.each(subjects)('the $name storage', (subject) => {
  it('gives back the bytes it stored, with their size, and replaces them on a second put', async () => {
    const storage = subject.make();
    const stored = key();
    const content = Buffer.from('%PDF-1.7\nKbis société\n%%EOF\n');
    await storage.put(stored, content);
    expect((await buffer(await storage.read(stored))).equals(content)).toBe(true);
    expect(await storage.stat(stored)).toEqual({ size: content.length });
    await storage.put(stored, Buffer.from('seconde version'));
    expect((await buffer(await storage.read(stored))).toString()).toBe('seconde version');
    await storage.close();
  });

  it('stores a stream of 9 MiB as it comes (S3: a multipart upload) and streams it back', async () => {
    const storage = subject.make();
    const stored = key();
    const { stream, content } = chunkedStream(9, 1024 * 1024);
    await storage.put(stored, stream);
    expect(await storage.stat(stored)).toEqual({ size: content.length });
    const read = await storage.read(stored);
    expect(read).toBeInstanceOf(Readable);
    expect(sha256(await buffer(read))).toBe(sha256(content));
    await storage.close();
  });

  it('says StoredFileMissing for a key never stored or removed; stat answers undefined; removing twice is no error', async () => {
    const storage = subject.make();
    const stored = key();
    await expect(storage.read(stored)).rejects.toBeInstanceOf(StoredFileMissing);
    expect(await storage.stat(stored)).toBeUndefined();
    await storage.put(stored, Buffer.from('à supprimer'));
    await storage.remove(stored);
    await storage.remove(stored);
    await expect(storage.read(stored)).rejects.toBeInstanceOf(StoredFileMissing);
    expect(await storage.stat(stored)).toBeUndefined();
    await storage.close();
  });

  it('keeps nothing of a stream that fails in the middle', async () => {
    const storage = subject.make();
    const stored = key();
    async function* failing() {
      yield randomBytes(64 * 1024);
      throw new Error('connexion coupée');
    }
    await expect(storage.put(stored, Readable.from(failing()))).rejects.toThrow();
    expect(await storage.stat(stored)).toBeUndefined();
    await storage.close();
  });

  it.each(['../outside', '/absolute', 'company//1', 'company/./1', 'company\\1', 'company/1/\u0000', ''])(
    'refuses the unsafe key %j, storing nothing',
    async (unsafe) => {
      const storage = subject.make();
      await expect(storage.put(unsafe, Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.read(unsafe)).rejects.toThrow(/Unsafe storage key/);
      await storage.close();
    },
  );
});

describe('the S3 adapter against the S3-compatible server', () => {
  it('signs its requests: a wrong secret is refused by the server', async () => {
    const storage = createS3Storage({ ...s3.storage, secretAccessKey: 'pas-le-bon-secret' });
    await expect(storage.put(key(), Buffer.from('x'))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await storage.close();
  });

  it('puts every key under S3_PREFIX', async () => {
    const prefixed = createS3Storage({ ...s3.storage, prefix: 'isf/production/' });
    const bare = createS3Storage(s3.storage);
    const stored = key();
    await prefixed.put(stored, Buffer.from('préfixé'));
    expect(await bare.stat(`isf/production/${stored}`)).toEqual({ size: Buffer.byteLength('préfixé') });
    expect(await bare.stat(stored)).toBeUndefined();
    await prefixed.close();
    await bare.close();
  });
});

describe('STORAGE and the S3_* settings', () => {
  it('keeps the directory by default and reads the S3 settings with STORAGE=s3', () => {
    expect(storageConfig({})).toEqual({ kind: 'directory' });
    expect(
      storageConfig({
        STORAGE: 'S3',
        S3_BUCKET: 'isf',
        S3_ENDPOINT: 'https://s3.example.net',
        S3_ACCESS_KEY_ID: 'cle',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: '1',
        S3_PREFIX: '/isf',
      }),
    ).toEqual({
      kind: 's3',
      endpoint: 'https://s3.example.net',
      region: 'us-east-1',
      bucket: 'isf',
      accessKeyId: 'cle',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'isf/',
    });
  });

  it.each([
    [{ STORAGE: 'ftp' }, /STORAGE must be "directory" \(the default\) or "s3"/],
    [{ STORAGE: 's3' }, /STORAGE=s3 needs S3_BUCKET/],
    [{ STORAGE: 's3', S3_BUCKET: 'isf', S3_ENDPOINT: 's3 local' }, /S3_ENDPOINT must be a URL/],
    [{ STORAGE: 's3', S3_BUCKET: 'isf', S3_ACCESS_KEY_ID: 'cle' }, /go together/],
  ])('refuses to start with %j', (environment, reason) => {
    expect(() => loadConfig(environment)).toThrow(reason);
  });
});

/** A document uploaded and downloaded through the API on each storage; its file lost → a clear 404. */
describe.each(['directory', 's3'] as const)('documents on the %s storage', (kind) => {
  let testApp: TestApp;
  let admin: string;
  let storage: FileStorage;
  const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');

  beforeAll(async () => {
    const overrides: Partial<AppConfig> = kind === 's3' ? { storage: s3.storage } : {};
    testApp = await createTestApp(overrides);
    admin = await login(testApp.app, 'admin', 'admin');
    storage = createFileStorage(testApp.config);
  });

  afterAll(async () => {
    await storage?.close();
    await testApp?.close();
  });

  async function upload(): Promise<number> {
    const body = multipart([
      { name: 'type', value: '1' },
      { name: 'entity', value: 'company' },
      { name: 'id', value: '1' },
      { name: 'file', fileName: 'Kbis.pdf', content: pdf },
    ]);
    const response = await inject(testApp.app, {
      method: 'POST',
      url: '/api/document',
      token: admin,
      payload: body.payload,
      headers: body.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ id: number }>().id;
  }

  async function storageKeyOf(id: number): Promise<string> {
    const [row] = await testApp.db.select({ key: documents.storageKey }).from(documents).where(eq(documents.id, id));
    return String(row?.key);
  }

  function download(id: number) {
    return inject(testApp.app, { method: 'POST', url: `/api/document/${id}`, token: admin });
  }

  it('stores the upload in this storage, downloads the same bytes and removes the file with the document', async () => {
    const id = await upload();
    const stored = await storageKeyOf(id);
    expect(await storage.stat(stored)).toEqual({ size: pdf.length });
    // on S3 nothing is written to the process's own directory
    expect(existsSync(path.join(testApp.config.dataDir, 'documents'))).toBe(kind === 'directory');
    if (kind === 's3') {
      expect(await readdir(s3.directory)).toContain(s3.bucket);
    }
    const downloaded = await download(id);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-type']).toBe('application/pdf');
    expect(downloaded.rawPayload.equals(pdf)).toBe(true);
    const removed = await inject(testApp.app, { method: 'DELETE', url: `/api/document/${id}`, token: admin });
    expect(removed.statusCode).toBe(200);
    expect(await storage.stat(stored)).toBeUndefined();
  });

  it('answers a clear 404 (not a 500) when the document is there but its file is gone from the storage', async () => {
    const id = await upload();
    await storage.remove(await storageKeyOf(id));
    const downloaded = await download(id);
    expect(downloaded.statusCode).toBe(404);
    expect(downloaded.headers['content-type']).toContain('application/json');
    expect(downloaded.json()).toEqual({
      error: "Cet élément n'existe pas ou ne peut pas être affiché.",
      detail: STORED_FILE_MISSING_MESSAGE,
    });
    // the document's record is still shown
    expect((await inject(testApp.app, { method: 'GET', url: `/api/document/${id}`, token: admin })).statusCode).toBe(200);
  });
});
