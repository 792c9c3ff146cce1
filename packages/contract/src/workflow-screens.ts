import { MIN_REFUSAL_COMMENT_LENGTH } from './constants.js';
import {
  NODE_TYPES,
  type NodeType,
  type WorkflowFilter,
  type WorkflowNodeEntry,
  type WorkflowTransitionEntry,
} from './workflow.js';

/** Where a transition leads: the client's pre-checks are chosen by the target node (spec 1 §4). */
export type TransitionTarget = { toNodeCode: string; toNodeName: string; toNodeType: NodeType };

/** A transition of GET /node/{id}/transitions. */
export type NodeTransition = WorkflowTransitionEntry & TransitionTarget;

/** A transition the caller may fire on one item (GET /node/{nodeId}/transitions/{entityId}). */
export type ItemTransition = Omit<NodeTransition, 'workflowName'> & { onBehalfOf: { id: number; name: string } | null };

/** How many tokens of a node each list filter keeps. */
export type WorkflowFilterCounts = Record<WorkflowFilter, number>;

/** GET /node/{id}. */
export type WorkflowNodeDetail = WorkflowNodeEntry & { counts: WorkflowFilterCounts };

/** GET /workflow/{id}/flowchart (spec 1 §2: nodes with id, name, count, node_type; transitions with name, fromNode, toNode). */
export type WorkflowFlowchart = {
  id: number;
  name: string;
  nodes: { id: number; name: string; nodeCode: string; count: number; node_type: NodeType }[];
  transitions: { id: number; name: string; transitionType: number; fromNode: number; toNode: number }[];
};

/** A row of GET /node/{id}/tokens: the generic columns, plus the columns the item's kind adds. */
export type NodeTokenRow = {
  id: number;
  version: number;
  entityName: string;
  entityId: number;
  label: string | null;
  creatorName: string | null;
  createdAt: string;
  updatedAt: string;
  lastComment: string | null;
  [column: string]: unknown;
};

/** GET /wftoken/my-actions: the "has my actions" flag of spec 1 §2. */
export type MyActions = { count: number; hasMyActions: boolean };

/** A node of GET /dashboard/nodes: the workflow process table and "my tasks" of the home dashboard. */
export type DashboardNode = {
  workflowId: number;
  workflowCode: string;
  workflowName: string;
  objectName: string;
  nodeId: number;
  nodeName: string;
  nodeCode: string;
  nodeType: NodeType;
  /** Tokens of the node in the caller's scope (All). */
  count: number;
  /** Tokens of the node the caller must move forward (My tasks). */
  haveToDo: number;
  /** The count stopped at `count` (the lists' cap, LIST_COUNT_CAP): more items are there ("plus de 10 000"). */
  countCapped?: boolean;
  /** The same for `haveToDo`. */
  haveToDoCapped?: boolean;
};

/** Orders counted as running on the home dashboard: validated by the subcontractor, not closed yet. */
export const RUNNING_ORDER_NODE_CODES = ['os_validated'] as const;

/** A row of GET /dashboard/runningorders. */
export type RunningOrderRow = {
  id: number;
  entityId: number;
  label: string | null;
  nodeName: string;
  updatedAt: string;
  amount: string | null;
};

/** GET /dashboard/runningorders/amount: the amount is null while orders do not say their amount. */
export type RunningOrdersAmount = { count: number; amount: string | null };

/** Rows a page of GET /dashboard/orderstovalidate, /marketstovalidate and /attachementstovalidate holds when the query names no size. */
export const TO_VALIDATE_PAGE_SIZE = 10;

/** What the caller has to act on, common to the "to validate" rows: the step the item waits on, and since when. */
type ToValidateRow = {
  id: number;
  nodeId: number;
  nodeName: string;
  nodeCode: string;
  agencyId: number;
  agencyName: string;
  projectId: number;
  projectName: string;
  /** When the item reached its step (ISO timestamp). */
  since: string;
};

/** A row of GET /dashboard/orderstovalidate: the orders the caller has to move forward (My tasks). */
export type OrderToValidateRow = ToValidateRow & {
  reference: string;
  name: string;
  marketId: number;
  marketEdifice: string;
  /** Total excluding tax, a decimal string. */
  amount: string;
};

/** A row of GET /dashboard/marketstovalidate: the subcontractor markets the caller has to move forward. */
export type MarketToValidateRow = ToValidateRow & {
  edifice: string;
  /** The DC4 ceiling of the market, a decimal string. */
  amount: string;
};

/** A row of GET /dashboard/attachementstovalidate: the attachments the caller has to move forward. */
export type AttachmentToValidateRow = ToValidateRow & {
  reference: string;
  orderId: number;
  orderReference: string;
  orderName: string;
  marketId: number;
  marketEdifice: string;
  /** The attachment's amount excluding tax, a decimal string. */
  amount: string;
};

/** Whether a move is a refusal or a return to draft: its target is an error node or a start node (spec 1 §4, §5). */
export function isRefusalOrReturnToDraft(toNodeType: number): boolean {
  return toNodeType === NODE_TYPES.error || toNodeType === NODE_TYPES.start;
}

/** Spec 1 §5: a refusal or a return to draft needs a comment of at least 5 characters (trimmed). */
export function refusalCommentMissing(toNodeType: number, comment: string | null | undefined): boolean {
  return isRefusalOrReturnToDraft(toNodeType) && (comment ?? '').trim().length < MIN_REFUSAL_COMMENT_LENGTH;
}
