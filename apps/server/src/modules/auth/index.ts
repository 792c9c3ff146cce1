// The auth module's face: what the app and the other modules may use of it (docs/architecture.md).
export { registerAuthRoutes } from './auth.routes.js';
export { profileAnomaly } from './auth.service.js';
