import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import {
  bpus,
  markets,
  oracleProjects,
  oracleTasks,
  orders,
  prestationPrices,
  users,
  workflowNodes,
  workflowTokenHistory,
  workflowTokens,
  workflowTransitions,
} from '../db/schema/index.js';
import { applyLines, nextOrderReference, orderWorkItem } from '../modules/orders/index.js';
import { startToken, storeItemNode, type WorkItemRef } from '../modules/workflow/index.js';

type DemoOrder = {
  /** Index of the market among the markets holding a BPU. */
  market: number;
  name: string;
  /** Quantities of the BPU's first priced prestations. */
  quantities: string[];
  /** The ERP task it is charged to (by name, in the first Oracle project of its project; else the first task). */
  task: string;
  /** Where its token stands, through the links to these nodes from the draft. */
  path: string[];
};

const DEMO_ORDERS: DemoOrder[] = [
  {
    market: 0,
    name: 'Raccordement lotissement Les Vignes',
    quantities: ['12', '3.5'],
    task: 'Raccordement PM et PBO',
    path: [],
  },
  {
    market: 0,
    name: 'Tirage câble rue Sainte-Catherine',
    quantities: ['40', '2'],
    task: 'Tirage distribution',
    path: ['os_validation_cdp'],
  },
  {
    market: 0,
    name: 'Pose chambres L2T avenue Thiers',
    quantities: ['6', '1.5', '10'],
    task: 'Génie civil',
    path: ['os_validation_cdp', 'os_validation_sst'],
  },
  {
    market: 0,
    name: 'Génie civil quai des Chartrons',
    quantities: ['25', '4'],
    task: 'Génie civil',
    path: ['os_validation_cdp', 'os_validation_sst', 'os_validated'],
  },
  { market: 1, name: 'Adduction NRO Mérignac', quantities: ['8'], task: 'Raccordements abonnés', path: ['os_validation_cdp'] },
];

/**
 * The ERP project and task a demo order of a project is charged to: the project's first Oracle project
 * (by number) and its task of that name, or its first task; none when the project has no Oracle project.
 */
async function erpChargeOf(
  db: Database,
  projectId: number,
  taskName: string,
): Promise<{ oracleProjectId: number | null; oracleTaskId: number | null }> {
  const [oracleProject] = await db
    .select({ id: oracleProjects.id })
    .from(oracleProjects)
    .where(eq(oracleProjects.projectId, projectId))
    .orderBy(asc(oracleProjects.number), asc(oracleProjects.id))
    .limit(1);
  if (!oracleProject) {
    return { oracleProjectId: null, oracleTaskId: null };
  }
  const tasks = await db
    .select({ id: oracleTasks.id, name: oracleTasks.name })
    .from(oracleTasks)
    .where(eq(oracleTasks.oracleProjectId, oracleProject.id))
    .orderBy(asc(oracleTasks.number), asc(oracleTasks.id));
  const task = tasks.find((item) => item.name === taskName) ?? tasks[0];
  return { oracleProjectId: task ? oracleProject.id : null, oracleTaskId: task?.id ?? null };
}

/** Moves a demo token along the links to the given nodes (the seed's own steps, with history). */
export async function moveThrough(
  db: Database,
  item: WorkItemRef,
  entityId: number,
  tokenId: number,
  nodeCodes: string[],
  userId: number,
): Promise<void> {
  for (const code of nodeCodes) {
    const [token] = await db.select({ nodeId: workflowTokens.nodeId }).from(workflowTokens).where(eq(workflowTokens.id, tokenId));
    const [transition] = await db
      .select({ id: workflowTransitions.id, toNodeId: workflowTransitions.toNodeId })
      .from(workflowTransitions)
      .innerJoin(workflowNodes, eq(workflowNodes.id, workflowTransitions.toNodeId))
      .where(and(eq(workflowTransitions.fromNodeId, token?.nodeId ?? 0), eq(workflowNodes.code, code)))
      .limit(1);
    if (!token || !transition) {
      throw new Error(`demo order: no link to ${code}`);
    }
    await db.update(workflowTokens).set({ nodeId: transition.toNodeId }).where(eq(workflowTokens.id, tokenId));
    await storeItemNode(db, item, entityId, transition.toNodeId);
    await db.insert(workflowTokenHistory).values({
      tokenId,
      fromNodeId: token.nodeId,
      toNodeId: transition.toNodeId,
      transitionId: transition.id,
      userId,
    });
  }
}

/**
 * The demo service orders on the demo markets holding a BPU, in several workflow states, charged to an
 * ERP project and task of their project (after the markets and the ERP projects).
 */
export async function seedOrders(db: Database): Promise<void> {
  const withBpu = await db
    .selectDistinct({ id: markets.id, agencyId: markets.agencyId, projectId: markets.projectId, clientBdc: markets.clientBdc })
    .from(markets)
    .innerJoin(bpus, eq(bpus.marketId, markets.id))
    .orderBy(asc(markets.id));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.uid, 'admin')).limit(1);
  if (!admin) {
    return;
  }
  for (const demo of DEMO_ORDERS) {
    const market = withBpu[demo.market];
    if (!market) {
      continue;
    }
    const [bpu] = await db.select({ id: bpus.id }).from(bpus).where(eq(bpus.marketId, market.id)).orderBy(asc(bpus.id)).limit(1);
    const prices = await db
      .select({ prestation: prestationPrices.prestationId })
      .from(prestationPrices)
      .where(eq(prestationPrices.bpuId, bpu?.id ?? 0))
      .orderBy(asc(prestationPrices.prestationId))
      .limit(demo.quantities.length);
    if (!bpu || prices.length === 0) {
      continue;
    }
    const [created] = await db
      .insert(orders)
      .values({
        ...(await nextOrderReference(db, market.id)),
        name: demo.name,
        marketId: market.id,
        agencyId: market.agencyId,
        projectId: market.projectId,
        bpuId: bpu.id,
        clientBdc: market.clientBdc,
        endDate: '2026-12-31',
        followerId: admin.id,
        creatorId: admin.id,
        ...(await erpChargeOf(db, market.projectId, demo.task)),
      })
      .returning({ id: orders.id });
    const orderId = created?.id ?? 0;
    await applyLines(
      db,
      { id: orderId, bpuId: bpu.id },
      prices.map((price, index) => ({ id: null, prestation: price.prestation, quantity: demo.quantities[index] ?? '1' })),
    );
    const tokenId = await startToken(db, orderWorkItem, orderId, admin.id);
    if (tokenId !== null) {
      await moveThrough(db, orderWorkItem, orderId, tokenId, demo.path, admin.id);
    }
    const reached = demo.path.at(-1);
    if (reached === 'os_validation_sst' || reached === 'os_validated') {
      await db
        .update(orders)
        .set({ sentSst: true, ...(reached === 'os_validated' ? { oracleStatus: 'NOT_AVAILABLE', canSendToOracle: true } : {}) })
        .where(eq(orders.id, orderId));
    }
  }
}
