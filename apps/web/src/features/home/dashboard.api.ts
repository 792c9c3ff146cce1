import type { DashboardNode, ListReply, RunningOrderRow, RunningOrdersAmount } from '@isf/contract';
import { api } from '../../lib/api-client';

export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;

/** Rows of the running orders table on the home screen. */
export const RUNNING_ORDERS_SHOWN = 10;

/** The items the user has to move forward (My tasks), per kind: list paths of the generic list engine. */
export const ORDERS_TO_VALIDATE_PATH = '/dashboard/orderstovalidate';
export const MARKETS_TO_VALIDATE_PATH = '/dashboard/marketstovalidate';
export const ATTACHMENTS_TO_VALIDATE_PATH = '/dashboard/attachementstovalidate';

export function fetchDashboardNodes(): Promise<DashboardNode[]> {
  return api.get<DashboardNode[]>('/dashboard/nodes');
}

export function fetchRunningOrders(): Promise<ListReply<RunningOrderRow>> {
  return api.get<ListReply<RunningOrderRow>>('/dashboard/runningorders', {
    query: { size: RUNNING_ORDERS_SHOWN, sort: 'updatedAt,desc' },
  });
}

export function fetchRunningOrdersAmount(): Promise<RunningOrdersAmount> {
  return api.get<RunningOrdersAmount>('/dashboard/runningorders/amount');
}

/** The nodes holding some of the user's tasks, grouped by workflow in the workflows' order. */
export function tasksByWorkflow(nodes: readonly DashboardNode[]) {
  const groups = new Map<number, { workflowId: number; workflowName: string; nodes: DashboardNode[]; total: number }>();
  for (const node of nodes.filter((candidate) => candidate.haveToDo > 0)) {
    const group = groups.get(node.workflowId) ?? {
      workflowId: node.workflowId,
      workflowName: node.workflowName,
      nodes: [],
      total: 0,
    };
    group.nodes.push(node);
    group.total += node.haveToDo;
    groups.set(node.workflowId, group);
  }
  return [...groups.values()];
}
