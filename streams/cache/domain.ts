import { defineDomain } from '../core/domain';
import { keepRecord, readCache, rememberSurfer, revalidateOnReconnect, showKept } from './epics';
import { cacheReducer } from './reducer';
import { initialCacheState } from './state';

/**
 * What the user saw last, kept per user in durable storage (issue 22, stale-while-revalidate): a
 * repeat visit shows it at once, the usual requests then replace it; offline it stays, marked so.
 */
export const cacheDomain = defineDomain({
  name: 'cache',
  initialState: initialCacheState,
  reducer: cacheReducer,
  epics: { readCache, showKept, rememberSurfer, keepRecord, revalidateOnReconnect },
});
