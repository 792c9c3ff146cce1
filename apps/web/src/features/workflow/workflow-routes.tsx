import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { NodePage } from './node-page';

// the flowchart brings the graph library: out of the main bundle
const WorkflowViewPage = lazy(() => import('./workflow-view-page').then((module) => ({ default: module.WorkflowViewPage })));

/**
 * The workflow screens. They have no entity of their own (a node holds orders, attachments, documents...):
 * the server answers 403 for a node or workflow the role does not see, and the screens say so in place.
 */
export const workflowRoutes: RouteObject[] = [
  { path: 'node/:id', element: <NodePage /> },
  {
    path: 'wf/:id',
    element: (
      <Suspense fallback={<Skeleton active />}>
        <WorkflowViewPage />
      </Suspense>
    ),
  },
];
