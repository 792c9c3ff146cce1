// The popups module's face: what the app and the other modules may use of it (docs/architecture.md).
export { registerPopupRoutes } from './popups.routes.js';
export type { PopupService } from './popups.service.js';
