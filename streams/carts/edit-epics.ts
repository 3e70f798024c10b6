import { catchError, concatMap, filter, map, mergeMap, of } from 'rxjs';
import type { Epic } from '../core/epic';
import { serializeError } from '../core/errors';
import { ofType } from '../core/operators/of-type';
import { isBusy } from '../core/status';
import * as api from './api';
import {
  collaboratorsAddRequested,
  collaboratorsChanged,
  collaboratorsChangeFailed,
  collaboratorsRemoveRequested,
  created,
  createFailed,
  createRefused,
  createRequested,
  deleted,
  deleteFailed,
  deleteRequested,
  edited,
  editFailed,
  editRefused,
  editRequested,
  itemsAddFailed,
  itemsAdded,
  itemsAddRequested,
  itemsRemoved,
  itemsRemoveFailed,
  itemsRemoveRequested,
  unsubscribed,
  unsubscribeFailed,
  unsubscribeRequested,
} from './edit-events';
import { createNameError, editNameError } from './list-rules';
import { itemMapOf } from './model';
import type { CartsRoot } from './state';

const fail = (error: unknown) => serializeError(error);

/** The name rule first (seed 000 §5): a refused name is never sent. */
export const createCart: Epic<CartsRoot> = (event$, _state$, { http }) =>
  event$.pipe(
    ofType(createRequested),
    concatMap((request) => {
      const { name, description, isPrivate, collaborators } = request.payload;
      const message = createNameError(name);
      if (message !== null) return of(createRefused({ message }, request));
      return http
        .request(api.createCart({ name: String(name).trim(), description, isPrivate, collaborators }))
        .pipe(
          map(({ data }) => created({ cart: api.toCart(data[0]!).cart }, request)),
          catchError((error: unknown) => of(createFailed({ error: fail(error) }, request))),
        );
    }),
  );

export const editCart: Epic<CartsRoot> = (event$, _state$, { http }) =>
  event$.pipe(
    ofType(editRequested),
    concatMap((request) => {
      const { cartId, name, description, isPrivate } = request.payload;
      const message = editNameError(name);
      if (message !== null) return of(editRefused({ cartId, message }, request));
      return http.request(api.editCart(cartId, { name: String(name).trim(), description, isPrivate })).pipe(
        map(({ data }) => edited({ cart: api.toCart(data).cart }, request)),
        catchError((error: unknown) => of(editFailed({ cartId, error: fail(error) }, request))),
      );
    }),
  );

export const deleteCart: Epic<CartsRoot> = (event$, _state$, { http }) =>
  event$.pipe(
    ofType(deleteRequested),
    mergeMap((request) => {
      const { cartId } = request.payload;
      return http.request(api.deleteCart(cartId)).pipe(
        map(() => deleted({ cartId }, request)),
        catchError((error: unknown) => of(deleteFailed({ cartId, error: fail(error) }, request))),
      );
    }),
  );

/** Changes of one cart's items go one after the other, so their answers come in order. */
export const changeItems: Epic<CartsRoot> = (event$, _state$, { http }) =>
  event$.pipe(
    ofType(itemsAddRequested, itemsRemoveRequested),
    concatMap((request) => {
      const { cartId } = request.payload;
      if (itemsAddRequested.match(request)) {
        return http.request(api.addCartItems(cartId, request.payload.items)).pipe(
          map(({ data }) => itemsAdded({ cart: api.toCart(data).cart }, request)),
          catchError((error: unknown) => of(itemsAddFailed({ cartId, error: fail(error) }, request))),
        );
      }
      return http.request(api.removeCartItems(cartId, itemMapOf(request.payload.keys))).pipe(
        map(({ data }) => itemsRemoved({ cart: api.toCart(data).cart }, request)),
        catchError((error: unknown) => of(itemsRemoveFailed({ cartId, error: fail(error) }, request))),
      );
    }),
  );

export const changeCollaborators: Epic<CartsRoot> = (event$, _state$, { http }) =>
  event$.pipe(
    ofType(collaboratorsAddRequested, collaboratorsRemoveRequested),
    concatMap((request) => {
      const { cartId, collaborators } = request.payload;
      const call = collaboratorsAddRequested.match(request)
        ? api.addCartCollaborators(cartId, collaborators, request.payload.url)
        : api.removeCartCollaborators(cartId, collaborators);
      return http.request(call).pipe(
        map(({ data }) => collaboratorsChanged({ cart: api.toCart(data).cart }, request)),
        catchError((error: unknown) =>
          of(collaboratorsChangeFailed({ cartId, error: fail(error) }, request)),
        ),
      );
    }),
  );

/** Skipped while the list is initial or fetching (protocol §6.3); the cart goes at once. */
export const unsubscribe: Epic<CartsRoot> = (event$, state$, { http }) =>
  event$.pipe(
    ofType(unsubscribeRequested),
    filter(() => !isBusy(state$.value.carts.list.status)),
    mergeMap((request) => {
      const { cartId } = request.payload;
      return http.request(api.unsubscribe(cartId)).pipe(
        map(() => unsubscribed({ cartId }, request)),
        catchError((error: unknown) => of(unsubscribeFailed({ cartId, error: fail(error) }, request))),
      );
    }),
  );
