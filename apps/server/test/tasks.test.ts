import { randomUUID } from 'node:crypto';
import { BPU_TEMPLATE_CSV_HEADERS, type ListReply, TASK_STATUSES, type TaskRow } from '@isf/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prestations, tasks } from '../src/db/schema/index.js';
import { actingAs, countRows, createTestApp, inject, login, type TestApp, uniqueName } from './helper.js';
import { csvFile, csvRows, importForm, priceScheduleFixtures } from './price-schedules-fixtures.js';

let testApp: TestApp;
let admin: string;
let make: ReturnType<typeof priceScheduleFixtures>;

beforeAll(async () => {
  testApp = await createTestApp({ jobPollSeconds: 0.5 });
  admin = await login(testApp.app, 'admin', 'admin');
  make = priceScheduleFixtures(testApp.app, () => admin);
});

afterAll(async () => {
  await testApp?.close();
});

/** `count` finished tasks of one creator, statuses in turn, oldest first. */
async function seedTasks(creatorId: number, count: number, objectName = 'order') {
  const rows = Array.from({ length: count }, (_, index) => ({
    jobId: randomUUID(),
    kind: 'seeded',
    objectName,
    objectId: index + 1,
    creatorId,
    status: TASK_STATUSES[index % TASK_STATUSES.length],
    events: [
      { time: '2025-10-20T08:00:00.000Z', name: 'Tâche créée' },
      { time: '2025-10-20T08:00:01.000Z', name: 'Échec', description: `raison ${index + 1}` },
    ],
  }));
  return (await testApp.db.insert(tasks).values(rows).returning({ id: tasks.id })).map((row) => row.id);
}

async function list(token: string, query: Record<string, string> = {}) {
  const response = await inject(testApp.app, { method: 'GET', url: '/api/tasks', token, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListReply<TaskRow>>();
}

const readTasks = { read: ['task' as const], visibility: 2 as const };

describe('GET /api/tasks', () => {
  it('pages 20 tasks newest first, and sorts and filters on request', async () => {
    const owner = await actingAs(testApp, readTasks);
    const ids = await seedTasks(owner.userId, 23);
    const newestFirst = [...ids].reverse();

    const first = await list(owner.token, { page: '0', size: '20' });
    expect(first.totalElements).toBe(23);
    expect(first.content.map((row) => row.id)).toEqual(newestFirst.slice(0, 20));
    const second = await list(owner.token, { page: '1', size: '20' });
    expect(second.content.map((row) => row.id)).toEqual(newestFirst.slice(20));

    const [row] = first.content;
    expect(row).toMatchObject({
      jobId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      objectName: 'order',
      objectId: 23,
      creatorId: owner.userId,
      creatorName: `Test ${owner.uid}`,
      status: TASK_STATUSES[22 % TASK_STATUSES.length],
    });
    expect(row?.events).toEqual([
      { time: '2025-10-20T08:00:00.000Z', name: 'Tâche créée' },
      { time: '2025-10-20T08:00:01.000Z', name: 'Échec', description: 'raison 23' },
    ]);
    expect(row?.eventLog).toBe('2025-10-20 08:00:00 Tâche créée | 2025-10-20 08:00:01 Échec raison 23');

    const ascending = await list(owner.token, { sort: 'id,asc', size: '5' });
    expect(ascending.content.map((task) => task.id)).toEqual(ids.slice(0, 5));
    const failed = await list(owner.token, { filters: JSON.stringify({ status: 'FAILED' }) });
    expect(failed.totalElements).toBe(4);
    expect(failed.content.every((task) => task.status === 'FAILED')).toBe(true);
    const byObject = await list(owner.token, { filters: JSON.stringify({ objectId: '7', eventLog: 'raison 7' }) });
    expect(byObject.content.map((task) => task.objectId)).toEqual([7]);
    const byCreator = await list(owner.token, { filters: JSON.stringify({ creatorName: owner.uid.toUpperCase() }) });
    expect(byCreator.totalElements).toBe(23);
  });

  it('shows a user only the tasks they started, unless their role sees everything (visibility 1)', async () => {
    const owner = await actingAs(testApp, readTasks);
    const other = await actingAs(testApp, readTasks);
    const everything = await actingAs(testApp, { read: ['task'], visibility: 1 });
    await seedTasks(owner.userId, 2);
    await seedTasks(other.userId, 3);
    const both = JSON.stringify({ creatorId: `${owner.userId},${other.userId}` });

    expect((await list(owner.token, { filters: both })).totalElements).toBe(2);
    expect((await list(other.token, { filters: both })).totalElements).toBe(3);
    expect((await list(everything.token, { filters: both })).totalElements).toBe(5);
    expect((await list(owner.token)).content.every((task) => task.creatorId === owner.userId)).toBe(true);
  });

  it('needs the read right on tasks', async () => {
    const withoutRight = await actingAs(testApp, { read: ['bpu_template'], visibility: 1 });
    expect((await inject(testApp.app, { method: 'GET', url: '/api/tasks', token: withoutRight.token })).statusCode).toBe(403);
    expect((await inject(testApp.app, { method: 'GET', url: '/api/tasks' })).statusCode).toBe(401);
    const csv = await inject(testApp.app, { method: 'POST', url: '/api/task/csv', payload: { token: withoutRight.token } });
    expect(csv.statusCode).toBe(403);
  });

  it('exports the same query as CSV, events as text', async () => {
    const owner = await actingAs(testApp, readTasks);
    await seedTasks(owner.userId, 3);
    const response = await inject(testApp.app, {
      method: 'POST',
      url: '/api/task/csv',
      payload: { token: owner.token, filters: JSON.stringify({ status: 'CREATED' }) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...rows] = csvRows(response.body);
    expect(header).toEqual(['ID', 'JobId', 'Entité', "ID de l'entité", 'Créateur', 'Statut', 'Créée le', 'Événements']);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.slice(2, 6)).toEqual(['order', '1', `Test ${owner.uid}`, 'CREATED']);
    expect(rows[0]?.[7]).toBe('2025-10-20 08:00:00 Tâche créée | 2025-10-20 08:00:01 Échec raison 1');
  });
});

describe('price schedule imports as tasks', () => {
  async function importable() {
    const template = await make.template();
    const parent = uniqueName('Génie civil');
    await make.category(parent);
    return { template, parent };
  }

  async function importFile(url: string, content: Buffer) {
    const form = importForm(content);
    return inject(testApp.app, { method: 'POST', url, token: admin, payload: form.payload, headers: form.headers });
  }

  async function tasksOf(objectName: string, objectId: number) {
    return (await list(admin, { filters: JSON.stringify({ objectName, objectId: String(objectId) }) })).content;
  }

  it('runs a template import as a job whose SUCCESS task shows in the list with its events', async () => {
    const { template, parent } = await importable();
    const file = csvFile([
      [...BPU_TEMPLATE_CSV_HEADERS],
      ['Soudure', '', parent, 'GC-1', 'Une ligne', 'Unité', 'Fourniture'],
      ['Soudure', '', parent, 'GC-2', 'Une autre', 'Unité', 'Fourniture'],
    ]);
    const response = await importFile(`/api/bputemplate/${template}/import`, file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 2, updated: 0 });

    const [task, ...others] = await tasksOf('bpu_template', template);
    expect(others).toEqual([]);
    expect(task).toMatchObject({ status: 'SUCCESS', creatorName: 'Alice Administratrice' });
    expect(task?.events.map((event) => [event.name, event.description ?? null])).toEqual([
      ['Tâche créée', null],
      ['Traitement démarré', 'Essai 1 sur 3'],
      ['Lecture du fichier', '2 ligne(s) à importer'],
      ['Progression', '2 ligne(s) sur 2 enregistrée(s) (100 %)'],
      ['Prestations importées', '2 créée(s), 0 mise(s) à jour'],
      ['Terminé', null],
    ]);
  });

  it('records a refused file as a FAILED task naming the lines, writes nothing, and answers as before', async () => {
    const { template, parent } = await importable();
    const file = csvFile([[...BPU_TEMPLATE_CSV_HEADERS], ['Soudure', '', parent, 'GC-1', 'x', 'Mètre cube', 'Fourniture']]);
    const response = await importFile(`/api/bputemplate/${template}/import`, file);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('Ligne 2 : unité « Mètre cube » inconnue.');
    expect(await countRows(testApp.db, prestations, eq(prestations.bpuTemplateId, template))).toBe(0);

    const [task] = await tasksOf('bpu_template', template);
    expect(task).toMatchObject({ status: 'FAILED' });
    expect(task?.events.at(-1)).toMatchObject({ name: 'Refusé', description: expect.stringContaining('Mètre cube') });
    // a file that cannot be read is refused by the request itself: no task
    const unreadable = await importFile(`/api/bputemplate/${template}/import`, csvFile([]));
    expect(unreadable.statusCode).toBe(400);
    expect(await tasksOf('bpu_template', template)).toHaveLength(1);
  });

  it('runs a BPU price import as a job on the BPU', async () => {
    const { template, parent } = await importable();
    const category = (await make.send('GET', '/api/category/parent?size=200')).json<ListReply<{ id: number; name: string }>>();
    const top = category.content.find((row) => row.name === parent)?.id ?? 0;
    await make.prestation(template, top, { code: 'P-1' });
    const bpu = await make.bpu(template);
    const response = await importFile(
      `/api/bpu/${bpu}/import`,
      csvFile([
        ['Code', 'Prix'],
        ['P-1', '12,50'],
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ updated: 1 });
    const [task] = await tasksOf('bpu_sst', bpu);
    expect(task).toMatchObject({ status: 'SUCCESS' });
    expect(task?.events.map((event) => event.name)).toContain('Prix importés');
  });
});
