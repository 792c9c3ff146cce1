import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';

const folder = await mkdtemp(path.join(tmpdir(), 'isf-lock-'));
const dataDir = path.join(folder, 'pglite');
let child: ChildProcess | undefined;

afterAll(async () => {
  child?.kill('SIGKILL');
  await rm(folder, { recursive: true, force: true });
});

/** Another process holding the embedded database (as a running server does). */
async function holder(): Promise<ChildProcess> {
  const started = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'hold-data-dir.ts'), dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  started.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  while (!output.includes('ready')) {
    if (started.exitCode !== null) {
      throw new Error(`the holder exited with ${started.exitCode}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return started;
}

describe('one process per embedded data directory', () => {
  it('refuses a second process on a held directory, naming it, and takes over after the holder was killed', async () => {
    child = await holder();
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(
      `The data directory ${dataDir} is already used by process ${child.pid}`,
    );

    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(existsSync(`${dataDir}.lock`), 'a killed holder leaves its lock file').toBe(true);
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(`The data directory ${dataDir} is already used`);
    } finally {
      await database.close();
    }
    expect(existsSync(`${dataDir}.lock`), 'closing releases the lock').toBe(false);
    const reopened = await openDatabase({ kind: 'pglite', dataDir });
    await reopened.close();
  });
});
