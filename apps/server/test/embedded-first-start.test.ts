import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm start` on a new embedded database (issue 17, memory): the server (`src/main.ts`, as `npm start` runs
 * it compiled) has a child process migrate and seed the demo data, which exits before the server opens the
 * directory, so the server does not keep the memory PGlite grew during the seed. A restart finds the
 * seeded directory and prepares nothing aside.
 */

const serverDirectory = path.resolve(import.meta.dirname, '..');
/** The variables of the test's own environment the server must not inherit. */
const SETTINGS = [
  'DATABASE_URL',
  'JWT_SECRET',
  'STORAGE',
  'SEED_DEMO',
  'ADMIN_PASSWORD',
  'PORT',
  'HOST',
  'DATA_DIR',
  'JOB_WORKER',
];
const DEMO_LOGINS = ['admin', 'lecteur', 'cdp', 'valideur', 'sst', 'comptable'];

type LogLine = { pid?: number; msg?: string; preparedBy?: number };
type Started = { child: ChildProcess; url: string; lines: LogLine[] };

let folder = '';
const running: ChildProcess[] = [];

afterAll(async () => {
  for (const child of running) {
    child.kill('SIGKILL');
  }
  if (folder) {
    await rm(folder, { recursive: true, force: true });
  }
});

/** Starts the server on `dataDir` and resolves once it listens, with its log lines (JSON) so far. */
function start(dataDir: string): Promise<Started> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !SETTINGS.includes(key) && !key.startsWith('S3_')),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDirectory,
    env: { ...inherited, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  const lines: LogLine[] = [];
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const remember = (chunk: Buffer) => {
      for (const text of chunk.toString().split('\n').filter(Boolean)) {
        output.push(text);
        try {
          lines.push(JSON.parse(text) as LogLine);
        } catch {
          // a line that is not the server's JSON log (PGlite, Node warnings)
        }
      }
      const listening = output.join('\n').match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (listening?.[1]) {
        resolve({ child, url: listening[1], lines });
      }
    };
    child.stdout?.on('data', remember);
    child.stderr?.on('data', remember);
    child.once('exit', (code, signal) =>
      reject(new Error(`the server stopped (${code ?? signal}) before listening:\n${output.join('\n')}`)),
    );
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function expectDemoLogins(url: string): Promise<void> {
  for (const username of DEMO_LOGINS) {
    const response = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: username }),
    });
    expect(response.status, `demo login ${username}`).toBe(200);
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start on a new embedded database', () => {
  it('seeds the demo data in a child process that has exited when the server answers; a restart finds the logins', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'isf-first-start-'));
    const first = await start(folder);
    const seeded = first.lines.find((line) => line.msg === 'demo data seeded (logins: see README.md)');
    expect(seeded, 'the server says the demo data was seeded').toBeDefined();
    // said by the server, about another process, which is gone
    expect(seeded?.pid).toBe(first.child.pid);
    expect(seeded?.preparedBy).toEqual(expect.any(Number));
    expect(seeded?.preparedBy).not.toBe(first.child.pid);
    expect(isRunning(seeded?.preparedBy ?? 0)).toBe(false);
    await expectDemoLogins(first.url);
    await stop(first.child);

    // the seeded directory: the server prepares nothing aside and seeds nothing again
    const next = await start(folder);
    expect(next.lines.filter((line) => line.preparedBy !== undefined || line.msg?.includes('seeded'))).toEqual([]);
    await expectDemoLogins(next.url);
    await stop(next.child);
  }, 600_000);
});
