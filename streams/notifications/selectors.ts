import type { Notification } from './api';
import type { NotificationsState } from './reducer';

export type { Notification };

export type WithNotifications = { notifications: NotificationsState };

export const selectNotifications = (state: WithNotifications) => state.notifications;
/** The header badge: null until the server answered, 0 when everything is read. */
export const selectUnreadCount = (state: WithNotifications): number | null => state.notifications.unreadCount;
/** Why the last unread count failed, until one succeeds. */
export const selectUnreadCountFailure = (state: WithNotifications) => state.notifications.unreadError;
