import type { Draft } from 'immer';
import { type Case, on } from '../core/case-reducer';
import { isBusy, reached } from '../core/status';
import {
  applied as cursorApplied,
  applyToCleared as cursorApplyToCleared,
  fetchFailed as cursorFetchFailed,
  fulltextChanged as cursorFulltextChanged,
  pageLoaded as cursorPageLoaded,
  registered as cursorRegistered,
  resolved as cursorResolved,
} from '../cursors/events';
import { restored as outboxRestored } from '../outbox/events';
import { constraintsSet } from '../queries/events';
import { cartOfCursor, rowToItem } from './cart-cursor';
import { keptContentMode } from './kept-mode';
import * as contentEvents from './content-events';
import { type Cart, type CartCursorStatus, type CartItem, itemKey, itemKeys } from './model';
import { emptyContent, playerKey } from './content-entries';
import type { CartContent, CartsState } from './state';

type D = Draft<CartsState>;

export function contentOf(draft: D, cartId: string): Draft<CartContent> {
  draft.contents[cartId] ??= emptyContent();
  return draft.contents[cartId]!;
}

/** A cart's own fields from an answer; its items only when the answer lists them all. */
export function storeCart(draft: D, cart: Cart, withItems = true): void {
  const known = draft.carts[cart.id];
  draft.carts[cart.id] =
    known && !withItems ? { ...cart, items: known.items, total: known.total } : (cart as Draft<Cart>);
}

export function mergeDetails(target: Record<string, CartItem>, details: readonly CartItem[]): void {
  for (const item of details) target[itemKey(item.resource, item.id)] = item;
}

/** The content a cart list query `~[CART@{id}]` reads, when the cart is open. */
function cartContentOf(draft: D, cursorName: string): Draft<CartContent> | undefined {
  const cartId = cartOfCursor(cursorName);
  return cartId === null ? undefined : draft.contents[cartId];
}

function setCursorStatus(draft: D, cursorName: string, status: CartCursorStatus): void {
  const content = cartContentOf(draft, cursorName);
  if (content) content.cursorStatus = status;
}

/**
 * Cursor mode: a searched cart shows the rows its list query found, page after page; once the
 * search is cleared, all the cart's items again.
 */
function showSearchedRows(draft: D, cartId: string, page: string, rows: readonly CartItem[]): void {
  const content = contentOf(draft, cartId);
  const cart = draft.carts[cartId];
  const keys = rows.map((item) => itemKey(item.resource, item.id));
  if (content.filtered) content.keys = page === 'first' ? keys : [...new Set([...content.keys, ...keys])];
  else if (page === 'first' && cart) content.keys = itemKeys(cart.items);
}

export const contentCases: Case<CartsState>[] = [
  on(contentEvents.itemsListStarted, (draft, { payload }) => {
    contentOf(draft, payload.cartId).status = 'resolving';
  }),
  on(contentEvents.itemsListed, (draft, { payload }) => {
    storeCart(draft, payload.cart);
    const content = contentOf(draft, payload.cart.id);
    content.huge = payload.huge;
    content.chunkSize = payload.chunkSize;
    content.contentMode = payload.contentMode ?? 'cart';
    content.error = null;
    if (!content.filtered) content.keys = itemKeys(payload.cart.items);
    // a huge cart is shown from its ids at once; its details come chunk by chunk
    content.status = payload.huge ? 'loaded' : 'resolved';
  }),
  on(contentEvents.itemsListFailed, (draft, { payload }) => {
    const content = contentOf(draft, payload.cartId);
    content.status = 'error';
    content.error = payload.error;
    draft.cartStatus[payload.cartId] = 'error';
  }),
  on(contentEvents.viewStarted, (draft, { payload }) => {
    const content = contentOf(draft, payload.cartId);
    content.fulltext = payload.fulltext;
    content.mode = payload.mode;
    // a newer filter replaces a view under way: its status stays
    if (isBusy(content.status) && content.status !== 'resolving') return;
    // protocol §6.4: resolved -> initial, loaded -> fetching, error -> not_found
    content.status =
      content.status === 'loaded' ? 'fetching' : content.status === 'error' ? 'not_found' : 'initial';
  }),
  on(contentEvents.viewLoaded, (draft, { payload }) => {
    const { cart, details, filtered } = payload;
    // a filtered answer holds the matching items only: the cart keeps all of its own
    storeCart(draft, cart, !filtered);
    const content = contentOf(draft, cart.id);
    content.status = 'loaded';
    content.error = null;
    content.filtered = filtered;
    content.keys = itemKeys(cart.items);
    mergeDetails(content.details, details);
    draft.cartStatus[cart.id] = 'resolved';
  }),
  on(contentEvents.viewLoadFailed, (draft, { payload }) => {
    const content = contentOf(draft, payload.cartId);
    content.status = 'error';
    content.error = payload.error;
    draft.cartStatus[payload.cartId] = 'error';
  }),
  on(contentEvents.contentFilterChanged, (draft, { payload }) => {
    const content = contentOf(draft, payload.cartId);
    content.fulltext = payload.fulltext;
    content.mode = payload.mode;
  }),
  on(contentEvents.windowMoved, (draft, { payload }) => {
    const content = contentOf(draft, payload.cartId);
    const kept = new Set(payload.chunks.map(String));
    // chunks that left the window give their details back: memory stays bounded
    for (const index of Object.keys(content.chunks)) {
      if (!kept.has(index)) delete content.chunks[index];
    }
    for (const key of payload.dropped) delete content.details[key];
  }),
  on(contentEvents.chunkRequested, (draft, { payload }) => {
    const chunks = contentOf(draft, payload.cartId).chunks;
    const current = chunks[payload.index];
    chunks[payload.index] = current && reached(current, 'loaded') ? 'fetching' : 'initial';
  }),
  on(contentEvents.chunkActivated, (draft, { payload }) => {
    contentOf(draft, payload.cartId).activeChunk = payload.index;
  }),
  on(contentEvents.contentModeChosen, (draft, { payload }) => {
    draft.contentMode = payload.mode;
  }),
  // a choice made before a reload whose save waits in the outbox is still the user's choice
  on(outboxRestored, (draft, { payload }) => {
    const kept = keptContentMode(payload.entries);
    if (kept) draft.contentMode = kept;
  }),
  on(cursorRegistered, (draft, { payload }) => setCursorStatus(draft, payload.name, 'registered')),
  on(cursorResolved, (draft, { payload }) => setCursorStatus(draft, payload.name, 'resolved')),
  on(constraintsSet, (draft, { payload }) => setCursorStatus(draft, payload.name, 'constraintsUpdated')),
  on(cursorPageLoaded, (draft, { payload }) => {
    const content = cartContentOf(draft, payload.name);
    if (!content) return;
    const details = payload.rows.map((row) => rowToItem(row, payload.resource));
    if (content.huge) {
      const index = content.activeChunk;
      // an answer for a chunk that left the window meanwhile is not kept
      if (index === null || content.chunks[index] === undefined) return;
      content.chunks[index] = 'loaded';
    } else if (content.contentMode === 'cursor') {
      content.status = 'loaded';
      content.error = null;
      showSearchedRows(draft, cartOfCursor(payload.name)!, payload.page, details);
    }
    mergeDetails(content.details, details);
  }),
  on(cursorFulltextChanged, (draft, { payload }) => {
    const content = cartContentOf(draft, payload.name);
    // in cursor mode the cart's search is its list query's: the items shown are its rows from now on
    if (content?.contentMode === 'cursor' && !content.huge)
      content.filtered = payload.fulltext.trim() !== '' || content.searchApplied === true;
  }),
  // another list's search applied onto the cart's list query filters what the cart shows too
  on(cursorApplied, (draft, { payload }) => {
    const content = cartContentOf(draft, payload.name);
    if (content?.contentMode !== 'cursor' || content.huge) return;
    content.searchApplied = true;
    content.filtered = true;
  }),
  on(cursorApplyToCleared, (draft, { payload }) => {
    const content = cartContentOf(draft, payload.name);
    if (!content?.searchApplied) return;
    content.searchApplied = false;
    content.filtered = content.fulltext.trim() !== '';
  }),
  on(cursorFetchFailed, (draft, { payload }) => {
    const content = cartContentOf(draft, payload.name);
    if (!content) return;
    if (content.huge) {
      const index = content.activeChunk;
      if (index !== null && content.chunks[index] !== undefined) content.chunks[index] = 'error';
    } else if (content.contentMode === 'cursor') {
      content.status = 'error';
      content.error = payload.error;
    }
  }),
  on(contentEvents.itemPlayerStarted, (draft, { payload }) => {
    const key = playerKey(payload);
    const current = draft.players[key];
    draft.players[key] = {
      status: current && reached(current.status, 'loaded') ? 'fetching' : 'initial',
      html: current?.html ?? '',
      javascriptUrls: current?.javascriptUrls ?? [],
      error: null,
    };
  }),
  on(contentEvents.itemPlayerLoaded, (draft, { payload }) => {
    draft.players[playerKey(payload)] = {
      status: 'loaded',
      html: payload.html,
      javascriptUrls: payload.javascriptUrls,
      error: null,
    };
  }),
  on(contentEvents.itemPlayerFailed, (draft, { payload }) => {
    const key = playerKey(payload);
    draft.players[key] = {
      status: 'error',
      html: '',
      javascriptUrls: [],
      error: payload.error,
    };
  }),
];
