import { eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { bpus } from '../src/db/schema/index.js';
import { attachmentList } from '../src/modules/attachments/index.js';
import { buildListStatements, type PageQuery, parseListQuery, runList } from '../src/platform/list-engine.js';
import { attachmentSuite } from './attachment-suite.js';
import { actingAs } from './helper.js';
import { demoMarkets } from './orders-fixtures.js';
import { csvRows } from './price-schedules-fixtures.js';

const suite = attachmentSuite({ sst: true });
const { send, price, lineTotal } = suite;

describe('list, rights and scope', () => {
  it('lists every column of the screen, filtered by All / My scope / My tasks, with totals and CSV', async () => {
    const order = await suite.fx.validatedOrder(suite.market, ['10']);
    const id = await suite.fx.attachment(order);
    await suite.fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '1' }]);
    for (const filter of ['all', 'canDo', 'haveToDo']) {
      const response = await send('GET', `/api/attachements?filter=${filter}&sort=amount,desc&summary=true&size=200`);
      expect(response.statusCode, response.body).toBe(200);
      expect(
        response.json().content.some((row: { id: number }) => row.id === id),
        filter,
      ).toBe(true);
    }
    const page = await suite.fx.json(
      await send('GET', `/api/attachements?filters=${encodeURIComponent(JSON.stringify({ id: String(id) }))}`),
    );
    expect(page.totalElements).toBe(1);
    expect(Object.keys(page.content[0]).sort()).toEqual(
      [
        'id',
        'reference',
        'orderId',
        'orderReference',
        'orderName',
        'marketId',
        'marketEdifice',
        'agencyId',
        'agencyName',
        'projectId',
        'projectName',
        'contractNumber',
        'clientMarket',
        'clientBdc',
        'oscarSubProjectName',
        'arcgisName',
        'nroName',
        'offerIdPm',
        'imputationEotp',
        'oracleProjectName',
        'oracleTaskName',
        'oracleStatus',
        'followerId',
        'followerName',
        'amount',
        'totalRg',
        'depositUsed',
        'rgReleaseDate',
        'isDGD',
        'nodeId',
        'nodeName',
        'monthlyStatementId',
        'nodeCode',
        'creatorName',
        'createdAt',
      ].sort(),
    );
    expect(page.content[0]).toMatchObject({ orderId: order, amount: lineTotal(0, '1').toFixed(2), nodeCode: 'att_draft' });
    expect((await send('GET', '/api/attachements?filter=mine')).statusCode).toBe(400);
    const csv = await send('POST', '/api/attachements/csv', { filter: 'all', ids: String(id) });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csvRows(csv.body)).toHaveLength(2);
    expect(csv.body).toContain(page.content[0].reference);
  });

  it('picks a page’s ids over the attachments, the orders and the joins its filters and sort read', async () => {
    const first = await suite.fx.validatedOrder(suite.market, ['10']);
    for (const quantity of ['1', '2', '3']) {
      const id = await suite.fx.attachment(first);
      await suite.fx.saveLines(id, [{ prestation: price(0).prestation, quantity }]);
    }
    await suite.fx.validate(await suite.fx.attachment(await suite.fx.validatedOrder(suite.market, ['10'])));
    const dialect = new PgDialect();
    const byAgency = parseListQuery({ sort: 'reference,asc', filters: JSON.stringify({ agencyName: 'a' }) });
    const statements = buildListStatements(attachmentList, byAgency, null);
    const inner = dialect.sqlToQuery(statements.page).sql.split(' = ANY(ARRAY(SELECT ')[1] ?? '';
    expect(inner).toMatch(
      /^att\.id FROM attachments att LEFT JOIN orders o ON o\.id = att\.order_id JOIN agencies a ON a\.id = o\.agency_id WHERE /,
    );
    expect(inner).not.toMatch(/markets|workflow_tokens|users|projects/);
    expect(dialect.sqlToQuery(statements.count).sql).toMatch(
      /FROM attachments att LEFT JOIN orders o ON o\.id = att\.order_id JOIN agencies a/,
    );
    // the same rows, order, count and totals as the single query over every join
    const columns = Object.fromEntries(
      Object.entries(attachmentList.columns).map(([name, { join: _join, ...column }]) => [name, column]),
    );
    for (const wire of [
      { sort: 'reference,asc', filters: JSON.stringify({ agencyName: 'a' }), summary: 'true' },
      { sort: 'amount,desc', size: '2', page: '1' },
      { sort: 'nodeName,asc', filters: JSON.stringify({ creatorName: 'a', marketEdifice: 'e' }), size: '3' },
      { sort: 'followerName,desc', filters: JSON.stringify({ nodeCode: 'att_draft' }), summary: 'true' },
    ]) {
      const query = parseListQuery(wire) as PageQuery;
      const idsFirst = await runList(suite.db, attachmentList, query, null);
      expect(idsFirst.totalElements, JSON.stringify(wire)).toBeGreaterThan(0);
      expect(idsFirst, JSON.stringify(wire)).toEqual(await runList(suite.db, { ...attachmentList, columns }, query, null));
    }
  });

  it('shows a subcontractor only the attachments of its agencies, by list and by id', async () => {
    const [own, other] = await demoMarkets(suite.db);
    const ownMarket = { marketId: own?.id ?? 0, bpuId: 0 };
    const otherMarket = { marketId: other?.id ?? 0, bpuId: 0 };
    const ownOrder = await suite.fx.validatedOrder(ownMarket, []);
    const otherOrder = await suite.fx.validatedOrder(otherMarket, []);
    // the subcontractor attaches its own order (it holds the create right in the demo)
    const ownAttachment = await suite.fx.attachment(ownOrder, {}, suite.sst);
    const otherAttachment = await suite.fx.attachment(otherOrder);
    const list = await suite.fx.json(await send('GET', '/api/attachements?size=200', undefined, suite.sst));
    const rows: { id: number; agencyId: number }[] = list.content;
    expect(rows.some((row) => row.id === ownAttachment)).toBe(true);
    expect(rows.every((row) => row.agencyId === own?.agencyId)).toBe(true);
    for (const url of [
      `/api/attachement/${otherAttachment}`,
      `/api/attachement/${otherAttachment}/prestations`,
      `/api/wftoken/attachement/${otherAttachment}`,
      `/api/order/${otherOrder}/attachements`,
    ]) {
      expect((await send('GET', url, undefined, suite.sst)).statusCode, url).toBe(404);
    }
    expect((await send('POST', `/api/attachement/${otherAttachment}/export`, {}, suite.sst)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/attachement/${otherAttachment}/delete`, undefined, suite.sst)).statusCode).toBe(404);
    const [otherBpu] = await suite.db
      .select({ id: bpus.id })
      .from(bpus)
      .where(eq(bpus.marketId, other?.id ?? 0));
    const [ownBpu] = await suite.db
      .select({ id: bpus.id })
      .from(bpus)
      .where(eq(bpus.marketId, own?.id ?? 0));
    expect((await send('GET', `/api/bpu/${otherBpu?.id}/attachement/prestations`, undefined, suite.sst)).statusCode).toBe(404);
    expect((await send('GET', `/api/bpu/${ownBpu?.id}/attachement/prestations`, undefined, suite.sst)).statusCode).toBe(200);
    const csv = await send('POST', '/api/attachements/csv', {}, suite.sst);
    expect(csv.body).not.toContain((await suite.fx.detail(otherAttachment)).reference);
    expect((await suite.fx.detail(ownAttachment, suite.sst)).id).toBe(ownAttachment);
    expect(
      (await suite.fx.json(await send('GET', `/api/order/${ownOrder}/attachements`, undefined, suite.sst))).length,
    ).toBeGreaterThan(0);
  });

  it('needs the attachment rights', async () => {
    const order = await suite.fx.validatedOrder(suite.market);
    const id = await suite.fx.attachment(order);
    const reader = await actingAs(suite.testApp, { read: ['attachement', 'order'], visibility: 1 });
    expect((await send('GET', `/api/attachement/${id}`, undefined, reader.token)).statusCode).toBe(200);
    expect((await send('POST', '/api/attachement', { order }, reader.token)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/attachement/${id}/delete`, undefined, reader.token)).statusCode).toBe(403);
    const nobody = await actingAs(suite.testApp, {});
    expect((await send('GET', `/api/attachement/${id}`, undefined, nobody.token)).statusCode).toBe(403);
    expect((await send('GET', '/api/attachements', undefined, nobody.token)).statusCode).toBe(403);
  });
});
