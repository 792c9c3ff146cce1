import {
  ATTACHEMENT_NODE_CODES,
  ATTACHEMENT_TRANSITION_CODES,
  DOCUMENT_NODE_CODES,
  DOCUMENT_TRANSITION_CODES,
  ENVELOPE_NODE_CODES,
  ENVELOPE_TRANSITION_CODES,
  HIDDEN_TRANSITION_CODES,
  MARKET_NODE_CODES,
  MARKET_TRANSITION_CODES,
  ORDER_NODE_CODES,
  ORDER_TRANSITION_CODES,
  type RoleRecord,
  type WorkflowNodeEntry,
  type WorkflowTokenRecord,
  type WorkflowTransitionEntry,
} from '@isf/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  attachments,
  orders,
  roles,
  roleWorkflowNodes,
  roleWorkflowTransitions,
  workflowNodes,
  workflows,
  workflowTokenHistory,
  workflowTokens,
  workflowTransitions,
} from '../src/db/schema/index.js';
import { UNKNOWN_NODE_MESSAGE } from '../src/modules/roles/index.js';
import { seedWorkflowDemo, seedWorkflowsIfMissing } from '../src/seed/workflow-seed.js';
import { actingAs, countRows, createTestApp, inject, login } from './helper.js';
import { expectStatus, grant, newDocument, nodesOf, seededWorkflow } from './workflow-fixtures.js';

const testApp = await createTestApp();
const { app, db } = testApp;
const admin = await login(app, 'admin', 'admin');

afterAll(async () => {
  await testApp.close();
});

async function catalogue() {
  const nodes = await inject(app, { method: 'GET', url: '/api/workflows/nodes', token: admin });
  const transitions = await inject(app, { method: 'GET', url: '/api/workflows/transitions', token: admin });
  expectStatus(nodes, 200);
  expectStatus(transitions, 200);
  return { nodes: nodes.json<WorkflowNodeEntry[]>(), transitions: transitions.json<WorkflowTransitionEntry[]>() };
}

describe('the reference workflows', () => {
  const expected: [string, readonly string[], readonly string[]][] = [
    ['service_order', ORDER_NODE_CODES, ORDER_TRANSITION_CODES],
    ['attachement', ATTACHEMENT_NODE_CODES, ATTACHEMENT_TRANSITION_CODES],
    ['envelope', ENVELOPE_NODE_CODES, ENVELOPE_TRANSITION_CODES],
    ['subcontractor_market', MARKET_NODE_CODES, MARKET_TRANSITION_CODES],
    ['document', DOCUMENT_NODE_CODES, DOCUMENT_TRANSITION_CODES],
  ];

  it.each(expected)(
    '%s has every node and transition code of the spec, links inside the workflow, one start node',
    async (code, nodeCodes, transitionCodes) => {
      const { nodes, transitions } = await catalogue();
      const workflow = await seededWorkflow(db, code);
      const mine = nodes.filter((node) => node.workflowId === workflow.id);
      expect(mine.map((node) => node.nodeCode).sort()).toEqual([...nodeCodes].sort());
      expect(mine.filter((node) => node.nodeType === 1)).toHaveLength(1);
      const links = transitions.filter((transition) => transition.workflowId === workflow.id);
      expect([...new Set(links.map((transition) => transition.transitionCode))].sort()).toEqual([...transitionCodes].sort());
      const ids = new Set(mine.map((node) => node.id));
      for (const link of links) {
        expect(ids.has(link.fromNode) && ids.has(link.toNode), link.transitionCode).toBe(true);
        expect(link.hidden).toBe((HIDDEN_TRANSITION_CODES as readonly string[]).includes(link.transitionCode));
      }
      // every node but the start is reachable
      const reached = new Set(links.map((link) => link.toNode));
      expect(mine.filter((node) => node.nodeType !== 1 && !reached.has(node.id))).toEqual([]);
    },
  );

  it('is seeded idempotently, and the administrator role has every node and transition', async () => {
    const before = await catalogue();
    await seedWorkflowDemo(db);
    const after = await catalogue();
    expect(after.nodes).toHaveLength(before.nodes.length);
    expect(after.transitions).toHaveLength(before.transitions.length);
    const [adminRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Administrateur'));
    const role = await inject(app, { method: 'GET', url: `/api/role/${adminRole?.id}`, token: admin });
    expect(role.json<RoleRecord>().nodes).toHaveLength(after.nodes.length);
    expect(role.json<RoleRecord>().transitions).toHaveLength(after.transitions.length);
  });

  it('has the workflow personas of the demo, who can sign in', async () => {
    for (const uid of ['valideur', 'sst', 'comptable']) {
      await login(app, uid, uid);
    }
  });

  it('are catalogues of the role editor: the role read right is needed', async () => {
    const other = await actingAs(testApp);
    expectStatus(await inject(app, { method: 'GET', url: '/api/workflows/nodes', token: other.token }), 403);
  });
});

describe('GET /workflow/{id} and its flowchart', () => {
  it('answer the nodes and transitions, with the token counts, to a role that sees a node of it', async () => {
    const workflow = await seededWorkflow(db, 'document');
    const nodes = await nodesOf(db, workflow.id);
    const viewer = await actingAs(testApp, { read: ['document', 'project'] });
    const url = `/api/workflow/${workflow.id}/flowchart`;
    expectStatus(await inject(app, { method: 'GET', url, token: viewer.token }), 403);
    await grant(db, viewer.roleId, { nodes: [nodes.get('doc_draft') ?? 0] });
    await newDocument(app, db, admin);
    const flowchart = await inject(app, { method: 'GET', url, token: viewer.token });
    expectStatus(flowchart, 200);
    const body = flowchart.json<{
      name: string;
      nodes: { id: number; count: number; node_type: number }[];
      transitions: unknown[];
    }>();
    expect(body.name).toBe('Document');
    expect(body.nodes).toHaveLength(DOCUMENT_NODE_CODES.length);
    expect(body.nodes.find((node) => node.id === nodes.get('doc_draft'))?.count).toBeGreaterThanOrEqual(1);
    expect(body.transitions).toHaveLength(DOCUMENT_TRANSITION_CODES.length);
    expectStatus(await inject(app, { method: 'GET', url: `/api/workflow/${workflow.id}`, token: viewer.token }), 200);
    expectStatus(await inject(app, { method: 'GET', url: '/api/workflow/999999', token: viewer.token }), 404);
  });
});

describe('documents as work items', () => {
  it('start on doc_draft with a first history step; the token follows the owner’s scope; deletion removes it', async () => {
    const { documentId, tokenId } = await newDocument(app, db, admin);
    const token = await inject(app, { method: 'GET', url: `/api/wftoken/document/${documentId}`, token: admin });
    expectStatus(token, 200);
    expect(token.json<WorkflowTokenRecord>()).toMatchObject({
      id: tokenId,
      node: { nodeCode: 'doc_draft', nodeType: 1 },
      workflow: { code: 'document' },
    });
    const history = await inject(app, { method: 'GET', url: `/api/wftoken/history/document/${documentId}`, token: admin });
    expect(history.json()).toEqual([
      expect.objectContaining({ fromNode: null, toNode: expect.objectContaining({ nodeCode: 'doc_draft' }) }),
    ]);

    const outsider = await actingAs(testApp, { read: ['document', 'project'], visibility: 2 });
    expectStatus(await inject(app, { method: 'GET', url: `/api/wftoken/document/${documentId}`, token: outsider.token }), 404);
    const withoutRight = await actingAs(testApp, { read: ['project'] });
    expectStatus(
      await inject(app, { method: 'GET', url: `/api/wftoken/history/document/${documentId}`, token: withoutRight.token }),
      404,
    );

    expectStatus(await inject(app, { method: 'DELETE', url: `/api/document/${documentId}`, token: admin }), 200);
    expect(await countRows(db, workflowTokens, eq(workflowTokens.id, tokenId))).toBe(0);
    expectStatus(await inject(app, { method: 'GET', url: `/api/wftoken/document/${documentId}`, token: admin }), 404);
  });
});

describe('the Workflow tab of a role', () => {
  it('saves the nodes and transitions with the role; a payload without them keeps them; unknown ids are refused', async () => {
    const { nodes, transitions } = await catalogue();
    const created = await inject(app, {
      method: 'POST',
      url: '/api/role',
      token: admin,
      payload: {
        name: 'Rôle workflow',
        description: 'Test',
        visibility: 1,
        nodes: [nodes[0]?.id],
        transitions: [transitions[0]?.id],
      },
    });
    expectStatus(created, 200);
    const id = created.json<{ id: number }>().id;
    const read = async () => (await inject(app, { method: 'GET', url: `/api/role/${id}`, token: admin })).json<RoleRecord>();
    expect(await read()).toMatchObject({ nodes: [nodes[0]?.id], transitions: [transitions[0]?.id] });

    const role = await read();
    const chosen = { nodes: [nodes[1]?.id ?? 0, nodes[2]?.id ?? 0], transitions: [transitions[1]?.id ?? 0] };
    const updated = await inject(app, { method: 'PUT', url: `/api/role/${id}`, token: admin, payload: { ...role, ...chosen } });
    expectStatus(updated, 200);
    expect(updated.json<{ record: RoleRecord }>().record).toMatchObject({
      nodes: [...chosen.nodes].sort((a, b) => a - b),
      transitions: chosen.transitions,
    });

    const { nodes: _nodes, transitions: _transitions, ...withoutWorkflow } = await read();
    expectStatus(await inject(app, { method: 'PUT', url: `/api/role/${id}`, token: admin, payload: withoutWorkflow }), 200);
    expect(await read()).toMatchObject({ transitions: chosen.transitions });

    const current = await read();
    const unknown = await inject(app, {
      method: 'PUT',
      url: `/api/role/${id}`,
      token: admin,
      payload: { ...current, nodes: [999_999] },
    });
    expectStatus(unknown, 400);
    expect(unknown.json().detail).toBe(UNKNOWN_NODE_MESSAGE);
    expect((await read()).version).toBe(current.version);
    const counted = await db.execute(sql`SELECT count(*)::int AS total FROM role_workflow_nodes WHERE role_id = ${id}`);
    expect((counted as unknown as { rows: { total: number }[] }).rows[0]?.total).toBe(2);
  });
});

describe('the reference workflows at start-up', () => {
  it('are added to a database without workflows, and a database holding some is left as it is', async () => {
    expect(await seedWorkflowsIfMissing(db)).toBe(false);
    const rolledBack = new Error('roll back');
    await expect(
      db.transaction(async (transaction) => {
        // the work items keep their current node (issue 14): a database without workflows has none
        await transaction.update(orders).set({ wfNodeId: null });
        await transaction.update(attachments).set({ wfNodeId: null });
        for (const table of [
          workflowTokenHistory,
          workflowTokens,
          roleWorkflowTransitions,
          roleWorkflowNodes,
          workflowTransitions,
          workflowNodes,
          workflows,
        ]) {
          await transaction.delete(table);
        }
        expect(await seedWorkflowsIfMissing(transaction)).toBe(true);
        expect(await countRows(transaction, workflows)).toBe(5);
        expect(await countRows(transaction, workflowNodes, eq(workflowNodes.code, 'os_validation_cdp'))).toBe(1);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await countRows(db, workflows)).toBe(5);
  });
});
