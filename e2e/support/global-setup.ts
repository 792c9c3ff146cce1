import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  interface ProvidedContext {
    baseUrl: string;
  }
}

const repositoryRoot = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForServer(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the app exited with code ${child.exitCode}`);
    }
    try {
      const response = await fetch(`${url}/api/version`);
      if (response.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app did not answer on ${url} within ${timeoutMs} ms`);
}

/** Starts the built app on a fresh embedded database, the way `npm start` does, for all journeys. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'isf-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // the compiled server (`npm run build` makes it, as `npm start` does)
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.mjs'], {
    cwd: path.join(repositoryRoot, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      // the ERP answers in a quarter of a second: a send takes long enough to be seen in progress
      ERP_SIMULATOR_LATENCY_MS: '250',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // the first start initialises the embedded database and seeds the demo: minutes on a loaded machine
  try {
    await waitForServer(baseUrl, child, 300_000);
  } catch (error) {
    // no teardown runs after a failed setup: the app would be left running
    child.kill('SIGTERM');
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
