import { filter, ignoreElements, map, merge, tap } from 'rxjs';
import { catchUpOnStart } from '../core/catch-up';
import { selectAppSetting } from '../app/selectors';
import type { Config } from '../core/config';
import type { Epic } from '../core/epic';
import type { AnyEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { requestEpic } from '../core/request';
import { isBusy } from '../core/status';
import { whoAmILoaded } from '../session/events';
import { selectMe, surferTypeOf, userIdOf } from '../session/selectors';
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
import { cartTabFacts } from './tab-facts';
import { factReceived } from '../tabs/events';

/** Started after the identity was known (the carts load with their first screen): take it now. */
export const adoptIdentity = catchUpOnStart<CartsRoot>('carts', (state, start) => {
  const me = selectMe(state);
  return me ? [identityAdopted({ me }, start)] : [];
});

/**
 * A user is known: their cart profile says whether they may make public boards. Asked once per
 * user: who-am-I answering again for the same one (after a profile patch) asks nothing.
 */
export const requestCartProfile: Epic<CartsRoot> = (event$) => {
  // the user whose profile was asked last; forgotten when the portal is no longer a user
  let asked: string | null = null;
  return event$.pipe(
    ofType(whoAmILoaded, identityAdopted, profileReloadRequested),
    filter((event) => {
      if (profileReloadRequested.match(event)) return true;
      const user = surferTypeOf(event.payload.me) === 'user' ? userIdOf(event.payload.me) : null;
      const again = user === asked;
      asked = user;
      return user !== null && !again;
    }),
    map((event) => profileRequested({}, event)),
  );
};

export const loadCartProfile: Epic<CartsRoot> = requestEpic({
  on: profileRequested,
  flatten: 'exhaust',
  call: () => api.userProfile(),
  succeeded: (data, request) =>
    profileLoaded({ makePublicBoard: data.permissions?.makePublicBoard ?? false }, request),
  failed: (error, request) => profileLoadFailed({ error }, request),
});

/**
 * Asked for on show, and again after a create or another tab's change; skipped while initial or
 * fetching (protocol §6.3).
 * A show that may reuse a fresh list (the "Add to cart" menu) asks nothing while the loaded list
 * is younger than `config.cartListFreshMs` (issue 12 item 16).
 */
export const startListLoad: Epic<CartsRoot> = (event$, state$, { config }) => {
  let loadedAt: number | null = null;
  const fresh = (event: AnyEvent) =>
    listOpened.match(event) &&
    event.payload.reuseFresh === true &&
    state$.value.carts.list.status === 'loaded' &&
    loadedAt !== null &&
    event.meta.at - loadedAt < config.cartListFreshMs;
  return merge(
    event$.pipe(
      ofType(listLoaded),
      tap((event) => {
        loadedAt = event.meta.at;
      }),
      ignoreElements(),
    ),
    event$.pipe(
      ofType(listOpened, created),
      filter((event) => !isBusy(state$.value.carts.list.status) && !fresh(event)),
      map((event) => listFetchStarted({}, event)),
    ),
    // another tab changed a cart (issue 25): a list this tab has shown is read again, and with it
    // the names and the "In a cart" badges
    event$.pipe(
      ofType(factReceived),
      filter(
        (event) =>
          cartTabFacts.some((fact) => fact.type === event.payload.fact.type) &&
          ['loaded', 'error'].includes(state$.value.carts.list.status),
      ),
      map((event) => listFetchStarted({}, event)),
    ),
  );
};

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
