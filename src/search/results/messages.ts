import { addMessages } from '../../i18n/catalogues';

/** The search results' tiles and the selection toolbar's actions (issue 13). */
export const resultsMessagesEn = {
  'results.keyboardHint':
    'Arrow keys, Home, End, Page Up and Page Down move between results. Enter opens a result, Space selects it (Shift+Space selects up to it), Tab reaches its buttons.',
  'results.type.image': 'Image',
  'results.type.video': 'Video',
  'results.type.document': 'Document',
  'results.duration': 'Duration {value}',
  'results.inCart': 'In a cart',
  'results.inCarts': 'In your carts: {names}',
  'results.countOne': '{count} selected',
  'results.countOther': '{count} selected',
  'results.addSelection': 'Add selection to cart',
  'results.downloadSelection': 'Download selection',
  'results.addTitleOne': 'Add {count} asset to a cart',
  'results.addTitleOther': 'Add {count} assets to a cart',
  'results.filterCarts': 'Filter carts',
  'results.chooseCart': 'Add to {name}',
  'results.allInside': 'already holds them all',
  'results.someInside': '{count} already in it',
  'results.noCart': 'You have no cart you can add to yet.',
  'results.loadingCarts': 'Reading your carts…',
  'results.adding': 'Adding…',
  'results.added': 'Added to {name}.',
  'results.addFailed': 'The assets could not be added.',
  'results.close': 'Close',
  'results.newCart': 'New cart',
  'results.downloadTitle': 'Download selection',
  'results.downloadIntroOne':
    'The selected asset goes into a new private cart of yours, which is then downloaded as a zip.',
  'results.downloadIntroOther':
    'The {count} selected assets go into a new private cart of yours, which is then downloaded as a zip.',
  'results.downloadName': 'Name',
  'results.downloadDefaultName': 'Selection {date}',
  'results.downloadContinue': 'Continue',
  'results.downloadCancel': 'Cancel',
  'results.preparing': 'Preparing the cart…',
  'results.prepareFailed': 'The cart for this download could not be prepared.',
  'results.signInToCollect': 'Sign in to add the selection to a cart or download it.',
};

const resultsMessagesFr: typeof resultsMessagesEn = {
  'results.keyboardHint':
    'Les flèches, Début, Fin, Page précédente et Page suivante passent d’un résultat à l’autre. Entrée ouvre un résultat, Espace le sélectionne (Maj+Espace sélectionne jusqu’à lui), Tab atteint ses boutons.',
  'results.type.image': 'Image',
  'results.type.video': 'Vidéo',
  'results.type.document': 'Document',
  'results.duration': 'Durée {value}',
  'results.inCart': 'Dans un panier',
  'results.inCarts': 'Dans vos paniers : {names}',
  'results.countOne': '{count} sélectionné',
  'results.countOther': '{count} sélectionnés',
  'results.addSelection': 'Ajouter la sélection au panier',
  'results.downloadSelection': 'Télécharger la sélection',
  'results.addTitleOne': 'Ajouter {count} élément à un panier',
  'results.addTitleOther': 'Ajouter {count} éléments à un panier',
  'results.filterCarts': 'Filtrer les paniers',
  'results.chooseCart': 'Ajouter à {name}',
  'results.allInside': 'les contient déjà tous',
  'results.someInside': '{count} déjà dedans',
  'results.noCart': 'Vous n’avez encore aucun panier où ajouter.',
  'results.loadingCarts': 'Lecture de vos paniers…',
  'results.adding': 'Ajout…',
  'results.added': 'Ajouté à {name}.',
  'results.addFailed': 'Les éléments n’ont pas pu être ajoutés.',
  'results.close': 'Fermer',
  'results.newCart': 'Nouveau panier',
  'results.downloadTitle': 'Télécharger la sélection',
  'results.downloadIntroOne':
    'L’élément sélectionné est placé dans un nouveau panier privé, puis téléchargé en zip.',
  'results.downloadIntroOther':
    'Les {count} éléments sélectionnés sont placés dans un nouveau panier privé, puis téléchargés en zip.',
  'results.downloadName': 'Nom',
  'results.downloadDefaultName': 'Sélection du {date}',
  'results.downloadContinue': 'Continuer',
  'results.downloadCancel': 'Annuler',
  'results.preparing': 'Préparation du panier…',
  'results.prepareFailed': 'Le panier de ce téléchargement n’a pas pu être préparé.',
  'results.signInToCollect': 'Connectez-vous pour ajouter la sélection à un panier ou la télécharger.',
};

addMessages({ en: resultsMessagesEn, fr: resultsMessagesFr });
