// The tasks module's face: what the app and the other modules may use of it (docs/architecture.md).
export { registerTaskRoutes } from './tasks.routes.js';
