import type { sessionMessagesEn } from './messages';

/** Loaded with the French shell messages (src/i18n/locales.ts), only when French is used. */
export const sessionMessagesFr: Record<keyof typeof sessionMessagesEn, string> = {
  'nav.signIn': 'Se connecter',
  'signIn.title': 'Connexion',
  'account.menu': 'Menu du compte',
  'account.signOut': 'Se déconnecter',
  'account.signOutFailed': 'La déconnexion a échoué.',
  'account.expired': 'Votre session a expiré.',
  'account.visitor': 'Visiteur',
  'account.signedInAs': 'Connecté en tant que',
  'account.startFailed': 'Le portail n’a pas pu se connecter au serveur.',
  'account.whoAmIFailed': 'Le portail n’a pas pu vérifier qui vous êtes.',
  'account.offline': 'Hors ligne',
  'account.retryStart': 'Recharger',
};
