import { addMessages } from '../../i18n/catalogues';

/** The "sign in first" offer's messages (and the sign-in page's way back): they load with the screens that use them. */
export const signInFirstMessagesEn = {
  'signInFirst.title': 'Sign in first',
  'signInFirst.text': '“{action}” is for signed-in users. Sign in and you will come back to this page.',
  'signInFirst.signIn': 'Sign in',
  'signInFirst.cancel': 'Not now',
  'signIn.goBack': 'Go back to the page you were on',
};

const signInFirstMessagesFr: Record<keyof typeof signInFirstMessagesEn, string> = {
  'signInFirst.title': 'Connectez-vous d’abord',
  'signInFirst.text':
    '« {action} » est réservé aux utilisateurs connectés. Connectez-vous et vous reviendrez sur cette page.',
  'signInFirst.signIn': 'Se connecter',
  'signInFirst.cancel': 'Plus tard',
  'signIn.goBack': 'Revenir à la page où vous étiez',
};

addMessages({ en: signInFirstMessagesEn, fr: signInFirstMessagesFr });
