// The help module's face: what the app and the other modules may use of it (docs/architecture.md).
export { registerHelpRoutes } from './help.routes.js';
