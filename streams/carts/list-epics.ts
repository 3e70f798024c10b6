import { catchError, exhaustMap, filter, map, of } from 'rxjs';
import type { Epic } from '../core/epic';
import { serializeError } from '../core/errors';
import { ofType } from '../core/operators/of-type';
import { isBusy } from '../core/status';
import { whoAmILoaded } from '../session/events';
import { surferTypeOf } from '../session/selectors';
import * as api from './api';
import { created } from './edit-events';
import {
  listFetchStarted,
  listLoaded,
  listLoadFailed,
  listOpened,
  profileLoaded,
  profileLoadFailed,
  profileRequested,
} from './events';
import { applySharedLimits } from './list-rules';
import { selectSharedLimits } from './selectors';
import type { CartsRoot } from './state';

/** A user is known: their cart profile says whether they may make public boards. */
export const requestCartProfile: Epic<CartsRoot> = (event$) =>
  event$.pipe(
    ofType(whoAmILoaded),
    filter(({ payload }) => surferTypeOf(payload.me) === 'user'),
    map((event) => profileRequested({}, event)),
  );

export const loadCartProfile: Epic<CartsRoot> = (event$, _state$, { http }) =>
  event$.pipe(
    ofType(profileRequested),
    exhaustMap((request) =>
      http.request(api.userProfile()).pipe(
        map(({ data }) =>
          profileLoaded({ makePublicBoard: data.permissions?.makePublicBoard ?? false }, request),
        ),
        catchError((error: unknown) => of(profileLoadFailed({ error: serializeError(error) }, request))),
      ),
    ),
  );

/** Asked for on show, and again after a create; skipped while initial or fetching (protocol §6.3). */
export const startListLoad: Epic<CartsRoot> = (event$, state$) =>
  event$.pipe(
    ofType(listOpened, created),
    filter(() => !isBusy(state$.value.carts.list.status)),
    map((event) => listFetchStarted({}, event)),
  );

export const loadList: Epic<CartsRoot> = (event$, state$, { http }) =>
  event$.pipe(
    ofType(listFetchStarted),
    exhaustMap((request) =>
      http.request(api.listCarts()).pipe(
        map(({ data }) => {
          const carts = data.map((wire) => api.toCart(wire).cart);
          return listLoaded({ carts: applySharedLimits(carts, selectSharedLimits(state$.value)) }, request);
        }),
        catchError((error: unknown) => of(listLoadFailed({ error: serializeError(error) }, request))),
      ),
    ),
  );
