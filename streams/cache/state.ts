import type { CachedSearch } from './events';

/**
 * Where what a screen shows comes from: `fresh` (the server's answer of this visit), `stale` (the
 * cache, the server not answered yet), `offline` (the cache, the server out of reach).
 */
export type Freshness = 'fresh' | 'stale' | 'offline';

export interface CacheState {
  /** whose record this is: a user's id, `visitor` for the application; null before a read */
  surfer: string | null;
  /** what was read from durable storage at the start of the visit (never what this visit loaded) */
  search: CachedSearch | null;
  /** the search's first page answered in this visit: what the cache kept is no longer shown */
  searchFresh: boolean;
  /** the search's last request found no network */
  searchUnreachable: boolean;
}

export const initialCacheState: CacheState = {
  surfer: null,
  search: null,
  searchFresh: false,
  searchUnreachable: false,
};

export type CacheRoot = { cache: CacheState };
