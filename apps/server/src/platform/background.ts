import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts and does not wait for, such as the notifications of a workflow move, written once the
 * move has answered. A run that fails is logged and changes nothing else. `settled` waits for every run
 * started so far: the app's close waits for it, and so do the tests that read what such work writes.
 */
export type BackgroundWork = {
  run(name: string, work: () => Promise<void>): void;
  settled(): Promise<void>;
};

export function createBackgroundWork(log: FastifyBaseLogger): BackgroundWork {
  const pending = new Set<Promise<void>>();
  return {
    run(name, work) {
      const running: Promise<void> = Promise.resolve()
        .then(work)
        .catch((error: unknown) => {
          log.error({ err: error }, `${name} failed`);
        })
        .finally(() => {
          pending.delete(running);
        });
      pending.add(running);
    },
    async settled() {
      // a run may start another: wait until none is left
      while (pending.size > 0) {
        await Promise.all(pending);
      }
    },
  };
}
