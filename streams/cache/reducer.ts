import { caseReducer, on, onReplace } from '../core/case-reducer';
import { ERROR_CODES } from '../core/errors';
import { fetchFailed, pageLoaded } from '../cursors/events';
import { SEARCH_CURSOR } from '../search/selectors';
import { signedOut, whoAmILoaded } from '../session/events';
import { readFailed, restored } from './events';
import { type CacheState, initialCacheState } from './state';
import { surferKey } from './model';

export const cacheReducer = caseReducer<CacheState>(
  on(restored, (draft, { payload }) => {
    // read for a surfer who is no longer the one signed in: another user never sees it
    if (draft.surfer !== null && draft.surfer !== payload.surfer) return;
    draft.surfer = payload.surfer;
    draft.search = payload.record.search ?? null;
  }),
  on(readFailed, (draft, { payload }) => {
    draft.surfer ??= payload.surfer;
  }),
  // another surfer than the one whose record was read: it is dropped before anything shows it
  on(whoAmILoaded, (draft, { payload }) => {
    const surfer = surferKey(payload.me);
    if (surfer === null || surfer === draft.surfer) return;
    if (draft.surfer !== null) draft.search = null;
    draft.surfer = surfer;
  }),
  onReplace(signedOut, () => initialCacheState),
  on(pageLoaded, (draft, { payload }) => {
    if (payload.name !== SEARCH_CURSOR || payload.page !== 'first') return;
    draft.searchFresh = true;
    draft.searchUnreachable = false;
  }),
  on(fetchFailed, (draft, { payload }) => {
    if (payload.name === SEARCH_CURSOR)
      draft.searchUnreachable = payload.error.code.startsWith(ERROR_CODES.network);
  }),
);
