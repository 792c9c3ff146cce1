/**
 * The app in a child process (server.ts): start, stop, wait until idle, log in, record the SQL of one
 * request, read its resident memory.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { benchDirectory } from './generate.js';
import type { RecordedStatement } from './sql-recorder.js';

export type AppProcess = { child: ChildProcess; base: string };

export async function startApp(rows: number): Promise<AppProcess> {
  const child = fork(path.join(benchDirectory, 'server.ts'), [], {
    cwd: benchDirectory,
    // BENCH_CPU_PROF: the app's V8 CPU profile, written to that folder when it stops (options.ts)
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: { ...process.env, BENCH_ROWS: String(rows), LOGIN_RATE_LIMIT: '100000' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the app did not start within 120 s')), 120_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(Number((message as { port?: unknown }).port));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited (code ${code}) before listening`));
    });
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

/** Sends `message` to the app and waits for its answer of type `answer`. */
function ask<T>(child: ChildProcess, message: { type: string }, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (reply: unknown) => {
      if ((reply as { type?: unknown }).type === answer) {
        child.off('message', listener);
        resolve(reply as T);
      }
    };
    child.on('message', listener);
    child.send(message);
  });
}

/**
 * Waits (at most 120 s) until the app has no request in progress: a duration-bound autocannon run ends
 * by dropping its in-flight requests, whose queries would otherwise delay the next run.
 */
export async function drain(app: AppProcess): Promise<void> {
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    const { count } = await ask<{ count: number }>(app.child, { type: 'pending' }, 'pending');
    if (count === 0) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  console.warn('the app still has requests in progress after 120 s');
}

export async function stopApp(app: AppProcess): Promise<void> {
  const { child } = app;
  if (child.exitCode !== null) {
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.disconnect();
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export async function login(base: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) {
    throw new Error(`login of ${username} failed: ${response.status} ${await response.text()}`);
  }
  const { token } = (await response.json()) as { token: string };
  return token;
}

/** The SQL the app sends while `run` runs (nothing else may run meanwhile). */
export async function recordSql<T>(
  app: AppProcess,
  run: () => Promise<T>,
): Promise<{ result: T; statements: RecordedStatement[] }> {
  await drain(app);
  await ask(app.child, { type: 'record-start' }, 'recording');
  let result: T;
  try {
    result = await run();
  } finally {
    // a statement may end just after the reply is sent (an audit write nobody awaits): let it finish
    await drain(app);
  }
  const { statements } = await ask<{ statements: RecordedStatement[] }>(app.child, { type: 'record-stop' }, 'recorded');
  return { result, statements };
}

/** Resident memory of the app process in bytes (VmRSS of /proc/<pid>/status; NaN where there is no /proc). */
export function residentBytes(app: AppProcess): number {
  try {
    const status = readFileSync(`/proc/${app.child.pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
