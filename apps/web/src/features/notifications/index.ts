// The face of the notifications feature: what the app uses of it.

/** A notification as the list and the shell's bell show it. */
export { NotificationContent } from './notification-content';
/** The notification screens, mounted by the app's router. */
export { notificationRoutes } from './notification-routes';
/** The latest notifications and their marking, read by the shell's bell. */
export { fetchLatestNotifications, latestNotificationsKey, useMarkNotification } from './notifications.api';
/** The actions a hovered notification delays (its marking as read), used by the shell's bell. */
export { useDelayedActions } from './use-delayed-actions';
