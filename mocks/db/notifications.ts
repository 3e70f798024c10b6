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
    })),
  );
}
