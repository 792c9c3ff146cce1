import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import {
  buildOracleErpSimulator,
  type OracleErpSimulator,
  type OracleSimulatorSwitches,
} from '../src/integrations/erp/oracle-simulator.js';
import { attachmentFixtures } from './attachments-fixtures.js';
import { createOrder, pricesOf } from './orders-fixtures.js';

/** The Oracle simulator on a loopback port, its switches changeable while it runs. */
export async function startOracleSimulator(switches: OracleSimulatorSwitches = {}) {
  const simulator: OracleErpSimulator = buildOracleErpSimulator(switches);
  const url = await simulator.listen({ port: 0, host: '127.0.0.1' });
  return { simulator, switches, url, close: () => simulator.close() };
}

/** The app settings of a test that talks to its own simulator, with short retries and timeouts. */
export function erpTestConfig(url: string) {
  return {
    erpUrl: url,
    erpUsername: 'isf',
    erpPassword: 'simulateur',
    erpTimeoutMs: 1_000,
    erpSendRetries: 2,
    erpSendRetryDelaySeconds: 1,
    jobPollSeconds: 0.5,
  };
}

/** A demo Oracle project that the simulator knows (synchronised by the demo data) and one of its tasks. */
export async function simulatedOracleProject(db: Database): Promise<{ project: number; task: number }> {
  const result = (await db.execute(sql`SELECT op.id AS project, ot.id AS task FROM oracle_projects op
    JOIN oracle_tasks ot ON ot.oracle_project_id = op.id WHERE op.number LIKE 'PRJ-%' ORDER BY op.id, ot.id LIMIT 1`)) as unknown as {
    rows: { project: number; task: number }[];
  };
  const [row] = result.rows;
  expect(row).toBeDefined();
  return row as { project: number; task: number };
}

/** The ERP purchase orders (drafts included) that carry a reference. */
export function purchaseOrdersOf(simulator: OracleErpSimulator, reference: string) {
  return simulator.procurement.purchaseOrders.filter((order) => order.ReferenceNumber === reference);
}

/** Orders and their sends, through the API as an administrator. */
export function erpFixtures(app: FastifyInstance, db: Database, token: () => string) {
  const fx = attachmentFixtures(app, db, token);

  /** An order of the market charged to a simulated Oracle project, with these quantities, not yet submitted. */
  async function draftOrder(market: { marketId: number; bpuId: number }, quantities: string[] = ['10', '4']) {
    const erp = await simulatedOracleProject(db);
    const id = await createOrder(app, db, token(), market.marketId, { oracleProject: erp.project, oracleTask: erp.task });
    const prices = await pricesOf(db, market.bpuId);
    const order = await fx.json(await fx.send('GET', `/api/order/${id}`));
    await fx.json(
      await fx.send('PUT', `/api/order/${id}`, {
        ...order,
        prestationOSs: quantities.map((quantity, index) => ({ prestation: prices[index]?.prestation, quantity })),
      }),
    );
    return id;
  }

  /** Moves a draft order to the subcontractor's validation (the next move, to validated, sends it). */
  async function toSubcontractor(id: number) {
    for (const [code, node] of [
      ['os_submit_to_cdp', 'os_validation_cdp'],
      ['os_submit_to_sst', 'os_validation_sst'],
    ] as const) {
      const moved = await fx.move('order', id, code, node);
      expect(moved.statusCode, moved.body).toBe(200);
    }
  }

  /** Polls a detail until its ERP status is final (SUCCESS, ERROR, FAILURE); returns it. */
  async function settled(path: string, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const detail = await fx.json(await fx.send('GET', path));
      if (['SUCCESS', 'ERROR', 'FAILURE'].includes(detail.oracleStatus)) {
        return detail;
      }
      if (Date.now() > deadline) {
        throw new Error(`${path} still ${detail.oracleStatus}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return { ...fx, draftOrder, toSubcontractor, settled };
}
