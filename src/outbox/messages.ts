import { addMessages } from '../i18n/catalogues';

/** Messages of the outbox: the header's count, the "Pending changes" dialog, sign-out with pending writes. */
export const outboxMessagesEn = {
  'outbox.waitingOne': '1 change waiting',
  'outbox.waiting': '{count} changes waiting',
  'outbox.open': 'Pending changes',
  'outbox.title': 'Pending changes',
  'outbox.intro':
    'These changes could not reach the server. They are kept in this browser and saved in order when you are back online.',
  'outbox.pending': 'Will be saved when you are back online.',
  'outbox.sending': 'Saving…',
  'outbox.refused': 'The server refused it:',
  'outbox.retry': 'Retry',
  'outbox.discard': 'Discard',
  'outbox.close': 'Close',
  'outbox.signOutTitle': 'Changes not saved yet',
  'outbox.signOutText':
    '{count} of your changes could not reach the server yet. Keep them in this browser to save them the next time you sign in, or discard them.',
  'outbox.keep': 'Keep them and sign out',
  'outbox.discardAll': 'Discard them and sign out',
  'outbox.cancel': 'Cancel',
  'outbox.carts.create': 'Create the cart “{name}”',
  'outbox.carts.edit': 'Save the cart “{name}”',
  'outbox.carts.delete': 'Delete the cart “{name}”',
  'outbox.carts.itemsAdd': 'Add {count} item(s) to “{name}”',
  'outbox.carts.itemsRemove': 'Remove {count} item(s) from “{name}”',
  'outbox.carts.collaborators': 'Change the collaborators of “{name}”',
  'outbox.savedSearches.rename': 'Rename the saved search “{name}”',
  'outbox.savedSearches.share': 'Change who shares the saved search “{name}”',
  'outbox.savedSearches.unsubscribe': 'Leave the saved search “{name}”',
  'outbox.savedSearches.delete': 'Delete the saved search “{name}”',
  'outbox.entities.save': 'Save the metadata of asset {id}',
  'outbox.preferences.set': 'Save your preferences',
  'outbox.profile.patch': 'Save your profile',
  'outbox.profile.locale': 'Save your language ({locale})',
};

const outboxMessagesFr: Record<keyof typeof outboxMessagesEn, string> = {
  'outbox.waitingOne': '1 modification en attente',
  'outbox.waiting': '{count} modifications en attente',
  'outbox.open': 'Modifications en attente',
  'outbox.title': 'Modifications en attente',
  'outbox.intro':
    'Ces modifications n’ont pas pu atteindre le serveur. Elles sont gardées dans ce navigateur et enregistrées dans l’ordre dès votre retour en ligne.',
  'outbox.pending': 'Sera enregistré dès votre retour en ligne.',
  'outbox.sending': 'Enregistrement…',
  'outbox.refused': 'Le serveur l’a refusé :',
  'outbox.retry': 'Réessayer',
  'outbox.discard': 'Abandonner',
  'outbox.close': 'Fermer',
  'outbox.signOutTitle': 'Modifications pas encore enregistrées',
  'outbox.signOutText':
    '{count} de vos modifications n’ont pas encore atteint le serveur. Gardez-les dans ce navigateur pour les enregistrer à votre prochaine connexion, ou abandonnez-les.',
  'outbox.keep': 'Les garder et se déconnecter',
  'outbox.discardAll': 'Les abandonner et se déconnecter',
  'outbox.cancel': 'Annuler',
  'outbox.carts.create': 'Créer le panier « {name} »',
  'outbox.carts.edit': 'Enregistrer le panier « {name} »',
  'outbox.carts.delete': 'Supprimer le panier « {name} »',
  'outbox.carts.itemsAdd': 'Ajouter {count} élément(s) à « {name} »',
  'outbox.carts.itemsRemove': 'Retirer {count} élément(s) de « {name} »',
  'outbox.carts.collaborators': 'Changer les collaborateurs de « {name} »',
  'outbox.savedSearches.rename': 'Renommer la recherche enregistrée « {name} »',
  'outbox.savedSearches.share': 'Changer le partage de la recherche enregistrée « {name} »',
  'outbox.savedSearches.unsubscribe': 'Quitter la recherche enregistrée « {name} »',
  'outbox.savedSearches.delete': 'Supprimer la recherche enregistrée « {name} »',
  'outbox.entities.save': 'Enregistrer les métadonnées du média {id}',
  'outbox.preferences.set': 'Enregistrer vos préférences',
  'outbox.profile.patch': 'Enregistrer votre profil',
  'outbox.profile.locale': 'Enregistrer votre langue ({locale})',
};

addMessages({ en: outboxMessagesEn, fr: outboxMessagesFr });
