import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createBackgroundWork } from './background.js';

function recordingLog() {
  const errors: string[] = [];
  const log = { error: (_context: unknown, message: string) => errors.push(message) } as unknown as FastifyBaseLogger;
  return { log, errors };
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('background work', () => {
  it('runs after the caller goes on, and settled waits for every run, those a run starts included', async () => {
    const { log } = recordingLog();
    const background = createBackgroundWork(log);
    const done: string[] = [];
    background.run('first', async () => {
      await later(20);
      done.push('first');
      background.run('second', async () => {
        await later(10);
        done.push('second');
      });
    });
    // the caller is not held
    expect(done).toEqual([]);
    await background.settled();
    expect(done).toEqual(['first', 'second']);
  });

  it('logs a run that fails, and the others still run', async () => {
    const { log, errors } = recordingLog();
    const background = createBackgroundWork(log);
    const done: string[] = [];
    background.run('notifications of token 7', async () => {
      throw new Error('connection lost');
    });
    background.run('wake', async () => {
      done.push('wake');
    });
    await background.settled();
    expect(errors).toEqual(['notifications of token 7 failed']);
    expect(done).toEqual(['wake']);
  });

  it('is settled at once when nothing runs', async () => {
    const background = createBackgroundWork(recordingLog().log);
    await expect(background.settled()).resolves.toBeUndefined();
  });
});
