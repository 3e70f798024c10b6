import { ERROR_CODES } from '../core/errors';
import { selectIsOnline } from '../outbox/selectors';
import { selectSession, type WithSession } from '../session/selectors';
import type { CachedAsset, CachedCart, CachedSearch, KeptCart } from './events';
import { screenKey } from './model';
import type { CacheRoot, Freshness } from './state';

type Root = CacheRoot & WithSession & Parameters<typeof selectIsOnline>[0];

/** The last search's first page kept from an earlier visit, when it answered the same address. */
export function selectCachedSearch(state: CacheRoot, query: string): CachedSearch | null {
  const { search } = state.cache;
  return search && search.query === query ? search : null;
}

/** The carts list kept from an earlier visit. */
export const selectCachedCarts = (state: CacheRoot): KeptCart[] | null => state.cache.carts;

/** A cart as an earlier visit showed it. */
export const selectCachedCart = (state: CacheRoot, cartId: string): CachedCart | null =>
  state.cache.cartContents[cartId] ?? null;

/** An asset page as an earlier visit showed it. */
export const selectCachedAsset = (state: CacheRoot, id: string): CachedAsset | null =>
  state.cache.assets[id] ?? null;

/**
 * The network is out of reach: the browser said so, or the application's sign-in (the first
 * request of a visit) or the screen's last request got no answer at all.
 */
function unreachable(state: Root, screen: string): boolean {
  const { error } = selectSession(state).provider;
  return (
    !selectIsOnline(state) ||
    state.cache.unreachable[screen] === true ||
    error?.code.startsWith(ERROR_CODES.network) === true
  );
}

/**
 * Where a screen's content comes from: `fresh` once this visit's answer came, else the cache's,
 * `stale` while the server may still answer, `offline` when it cannot; null when neither.
 */
function freshness(state: Root, screen: string, kept: boolean): Freshness | null {
  if (state.cache.fresh[screen]) return 'fresh';
  if (!kept) return null;
  return unreachable(state, screen) ? 'offline' : 'stale';
}

export const selectSearchFreshness = (state: Root): Freshness | null =>
  freshness(state, screenKey.search, state.cache.search !== null);

export const selectCartsFreshness = (state: Root): Freshness | null =>
  freshness(state, screenKey.carts, state.cache.carts !== null);

export const selectCartFreshness = (state: Root, cartId: string): Freshness | null =>
  freshness(state, screenKey.cart(cartId), cartId in state.cache.cartContents);

export const selectAssetFreshness = (state: Root, id: string): Freshness | null =>
  freshness(state, screenKey.asset(id), id in state.cache.assets);
