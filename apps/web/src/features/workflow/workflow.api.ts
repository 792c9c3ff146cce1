import type { MyActions, NodeTransition, WorkflowFlowchart, WorkflowNodeDetail } from '@isf/contract';
import { ApiError, api, reportApiError } from '../../lib/api-client';

/** Why a workflow screen cannot show: the node or workflow is not the role's (403) or does not exist (404). */
export type ScreenRefusal = 'forbidden' | 'notFound';

/**
 * A screen's first call, silent: a node the role does not see answers 403, which must not end the
 * session (spec 1 §8); the screen says so in place. Other failures go to the global handling.
 */
async function screenCall<Reply>(path: string): Promise<Reply | ScreenRefusal> {
  try {
    return await api.get<Reply>(path, { silent: true });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
      return error.status === 403 ? 'forbidden' : 'notFound';
    }
    if (error instanceof ApiError) {
      reportApiError(error);
    }
    throw error;
  }
}

export function fetchNode(nodeId: number): Promise<WorkflowNodeDetail | ScreenRefusal> {
  return screenCall<WorkflowNodeDetail>(`/node/${nodeId}`);
}

export function fetchFlowchart(workflowId: number): Promise<WorkflowFlowchart | ScreenRefusal> {
  return screenCall<WorkflowFlowchart>(`/workflow/${workflowId}/flowchart`);
}

/** The transitions of the node that the user's role (or a delegator's) may fire. */
export function fetchNodeTransitions(nodeId: number): Promise<NodeTransition[]> {
  return api.get<NodeTransition[]>(`/node/${nodeId}/transitions`);
}

export const MY_ACTIONS_QUERY_KEY = ['workflow', 'my-actions'] as const;

export function fetchMyActions(): Promise<MyActions> {
  return api.get<MyActions>('/wftoken/my-actions');
}

export function nodeTokensPath(nodeId: number): string {
  return `/node/${nodeId}/tokens`;
}
