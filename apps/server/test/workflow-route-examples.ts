import { userIdOf } from './helper.js';
import type { ExampleContext, RouteExample } from './route-examples.js';
import { delegate, grant, newTestToken, roleOf, TEST_ITEM, testWorkflow } from './workflow-fixtures.js';

/** The caller's role (the administrator's for an anonymous call, which is refused before the handler). */
async function callerRole(context: ExampleContext): Promise<number> {
  return roleOf(context.db, context.caller?.userId ?? (await userIdOf(context.db, 'admin')));
}

/** The test workflow, with the caller's role seeing its nodes (and firing `transitions` when given). */
async function visibleTestWorkflow(context: ExampleContext, transitions: string[] = []) {
  const workflow = await testWorkflow(context.app, context.db);
  await grant(context.db, await callerRole(context), {
    nodes: [...workflow.nodeIds.values()],
    transitions: transitions.map((code) => workflow.transition(code)),
  });
  return workflow;
}

const onNode =
  (suffix = ''): RouteExample =>
  async (context) => {
    const workflow = await visibleTestWorkflow(context);
    return { url: `/api/node/${workflow.node('test_draft')}${suffix}` };
  };

const onWorkflow =
  (suffix = ''): RouteExample =>
  async (context) => ({ url: `/api/workflow/${(await visibleTestWorkflow(context)).id}${suffix}` });

const item =
  (prefix: string): RouteExample =>
  async (context) => {
    await visibleTestWorkflow(context);
    const { projectId } = await newTestToken(context.db);
    return { url: `${prefix}/${TEST_ITEM}/${projectId}` };
  };

async function userUrl(context: ExampleContext, prefix: string) {
  return { url: `${prefix}/${await userIdOf(context.db, 'lecteur')}` };
}

/** Valid requests for the workflow and delegation routes (spec 1 §7, spec 3 §7). */
export const WORKFLOW_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'GET /api/workflow/:id': onWorkflow(),
  'GET /api/workflow/:id/flowchart': onWorkflow('/flowchart'),
  'GET /api/node/:id': onNode(),
  'GET /api/node/:id/transitions': onNode('/transitions'),
  'GET /api/node/:id/tokens': onNode('/tokens'),
  'GET /api/node/:nodeId/transitions/:entityId': async (context) => {
    const workflow = await visibleTestWorkflow(context, ['test_submit']);
    const { projectId } = await newTestToken(context.db);
    return { url: `/api/node/${workflow.node('test_draft')}/transitions/${projectId}` };
  },
  'GET /api/wftoken/:entityName/:entityId': item('/api/wftoken'),
  'GET /api/wftoken/history/:entityName/:entityId': item('/api/wftoken/history'),
  'POST /api/wftoken/move/:tokenId/:transitionId': async (context) => {
    const workflow = await visibleTestWorkflow(context, ['test_submit']);
    const { tokenId } = await newTestToken(context.db);
    return { url: `/api/wftoken/move/${tokenId}/${workflow.transition('test_submit')}`, payload: { comment: 'Exemple' } };
  },

  'GET /api/delegation/all/:userId': (context) => userUrl(context, '/api/delegation/all'),
  'GET /api/delegation/user-delegations/:userId': (context) => userUrl(context, '/api/delegation/user-delegations'),
  'GET /api/delegation/users/:id': (context) => userUrl(context, '/api/delegation/users'),
  'POST /api/delegation/create': async (context) => ({
    url: '/api/delegation/create',
    payload: { delegateTo: await userIdOf(context.db, 'lecteur'), startDate: '2030-01-01', endDate: '2030-01-31' },
  }),
  'DELETE /api/delegation/:id': async (context) => {
    const from = context.caller?.userId ?? (await userIdOf(context.db, 'admin'));
    return { url: `/api/delegation/${await delegate(context.db, from, await userIdOf(context.db, 'lecteur'), 0, 1)}` };
  },
};
