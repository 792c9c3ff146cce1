import { TRANSITION_TYPES } from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../platform/sql-rows.js';

export type WorkflowDefinition = { id: number; code: string; name: string; objectName: string };
export type NodeDefinition = { id: number; workflowId: number; code: string; name: string; type: number; position: number };
export type TransitionDefinition = {
  id: number;
  workflowId: number;
  code: string;
  name: string;
  type: number;
  helper: string | null;
  disabled: boolean;
  hidden: boolean;
  fromNodeId: number;
  toNodeId: number;
  position: number;
};

/**
 * The stamp of the workflow catalogue and of the role → transition grants: an md5 of their rows, computed
 * by the database (a few hundred small rows: about 0.25 ms on PostgreSQL). Any edit — the catalogue
 * screens, the role editor, a seed, another API process, a test writing straight to the tables — changes
 * it, so a cached copy is never used past a change (docs/decisions.md "Workflow definitions in memory").
 */
export const DEFINITIONS_STAMP_SQL = sql`md5(
  coalesce((SELECT string_agg(dw::text, '|' ORDER BY dw.id) FROM workflows dw), '') || '#' ||
  coalesce((SELECT string_agg(dn::text, '|' ORDER BY dn.id) FROM workflow_nodes dn), '') || '#' ||
  coalesce((SELECT string_agg(dt::text, '|' ORDER BY dt.id) FROM workflow_transitions dt), '') || '#' ||
  coalesce((SELECT string_agg(dg.role_id || ':' || dg.transition_id, '|' ORDER BY dg.role_id, dg.transition_id)
    FROM role_workflow_transitions dg), ''))`;

type Loaded = {
  stamp: string;
  workflows: WorkflowDefinition[] | null;
  nodes: NodeDefinition[] | null;
  transitions: TransitionDefinition[] | null;
  grants: { roleId: number; transitionId: number }[] | null;
};

/** Every definition and the stamp they go with, read by one statement (one snapshot). */
const LOAD_SQL = sql`SELECT ${DEFINITIONS_STAMP_SQL} AS "stamp",
  (SELECT json_agg(json_build_object('id', w.id, 'code', w.code, 'name', w.name, 'objectName', w.object_name)) FROM workflows w) AS "workflows",
  (SELECT json_agg(json_build_object('id', n.id, 'workflowId', n.workflow_id, 'code', n.code, 'name', n.name, 'type', n.type,
    'position', n.position)) FROM workflow_nodes n) AS "nodes",
  (SELECT json_agg(json_build_object('id', t.id, 'workflowId', t.workflow_id, 'code', t.code, 'name', t.name, 'type', t.type,
    'helper', t.helper, 'disabled', t.disabled, 'hidden', t.hidden, 'fromNodeId', t.from_node_id, 'toNodeId', t.to_node_id,
    'position', t.position)) FROM workflow_transitions t) AS "transitions",
  (SELECT json_agg(json_build_object('roleId', g.role_id, 'transitionId', g.transition_id)) FROM role_workflow_transitions g) AS "grants"`;

function parsed<T>(value: T[] | string | null): T[] {
  if (value === null) {
    return [];
  }
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

/** An immutable copy of the workflow definitions at one stamp, with the look-ups the engine needs. */
export type WorkflowDefinitions = ReturnType<typeof snapshotOf>;

function snapshotOf(loaded: Loaded) {
  const workflows = new Map(parsed(loaded.workflows).map((row) => [row.id, row]));
  const nodes = new Map(parsed(loaded.nodes).map((row) => [row.id, row]));
  const transitions = new Map(parsed(loaded.transitions).map((row) => [row.id, row]));
  const fromNode = new Map<number, TransitionDefinition[]>();
  for (const transition of transitions.values()) {
    fromNode.set(transition.fromNodeId, [...(fromNode.get(transition.fromNodeId) ?? []), transition]);
  }
  const rolesOfTransition = new Map<number, Set<number>>();
  const transitionsOfRole = new Map<number, TransitionDefinition[]>();
  for (const grant of parsed(loaded.grants)) {
    const transition = transitions.get(grant.transitionId);
    if (!transition) {
      continue;
    }
    rolesOfTransition.set(grant.transitionId, (rolesOfTransition.get(grant.transitionId) ?? new Set()).add(grant.roleId));
    transitionsOfRole.set(grant.roleId, [...(transitionsOfRole.get(grant.roleId) ?? []), transition]);
  }
  const acting = (transition: TransitionDefinition, forwardOnly: boolean) =>
    !transition.disabled && (!forwardOnly || transition.type === TRANSITION_TYPES.normal);
  return {
    stamp: loaded.stamp,
    workflow: (id: number) => workflows.get(id),
    workflowOf: (objectName: string) => [...workflows.values()].find((workflow) => workflow.objectName === objectName),
    node: (id: number) => nodes.get(id),
    transition: (id: number) => transitions.get(id),
    /** Every transition leaving a node, disabled ones included. */
    transitionsFrom: (nodeId: number): readonly TransitionDefinition[] => fromNode.get(nodeId) ?? [],
    /** Whether a role is granted a transition. */
    isGranted: (roleId: number, transitionId: number) => rolesOfTransition.get(transitionId)?.has(roleId) === true,
    /**
     * The nodes from which a role may fire an enabled transition (only forward ones, type 1, when
     * `forwardOnly`): "My scope" asks any, "My tasks" forward only (spec 1 §2).
     */
    nodesWhereRoleActs(roleId: number, forwardOnly: boolean): number[] {
      const found = new Set<number>();
      for (const transition of transitionsOfRole.get(roleId) ?? []) {
        if (acting(transition, forwardOnly)) {
          found.add(transition.fromNodeId);
        }
      }
      return [...found].sort((left, right) => left - right);
    },
    /** The roles that may fire an enabled transition from a node (only forward ones when `forwardOnly`). */
    rolesActingOn(nodeId: number, forwardOnly: boolean): number[] {
      const found = new Set<number>();
      for (const transition of fromNode.get(nodeId) ?? []) {
        if (acting(transition, forwardOnly)) {
          for (const roleId of rolesOfTransition.get(transition.id) ?? []) {
            found.add(roleId);
          }
        }
      }
      return [...found].sort((left, right) => left - right);
    },
  };
}

/**
 * The workflow definitions held in memory by one process: workflows, nodes, transitions and role grants,
 * reloaded (one statement) when the database's stamp differs from the copy's. Checking costs one cheap
 * statement (`current`), or nothing when the caller read the stamp with another statement (`at`: the move
 * reads it with the token's row lock).
 */
export function createDefinitionsCache() {
  let cached: WorkflowDefinitions | undefined;
  async function load(db: Database): Promise<WorkflowDefinitions> {
    const [row] = await rowsOf<Loaded>(db, LOAD_SQL);
    if (!row) {
      throw new Error('the workflow definitions could not be read');
    }
    const snapshot = snapshotOf(row);
    cached = snapshot;
    return snapshot;
  }
  return {
    /** The definitions at `stamp` (read by the caller in the same transaction): the cached copy or a reload. */
    async at(db: Database, stamp: string): Promise<WorkflowDefinitions> {
      return cached?.stamp === stamp ? cached : load(db);
    },
    /** The definitions as the database holds them now. */
    async current(db: Database): Promise<WorkflowDefinitions> {
      const [row] = await rowsOf<{ stamp: string }>(db, sql`SELECT ${DEFINITIONS_STAMP_SQL} AS "stamp"`);
      return cached !== undefined && cached.stamp === row?.stamp ? cached : load(db);
    },
    /** The copy last read or checked, if any (after a move: the definitions it ran with, or newer). */
    last(): WorkflowDefinitions | undefined {
      return cached;
    },
    /** Forgets the copy (the next use reloads). */
    invalidate(): void {
      cached = undefined;
    },
  };
}

export type DefinitionsCache = ReturnType<typeof createDefinitionsCache>;
