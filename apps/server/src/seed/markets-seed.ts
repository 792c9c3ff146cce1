import { and, asc, eq, like } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import {
  agencies,
  bpus,
  companies,
  markets,
  paymentTerms,
  paymentTypes,
  projects,
  users,
  workflowNodes,
  workflows,
  workflowTokenHistory,
  workflowTokens,
  workflowTransitions,
} from '../db/schema/index.js';
import { startToken } from '../modules/workflow/index.js';

type DemoMarket = {
  /** Index of the agency (by id) and of the project (by id). */
  agency: number;
  project: number;
  tva: 'basic' | 'tenPercents' | 'reverseCharge';
  depositType: 'basic' | 'withThreshold' | 'notApplicable';
  rgRate: string | null;
  threshold: string | null;
  maxAmountDc4: string;
  /** The BPU of the price-schedule seed that belongs to it (name prefix). */
  bpu: string | null;
  /** Where its token stands, through these transitions from the draft. */
  path: string[];
};

/**
 * One market per demo agency. The first is on a project of the demo subcontractor (login sst), who sees
 * it; the second shares a project with sst but belongs to another agency, which sst never sees.
 */
const DEMO_MARKETS: DemoMarket[] = [
  {
    agency: 0,
    project: 0,
    tva: 'basic',
    depositType: 'basic',
    rgRate: '5.00',
    threshold: null,
    maxAmountDc4: '250000.00',
    bpu: 'BPU Fibres Réseaux Aquitaine',
    path: ['sst_creation_validation', 'sst_accounting_validation'],
  },
  {
    agency: 1,
    project: 1,
    tva: 'tenPercents',
    depositType: 'withThreshold',
    rgRate: '3.50',
    threshold: '15000.00',
    maxAmountDc4: '120000.50',
    bpu: 'BPU Télécom Travaux Sud-Ouest',
    path: ['sst_creation_validation'],
  },
  {
    agency: 2,
    project: 3,
    tva: 'reverseCharge',
    depositType: 'notApplicable',
    rgRate: null,
    threshold: null,
    maxAmountDc4: '80000.00',
    bpu: null,
    path: [],
  },
];

async function moveAlong(db: Database, tokenId: number, path: string[], userId: number | null) {
  for (const code of path) {
    const [token] = await db.select({ nodeId: workflowTokens.nodeId }).from(workflowTokens).where(eq(workflowTokens.id, tokenId));
    const [transition] = await db
      .select({ id: workflowTransitions.id, toNodeId: workflowTransitions.toNodeId })
      .from(workflowTransitions)
      .where(and(eq(workflowTransitions.code, code), eq(workflowTransitions.fromNodeId, token?.nodeId ?? 0)))
      .limit(1);
    if (!token || !transition) {
      throw new Error(`demo market: no transition ${code}`);
    }
    await db.update(workflowTokens).set({ nodeId: transition.toNodeId }).where(eq(workflowTokens.id, tokenId));
    await db.insert(workflowTokenHistory).values({
      tokenId,
      fromNodeId: token.nodeId,
      toNodeId: transition.toNodeId,
      transitionId: transition.id,
      userId,
    });
  }
}

/** The demo markets, their BPUs and workflow tokens (after the workflows, projects and price schedules). */
export async function seedMarkets(db: Database): Promise<void> {
  const agencyRows = await db
    .select({ id: agencies.id, edifice: companies.edifice })
    .from(agencies)
    .innerJoin(companies, eq(companies.id, agencies.companyId))
    .orderBy(asc(agencies.id));
  const projectRows = await db.select({ id: projects.id }).from(projects).orderBy(asc(projects.id));
  const [paymentType] = await db.select({ id: paymentTypes.id }).from(paymentTypes).orderBy(asc(paymentTypes.id)).limit(1);
  const [paymentTerm] = await db.select({ id: paymentTerms.id }).from(paymentTerms).orderBy(asc(paymentTerms.id)).limit(1);
  const [buyer] = await db.select({ id: users.id }).from(users).where(eq(users.uid, 'admin')).limit(1);
  const [workflow] = await db
    .select({ id: workflows.id })
    .from(workflows)
    .where(eq(workflows.objectName, 'subcontractor_market'));
  const [start] = workflow
    ? await db.select({ id: workflowNodes.id }).from(workflowNodes).where(eq(workflowNodes.code, 'sst_draft')).limit(1)
    : [];
  for (const demo of DEMO_MARKETS) {
    const agency = agencyRows[demo.agency];
    const project = projectRows[demo.project];
    if (!agency || !project || !paymentType || !paymentTerm) {
      continue;
    }
    const [market] = await db
      .insert(markets)
      .values({
        edifice: `${agency.edifice}-M2025`,
        agencyId: agency.id,
        projectId: project.id,
        maxAmountDc4: demo.maxAmountDc4,
        paymentTypeId: paymentType.id,
        paymentTermId: paymentTerm.id,
        tva: demo.tva,
        depositType: demo.depositType,
        rgRate: demo.rgRate,
        threshold: demo.threshold,
        contractNumber: `CT-2025-${String(demo.agency + 1).padStart(3, '0')}`,
        clientBdc: `BDC-${agency.edifice}`,
      })
      .returning({ id: markets.id });
    const marketId = market?.id ?? 0;
    if (demo.bpu) {
      await db
        .update(bpus)
        .set({ marketId })
        .where(like(bpus.name, `${demo.bpu}%`));
    }
    const tokenId = start ? await startToken(db, { entity: 'subcontractor_market' }, marketId, buyer?.id ?? null) : null;
    if (tokenId !== null) {
      await moveAlong(db, tokenId, demo.path, buyer?.id ?? null);
    }
  }
}
