import type { DelegationRecord, TokenHistoryEntry } from '@isf/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { delegations } from '../src/db/schema/index.js';
import { SELF_DELEGATION_MESSAGE } from '../src/modules/workflow/index.js';
import { actingAs, countRows, createTestApp, inject, login, userIdOf } from './helper.js';
import { delegate, expectStatus, grant, move, newTestToken, TEST_ITEM, testWorkflow } from './workflow-fixtures.js';

const testApp = await createTestApp();
const { app, db } = testApp;
const workflow = await testWorkflow(app, db);

afterAll(async () => {
  await testApp.close();
});

describe('a delegated user', () => {
  const approve = () => workflow.transition('test_approve');

  it('acts with the delegator’s rights during the delegation, and the history names the delegator', async () => {
    const delegator = await actingAs(testApp);
    await grant(db, delegator.roleId, { transitions: [approve()] });
    const delegateUser = await actingAs(testApp);
    const { tokenId, projectId } = await newTestToken(db, { nodeId: workflow.node('test_review') });
    expectStatus(await move(app, delegateUser.token, tokenId, approve()), 403);

    await delegate(db, delegator.userId, delegateUser.userId, 0, 0);
    const available = await inject(app, {
      method: 'GET',
      url: `/api/node/${workflow.node('test_review')}/transitions/${projectId}`,
      token: delegateUser.token,
    });
    expectStatus(available, 200);
    expect(available.json()).toEqual([
      expect.objectContaining({
        id: approve(),
        transitionCode: 'test_approve',
        onBehalfOf: { id: delegator.userId, name: expect.any(String) },
      }),
    ]);

    const moved = await move(app, delegateUser.token, tokenId, approve());
    expectStatus(moved, 200);
    expect(moved.json().onBehalfOfId).toBe(delegator.userId);
    const history = await inject(app, {
      method: 'GET',
      url: `/api/wftoken/history/${TEST_ITEM}/${projectId}`,
      token: delegateUser.token,
    });
    expectStatus(history, 200);
    const last = history.json<TokenHistoryEntry[]>().at(-1);
    expect(last).toMatchObject({
      transition: { transitionCode: 'test_approve' },
      creator: { id: delegateUser.userId },
      delegatedUser: { id: delegator.userId },
    });
  });

  it('acts with their own right first: the history then names nobody on whose behalf', async () => {
    const delegator = await actingAs(testApp);
    const delegateUser = await actingAs(testApp);
    await grant(db, delegator.roleId, { transitions: [approve()] });
    await grant(db, delegateUser.roleId, { transitions: [approve()] });
    await delegate(db, delegator.userId, delegateUser.userId, -2, 2);
    const { tokenId } = await newTestToken(db, { nodeId: workflow.node('test_review') });
    const moved = await move(app, delegateUser.token, tokenId, approve());
    expectStatus(moved, 200);
    expect(moved.json().onBehalfOfId).toBeNull();
  });

  it('is refused (403) after the delegation ended and before it starts', async () => {
    const delegator = await actingAs(testApp);
    await grant(db, delegator.roleId, { transitions: [approve()] });
    const late = await actingAs(testApp);
    const early = await actingAs(testApp);
    await delegate(db, delegator.userId, late.userId, -10, -1);
    await delegate(db, delegator.userId, early.userId, 1, 10);
    const { tokenId } = await newTestToken(db, { nodeId: workflow.node('test_review') });
    expectStatus(await move(app, late.token, tokenId, approve()), 403);
    expectStatus(await move(app, early.token, tokenId, approve()), 403);
  });

  it('acts only within the delegator’s scope', async () => {
    const delegator = await actingAs(testApp, { visibility: 2 });
    await grant(db, delegator.roleId, { transitions: [approve()] });
    const delegateUser = await actingAs(testApp);
    await delegate(db, delegator.userId, delegateUser.userId, 0, 1);
    const { tokenId } = await newTestToken(db, { nodeId: workflow.node('test_review') });
    expectStatus(await move(app, delegateUser.token, tokenId, approve()), 403);
  });
});

const cdpToken = await login(app, 'cdp', 'cdp');
const cdpId = await userIdOf(db, 'cdp');
const readerId = await userIdOf(db, 'lecteur');
const adminToken = await login(app, 'admin', 'admin');

describe('the delegation API', () => {
  const create = (token: string, payload: object) =>
    inject(app, { method: 'POST', url: '/api/delegation/create', token, payload });

  it('creates a delegation from the caller, resetting an end before the start to the start', async () => {
    const response = await create(cdpToken, { delegateTo: readerId, startDate: '2031-05-10', endDate: '2031-05-01' });
    expectStatus(response, 200);
    const id = response.json<{ id: number }>().id;
    const [stored] = await db.select().from(delegations).where(eq(delegations.id, id));
    expect(stored).toMatchObject({
      delegateFromId: cdpId,
      delegateToId: readerId,
      startDate: '2031-05-10',
      endDate: '2031-05-10',
      createdById: cdpId,
    });

    const mine = await inject(app, { method: 'GET', url: '/api/delegation/my-delegations', token: cdpToken });
    expectStatus(mine, 200);
    expect(mine.json<{ given: DelegationRecord[] }>().given).toContainEqual(
      expect.objectContaining({ id, delegateTo: expect.objectContaining({ uid: 'lecteur' }), active: false }),
    );
    const reader = await login(app, 'lecteur', 'lecteur');
    const received = await inject(app, { method: 'GET', url: '/api/delegation/my-delegations', token: reader });
    expect(received.json<{ received: DelegationRecord[] }>().received.map((delegation) => delegation.id)).toContain(id);
  });

  it('refuses missing fields, unknown users and a delegation to oneself (400), writing nothing', async () => {
    const before = await countRows(db, delegations);
    expectStatus(await create(cdpToken, { startDate: '2031-01-01', endDate: '2031-01-02' }), 400);
    expectStatus(await create(cdpToken, { delegateTo: readerId, startDate: 'demain', endDate: '2031-01-02' }), 400);
    expectStatus(await create(cdpToken, { delegateTo: 999_999, startDate: '2031-01-01', endDate: '2031-01-02' }), 400);
    const self = await create(cdpToken, { delegateTo: cdpId, startDate: '2031-01-01', endDate: '2031-01-02' });
    expectStatus(self, 400);
    expect(self.json().detail).toBe(SELF_DELEGATION_MESSAGE);
    // to one's own secondary profile is to oneself too
    const secondary = await userIdOf(db, 'cdp.acheteur');
    expectStatus(await create(cdpToken, { delegateTo: secondary, startDate: '2031-01-01', endDate: '2031-01-02' }), 400);
    expect(await countRows(db, delegations)).toBe(before);
  });

  it('needs users.can_admin_delegate to delegate for someone else', async () => {
    const payload = { delegateFrom: readerId, delegateTo: cdpId, startDate: '2031-02-01', endDate: '2031-02-03' };
    expectStatus(await create(cdpToken, payload), 403);
    const created = await create(adminToken, payload);
    expectStatus(created, 200);
    const [stored] = await db.select().from(delegations).where(eq(delegations.id, created.json<{ id: number }>().id));
    expect(stored).toMatchObject({ delegateFromId: readerId, delegateToId: cdpId });
    const given = await inject(app, { method: 'GET', url: `/api/delegation/all/${readerId}`, token: adminToken });
    expect(given.json<DelegationRecord[]>().map((delegation) => delegation.id)).toContain(stored?.id);
    const received = await inject(app, { method: 'GET', url: `/api/delegation/user-delegations/${cdpId}`, token: adminToken });
    expect(received.json<DelegationRecord[]>().map((delegation) => delegation.id)).toContain(stored?.id);
    expectStatus(await inject(app, { method: 'GET', url: '/api/delegation/all', token: cdpToken }), 403);
  });

  it('lets the delegator delete their delegation, not someone else', async () => {
    const created = await create(cdpToken, { delegateTo: readerId, startDate: '2031-03-01', endDate: '2031-03-02' });
    const id = created.json<{ id: number }>().id;
    const other = await actingAs(testApp, { options: ['users.can_delegate'] });
    expectStatus(await inject(app, { method: 'DELETE', url: `/api/delegation/${id}`, token: other.token }), 403);
    expectStatus(await inject(app, { method: 'DELETE', url: `/api/delegation/${id}`, token: cdpToken }), 200);
    expectStatus(await inject(app, { method: 'DELETE', url: `/api/delegation/${id}`, token: cdpToken }), 404);
  });

  it('lists the people one may delegate to: active main profiles but oneself, narrowed by a search', async () => {
    const response = await inject(app, {
      method: 'GET',
      url: '/api/delegation/users',
      token: cdpToken,
      query: { search: 'lect' },
    });
    expectStatus(response, 200);
    expect(response.json<{ uid: string }[]>().map((user) => user.uid)).toEqual(['lecteur']);
    const everyone = await inject(app, { method: 'GET', url: '/api/delegation/users', token: cdpToken });
    const uids = everyone.json<{ uid: string }[]>().map((user) => user.uid);
    expect(uids).toContain('admin');
    expect(uids).not.toContain('cdp');
    expect(uids).not.toContain('cdp.acheteur');
    const withPattern = await inject(app, {
      method: 'GET',
      url: '/api/delegation/users',
      token: cdpToken,
      query: { search: '%' },
    });
    expect(withPattern.json()).toEqual([]);
  });

  it('finds a person whatever the accents and the case typed', async () => {
    for (const search of ['valerie', 'VALÉRIE', 'Valérie Valid']) {
      const response = await inject(app, { method: 'GET', url: '/api/delegation/users', token: cdpToken, query: { search } });
      expectStatus(response, 200);
      expect(response.json<{ uid: string; name: string }[]>()).toEqual([
        expect.objectContaining({ uid: 'valideur', name: 'Valérie Valideuse' }),
      ]);
    }
  });
});
