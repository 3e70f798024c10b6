import { filter, map } from 'rxjs';
import { catchUpOnStart } from '../core/domain';
import { selectAppSetting } from '../app/selectors';
import type { Config } from '../core/config';
import type { Epic } from '../core/epic';
import { ofType } from '../core/operators/of-type';
import { requestEpic } from '../core/request';
import { isBusy } from '../core/status';
import { whoAmILoaded } from '../session/events';
import { selectMe, surferTypeOf } from '../session/selectors';
import * as api from './api';
import { created } from './edit-events';
import {
  identityAdopted,
  listFetchStarted,
  listLoaded,
  listLoadFailed,
  listOpened,
  profileLoaded,
  profileLoadFailed,
  profileReloadRequested,
  profileRequested,
} from './events';
import { applySharedLimits, type SharedLimits, sharedLimit } from './list-rules';
import type { CartsRoot } from './state';

/** Started after the identity was known (the carts load with their first screen): take it now. */
export const adoptIdentity = catchUpOnStart<CartsRoot>('carts', (state, start) => {
  const me = selectMe(state);
  return me ? [identityAdopted({ me }, start)] : [];
});

/** A user is known: their cart profile says whether they may make public boards. */
export const requestCartProfile: Epic<CartsRoot> = (event$) =>
  event$.pipe(
    ofType(whoAmILoaded, identityAdopted, profileReloadRequested),
    filter((event) => profileReloadRequested.match(event) || surferTypeOf(event.payload.me) === 'user'),
    map((event) => profileRequested({}, event)),
  );

export const loadCartProfile: Epic<CartsRoot> = requestEpic({
  on: profileRequested,
  flatten: 'exhaust',
  call: () => api.userProfile(),
  succeeded: (data, request) =>
    profileLoaded({ makePublicBoard: data.permissions?.makePublicBoard ?? false }, request),
  failed: (error, request) => profileLoadFailed({ error }, request),
});

/** Asked for on show, and again after a create; skipped while initial or fetching (protocol §6.3). */
export const startListLoad: Epic<CartsRoot> = (event$, state$) =>
  event$.pipe(
    ofType(listOpened, created),
    filter(() => !isBusy(state$.value.carts.list.status)),
    map((event) => listFetchStarted({}, event)),
  );

function numberSetting(state: CartsRoot, name: string): number | undefined {
  const value = selectAppSetting(state, name);
  return value === undefined ? undefined : Number(value);
}

/**
 * protocol §6.3: `carts.maxSharedCarts` (private, default 5000) and `carts.maxPublicCarts`
 * (public, default 10000), given as the mount settings `carts-max-shared-carts` and
 * `carts-max-public-carts`. Applied here, so `carts/listLoaded` holds the carts kept.
 */
function sharedLimits(state: CartsRoot, config: Config): SharedLimits {
  return {
    privateMax: sharedLimit(
      numberSetting(state, 'applicationCartsMaxSharedCarts'),
      config.maxSharedCartsPrivate,
    ),
    publicMax: sharedLimit(
      numberSetting(state, 'applicationCartsMaxPublicCarts'),
      config.maxSharedCartsPublic,
    ),
  };
}

export const loadList: Epic<CartsRoot> = (event$, state$, deps) =>
  requestEpic({
    on: listFetchStarted,
    flatten: 'exhaust',
    call: () => api.listCarts(),
    succeeded: (data, request) => {
      const carts = data.map((wire) => api.toCart(wire).cart);
      return listLoaded(
        { carts: applySharedLimits(carts, sharedLimits(state$.value, deps.config)) },
        request,
      );
    },
    failed: (error, request) => listLoadFailed({ error }, request),
  })(event$, state$, deps);
