// The projects module's face: what the app and the other modules may use of it (docs/architecture.md).
export { projectList } from './projects.list.js';
export { registerProjectRoutes } from './projects.routes.js';
export type { ProjectService } from './projects.service.js';
