import { debounceTime, EMPTY, filter, first, map, merge, mergeMap, of, pipe, switchMap, take } from 'rxjs';
import type { Epic } from '../core/epic';
import type { AnyEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { perKey } from '../core/operators/per-key';
import { requestAnswer, requestEpic } from '../core/request';
import { isBusy } from '../core/status';
import * as api from './api';
import * as contentEvents from './content-events';
import { collaboratorsChanged, itemsAdded, itemsRemoved } from './edit-events';
import { listOpened } from './events';
import { type Chunk, chunksInWindow, chunksOf, windowAround } from './huge-cart';
import { itemKey } from './model';
import { selectContentMode } from './selectors';
import * as shareApi from './share-api';
import { playerKey } from './content-entries';
import type { CartsRoot } from './state';
import { cartCursorFulltext } from './cart-cursor';
import { keptContentMode } from './kept-mode';
import { fulltextChanged } from '../cursors/events';
import { factReceived, receivedFact } from '../tabs/events';
import { restored as outboxRestored } from '../outbox/events';
import { getRequested, loaded as preferenceLoaded, setRequested } from '../preferences/events';
import { selectLocation } from '../router/selectors';
import { PORTAL_PREFERENCES, selectPreference } from '../preferences/selectors';

/**
 * Opening a cart lists its items first, their count deciding plain or chunked reading (protocol
 * §6.6); skipped while its view is busy (§6.4). A cart the carts' list already counted, small and
 * read as a cart, is viewed at once: the count is known, `listCartItems` would only repeat it
 * (issue 26: one call, as the reference).
 */
export const openCart: Epic<CartsRoot> = (event$, state$, { config }) =>
  event$.pipe(
    ofType(contentEvents.cartOpened),
    filter(({ payload }) => !isBusy(state$.value.carts.contents[payload.cartId]?.status ?? 'unknown')),
    map((event) => {
      const { cartId } = event.payload;
      const listed = state$.value.carts.carts[cartId];
      const content = state$.value.carts.contents[cartId];
      const counted =
        listed !== undefined &&
        listed.total <= config.hugeCartItems &&
        selectContentMode(state$.value) === 'cart' &&
        (content === undefined || (!content.huge && content.contentMode === 'cart'));
      if (!counted) return contentEvents.itemsListStarted({ cartId }, event);
      return contentEvents.viewStarted(
        { cartId, fulltext: content?.fulltext ?? '', mode: content?.mode ?? 'default' },
        event,
      );
    }),
  );

export const listItems: Epic<CartsRoot> = (event$, state$, deps) =>
  requestEpic({
    on: contentEvents.itemsListStarted,
    flatten: 'merge',
    call: (request) => api.listCartItems(request.payload.cartId),
    succeeded: (data, request) => {
      const { cart } = api.toCart(data);
      const huge = cart.total > deps.config.hugeCartItems;
      const contentMode = selectContentMode(state$.value);
      return contentEvents.itemsListed(
        { cart, huge, chunkSize: deps.config.cartCursorMax, contentMode },
        request,
      );
    },
    failed: (error, request) =>
      contentEvents.itemsListFailed({ cartId: request.payload.cartId, error }, request),
  })(event$, state$, deps);

/**
 * A cart small enough for one answer is viewed with its details at once, unless its content is
 * read from its list query alone (cursor mode).
 */
export const viewListedCart: Epic<CartsRoot> = (event$, state$) =>
  event$.pipe(
    ofType(contentEvents.itemsListed),
    filter(({ payload }) => !payload.huge && payload.contentMode !== 'cursor'),
    map((event) => {
      const { fulltext, mode } = state$.value.carts.contents[event.payload.cart.id]!;
      return contentEvents.viewStarted({ cartId: event.payload.cart.id, fulltext, mode }, event);
    }),
  );

/** The cart `/carts/:id` shows, or null on another screen. */
function cartOnScreen(state: CartsRoot): string | null {
  const match = /^\/carts\/([^/]+)$/.exec(selectLocation(state).path);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * The saved content mode is read when a carts screen (the list or a cart) first opens for this
 * user, not at start: no other screen needs it (issue 26). A cart opened meanwhile is read in the
 * mount setting's mode, then follows the saved one (followSavedMode).
 */
export const readSavedMode: Epic<CartsRoot> = (event$, state$, { config }) =>
  event$.pipe(
    ofType(contentEvents.cartOpened, listOpened),
    filter(() => /^\/carts(\/|$)/.test(selectLocation(state$.value).path)),
    filter(
      () =>
        selectPreference(
          state$.value,
          config.defaultPreferenceNamespace,
          PORTAL_PREFERENCES.cartContentMode,
        ) === undefined,
    ),
    map((event) =>
      getRequested(
        { namespace: config.defaultPreferenceNamespace, name: PORTAL_PREFERENCES.cartContentMode },
        event,
      ),
    ),
  );

/**
 * The saved content mode read after the cart on screen opened (a reload does not wait for it):
 * unless the user chose a mode in this session, the cart is listed again in the saved one once its
 * answer is in, so it shows as they left it (seed 002 §4). A choice whose save the outbox still
 * keeps, read back after a reload, is followed the same way.
 */
export const followSavedMode: Epic<CartsRoot> = (event$, state$) =>
  merge(
    event$.pipe(
      ofType(preferenceLoaded),
      filter(({ payload }) => payload.name === PORTAL_PREFERENCES.cartContentMode),
      filter(() => state$.value.carts.contentMode === null),
    ),
    event$.pipe(
      ofType(outboxRestored),
      filter(({ payload }) => keptContentMode(payload.entries) !== null),
    ),
  ).pipe(
    mergeMap((event) => {
      const cartId = cartOnScreen(state$.value);
      if (cartId === null) return EMPTY;
      return state$.pipe(
        map((state) => state.carts.contents[cartId]),
        first((content) => content === undefined || !isBusy(content.status)),
        filter((content) => content !== undefined && content.status !== 'unknown' && !content.huge),
        filter((content) => content?.contentMode !== selectContentMode(state$.value)),
        map(() => contentEvents.itemsListStarted({ cartId }, event)),
      );
    }),
  );

/** The content mode a user chose is kept in their preferences, for their next visits (seed 002 §4). */
export const keepContentMode: Epic<CartsRoot> = (event$) =>
  event$.pipe(
    ofType(contentEvents.contentModeChosen),
    map((event) =>
      setRequested({ input: { key: PORTAL_PREFERENCES.cartContentMode, value: event.payload.mode } }, event),
    ),
  );

/**
 * The full-text filter inside a cart is asked for once the typing pauses (protocol §23.14): with
 * `viewCart`, or in cursor mode through the cart's list query `~[CART@{id}]`, whose fulltext it
 * sets (seed 002 §4; the list asks again with it). A huge cart is filtered with `viewCart`.
 */
export const filterContent: Epic<CartsRoot> = (event$, state$, { scheduler, config }) =>
  event$.pipe(
    ofType(contentEvents.contentFilterChanged),
    perKey(
      (event) => event.payload.cartId,
      pipe(
        debounceTime(config.fulltextDebounceMs, scheduler),
        map((event) => {
          const { cartId, fulltext, mode } = event.payload;
          const content = state$.value.carts.contents[cartId];
          if (content?.contentMode !== 'cursor' || content.huge)
            return contentEvents.viewStarted(event.payload, event);
          return fulltextChanged(cartCursorFulltext(cartId, fulltext, mode), event);
        }),
      ),
    ),
  );

/** The cart whose items changed, here or in another tab (issue 25). */
function changedCartId(event: AnyEvent): string | null {
  if (itemsAdded.match(event) || itemsRemoved.match(event) || collaboratorsChanged.match(event))
    return event.payload.cart.id;
  const received =
    receivedFact(event, itemsAdded) ??
    receivedFact(event, itemsRemoved) ??
    receivedFact(event, collaboratorsChanged);
  return received ? received.cart.id : null;
}

/** The end of the view of a cart under way: its answer or its failure. */
const viewEnded = (cartId: string) => (event: AnyEvent) =>
  (contentEvents.viewLoaded.match(event) && event.payload.cart.id === cartId) ||
  (contentEvents.viewLoadFailed.match(event) && event.payload.cartId === cartId);

/**
 * After a change, here or in another tab, the client views the cart again (protocol §6.1). A view
 * is never asked while one is under way (§6.4); but that one may have been read by the server
 * before the change (an "Undo" answered before the view its removal set off), so the cart is
 * viewed again once it lands: its stale items never stay on screen.
 */
export const refreshChangedCart: Epic<CartsRoot> = (event$, state$) =>
  event$.pipe(
    ofType(itemsAdded, itemsRemoved, collaboratorsChanged, factReceived),
    mergeMap((event) => {
      const cartId = changedCartId(event);
      if (cartId === null) return EMPTY;
      const content = state$.value.carts.contents[cartId];
      if (!content) return EMPTY;
      // read through the list query: listed again, so its constraints name the cart's ids now (a
      // huge cart's filter is viewCart's; in cursor mode the filter is the list query's fulltext)
      if (content.huge ? !content.filtered : content.contentMode !== 'cart')
        return isBusy(content.status) ? EMPTY : of(contentEvents.itemsListStarted({ cartId }, event));
      const view = () => {
        const { fulltext, mode } = state$.value.carts.contents[cartId] ?? content;
        return contentEvents.viewStarted({ cartId, fulltext, mode }, event);
      };
      const viewing = content.status === 'initial' || content.status === 'fetching';
      if (viewing) return event$.pipe(filter(viewEnded(cartId)), take(1), map(view));
      return isBusy(content.status) ? EMPTY : of(view());
    }),
  );

/** One view per cart at a time: a newer filter replaces the answer being waited for. */
export const viewCart: Epic<CartsRoot> = (event$, _state$, { http }) =>
  event$.pipe(
    ofType(contentEvents.viewStarted),
    perKey(
      (event) => event.payload.cartId,
      switchMap((request) => {
        const { cartId, fulltext, mode } = request.payload;
        return requestAnswer(
          http,
          api.viewCart(cartId, fulltext, mode),
          (data) => {
            const { cart, details } = api.toCart(data);
            return contentEvents.viewLoaded({ cart, details, filtered: fulltext.trim() !== '' }, request);
          },
          (error) => contentEvents.viewLoadFailed({ cartId, error }, request),
        );
      }),
    ),
  );

/**
 * The sliding window of a huge cart (protocol §6.6): the chunks around what is on screen are
 * asked for, those that left the window give their details back.
 */
export const slideWindow: Epic<CartsRoot> = (event$, state$) =>
  event$.pipe(
    ofType(contentEvents.visibleRangeChanged),
    mergeMap((event) => {
      const { cartId, first, last } = event.payload;
      const cart = state$.value.carts.carts[cartId];
      const content = state$.value.carts.contents[cartId];
      if (!cart || !content?.huge || content.filtered) return EMPTY;
      const chunks = chunksOf(cart.items, content.chunkSize);
      const wanted = chunksInWindow(chunks, windowAround({ first, last }, cart.total, content.chunkSize));
      const keep = new Set(wanted);
      const held = Object.keys(content.chunks).map(Number);
      const leaving = held.filter((index) => !keep.has(index));
      const missing = wanted.filter((index) => {
        const status = content.chunks[index];
        return status === undefined || status === 'error';
      });
      const moved =
        leaving.length > 0
          ? [
              contentEvents.windowMoved(
                {
                  cartId,
                  chunks: wanted,
                  dropped: leaving.flatMap((index) => chunkKeys(chunks[index])),
                },
                event,
              ),
            ]
          : [];
      return of(...moved, ...missing.map((index) => contentEvents.chunkRequested({ cartId, index }, event)));
    }),
  );

function chunkKeys(chunk: Chunk | undefined): string[] {
  return chunk ? chunk.ids.map((id) => itemKey(chunk.resource, id)) : [];
}

/** A player request is skipped while the same player is initial or fetching (protocol §6.4). */
export const requestItemPlayer: Epic<CartsRoot> = (event$, state$) =>
  event$.pipe(
    ofType(contentEvents.itemPlayerRequested),
    filter(({ payload }) => !isBusy(state$.value.carts.players[playerKey(payload)]?.status ?? 'registered')),
    map((event) => contentEvents.itemPlayerStarted(event.payload, event)),
  );

export const loadItemPlayer: Epic<CartsRoot> = requestEpic({
  on: contentEvents.itemPlayerStarted,
  flatten: 'merge',
  call: ({ payload: { cartId, resource, id, player } }) =>
    shareApi.itemPlayer(player, cartId, resource, id, { width: '100%', height: '100%' }),
  succeeded: (data, request) =>
    contentEvents.itemPlayerLoaded(
      { ...request.payload, html: data.html ?? '', javascriptUrls: data.javascriptUrls ?? [] },
      request,
    ),
  failed: (error, request) => contentEvents.itemPlayerFailed({ ...request.payload, error }, request),
});
