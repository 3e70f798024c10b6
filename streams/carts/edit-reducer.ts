import type { Draft } from 'immer';
import { type Case, on } from '../core/case-reducer';
import { ERROR_CODES, type SerializedError } from '../core/errors';
import type { AnyEvent } from '../core/event';
import { isBusy } from '../core/status';
import { contentOf, storeCart } from './content-reducer';
import * as editEvents from './edit-events';
import { editNameError } from './list-rules';
import { type Cart, itemKey, itemKeys } from './model';
import type { CartsState, Mutation, MutationKind } from './state';

type D = Draft<CartsState>;

/** A change starts: its outcome is kept under the request's id. */
function start(draft: D, event: AnyEvent, kind: MutationKind, cartId: string | null): void {
  draft.mutations[event.meta.id] = { kind, cartId, status: 'fetching', message: null };
}

/** The outcome of the request an answer, refusal or failure was caused by. */
function settle(
  draft: D,
  event: AnyEvent,
  kind: MutationKind,
  outcome: Pick<Mutation, 'cartId' | 'status' | 'message' | 'error'>,
): void {
  const requestId = event.meta.cause;
  if (requestId !== undefined) draft.mutations[requestId] = { kind, ...outcome };
}

function succeed(draft: D, event: AnyEvent, kind: MutationKind, cartId: string): void {
  settle(draft, event, kind, { cartId, status: 'loaded', message: null });
  if (event.meta.cause) delete draft.undo[event.meta.cause];
}

/**
 * Keeps what an optimistic change needs to be undone, under the request's id, and the request's
 * payload to offer it again. `withCart: false`: nothing was changed at once (an add).
 */
function remember(draft: D, event: AnyEvent, cartId: string, withContent = false, withCart = true): void {
  const cart = draft.carts[cartId];
  if (!cart && withCart) return;
  draft.undo[event.meta.id] = {
    cart: cart && withCart ? (JSON.parse(JSON.stringify(cart)) as Cart) : null,
    payload: JSON.parse(JSON.stringify(event.payload)),
    listIndex: draft.list.ids.indexOf(cartId),
    contentKeys: withContent ? [...(draft.contents[cartId]?.keys ?? [])] : null,
  };
}

function removeFromList(draft: D, cartId: string): void {
  draft.list.ids = draft.list.ids.filter((id) => id !== cartId);
}

/** Puts back what the request changed, and says so (the failure's cause is the request). */
function rollBack(
  draft: D,
  event: AnyEvent & { payload: { error: SerializedError } },
  kind: MutationKind,
  cartId: string,
): void {
  const { stack: _stack, ...error } = event.payload.error;
  const { message } = error;
  settle(draft, event, kind, { cartId, status: 'error', message, error });
  const requestId = event.meta.cause;
  if (requestId === undefined) return;
  const undo = draft.undo[requestId];
  draft.notices[requestId] = { kind, cartId, message, error };
  // a change whose outcome nobody could confirm is not offered again: it may be saved
  if (undo?.payload !== undefined && error.code !== ERROR_CODES.unconfirmed)
    draft.notices[requestId].retry = undo.payload;
  if (!undo) return;
  delete draft.undo[requestId];
  if (!undo.cart) return;
  draft.carts[cartId] = undo.cart as Draft<Cart>;
  if (undo.listIndex >= 0 && !draft.list.ids.includes(cartId))
    draft.list.ids.splice(undo.listIndex, 0, cartId);
  if (undo.contentKeys && draft.contents[cartId]) draft.contents[cartId].keys = undo.contentKeys;
}

export const editCases: Case<CartsState>[] = [
  on(editEvents.createRequested, (draft, event) => start(draft, event, 'create', null)),
  on(editEvents.createRefused, (draft, event) =>
    settle(draft, event, 'create', { cartId: null, status: 'invalid', message: event.payload.message }),
  ),
  on(editEvents.created, (draft, event) => {
    const { cart } = event.payload;
    storeCart(draft, cart);
    if (!draft.list.ids.includes(cart.id)) draft.list.ids.unshift(cart.id);
    draft.cartStatus[cart.id] = 'resolved';
    succeed(draft, event, 'create', cart.id);
  }),
  on(editEvents.createFailed, (draft, event) =>
    settle(draft, event, 'create', {
      cartId: null,
      status: 'error',
      message: event.payload.error.message,
      error: { code: event.payload.error.code, message: event.payload.error.message },
    }),
  ),
  // the answer was lost: the server state is read back before anything is undone
  on(editEvents.answerLost, (draft, event) => {
    const requestId = event.meta.cause;
    const mutation = requestId === undefined ? undefined : draft.mutations[requestId];
    if (mutation) mutation.status = 'resolving';
  }),

  on(editEvents.editRequested, (draft, event) => {
    const { cartId, name, description, isPrivate } = event.payload;
    const cart = draft.carts[cartId];
    if (editNameError(name) !== null || !cart) return;
    remember(draft, event, cartId);
    Object.assign(cart, { name, description, isPrivate });
    start(draft, event, 'edit', cartId);
  }),
  on(editEvents.editRefused, (draft, event) => {
    const { cartId, message } = event.payload;
    settle(draft, event, 'edit', { cartId, status: 'invalid', message });
  }),
  on(editEvents.edited, (draft, event) => {
    storeCart(draft, event.payload.cart);
    succeed(draft, event, 'edit', event.payload.cart.id);
  }),
  on(editEvents.editFailed, (draft, event) => rollBack(draft, event, 'edit', event.payload.cartId)),

  on(editEvents.deleteRequested, (draft, event) => {
    const { cartId } = event.payload;
    remember(draft, event, cartId);
    removeFromList(draft, cartId);
    start(draft, event, 'delete', cartId);
  }),
  on(editEvents.deleted, (draft, event) => {
    const { cartId } = event.payload;
    delete draft.carts[cartId];
    delete draft.contents[cartId];
    delete draft.cartStatus[cartId];
    removeFromList(draft, cartId);
    succeed(draft, event, 'delete', cartId);
  }),
  on(editEvents.deleteFailed, (draft, event) => rollBack(draft, event, 'delete', event.payload.cartId)),

  on(editEvents.itemsAddRequested, (draft, event) => {
    remember(draft, event, event.payload.cartId, false, false);
    start(draft, event, 'addItems', event.payload.cartId);
  }),
  on(editEvents.createdCartFilled, (draft, event) => {
    remember(draft, event, event.payload.cartId, false, false);
    start(draft, event, 'addItems', event.payload.cartId);
  }),
  on(editEvents.itemsAdded, (draft, event) => {
    storeCart(draft, event.payload.cart);
    const content = draft.contents[event.payload.cart.id];
    if (content && !content.filtered) content.keys = itemKeys(event.payload.cart.items);
    succeed(draft, event, 'addItems', event.payload.cart.id);
  }),
  on(editEvents.itemsAddFailed, (draft, event) => rollBack(draft, event, 'addItems', event.payload.cartId)),

  on(editEvents.itemsRemoveRequested, (draft, event) => {
    const { cartId, keys } = event.payload;
    const cart = draft.carts[cartId];
    if (!cart) return;
    remember(draft, event, cartId, true);
    const gone = new Set(keys);
    for (const [resource, ids] of Object.entries(cart.items)) {
      cart.items[resource] = ids.filter((id) => !gone.has(itemKey(resource, id)));
    }
    cart.total = itemKeys(cart.items).length;
    const content = contentOf(draft, cartId);
    content.keys = content.keys.filter((key) => !gone.has(key));
    start(draft, event, 'removeItems', cartId);
  }),
  on(editEvents.itemsRemoved, (draft, event) => {
    storeCart(draft, event.payload.cart);
    succeed(draft, event, 'removeItems', event.payload.cart.id);
  }),
  on(editEvents.itemsRemoveFailed, (draft, event) =>
    rollBack(draft, event, 'removeItems', event.payload.cartId),
  ),

  on(editEvents.collaboratorsAddRequested, (draft, event) =>
    start(draft, event, 'collaborators', event.payload.cartId),
  ),
  on(editEvents.collaboratorsRemoveRequested, (draft, event) => {
    const { cartId, collaborators } = event.payload;
    const cart = draft.carts[cartId];
    if (!cart) return;
    remember(draft, event, cartId);
    const gone = new Set(collaborators);
    cart.collaborators = cart.collaborators.filter((id) => !gone.has(id));
    start(draft, event, 'collaborators', cartId);
  }),
  // protocol §6.1: the answer's items are not used
  on(editEvents.collaboratorsChanged, (draft, event) => {
    storeCart(draft, event.payload.cart, false);
    succeed(draft, event, 'collaborators', event.payload.cart.id);
  }),
  on(editEvents.collaboratorsChangeFailed, (draft, event) =>
    rollBack(draft, event, 'collaborators', event.payload.cartId),
  ),

  on(editEvents.unsubscribeRequested, (draft, event) => {
    // skipped while the list loads (protocol §6.3): the epic skips it too
    if (isBusy(draft.list.status)) return;
    const { cartId } = event.payload;
    remember(draft, event, cartId);
    removeFromList(draft, cartId);
    start(draft, event, 'unsubscribe', cartId);
  }),
  on(editEvents.unsubscribed, (draft, event) => {
    delete draft.carts[event.payload.cartId];
    delete draft.contents[event.payload.cartId];
    succeed(draft, event, 'unsubscribe', event.payload.cartId);
  }),
  on(editEvents.unsubscribeFailed, (draft, event) =>
    rollBack(draft, event, 'unsubscribe', event.payload.cartId),
  ),
];
