import { filter, map } from 'rxjs';
import type { SerializedError } from '../core/errors';
import type { Epic } from '../core/epic';
import { type Reconcile, reconcilingRequestEpic } from '../core/reconcile';
import { requestEpic, type Triggered } from '../core/request';
import { ofType } from '../core/operators/of-type';
import { isBusy, reached } from '../core/status';
import * as api from './api';
import * as editEvents from './edit-events';
import { createNameError, editNameError, UNKNOWN_CART } from './list-rules';
import { type Cart, itemKey, itemKeys, itemMapOf } from './model';
import type { CartsRoot } from './state';

const cartsOf = (list: api.WireCart[]): Cart[] => list.map((wire) => api.toCart(wire).cart);

/** The answer of a create, with the items its request asked to add (a "New cart…" of "Add to cart"). */
function withItemsToAdd(cart: Cart, request: { payload: { addItems?: Record<string, string[]> } }) {
  const { addItems } = request.payload;
  return addItems ? { cart, addItems } : { cart };
}

/**
 * The cart a create made, in a list read after it: one of mine with the requested name, not among
 * those known before it, modified since it (`since` allows for the clocks' skew).
 */
export function createdCartIn(list: api.WireCart[], name: string, since: number, known: ReadonlySet<string>) {
  return cartsOf(list).find(
    (candidate) =>
      candidate.isMine &&
      candidate.name === name &&
      !known.has(candidate.id) &&
      (candidate.modified === null || candidate.modified >= since),
  );
}

/** A created cart with the items its request asked to add: the answer of a create. */
export function createdAnswer(cart: Cart, request: Triggered<typeof editEvents.createRequested>) {
  return editEvents.created(withItemsToAdd(cart, request), request);
}

/** The name rule first (seed 000 §5): a refused name is never sent. */
export const createCart: Epic<CartsRoot> = reconcilingRequestEpic({
  on: editEvents.createRequested,
  flatten: 'concat',
  refuse: (request) => {
    const message = createNameError(request.payload.name);
    return message === null ? null : editEvents.createRefused({ message }, request);
  },
  call: ({ payload: { name, description, isPrivate, collaborators } }) =>
    api.createCart({ name: String(name).trim(), description, isPrivate, collaborators }),
  succeeded: (data, request) => createdAnswer(api.toCart(data[0]!).cart, request),
  failed: (error, request) => editEvents.createFailed({ error }, request),
  lostAnswer: editEvents.answerLost,
  /**
   * Answer lost: the list is read back, never the create sent again. The new cart is one of mine
   * with the requested name, unknown before the request, and modified since it (give or take
   * `reconcileCreateSkewMs` of clock skew); none such: it was not created, the dialog offers again.
   */
  reconcile: (request, state, { config }) => {
    const known = new Set(Object.keys(state.carts.carts));
    const name = String(request.payload.name).trim();
    const since = request.meta.at - config.reconcileCreateSkewMs;
    return {
      lost: (error) => editEvents.answerLost({ kind: 'create', cartId: null, error }, request),
      read: api.listCarts(),
      decide: (list: api.WireCart[], error: SerializedError) => {
        const cart = createdCartIn(list, name, since, known);
        return cart ? createdAnswer(cart, request) : editEvents.createFailed({ error }, request);
      },
    };
  },
});

/** Answer lost: the cart is read back; it holds the new fields, the edit was saved. */
export function reconcileEdit(request: Triggered<typeof editEvents.editRequested>): Reconcile<api.WireCart> {
  const { cartId, name, description, isPrivate } = request.payload;
  return {
    lost: (error) => editEvents.answerLost({ kind: 'edit', cartId, error }, request),
    read: api.listCartItems(cartId),
    decide: (wire, error) => {
      const cart = api.toCart(wire).cart;
      const saved =
        cart.name === String(name).trim() && cart.description === description && cart.isPrivate === isPrivate;
      return saved ? editEvents.edited({ cart }, request) : editEvents.editFailed({ cartId, error }, request);
    },
  };
}

export const editCart: Epic<CartsRoot> = reconcilingRequestEpic({
  on: editEvents.editRequested,
  flatten: 'concat',
  refuse: (request, state) => {
    const { cartId, name } = request.payload;
    // unknown only once the list is known: before it (a write kept offline, sent on the next
    // visit from another screen) the server says whether the cart exists
    const unknown = reached(state.carts.list.status, 'loaded') && state.carts.carts[cartId] === undefined;
    const message = unknown ? UNKNOWN_CART : editNameError(name);
    return message === null ? null : editEvents.editRefused({ cartId, message }, request);
  },
  call: ({ payload: { cartId, name, description, isPrivate } }) =>
    api.editCart(cartId, { name: String(name).trim(), description, isPrivate }),
  succeeded: (data, request) => editEvents.edited({ cart: api.toCart(data).cart }, request),
  failed: (error, request) => editEvents.editFailed({ cartId: request.payload.cartId, error }, request),
  lostAnswer: editEvents.answerLost,
  reconcile: reconcileEdit,
});

/** Answer lost: the list is read back; the cart is no longer in it, it was deleted. */
export function reconcileDelete(
  request: Triggered<typeof editEvents.deleteRequested>,
): Reconcile<api.WireCart[]> {
  const { cartId } = request.payload;
  return {
    lost: (error) => editEvents.answerLost({ kind: 'delete', cartId, error }, request),
    read: api.listCarts(),
    decide: (list, error) =>
      cartsOf(list).some((cart) => cart.id === cartId)
        ? editEvents.deleteFailed({ cartId, error }, request)
        : editEvents.deleted({ cartId }, request),
  };
}

export const deleteCart: Epic<CartsRoot> = reconcilingRequestEpic({
  on: editEvents.deleteRequested,
  flatten: 'merge',
  call: (request) => api.deleteCart(request.payload.cartId),
  succeeded: (_data, request) => editEvents.deleted({ cartId: request.payload.cartId }, request),
  failed: (error, request) => editEvents.deleteFailed({ cartId: request.payload.cartId, error }, request),
  lostAnswer: editEvents.answerLost,
  reconcile: reconcileDelete,
});

/** A cart created by "New cart…" of "Add to cart" gets the items asked for, once created. */
export const fillCreatedCart: Epic<CartsRoot> = (event$) =>
  event$.pipe(
    ofType(editEvents.created),
    filter((event) => event.payload.addItems !== undefined),
    map((event) =>
      editEvents.createdCartFilled(
        { cartId: event.payload.cart.id, items: event.payload.addItems ?? {} },
        event,
      ),
    ),
  );

/**
 * Answer lost: the cart's items are read back. Every item asked for is in (an add) or none is
 * left (a remove): the change was saved; else it is rolled back and offered again.
 */
export function reconcileItems(
  request: Triggered<
    | typeof editEvents.itemsAddRequested
    | typeof editEvents.createdCartFilled
    | typeof editEvents.itemsRemoveRequested
  >,
): Reconcile<api.WireCart> {
  const { cartId } = request.payload;
  const adding = !editEvents.itemsRemoveRequested.match(request);
  const asked = !editEvents.itemsRemoveRequested.match(request)
    ? Object.entries(request.payload.items).flatMap(([resource, ids]) =>
        ids.map((id) => itemKey(resource, id)),
      )
    : request.payload.keys;
  return {
    lost: (error) =>
      editEvents.answerLost({ kind: adding ? 'addItems' : 'removeItems', cartId, error }, request),
    read: api.listCartItems(cartId),
    decide: (wire, error) => {
      const cart = api.toCart(wire).cart;
      const present = new Set(itemKeys(cart.items));
      if (adding)
        return asked.every((key) => present.has(key))
          ? editEvents.itemsAdded({ cart }, request)
          : editEvents.itemsAddFailed({ cartId, error }, request);
      return asked.some((key) => present.has(key))
        ? editEvents.itemsRemoveFailed({ cartId, error }, request)
        : editEvents.itemsRemoved({ cart }, request);
    },
  };
}

/** Changes of one cart's items go one after the other, so their answers come in order. */
export const changeItems: Epic<CartsRoot> = reconcilingRequestEpic({
  on: [editEvents.itemsAddRequested, editEvents.createdCartFilled, editEvents.itemsRemoveRequested],
  flatten: 'concat',
  call: (request) =>
    editEvents.itemsRemoveRequested.match(request)
      ? api.removeCartItems(request.payload.cartId, itemMapOf(request.payload.keys))
      : api.addCartItems(request.payload.cartId, request.payload.items),
  succeeded: (data, request) => {
    const cart = api.toCart(data).cart;
    return editEvents.itemsRemoveRequested.match(request)
      ? editEvents.itemsRemoved({ cart }, request)
      : editEvents.itemsAdded({ cart }, request);
  },
  failed: (error, request) => {
    const cartId = request.payload.cartId;
    return editEvents.itemsRemoveRequested.match(request)
      ? editEvents.itemsRemoveFailed({ cartId, error }, request)
      : editEvents.itemsAddFailed({ cartId, error }, request);
  },
  lostAnswer: editEvents.answerLost,
  reconcile: reconcileItems,
});

export const changeCollaborators: Epic<CartsRoot> = requestEpic({
  on: [editEvents.collaboratorsAddRequested, editEvents.collaboratorsRemoveRequested],
  flatten: 'concat',
  call: (request) =>
    editEvents.collaboratorsAddRequested.match(request)
      ? api.addCartCollaborators(request.payload.cartId, request.payload.collaborators, request.payload.url)
      : api.removeCartCollaborators(request.payload.cartId, request.payload.collaborators),
  succeeded: (data, request) => editEvents.collaboratorsChanged({ cart: api.toCart(data).cart }, request),
  failed: (error, request) =>
    editEvents.collaboratorsChangeFailed({ cartId: request.payload.cartId, error }, request),
});

/** Skipped while the list is initial or fetching (protocol §6.3); the cart goes at once. */
export const unsubscribe: Epic<CartsRoot> = requestEpic({
  on: editEvents.unsubscribeRequested,
  flatten: 'merge',
  when: (_request, state: CartsRoot) => !isBusy(state.carts.list.status),
  call: (request) => api.unsubscribe(request.payload.cartId),
  succeeded: (_data, request) => editEvents.unsubscribed({ cartId: request.payload.cartId }, request),
  failed: (error, request) =>
    editEvents.unsubscribeFailed({ cartId: request.payload.cartId, error }, request),
});
