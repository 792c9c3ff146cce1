import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { roleWorkflowNodes, roleWorkflowTransitions, workflowNodes, workflowTransitions } from '../../db/schema/index.js';
import { badRequest } from '../../platform/errors.js';

export const UNKNOWN_NODE_MESSAGE = 'Étape de workflow inconnue.';
export const UNKNOWN_TRANSITION_MESSAGE = 'Transition de workflow inconnue.';

/** The Workflow tab of a role: the nodes it sees and the transitions it may fire. */
export async function readWorkflowRights(db: Database, roleId: number): Promise<{ nodes: number[]; transitions: number[] }> {
  const nodes = await db
    .select({ id: roleWorkflowNodes.nodeId })
    .from(roleWorkflowNodes)
    .where(eq(roleWorkflowNodes.roleId, roleId))
    .orderBy(asc(roleWorkflowNodes.nodeId));
  const transitions = await db
    .select({ id: roleWorkflowTransitions.transitionId })
    .from(roleWorkflowTransitions)
    .where(eq(roleWorkflowTransitions.roleId, roleId))
    .orderBy(asc(roleWorkflowTransitions.transitionId));
  return { nodes: nodes.map((row) => row.id), transitions: transitions.map((row) => row.id) };
}

async function assertKnown(
  db: Database,
  ids: number[],
  table: typeof workflowNodes | typeof workflowTransitions,
  field: string,
  message: string,
) {
  if (ids.length === 0) {
    return;
  }
  const known = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  if (known.length !== ids.length) {
    throw badRequest(message, { [field]: message });
  }
}

/**
 * Replaces the role's workflow rights with the lists given; a list left out of the payload keeps the
 * rights as they are (a client unaware of the Workflow tab cannot clear them).
 */
export async function replaceWorkflowRights(
  db: Database,
  roleId: number,
  input: { nodes?: number[] | undefined; transitions?: number[] | undefined },
): Promise<void> {
  if (input.nodes) {
    const nodes = [...new Set(input.nodes)];
    await assertKnown(db, nodes, workflowNodes, 'nodes', UNKNOWN_NODE_MESSAGE);
    await db.delete(roleWorkflowNodes).where(eq(roleWorkflowNodes.roleId, roleId));
    if (nodes.length > 0) {
      await db.insert(roleWorkflowNodes).values(nodes.map((nodeId) => ({ roleId, nodeId })));
    }
  }
  if (input.transitions) {
    const transitions = [...new Set(input.transitions)];
    await assertKnown(db, transitions, workflowTransitions, 'transitions', UNKNOWN_TRANSITION_MESSAGE);
    await db.delete(roleWorkflowTransitions).where(eq(roleWorkflowTransitions.roleId, roleId));
    if (transitions.length > 0) {
      await db.insert(roleWorkflowTransitions).values(transitions.map((transitionId) => ({ roleId, transitionId })));
    }
  }
}
