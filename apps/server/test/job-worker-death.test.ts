import { BPU_TEMPLATE_CSV_HEADERS } from '@isf/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prestations, tasks } from '../src/db/schema/index.js';
import { countRows, createTestApp, inject, login, SERVER_DATABASE_URL, type TestApp, uniqueName } from './helper.js';
import { csvFile, importForm, priceScheduleFixtures } from './price-schedules-fixtures.js';
import { until, workerProcesses } from './worker-processes.js';

/**
 * A worker process killed with SIGKILL in the middle of a 20,000-line import (issue 15). Worker
 * processes need PostgreSQL (the embedded database allows one process): this file runs on DATABASE_URL,
 * or on the local server, in a database of its own dropped afterwards.
 */

let testApp: TestApp;
let admin: string;

/** `npm run worker` on this file's database; a task silent for 2 s is taken for a dead worker's. */
const workers = workerProcesses(() => ({
  DATABASE_URL: testApp.databaseUrl ?? '',
  JOB_POLL_SECONDS: '0.5',
  JOB_LEASE_SECONDS: '2',
}));
const startWorker = () => workers.start();

function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

beforeAll(async () => {
  // the API takes no job and answers at once with the task id: the worker processes do the work
  testApp = await createTestApp({ jobWorker: false, jobWaitTimeoutMs: 200 }, { serverUrl: SERVER_DATABASE_URL });
  admin = await login(testApp.app, 'admin', 'admin');
});

afterAll(async () => {
  await workers.stopAll();
  await testApp?.close();
});

describe('a worker killed in the middle of an import', () => {
  it('leaves no task PROCESSING: another worker takes the import again and it ends once, every line written once', async () => {
    expect(testApp.databaseUrl).toBeDefined();
    const make = priceScheduleFixtures(testApp.app, () => admin);
    const template = await make.template();
    const parentName = uniqueName('Génie civil');
    const parent = await make.category(parentName);
    await make.category('Tranchée', parent);
    const choices = await make.choices();
    const codes = Array.from({ length: 20_000 }, (_, index) => `K-${String(index).padStart(5, '0')}`);
    const file = csvFile([
      [...BPU_TEMPLATE_CSV_HEADERS],
      ...codes.map((code) => ['Soudure', parentName, 'Tranchée', code, `Ligne ${code}`, 'Unité', 'Fourniture']),
    ]);

    // a writer holds the code of the file's line 1,501 (uncommitted): the second batch waits for it
    const held = gate();
    const release = gate();
    const holder = testApp.db
      .transaction(async (transaction) => {
        await transaction.insert(prestations).values({
          bpuTemplateId: template,
          referenceId: choices.reference,
          categoryId: parent,
          unitId: choices.unit,
          typeId: choices.type,
          code: codes[1_500] ?? '',
          description: 'Tenue par un autre',
        });
        held.open();
        await release.opened;
        transaction.rollback();
      })
      .catch(() => undefined);
    await held.opened;

    const first = startWorker();
    const form = importForm(file);
    const answer = await inject(testApp.app, {
      method: 'POST',
      url: `/api/bputemplate/${template}/import`,
      token: admin,
      payload: form.payload,
      headers: form.headers,
    });
    expect(answer.statusCode, answer.body).toBe(504);
    const taskId = answer.json<{ taskId: number }>().taskId;
    const taskRow = async () => (await testApp.db.select().from(tasks).where(eq(tasks.id, taskId)))[0];

    await until(
      taskRow,
      (task) => task?.events.some((event) => event.name === 'Progression') ?? false,
      60_000,
      'the first batch written',
    );
    expect(await countRows(testApp.db, prestations, eq(prestations.bpuTemplateId, template))).toBe(1_000);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    release.open();
    await holder;
    expect((await taskRow())?.status).toBe('PROCESSING');

    // another worker finds the task silent past its lease, and pg-boss hands the job to it again
    startWorker();
    const done = await until(taskRow, (task) => task?.status === 'SUCCESS' || task?.status === 'FAILED', 90_000, 'the import');
    expect(done?.status).toBe('SUCCESS');
    expect(done?.attempts).toBe(2);
    expect(done?.events.map((event) => event.name)).toEqual(
      expect.arrayContaining(['Processus de traitement arrêté', 'Nouvel essai prévu', 'Terminé']),
    );
    // the second attempt finds the first batch written and writes the other 19,000 lines
    expect(done?.outcome).toEqual({ kind: 'result', value: { created: 19_000, updated: 0 } });
    const written = await testApp.db
      .select({ rows: sql<number>`count(*)::int`, codes: sql<number>`count(DISTINCT ${prestations.code})::int` })
      .from(prestations)
      .where(eq(prestations.bpuTemplateId, template));
    expect(written).toEqual([{ rows: 20_000, codes: 20_000 }]);
    expect(await countRows(testApp.db, tasks, and(eq(tasks.status, 'PROCESSING')))).toBe(0);
  }, 300_000);
});
