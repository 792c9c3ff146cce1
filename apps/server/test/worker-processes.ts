import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const serverDirectory = path.resolve(import.meta.dirname, '..');

/**
 * Real worker processes (`src/worker.ts`) on a test file's PostgreSQL database, for the tests that kill
 * one mid-job: started with the file's settings, all stopped by `stopAll` in the file's afterAll.
 */
export function workerProcesses(settings: () => Record<string, string>) {
  const started: ChildProcess[] = [];
  return {
    start(environment: Record<string, string> = {}): ChildProcess {
      const worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
        cwd: serverDirectory,
        env: { ...process.env, LOG_LEVEL: 'warn', ...settings(), ...environment },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      started.push(worker);
      return worker;
    },
    async stopAll(): Promise<void> {
      for (const worker of started) {
        if (worker.exitCode === null && worker.signalCode === null) {
          worker.kill('SIGTERM');
          await new Promise((resolve) => worker.once('exit', resolve));
        }
      }
    },
  };
}

/** Reads until `done` holds, every `intervalMs`; fails naming `what` after `timeoutMs`. */
export async function until<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  timeoutMs: number,
  what: string,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
