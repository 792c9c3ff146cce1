import { randomUUID } from 'node:crypto';
import { TASK_FAILED_MESSAGE, TASK_TIMEOUT_MESSAGE, type TaskStatus } from '@isf/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notifications, tasks } from '../src/db/schema/index.js';
import { badRequest, HttpError } from '../src/platform/errors.js';
import { JOB_LOST_MESSAGE, workerLostMessage } from '../src/platform/jobs/job-lease.js';
import type { JobKind } from '../src/platform/jobs/job-types.js';
import { createTestApp, type TestApp, uniqueName, userIdOf } from './helper.js';

// the shortest pg-boss polling: retries are taken within half a second
const FAST = { jobPollSeconds: 0.5 };

let testApp: TestApp;
let adminId: number;

beforeAll(async () => {
  testApp = await createTestApp(FAST);
  adminId = await userIdOf(testApp.db, 'admin');
});

afterAll(async () => {
  await testApp?.close();
});

const payloadSchema = z.object({ label: z.string() });
type Payload = z.infer<typeof payloadSchema>;

/** A kind with a unique queue name (each test file shares its database with the other apps it builds). */
function kind<Result>(
  handler: JobKind<Payload, Result>['handler'],
  retry: JobKind<Payload, Result>['retry'] = { limit: 0, delaySeconds: 0, backoff: false },
): JobKind<Payload, Result> {
  return { name: uniqueName('test-job'), payload: payloadSchema, handler, retry };
}

function target() {
  return { entity: 'bpu_template' as const, entityId: 42, creatorId: adminId };
}

async function taskRow(taskId: number) {
  const [row] = await testApp.db.select().from(tasks).where(eq(tasks.id, taskId));
  if (!row) {
    throw new Error(`no task ${taskId}`);
  }
  return row;
}

async function waitForStatus(taskId: number, wanted: TaskStatus, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await taskRow(taskId);
    if (row.status === wanted || Date.now() > deadline) {
      return row;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function bossJobState(jobId: string, wanted: string): Promise<string | undefined> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    const result = await testApp.db.execute(sql`SELECT state FROM pgboss.job WHERE id = ${jobId}::uuid`);
    const state = (result as unknown as { rows: { state: string }[] }).rows[0]?.state;
    if (state === wanted || Date.now() > deadline) {
      return state;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

function defined<T>(value: T | undefined): T {
  if (value === undefined) {
    throw new Error('not defined');
  }
  return value;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the promise resolved');
}

describe('job runner', () => {
  it('runs a job, records its task from CREATED to SUCCESS with its events, and returns its result', async () => {
    let job: JobKind<Payload, { echoed: string; attempt: number }> | undefined;
    // a 30 s polling interval: only the wake-up of its own worker can run the job within the test
    const app = await testApp.variant({ jobPollSeconds: 30 }, (candidate) => {
      job = candidate.jobs.define(
        kind(async (payload, context) => {
          await context.log('Étape', `libellé ${payload.label}`);
          return { echoed: payload.label, attempt: context.attempt };
        }),
      );
    });
    const started = Date.now();
    const result = await app.jobs.runAndWait(defined(job), { label: 'un' }, target());
    expect(result).toEqual({ echoed: 'un', attempt: 1 });
    expect(Date.now() - started).toBeLessThan(10_000);

    const [row] = await testApp.db
      .select()
      .from(tasks)
      .where(eq(tasks.kind, defined(job).name));
    expect(row).toMatchObject({ status: 'SUCCESS', objectName: 'bpu_template', objectId: 42, creatorId: adminId, attempts: 1 });
    expect(row?.events.map((event) => [event.name, event.description ?? null])).toEqual([
      ['Tâche créée', null],
      ['Traitement démarré', 'Essai 1 sur 1'],
      ['Étape', 'libellé un'],
      ['Terminé', null],
    ]);
    expect(row?.events.every((event) => !Number.isNaN(Date.parse(event.time)))).toBe(true);
    // the task's jobId is the pg-boss job's, which pg-boss completes right after the handler
    expect(await bossJobState(row?.jobId ?? '', 'completed')).toBe('completed');
  });

  it('returns the task at once from enqueue, and shows PROCESSING while the job runs', async () => {
    const release = gate();
    const job = testApp.app.jobs.define(
      kind(async () => {
        await release.opened;
        return 'fini';
      }),
    );
    const task = await testApp.app.jobs.enqueue(job, { label: 'deux' }, target());
    expect(task.status).toBe('CREATED');
    expect(task.jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await waitForStatus(task.id, 'PROCESSING')).status).toBe('PROCESSING');
    release.open();
    expect((await waitForStatus(task.id, 'SUCCESS')).status).toBe('SUCCESS');
  });

  it('retries a failing job: ERROR after an attempt, SUCCESS when the retry succeeds', async () => {
    let calls = 0;
    const job = testApp.app.jobs.define(
      kind(
        async (_payload, context) => {
          calls += 1;
          if (context.attempt === 1) {
            throw new Error('ERP indisponible');
          }
          return context.attempt;
        },
        { limit: 2, delaySeconds: 1, backoff: false },
      ),
    );
    const task = await testApp.app.jobs.enqueue(job, { label: 'trois' }, target());
    const between = await waitForStatus(task.id, 'ERROR');
    expect(between.status).toBe('ERROR');
    expect(between.events.at(-1)).toMatchObject({ name: 'Erreur, nouvel essai prévu', description: 'ERP indisponible' });
    const done = await waitForStatus(task.id, 'SUCCESS');
    expect(done).toMatchObject({ status: 'SUCCESS', attempts: 2, outcome: { kind: 'result', value: 2 } });
    expect(calls).toBe(2);
  });

  it('gives up after the last retry: FAILED, and runAndWait answers 500 with the task id', async () => {
    let calls = 0;
    const job = testApp.app.jobs.define(
      kind(
        async () => {
          calls += 1;
          throw new Error(`panne ${calls}`);
        },
        { limit: 1, delaySeconds: 0, backoff: false },
      ),
    );
    const error = await rejection(testApp.app.jobs.runAndWait(job, { label: 'quatre' }, target()));
    expect(error).toBeInstanceOf(HttpError);
    const { statusCode, body } = error as HttpError;
    expect(statusCode).toBe(500);
    expect(body.error).toBe(TASK_FAILED_MESSAGE);
    expect(body.detail).toContain('panne 2');
    const row = await taskRow(Number(body.taskId));
    expect(row).toMatchObject({ status: 'FAILED', attempts: 2 });
    expect(row.events.map((event) => event.name)).toEqual([
      'Tâche créée',
      'Traitement démarré',
      'Erreur, nouvel essai prévu',
      'Traitement démarré',
      'Échec',
    ]);
    expect(calls).toBe(2);
  });

  it('keeps the query and its values of a failed database statement out of the answer and the task', async () => {
    const job = testApp.app.jobs.define(
      kind(async ({ label }) => {
        await testApp.db.execute(sql`SELECT no_such_column FROM tasks WHERE kind = ${label}`);
        return 'jamais';
      }),
    );
    const error = await rejection(testApp.app.jobs.runAndWait(job, { label: 'valeur-secrète' }, target()));
    expect(error).toBeInstanceOf(HttpError);
    const { statusCode, body } = error as HttpError;
    expect(statusCode).toBe(500);
    const message = 'Erreur de la base de données (code 42703) ; le détail est dans le journal du serveur.';
    expect(body.detail).toBe(`La tâche n° ${body.taskId} a échoué : ${message}`);
    const row = await taskRow(Number(body.taskId));
    expect(row).toMatchObject({ status: 'FAILED', outcome: { kind: 'failed', message } });
    const stored = JSON.stringify([body, row.outcome, row.events]);
    for (const internal of ['no_such_column', 'valeur-secrète', 'SELECT', 'Failed query']) {
      expect(stored).not.toContain(internal);
    }
  });

  it('tells the creator of a task nobody waited for that it failed, and not the one who saw the answer', async () => {
    const failedJobs = async (taskId: number) =>
      (
        await testApp.db
          .select({ userId: notifications.userId, context: notifications.context })
          .from(notifications)
          .where(and(eq(notifications.template, 'JOB_FAILED'), sql`(${notifications.context}->>'taskId')::int = ${taskId}`))
      ).map((row) => ({ userId: row.userId, context: row.context }));
    const job = testApp.app.jobs.define(
      kind(async () => {
        throw new Error('ERP injoignable');
      }),
    );
    const task = await testApp.app.jobs.enqueue(job, { label: 'sept' }, target());
    expect((await waitForStatus(task.id, 'FAILED')).status).toBe('FAILED');
    await expect
      .poll(() => failedJobs(task.id))
      .toEqual([
        {
          userId: adminId,
          context: { taskId: task.id, jobName: job.name, errorMessage: 'ERP injoignable' },
        },
      ]);

    const waited = await rejection(testApp.app.jobs.runAndWait(job, { label: 'huit' }, target()));
    const waitedTaskId = Number((waited as HttpError).body.taskId);
    expect((await taskRow(waitedTaskId)).status).toBe('FAILED');
    expect(await failedJobs(waitedTaskId)).toEqual([]);
  });

  it('never retries a refusal and rethrows it as the route would have answered', async () => {
    let calls = 0;
    const job = testApp.app.jobs.define(
      kind(
        async () => {
          calls += 1;
          throw badRequest('Ligne 2 : code inconnu.', { file: 'Ligne 2 : code inconnu.' });
        },
        { limit: 3, delaySeconds: 0, backoff: false },
      ),
    );
    const error = await rejection(testApp.app.jobs.runAndWait(job, { label: 'cinq' }, target()));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    expect((error as HttpError).body).toEqual(badRequest('Ligne 2 : code inconnu.', { file: 'Ligne 2 : code inconnu.' }).body);
    const [row] = await testApp.db.select().from(tasks).where(eq(tasks.kind, job.name));
    expect(row).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect(row?.events.at(-1)).toMatchObject({ name: 'Refusé', description: 'Ligne 2 : code inconnu.' });
    expect(calls).toBe(1);
  });

  it('answers 504 with the task id when the job outlives the wait, and the job still ends', async () => {
    const release = gate();
    const job = testApp.app.jobs.define(
      kind(async () => {
        await release.opened;
        return 'tard';
      }),
    );
    const error = await rejection(testApp.app.jobs.runAndWait(job, { label: 'six' }, target(), { timeoutMs: 300 }));
    expect(error).toBeInstanceOf(HttpError);
    const { statusCode, body } = error as HttpError;
    expect(statusCode).toBe(504);
    expect(body.error).toBe(TASK_TIMEOUT_MESSAGE);
    expect(body.detail).toContain(`tâche n° ${body.taskId}`);
    release.open();
    expect((await waitForStatus(Number(body.taskId), 'SUCCESS')).status).toBe('SUCCESS');
  });

  it('refuses a payload that does not match the kind, before writing anything', async () => {
    const job = testApp.app.jobs.define(kind(async () => 'jamais'));
    await expect(testApp.app.jobs.enqueue(job, { label: 7 } as unknown as Payload, target())).rejects.toThrow();
    expect(await testApp.db.select().from(tasks).where(eq(tasks.kind, job.name))).toEqual([]);
  });
});

describe('job processes', () => {
  function defineOn(app: FastifyInstance, name: string) {
    return app.jobs.define<Payload, string>({
      name,
      payload: payloadSchema,
      handler: async (payload) => `traité par le worker : ${payload.label}`,
    });
  }

  it('leaves jobs to another process when its worker is off, and still waits for their outcome', async () => {
    const name = uniqueName('shared-job');
    let apiJob: JobKind<Payload, string> | undefined;
    const api = await testApp.variant({ ...FAST, jobWorker: false }, (app) => {
      apiJob = defineOn(app, name);
    });
    const waiting = api.jobs.runAndWait(defined(apiJob), { label: 'sept' }, target(), { timeoutMs: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 700));
    const [task] = await testApp.db.select().from(tasks).where(eq(tasks.kind, name));
    // nobody has taken it: the API process does not work on jobs
    expect(task?.status).toBe('CREATED');
    // a worker process on the same database: it takes the job at its next poll
    await testApp.variant(FAST, (app) => {
      defineOn(app, name);
    });
    expect(await waiting).toBe('traité par le worker : sept');
  });

  it('waits for the job in progress when the app closes', async () => {
    const release = gate();
    let job: JobKind<Payload, string> | undefined;
    const app = await testApp.variant(FAST, (candidate) => {
      job = candidate.jobs.define<Payload, string>({
        name: uniqueName('closing-job'),
        payload: payloadSchema,
        handler: async () => {
          await release.opened;
          return 'terminé avant la fermeture';
        },
      });
    });
    const task = await app.jobs.enqueue(defined(job), { label: 'huit' }, target());
    await waitForStatus(task.id, 'PROCESSING');
    const closing = app.close();
    setTimeout(release.open, 200);
    await closing;
    expect((await taskRow(task.id)).status).toBe('SUCCESS');
  });

  it('ends FAILED with a French message the task of a worker that died in its last attempt, and tells its creator', async () => {
    let job: JobKind<Payload, string> | undefined;
    // no worker here: the attempt below is one a dead process started; a task silent for 1 s is its
    const app = await testApp.variant({ ...FAST, jobWorker: false, jobLeaseSeconds: 1 }, (candidate) => {
      job = candidate.jobs.define(kind(async () => 'jamais'));
    });
    const task = await app.jobs.enqueue(defined(job), { label: 'neuf' }, target());
    await testApp.db.execute(sql`UPDATE pgboss.job SET state = 'active', started_on = now() WHERE id = ${task.jobId}::uuid`);
    await testApp.db
      .update(tasks)
      .set({ status: 'PROCESSING', attempts: 1, updatedAt: sql`now() - interval '1 minute'` })
      .where(eq(tasks.id, task.id));

    const failed = await waitForStatus(task.id, 'FAILED');
    const message = workerLostMessage(1, false);
    expect(message).toBe(
      "Le traitement a été interrompu : le processus qui l'exécutait s'est arrêté (essai 1). Aucun nouvel essai n'est prévu : relancez l'opération.",
    );
    expect(failed).toMatchObject({ status: 'FAILED', outcome: { kind: 'failed', message } });
    expect(failed.events.map((event) => event.name).slice(-2)).toEqual(['Processus de traitement arrêté', 'Échec']);
    expect(await bossJobState(task.jobId, 'failed')).toBe('failed');
    await expect
      .poll(async () =>
        (
          await testApp.db
            .select({ userId: notifications.userId, context: notifications.context })
            .from(notifications)
            .where(and(eq(notifications.template, 'JOB_FAILED'), sql`(${notifications.context}->>'taskId')::int = ${task.id}`))
        ).map((row) => row.context),
      )
      .toEqual([{ taskId: task.id, jobName: defined(job).name, errorMessage: message }]);
    await app.close();
  });

  it('leaves alone a long job whose worker shows signs of life, while another process sweeps', async () => {
    const release = gate();
    let job: JobKind<Payload, string> | undefined;
    // a sign of life every 0.5 s; another process takes a task silent for 2 s for a dead worker's
    const lease = { ...FAST, jobLeaseSeconds: 2 };
    const worker = await testApp.variant(lease, (candidate) => {
      job = candidate.jobs.define(
        kind(async () => {
          await release.opened;
          return 'vivant';
        }),
      );
    });
    const sweeper = await testApp.variant({ ...lease, jobWorker: false });
    const task = await worker.jobs.enqueue(defined(job), { label: 'dix' }, target());
    await waitForStatus(task.id, 'PROCESSING');
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect((await taskRow(task.id)).status).toBe('PROCESSING');
    release.open();
    expect(await waitForStatus(task.id, 'SUCCESS')).toMatchObject({ status: 'SUCCESS', attempts: 1 });
    await sweeper.close();
    await worker.close();
  });

  // these two build further apps, which start slowly on a loaded machine (test/helper.ts `variant`)
  const SLOW_START = 180_000;

  it(
    'ends FAILED the waiting task whose job is gone, tells its creator, and leaves a task whose job waits',
    async () => {
      const job = kind(async () => 'jamais');
      // a process that died between writing its task and sending its job: a task without a job
      const [orphan] = await testApp.db
        .insert(tasks)
        .values({ jobId: randomUUID(), kind: job.name, objectName: 'bpu_template', objectId: 42, creatorId: adminId })
        .returning({ id: tasks.id });
      const orphanId = defined(orphan).id;
      // another process, without a worker, sweeps: a waiting task silent for five leases of 1 s whose job is gone is ended
      const sweeper = await testApp.variant({ ...FAST, jobWorker: false, jobLeaseSeconds: 1 }, (candidate) => {
        candidate.jobs.define(job);
      });
      const waiting = await sweeper.jobs.enqueue(job, { label: 'onze' }, target());
      await testApp.db
        .update(tasks)
        .set({ updatedAt: sql`now() - interval '10 seconds'` })
        .where(sql`${tasks.id} IN (${orphanId}, ${waiting.id})`);

      const failed = await waitForStatus(orphanId, 'FAILED', 60_000);
      expect(failed).toMatchObject({ status: 'FAILED', outcome: { kind: 'failed', message: JOB_LOST_MESSAGE } });
      expect(failed.events.map((event) => event.name)).toEqual(['Demande perdue', 'Échec']);
      await expect
        .poll(
          async () =>
            (
              await testApp.db
                .select({ userId: notifications.userId, context: notifications.context })
                .from(notifications)
                .where(
                  and(eq(notifications.template, 'JOB_FAILED'), sql`(${notifications.context}->>'taskId')::int = ${orphanId}`),
                )
            ).map((row) => row.context),
          { timeout: 30_000 },
        )
        .toEqual([{ taskId: orphanId, jobName: job.name, errorMessage: JOB_LOST_MESSAGE }]);
      // the task whose job still waits in the queue was swept too (it is as silent) and left waiting
      expect((await taskRow(waiting.id)).status).toBe('CREATED');
      await sweeper.close();
    },
    SLOW_START,
  );

  it(
    'releases at start the running tasks of a killed embedded server, without waiting for their lease',
    async () => {
      const job = kind(async () => 'repris', { limit: 1, delaySeconds: 0, backoff: false });
      const dead = await testApp.variant({ ...FAST, jobWorker: false }, (candidate) => {
        candidate.jobs.define(job);
      });
      const task = await dead.jobs.enqueue(job, { label: 'douze' }, target());
      await dead.close();
      // its attempt was running, with a sign of life a moment ago, when the server was killed
      await testApp.db.execute(sql`UPDATE pgboss.job SET state = 'active', started_on = now() WHERE id = ${task.jobId}::uuid`);
      await testApp.db
        .update(tasks)
        .set({ status: 'PROCESSING', attempts: 1, updatedAt: sql`now()` })
        .where(eq(tasks.id, task.id));

      // the restarted server (the only process on its database, a lease of 60 s) takes the job again at once
      const restarted = await testApp.variant({ ...FAST, jobSoleProcess: true }, (candidate) => {
        candidate.jobs.define({ ...job });
      });
      // released before the app was ready, with a lease of 60 s: no sweep of the lease did it
      expect((await taskRow(task.id)).events.map((event) => event.description)).toContain(
        'Le serveur a redémarré pendant le traitement (essai 1).',
      );
      const done = await waitForStatus(task.id, 'SUCCESS', 60_000);
      expect(done).toMatchObject({ status: 'SUCCESS', attempts: 2, outcome: { kind: 'result', value: 'repris' } });
      expect(done.events.map((event) => event.name)).toEqual(
        expect.arrayContaining(['Processus de traitement arrêté', 'Nouvel essai prévu', 'Terminé']),
      );
      await restarted.close();
    },
    SLOW_START,
  );
});
