import type { CachedAsset, CachedCart, CachedSearch, KeptCart } from './events';

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
  carts: KeptCart[] | null;
  /** the carts kept, by cart id */
  cartContents: Record<string, CachedCart>;
  /** the asset pages kept, by asset id */
  assets: Record<string, CachedAsset>;
  /** the screens (`screenKey`) answered in this visit: what the cache kept is no longer shown */
  fresh: Record<string, true>;
  /** the screens whose last request found no network */
  unreachable: Record<string, true>;
}

export const initialCacheState: CacheState = {
  surfer: null,
  search: null,
  carts: null,
  cartContents: {},
  assets: {},
  fresh: {},
  unreachable: {},
};

export type CacheRoot = { cache: CacheState };
