import { type Me, surferTypeOf, userIdOf } from '../session/selectors';

/** The application's visitor: its record is one for every visitor of this browser, never a user's. */
export const VISITOR = 'visitor';

/** Whose record a who-am-I answer names: the user's id, the visitor for an application, else null. */
export function surferKey(me: Me | null): string | null {
  return userIdOf(me) ?? (surferTypeOf(me) === 'application' ? VISITOR : null);
}

/** The screens whose freshness the cache tells apart: the search, the carts list, a cart, an asset page. */
export const screenKey = {
  search: 'search',
  carts: 'carts',
  cart: (cartId: string) => `cart:${cartId}`,
  asset: (id: string) => `asset:${id}`,
} as const;
