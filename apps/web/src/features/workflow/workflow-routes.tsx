import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';

const NodePage = lazyPage(() => import('./node-page').then((module) => module.NodePage));
// the flowchart brings the graph library: a chunk of its own
const WorkflowViewPage = lazyPage(() => import('./workflow-view-page').then((module) => module.WorkflowViewPage));

/**
 * The workflow screens. They have no entity of their own (a node holds orders, attachments, documents...):
 * the server answers 403 for a node or workflow the role does not see, and the screens say so in place.
 */
export const workflowRoutes: RouteObject[] = [
  { path: 'node/:id', element: <NodePage /> },
  { path: 'wf/:id', element: <WorkflowViewPage /> },
];
