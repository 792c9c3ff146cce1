import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASHED_ASSET_CACHE, registerWebAssets } from '../src/platform/web-assets.js';

// A web build as `vite build` writes it: hashed files under assets/, each text file with its .br and .gz.
const script = `export const screen = "${'liste des commandes '.repeat(200)}";\n`;
const page = `<!doctype html><html lang="fr"><head><script type="module" src="/assets/index-B1a2c3.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;

let root: string;
let app: FastifyInstance;

async function writeWithVariants(file: string, content: string): Promise<void> {
  await writeFile(file, content);
  await writeFile(`${file}.br`, brotliCompressSync(content));
  await writeFile(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'isf-web-'));
  await mkdir(path.join(root, 'assets'));
  await writeWithVariants(path.join(root, 'index.html'), page);
  await writeWithVariants(path.join(root, 'assets', 'index-B1a2c3.js'), script);
  await writeFile(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = Fastify();
  await registerWebAssets(app, root);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

describe('web build serving', () => {
  it('sends the brotli file of a hashed asset with Content-Encoding and a one-year immutable cache', async () => {
    const reply = await app.inject({ url: '/assets/index-B1a2c3.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(reply.headers['cache-control']).toBe(HASHED_ASSET_CACHE);
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    expect(reply.rawPayload.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(reply.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip file to a browser without brotli, the plain file to one without either', async () => {
    const gzip = await app.inject({ url: '/assets/index-B1a2c3.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ url: '/assets/index-B1a2c3.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe(HASHED_ASSET_CACHE);
  });

  it('has index.html revalidated on every load, compressed too', async () => {
    for (const url of ['/', '/index.html']) {
      const reply = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toMatch(/text\/html/);
      expect(reply.headers['content-encoding']).toBe('br');
      expect(reply.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(reply.rawPayload).toString()).toBe(page);
    }
  });

  it('has the unhashed files beside index.html revalidated as well', async () => {
    const reply = await app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers['cache-control']).toBe('no-cache');
  });
});
