// The deposits module's face: what the app and the other modules may use of it (docs/architecture.md).

export { depositList } from './deposits.lists.js';
export { registerDepositRoutes } from './deposits.routes.js';
