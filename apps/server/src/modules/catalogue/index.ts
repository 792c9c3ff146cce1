// The catalogue module's face: what the app and the other modules may use of it (docs/architecture.md).
export { registerCatalogueRoutes } from './catalogue.routes.js';
