import {
  fillStatementMessage,
  MONTHLY_STATEMENT_ENTITY,
  ROLE_OPTIONS,
  STATEMENT_ALREADY_PAID_MESSAGE,
  STATEMENT_ATTACHMENT_NOT_VALIDATED_MESSAGE,
  STATEMENT_ATTACHMENT_OTHER_MARKET_MESSAGE,
  STATEMENT_ATTACHMENT_TAKEN_MESSAGE,
  STATEMENT_ATTACHMENTS_REQUIRED_MESSAGE,
  STATEMENT_DELETE_PAID_MESSAGE,
  STATEMENT_LOCKED_MESSAGE,
  STATEMENT_MARKET_REQUIRED_MESSAGE,
  STATEMENT_PAYMENT_DATE_MESSAGE,
  STATEMENT_RELEASE_NO_RG_MESSAGE,
  STATEMENT_RELEASE_NOT_HERE_MESSAGE,
  STATEMENT_RELEASE_NOT_VALIDATED_MESSAGE,
  STATEMENT_RELEASE_TAKEN_MESSAGE,
  type StatementAttachmentRow,
  type StatementDetailRecord,
  type StatementListRow,
  type StatementRelease,
  type StatementReleaseCandidateRow,
} from '@isf/contract';
import Decimal from 'decimal.js';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attachments, auditLog, monthlyStatementRgReleases, monthlyStatements } from '../src/db/schema/index.js';
import { statementFigures } from '../src/modules/monthly-statements/index.js';
import { ALL_RIGHTS } from '../src/seed/access-seed.js';
import { adminSuite } from './admin-suite.js';
import { subcontractorOfFirstMarket } from './deposits-fixtures.js';
import { actingAs, countRows } from './helper.js';
import { demoMarkets } from './orders-fixtures.js';

const suite = adminSuite();
const { send, ok, marketWithAttachments } = suite;

async function createStatement(market: number, token = suite.admin): Promise<number> {
  return (await ok<{ id: number }>(send('POST', '/api/situation/create', { market, sap: 'SAP-1' }, token))).id;
}

const detail = (id: number, token = suite.admin) =>
  ok<StatementDetailRecord>(send('GET', `/api/situation/${id}`, undefined, token));

const moneyOf = async (ids: number[]) =>
  suite.db
    .select({ amount: attachments.amount, rg: attachments.rg, depositUsed: attachments.depositUsed, locked: attachments.locked })
    .from(attachments)
    .where(inArray(attachments.id, ids));

const total = (values: string[]) => values.reduce((sum, value) => sum.plus(value), new Decimal(0)).toFixed(2);

describe('statement figures (one function)', () => {
  it('derives the totals, net, released RG and VAT with decimals', () => {
    const figures = statementFigures({
      attachments: [
        { amount: '100.10', rg: '5.01', depositUsed: '10.00' },
        { amount: '0.20', rg: '0.01', depositUsed: '0' },
      ],
      released: ['3.33'],
      due: ['1.10', '2.20'],
      tva: 'basic',
    });
    expect(figures).toEqual({
      totalAmount: '100.30',
      rgamount: '5.02',
      depositUsed: '10.00',
      totalAmountWithoutRG: '85.28',
      rgToRelease: '3.30',
      rgreleased: '3.33',
      totalAmountWithReleasedRG: '88.61',
      tvaRate: '20',
      tvaamount: '17.72',
      totalAmountTTC: '106.33',
      negative: false,
    });
    const reverse = statementFigures({
      attachments: [{ amount: '10', rg: '0', depositUsed: '20' }],
      released: [],
      due: [],
      tva: 'reverseCharge',
    });
    expect(reverse).toMatchObject({ totalAmountWithoutRG: '-10.00', tvaRate: null, tvaamount: '0.00', negative: true });
  });
});

describe('creation and editing (spec 2 §5 Monthly statement)', () => {
  it('requires the market, in French', async () => {
    const response = await send('POST', '/api/situation/create', { sap: 'X' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      detail: STATEMENT_MARKET_REQUIRED_MESSAGE,
      fields: { market: STATEMENT_MARKET_REQUIRED_MESSAGE },
    });
  });

  it('creates an unpaid statement dated today, with empty figures, and checks the theoretical payment date', async () => {
    const { market } = await marketWithAttachments(0);
    const id = await createStatement(market.marketId);
    const record = await detail(id);
    expect(record).toMatchObject({
      status: 'unpaid',
      paidAt: null,
      locked: false,
      sapReference: 'SAP-1',
      depositAmount: null,
      depositReleaseDate: null,
      totalAmount: '0.00',
      totalAmountTTC: '0.00',
      attachementCount: 0,
      market: { id: market.marketId, tva: 'basic', reverseCharge: false },
    });
    expect(record.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const base = {
      version: record.version,
      date: '2026-03-31',
      sapReference: 'SAP-2',
      depositAmount: '12,5',
      depositReleaseDate: null,
    };
    const early = await send('PUT', `/api/situation/${id}`, { ...base, theoreticalPaymentDate: '2026-03-31' });
    expect(early.statusCode).toBe(400);
    expect(early.json().fields).toEqual({ theoreticalPaymentDate: STATEMENT_PAYMENT_DATE_MESSAGE });
    const saved = await ok<{ record: StatementDetailRecord }>(
      send('PUT', `/api/situation/${id}`, { ...base, theoreticalPaymentDate: '2026-04-30' }),
    );
    expect(saved.record).toMatchObject({ date: '2026-03-31', theoreticalPaymentDate: '2026-04-30', depositAmount: '12.50' });
    const stale = await send('PUT', `/api/situation/${id}`, { ...base, theoreticalPaymentDate: null });
    expect(stale.statusCode).toBe(409);
  });
});

describe('attachments of a statement', () => {
  it('adds validated attachments of its market only, once, and sums their money', async () => {
    const { market, validated, draft } = await marketWithAttachments(2);
    const id = await createStatement(market.marketId);
    expect((await send('POST', `/api/situation/${id}/attachement`, [])).json().fields).toBeDefined();
    expect((await send('POST', `/api/situation/${id}/attachement`, [])).statusCode).toBe(400);
    expect((await send('POST', `/api/situation/${id}/attachement`, [])).json().detail).toContain(
      STATEMENT_ATTACHMENTS_REQUIRED_MESSAGE,
    );
    expect((await send('POST', `/api/situation/${id}/attachement`, [2_000_000_000])).statusCode).toBe(400);
    const [draftRow] = await suite.db
      .select({ reference: attachments.reference })
      .from(attachments)
      .where(eq(attachments.id, draft));
    const refused = await send('POST', `/api/situation/${id}/attachement`, [validated[0], draft]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toBe(
      fillStatementMessage(STATEMENT_ATTACHMENT_NOT_VALIDATED_MESSAGE, { reference: draftRow?.reference ?? '' }),
    );
    expect((await detail(id)).attachementCount).toBe(0);

    const added = await ok<{ record: StatementDetailRecord }>(
      send('POST', `/api/situation/${id}/attachement`, { attachements: validated }),
    );
    const money = await moneyOf(validated);
    const amount = total(money.map((row) => row.amount));
    const rg = total(money.map((row) => row.rg));
    const used = total(money.map((row) => row.depositUsed));
    expect(new Decimal(rg).greaterThan(0)).toBe(true);
    expect(added.record).toMatchObject({
      attachementCount: 2,
      totalAmount: amount,
      rgamount: rg,
      depositUsed: used,
      totalAmountWithoutRG: new Decimal(amount).minus(rg).minus(used).toFixed(2),
    });
    const invoiced = await suite.fx.detail(validated[0] ?? 0);
    expect(invoiced.monthlyStatement).toEqual({ id, date: added.record.date });
    const ofOrder = await ok<{ id: number; monthlyStatement: unknown }[]>(
      send('GET', `/api/order/${invoiced.order}/attachements`),
    );
    expect(ofOrder.find((row) => row.id === draft)?.monthlyStatement).toBeNull();
    expect(ofOrder.find((row) => row.id === validated[1])?.monthlyStatement).toEqual({ id, date: added.record.date });
    const rows = await ok<StatementAttachmentRow[]>(send('GET', `/api/situation/${id}/attachements`));
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual([...validated].sort((a, b) => a - b));
    expect(rows[0]).toMatchObject({ nodeCode: 'att_validated', amount: expect.any(String) });

    const other = await createStatement(market.marketId);
    const taken = await send('POST', `/api/situation/${other}/attachement`, [validated[0]]);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().detail).toContain(STATEMENT_ATTACHMENT_TAKEN_MESSAGE.split('{reference}')[1]);

    const elsewhere = await marketWithAttachments(1);
    const foreign = await send('POST', `/api/situation/${id}/attachement`, elsewhere.validated);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().detail).toContain(STATEMENT_ATTACHMENT_OTHER_MARKET_MESSAGE.split('{reference}')[1]);

    const removed = await ok<{ record: StatementDetailRecord }>(
      send('DELETE', `/api/situation/${id}/attachement/${validated[0]}`),
    );
    expect(removed.record.attachementCount).toBe(1);
    expect((await send('DELETE', `/api/situation/${id}/attachement/${validated[0]}`)).statusCode).toBe(422);
    await ok(send('POST', `/api/situation/${other}/attachement`, [validated[0]]));
  });
});

describe('paid, locked and the retention releases (spec 2 §4)', () => {
  it('is paid once: of ten concurrent payments one succeeds, the others are refused and nothing is done twice', async () => {
    const { market, validated } = await marketWithAttachments(1);
    const id = await createStatement(market.marketId);
    await ok(send('POST', `/api/situation/${id}/attachement`, validated));
    const replies = await Promise.all(Array.from({ length: 10 }, () => send('POST', `/api/situation/${id}/paid`)));
    const statuses = replies.map((reply) => reply.statusCode);
    expect(
      statuses.filter((status) => status === 200),
      replies.map((reply) => reply.body).join('\n'),
    ).toHaveLength(1);
    // the later ones find it paid (422) or, when they read it before the winner committed, at another version (409)
    expect(statuses.filter((status) => status === 422 || status === 409)).toHaveLength(9);
    for (const reply of replies.filter((candidate) => candidate.statusCode === 422)) {
      expect(reply.json().detail).toBe(STATEMENT_ALREADY_PAID_MESSAGE);
    }
    const paidEntries = and(
      eq(auditLog.entity, MONTHLY_STATEMENT_ENTITY),
      eq(auditLog.entityId, String(id)),
      eq(auditLog.action, 'paid'),
    );
    expect(await countRows(suite.db, auditLog, paidEntries)).toBe(1);
    expect((await detail(id)).status).toBe('paid');
  });

  it('releases due RG, blocks the payment while a released attachment is not validated, then locks', async () => {
    const { market, validated, draft } = await marketWithAttachments(2);
    const [first, second] = validated as [number, number];
    // the RG of the first attachment is due: its release date has come
    await ok(send('PUT', `/api/attachement/${first}/warranties/releaseDate`, { releaseDate: '2020-01-01' }));
    const id = await createStatement(market.marketId);
    await ok(send('POST', `/api/situation/${id}/attachement`, [second]));
    const [firstMoney] = await moneyOf([first]);
    const before = await detail(id);
    expect(before.rgToRelease).toBe(firstMoney?.rg);
    expect(before.rgreleased).toBe('0.00');

    await suite.db.insert(monthlyStatementRgReleases).values([
      { statementId: id, attachmentId: first, amount: firstMoney?.rg ?? '0' },
      { statementId: id, attachmentId: draft, amount: '0' },
    ]);
    const withRelease = await detail(id);
    expect(withRelease.rgToRelease).toBe('0.00');
    expect(withRelease.rgreleased).toBe(firstMoney?.rg);
    expect(withRelease.totalAmountWithReleasedRG).toBe(
      new Decimal(withRelease.totalAmountWithoutRG).plus(firstMoney?.rg ?? 0).toFixed(2),
    );
    expect(withRelease.releasedAttachments.map((row) => [row.id, row.validated])).toEqual(
      expect.arrayContaining([
        [first, true],
        [draft, false],
      ]),
    );
    const blocked = await send('POST', `/api/situation/${id}/paid`);
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().detail).toContain("n'est pas validé");
    await suite.db.delete(monthlyStatementRgReleases).where(eq(monthlyStatementRgReleases.attachmentId, draft));

    const paid = await ok<{ record: StatementDetailRecord }>(send('POST', `/api/situation/${id}/paid`));
    expect(paid.record).toMatchObject({ status: 'paid', locked: true });
    expect(paid.record.paidAt).not.toBeNull();
    expect((await moneyOf([second]))[0]?.locked).toBe(true);
    const record = paid.record;
    const locked = [
      await send('PUT', `/api/situation/${id}`, { version: record.version, date: record.date, theoreticalPaymentDate: null }),
      await send('POST', `/api/situation/${id}/attachement`, [first]),
      await send('DELETE', `/api/situation/${id}/attachement/${second}`),
      await send('POST', `/api/situation/${id}/paid`),
    ];
    expect(
      locked.map((response) => response.statusCode),
      locked[0]?.body,
    ).toEqual([422, 422, 422, 422]);
    expect(locked[0]?.json().detail).toBe(STATEMENT_LOCKED_MESSAGE);
    const deletion = await send('DELETE', `/api/situation/${id}/delete`);
    expect(deletion.statusCode).toBe(422);
    expect(deletion.json().detail).toBe(STATEMENT_DELETE_PAID_MESSAGE);

    // cancelling the payment needs the option
    const withoutOption = await actingAs(suite.testApp, {
      ...ALL_RIGHTS,
      options: ROLE_OPTIONS.filter((option) => option !== 'monthly_statements.can_dangerously_revert_paid'),
      visibility: 1,
    });
    expect((await send('POST', `/api/situation/${id}/dangerously_unpay`, undefined, withoutOption.token)).statusCode).toBe(403);

    // blocked when the RG of one of its attachments was released in another paid statement
    const later = await createStatement(market.marketId);
    await suite.db.insert(monthlyStatementRgReleases).values({ statementId: later, attachmentId: second, amount: '0' });
    await suite.db
      .update(monthlyStatements)
      .set({ paidAt: '2027-01-01T00:00:00Z', locked: true })
      .where(eq(monthlyStatements.id, later));
    const refused = await send('POST', `/api/situation/${id}/dangerously_unpay`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toContain("Impossible d'annuler le paiement");
    await suite.db.delete(monthlyStatementRgReleases).where(eq(monthlyStatementRgReleases.statementId, later));

    const unpaid = await ok<{ record: StatementDetailRecord }>(send('POST', `/api/situation/${id}/dangerously_unpay`));
    expect(unpaid.record).toMatchObject({ status: 'unpaid', locked: false, paidAt: null });
    expect((await moneyOf([second]))[0]?.locked).toBe(false);
    expect((await send('POST', `/api/situation/${id}/dangerously_unpay`)).statusCode).toBe(422);
    await ok(send('DELETE', `/api/situation/${id}/delete`));
    expect((await send('GET', `/api/situation/${id}`)).statusCode).toBe(404);
    // its attachment is free again
    await ok(send('POST', `/api/situation/${await createStatement(market.marketId)}/attachement`, [second]));
  });
});

describe('recording and removing RG releases (POST /situation/{id}/rg, DELETE …/attachement/{id}/rg)', () => {
  const referenceOf = async (id: number) =>
    (await suite.db.select({ reference: attachments.reference }).from(attachments).where(eq(attachments.id, id)))[0]?.reference ??
    '';
  const releaseCount = async () => (await suite.db.select().from(monthlyStatementRgReleases)).length;
  const candidates = async (id: number) =>
    (
      await ok<{ content: StatementReleaseCandidateRow[] }>(send('GET', `/api/situation/${id}/rgreleases/candidates?size=200`))
    ).content.map((row) => row.id);

  it('releases validated attachments of its market with an RG, once, all or nothing, and refreshes the figures', async () => {
    const { market, order, validated, draft } = await marketWithAttachments(3);
    const [first, second, third] = validated as [number, number, number];
    const id = await createStatement(market.marketId);
    expect((await candidates(id)).sort((a, b) => a - b)).toEqual([...validated].sort((a, b) => a - b));
    const before = await releaseCount();

    // bad input: 400, nothing written
    const empty = await send('POST', `/api/situation/${id}/rg`, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toContain(STATEMENT_ATTACHMENTS_REQUIRED_MESSAGE);
    const unknown = await send('POST', `/api/situation/${id}/rg`, [first, 2_000_000_000]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe('Attachement inconnu : 2000000000.');
    // a draft, an attachment without RG, another market's: 422 naming it, nothing written
    const notValidated = await send('POST', `/api/situation/${id}/rg`, [first, draft]);
    expect(notValidated.statusCode).toBe(422);
    expect(notValidated.json().detail).toBe(
      fillStatementMessage(STATEMENT_RELEASE_NOT_VALIDATED_MESSAGE, { reference: await referenceOf(draft) }),
    );
    const noRg = await suite.fx.attachment(order);
    await suite.fx.validate(noRg);
    const zero = await send('POST', `/api/situation/${id}/rg`, [first, noRg]);
    expect(zero.statusCode).toBe(422);
    expect(zero.json().detail).toBe(
      fillStatementMessage(STATEMENT_RELEASE_NO_RG_MESSAGE, { reference: await referenceOf(noRg) }),
    );
    const elsewhere = await marketWithAttachments(1);
    const foreign = await send('POST', `/api/situation/${id}/rg`, [first, ...elsewhere.validated]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().detail).toContain(STATEMENT_ATTACHMENT_OTHER_MARKET_MESSAGE.split('{reference}')[1]);
    expect(await releaseCount()).toBe(before);

    // the release of the first two: the RG as it stands, the figures follow
    const released = await ok<{ record: StatementDetailRecord }>(
      send('POST', `/api/situation/${id}/rg`, { attachements: [first, second] }),
    );
    const money = await moneyOf([first, second]);
    const rg = total(money.map((row) => row.rg));
    expect(released.record.rgreleased).toBe(rg);
    expect(released.record.totalAmountWithReleasedRG).toBe(new Decimal(released.record.totalAmountWithoutRG).plus(rg).toFixed(2));
    expect(released.record.version).toBe(2);
    const rows = await ok<StatementRelease[]>(send('GET', `/api/situation/${id}/rgreleases`));
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual([first, second].sort((a, b) => a - b));
    const orderReference = (await suite.fx.detail(first)).orderReference;
    expect(rows[0]).toMatchObject({ orderId: order, orderReference, validated: true, paid: false });
    expect(total(rows.map((row) => row.rgReleased))).toBe(rg);
    expect(released.record.releasedAttachments).toEqual(rows);
    expect(await candidates(id)).toEqual([third]);

    // the attachment and its order's attachments name the release statement
    expect((await suite.fx.detail(first)).releaseStatements).toEqual([{ id, date: released.record.date }]);
    const ofOrder = await ok<{ id: number; releaseStatements: unknown }[]>(send('GET', `/api/order/${order}/attachements`));
    expect(ofOrder.find((row) => row.id === second)?.releaseStatements).toEqual([{ id, date: released.record.date }]);
    expect(ofOrder.find((row) => row.id === third)?.releaseStatements).toEqual([]);

    // released once: in this statement or another
    const other = await createStatement(market.marketId);
    const again = await send('POST', `/api/situation/${other}/rg`, [third, first]);
    expect(again.statusCode).toBe(422);
    expect(again.json().detail).toBe(
      fillStatementMessage(STATEMENT_RELEASE_TAKEN_MESSAGE, { reference: await referenceOf(first), statement: String(id) }),
    );
    expect((await send('POST', `/api/situation/${id}/rg`, [second])).statusCode).toBe(422);
    expect(await candidates(other)).toEqual([third]);

    // removal: needs the option, an unlocked statement, a release of this statement
    const withoutOption = await actingAs(suite.testApp, {
      ...ALL_RIGHTS,
      options: ROLE_OPTIONS.filter((option) => option !== 'monthly_statements.can_dangerously_revert_paid'),
      visibility: 1,
    });
    expect(
      (await send('DELETE', `/api/situation/${id}/attachement/${first}/rg`, undefined, withoutOption.token)).statusCode,
    ).toBe(403);
    const notHere = await send('DELETE', `/api/situation/${other}/attachement/${first}/rg`);
    expect(notHere.statusCode).toBe(422);
    expect(notHere.json().detail).toBe(STATEMENT_RELEASE_NOT_HERE_MESSAGE);
    const removed = await ok<{ record: StatementDetailRecord }>(send('DELETE', `/api/situation/${id}/attachement/${first}/rg`));
    expect(removed.record.rgreleased).toBe((await moneyOf([second]))[0]?.rg);
    expect((await suite.fx.detail(first)).releaseStatements).toEqual([]);
    await ok(send('POST', `/api/situation/${other}/rg`, [first]));
    expect((await suite.fx.detail(first)).releaseStatements).toEqual([{ id: other, date: expect.any(String) }]);

    // a paid (locked) statement refuses both
    await ok(send('POST', `/api/situation/${id}/paid`));
    const lockedAdd = await send('POST', `/api/situation/${id}/rg`, [third]);
    expect(lockedAdd.statusCode).toBe(422);
    expect(lockedAdd.json().detail).toBe(STATEMENT_LOCKED_MESSAGE);
    const lockedRemove = await send('DELETE', `/api/situation/${id}/attachement/${second}/rg`);
    expect(lockedRemove.statusCode).toBe(422);
    expect(lockedRemove.json().detail).toBe(STATEMENT_LOCKED_MESSAGE);
  });

  it('needs the update right to record a release, and hides another agency', async () => {
    const { market, validated } = await marketWithAttachments(1);
    const id = await createStatement(market.marketId);
    const reader = await actingAs(suite.testApp, {
      ...ALL_RIGHTS,
      update: ALL_RIGHTS.update.filter((entity) => entity !== 'monthly_statement'),
      visibility: 1,
    });
    expect((await send('POST', `/api/situation/${id}/rg`, validated, reader.token)).statusCode).toBe(403);
    const [, secondMarket] = await demoMarkets(suite.db);
    const theirs = await createStatement(secondMarket?.id ?? 0);
    const sst = await subcontractorOfFirstMarket(suite.testApp);
    expect((await send('GET', `/api/situation/${theirs}/rgreleases`, undefined, sst.token)).statusCode).toBe(404);
    expect((await send('GET', `/api/situation/${theirs}/rgreleases/candidates`, undefined, sst.token)).statusCode).toBe(404);
  });
});

describe('lists and scope', () => {
  it('lists newest first, per market, and hides other agencies from a subcontractor', async () => {
    const [firstMarket, secondMarket] = await demoMarkets(suite.db);
    const mine = await createStatement(firstMarket?.id ?? 0);
    const theirs = await createStatement(secondMarket?.id ?? 0);
    const page = await ok<{ content: StatementListRow[] }>(send('GET', '/api/situations'));
    expect(page.content.slice(0, 2).map((row) => row.id)).toEqual([theirs, mine]);
    expect(page.content[0]).toMatchObject({ marketId: secondMarket?.id, paid: false, totalAmount: '0.00', attachementCount: 0 });
    const ofMarket = await ok<{ content: StatementListRow[] }>(send('GET', `/api/market/${firstMarket?.id}/statements`));
    expect(ofMarket.content.every((row) => row.marketId === firstMarket?.id)).toBe(true);
    expect(ofMarket.content.map((row) => row.id)).toContain(mine);

    const sst = await subcontractorOfFirstMarket(suite.testApp);
    const seen = await ok<{ content: StatementListRow[] }>(send('GET', '/api/situations?size=200', undefined, sst.token));
    expect(seen.content.map((row) => row.id)).toContain(mine);
    expect(seen.content.map((row) => row.id)).not.toContain(theirs);
    expect((await send('GET', `/api/situation/${theirs}`, undefined, sst.token)).statusCode).toBe(404);
    expect((await send('GET', `/api/market/${secondMarket?.id}/statements`, undefined, sst.token)).statusCode).toBe(404);
    const foreign = await send('POST', '/api/situation/create', { market: secondMarket?.id }, sst.token);
    expect(foreign.statusCode).toBe(400);
  });
});
