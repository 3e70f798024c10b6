import { notificationsMessagesFr } from '../notifications/messages-fr';
import { sessionMessagesFr } from '../session/messages-fr';
import type { en } from './messages-en';
import type { shellMessagesEn } from './messages-en';

const shellMessages: Record<keyof typeof shellMessagesEn, string> = {
  'app.loading': 'Chargement du portail…',
  'app.skipToContent': 'Aller au contenu',
  'nav.label': 'Navigation principale',
  'nav.carts': 'Paniers',
  'nav.downloads': 'Téléchargements',
  'nav.search': 'Recherche',
  'nav.account': 'Compte',
  'nav.savedSearches': 'Recherches enregistrées',
  'nav.imports': 'Imports',
  'nav.analytics': 'Statistiques',
  'nav.pages': 'Pages',
  'home.welcome': 'Bienvenue sur {name}',
  'home.intro':
    'Cherchez dans la médiathèque ci-dessous, rassemblez des médias dans des paniers, partagez-les et téléchargez-les.',
  'home.infoUnavailable': 'Les informations de l’application n’ont pas pu être chargées.',
  'home.retry': 'Réessayer',
  'unavailable.checkFailed': 'Le portail n’a pas pu vérifier si l’application est disponible.',
  'error.heading': 'An error occured!',
  'error.code': 'Code de l’erreur',
  'error.description': 'Description de l’erreur',
  'error.message': 'Message de l’erreur',
  'error.stack': 'Pile d’appels',
  'error.export': 'Exporter le journal des événements',
  'error.dismiss': 'Fermer',
  'error.reload': 'Recharger le portail',
  'error.exported':
    'Le journal des événements a été enregistré sous {file}. Joignez-le à votre rapport d’anomalie.',
  'errors.error': 'Une erreur est survenue.',
  'errors.error.refused': 'Le portail n’a pas envoyé la requête.',
  'errors.error.network': 'Le serveur est injoignable. Vérifiez votre connexion et réessayez.',
  'errors.error.network.unconfirmed':
    'La réponse a été perdue et le portail n’a pas pu vérifier si la modification a été enregistrée. Rechargez pour voir l’état du serveur.',
  'error.details': 'Détails',
  'error.retry': 'Réessayer',
  'errors.error.canceled': 'La requête a été annulée.',
  'errors.error.response.invalid': 'Le serveur a répondu avec des données que le portail ne comprend pas.',
  'errors.error.http': 'Le serveur a refusé la requête.',
  'errors.error.http.401': 'Vous devez vous connecter ou fournir un mot de passe pour voir ceci.',
  'errors.error.http.403': 'Vous n’avez pas le droit de faire ceci.',
  'errors.error.http.404': 'Le serveur ne connaît pas ce qui a été demandé.',
  'errors.error.http.419': 'L’application est dans un état invalide.',
  'errors.error.http.500': 'Le serveur a échoué en traitant la requête.',
  'errors.error.rest': 'Le service de données a refusé la requête.',
  'errors.error.rest.403.2': 'Vous devez changer votre mot de passe.',
  'errors.error.signin.refused': 'Identifiant ou mot de passe incorrect.',
  'errors.error.password.refused': 'Le mot de passe actuel est faux.',
  'errors.error.wedia.vue.untrapped': 'Une erreur inattendue est survenue dans le portail.',
  'devtools.link': 'Outils de développement',
  'devtools.loading': 'Chargement des outils de développement…',
  'devtools.report.button': 'Signaler un problème',
  'footer.version': 'Version {version}',
  'nav.menu': 'Menu',
  'title.cart': 'Panier',
  'title.sharedCart': 'Panier partagé',
  'title.asset': 'Média',
  'title.import': 'Import',
  'title.pages': 'Pages',
};

/** The French of `en`: the same keys. */
export const fr: Record<keyof typeof en, string> = {
  ...shellMessages,
  ...sessionMessagesFr,
  ...notificationsMessagesFr,
};
