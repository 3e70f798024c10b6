import type { notificationsMessagesEn } from './messages';

/** Loaded with the French shell messages (src/i18n/locales.ts), only when French is used. */
export const notificationsMessagesFr: Record<keyof typeof notificationsMessagesEn, string> = {
  'nav.notifications': 'Notifications',
  'notifications.title': 'Notifications',
  'notifications.visitor':
    'Les notifications appartiennent aux utilisateurs : connectez-vous pour voir les vôtres.',
  'notifications.signInLink': 'Aller à la page de connexion',
  'notifications.loading': 'Chargement des notifications…',
  'notifications.failed': 'Les notifications n’ont pas pu être chargées ou modifiées.',
  'notifications.retry': 'Réessayer',
  'notifications.empty': 'Vous n’avez aucune notification.',
  'notifications.markAllRead': 'Tout marquer comme lu',
  'notifications.unread': 'Non lue',
  'notifications.read': 'Lue',
  'notifications.delete': 'Supprimer',
  'notifications.deleteNamed': 'Supprimer la notification {title}',
  'notifications.untitled': 'Notification',
  'notifications.unreadSummary': '{count} non lues',
  'notifications.badge': '{count} notifications non lues',
  'notifications.badgeOne': '{count} notification non lue',
  'notifications.badgeNone': 'Aucune notification non lue',
  'notifications.unreadFailed': 'Les notifications non lues n’ont pas pu être comptées.',
};
