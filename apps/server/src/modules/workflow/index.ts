// The workflow module's face: what the app and the other modules may use of it (docs/architecture.md).
export { registerDelegationRoutes } from './delegations.routes.js';
export { registerWorkflowRoutes } from './workflow.routes.js';
export { registerWorkflowEngine, type WorkflowEngine } from './workflow-engine.js';
export type { MoveFacts, NodeColumn, WorkflowRegistry, WorkItemKind, WorkItemRef } from './workflow-registry.js';
export { itemsAtNodesSql, nodeCodesSql } from './workflow-sql.js';
export { moveBySystem, placeBySystem } from './workflow-system-move.js';
export { removeToken, startToken, storeItemNode, tokenOfItem } from './workflow-tokens.js';
