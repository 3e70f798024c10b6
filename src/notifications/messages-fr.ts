import type { notificationsMessagesEn } from './messages';

/** Loaded with the French shell messages (src/i18n/locales.ts), only when French is used. */
export const notificationsMessagesFr: Record<keyof typeof notificationsMessagesEn, string> = {
  'nav.notifications': 'Notifications',
  'notifications.badge': '{count} notifications non lues',
  'notifications.badgeOne': '{count} notification non lue',
  'notifications.badgeNone': 'Aucune notification non lue',
  'notifications.unreadFailed': 'Les notifications non lues n’ont pas pu être comptées.',
};
