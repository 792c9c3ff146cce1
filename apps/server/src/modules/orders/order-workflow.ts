import {
  BUDGET_ORDERED_NODES,
  ORDER_AMOUNT_ABOVE_ENGAGEMENT_MESSAGE,
  ORDER_AMOUNT_WITHIN_ENGAGEMENT_MESSAGE,
  ORDER_EMITTER_REQUIRED_MESSAGE,
  ORDER_NO_AGENCY_MESSAGE,
  ORDER_VALIDATING_NODES,
} from '@isf/contract';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { ErpExchange } from '../erp-exchange/index.js';
import type { MoveFacts, WorkflowRegistry } from '../workflow/index.js';
import { refreshOrderedAmounts } from './market-figures.js';

const WORKFLOW = 'service_order';

type OrderFacts = {
  total: string;
  agencyId: number | null;
  paymentTypeCode: string | null;
  oracleProjectId: number | null;
  oracleTaskId: number | null;
  oracleEmitterProjectId: number | null;
  oracleEmitterTaskId: number | null;
  /** The authorization amount (`users.engagement`) of the mover, or of the delegator acted for. */
  engagement: string;
};

/**
 * What the order guards read, once per move: the guards of one move share it (one statement, not one
 * per guard); a move's facts object lives for that move only.
 */
const factsOfMove = new WeakMap<MoveFacts, Promise<OrderFacts | undefined>>();

function orderFacts(db: Database, facts: MoveFacts): Promise<OrderFacts | undefined> {
  let found = factsOfMove.get(facts);
  if (!found) {
    const moverId = facts.onBehalfOfId ?? facts.principal.userId;
    found = (async () => {
      const result =
        (await db.execute(sql`SELECT o.total::text AS "total", a.id AS "agencyId", pt.oracle_code AS "paymentTypeCode",
          o.oracle_project_id AS "oracleProjectId", o.oracle_task_id AS "oracleTaskId",
          o.oracle_emitter_project_id AS "oracleEmitterProjectId", o.oracle_emitter_task_id AS "oracleEmitterTaskId",
          COALESCE((SELECT u.engagement::text FROM users u WHERE u.id = ${moverId}), '0') AS "engagement"
        FROM orders o JOIN markets m ON m.id = o.market_id
          LEFT JOIN agencies a ON a.id = o.agency_id
          LEFT JOIN payment_types pt ON pt.id = m.payment_type_id
        WHERE o.id = ${facts.token.entityId}`)) as unknown as { rows: OrderFacts[] };
      return result.rows[0];
    })();
    factsOfMove.set(facts, found);
  }
  return found;
}

/** Spec 1 §4 rule 7 as a server guard: an order without agency never reaches a validating or validated node. */
export async function agencyGuard(facts: MoveFacts, db: Database): Promise<string | null> {
  if (!ORDER_VALIDATING_NODES.includes(facts.to.code)) {
    return null;
  }
  const order = await orderFacts(db, facts);
  return order && order.agencyId === null ? ORDER_NO_AGENCY_MESSAGE : null;
}

/**
 * The routing out of CDP validation (docs/decisions.md "Reference workflows"): the direct link to the
 * subcontractor only when the total is within the mover's authorization amount (`users.engagement`,
 * the delegator's when acting on someone's behalf), the link to amount validation only beyond it.
 */
export async function amountRoutingGuard(facts: MoveFacts, db: Database): Promise<string | null> {
  if (facts.from.code !== 'os_validation_cdp') {
    return null;
  }
  const order = await orderFacts(db, facts);
  const engagement = new Decimal(order?.engagement ?? '0');
  const above = new Decimal(order?.total ?? '0').greaterThan(engagement);
  if (facts.to.code === 'os_validation_sst' && above) {
    return ORDER_AMOUNT_ABOVE_ENGAGEMENT_MESSAGE;
  }
  if (facts.to.code === 'os_validation_amount' && !above) {
    return ORDER_AMOUNT_WITHIN_ENGAGEMENT_MESSAGE;
  }
  return null;
}

/** Spec 1 §4 rule 8: internal or absent payment type with ERP project and task needs the emitter ones before validated. */
export async function emitterGuard(facts: MoveFacts, db: Database): Promise<string | null> {
  const order = await orderFacts(db, facts);
  if (!order || !(order.paymentTypeCode === null || order.paymentTypeCode === 'payment_internal')) {
    return null;
  }
  const hasErp = order.oracleProjectId !== null && order.oracleTaskId !== null;
  const hasEmitter = order.oracleEmitterProjectId !== null && order.oracleEmitterTaskId !== null;
  return hasErp && !hasEmitter ? ORDER_EMITTER_REQUIRED_MESSAGE : null;
}

/** Registers the order guards and post-actions on the service order workflow. */
export function registerOrderWorkflow(registry: WorkflowRegistry, exchange: ErpExchange): void {
  registry.registerGuard({ workflow: WORKFLOW }, agencyGuard);
  registry.registerGuard({ workflow: WORKFLOW, transition: 'os_submit_to_sst' }, amountRoutingGuard);
  registry.registerGuard({ workflow: WORKFLOW, toNode: 'os_validated' }, emitterGuard);
  // entering or leaving os_validated / os_closed: the order's ordered amount and its market's DC4 follow
  registry.registerPostAction(
    { workflow: WORKFLOW },
    {
      inTransaction: async (facts, db) => {
        const ordered = (code: string) => (BUDGET_ORDERED_NODES as readonly string[]).includes(code);
        if (ordered(facts.from.code) !== ordered(facts.to.code)) {
          await refreshOrderedAmounts(db, [facts.token.entityId]);
        }
      },
    },
  );
  // reaching the subcontractor: the order has been sent to them (its complement is frozen)
  registry.registerPostAction(
    { workflow: WORKFLOW, toNode: 'os_validation_sst' },
    {
      inTransaction: async (facts, db) => {
        await db.execute(sql`UPDATE orders SET sent_sst = TRUE WHERE id = ${facts.token.entityId}`);
      },
    },
  );
  // the subcontractor validates: the order is sent to the ERP (its job queued with the move; spec 2 §4)
  const wakes = new WeakMap<MoveFacts, () => void>();
  registry.registerPostAction(
    { workflow: WORKFLOW, transition: 'os_to_validated', toNode: 'os_validated' },
    {
      inTransaction: async (facts, db) => {
        const context = { principal: facts.principal, requestId: `workflow-move-${facts.token.id}` };
        const queued = await exchange.queueOrderInTransaction(db, facts.token.entityId, context);
        if (queued) {
          wakes.set(facts, queued.wake);
        }
      },
      afterCommit: async (facts) => {
        wakes.get(facts)?.();
      },
    },
  );
}
