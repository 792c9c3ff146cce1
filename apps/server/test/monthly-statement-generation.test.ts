import {
  fillStatementMessage,
  ROLE_OPTIONS,
  STATEMENT_PROJECT_UNKNOWN_MESSAGE,
  type StatementAttachmentRow,
  type StatementDetailRecord,
  type StatementGenerationResult,
} from '@isf/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  agencies,
  markets,
  monthlyStatementRgReleases,
  monthlyStatements,
  notifications,
  projects,
  statementGenerationRuns,
  tasks,
  userAgencies,
  userProjects,
} from '../src/db/schema/index.js';
import { tickStatementSchedule } from '../src/modules/monthly-statements/index.js';
import { todayInParis } from '../src/platform/pdf-document.js';
import { ALL_RIGHTS } from '../src/seed/access-seed.js';
import { adminSuite } from './admin-suite.js';
import { actingAs, uniqueName } from './helper.js';
import { marketWithBpu, pricesOf } from './orders-fixtures.js';

const suite = adminSuite();
const { send, ok } = suite;

const generate = (projectIds: unknown, token = suite.admin) =>
  ok<StatementGenerationResult>(send('POST', '/api/projects/monthlyStatement', projectIds, token));

/** A project of its own, so that generation sees only this test's markets. */
async function newProject(fields: { msGenerationDate?: string; managerId?: number } = {}): Promise<number> {
  const code = uniqueName('GEN');
  const [row] = await suite.db
    .insert(projects)
    .values({ name: code, code, ...fields })
    .returning({ id: projects.id });
  return row?.id ?? 0;
}

async function agencyIds(): Promise<number[]> {
  return (await suite.db.select({ id: agencies.id }).from(agencies).orderBy(asc(agencies.id))).map((row) => row.id);
}

/**
 * A market of `project` (on `agency`, at the workflow node `node`) with a BPU and `count` validated
 * attachments on one validated order, plus a draft attachment.
 */
async function marketOn(project: number, count: number, options: { agency?: number; node?: string; active?: boolean } = {}) {
  const market = await marketWithBpu(suite.app, suite.db, suite.admin);
  await suite.db
    .update(markets)
    .set({ projectId: project, ...(options.agency ? { agencyId: options.agency } : {}) })
    .where(eq(markets.id, market.marketId));
  const { validated, draft } = await suite.attachmentsOn(market, count);
  await suite.db.execute(sql`UPDATE workflow_tokens SET node_id = (SELECT id FROM workflow_nodes
      WHERE code = ${options.node ?? 'sst_validated'} ORDER BY id LIMIT 1)
    WHERE entity_name = 'subcontractor_market' AND entity_id = ${market.marketId}`);
  if (options.active === false) {
    await suite.db.update(markets).set({ active: false }).where(eq(markets.id, market.marketId));
  }
  return { marketId: market.marketId, bpuId: market.bpuId, validated, draft };
}

const invoiced = async (id: number) =>
  (await ok<StatementAttachmentRow[]>(send('GET', `/api/situation/${id}/attachements`)))
    .map((row) => row.id)
    .sort((a, b) => a - b);

/** The latest generation task. */
async function lastGenerationTask() {
  const [task] = await suite.db
    .select()
    .from(tasks)
    .where(eq(tasks.kind, 'monthly-statement-generation'))
    .orderBy(desc(tasks.id))
    .limit(1);
  return task;
}

describe('generation per project (POST /projects/monthlyStatement, spec 2 §5)', () => {
  it('creates one statement per active validated market with free validated attachments, dated today, and nothing the second time', async () => {
    const project = await newProject();
    const full = await marketOn(project, 3);
    const none = await marketOn(project, 0);
    const inactive = await marketOn(project, 1, { active: false });
    const draftMarket = await marketOn(project, 1, { node: 'sst_draft' });
    // one attachment already in a statement stays there
    const taken = (await ok<{ id: number }>(send('POST', '/api/situation/create', { market: full.marketId, sap: 'S' }))).id;
    await ok(send('POST', `/api/situation/${taken}/attachement`, [full.validated[0]]));

    const result = await generate([project]);
    expect(result).toMatchObject({ success: true, created: 1 });
    expect(result.statements).toEqual([
      { id: expect.any(Number), marketId: full.marketId, edifice: expect.any(String), attachementCount: 2, rgReleaseCount: 0 },
    ]);
    const id = result.statements[0]?.id ?? 0;
    expect(await invoiced(id)).toEqual([full.validated[1], full.validated[2]]);
    expect(await invoiced(taken)).toEqual([full.validated[0]]);
    const record = await ok<StatementDetailRecord>(send('GET', `/api/situation/${id}`));
    expect(record).toMatchObject({ status: 'unpaid', locked: false, attachementCount: 2, market: { id: full.marketId } });
    // today in Paris, as the generation dates it (the database's current_date is UTC's: a day behind
    // between midnight in Paris and midnight UTC)
    expect(record.date).toBe(todayInParis());
    for (const market of [none, inactive, draftMarket]) {
      const rows = await suite.db.select().from(monthlyStatements).where(eq(monthlyStatements.marketId, market.marketId));
      expect(rows).toEqual([]);
    }

    const csv = await send('POST', '/api/monthlystatements/csv', { ids: String(id) });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Contrat de sous-traitance');
    expect(csv.body).toContain(result.statements[0]?.edifice ?? '?');

    const again = await generate({ projects: [project] });
    expect(again).toEqual({ success: true, created: 0, statements: [] });
  });

  it('releases the RG fallen due, includes pre-closure markets, runs as a task with a notification, once a month', async () => {
    const project = await newProject();
    const paidBefore = await marketOn(project, 2);
    const preClosure = await marketOn(project, 1, { node: 'sst_pre_closure' });
    // the first attachment was invoiced earlier; its RG falls due (release date passed), the second's not yet
    const earlier = (await ok<{ id: number }>(send('POST', '/api/situation/create', { market: paidBefore.marketId, sap: 'S' })))
      .id;
    await ok(send('POST', `/api/situation/${earlier}/attachement`, paidBefore.validated));
    await ok(send('PUT', `/api/attachement/${paidBefore.validated[0]}/warranties/releaseDate`, { releaseDate: '2020-01-01' }));
    await ok(send('PUT', `/api/attachement/${paidBefore.validated[1]}/warranties/releaseDate`, { releaseDate: '2999-01-01' }));

    const result = await generate([project]);
    expect(result.created).toBe(2);
    const byMarket = new Map(result.statements.map((row) => [row.marketId, row]));
    expect(byMarket.get(paidBefore.marketId)).toMatchObject({ attachementCount: 0, rgReleaseCount: 1 });
    expect(byMarket.get(preClosure.marketId)).toMatchObject({ attachementCount: 1, rgReleaseCount: 0 });
    const released = await ok<StatementDetailRecord>(send('GET', `/api/situation/${byMarket.get(paidBefore.marketId)?.id}`));
    expect(released.releasedAttachments.map((row) => row.id)).toEqual([paidBefore.validated[0]]);
    expect(released.rgreleased).not.toBe('0.00');
    expect(released.totalAmountTTC).not.toBe('0.00');

    // a task with its progress (the last market's event at least), and the requester notified
    const task = await lastGenerationTask();
    expect(task?.status).toBe('SUCCESS');
    expect(task?.events.map((event) => event.name)).toEqual(
      expect.arrayContaining(['Génération des situations', 'Marché 2 / 2', 'Situations créées']),
    );
    const notified = await suite.db
      .select({ context: notifications.context })
      .from(notifications)
      .where(
        and(
          eq(notifications.template, 'MONTHLY_STATEMENTS_GENERATED'),
          sql`(${notifications.context}->>'taskId')::int = ${task?.id ?? 0}`,
        ),
      );
    expect(notified).toEqual([{ context: { taskId: task?.id, created: 2 } }]);

    // a second run in the month creates nothing more, even with a newly validated attachment; the RG is released once
    const [price] = await pricesOf(suite.db, preClosure.bpuId);
    expect((await suite.fx.saveLines(preClosure.draft, [{ prestation: price?.prestation ?? 0, quantity: '1' }])).statusCode).toBe(
      200,
    );
    await suite.fx.validate(preClosure.draft);
    expect(await generate([project])).toEqual({ success: true, created: 0, statements: [] });
    const releases = await suite.db
      .select()
      .from(monthlyStatementRgReleases)
      .where(eq(monthlyStatementRgReleases.attachmentId, paidBefore.validated[0] ?? 0));
    expect(releases).toHaveLength(1);
  });

  it('writes its progress at most every 500 ms, plus the last market, accounting for every statement created', async () => {
    const project = await newProject();
    const marketIds: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      marketIds.push((await marketOn(project, 1)).marketId);
    }
    const result = await generate([project]);
    expect(result.created).toBe(5);
    const task = await lastGenerationTask();
    const events = task?.events ?? [];
    const progress = events.filter((event) => event.name.startsWith('Marché '));
    // how far the run is, increasing, ending with the last market
    const done = progress.map((event) => Number(/^Marché (\d+) \/ 5$/.exec(event.name)?.[1]));
    expect(done.at(-1)).toBe(5);
    expect([...done].sort((a, b) => a - b)).toEqual(done);
    expect(new Set(done).size).toBe(done.length);
    // each event but the last comes at least 500 ms after the previous one (the start of the run for the first)
    const start = events.find((event) => event.name === 'Génération des situations');
    const times = [start, ...progress].map((event) => Date.parse(event?.time ?? ''));
    for (let index = 1; index < times.length - 1; index += 1) {
      expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBeGreaterThanOrEqual(500);
    }
    // the events together name every statement created, each once
    const named = progress.flatMap((event, index) => {
      const from = index === 0 ? 1 : (done[index - 1] ?? 0) + 1;
      if (from === done[index]) {
        return [Number(/situation n° (\d+)/.exec(event.description ?? '')?.[1])];
      }
      expect(event.description).toMatch(new RegExp(`^Marchés ${from} à ${done[index]} : \\d+ situation\\(s\\) créée\\(s\\)`));
      return [...(/\(n° ([\d, ]+)\)$/.exec(event.description ?? '')?.[1]?.split(', ') ?? [])].map(Number);
    });
    expect(named.sort((a, b) => a - b)).toEqual(result.statements.map((row) => row.id).sort((a, b) => a - b));
  });

  it('does nothing for an empty list and refuses unknown projects in French, creating nothing', async () => {
    const before = await suite.db.$count(monthlyStatements);
    expect(await generate([])).toEqual({ success: true, created: 0, statements: [] });
    const project = await newProject();
    await marketOn(project, 1);
    const unknown = await send('POST', '/api/projects/monthlyStatement', [project, 99_999_999]);
    expect(unknown.statusCode).toBe(400);
    const message = fillStatementMessage(STATEMENT_PROJECT_UNKNOWN_MESSAGE, { ids: '99999999' });
    expect(unknown.json()).toMatchObject({ detail: message, fields: { projects: message } });
    expect(await suite.db.$count(monthlyStatements)).toBe(before);
    expect((await send('POST', '/api/projects/monthlyStatement', { projects: 'x' })).statusCode).toBe(400);
  });

  it('needs the create right and keeps to the caller scope (projects and agencies)', async () => {
    const project = await newProject();
    const [firstAgency, secondAgency] = await agencyIds();
    const mine = await marketOn(project, 1, { agency: firstAgency });
    const theirs = await marketOn(project, 1, { agency: secondAgency });

    const reader = await actingAs(suite.testApp, {
      ...ALL_RIGHTS,
      create: ALL_RIGHTS.create.filter((entity) => entity !== 'monthly_statement'),
      visibility: 1,
    });
    expect((await send('POST', '/api/projects/monthlyStatement', [project], reader.token)).statusCode).toBe(403);

    const sst = await actingAs(suite.testApp, { ...ALL_RIGHTS, options: ROLE_OPTIONS, visibility: 4 });
    const outside = await send('POST', '/api/projects/monthlyStatement', [project], sst.token);
    expect(outside.statusCode).toBe(400);
    await suite.db.insert(userProjects).values({ userId: sst.userId, projectId: project });
    await suite.db.insert(userAgencies).values({ userId: sst.userId, agencyId: firstAgency ?? 0 });
    const result = await generate([project], sst.token);
    expect(result.statements.map((row) => row.marketId)).toEqual([mine.marketId]);
    const rest = await generate([project]);
    expect(rest.statements.map((row) => row.marketId)).toEqual([theirs.marketId]);
  });
});

/** The task once it ended (the API process takes its own jobs in the tests). */
async function ended(taskId: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [task] = await suite.db.select().from(tasks).where(eq(tasks.id, taskId));
    if (task && ['SUCCESS', 'ERROR', 'FAILED'].includes(task.status)) {
      return task;
    }
    if (Date.now() > deadline) {
      throw new Error(`task ${taskId} still ${task?.status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const statementsOf = (marketId: number) =>
  suite.db
    .select({ id: monthlyStatements.id, date: monthlyStatements.date, creatorId: monthlyStatements.creatorId })
    .from(monthlyStatements)
    .where(eq(monthlyStatements.marketId, marketId))
    .orderBy(asc(monthlyStatements.id));

describe('scheduled generation on the project generation day (spec 3, issue 11)', () => {
  it('starts once per project and month when its day has come, as a task of the project told to its manager', async () => {
    const [adminRow] = await suite.db.execute(sql`SELECT id FROM users WHERE uid = 'admin'`).then((result) => {
      return (result as unknown as { rows: { id: number }[] }).rows;
    });
    const managerId = adminRow?.id ?? 0;
    const dueToday = await newProject({ msGenerationDate: '05', managerId });
    const caughtUp = await newProject({ msGenerationDate: '3' });
    const later = await newProject({ msGenerationDate: '06' });
    const never = await newProject();
    const validated = await marketOn(dueToday, 2);
    const preClosure = await marketOn(dueToday, 1, { node: 'sst_pre_closure' });
    const laterMarket = await marketOn(later, 1);
    const neverMarket = await marketOn(never, 1);
    const mine = new Set([dueToday, caughtUp, later, never]);
    const ours = (started: { projectId: number; taskId: number }[]) => started.filter((row) => mine.has(row.projectId));

    // two workers ticking at once: one run per due project
    const [first, second] = await Promise.all([
      tickStatementSchedule(suite.app, '2031-03-05'),
      tickStatementSchedule(suite.app, '2031-03-05'),
    ]);
    const started = ours([...(first ?? []), ...(second ?? [])]).sort((a, b) => a.projectId - b.projectId);
    expect(started.map((row) => row.projectId)).toEqual([dueToday, caughtUp]);
    const task = await ended(started[0]?.taskId ?? 0);
    expect(task).toMatchObject({ status: 'SUCCESS', objectName: 'project', objectId: dueToday, creatorId: managerId });
    expect(task.events.map((event) => event.name)).toEqual(
      expect.arrayContaining(['Génération planifiée des situations du 2031-03-05', 'Marché 2 / 2', 'Situations créées']),
    );
    expect(task.outcome).toMatchObject({ kind: 'result', value: { created: 2 } });
    expect(await ended(started[1]?.taskId ?? 0)).toMatchObject({ status: 'SUCCESS' });
    // one statement per market of the project, pre-closure included, dated the scheduled day, made by no one
    for (const market of [validated, preClosure]) {
      expect(await statementsOf(market.marketId)).toEqual([{ id: expect.any(Number), date: '2031-03-05', creatorId: null }]);
    }
    expect(await statementsOf(laterMarket.marketId)).toEqual([]);
    expect(await statementsOf(neverMarket.marketId)).toEqual([]);
    const notified = await suite.db
      .select({ userId: notifications.userId, context: notifications.context })
      .from(notifications)
      .where(
        and(
          eq(notifications.template, 'MONTHLY_STATEMENTS_GENERATED'),
          sql`(${notifications.context}->>'taskId')::int = ${task.id}`,
        ),
      );
    expect(notified).toEqual([{ userId: managerId, context: { taskId: task.id, created: 2 } }]);
    const runs = await suite.db
      .select({
        projectId: statementGenerationRuns.projectId,
        month: statementGenerationRuns.month,
        taskId: statementGenerationRuns.taskId,
      })
      .from(statementGenerationRuns)
      .where(sql`${statementGenerationRuns.projectId} IN (${dueToday}, ${caughtUp})`)
      .orderBy(asc(statementGenerationRuns.projectId));
    expect(runs).toEqual(started.map((row) => ({ projectId: row.projectId, month: '2031-03', taskId: row.taskId })));

    // later in the month: the project run already is not run again, the one whose day came is
    const [price] = await pricesOf(suite.db, validated.bpuId);
    expect((await suite.fx.saveLines(validated.draft, [{ prestation: price?.prestation ?? 0, quantity: '1' }])).statusCode).toBe(
      200,
    );
    await suite.fx.validate(validated.draft);
    const again = ours(await tickStatementSchedule(suite.app, '2031-03-28'));
    expect(again.map((row) => row.projectId)).toEqual([later]);
    await ended(again[0]?.taskId ?? 0);
    expect(await statementsOf(validated.marketId)).toHaveLength(1);
    expect(await statementsOf(laterMarket.marketId)).toEqual([{ id: expect.any(Number), date: '2031-03-28', creatorId: null }]);

    // next month: due again, and the attachment validated since is invoiced then
    const april = ours(await tickStatementSchedule(suite.app, '2031-04-05'));
    expect(april.map((row) => row.projectId)).toEqual([dueToday, caughtUp]);
    await ended(april[0]?.taskId ?? 0);
    const statements = await statementsOf(validated.marketId);
    expect(statements.map((row) => row.date)).toEqual(['2031-03-05', '2031-04-05']);
    expect(await invoiced(statements[1]?.id ?? 0)).toEqual([validated.draft]);
  });

  it('ticks when a process that takes jobs is ready, and not in one that leaves them to the workers', async () => {
    const project = await newProject({ msGenerationDate: '01' });
    const runsOf = () => suite.db.select().from(statementGenerationRuns).where(eq(statementGenerationRuns.projectId, project));
    await suite.testApp.variant({ jobWorker: false, statementScheduleMinutes: 1 });
    expect(await runsOf()).toEqual([]);
    await suite.testApp.variant({ statementScheduleMinutes: 1 });
    const deadline = Date.now() + 15_000;
    while ((await runsOf()).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await runsOf()).map((row) => row.month)).toHaveLength(1);
  });
});
