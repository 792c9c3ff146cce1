import { FINAL_TASK_STATUSES, type TaskStatus } from '@isf/contract';
import type { TaskOutcome } from './job-outcome.js';
import type { TaskStore } from './task-store.js';

export type FinishedTask = { status: TaskStatus; outcome: TaskOutcome | null };

/**
 * Waits for tasks to end. The task row is the truth (the worker may be another process), read every
 * `pollMs`; a worker of this process wakes the waiters at once. Timers never keep the process alive.
 */
export function createTaskWaiter(store: TaskStore, pollMs: number) {
  const sleepers = new Map<number, Set<() => void>>();
  let stopped = false;

  function sleep(taskId: number, milliseconds: number): Promise<void> {
    return new Promise((resolve) => {
      const set = sleepers.get(taskId) ?? new Set();
      sleepers.set(taskId, set);
      const wake = () => {
        clearTimeout(timer);
        set.delete(wake);
        if (set.size === 0) {
          sleepers.delete(taskId);
        }
        resolve();
      };
      const timer = setTimeout(wake, milliseconds);
      timer.unref();
      set.add(wake);
    });
  }

  function wakeAll(taskId?: number): void {
    const targets = taskId === undefined ? [...sleepers.values()] : [sleepers.get(taskId) ?? new Set()];
    for (const set of targets) {
      for (const wake of [...set]) {
        wake();
      }
    }
  }

  return {
    /** A task of this process changed: its waiters read it again now. */
    notify(taskId: number): void {
      wakeAll(taskId);
    },

    /** The task once SUCCESS or FAILED, or undefined when `timeoutMs` passed first (or on shutdown). */
    async wait(taskId: number, timeoutMs: number): Promise<FinishedTask | undefined> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const task = await store.read(taskId);
        if (task && FINAL_TASK_STATUSES.includes(task.status)) {
          return task;
        }
        const remaining = deadline - Date.now();
        if (remaining <= 0 || stopped) {
          return undefined;
        }
        await sleep(taskId, Math.min(pollMs, remaining));
      }
    },

    stop(): void {
      stopped = true;
      wakeAll();
    },
  };
}

export type TaskWaiter = ReturnType<typeof createTaskWaiter>;
