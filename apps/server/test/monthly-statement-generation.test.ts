import {
  fillStatementMessage,
  ROLE_OPTIONS,
  STATEMENT_PROJECT_UNKNOWN_MESSAGE,
  type StatementAttachmentRow,
  type StatementDetailRecord,
  type StatementGenerationResult,
} from '@isf/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agencies,
  markets,
  monthlyStatementRgReleases,
  monthlyStatements,
  notifications,
  projects,
  tasks,
  userAgencies,
  userProjects,
} from '../src/db/schema/index.js';
import { ALL_RIGHTS } from '../src/seed/access-seed.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { actingAs, createTestApp, inject, login, type TestApp, uniqueName } from './helper.js';
import { marketWithBpu, pricesOf } from './orders-fixtures.js';

let testApp: TestApp;
let admin: string;
let fx: ReturnType<typeof attachmentFixtures>;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
  fx = attachmentFixtures(testApp.app, testApp.db, () => admin);
});

afterAll(async () => {
  await testApp?.close();
});

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = admin) =>
  inject(testApp.app, { method, url, token, payload: payload as object });

async function ok<T>(response: Promise<{ statusCode: number; body: string; json: () => unknown }>): Promise<T> {
  const done = await response;
  expect(done.statusCode, done.body).toBe(200);
  return done.json() as T;
}

const generate = (projectIds: unknown, token = admin) =>
  ok<StatementGenerationResult>(send('POST', '/api/projects/monthlyStatement', projectIds, token));

/** A project of its own, so that generation sees only this test's markets. */
async function newProject(): Promise<number> {
  const code = uniqueName('GEN');
  const [row] = await testApp.db.insert(projects).values({ name: code, code }).returning({ id: projects.id });
  return row?.id ?? 0;
}

async function agencyIds(): Promise<number[]> {
  return (await testApp.db.select({ id: agencies.id }).from(agencies).orderBy(asc(agencies.id))).map((row) => row.id);
}

/**
 * A market of `project` (on `agency`, at the workflow node `node`) with a BPU and `count` validated
 * attachments on one validated order, plus a draft attachment.
 */
async function marketOn(project: number, count: number, options: { agency?: number; node?: string; active?: boolean } = {}) {
  const market = await marketWithBpu(testApp.app, testApp.db, admin);
  await testApp.db
    .update(markets)
    .set({ projectId: project, ...(options.agency ? { agencyId: options.agency } : {}) })
    .where(eq(markets.id, market.marketId));
  const order = await fx.validatedOrder(market, ['10', '4']);
  const [price] = await pricesOf(testApp.db, market.bpuId);
  const validated: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const attachment = await fx.attachment(order);
    expect((await fx.saveLines(attachment, [{ prestation: price?.prestation ?? 0, quantity: '1.5' }])).statusCode).toBe(200);
    await fx.validate(attachment);
    validated.push(attachment);
  }
  const draft = await fx.attachment(order);
  await testApp.db.execute(sql`UPDATE workflow_tokens SET node_id = (SELECT id FROM workflow_nodes
      WHERE code = ${options.node ?? 'sst_validated'} ORDER BY id LIMIT 1)
    WHERE entity_name = 'subcontractor_market' AND entity_id = ${market.marketId}`);
  if (options.active === false) {
    await testApp.db.update(markets).set({ active: false }).where(eq(markets.id, market.marketId));
  }
  return { marketId: market.marketId, bpuId: market.bpuId, validated, draft };
}

const invoiced = async (id: number) =>
  (await ok<StatementAttachmentRow[]>(send('GET', `/api/situation/${id}/attachements`)))
    .map((row) => row.id)
    .sort((a, b) => a - b);

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
    const { rows } = (await testApp.db.execute(sql`SELECT current_date::text AS today`)) as unknown as {
      rows: { today: string }[];
    };
    expect(record.date).toBe(rows[0]?.today);
    for (const market of [none, inactive, draftMarket]) {
      const rows = await testApp.db.select().from(monthlyStatements).where(eq(monthlyStatements.marketId, market.marketId));
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

    // a task with an event per market, and the requester notified
    const [task] = await testApp.db
      .select()
      .from(tasks)
      .where(eq(tasks.kind, 'monthly-statement-generation'))
      .orderBy(desc(tasks.id))
      .limit(1);
    expect(task?.status).toBe('SUCCESS');
    expect(task?.events.map((event) => event.name)).toEqual(
      expect.arrayContaining(['Génération des situations', 'Marché 1 / 2', 'Marché 2 / 2', 'Situations créées']),
    );
    const notified = await testApp.db
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
    const [price] = await pricesOf(testApp.db, preClosure.bpuId);
    expect((await fx.saveLines(preClosure.draft, [{ prestation: price?.prestation ?? 0, quantity: '1' }])).statusCode).toBe(200);
    await fx.validate(preClosure.draft);
    expect(await generate([project])).toEqual({ success: true, created: 0, statements: [] });
    const releases = await testApp.db
      .select()
      .from(monthlyStatementRgReleases)
      .where(eq(monthlyStatementRgReleases.attachmentId, paidBefore.validated[0] ?? 0));
    expect(releases).toHaveLength(1);
  });

  it('does nothing for an empty list and refuses unknown projects in French, creating nothing', async () => {
    const before = await testApp.db.$count(monthlyStatements);
    expect(await generate([])).toEqual({ success: true, created: 0, statements: [] });
    const project = await newProject();
    await marketOn(project, 1);
    const unknown = await send('POST', '/api/projects/monthlyStatement', [project, 99_999_999]);
    expect(unknown.statusCode).toBe(400);
    const message = fillStatementMessage(STATEMENT_PROJECT_UNKNOWN_MESSAGE, { ids: '99999999' });
    expect(unknown.json()).toMatchObject({ detail: message, fields: { projects: message } });
    expect(await testApp.db.$count(monthlyStatements)).toBe(before);
    expect((await send('POST', '/api/projects/monthlyStatement', { projects: 'x' })).statusCode).toBe(400);
  });

  it('needs the create right and keeps to the caller scope (projects and agencies)', async () => {
    const project = await newProject();
    const [firstAgency, secondAgency] = await agencyIds();
    const mine = await marketOn(project, 1, { agency: firstAgency });
    const theirs = await marketOn(project, 1, { agency: secondAgency });

    const reader = await actingAs(testApp, {
      ...ALL_RIGHTS,
      create: ALL_RIGHTS.create.filter((entity) => entity !== 'monthly_statement'),
      visibility: 1,
    });
    expect((await send('POST', '/api/projects/monthlyStatement', [project], reader.token)).statusCode).toBe(403);

    const sst = await actingAs(testApp, { ...ALL_RIGHTS, options: ROLE_OPTIONS, visibility: 4 });
    const outside = await send('POST', '/api/projects/monthlyStatement', [project], sst.token);
    expect(outside.statusCode).toBe(400);
    await testApp.db.insert(userProjects).values({ userId: sst.userId, projectId: project });
    await testApp.db.insert(userAgencies).values({ userId: sst.userId, agencyId: firstAgency ?? 0 });
    const result = await generate([project], sst.token);
    expect(result.statements.map((row) => row.marketId)).toEqual([mine.marketId]);
    const rest = await generate([project]);
    expect(rest.statements.map((row) => row.marketId)).toEqual([theirs.marketId]);
  });
});
