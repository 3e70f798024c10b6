import { type SharedFact, share } from '../core/shared-facts';
import {
  collaboratorsChanged,
  created,
  deleted,
  edited,
  itemsAdded,
  itemsRemoved,
  unsubscribed,
} from './edit-events';

/**
 * The cart changes the other tabs of the user are told (issue 25): each changes what the carts
 * list shows (names, counts, the "In a cart" badges) or what an open cart holds.
 */
export const cartTabFacts: readonly SharedFact[] = [
  share(created),
  share(edited),
  share(deleted),
  share(itemsAdded),
  share(itemsRemoved),
  share(collaboratorsChanged),
  share(unsubscribed),
];
