import { workflowFilterSchema, workflowMoveSchema } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { access, principalOf } from '../../platform/access.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { registerList } from '../../platform/list-routes.js';
import { hasOption, type Principal } from '../../platform/principal.js';
import { auditContext, idParams, routeId } from '../../platform/route-helpers.js';
import { registerDashboardRoutes } from './dashboard.routes.js';
import {
  grantedTransitionIds,
  listNodes,
  listTransitions,
  nodeById,
  visibleNodeIds,
  workflowById,
} from './workflow-catalogue.js';
import type { WorkflowEngine } from './workflow-engine.js';
import { hasMyActions, nodeTokenCounts, nodeTokenList, workflowNodeCounts } from './workflow-node-tokens.js';
import { historyOf, tokenOfItem } from './workflow-tokens.js';

const id = idParams.shape.id;
const itemParams = z.object({ entityName: z.string().trim().min(1).max(50), entityId: id });

/** Workflow catalogues, workflows, nodes, tokens and the move (spec 1 §7). */
export function registerWorkflowRoutes(app: FastifyInstance, db: Database, engine: WorkflowEngine): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const roleRead = { access: access.right('role', 'read') };
  const signedIn = { access: access.authenticated() };
  const { registry } = engine;

  /** The roles whose Workflow tab apply to the caller: their own and their delegators'. */
  async function rolesOf(principal: Principal) {
    const actors = await engine.actorsOf(principal);
    return { actors, roleIds: [...new Set(actors.map((actor) => actor.principal.roleId))] };
  }

  async function visibleNode(principal: Principal, nodeId: number) {
    const node = await nodeById(db, nodeId);
    if (!node) {
      throw notFound();
    }
    const { actors, roleIds } = await rolesOf(principal);
    if (!(await visibleNodeIds(db, roleIds)).has(node.id)) {
      throw forbidden();
    }
    return { node, actors, roleIds };
  }

  async function visibleWorkflow(principal: Principal, workflowId: number) {
    const workflow = await workflowById(db, workflowId);
    if (!workflow) {
      throw notFound();
    }
    const { actors, roleIds } = await rolesOf(principal);
    const visible = await visibleNodeIds(db, roleIds);
    const nodes = await listNodes(db, workflow.id);
    if (!nodes.some((node) => visible.has(node.id))) {
      throw forbidden();
    }
    return { workflow, nodes, actors, transitions: await listTransitions(db, { workflowId: workflow.id }) };
  }

  typed.get('/api/workflows/nodes', { config: roleRead }, async () => listNodes(db));
  typed.get('/api/workflows/transitions', { config: roleRead }, async () => listTransitions(db));

  typed.get('/api/workflow/:id', { schema: { params: idParams }, config: signedIn }, async (request) => {
    const { workflow, nodes, transitions } = await visibleWorkflow(principalOf(request), request.params.id);
    return { ...workflow, nodes, transitions };
  });

  typed.get('/api/workflow/:id/flowchart', { schema: { params: idParams }, config: signedIn }, async (request) => {
    const { workflow, nodes, transitions, actors } = await visibleWorkflow(principalOf(request), request.params.id);
    const counts = await workflowNodeCounts(
      db,
      registry,
      actors,
      workflow,
      nodes.map((node) => node.id),
    );
    return {
      id: workflow.id,
      name: workflow.name,
      nodes: nodes.map((node) => ({
        id: node.id,
        name: node.name,
        nodeCode: node.nodeCode,
        count: counts.get(node.id) ?? 0,
        node_type: node.nodeType,
      })),
      transitions: transitions.map((transition) => ({
        id: transition.id,
        name: transition.name,
        transitionType: transition.transitionType,
        fromNode: transition.fromNode,
        toNode: transition.toNode,
      })),
    };
  });

  typed.get('/api/node/:id', { schema: { params: idParams }, config: signedIn }, async (request) => {
    const { node, actors } = await visibleNode(principalOf(request), request.params.id);
    return { ...node, counts: await nodeTokenCounts(db, registry, actors, node.id, node.objectName) };
  });

  typed.get('/api/node/:id/transitions', { schema: { params: idParams }, config: signedIn }, async (request) => {
    const { node, roleIds } = await visibleNode(principalOf(request), request.params.id);
    const granted = await grantedTransitionIds(db, roleIds);
    return (await listTransitions(db, { fromNodeId: node.id })).filter((transition) => granted.has(transition.id));
  });

  typed.get(
    '/api/node/:nodeId/transitions/:entityId',
    { schema: { params: z.object({ nodeId: id, entityId: id }) }, config: signedIn },
    async (request) => {
      const principal = principalOf(request);
      const node = await nodeById(db, request.params.nodeId);
      if (!node) {
        throw notFound();
      }
      const item = { entity: node.objectName, entityId: request.params.entityId };
      const token = await tokenOfItem(db, item.entity, item.entityId);
      if (!token || !(await engine.isItemVisible(principal, item))) {
        throw notFound();
      }
      return token.node.id === node.id ? engine.availableTransitions(principal, { ...item, nodeId: node.id }) : [];
    },
  );

  // the node screen's list: the node's items in the caller's scope that the filter keeps, built for the caller
  registerList(app, db, {
    path: '/api/node/:id/tokens',
    access: access.authenticated(),
    params: idParams,
    querystring: z.looseObject({ filter: workflowFilterSchema }),
    criteria: async ({ filter, ...wire }, request) => {
      const { node, actors } = await visibleNode(principalOf(request), routeId(request));
      // checked by the query string's schema (All when absent)
      const kept = workflowFilterSchema.parse(filter);
      return { definition: nodeTokenList(registry, actors, node.id, kept, node.objectName), wire };
    },
  });

  async function visibleToken(principal: Principal, entityName: string, entityId: number) {
    const token = await tokenOfItem(db, entityName, entityId);
    if (!token || !(await engine.isItemVisible(principal, { entity: entityName, entityId }))) {
      throw notFound();
    }
    return token;
  }

  typed.get('/api/wftoken/my-actions', { config: signedIn }, async (request) => {
    const principal = principalOf(request);
    // an EXISTS, not a count: `count` is 1 when there is at least one pending action (the screens read hasMyActions)
    const found = await hasMyActions(db, registry, await engine.actorsOf(principal));
    return { count: found ? 1 : 0, hasMyActions: found && hasOption(principal, 'userinterface.display_my_actions_menu') };
  });

  typed.get('/api/wftoken/:entityName/:entityId', { schema: { params: itemParams }, config: signedIn }, async (request) =>
    visibleToken(principalOf(request), request.params.entityName, request.params.entityId),
  );

  typed.get(
    '/api/wftoken/history/:entityName/:entityId',
    { schema: { params: itemParams }, config: signedIn },
    async (request) => {
      const token = await visibleToken(principalOf(request), request.params.entityName, request.params.entityId);
      return historyOf(db, token.id);
    },
  );

  typed.post(
    '/api/wftoken/move/:tokenId/:transitionId',
    { schema: { params: z.object({ tokenId: id, transitionId: id }), body: workflowMoveSchema }, config: signedIn },
    async (request) => {
      const moved = await engine.move(
        principalOf(request),
        { tokenId: request.params.tokenId, transitionId: request.params.transitionId, ...request.body },
        auditContext(request),
      );
      return { success: true, ...moved };
    },
  );

  registerDashboardRoutes(app, db, engine);
}
