import type { Draft } from 'immer';
import { itemsListFailed, viewLoaded, viewLoadFailed } from '../carts/content-events';
import { listLoaded, listLoadFailed } from '../carts/events';
import { caseReducer, on, onReplace } from '../core/case-reducer';
import { ERROR_CODES, type SerializedError } from '../core/errors';
import { fetchFailed, pageLoaded } from '../cursors/events';
import { fetchFailed as entityFetchFailed, loaded as entityLoaded } from '../entities/events';
import { SEARCH_CURSOR, SEARCH_PATH } from '../search/selectors';
import { signedOut, whoAmILoaded } from '../session/events';
import { readFailed, restored } from './events';
import { screenKey, surferKey } from './model';
import { type CacheState, initialCacheState } from './state';

type D = Draft<CacheState>;

/** This visit's answer came: the screen no longer shows what the cache kept. */
function answered(draft: D, screen: string): void {
  draft.fresh[screen] = true;
  delete draft.unreachable[screen];
}

/** A screen's request failed: out of reach when it got no answer at all, else the server's error. */
function failed(draft: D, screen: string, error: SerializedError): void {
  if (error.code.startsWith(ERROR_CODES.network)) draft.unreachable[screen] = true;
  else delete draft.unreachable[screen];
}

/** What another surfer's record put in place is dropped before anything shows it. */
function forget(draft: D): void {
  draft.search = null;
  draft.carts = null;
  draft.cartContents = {};
  draft.assets = {};
}

export const cacheReducer = caseReducer<CacheState>(
  on(restored, (draft, { payload }) => {
    // read for a surfer who is no longer the one signed in: another user never sees it
    if (draft.surfer !== null && draft.surfer !== payload.surfer) return;
    const { record } = payload;
    draft.surfer = payload.surfer;
    draft.search = record.search ?? null;
    draft.carts = record.carts ?? null;
    draft.cartContents = Object.fromEntries((record.cartContents ?? []).map((kept) => [kept.cart.id, kept]));
    draft.assets = Object.fromEntries((record.assets ?? []).map((kept) => [kept.id, kept]));
  }),
  on(readFailed, (draft, { payload }) => {
    draft.surfer ??= payload.surfer;
  }),
  on(whoAmILoaded, (draft, { payload }) => {
    const surfer = surferKey(payload.me);
    if (surfer === null || surfer === draft.surfer) return;
    if (draft.surfer !== null) forget(draft);
    draft.surfer = surfer;
  }),
  onReplace(signedOut, () => initialCacheState),
  on(pageLoaded, (draft, { payload }) => {
    if (payload.name === SEARCH_CURSOR && payload.page === 'first') answered(draft, screenKey.search);
  }),
  on(fetchFailed, (draft, { payload }) => {
    if (payload.name === SEARCH_CURSOR) failed(draft, screenKey.search, payload.error);
  }),
  on(listLoaded, (draft) => answered(draft, screenKey.carts)),
  on(listLoadFailed, (draft, { payload }) => failed(draft, screenKey.carts, payload.error)),
  on(viewLoaded, (draft, { payload }) => answered(draft, screenKey.cart(payload.cart.id))),
  on(itemsListFailed, (draft, { payload }) => failed(draft, screenKey.cart(payload.cartId), payload.error)),
  on(viewLoadFailed, (draft, { payload }) => failed(draft, screenKey.cart(payload.cartId), payload.error)),
  on(entityLoaded, (draft, { payload }) => {
    if (payload.path === SEARCH_PATH) answered(draft, screenKey.asset(String(payload.id)));
  }),
  on(entityFetchFailed, (draft, { payload }) => {
    if (payload.path === SEARCH_PATH) failed(draft, screenKey.asset(String(payload.id)), payload.error);
  }),
);
