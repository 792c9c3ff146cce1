// The evaluations module's face: what the app and the other modules may use of it (docs/architecture.md).
export { registerEvaluationRoutes } from './evaluations.routes.js';
