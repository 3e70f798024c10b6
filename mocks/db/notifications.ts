import { REF_MS } from './random';
import { USER_IDS } from './users';

export type NotificationType =
  | 'cart.shared'
  | 'cart.comment'
  | 'cart.collaborator'
  | 'search.shared'
  | 'import.done'
  | 'download.ready'
  | 'rights.expiring'
  | 'system';

/** A notification of one user (`/rest/usernotif`); the client tells them apart by `key`. */
export interface Notification {
  key: string;
  user: number;
  type: NotificationType;
  title: string;
  message: string;
  /** epoch ms */
  created: number;
  read: boolean;
  /** route of the portal it points to */
  link: string | null;
  /** who wrote it, when a signed-in person did (a comment on a shared cart); absent: a visitor or the system */
  author?: string;
  /** the title and message in French, for a request in French (`lang=fr`) */
  fr?: { title: string; message: string };
}

const HOUR_MS = 3_600_000;

type NotificationSeed = [type: NotificationType, title: string, message: string, link: string | null];

const { alice, bob, carol, dave } = USER_IDS;

/** Newest first per user; the first `unread` of each user are unread. */
const SEEDS: { user: number; unread: number; items: NotificationSeed[] }[] = [
  {
    user: alice,
    unread: 4,
    items: [
      ['cart.collaborator', 'Bob added you to a cart', 'You can now edit "Bob\'s picks".', '/carts/13'],
      [
        'search.shared',
        'Carol shared a search',
        '"Partner visuals" is now in your saved searches.',
        '/saved-searches',
      ],
      ['import.done', 'Import finished', '"Brand refresh: logos" imported 8 assets.', '/imports/4'],
      [
        'rights.expiring',
        'Rights end soon',
        '12 assets of your carts reach the end of their rights this month.',
        '/search',
      ],
      [
        'cart.collaborator',
        'Carol added you to a cart',
        'You can now edit "Partner selection".',
        '/carts/15',
      ],
      ['download.ready', 'Download ready', 'The zip of "Brand kit" is ready.', '/downloads'],
      ['import.done', 'Import finished', '"Brand refresh 2025" imported 30 assets.', '/imports/3'],
      [
        'search.shared',
        'Bob shared a search',
        '"Tokyo and Paris" is now in your saved searches.',
        '/saved-searches',
      ],
      ['system', 'New: analytics', 'See which assets are viewed and downloaded most.', '/analytics'],
      ['download.ready', 'Download ready', 'The zip of "Moodboard" is ready.', '/downloads'],
      ['system', 'Maintenance', 'The portal was updated on Sunday night.', null],
      ['system', 'Welcome', 'Welcome to the Wedia demo portal.', '/pages/home'],
    ],
  },
  {
    user: bob,
    unread: 2,
    items: [
      [
        'cart.collaborator',
        'Alice added you to a cart',
        'You can now edit "Spring campaign 2026".',
        '/carts/1',
      ],
      [
        'search.shared',
        'Alice shared a search',
        '"Coffee pictures" is now in your saved searches.',
        '/saved-searches',
      ],
      ['cart.collaborator', 'Alice added you to a cart', 'You can now edit "Trade fair Lyon".', '/carts/3'],
      [
        'import.done',
        'Upload refused',
        '3 files of "Coffee menu pictures" have a format that is not accepted.',
        '/imports/5',
      ],
      ['download.ready', 'Download ready', 'The zip of "Coffee series" is ready.', '/downloads'],
      ['system', 'Welcome', 'Bienvenue sur le portail de démonstration Wedia.', '/pages/home'],
    ],
  },
  {
    user: carol,
    unread: 1,
    items: [
      [
        'cart.collaborator',
        'Alice added you to a cart',
        'You can now see "Outdoor product shots".',
        '/carts/6',
      ],
      ['system', 'Watermarked previews', 'Previews are watermarked for partner accounts.', null],
      ['system', 'Welcome', 'Welcome to the Wedia demo portal.', '/pages/home'],
    ],
  },
  { user: dave, unread: 1, items: [['system', 'Password', 'Please change your password.', '/account']] },
];

/** The seeded texts in French, for a request in French (`lang=fr`): the real service answers in the user's language. */
const FRENCH = new Map<string, string>([
  ['Bob added you to a cart', 'Bob vous a ajouté à un panier'],
  ['You can now edit "Bob\'s picks".', "Vous pouvez désormais modifier « Bob's picks »."],
  ['Carol shared a search', 'Carol a partagé une recherche'],
  [
    '"Partner visuals" is now in your saved searches.',
    '« Partner visuals » est maintenant dans vos recherches enregistrées.',
  ],
  ['Import finished', 'Import terminé'],
  ['"Brand refresh: logos" imported 8 assets.', '« Brand refresh: logos » a importé 8 ressources.'],
  ['Rights end soon', 'Fin de droits proche'],
  [
    '12 assets of your carts reach the end of their rights this month.',
    '12 ressources de vos paniers arrivent en fin de droits ce mois-ci.',
  ],
  ['Carol added you to a cart', 'Carol vous a ajouté à un panier'],
  ['You can now edit "Partner selection".', 'Vous pouvez désormais modifier « Partner selection ».'],
  ['Download ready', 'Téléchargement prêt'],
  ['The zip of "Brand kit" is ready.', 'Le zip de « Brand kit » est prêt.'],
  ['"Brand refresh 2025" imported 30 assets.', '« Brand refresh 2025 » a importé 30 ressources.'],
  ['Bob shared a search', 'Bob a partagé une recherche'],
  [
    '"Tokyo and Paris" is now in your saved searches.',
    '« Tokyo and Paris » est maintenant dans vos recherches enregistrées.',
  ],
  ['New: analytics', 'Nouveau : statistiques'],
  [
    'See which assets are viewed and downloaded most.',
    'Voyez quelles ressources sont les plus vues et téléchargées.',
  ],
  ['The zip of "Moodboard" is ready.', 'Le zip de « Moodboard » est prêt.'],
  ['Maintenance', 'Maintenance'],
  ['The portal was updated on Sunday night.', 'Le portail a été mis à jour dimanche soir.'],
  ['Welcome', 'Bienvenue'],
  ['Welcome to the Wedia demo portal.', 'Bienvenue sur le portail de démonstration Wedia.'],
  ['Alice added you to a cart', 'Alice vous a ajouté à un panier'],
  ['You can now edit "Spring campaign 2026".', 'Vous pouvez désormais modifier « Spring campaign 2026 ».'],
  ['Alice shared a search', 'Alice a partagé une recherche'],
  [
    '"Coffee pictures" is now in your saved searches.',
    '« Coffee pictures » est maintenant dans vos recherches enregistrées.',
  ],
  ['You can now edit "Trade fair Lyon".', 'Vous pouvez désormais modifier « Trade fair Lyon ».'],
  ['Upload refused', 'Envoi refusé'],
  [
    '3 files of "Coffee menu pictures" have a format that is not accepted.',
    '3 fichiers de « Coffee menu pictures » ont un format qui n’est pas accepté.',
  ],
  ['The zip of "Coffee series" is ready.', 'Le zip de « Coffee series » est prêt.'],
  ['Bienvenue sur le portail de démonstration Wedia.', 'Bienvenue sur le portail de démonstration Wedia.'],
  ['You can now see "Outdoor product shots".', 'Vous pouvez désormais voir « Outdoor product shots ».'],
  ['Watermarked previews', 'Aperçus filigranés'],
  [
    'Previews are watermarked for partner accounts.',
    'Les aperçus sont filigranés pour les comptes partenaires.',
  ],
  ['Password', 'Mot de passe'],
  ['Please change your password.', 'Merci de changer votre mot de passe.'],
]);

export function createNotifications(): Notification[] {
  return SEEDS.flatMap(({ user, unread, items }) =>
    items.map(([type, title, message, link], index) => ({
      key: `n-${user}-${index + 1}`,
      user,
      type,
      title,
      message,
      // spaced out over the weeks before the reference date, newest first
      created: REF_MS - (index * 37 + 5) * HOUR_MS,
      read: index >= unread,
      link,
      fr: { title: FRENCH.get(title) ?? title, message: FRENCH.get(message) ?? message },
    })),
  );
}
