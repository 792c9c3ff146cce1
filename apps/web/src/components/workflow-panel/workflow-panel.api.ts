import type { ItemTransition, TokenHistoryEntry, WorkflowTokenRecord } from '@isf/contract';
import { ApiError, api, reportApiError } from '../../lib/api-client';

/** A work item: the object name of its workflow (`document`, `order`, ...) and its id. */
export type WorkItemRef = { entity: string; entityId: number };

export type MoveReply = { success: boolean; tokenId?: number; onBehalfOfId?: number | null };

export function workItemQueryKey(item: WorkItemRef): readonly unknown[] {
  return ['workflow-item', item.entity, item.entityId];
}

/**
 * The item's token (its statusWF), or null for an item outside the workflows (404, shown in place);
 * other failures go to the global handling.
 */
export async function fetchToken(item: WorkItemRef): Promise<WorkflowTokenRecord | null> {
  try {
    return await api.get<WorkflowTokenRecord>(`/wftoken/${item.entity}/${item.entityId}`, { silent: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return null;
    }
    if (error instanceof ApiError) {
      reportApiError(error);
    }
    throw error;
  }
}

export function fetchItemTransitions(nodeId: number, entityId: number): Promise<ItemTransition[]> {
  return api.get<ItemTransition[]>(`/node/${nodeId}/transitions/${entityId}`);
}

export function fetchHistory(item: WorkItemRef): Promise<TokenHistoryEntry[]> {
  return api.get<TokenHistoryEntry[]>(`/wftoken/history/${item.entity}/${item.entityId}`);
}

/**
 * POST /wftoken/move, silent: the caller reports a refusal (403, 409, 422) beside the item instead of the
 * global handling, which would end the session on a 403.
 */
export function moveToken(tokenId: number, transitionId: number, comment: string, version?: number): Promise<MoveReply> {
  return api.post<MoveReply>(`/wftoken/move/${tokenId}/${transitionId}`, { comment, version }, { silent: true });
}
