// The notifications module's face: what the app and the other modules may use of it (docs/architecture.md).
export { registerNotificationRoutes } from './notifications.routes.js';
export type { NotificationService } from './notifications.service.js';
export { notify, notifySelected, type SelectedNotification } from './notify.js';
export { notifyTaskFailure } from './task-failures.js';
