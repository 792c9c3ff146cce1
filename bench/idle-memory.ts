/**
 * An idle server's memory (issue 17): starts the server as `npm start` does (the compiled `dist/main.mjs`,
 * or `src/main.ts` through tsx with `--tsx` for comparison) on a fresh embedded database with the demo
 * data, waits for the login page, opens the first screens' lists as the administrator, leaves it idle, and
 * prints the time until the login page answered and the server process's resident memory (median of
 * samples, and the peak); then once more on the same, already seeded, database. `npm run build` first (the
 * login page is the web build's).
 *
 *   npm run memory -w bench            # compiled server
 *   npm run memory -w bench -- --tsx   # the same sources through tsx
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const serverDirectory = path.resolve(import.meta.dirname, '../apps/server');
/** The node options of `npm start` (apps/server's start script: `npm run build && node <options> dist/main.mjs`). */
const startOptions = (() => {
  const manifest = JSON.parse(readFileSync(path.join(serverDirectory, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const command = /\bnode\s+(.*?)\s*dist\/main\.mjs/.exec(manifest.scripts.start);
  if (!command) {
    throw new Error(`apps/server's start script does not run dist/main.mjs: ${manifest.scripts.start}`);
  }
  return command[1]?.split(/\s+/).filter(Boolean) ?? [];
})();
const throughTsx = process.argv.includes('--tsx');
if (!existsSync(path.resolve(serverDirectory, '../web/dist/index.html'))) {
  throw new Error('No web build: run `npm run build` first (the time measured is until the login page answers).');
}
const SCREENS = [
  '/api/orders?page=0&size=50&sort=id,desc&filter=haveToDo',
  '/api/attachements?page=0&size=50&sort=id,desc',
  '/api/orders/warranties?page=0&size=50',
  '/api/projects?page=0&size=50',
  '/api/wftoken/my-actions',
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** VmRSS and VmHWM of a process, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/** Waits until the login page (`/`, the web build's index.html) answers; resolves with the seconds since `startedAt`. */
async function waitForServer(url: string, child: ChildProcess, startedAt: number): Promise<number> {
  // a first start migrates and seeds: minutes on a loaded two-core machine
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with code ${child.exitCode}`);
    }
    const answered = await fetch(`${url}/`).then(
      async (response) => response.ok && (await response.text()).includes('<div id="root">'),
      () => false,
    );
    if (answered) {
      return (Date.now() - startedAt) / 1000;
    }
    await sleep(250);
  }
  throw new Error('the server did not answer within 600 s');
}

/** One start on `dataDir`: the first seeds the demo data, the second finds it. */
async function measure(dataDir: string, label: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = throughTsx ? ['--import', 'tsx', 'src/main.ts'] : [...startOptions, 'dist/main.mjs'];
  const startedAt = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: serverDirectory,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const answeredAfter = await waitForServer(url, child, startedAt);
    const pid = child.pid ?? 0;
    const started = memoryOf(pid);
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin' }),
    });
    const { token } = (await login.json()) as { token: string };
    for (const screen of SCREENS) {
      const response = await fetch(`${url}${screen}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) {
        throw new Error(`${screen} answered ${response.status}`);
      }
      await response.arrayBuffer();
    }
    await sleep(10_000);
    const samples: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      samples.push(memoryOf(pid).rss);
      await sleep(1000);
    }
    samples.sort((a, b) => a - b);
    const idle = samples[2] ?? 0;
    console.log(
      `${throughTsx ? 'tsx src/main.ts' : `node ${[...startOptions, 'dist/main.mjs'].join(' ')}`}, ${label}: ` +
        `login page answered after ${answeredAfter.toFixed(1)} s, RSS after start ${started.rss.toFixed(0)} MB, ` +
        `idle after the first screens ${idle.toFixed(0)} MB (target 250), peak ${memoryOf(pid).peak.toFixed(0)} MB`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'isf-memory-'));
try {
  await measure(dataDir, 'first start (migrates, seeds the demo data)');
  await measure(dataDir, 'next start');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
