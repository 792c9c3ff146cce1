// The monthly-statements module's face: what the app and the other modules may use of it (docs/architecture.md).
export { registerStatementRoutes } from './monthly-statements.routes.js';
export { tickStatementSchedule } from './statement-schedule.js';
