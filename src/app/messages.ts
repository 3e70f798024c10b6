import { addMessages } from '../i18n/catalogues';

/** The messages of the shell's rare pages ("Page not found", "The portal is not available"): they load with those pages, not in the first download. */
export const appPagesMessagesEn = {
  'notFound.title': 'Page not found',
  'notFound.text': 'There is nothing at {path}.',
  'notFound.home': 'Back to the home page',
  'unavailable.title': 'The portal is not available',
  'unavailable.default': 'The application is not available at the moment.',
  'unavailable.invalid': 'The application is in an invalid state and must be reset.',
  'unavailable.reset': 'Reset',
};

const appPagesMessagesFr: Record<keyof typeof appPagesMessagesEn, string> = {
  'notFound.title': 'Page introuvable',
  'notFound.text': 'Il n’y a rien à l’adresse {path}.',
  'notFound.home': 'Retour à l’accueil',
  'unavailable.title': 'Le portail n’est pas disponible',
  'unavailable.default': 'L’application n’est pas disponible pour le moment.',
  'unavailable.invalid': 'L’application est dans un état invalide et doit être réinitialisée.',
  'unavailable.reset': 'Réinitialiser',
};

addMessages({ en: appPagesMessagesEn, fr: appPagesMessagesFr });
