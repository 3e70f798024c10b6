import { addMessages } from '../i18n/catalogues';

/** The messages of the design system's parts that load with the screens (toasts, the cached-page notice), not in the first download. */
export const uiMessagesEn = {
  'cache.offline': 'Offline: showing what you saw last',
  'toast.dismiss': 'Dismiss',
};

const uiMessagesFr: Record<keyof typeof uiMessagesEn, string> = {
  'cache.offline': 'Hors ligne : voici ce que vous avez vu la dernière fois',
  'toast.dismiss': 'Fermer',
};

addMessages({ en: uiMessagesEn, fr: uiMessagesFr });
