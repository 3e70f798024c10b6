import {
  concat,
  concatMap,
  EMPTY,
  filter,
  first,
  ignoreElements,
  map,
  merge,
  mergeMap,
  type Observable,
  of,
} from 'rxjs';
import type { Epic, StateObservable } from '../core/epic';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { perKey } from '../core/operators/per-key';
import { reached } from '../core/status';
import {
  applyToCleared,
  fetchFailed,
  fetchRefused,
  fetchRequested,
  fulltextChanged,
  nextPageRequested,
  pageLoaded,
  registrationRequested,
  removed,
} from '../cursors/events';
import {
  selectCursor,
  selectCursorHasMore,
  selectCursorKeys,
  selectCursorStatus,
  type WithCursors,
} from '../cursors/selectors';
import { constraintsRequested } from '../queries/events';
import {
  cartConstraints,
  cartCursorFulltext,
  cartCursorName,
  cartCursorRegistration,
  cartOfCursor,
  chunkConstraints,
} from './cart-cursor';
import { chunkActivated, chunkRequested, itemsListed, visibleRangeChanged } from './content-events';
import { chunksOf } from './huge-cart';
import type { CartsRoot } from './state';

type S = CartsRoot & WithCursors;

/**
 * Once the cart's list query is resolved (or failed to): seed 002 §4 orders the cart cursor's
 * steps registered, resolved, then constraints updated.
 */
function whenResolved(state$: StateObservable<S>, name: string): Observable<unknown> {
  return state$.pipe(
    map((state) => selectCursorStatus(state, name)),
    first((status) => status !== 'unknown' && status !== 'resolving' && reached(status, 'resolved')),
  );
}

/**
 * A listed cart read through its list query (cursor or both mode, or huge): `~[CART@{id}]` is
 * registered once (protocol §6.6); a cart that is not huge then gets all its ids as constraints and
 * its first page. A huge cart's chunks set their own constraints (loadChunk).
 */
export const setCartCursor: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(itemsListed),
    filter(({ payload }) => payload.huge || (payload.contentMode ?? 'cart') !== 'cart'),
    mergeMap((event) => {
      const { cart, huge, chunkSize } = event.payload;
      const name = cartCursorName(cart.id);
      const register: UnstampedEvent[] = selectCursor(state$.value, name)
        ? []
        : [registrationRequested(cartCursorRegistration(cart.id, chunkSize), event)];
      if (huge) return of(...register);
      const load = whenResolved(state$, name).pipe(
        mergeMap(() =>
          of(
            constraintsRequested({ name, constraints: cartConstraints(cart.items), replace: true }, event),
            ...searchedText(state$.value, cart.id, event),
            fetchRequested({ name }, event),
          ),
        ),
      );
      return concat(of(...register), load);
    }),
  );

/**
 * A search applied onto the cart's list query ("Filter with my search") filters what cursor mode
 * shows; read another way (cart or both mode, where the list query gives the items' details, or
 * huge), the cart shows all its items again: the applied search is taken back.
 */
export const clearSearchOutsideCursorMode: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(itemsListed),
    filter(({ payload }) => payload.huge || (payload.contentMode ?? 'cart') !== 'cursor'),
    filter(({ payload }) => state$.value.carts.contents[payload.cart.id]?.searchApplied === true),
    map((event) => applyToCleared({ name: cartCursorName(event.payload.cart.id) }, event)),
  );

/** In cursor mode, the cart's list query searches what "Search in this cart" holds (seed 002 §4). */
function searchedText(state: S, cartId: string, cause: AnyEvent): UnstampedEvent[] {
  const content = state.carts.contents[cartId];
  if (content?.contentMode !== 'cursor' || content.fulltext.trim() === '') return [];
  return [fulltextChanged(cartCursorFulltext(cartId, content.fulltext, content.mode), cause)];
}

/** The end of one request of the cart's list query: its page, its failure, a refusal, or its removal. */
function settled(event$: Observable<AnyEvent>, name: string): Observable<never> {
  return event$.pipe(
    filter(
      (event) =>
        (pageLoaded.match(event) ||
          fetchFailed.match(event) ||
          fetchRefused.match(event) ||
          removed.match(event)) &&
        event.payload.name === name,
    ),
    first(),
    ignoreElements(),
  );
}

/**
 * A huge cart's chunk, through the cart's list query (protocol §6.6): its sequence's constraints
 * (its resource's ids, every other resource `[0]`), then its page. One chunk after another, so
 * each page is the active chunk's; a chunk that left the window while it waited is not asked for.
 */
export const loadChunk: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(chunkRequested),
    perKey(
      (request) => request.payload.cartId,
      concatMap((request) => {
        const { cartId, index } = request.payload;
        const state = state$.value;
        const cart = state.carts.carts[cartId];
        const content = state.carts.contents[cartId];
        if (!cart || !content || content.chunks[index] === undefined) return EMPTY;
        const chunk = chunksOf(cart.items, content.chunkSize)[index];
        if (!chunk) return EMPTY;
        const name = cartCursorName(cartId);
        const constraints = chunkConstraints(chunk, Object.keys(cart.items));
        return whenResolved(state$, name).pipe(
          mergeMap(() =>
            merge(
              settled(event$, name),
              of(
                chunkActivated({ cartId, index }, request),
                constraintsRequested({ name, constraints, replace: true }, request),
                fetchRequested({ name }, request),
              ),
            ),
          ),
        );
      }),
    ),
  );

/**
 * Cursor mode: the grid nears the end of the pages loaded (within half the list max, seed 002 §9
 * sliding window) and the list has more: its next page.
 */
export const pageCartCursor: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(visibleRangeChanged),
    mergeMap((event) => {
      const { cartId, last } = event.payload;
      const content = state$.value.carts.contents[cartId];
      // a search in the cart pages on too: it runs through the same list query (filterContent)
      if (!content || content.huge || content.contentMode !== 'cursor') return EMPTY;
      const name = cartCursorName(cartId);
      const loaded = selectCursorKeys(state$.value, name).length;
      const near = last + Math.floor(content.chunkSize / 2) >= loaded;
      return near && selectCursorHasMore(state$.value, name) ? of(nextPageRequested({ name }, event)) : EMPTY;
    }),
  );

/** Both mode: the client keeps asking for the next page while there are more results (protocol §6.6). */
export const pageToTheEnd: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(pageLoaded),
    filter(({ payload }) => {
      const cartId = cartOfCursor(payload.name);
      const content = cartId === null ? undefined : state$.value.carts.contents[cartId];
      return content?.contentMode === 'both' && !content.huge && payload.nextResultsToken !== null;
    }),
    map((event) => nextPageRequested({ name: event.payload.name }, event)),
  );
