// The workflow module's face: what the app and the other modules may use of it (docs/architecture.md).

export { attachmentsToValidateList, marketsToValidateList, ordersToValidateList } from './dashboard-to-validate.js';
export { registerDelegationRoutes } from './delegations.routes.js';
export { SELF_DELEGATION_MESSAGE } from './delegations.service.js';
export { type ProjectAgencyScope, type WorkItemSource, workItemParts } from './work-item-parts.js';
export { registerWorkflowRoutes } from './workflow.routes.js';
export { type Actor, actorsOf } from './workflow-actors.js';
export { listNodes, visibleNodeIds } from './workflow-catalogue.js';
export { registerWorkflowEngine, type WorkflowEngine } from './workflow-engine.js';
export { itemScope, type ResolvedActor, TOKEN_ALIAS, tokenFilterCondition } from './workflow-filters.js';
export { MOVED_MEANWHILE_MESSAGE, moveToken } from './workflow-move.js';
export { workflowNodeCounts } from './workflow-node-tokens.js';
export type { MoveFacts, NodeColumn, WorkflowRegistry, WorkItemKind, WorkItemRef } from './workflow-registry.js';
export { itemsAtNodesSql, nodeCodesSql } from './workflow-sql.js';
export { moveBySystem, placeBySystem } from './workflow-system-move.js';
export { removeToken, startToken, storeItemNode, tokenOfItem } from './workflow-tokens.js';
