// The monthly-statements module's face: what the app and the other modules may use of it (docs/architecture.md).

export { statementList } from './monthly-statements.lists.js';
export { registerStatementRoutes } from './monthly-statements.routes.js';
export { createStatementService } from './monthly-statements.service.js';
export { REVERSE_CHARGE_REASON } from './statement-facturx.js';
export { statementFigures } from './statement-figures.js';
export { generateStatements } from './statement-generation.js';
export { loadStatementPdfData } from './statement-pdf.js';
export { statementPdfDefinition } from './statement-pdf-layout.js';
export { tickStatementSchedule } from './statement-schedule.js';
export { refreshStatementSummaries, statementSummaries } from './statement-summaries.js';
