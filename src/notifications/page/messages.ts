import { addMessages } from '../../i18n/catalogues';

/** The notifications page's messages: they load with the page (the badge's are in the shell: ../messages.ts). */
export const notificationsPageMessagesEn = {
  'notifications.title': 'Notifications',
  'notifications.visitor': 'Notifications belong to users: sign in to see yours.',
  'notifications.signInLink': 'Go to the sign-in page',
  'notifications.loading': 'Loading the notifications…',
  'notifications.failed': 'The notifications could not be loaded or changed.',
  'notifications.retry': 'Try again',
  'notifications.empty': 'You have no notifications.',
  'notifications.delete': 'Delete',
  'notifications.deleteNamed': 'Delete notification {title}',
  'notifications.untitled': 'Notification',
  'notifications.new': 'New',
  'notifications.seenNote': 'Opening this page marks your notifications read.',
};

const notificationsPageMessagesFr: Record<keyof typeof notificationsPageMessagesEn, string> = {
  'notifications.title': 'Notifications',
  'notifications.visitor':
    'Les notifications appartiennent aux utilisateurs : connectez-vous pour voir les vôtres.',
  'notifications.signInLink': 'Aller à la page de connexion',
  'notifications.loading': 'Chargement des notifications…',
  'notifications.failed': 'Les notifications n’ont pas pu être chargées ou modifiées.',
  'notifications.retry': 'Réessayer',
  'notifications.empty': 'Vous n’avez aucune notification.',
  'notifications.delete': 'Supprimer',
  'notifications.deleteNamed': 'Supprimer la notification {title}',
  'notifications.untitled': 'Notification',
  'notifications.new': 'Nouvelle',
  'notifications.seenNote': 'Ouvrir cette page marque vos notifications comme lues.',
};

addMessages({ en: notificationsPageMessagesEn, fr: notificationsPageMessagesFr });
