import { addMessages } from '../../i18n/catalogues';

/** The sign-in page's and the password form's messages: they load with those screens, not with the shell. */
export const signInMessagesEn = {
  'signIn.intro': 'Sign in to work with your carts, saved searches and imports.',
  'signIn.login': 'Login',
  'signIn.password': 'Password',
  'signIn.submit': 'Sign in',
  'signIn.busy': 'Signing in…',
  'signIn.failed': 'Sign-in failed.',
  'signIn.providers': 'Or sign in with',
  'signIn.provider': 'Sign in with {name}',
  'signIn.providersFailed': 'The single sign-on providers could not be loaded.',
  'signIn.retryProviders': 'Try again',
  'signIn.demoHint':
    'Demo accounts: alice, bob, carol (password = login); dave must change his password first.',
  'signIn.signedInAs': 'You are signed in as {name}.',
  'signIn.expired': 'Your session expired. Please sign in again.',
  'password.title': 'Change your password',
  'password.mustChange': 'You must change your password before you can sign in.',
  'password.current': 'Current password',
  'password.new': 'New password',
  'password.confirm': 'Confirm new password',
  'password.submit': 'Change password',
  'password.busy': 'Changing the password…',
  'password.mismatch': 'The new passwords do not match.',
  'password.empty': 'The new password must not be empty.',
  'password.failed': 'The password could not be changed.',
  'password.changed': 'Your password was changed.',
};

const signInMessagesFr: Record<keyof typeof signInMessagesEn, string> = {
  'signIn.intro':
    'Connectez-vous pour travailler avec vos paniers, vos recherches enregistrées et vos imports.',
  'signIn.login': 'Identifiant',
  'signIn.password': 'Mot de passe',
  'signIn.submit': 'Se connecter',
  'signIn.busy': 'Connexion…',
  'signIn.failed': 'La connexion a échoué.',
  'signIn.providers': 'Ou connectez-vous avec',
  'signIn.provider': 'Se connecter avec {name}',
  'signIn.providersFailed': 'Les fournisseurs d’authentification unique n’ont pas pu être chargés.',
  'signIn.retryProviders': 'Réessayer',
  'signIn.demoHint':
    'Comptes de démonstration : alice, bob, carol (mot de passe = identifiant) ; dave doit d’abord changer son mot de passe.',
  'signIn.signedInAs': 'Vous êtes connecté en tant que {name}.',
  'signIn.expired': 'Votre session a expiré. Veuillez vous reconnecter.',
  'password.title': 'Changez votre mot de passe',
  'password.mustChange': 'Vous devez changer votre mot de passe avant de pouvoir vous connecter.',
  'password.current': 'Mot de passe actuel',
  'password.new': 'Nouveau mot de passe',
  'password.confirm': 'Confirmez le nouveau mot de passe',
  'password.submit': 'Changer le mot de passe',
  'password.busy': 'Changement du mot de passe…',
  'password.mismatch': 'Les nouveaux mots de passe ne correspondent pas.',
  'password.empty': 'Le nouveau mot de passe ne doit pas être vide.',
  'password.failed': 'Le mot de passe n’a pas pu être changé.',
  'password.changed': 'Votre mot de passe a été changé.',
};

addMessages({ en: signInMessagesEn, fr: signInMessagesFr });
