import type { EntityCode, RoleOption } from '@isf/contract';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import {
  agencies,
  menus,
  roles,
  roleWorkflowNodes,
  roleWorkflowTransitions,
  userAgencies,
  userProjects,
  users,
  workflowNodes,
  workflows,
  workflowTransitions,
} from '../db/schema/index.js';
import { createRole, createUser } from './access-seed.js';
import { isHiddenTransition, type Persona, REFERENCE_WORKFLOWS, type WorkflowSeed } from './workflow-definitions.js';

export type SeededWorkflow = {
  id: number;
  seed: WorkflowSeed;
  nodeIds: Map<string, number>;
  /** The id of every link, in the order of the seed's transitions. */
  transitionIds: number[];
};

async function seedWorkflow(db: Database, seed: WorkflowSeed): Promise<SeededWorkflow> {
  await db.insert(workflows).values({ code: seed.code, name: seed.name, objectName: seed.objectName }).onConflictDoNothing();
  const [workflow] = await db.select({ id: workflows.id }).from(workflows).where(eq(workflows.code, seed.code)).limit(1);
  const workflowId = workflow?.id ?? 0;
  await db
    .insert(workflowNodes)
    .values(seed.nodes.map((node, position) => ({ workflowId, code: node.code, name: node.name, type: node.type, position })))
    .onConflictDoNothing();
  const nodes = await db
    .select({ id: workflowNodes.id, code: workflowNodes.code })
    .from(workflowNodes)
    .where(eq(workflowNodes.workflowId, workflowId));
  const nodeIds = new Map(nodes.map((node) => [node.code, node.id]));
  const nodeId = (code: string) => {
    const id = nodeIds.get(code);
    if (id === undefined) {
      throw new Error(`workflow ${seed.code}: unknown node ${code}`);
    }
    return id;
  };
  const links = seed.transitions.map((transition, position) => ({
    workflowId,
    code: transition.code,
    name: transition.name,
    type: transition.type,
    helper: transition.helper ?? null,
    hidden: isHiddenTransition(transition.code),
    fromNodeId: nodeId(transition.from),
    toNodeId: nodeId(transition.to),
    position,
  }));
  await db.insert(workflowTransitions).values(links).onConflictDoNothing();
  const stored = await db
    .select({
      id: workflowTransitions.id,
      code: workflowTransitions.code,
      fromNodeId: workflowTransitions.fromNodeId,
      toNodeId: workflowTransitions.toNodeId,
    })
    .from(workflowTransitions)
    .where(eq(workflowTransitions.workflowId, workflowId));
  const transitionIds = links.map(
    (link) =>
      stored.find((row) => row.code === link.code && row.fromNodeId === link.fromNodeId && row.toNodeId === link.toNodeId)?.id ??
      0,
  );
  return { id: workflowId, seed, nodeIds, transitionIds };
}

/**
 * The five reference workflows (spec 1 §4) with every node and transition code; idempotent: what exists
 * is kept (edits made as data survive), what is missing is added.
 */
export async function seedWorkflows(
  db: Database,
  seeds: readonly WorkflowSeed[] = REFERENCE_WORKFLOWS,
): Promise<SeededWorkflow[]> {
  const seeded: SeededWorkflow[] = [];
  for (const seed of seeds) {
    seeded.push(await seedWorkflow(db, seed));
  }
  return seeded;
}

/**
 * The reference workflows on a database that has none (one made before workflows existed, or a
 * production database seeded without demo data); a database holding workflows is left as it is, so
 * that a link removed on purpose is not put back.
 */
export async function seedWorkflowsIfMissing(db: Database): Promise<boolean> {
  const [existing] = await db.select({ id: workflows.id }).from(workflows).limit(1);
  if (existing) {
    return false;
  }
  await seedWorkflows(db);
  return true;
}

/** Grants a role the nodes and transitions of a persona, or of every workflow ('all'); idempotent. */
export async function grantWorkflowRights(db: Database, roleId: number, seeded: SeededWorkflow[], persona: Persona | 'all') {
  const nodeIds = seeded.flatMap((workflow) =>
    persona === 'all' || workflow.seed.seenBy.includes(persona) ? [...workflow.nodeIds.values()] : [],
  );
  const transitionIds = seeded.flatMap((workflow) =>
    workflow.seed.transitions.flatMap((transition, index) =>
      persona === 'all' || transition.by.includes(persona) ? [workflow.transitionIds[index] ?? 0] : [],
    ),
  );
  if (nodeIds.length > 0) {
    await db
      .insert(roleWorkflowNodes)
      .values(nodeIds.map((nodeId) => ({ roleId, nodeId })))
      .onConflictDoNothing();
  }
  if (transitionIds.length > 0) {
    await db
      .insert(roleWorkflowTransitions)
      .values(transitionIds.map((transitionId) => ({ roleId, transitionId })))
      .onConflictDoNothing();
  }
}

async function roleIdByName(db: Database, name: string): Promise<number | undefined> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)).orderBy(asc(roles.id)).limit(1);
  return row?.id;
}

async function userIdByUid(db: Database, uid: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.uid, uid)).limit(1);
  return row?.id;
}

/** The workflow personas of the demo that the first slice did not have: validator, subcontractor, accountant. */
const PERSONA_ROLES: {
  persona: Persona;
  role: string;
  description: string;
  visibility: 1 | 2 | 4;
  uid: string;
  name: string;
  engagement: string;
  /** Role options besides the help menu, my actions and delegation every persona holds. */
  options?: RoleOption[];
}[] = [
  {
    persona: 'amountValidator',
    role: 'Valideur de montant',
    description: "Valide les montants au-delà de l'engagement du chef de projet",
    visibility: 1,
    uid: 'valideur',
    name: 'Valérie Valideuse',
    engagement: '500000',
  },
  {
    persona: 'subcontractor',
    role: 'Sous-traitant',
    description: 'Personnel du sous-traitant : accepte les commandes, présente les attachements',
    visibility: 4,
    uid: 'sst',
    name: 'Sacha Sous-traitant',
    engagement: '0',
    // the subcontractor-style home: the orders awaiting its acceptance (docs/decisions.md, "Home dashboard")
    options: ['serviceorders.display_sst_validation_in_dashboard'],
  },
  {
    persona: 'accountant',
    role: 'Comptable',
    description: 'Valide les marchés et paie les attachements',
    visibility: 1,
    uid: 'comptable',
    name: 'Claude Comptable',
    engagement: '0',
    // the accountant issues the monthly statements: it downloads their PDF (Factur-X) to send them
    options: ['serviceorders.display_order_download_button'],
  },
];

/** The menus of the personas: home, and the screens of what they read (by path, or title for folders). */
const PERSONA_MENUS: Record<Persona, string[]> = {
  buyer: [],
  projectManager: [],
  amountValidator: ['/', '/projects', 'Sous-traitants', '/sst/orders', '/sst/attachements', 'Budgets', '/budget/dc4'],
  subcontractor: ['/', 'Sous-traitants', '/sst/markets', '/sst/orders', '/sst/attachements', '/sst/situations'],
  accountant: [
    '/',
    '/projects',
    'Sous-traitants',
    '/sst/markets',
    '/sst/orders',
    '/sst/attachements',
    '/sst/situations',
    '/sst/contracts',
    'Budgets',
    '/budget/dc4',
    '/budget/od',
    '/budget/quantitatives',
    '/budget/warranties',
    'Administration',
    '/release-rg-warranties',
  ],
};

async function menuIdsOf(db: Database, keys: string[]): Promise<number[]> {
  if (keys.length === 0) {
    return [];
  }
  const rows = await db
    .select({ id: menus.id })
    .from(menus)
    .where(or(inArray(menus.path, keys), and(isNull(menus.path), inArray(menus.title, keys))));
  return rows.map((row) => row.id);
}

/** What each persona reads; the budget screens as docs/decisions.md "Budgets" says (none for the subcontractor). */
const PERSONA_READ: Record<Persona, EntityCode[]> = {
  buyer: [],
  projectManager: [],
  amountValidator: ['order', 'attachement', 'project', 'document', 'budget_dc4'],
  subcontractor: ['order', 'attachement', 'subcontractor_market', 'project', 'document', 'monthly_statement'],
  // the accountant is the second envelope validator role (spec 2 §5: at least two roles validate an envelope);
  // 'warranty': it follows the retention invoices of the RG it releases (/release-rg-warranties)
  accountant: [
    'order',
    'attachement',
    'subcontractor_market',
    'project',
    'document',
    'monthly_statement',
    'envelope',
    'contract',
    'budget_dc4',
    'budget_od',
    'budget_quantitative',
    'budget_rg_caution',
    'warranty',
  ],
};

/** The demo's workflow side: reference workflows, the seeded roles' rights, and three more personas. */
export async function seedWorkflowDemo(db: Database): Promise<void> {
  const seeded = await seedWorkflows(db);
  const grants: [string, Persona | 'all'][] = [
    ['Administrateur', 'all'],
    ['Chef de projet', 'projectManager'],
    ['Acheteur', 'buyer'],
  ];
  for (const [roleName, persona] of grants) {
    const roleId = await roleIdByName(db, roleName);
    if (roleId !== undefined) {
      await grantWorkflowRights(db, roleId, seeded, persona);
    }
  }
  const adminId = await userIdByUid(db, 'admin');
  const projectManagerId = await userIdByUid(db, 'cdp');
  const managedProjects = projectManagerId
    ? await db.select({ projectId: userProjects.projectId }).from(userProjects).where(eq(userProjects.userId, projectManagerId))
    : [];
  const [firstAgency] = await db.select({ id: agencies.id }).from(agencies).orderBy(asc(agencies.id)).limit(1);
  for (const persona of PERSONA_ROLES) {
    const roleId =
      (await roleIdByName(db, persona.role)) ??
      (await createRole(db, {
        name: persona.role,
        description: persona.description,
        visibility: persona.visibility,
        read: PERSONA_READ[persona.persona],
        // the accountant pays the attachments: it creates the monthly statements and marks them paid
        ...(persona.persona === 'accountant'
          ? { create: ['monthly_statement' as const], update: ['monthly_statement' as const, 'warranty' as const] }
          : {}),
        menuIds: await menuIdsOf(db, PERSONA_MENUS[persona.persona]),
        options: [
          'userinterface.display_help_menu',
          'userinterface.display_my_actions_menu',
          'users.can_delegate',
          ...(persona.options ?? []),
        ],
      }));
    await grantWorkflowRights(db, roleId, seeded, persona.persona);
    if ((await userIdByUid(db, persona.uid)) !== undefined) {
      continue;
    }
    const userId = await createUser(db, {
      uid: persona.uid,
      name: persona.name,
      roleId,
      password: persona.uid,
      managerId: adminId ?? null,
      engagement: persona.engagement,
    });
    if (persona.visibility === 4) {
      const projects = managedProjects.slice(0, 3).map(({ projectId }) => ({ userId, projectId }));
      if (projects.length > 0) {
        await db.insert(userProjects).values(projects).onConflictDoNothing();
      }
      if (firstAgency) {
        await db.insert(userAgencies).values({ userId, agencyId: firstAgency.id }).onConflictDoNothing();
      }
    }
  }
}
