import { domainLoaded } from '../../streams/core/system-events';
import type { Store } from '../../streams/core/store';
import type { LazyDomainName, PortalDomains, RootState } from '../../streams/root';

/** The domains of the search screen; the search page's "Add to cart" brings carts along. */
export const SEARCH_DOMAINS: readonly LazyDomainName[] = [
  'schemas',
  'queries',
  'cursors',
  'trees',
  'aggregates',
  'typeahead',
  'savedSearches',
  'search',
  // the last search's first page kept from the last visit, shown at once (issue 22)
  'cache',
  'carts',
  // "Select" on the results, and the batch of "Edit metadata of the selection"
  'entities',
  'batches',
  'selection',
  // the "Natural language" checkbox and its chips (protocol §22)
  'naturalLanguage',
  // a search typed on the list is logged (log/event, protocol §18)
  'analytics',
];

/** Carts read huge carts through the list query (protocol §6.6) and download as zips. */
export const CART_DOMAINS: readonly LazyDomainName[] = [
  'schemas',
  'queries',
  'cursors',
  'carts',
  'downloads',
  // the items picked for "Remove selected"
  'selection',
  // the carts list and the carts last opened, kept for a repeat visit and offline (issue 25)
  'cache',
];

/** The asset page: the search's domains (its Previous/Next walk the results), players and usage. */
export const ASSET_DOMAINS: readonly LazyDomainName[] = [...SEARCH_DOMAINS, 'players', 'reverseSearch'];

/** `/analytics`: the tops and trend (analytics), the names of the assets they count (entities). */
export const ANALYTICS_DOMAINS: readonly LazyDomainName[] = ['schemas', 'entities', 'analytics'];

/** `/imports` and `/imports/:id`: jobs, items, uploads (imports); the item fields' relation lookups (entities, schemas); the items picked (selection). */
export const IMPORT_DOMAINS: readonly LazyDomainName[] = ['schemas', 'entities', 'imports', 'selection'];

/** CMS pages `/pages` and `/pages/*`: the pages; the asset-list block's lists (schemas, queries,
 * cursors); the player block's asset (entities) and player (players). */
export const PAGE_DOMAINS: readonly LazyDomainName[] = [
  'pages',
  'schemas',
  'queries',
  'cursors',
  'entities',
  'players',
];

/**
 * What waits for who-am-I (preferences, profile, notifications, the outbox) and the logs: brought
 * at start on every screen, with the `portal` chunk the first screen loads anyway (issue 22).
 */
export const PORTAL_DOMAINS: readonly LazyDomainName[] = [
  'logs',
  'preferences',
  'profile',
  'notifications',
  'outbox',
];

/** A store and its domains (`streams/root.ts`, one registry per store). */
interface Portal {
  store: Store<RootState>;
  domains: PortalDomains;
}

const ready = new WeakMap<Store<RootState>, Map<string, Promise<void>>>();

/**
 * Brings the domains' code, then turns each on with `system/domainLoaded` (once: a domain a
 * replayed state or an earlier screen turned on stays as it is). The same promise for the same
 * set, so a suspended screen can wait on it; null when every domain is already on.
 */
export function domainsReady(
  { store, domains }: Portal,
  names: readonly LazyDomainName[],
): Promise<void> | null {
  const deferred = store.getState().system.deferredDomains;
  if (names.every((name) => domains.isLoaded(name) && !deferred.includes(name))) return null;
  const key = names.join(',');
  const byKey = ready.get(store) ?? new Map<string, Promise<void>>();
  ready.set(store, byKey);
  let promise = byKey.get(key);
  if (!promise) {
    promise = Promise.all(names.map(domains.load)).then(() => {
      for (const name of names) {
        if (store.getState().system.deferredDomains.includes(name)) store.dispatch(domainLoaded({ name }));
      }
    });
    byKey.set(key, promise);
  }
  return promise;
}
