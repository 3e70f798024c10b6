/** The header's link and unread badge (the page's messages load with it: ./page/messages.ts). */
export const notificationsMessagesEn = {
  'nav.notifications': 'Notifications',
  'notifications.badge': '{count} unread notifications',
  'notifications.badgeOne': '{count} unread notification',
  'notifications.badgeNone': 'No unread notifications',
  'notifications.unreadFailed': 'The unread notifications could not be counted.',
};
