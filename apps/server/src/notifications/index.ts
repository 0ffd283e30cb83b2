/** What other domains may use of notifications. */
export { createNotificationsService, notificationBody, type NotificationsService } from './notifications.service.js';
