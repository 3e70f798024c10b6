import { ERROR_CODES } from '../core/errors';
import { selectIsOnline } from '../outbox/selectors';
import { selectSession, type WithSession } from '../session/selectors';
import type { CachedSearch } from './events';
import type { CacheRoot, Freshness } from './state';

type Root = CacheRoot & WithSession & Parameters<typeof selectIsOnline>[0];

/** The last search's first page kept from an earlier visit, when it answered the same address. */
export function selectCachedSearch(state: CacheRoot, query: string): CachedSearch | null {
  const { search } = state.cache;
  return search && search.query === query ? search : null;
}

/**
 * The network is out of reach: the browser said so, or the application's sign-in (the first
 * request of a visit) or the search's last request got no answer at all.
 */
function unreachable(state: Root): boolean {
  const { error } = selectSession(state).provider;
  return (
    !selectIsOnline(state) ||
    state.cache.searchUnreachable ||
    error?.code.startsWith(ERROR_CODES.network) === true
  );
}

/**
 * Where the search's first page comes from: `fresh` once this visit's answer came, else the
 * cache's, `stale` while the server may still answer, `offline` when it cannot; null when neither.
 */
export function selectSearchFreshness(state: Root): Freshness | null {
  if (state.cache.searchFresh) return 'fresh';
  if (!state.cache.search) return null;
  return unreachable(state) ? 'offline' : 'stale';
}
