import { addMessages } from '../../i18n/catalogues';

/** The notifications page's own messages (the badge's are in the shell: ../messages.ts). */
export const notificationsPageMessagesEn = {
  'notifications.new': 'New',
  'notifications.seenNote': 'Opening this page marks your notifications read.',
};

export const notificationsPageMessagesFr: Record<keyof typeof notificationsPageMessagesEn, string> = {
  'notifications.new': 'Nouvelle',
  'notifications.seenNote': 'Ouvrir cette page marque vos notifications comme lues.',
};

addMessages({ en: notificationsPageMessagesEn, fr: notificationsPageMessagesFr });
