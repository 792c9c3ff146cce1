// The roles module's face: what the app and the other modules may use of it (docs/architecture.md).
export { mayEditUserWithRole } from './role-hierarchy.js';
export { UNKNOWN_NODE_MESSAGE } from './role-workflow-rights.js';
export { registerRoleRoutes } from './roles.routes.js';
export { loadRoleParents } from './roles.service.js';
