import {
  EVALUATION_COMMENT_REQUIRED_MESSAGE,
  EVALUATION_FILE_TOO_LARGE_MESSAGE,
  EVALUATION_STARS_MESSAGE,
  type EvaluationRecord,
  type EvaluationSummary,
} from '@isf/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentTypes, evaluationCriteria, evaluations, markets, userAgencies } from '../src/db/schema/index.js';
import { createEvaluation, newCompanyWithAgency } from './evaluations-fixtures.js';
import { actingAs, countRows, createTestApp, inject, login, type TestApp, userIdOf } from './helper.js';
import { createMarket } from './markets-fixtures.js';
import { multipart } from './multipart.js';

let testApp: TestApp;
let admin: string;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
});

afterAll(async () => {
  await testApp?.close();
});

function send(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = admin) {
  return inject(testApp.app, { method, url, token, payload });
}

async function evaluationCount(agencyId: number): Promise<number> {
  return countRows(testApp.db, evaluations, eq(evaluations.agencyId, agencyId));
}

/** A project evaluation written straight to the tables: its creation route comes with orders. */
async function projectEvaluation(agencyId: number, marketId: number, projectId: number, values: [number, number, number]) {
  const adminId = await userIdOf(testApp.db, 'admin');
  const [row] = await testApp.db
    .insert(evaluations)
    .values({ type: 3, agencyId, marketId, projectId, creatorId: adminId })
    .returning({ id: evaluations.id });
  const id = row?.id ?? 0;
  await testApp.db.insert(evaluationCriteria).values(
    (['quality', 'reactivity', 'technic'] as const).map((criterion, index) => ({
      evaluationId: id,
      criterion,
      value: values[index] ?? 1,
      comment: 'Commentaire',
    })),
  );
  return id;
}

describe('evaluation creation', () => {
  it('refuses ratings that are not whole stars from 1 to 5, and writes nothing', async () => {
    const { agencyId } = await newCompanyWithAgency(testApp.db);
    for (const safety of [0, 6, 2.5, 'abc']) {
      const response = await send('POST', `/api/evaluation/safety/${agencyId}`, { safety, comment: 'Pourquoi pas' });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(EVALUATION_STARS_MESSAGE);
    }
    expect(await evaluationCount(agencyId)).toBe(0);
  });

  it('requires a comment when a rating is below 3 stars', async () => {
    const { agencyId } = await newCompanyWithAgency(testApp.db);
    const refused = await send('POST', `/api/evaluation/procurement/${agencyId}`, { rse: 4, relational: 2, comment: '   ' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().fields.comment).toBe(EVALUATION_COMMENT_REQUIRED_MESSAGE);
    expect(await evaluationCount(agencyId)).toBe(0);
    await createEvaluation(testApp.app, admin, 'procurement', agencyId, { rse: 4, relational: 2, comment: 'Relances' });
    await createEvaluation(testApp.app, admin, 'safety', agencyId, { safety: 3 });
    expect(await evaluationCount(agencyId)).toBe(2);
  });

  it('answers 404 for an agency outside the caller’s scope', async () => {
    const { agencyId } = await newCompanyWithAgency(testApp.db);
    const subcontractor = await actingAs(testApp, { visibility: 4, create: ['evaluation_safety'], read: ['evaluation_safety'] });
    const response = await send('POST', `/api/evaluation/safety/${agencyId}`, { safety: 5 }, subcontractor.token);
    expect(response.statusCode, response.body).toBe(404);
  });
});

describe('rights per type', () => {
  it('lets a safety rater create safety evaluations only', async () => {
    const { agencyId } = await newCompanyWithAgency(testApp.db);
    const rater = await actingAs(testApp, { create: ['evaluation_safety'], read: ['evaluation_safety'] });
    expect(
      (await send('POST', `/api/evaluation/procurement/${agencyId}`, { rse: 5, relational: 5 }, rater.token)).statusCode,
    ).toBe(403);
    expect((await send('POST', `/api/evaluation/safety/${agencyId}`, { safety: 5 }, rater.token)).statusCode).toBe(200);
  });

  it('shows each reader only the types it may read', async () => {
    const { agencyId } = await newCompanyWithAgency(testApp.db);
    await createEvaluation(testApp.app, admin, 'safety', agencyId, { safety: 5 });
    await createEvaluation(testApp.app, admin, 'procurement', agencyId, { rse: 4, relational: 4 });
    const reader = await actingAs(testApp, { read: ['evaluation_procurement'] });
    const listed = await send('GET', `/api/evaluation/agency/${agencyId}`, undefined, reader.token);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<EvaluationRecord[]>().map((evaluation) => evaluation.type)).toEqual([2]);
    const nobody = await actingAs(testApp, { read: ['agency'] });
    expect((await send('GET', `/api/evaluation/agency/${agencyId}`, undefined, nobody.token)).statusCode).toBe(403);
  });

  it('deletes only with the delete right of the evaluation’s own type', async () => {
    const { agencyId } = await newCompanyWithAgency(testApp.db);
    const safety = await createEvaluation(testApp.app, admin, 'safety', agencyId, { safety: 5 });
    const procurement = await createEvaluation(testApp.app, admin, 'procurement', agencyId, { rse: 4, relational: 4 });
    const deleter = await actingAs(testApp, {
      read: ['evaluation_safety', 'evaluation_procurement'],
      delete: ['evaluation_procurement'],
    });
    expect((await send('DELETE', `/api/evaluation/${safety}`, undefined, deleter.token)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/evaluation/${procurement}`, undefined, deleter.token)).statusCode).toBe(200);
    expect(await countRows(testApp.db, evaluations, eq(evaluations.id, procurement))).toBe(0);
    expect(await countRows(testApp.db, evaluationCriteria, eq(evaluationCriteria.evaluationId, procurement))).toBe(0);
    expect(await countRows(testApp.db, evaluations, eq(evaluations.id, safety))).toBe(1);
    expect((await send('DELETE', `/api/evaluation/${procurement}`, undefined, deleter.token)).statusCode).toBe(404);
  });
});

describe('the dashboard aggregates', () => {
  let companyId: number;
  let agencyId: number;
  let marketId: number;
  let projectId: number;

  beforeAll(async () => {
    ({ companyId, agencyId } = await newCompanyWithAgency(testApp.db));
    marketId = await createMarket(testApp.app, testApp.db, admin, { agency: agencyId });
    const [market] = await testApp.db.select({ projectId: markets.projectId }).from(markets).where(eq(markets.id, marketId));
    projectId = market?.projectId ?? 0;
    await createEvaluation(testApp.app, admin, 'safety', agencyId, { safety: 5 });
    await createEvaluation(testApp.app, admin, 'procurement', agencyId, { rse: 4, relational: 2, comment: 'Relances' });
    await projectEvaluation(agencyId, marketId, projectId, [3, 4, 5]);
    const old = await createEvaluation(testApp.app, admin, 'safety', agencyId, { safety: 1, comment: 'Accident' });
    await testApp.db.update(evaluations).set({ ratedAt: '2001-06-15T10:00:00Z' }).where(eq(evaluations.id, old));
  });

  const filters = () => `companies=${companyId}&start_date=2002-01-01`;

  it('sums the scores of the company by evaluation and by axis', async () => {
    const response = await send('GET', `/api/evaluation/summary?${filters()}`);
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json<EvaluationSummary>();
    // evaluation scores 5, (4+2)/2 = 3, (3+4+5)/3 = 4
    expect(summary).toMatchObject({ score: '4.00', count: 3, agencyCount: 1 });
    expect(Object.fromEntries(summary.axes.map((axis) => [axis.criterion, [axis.average, axis.count]]))).toEqual({
      relational: ['2.00', 1],
      rse: ['4.00', 1],
      quality: ['3.00', 1],
      reactivity: ['4.00', 1],
      technic: ['5.00', 1],
      safety: ['5.00', 1],
    });
    expect(summary.details.procurement).toMatchObject({ score: '3.00', count: 1, rse: { score: '4.00', count: 1 } });
  });

  it('counts the old evaluation without a start date, and filters on each evaluation’s score', async () => {
    const all = (await send('GET', `/api/evaluation/summary?companies=${companyId}`)).json<EvaluationSummary>();
    expect(all).toMatchObject({ score: '3.25', count: 4 });
    const high = (await send('GET', `/api/evaluation/summary?${filters()}&min=4.5&max=10`)).json<EvaluationSummary>();
    expect(high).toMatchObject({ score: '5.00', count: 1 });
  });

  it('lists the company, then its agency, then its projects and markets', async () => {
    const companies = await send('GET', `/api/evaluation/companies?${filters()}&page=0&size=10`);
    expect(companies.json()).toMatchObject({
      totalElements: 1,
      content: [{ companyId, score: '4.00', count: 3, agencyCount: 1 }],
    });
    const agenciesOf = await send('GET', `/api/evaluation/company/${companyId}?${filters()}`);
    expect(agenciesOf.json()).toMatchObject([{ agencyId, score: '4.00', count: 3 }]);
    const projects = await send('GET', `/api/evaluation/agency/${agencyId}/projects?${filters()}`);
    expect(projects.json()).toMatchObject([
      { projectId: null, score: '4.00', count: 2, markets: [] },
      { projectId, score: '4.00', count: 1, markets: [{ marketId, score: '4.00', count: 1 }] },
    ]);
    const byMarket = (await send('GET', `/api/evaluation/summary?markets=${marketId}`)).json<EvaluationSummary>();
    expect(byMarket).toMatchObject({ count: 1, score: '4.00' });
  });

  it('refuses an unknown sort column and a malformed date with 400', async () => {
    expect((await send('GET', '/api/evaluation/companies?sort=password,asc')).statusCode).toBe(400);
    expect((await send('GET', '/api/evaluation/summary?start_date=2024-13-45')).statusCode).toBe(400);
  });

  it('exports the filtered evaluations as CSV through a form post with the token', async () => {
    const response = await inject(testApp.app, {
      method: 'POST',
      url: '/api/evaluation/export',
      payload: `token=${encodeURIComponent(admin)}&companies=${companyId}&start_date=2002-01-01&end_date=2100-01-01`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'ID;Type;Date;Entreprise;Agence;Projet;Marché;Note moyenne;Sécurité;RSE;Relationnel;Qualité;Réactivité;Technique;Commentaire;Évaluateur',
    );
    expect(lines).toHaveLength(4);
    // the average in the French build's number format (decimal comma)
    expect(lines.some((line) => /;Achats;.*;3,00;;4;2;;;;Relances;/.test(line))).toBe(true);
  });
});

describe('scope', () => {
  it('shows a subcontractor only its own agencies', async () => {
    const mine = await newCompanyWithAgency(testApp.db);
    const other = await newCompanyWithAgency(testApp.db);
    await createEvaluation(testApp.app, admin, 'safety', mine.agencyId, { safety: 4 });
    await createEvaluation(testApp.app, admin, 'safety', other.agencyId, { safety: 2, comment: 'Non' });
    const subcontractor = await actingAs(testApp, { visibility: 4, read: ['evaluation_safety'] });
    await testApp.db.insert(userAgencies).values({ userId: subcontractor.userId, agencyId: mine.agencyId });
    const summary = await send(
      'GET',
      `/api/evaluation/summary?companies=${mine.companyId},${other.companyId}`,
      undefined,
      subcontractor.token,
    );
    expect(summary.json()).toMatchObject({ count: 1, score: '4.00', agencyCount: 1 });
    expect((await send('GET', `/api/evaluation/agency/${other.agencyId}`, undefined, subcontractor.token)).statusCode).toBe(404);
  });
});

describe('attachments', () => {
  async function upload(evaluationId: number, typeCode: string, size: number) {
    const [type] = await testApp.db.select({ id: documentTypes.id }).from(documentTypes).where(eq(documentTypes.code, typeCode));
    const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size, 0x20)]);
    const form = multipart([
      { name: 'type', value: String(type?.id) },
      { name: 'entity', value: 'evaluation' },
      { name: 'id', value: String(evaluationId) },
      { name: 'file', fileName: 'constat.pdf', content, contentType: 'application/pdf' },
    ]);
    return inject(testApp.app, {
      method: 'POST',
      url: '/api/document',
      token: admin,
      payload: form.payload,
      headers: form.headers,
    });
  }

  it('accepts evaluation documents up to 2 MB and deletes them with their evaluation', async () => {
    const { agencyId } = await newCompanyWithAgency(testApp.db);
    const id = await createEvaluation(testApp.app, admin, 'safety', agencyId, { safety: 2, comment: 'Échafaudage' });
    const tooLarge = await upload(id, 'EVALUATION', 2 * 1024 * 1024);
    expect(tooLarge.statusCode, tooLarge.body).toBe(400);
    expect(tooLarge.json().detail).toBe(EVALUATION_FILE_TOO_LARGE_MESSAGE);
    const wrongType = await upload(id, 'KBIS', 100);
    expect(wrongType.statusCode, wrongType.body).toBe(400);
    const accepted = await upload(id, 'EVALUATION', 1000);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const listed = (await send('GET', `/api/evaluation/agency/${agencyId}`)).json<EvaluationRecord[]>();
    expect(listed[0]?.documents).toEqual([{ id: accepted.json().id, filename: 'constat.pdf' }]);
    expect((await send('DELETE', `/api/evaluation/${id}`)).statusCode).toBe(200);
    const owned = and(eq(documents.entity, 'evaluation'), eq(documents.entityId, id));
    expect(await countRows(testApp.db, documents, owned)).toBe(0);
  });
});
