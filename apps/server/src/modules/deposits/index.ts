// The deposits module's face: what the app and the other modules may use of it (docs/architecture.md).
export { registerDepositRoutes } from './deposits.routes.js';
