import { addMessages } from '../../i18n/catalogues';

/** The "sign in first" offer's messages: they load with the screens that offer a user-only action. */
export const signInFirstMessagesEn = {
  'signInFirst.title': 'Sign in first',
  'signInFirst.text': '“{action}” is for signed-in users. Sign in and you will come back to this page.',
  'signInFirst.signIn': 'Sign in',
  'signInFirst.cancel': 'Not now',
};

export const signInFirstMessagesFr: Record<keyof typeof signInFirstMessagesEn, string> = {
  'signInFirst.title': 'Connectez-vous d’abord',
  'signInFirst.text':
    '« {action} » est réservé aux utilisateurs connectés. Connectez-vous et vous reviendrez sur cette page.',
  'signInFirst.signIn': 'Se connecter',
  'signInFirst.cancel': 'Plus tard',
};

addMessages({ en: signInFirstMessagesEn, fr: signInFirstMessagesFr });
