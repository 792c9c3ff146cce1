import type { NodeTransition, NodeType, TransitionType, WorkflowNodeEntry } from '@isf/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import {
  roleWorkflowNodes,
  roleWorkflowTransitions,
  workflowNodes,
  workflows,
  workflowTransitions,
} from '../../db/schema/index.js';

const nodeColumns = {
  id: workflowNodes.id,
  name: workflowNodes.name,
  nodeCode: workflowNodes.code,
  nodeType: workflowNodes.type,
  workflowId: workflows.id,
  workflowCode: workflows.code,
  workflowName: workflows.name,
  objectName: workflows.objectName,
};

/** Every node, grouped by workflow in the workflows' order (role editor, GET /workflows/nodes). */
export async function listNodes(db: Database, workflowId?: number): Promise<WorkflowNodeEntry[]> {
  const rows = await db
    .select(nodeColumns)
    .from(workflowNodes)
    .innerJoin(workflows, eq(workflows.id, workflowNodes.workflowId))
    .where(workflowId === undefined ? undefined : eq(workflows.id, workflowId))
    .orderBy(asc(workflows.id), asc(workflowNodes.position), asc(workflowNodes.id));
  return rows.map((row) => ({ ...row, nodeType: row.nodeType as NodeType }));
}

export async function nodeById(db: Database, id: number): Promise<WorkflowNodeEntry | undefined> {
  const [row] = await db
    .select(nodeColumns)
    .from(workflowNodes)
    .innerJoin(workflows, eq(workflows.id, workflowNodes.workflowId))
    .where(eq(workflowNodes.id, id))
    .limit(1);
  return row ? { ...row, nodeType: row.nodeType as NodeType } : undefined;
}

const targetNode = alias(workflowNodes, 'target_node');

/**
 * Every transition, by workflow, then type (spec 1 §4), then the workflow's order (GET /workflows/transitions),
 * with its target node (the client's pre-checks are chosen by it).
 */
export async function listTransitions(
  db: Database,
  filter: { workflowId?: number; fromNodeId?: number } = {},
): Promise<NodeTransition[]> {
  const rows = await db
    .select({
      id: workflowTransitions.id,
      name: workflowTransitions.name,
      transitionCode: workflowTransitions.code,
      transitionType: workflowTransitions.type,
      helper: workflowTransitions.helper,
      disabled: workflowTransitions.disabled,
      hidden: workflowTransitions.hidden,
      fromNode: workflowTransitions.fromNodeId,
      toNode: workflowTransitions.toNodeId,
      toNodeCode: targetNode.code,
      toNodeName: targetNode.name,
      toNodeType: targetNode.type,
      workflowId: workflows.id,
      workflowName: workflows.name,
    })
    .from(workflowTransitions)
    .innerJoin(workflows, eq(workflows.id, workflowTransitions.workflowId))
    .innerJoin(targetNode, eq(targetNode.id, workflowTransitions.toNodeId))
    .where(
      filter.fromNodeId !== undefined
        ? eq(workflowTransitions.fromNodeId, filter.fromNodeId)
        : filter.workflowId !== undefined
          ? eq(workflows.id, filter.workflowId)
          : undefined,
    )
    .orderBy(asc(workflows.id), asc(workflowTransitions.type), asc(workflowTransitions.position), asc(workflowTransitions.id));
  return rows.map((row) => ({
    ...row,
    transitionType: row.transitionType as TransitionType,
    toNodeType: row.toNodeType as NodeType,
  }));
}

export async function workflowById(db: Database, id: number) {
  const [row] = await db
    .select({ id: workflows.id, code: workflows.code, name: workflows.name, objectName: workflows.objectName })
    .from(workflows)
    .where(eq(workflows.id, id))
    .limit(1);
  return row;
}

/** The nodes the given roles see (Workflow tab of the role editor). */
export async function visibleNodeIds(db: Database, roleIds: number[]): Promise<Set<number>> {
  if (roleIds.length === 0) {
    return new Set();
  }
  const rows = await db
    .selectDistinct({ nodeId: roleWorkflowNodes.nodeId })
    .from(roleWorkflowNodes)
    .where(inArray(roleWorkflowNodes.roleId, roleIds));
  return new Set(rows.map((row) => row.nodeId));
}

/** The transitions the given roles may fire. */
export async function grantedTransitionIds(db: Database, roleIds: number[]): Promise<Set<number>> {
  if (roleIds.length === 0) {
    return new Set();
  }
  const rows = await db
    .selectDistinct({ transitionId: roleWorkflowTransitions.transitionId })
    .from(roleWorkflowTransitions)
    .where(inArray(roleWorkflowTransitions.roleId, roleIds));
  return new Set(rows.map((row) => row.transitionId));
}
