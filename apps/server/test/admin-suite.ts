import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import type { Principal } from '../src/platform/principal.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { createTestApp, inject, login, type TestApp, userIdOf } from './helper.js';
import { marketWithBpu, pricesOf } from './orders-fixtures.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The set-up the statement, budget and list oracle tests share, built by `adminSuite()`: a demo app of the
 * file's own, the administrator's token, the attachment factories acting as the administrator, requests as
 * the administrator (or the bearer of another token), and the demo users' tokens and principals.
 */
export type AdminSuite = {
  readonly testApp: TestApp;
  readonly app: FastifyInstance;
  readonly db: Database;
  /** The administrator's bearer token. */
  readonly admin: string;
  readonly fx: ReturnType<typeof attachmentFixtures>;
  /** One request through app.inject, as the administrator unless another token is given. */
  send(method: Method, url: string, payload?: unknown, token?: string): Promise<LightMyRequestResponse>;
  /** The body of a 200 reply (fails the test on any other status, with the body). */
  ok<T>(response: Promise<LightMyRequestResponse>): Promise<T>;
  /** The token of a demo login whose password is its name. */
  loginAs(uid: string): Promise<string>;
  /** The principal of a demo login, as the routes resolve it from a token. */
  principalOf(uid: string): Promise<Principal>;
  /** On the market, one validated order with `count` validated attachments (a line each) and a draft one. */
  attachmentsOn(
    market: { marketId: number; bpuId: number },
    count: number,
  ): Promise<{
    order: number;
    validated: number[];
    draft: number;
  }>;
  /** A market with a BPU and `count` validated attachments (a line each) on one validated order, plus a draft. */
  marketWithAttachments(count?: number): Promise<{
    market: { marketId: number; bpuId: number };
    order: number;
    validated: number[];
    draft: number;
  }>;
};

/**
 * Builds the app before the calling file's tests and closes it after them. Call it at the top of the file;
 * its members are ready inside the tests and the file's own `beforeAll` hooks (which run after this one).
 */
export function adminSuite(): AdminSuite {
  let state: { testApp: TestApp; admin: string; fx: ReturnType<typeof attachmentFixtures> } | undefined;
  const ready = () => {
    if (!state) {
      throw new Error('the suite is built before the tests of the file, not while it is read');
    }
    return state;
  };

  beforeAll(async () => {
    const testApp = await createTestApp();
    const admin = await login(testApp.app, 'admin', 'admin');
    state = { testApp, admin, fx: attachmentFixtures(testApp.app, testApp.db, () => admin) };
  });

  afterAll(async () => {
    await state?.testApp.close();
    state = undefined;
  });

  const suite: AdminSuite = {
    get testApp() {
      return ready().testApp;
    },
    get app() {
      return ready().testApp.app;
    },
    get db() {
      return ready().testApp.db;
    },
    get admin() {
      return ready().admin;
    },
    get fx() {
      return ready().fx;
    },
    send(method, url, payload, token) {
      return inject(suite.app, { method, url, token: token ?? suite.admin, payload: payload as object });
    },
    async ok<T>(response: Promise<LightMyRequestResponse>): Promise<T> {
      const done = await response;
      expect(done.statusCode, done.body).toBe(200);
      return done.json() as T;
    },
    loginAs(uid) {
      return login(suite.app, uid, uid);
    },
    async principalOf(uid) {
      const principal = await suite.app.principals.get(await userIdOf(suite.db, uid));
      if (!principal) {
        throw new Error(`no principal ${uid}`);
      }
      return principal;
    },
    async attachmentsOn(market, count) {
      const order = await suite.fx.validatedOrder(market, ['10', '4']);
      const [price] = await pricesOf(suite.db, market.bpuId);
      const validated: number[] = [];
      for (let index = 0; index < count; index += 1) {
        const attachment = await suite.fx.attachment(order);
        const saved = await suite.fx.saveLines(attachment, [{ prestation: price?.prestation ?? 0, quantity: '1.5' }]);
        expect(saved.statusCode).toBe(200);
        await suite.fx.validate(attachment);
        validated.push(attachment);
      }
      return { order, validated, draft: await suite.fx.attachment(order) };
    },
    async marketWithAttachments(count = 2) {
      const market = await marketWithBpu(suite.app, suite.db, suite.admin);
      return { market, ...(await suite.attachmentsOn(market, count)) };
    },
  };
  return suite;
}
