// The users module's face: what the app and the other modules may use of it (docs/architecture.md).
export { userList } from './users.lists.js';
export { registerUserRoutes } from './users.routes.js';
