// The price-schedules module's face: what the app and the other modules may use of it (docs/architecture.md).

export { IMPORT_BATCH_LINES } from './bpu-template-import.js';
export type { BpuTemplateService } from './bpu-templates.service.js';
export type { BpuService } from './bpus.service.js';
export type { CategoryService } from './categories.service.js';
export { normalizeName } from './category-merge.js';
export { formatCsvCost } from './costs.js';
export { assertHeader, importRefused, type ParsedCsv, parseCsv, readCsvUpload } from './csv-import.js';
export { prestationOrder, prestationSortQuery } from './prestation-rows.js';
export { prestationList } from './price-schedules.lists.js';
export { registerPriceScheduleRoutes } from './price-schedules.routes.js';
