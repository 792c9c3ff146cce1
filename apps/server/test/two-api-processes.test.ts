import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../src/integrations/storage/s3-storage.js';
import { postgresRefusal, runAdminStatement } from './helper.js';
import { startS3Server, type TestS3Server } from './s3-server.js';

/**
 * Two real API processes (`src/main.ts`, as `npm start` runs it) behind an imaginary load balancer: one
 * PostgreSQL database (a fresh one, created and dropped here), one S3-compatible bucket (s3rver), each
 * process with a data directory of its own. They are started at the same moment on the empty database,
 * as a deployment starts them: the migrations and the demo seeding must not collide.
 */

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const serverDirectory = path.resolve(import.meta.dirname, '..');
/** The variables of the test's own environment the processes must not inherit. */
const SETTINGS = ['DATABASE_URL', 'JWT_SECRET', 'STORAGE', 'SEED_DEMO', 'ADMIN_PASSWORD', 'PORT', 'HOST', 'DATA_DIR'];

type ApiProcess = { name: string; child: ChildProcess; url: string; dataDir: string; output: string[] };

/** Starts `src/main.ts` and resolves with its address once it listens; rejects with its output if it stops. */
function startApi(name: string, environment: Record<string, string>, dataDir: string): Promise<ApiProcess> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !SETTINGS.includes(key) && !key.startsWith('S3_')),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDirectory,
    env: { ...inherited, ...environment, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const remember = (chunk: Buffer) => {
      // the pipes are read to the end (a full pipe would block the process), the last lines kept
      output.push(...chunk.toString().split('\n').filter(Boolean));
      output.splice(0, Math.max(0, output.length - 60));
      const listening = output.join('\n').match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (listening?.[1]) {
        resolve({ name, child, url: listening[1], dataDir, output });
      }
    };
    child.stdout?.on('data', remember);
    child.stderr?.on('data', remember);
    child.once('exit', (code, signal) => {
      reject(new Error(`API process ${name} stopped (${code ?? signal}) before listening:\n${output.join('\n')}`));
    });
  });
}

async function stop(api: ChildProcess): Promise<void> {
  if (api.exitCode !== null || api.signalCode !== null) {
    return;
  }
  const exited = new Promise((resolve) => api.once('exit', resolve));
  api.kill('SIGTERM');
  const killer = setTimeout(() => api.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

async function login(api: ApiProcess, username: string, password: string): Promise<string> {
  const response = await fetch(`${api.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(response.status, `login through ${api.name}`).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

function call(api: ApiProcess, method: string, url: string, token: string, body?: FormData): Promise<Response> {
  return fetch(`${api.url}${url}`, { method, headers: { authorization: `Bearer ${token}` }, body });
}

const refusal = await postgresRefusal(SERVER_URL);
if (refusal) {
  console.warn(`two-api-processes: skipped, no PostgreSQL answers at ${new URL(SERVER_URL).host} (${refusal})`);
}

describe.skipIf(Boolean(refusal))(
  refusal
    ? `two API processes (skipped: no PostgreSQL answers at ${new URL(SERVER_URL).host})`
    : 'two API processes on one PostgreSQL database and one S3 bucket',
  () => {
    const database = `isf_two_processes_${randomBytes(6).toString('hex')}`;
    const databaseUrl = Object.assign(new URL(SERVER_URL), { pathname: `/${database}` }).toString();
    const apis: ApiProcess[] = [];
    const children: ChildProcess[] = [];
    let s3: TestS3Server | undefined;
    let folder = '';

    beforeAll(async () => {
      folder = await mkdtemp(path.join(tmpdir(), 'isf-two-processes-'));
      s3 = await startS3Server();
      await runAdminStatement(SERVER_URL, `CREATE DATABASE ${database}`);
      const environment = { ...s3.environment, DATABASE_URL: databaseUrl, SEED_DEMO: '1', JOB_POLL_SECONDS: '5' };
      // both at once on the empty database, as a deployment starts them
      const started = await Promise.allSettled(['A', 'B'].map((name) => startApi(name, environment, path.join(folder, name))));
      for (const result of started) {
        if (result.status === 'fulfilled') {
          apis.push(result.value);
          children.push(result.value.child);
        }
      }
      const failure = started.find((result) => result.status === 'rejected');
      if (failure?.status === 'rejected') {
        throw failure.reason;
      }
    }, 120_000);

    afterAll(async () => {
      await Promise.all(children.map(stop));
      await s3?.close();
      await runAdminStatement(SERVER_URL, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await rm(folder, { recursive: true, force: true });
    }, 60_000);

    it('downloads through B the file uploaded through A, with the token A issued; the file is in the bucket', async () => {
      const [a, b] = apis as [ApiProcess, ApiProcess];
      const token = await login(a, 'admin', 'admin');
      // 2 MB: streamed from the bucket through B
      const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2 * 1024 * 1024), Buffer.from('\n%%EOF\n')]);
      const form = new FormData();
      form.append('type', '1');
      form.append('entity', 'company');
      form.append('id', '1');
      form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'Kbis société.pdf');
      const uploaded = await call(a, 'POST', '/api/document', token, form);
      expect(uploaded.status, await uploaded.clone().text()).toBe(200);
      const { id } = (await uploaded.json()) as { id: number };

      const downloaded = await call(b, 'POST', `/api/document/${id}`, token);
      expect(downloaded.status).toBe(200);
      expect(downloaded.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await downloaded.arrayBuffer()).equals(pdf)).toBe(true);

      // in the bucket, not in either process's own directory
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const { rows } = await client.query<{ storage_key: string }>('SELECT storage_key FROM documents WHERE id = $1', [id]);
      await client.end();
      const bucket = createS3Storage((s3 as TestS3Server).storage);
      expect(await bucket.stat(String(rows[0]?.storage_key))).toEqual({ size: pdf.length });
      await bucket.close();
      for (const api of apis) {
        expect(existsSync(path.join(api.dataDir, 'documents')), api.name).toBe(false);
      }

      // deleted through B: gone for A, and from the bucket
      expect((await call(b, 'DELETE', `/api/document/${id}`, token)).status).toBe(200);
      expect((await call(a, 'POST', `/api/document/${id}`, token)).status).toBe(404);
    });

    it('accepts on each process the token the other issued, and neither accepts a forged one', async () => {
      const [a, b] = apis as [ApiProcess, ApiProcess];
      const fromA = await login(a, 'comptable', 'comptable');
      const fromB = await login(b, 'comptable', 'comptable');
      for (const [api, token] of [
        [b, fromA],
        [a, fromB],
      ] as const) {
        const response = await call(api, 'GET', '/api/user/profile', token);
        expect(response.status, `${api.name} with another process's token`).toBe(200);
      }
      // the same header and body, signed with another secret
      const [header, body] = fromA.split('.');
      const forged = `${header}.${body}.${Buffer.from(randomBytes(32)).toString('base64url')}`;
      for (const api of apis) {
        expect((await call(api, 'GET', '/api/user/profile', forged)).status, api.name).toBe(401);
      }
    });
  },
);
